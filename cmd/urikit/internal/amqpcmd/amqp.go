// Package amqpcmd is "urikit amqp": amqp and amqps URIs as the RabbitMQ
// URI specification reads them (package scheme/amqp), with the config
// view a client dials with and the lints. CmdAMQP is the subcommand;
// Record writes the record of one input, with no flags to parse, and
// JSONRecord is the playground's view of these URIs. It is the one
// command that names a plugin, as a command about one plugin may.
package amqpcmd

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/urikit/urikit/cmd/urikit/internal/base"
	"github.com/urikit/urikit/cmd/urikit/internal/pipeline"
	"github.com/urikit/urikit/cmd/urikit/internal/record"

	"github.com/urikit/urikit/scheme/amqp"
	"github.com/urikit/urikit/uri"
)

// CmdAMQP is "urikit amqp".
var CmdAMQP = &base.Command{
	Name:    "amqp",
	Summary: "amqp and amqps URIs as the RabbitMQ URI specification reads them, their dialing view, with lints",
	Usage:   "amqp [--json] [--show-secrets] [URI...]",
	Help: `Reads each amqp or amqps URI as the RabbitMQ URI specification does: its
values with absent and empty apart, the lints, or the error. For a valid
URI it also shows the config view that a client dials with
(amqp.URI.Config: the defaults of amqp091-go filled in, the query
parameters typed, durations with units). When a query parameter is wrong
(heartbeat=abc) the URI stays valid, as the spec reads it, but there is
no config ("config": null) and the error is the parameter's.

Passwords and the key passphrase show as xxxxx unless --show-secrets is
given. The exit status is 1 when an input is invalid or has an error;
lints do not change it.`,
	Example: `  $ urikit amqp 'amqp://guest:pa#ss@broker/prod'
  input     amqp://guest:xxxxx@broker/prod
  error     password: unencoded "#", "/" or "?" in the credentials (userinfo at offset 7)
            amqp://guest:xxxxx@broker/prod
                   ^
  hint      percent-encode it in the username or password: "@" as %40, ":" as %3A, "#" as %23, "/" as %2F, "?" as %3F, "%" as %25
  lints     none
`,
	Setup: func(fs base.Flags) func([]string, *base.Env) int {
		opt := base.AddOptions(fs, `{"input","valid","username","password","host","port","vhost","config","lints","error"}`)
		return func(args []string, e *base.Env) int {
			return pipeline.Stream(e, "amqp", args, func(in record.Input, o *record.Output) { Record(in, o, opt) })
		}
	},
}

// JSONRecord appends the JSON record of text, read as an argument, to o,
// as "urikit amqp --json" writes it: the playground's view of amqp URIs.
// It links none of the text writers, nor what --show-secrets needs.
func JSONRecord(text string, o *record.Output) {
	in := record.ArgInput(text, 1)
	res := result(in, false)
	if !res.Valid || res.Error != nil {
		o.Fail()
	}
	o.Out = append(appendJSON(o.Out, res), '\n')
}

// result describes one input, or says that it is too long (record.MaxLine).
func result(in record.Input, reveal bool) amqpResult {
	if in.Long > 0 {
		return amqpResult{
			Lints: []amqp.Finding{},
			Error: &amqp.Error{Field: "line", URI: &uri.Error{Offset: record.MaxLine, Err: errors.New(record.TooLong)}},
			at:    func(int) int { return 0 },
		}
	}
	return describeAMQP(in.Text, reveal)
}

// SchemeNames are the names of the schemes of package amqp.
func SchemeNames() []string {
	var names []string
	for _, s := range amqp.Schemes() {
		names = append(names, s.Name)
	}
	return names
}

