package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/urikit/urikit/scheme/amqp"
	"github.com/urikit/urikit/uri"
)

func init() {
	register(&command{
		name:    "amqp",
		summary: "amqp and amqps URIs as the RabbitMQ URI specification reads them, with lints",
		run:     runAMQP,
	})
}

// amqpResult is the --json form of one amqp input (DESIGN.md, command
// line): the spec's values decoded, null when absent and "" when empty
// (spec, "Handling of absent components"). "input" is redacted and
// "password" is "xxxxx" when present and non-empty (spec, Security
// considerations); "lints" is never null.
type amqpResult struct {
	Input    string         `json:"input"`
	Valid    bool           `json:"valid"`
	Username *string        `json:"username"`
	Password *string        `json:"password"`
	Host     *string        `json:"host"`
	Port     *int           `json:"port"`
	Vhost    *string        `json:"vhost"`
	Lints    []amqp.Finding `json:"lints"`
	Error    *amqp.Error    `json:"error"`

	// For the text form only.
	secure      bool
	defaultPort int
	at          func(int) int // an offset of the input in Input
}

// maskedPassword is how a password shows: "xxxxx" when it is not empty,
// so that neither its text nor its length is printed.
func maskedPassword(p string, present bool) *string {
	if present && p != "" {
		p = "xxxxx"
	}
	return opt(p, present)
}

// describeAMQP reads s with amqp.Parse. A valid input shows as
// amqp.URI.String, an invalid one as amqp.Redact: both mask the password
// and the "password" query parameter.
func describeAMQP(s string) amqpResult {
	u, err := amqp.Parse(s)
	if err != nil {
		red := amqp.Redact(s)
		res := amqpResult{Input: red, Lints: amqp.Lint(s), at: redactedOffset(s, red)}
		if !errors.As(err, &res.Error) {
			res.Error = &amqp.Error{Field: "uri", URI: &uri.Error{Err: errors.New("invalid")}}
		}
		if res.Lints == nil {
			res.Lints = []amqp.Finding{}
		}
		return res
	}
	res := amqpResult{
		Input:       u.String(),
		Valid:       true,
		Lints:       u.Lint(),
		secure:      u.Secure(),
		defaultPort: u.DefaultPort(),
	}
	res.Username = opt(u.Username())
	res.Password = maskedPassword(u.Password())
	res.Host = opt(u.Host())
	if p, ok := u.Port(); ok {
		res.Port = &p
	}
	res.Vhost = opt(u.Vhost())
	for _, f := range res.Lints {
		if f.Code == amqp.LintCredentialsAfterAuthority {
			// "amqp://user:12/34@host": the port and the vhost may be a
			// password cut short by an unencoded "/" or "?"; show neither,
			// as String masks them (the lint says why).
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
	return res
}

// redactedOffset maps an offset into s to the offset of the same byte in
// red, amqp.Redact(s): the length of the redacted prefix. amqp errors
// never point inside the userinfo, so the offsets the caret needs lie
// before or after a mask; one inside a mask maps to the mask's end.
func redactedOffset(s, red string) func(int) int {
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
		return min(len(amqp.Redact(s[:i])), len(red))
	}
}

func runAMQP(args []string, e *env) int {
	fs := flag.NewFlagSet("amqp", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	asJSON := fs.Bool("json", false, `print one JSON object per input: {"input","valid","username","password","host","port","vhost","lints","error"}`)
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "usage: urikit amqp [--json] [URI...]")
		fmt.Fprintln(e.stderr, "Reads each amqp or amqps URI (or each line of standard input) as the RabbitMQ URI")
		fmt.Fprintln(e.stderr, "specification does: its values with absent and empty apart, the lints, or the error.")
		fmt.Fprintln(e.stderr, "Passwords show as xxxxx. The exit status is 1 when an input is invalid.")
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
		if !res.Valid {
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
// (so an empty one shows as ""), "(absent)" otherwise.
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
	} else {
		e := r.Error
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
