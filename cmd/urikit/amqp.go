package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/urikit/urikit/scheme/amqp"
	"github.com/urikit/urikit/uri"
)

func init() {
	register(&command{
		name:    "amqp",
		summary: "amqp and amqps URIs as the RabbitMQ URI specification reads them, their dialing view, with lints",
		run:     runAMQP,
	})
}

// amqpResult is the --json form of one amqp input (DESIGN.md, command
// line): the spec's values decoded, null when absent and "" when empty
// (spec, "Handling of absent components"). "input" is redacted and
// "password" is "xxxxx" when present and non-empty (spec, Security
// considerations); "lints" is never null.
//
// "config" is amqp.URI.Config, the view with amqp091-go's defaults that a
// client dials with, as amqp.Config marshals it (the login password and
// the key passphrase "xxxxx"); null when the input is invalid or Config
// fails. When Config fails (a typed parameter error, "heartbeat=abc"),
// "valid" stays true, as amqp.Parse says, and "error" holds Config's
// *amqp.Error.
type amqpResult struct {
	Input    string          `json:"input"`
	Valid    bool            `json:"valid"`
	Username *string         `json:"username"`
	Password *string         `json:"password"`
	Host     *string         `json:"host"`
	Port     *int            `json:"port"`
	Vhost    *string         `json:"vhost"`
	Config   json.RawMessage `json:"config"`
	Lints    []amqp.Finding  `json:"lints"`
	Error    *amqp.Error     `json:"error"`

	// For the text form only.
	secure      bool
	defaultPort int
	at          func(int) int // an offset of the input in Input
	config      *amqp.Config  // nil when Config was not read or failed
	hidden      map[string]bool
}

// maskedPassword is how a password shows: "xxxxx" when it is not empty,
// so that neither its text nor its length is printed.
func maskedPassword(p string, present bool) *string {
	if present && p != "" {
		p = "xxxxx"
	}
	return opt(p, present)
}

// describeAMQP reads s with amqp.Parse, and a valid URI with its Config.
// A valid input shows as amqp.URI.String, an invalid one as amqp.Redact:
// both mask the password and the "password" query parameter.
func describeAMQP(s string) amqpResult {
	u, err := amqp.Parse(s)
	if err != nil {
		red := maskSensitiveParams(amqp.Redact(s))
		res := amqpResult{Input: red, Lints: amqp.Lint(s), at: redactedOffset(s, red, amqp.Redact)}
		if !errors.As(err, &res.Error) {
			res.Error = &amqp.Error{Field: "uri", URI: &uri.Error{Err: errors.New("invalid")}}
		}
		if res.Lints == nil {
			res.Lints = []amqp.Finding{}
		}
		return res
	}
	shown := func(s string) string {
		if v, err := amqp.Parse(s); err == nil {
			return v.String()
		}
		return amqp.Redact(s)
	}
	res := amqpResult{
		Input:       maskSensitiveParams(u.String()),
		Valid:       true,
		Lints:       u.Lint(),
		secure:      u.Secure(),
		defaultPort: u.DefaultPort(),
	}
	res.at = redactedOffset(s, res.Input, shown)
	res.Username = opt(u.Username())
	res.Password = maskedPassword(u.Password())
	res.Host = opt(u.Host())
	if p, ok := u.Port(); ok {
		res.Port = &p
	}
	res.Vhost = opt(u.Vhost())
	cutShort := false
	for _, f := range res.Lints {
		if f.Code == amqp.LintCredentialsAfterAuthority {
			// "amqp://user:12/34@host": the port and the vhost may be a
			// password cut short by an unencoded "/" or "?"; show neither,
			// as String masks them (the lint says why).
			cutShort = true
			res.Port = nil
			if res.Vhost != nil {
				masked := "xxxxx"
				res.Vhost = &masked
			}
		}
	}
	if res.Lints == nil {
		res.Lints = []amqp.Finding{}
	}
	c, err := u.Config()
	if err != nil {
		if !errors.As(err, &res.Error) {
			res.Error = &amqp.Error{Field: "query", URI: &uri.Error{Err: errors.New("invalid")}}
		}
		return res
	}
	if cutShort {
		c, res.hidden = hideCutShort(s, u, c)
	}
	res.config = &c
	raw, err := json.Marshal(c)
	if err == nil && len(res.hidden) > 0 {
		raw, err = nullKeys(raw, res.hidden)
	}
	if err != nil {
		res.config = nil
		res.Error = &amqp.Error{Field: "config", URI: &uri.Error{Err: errors.New("does not encode")}}
		return res
	}
	res.Config = raw
	return res
}