// appendJSON appends the JSON record of res (amqpResult's members, in
// their order), every string written by the module's one JSON string
// writer (record.AppendString).
func appendJSON(b []byte, res amqpResult) []byte {
	optString := func(b []byte, name string, p *string) []byte {
		b = record.Key(b, name)
		if p == nil {
			return append(b, "null"...)
		}
		return record.AppendString(b, *p)
	}
	b = append(b, '{')
	b = record.Key(b, "input")
	b = record.AppendString(b, res.Input)
	b = record.Key(b, "valid")
	b = strconv.AppendBool(b, res.Valid)
	b = optString(b, "username", res.Username)
	b = optString(b, "password", res.Password)
	b = optString(b, "host", res.Host)
	b = record.Key(b, "port")
	if res.Port == nil {
		b = append(b, "null"...)
	} else {
		b = strconv.AppendInt(b, int64(*res.Port), 10)
	}
	b = optString(b, "vhost", res.Vhost)
	b = record.Key(b, "config")
	if res.Config == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, res.Config...)
	}
	b = record.Key(b, "lints")
	b = append(b, '[')
	for i, f := range res.Lints {
		if i > 0 {
			b = append(b, ',')
		}
		j, _ := f.MarshalJSON()
		b = append(b, j...)
	}
	b = append(b, ']')
	b = record.Key(b, "error")
	if res.Error == nil {
		return append(b, "null}"...)
	}
	j, _ := res.Error.MarshalJSON()
	b = append(b, j...)
	return append(b, '}')
}

// opt returns &s when present, nil otherwise.
func opt(s string, present bool) *string {
	if !present {
		return nil
	}
	return &s
}

// Show writes a value for people: quoted when present (so an empty one
// shows as ""), "(absent)" otherwise.
func Show(p *string) string {
	if p == nil {
		return "(absent)"
	}
	return record.Quoted(*p)
}

// amqpResult is the --json form of one amqp input (README, "Command
// line"): the spec's values decoded, null when absent and "" when empty
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
	Input    string         `json:"input"`
	Valid    bool           `json:"valid"`
	Username *string        `json:"username"`
	Password *string        `json:"password"`
	Host     *string        `json:"host"`
	Port     *int           `json:"port"`
	Vhost    *string        `json:"vhost"`
	Config   []byte         `json:"config"` // a JSON object, or nil
	Lints    []amqp.Finding `json:"lints"`
	Error    *amqp.Error    `json:"error"`

	// For the text form only.
	secure      bool
	defaultPort int
	at          func(int) int // an offset of the input in Input
	config      *amqp.Config  // nil when Config was not read or failed
	reveal      bool          // --show-secrets
}

// maskedPassword is how a password shows: uri.RedactMask when it is not
// empty, so that neither its text nor its length is printed, unless
// reveal.
func maskedPassword(p string, present, reveal bool) *string {
	if present && p != "" && !reveal {
		p = uri.RedactMask
	}
	return opt(p, present)
}

// describeAMQP reads s with amqp.Parse, and a valid URI with its Config.
// The input shows masked as every input of urikit (mask: structurally for
// a URI that parses, so amqp.URI.String gives the same text), and a
// decoded value as its text shows: a user name under a mask (a token)
// shows as the mask. With reveal (--show-secrets) the input shows as
// written, and the password and the key passphrase as they are.
func describeAMQP(s string, reveal bool) amqpResult {
	m := record.Mask(s)
	if reveal {
		m = record.ShownAs(s)
	}
	u, err := amqp.Parse(s)
	if err != nil {
		res := amqpResult{Input: m.Text, Lints: amqp.Lint(s), at: m.At, reveal: reveal}
		if !errors.As(err, &res.Error) {
			res.Error = &amqp.Error{Field: "uri", URI: &uri.Error{Err: errors.New("invalid")}}
		}
		if res.Lints == nil {
			res.Lints = []amqp.Finding{}
		}
		return res
	}
	res := amqpResult{
		Input:       m.Text,
		Valid:       true,
		Lints:       u.Lint(),
		secure:      u.Secure(),
		defaultPort: u.DefaultPort(),
		reveal:      reveal,
		at:          m.At,
	}
	g := u.Unredacted()
	res.Username = opt(u.Username())
	if us, ue, ok := g.Span(uri.ComponentUserinfo); ok && res.Username != nil {
		if c := strings.IndexByte(g.Userinfo(), ':'); c >= 0 {
			ue = us + c
		}
		if !reveal && m.Covers(us, ue) {
			res.Username = opt(uri.RedactMask, true)
		}
	}
	pw, hasPW := u.Password()
	res.Password = maskedPassword(pw, hasPW, reveal)
	res.Host = opt(u.Host())
	if p, ok := u.Port(); ok {
		res.Port = &p
	}
	res.Vhost = opt(u.Vhost())
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
	res.config = &c
	raw, err := c.MarshalJSON()
	if err != nil {
		res.configError()
		return res
	}
	res.Config = raw
	return res
}

// configError makes res the result of a Config that does not encode.
func (res *amqpResult) configError() {
	res.config, res.Config = nil, nil
	res.Error = &amqp.Error{Field: "config", URI: &uri.Error{Err: errors.New("does not encode")}}
}

// revealConfig shows in res.Config, as written, each field that Config
// marshals masked, as text shows it with --show-secrets.
func (res *amqpResult) revealConfig() {
	if res.config == nil {
		return
	}
	raw, err := replaceMembers(res.Config, revealed(*res.config))
	if err != nil {
		res.configError()
		return
	}
	res.Config = raw
}

// revealed returns the JSON values, as written, of the fields of c that
// c.Fields masks (in whole, or element by element for the lists), by
// their names: what --show-secrets shows of them.
func revealed(c amqp.Config) map[string][]byte {
	set := map[string][]byte{}
	for _, f := range c.Fields() {
		if v, ok := stringField(c, f.Name); ok {
			if f.Masked {
				set[f.Name] = record.AppendString(nil, v)
			}
			continue
		}
		// The lists: auth_mechanism masks element by element, unknown
		// parameter by parameter.
		switch f.Name {
		case "auth_mechanism":
			if !f.Present() {
				continue
			}
			b := []byte{'['}
			for i, m := range c.AuthMechanism {
				if i > 0 {
					b = append(b, ',')
				}
				b = record.AppendString(b, m)
			}
			set[f.Name] = append(b, ']')
		case "unknown":
			b := []byte{'['}
			for i, p := range c.Unknown {
				if i > 0 {
					b = append(b, ',')
				}
				b = append(b, `{"name":`...)
				b = record.AppendString(b, p.Name)
				b = append(b, `,"value":`...)
				b = record.AppendOpt(b, p.Value, p.HasValue)
				b = append(b, `,"offset":`...)
				b = strconv.AppendInt(b, int64(p.Offset), 10)
				b = append(b, `,"known":`...)
				b = strconv.AppendBool(b, p.Known)
				b = append(b, '}')
			}
			set[f.Name] = append(b, ']')
		}
	}
	return set
}

// stringField returns the text of the string field of c named name.
func stringField(c amqp.Config, name string) (string, bool) {
	switch name {
	case "scheme":
		return c.Scheme, true
	case "host":
		return c.Host, true
	case "username":
		return c.Username, true
	case "password":
		return c.Password, true
	case "vhost":
		return c.Vhost, true
	case "certfile":
		return c.CertFile, true
	case "cacertfile":
		return c.CACertFile, true
	case "keyfile":
		return c.KeyFile, true
	case "key_password":
		return c.KeyPassword, true
	case "server_name_indication":
		return c.ServerName, true
	case "verify":
		return c.Verify, true
	case "customize_hostname_check":
		return c.CustomizeHostnameCheck, true
	}
	return "", false
}