// paramKeys maps a parameter's registry name to its key in the JSON of
// amqp.Config, which calls the key passphrase "key_password".
func paramKey(name string) string {
	if name == "password" {
		return "key_password"
	}
	return name
}

// hideCutShort returns c without what may be a password cut short by an
// unencoded "/" or "?" (lint credentials-after-authority, as in
// "amqp://user:1234?5678@host"): the port and the vhost always, and every
// parameter whose pair starts before the last "@" of s. hidden names the
// JSON keys to show as null; the hidden unknown parameters are dropped.
func hideCutShort(s string, u amqp.URI, c amqp.Config) (amqp.Config, map[string]bool) {
	hidden := map[string]bool{"port": true, "vhost": true}
	c.Vhost = "xxxxx"
	last := strings.LastIndexByte(s, '@')
	params, _ := u.Params()
	for _, p := range params {
		if p.Offset < last && p.Known {
			hidden[paramKey(p.Name)] = true
		}
	}
	var unknown []amqp.Param
	for _, p := range c.Unknown {
		if p.Offset > last {
			unknown = append(unknown, p)
		}
	}
	c.Unknown = unknown
	return c, hidden
}

// nullKeys rewrites the JSON object obj with the members named in keys
// set to null, the order of the members kept.
func nullKeys(obj []byte, keys map[string]bool) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(obj))
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteByte('{')
	for n := 0; dec.More(); n++ {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		var val json.RawMessage
		if err := dec.Decode(&val); err != nil {
			return nil, err
		}
		if keys[key] {
			val = json.RawMessage("null")
		}
		if n > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(key)
		b.Write(k)
		b.WriteByte(':')
		b.Write(val)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// maskSensitiveParams masks, in text already redacted, the values of the
// sensitive query parameters whose key is percent-encoded
// ("pass%77ord=..."), which amqp.Redact finds only when written
// "password=": the key is compared as amqp.Config reads it, form-decoded.
func maskSensitiveParams(text string) string {
	q := strings.IndexByte(text, '?')
	if q < 0 {
		return text
	}
	end := len(text)
	if h := strings.IndexByte(text[q:], '#'); h >= 0 {
		end = q + h
	}
	var b strings.Builder
	b.WriteString(text[:q+1])
	changed := false
	first := true
	for p := range uri.QueryPairs(text[q+1 : end]) {
		if !first {
			b.WriteByte('&')
		}
		first = false
		b.WriteString(p.Key)
		if !p.HasValue {
			continue
		}
		b.WriteByte('=')
		d, err := uri.QueryPair{Key: p.Key}.DecodeForm()
		if spec, ok := amqp.LookupParamSpec(d.Key); err == nil && ok && spec.Sensitive && p.Value != "" && p.Value != "xxxxx" {
			b.WriteString("xxxxx")
			changed = true
			continue
		}
		b.WriteString(p.Value)
	}
	if !changed {
		return text
	}
	b.WriteString(text[end:])
	return b.String()
}

// redactedOffset maps an offset into s to the offset of the same byte in
// red, the text shown for s: the length of the shown prefix, as redact
// and maskSensitiveParams show it. amqp errors never point inside the
// userinfo, and parameter errors point at a pair's start, so the offsets
// the caret needs lie before or after a mask; one inside a mask maps to
// the mask's end.
func redactedOffset(s, red string, redact func(string) string) func(int) int {
	if red == s {
		return func(i int) int { return i }
	}
	return func(i int) int {
		if i >= len(s) {
			return len(red) + i - len(s)
		}
		if i <= 0 {
			return 0
		}
		return min(len(maskSensitiveParams(redact(s[:i]))), len(red))
	}
}

func runAMQP(args []string, e *env) int {
	fs := flag.NewFlagSet("amqp", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	asJSON := fs.Bool("json", false, `print one JSON object per input: {"input","valid","username","password","host","port","vhost","config","lints","error"}`)
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "usage: urikit amqp [--json] [URI...]")
		fmt.Fprintln(e.stderr, "Reads each amqp or amqps URI (or each line of standard input) as the RabbitMQ URI")
		fmt.Fprintln(e.stderr, "specification does: its values with absent and empty apart, the lints, or the error.")
		fmt.Fprintln(e.stderr, "For a valid URI it also shows the config view that a client dials with (amqp.URI.Config:")
		fmt.Fprintln(e.stderr, "the defaults of amqp091-go filled in, the query parameters typed, durations with units).")
		fmt.Fprintln(e.stderr, "When a query parameter is wrong (heartbeat=abc) the URI stays valid, as the spec reads it,")
		fmt.Fprintln(e.stderr, `but there is no config ("config": null) and the error is the parameter's.`)
		fmt.Fprintln(e.stderr, "Passwords and the key passphrase show as xxxxx. The exit status is 1 when an input is")
		fmt.Fprintln(e.stderr, "invalid or has an error.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	ins, err := inputs(fs.Args(), e.stdin)
	if err != nil {
		fmt.Fprintln(e.stderr, "urikit amqp:", err)
		return exitUsage
	}
	status := exitOK
	enc := json.NewEncoder(e.stdout)
	enc.SetEscapeHTML(false)
	for n, s := range ins {
		res := describeAMQP(s)
		if !res.Valid || res.Error != nil {
			status = exitInvalid
		}
		if *asJSON {
			if err := enc.Encode(res); err != nil {
				fmt.Fprintln(e.stderr, "urikit amqp:", err)
				return exitInvalid
			}
			continue
		}
		if n > 0 {
			fmt.Fprintln(e.stdout)
		}
		printAMQP(e.stdout, res)
	}
	return status
}

// printAMQP writes one result for people: each value quoted when present
// (so an empty one shows as ""), "(absent)" otherwise; then the config
// view, the error with a caret under its place, and the lints.
func printAMQP(w io.Writer, r amqpResult) {
	fmt.Fprintf(w, "input     %s\n", r.Input)
	if r.Valid {
		fmt.Fprintf(w, "secure    %t\n", r.secure)
		fmt.Fprintf(w, "username  %s\n", show(r.Username))
		fmt.Fprintf(w, "password  %s\n", show(r.Password))
		fmt.Fprintf(w, "host      %s\n", show(r.Host))
		if r.Port != nil {
			fmt.Fprintf(w, "port      %d (default %d)\n", *r.Port, r.defaultPort)
		} else {
			fmt.Fprintf(w, "port      (absent; default %d)\n", r.defaultPort)
		}
		fmt.Fprintf(w, "vhost     %s\n", show(r.Vhost))
	}
	if r.config != nil {
		printConfig(w, r)
	}
	if e := r.Error; e != nil {
		reason := "invalid"
		if e.URI.Err != nil {
			reason = e.URI.Err.Error()
		}
		fmt.Fprintf(w, "error     %s: %s (%s at offset %d)\n", e.Field, reason, e.URI.Component, e.URI.Offset)
		fmt.Fprintf(w, "          %s\n", r.Input)
		fmt.Fprintf(w, "          %s^\n", strings.Repeat(" ", r.at(e.URI.Offset)))
		if e.Hint != "" {
			fmt.Fprintf(w, "hint      %s\n", e.Hint)
		}
	}
	if len(r.Lints) == 0 {
		fmt.Fprintf(w, "lints     none\n")
	}
	for _, f := range r.Lints {
		fmt.Fprintf(w, "lint      %s (%s at offset %d): %s\n", f.Code, f.Component, f.Offset, f.Message)
	}
}

// printConfig writes the config block: every field of amqp.Config under
// the name its JSON gives it, with the defaults that Config applies, and
// for what amqp091-go fills in when dialing, "(default ...)". Strings are
// quoted, durations carry their unit, secrets show as "xxxxx".
func printConfig(w io.Writer, r amqpResult) {
	c := r.config
	label := "config"
	line := func(key, format string, a ...any) {
		if r.hidden[key] {
			format, a = "(hidden: see credentials-after-authority)", nil
		}
		fmt.Fprintf(w, "%-10s%-26s%s\n", label, key, fmt.Sprintf(format, a...))
		label = ""
	}
	optional := func(key, v, absent string) {
		if v == "" {
			line(key, "(absent; %s)", absent)
		} else {
			line(key, "%s", strconv.Quote(v))
		}
	}
	defaulted := func(absent bool) string {
		if absent {
			return " (default)"
		}
		return ""
	}
	line("scheme", "%s", c.Scheme)
	line("host", "%s%s", strconv.Quote(c.Host), defaulted(r.Host == nil))
	line("port", "%d%s", c.Port, defaulted(r.Port == nil))
	line("username", "%s%s", strconv.Quote(c.Username), defaulted(r.Username == nil))
	line("password", "%s%s", strconv.Quote(mask(c.Password)), defaulted(r.Password == nil))
	line("vhost", "%s%s", strconv.Quote(c.Vhost), defaulted(r.Vhost == nil || *r.Vhost == ""))
	switch {
	case !c.HasHeartbeat:
		line("heartbeat", "(absent; default %s)", amqp.DefaultHeartbeat)
	case c.Heartbeat == 0:
		line("heartbeat", "0s (heartbeats disabled)")
	default:
		line("heartbeat", "%s", c.Heartbeat)
	}
	if c.ConnectionTimeout == 0 {
		line("connection_timeout", "(absent or 0; default %s)", amqp.DefaultConnectionTimeout)
	} else {
		line("connection_timeout", "%s", c.ConnectionTimeout)
	}
	if c.ChannelMax == 0 {
		line("channel_max", "0 (negotiated; %d when the server also says 0)", amqp.DefaultChannelMax)
	} else {
		line("channel_max", "%d", c.ChannelMax)
	}
	switch {
	case !c.HasFrameMax:
		line("frame_max", "(absent; default %d octets)", amqp.DefaultFrameMax)
	case c.FrameMax == 0:
		line("frame_max", "0 (no limit)")
	default:
		line("frame_max", "%d octets", c.FrameMax)
	}
	if c.AuthMechanism == nil {
		line("auth_mechanism", "(absent; default %s)", amqp.DefaultAuthMechanism)
	} else {
		q := make([]string, len(c.AuthMechanism))
		for i, m := range c.AuthMechanism {
			q[i] = strconv.Quote(m)
		}
		line("auth_mechanism", "%s", strings.Join(q, " "))
	}
	optional("certfile", c.CertFile, "no client certificate")
	optional("cacertfile", c.CACertFile, "the system's roots")
	optional("keyfile", c.KeyFile, "no client certificate")
	optional("key_password", mask(c.KeyPassword), "the key is not encrypted")
	optional("server_name_indication", c.ServerName, "the host")
	optional("verify", c.Verify, "verify_peer")
	if c.HasDepth {
		line("depth", "%d certificates", c.Depth)
	} else {
		line("depth", "(absent; no limit)")
	}
	line("fail_if_no_peer_cert", "%t", c.FailIfNoPeerCert)
	optional("customize_hostname_check", c.CustomizeHostnameCheck, "the TLS library's check")
	if len(c.Unknown) == 0 {
		line("unknown", "none")
	}
	for _, p := range c.Unknown {
		// A Param shows a sensitive value masked; an unknown one has none.
		line("unknown", "%s", strconv.Quote(p.String()))
	}
}

// mask is how a secret shows: "xxxxx" unless it is empty.
func mask(s string) string {
	if s == "" {
		return ""
	}
	return "xxxxx"
}