// replaceMembers returns obj, a JSON object as Config.MarshalJSON writes
// it, with the value of each top-level member named in set replaced by
// that JSON value, and the other members as they are.
func replaceMembers(obj []byte, set map[string][]byte) ([]byte, error) {
	out := make([]byte, 0, len(obj)+64)
	i := 0
	for i < len(obj) {
		// A member's name is a string right after "{" or ",".
		if obj[i] != '"' || i == 0 || obj[i-1] != '{' && obj[i-1] != ',' {
			out = append(out, obj[i])
			i++
			continue
		}
		end := skipString(obj, i)
		if end < 0 || end >= len(obj) || obj[end] != ':' {
			return nil, errors.New("not a JSON object")
		}
		name := string(obj[i+1 : end-1])
		out = append(out, obj[i:end+1]...)
		vend := skipValue(obj, end+1)
		if vend < 0 {
			return nil, errors.New("not a JSON object")
		}
		if v, ok := set[name]; ok {
			out = append(out, v...)
		} else {
			out = append(out, obj[end+1:vend]...)
		}
		i = vend
	}
	return out, nil
}

// skipString returns the index after the JSON string that starts at
// b[i], or -1.
func skipString(b []byte, i int) int {
	for j := i + 1; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return -1
}

// skipValue returns the index after the compact JSON value that starts
// at b[i], or -1.
func skipValue(b []byte, i int) int {
	depth := 0
	for j := i; j < len(b); j++ {
		switch b[j] {
		case '"':
			if j = skipString(b, j); j < 0 {
				return -1
			}
			j--
		case '[', '{':
			depth++
		case ']', '}':
			if depth == 0 {
				return j
			}
			depth--
		case ',':
			if depth == 0 {
				return j
			}
		}
		if depth == 0 && j+1 < len(b) && (b[j+1] == ',' || b[j+1] == '}') {
			return j + 1
		}
	}
	return -1
}

// Record appends to o the record of one input of amqp, as opt says
// (--json, --show-secrets).
func Record(in record.Input, o *record.Output, opt *base.Options) {
	res := result(in, opt.ShowSecrets)
	if opt.ShowSecrets && opt.JSON {
		res.revealConfig()
	}
	if !res.Valid || res.Error != nil {
		o.Fail()
	}
	if opt.JSON {
		o.Out = append(appendJSON(o.Out, res), '\n')
		return
	}
	if in.No > 1 {
		o.Out = append(o.Out, '\n')
	}
	var b bytes.Buffer
	if in.Long > 0 {
		fmt.Fprintf(&b, "input     (%d bytes, not shown)\nerror     %s\nlints     none\n", in.Long, record.TooLong)
	} else {
		printAMQP(&b, res)
	}
	o.Out = append(o.Out, b.Bytes()...)
}

// printAMQP writes one result for people: each value quoted when present
// (so an empty one shows as ""), "(absent)" otherwise; then the config
// view, the error with a caret under its place, and the lints.
func printAMQP(w io.Writer, r amqpResult) {
	fmt.Fprintf(w, "input     %s\n", record.EscapeText(r.Input))
	if r.Valid {
		fmt.Fprintf(w, "secure    %t\n", r.secure)
		fmt.Fprintf(w, "username  %s\n", Show(r.Username))
		fmt.Fprintf(w, "password  %s\n", Show(r.Password))
		fmt.Fprintf(w, "host      %s\n", Show(r.Host))
		if r.Port != nil {
			fmt.Fprintf(w, "port      %d (default %d)\n", *r.Port, r.defaultPort)
		} else {
			fmt.Fprintf(w, "port      (absent; default %d)\n", r.defaultPort)
		}
		fmt.Fprintf(w, "vhost     %s\n", Show(r.Vhost))
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
		at := min(max(r.at(e.URI.Offset), 0), len(r.Input))
		fmt.Fprintf(w, "          %s\n", record.EscapeText(r.Input))
		fmt.Fprintf(w, "          %s^\n", strings.Repeat(" ", record.Columns(record.EscapeText(r.Input[:at]))))
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
	// The fields, their order and their masks are Config's own
	// (amqp.Config.Fields, the table that String, LogValue and
	// MarshalJSON are written from); what this view adds is the text of
	// an absent field: the default that a client dials with.
	for _, f := range c.Fields() {
		if f.Masked && !r.reveal && f.Name != "password" && f.Name != "key_password" {
			line(f.Name, "%s", strconv.Quote(uri.RedactMask))
			continue
		}
		switch f.Name {
		case "scheme":
			line(f.Name, "%s", c.Scheme)
		case "host":
			line(f.Name, "%s%s", strconv.Quote(c.Host), defaulted(r.Host == nil))
		case "port":
			line(f.Name, "%d%s", c.Port, defaulted(r.Port == nil))
		case "username":
			line(f.Name, "%s%s", strconv.Quote(c.Username), defaulted(r.Username == nil))
		case "password":
			line(f.Name, "%s%s", record.Quoted(secret(c.Password, r.reveal)), defaulted(r.Password == nil))
		case "vhost":
			line(f.Name, "%s%s", strconv.Quote(c.Vhost), defaulted(r.Vhost == nil || *r.Vhost == ""))
		case "heartbeat":
			switch {
			case !c.HasHeartbeat:
				line(f.Name, "(absent; default %s)", amqp.DefaultHeartbeat)
			case c.Heartbeat == 0:
				line(f.Name, "0s (none asked; amqp091-go takes the broker's interval)")
			default:
				line(f.Name, "%s", c.Heartbeat)
			}
		case "connection_timeout":
			if c.ConnectionTimeout == 0 {
				line(f.Name, "(absent or 0; default %s)", amqp.DefaultConnectionTimeout)
			} else {
				line(f.Name, "%s", c.ConnectionTimeout)
			}
		case "channel_max":
			if c.ChannelMax == 0 {
				line(f.Name, "0 (negotiated; %d when the server also says 0)", amqp.DefaultChannelMax)
			} else {
				line(f.Name, "%d", c.ChannelMax)
			}
		case "frame_max":
			switch {
			case !c.HasFrameMax:
				line(f.Name, "(absent; default %d octets)", amqp.DefaultFrameMax)
			case c.FrameMax == 0:
				line(f.Name, "0 (no limit)")
			default:
				line(f.Name, "%d octets", c.FrameMax)
			}
		case "auth_mechanism":
			if c.AuthMechanism == nil {
				line(f.Name, "(absent; default %s)", amqp.DefaultAuthMechanism)
				continue
			}
			q := make([]string, len(c.AuthMechanism))
			for i, m := range c.AuthMechanism {
				q[i] = strconv.Quote(m)
			}
			line(f.Name, "%s", strings.Join(q, " "))
		case "certfile":
			optional(f.Name, c.CertFile, "no client certificate")
		case "cacertfile":
			optional(f.Name, c.CACertFile, "the system's roots")
		case "keyfile":
			optional(f.Name, c.KeyFile, "no client certificate")
		case "key_password":
			optional(f.Name, secret(c.KeyPassword, r.reveal), "the key is not encrypted")
		case "server_name_indication":
			optional(f.Name, c.ServerName, "the host")
		case "verify":
			optional(f.Name, c.Verify, "verify_peer")
		case "depth":
			if c.HasDepth {
				line(f.Name, "%d certificates", c.Depth)
			} else {
				line(f.Name, "(absent; no limit)")
			}
		case "fail_if_no_peer_cert":
			line(f.Name, "%t", c.FailIfNoPeerCert)
		case "customize_hostname_check":
			optional(f.Name, c.CustomizeHostnameCheck, "the TLS library's check")
		case "unknown":
			if len(c.Unknown) == 0 {
				line(f.Name, "none")
			}
			for _, p := range c.Unknown {
				// A Param shows a sensitive value masked; an unknown one
				// has none.
				text := p.String()
				if r.reveal {
					text = p.Name
					if p.HasValue {
						text += "=" + p.Value
					}
				}
				line(f.Name, "%s", strconv.Quote(text))
			}
		default:
			// A field this view does not know yet: as Config shows it.
			line(f.Name, "%s", f.Value)
		}
	}
}

// secret is how a secret shows: uri.RedactMask unless it is empty or
// reveal.
func secret(s string, reveal bool) string {
	if s == "" || reveal {
		return s
	}
	return uri.RedactMask
}
