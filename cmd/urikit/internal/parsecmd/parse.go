// Package parsecmd is "urikit parse": URI references split into their
// RFC 3986 components, checked against their scheme's rules. CmdParse is
// the subcommand; Record writes the record of one input, with no flags to
// parse.
package parsecmd

import (
	"errors"
	"strconv"
	"strings"

	"github.com/urikit/urikit/cmd/urikit/internal/base"
	"github.com/urikit/urikit/cmd/urikit/internal/pipeline"
	"github.com/urikit/urikit/cmd/urikit/internal/record"

	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/uri"
)

// CmdParse is "urikit parse".
var CmdParse = &base.Command{
	Name:    "parse",
	Summary: "split URI references into their RFC 3986 components; check their scheme's rules",
	Usage:   "parse [--json] [--show-secrets] [URI-REFERENCE...]",
	Help: `Splits each URI reference into its components (RFC 3986 3), absent and
empty apart: an absent component shows as (absent), or null in JSON; an
empty one as "". Invalid input shows the reason, the offset of the first
byte that could not be accepted, with a caret under it, and a hint.

A valid URI whose scheme is registered (http, https, ws, wss, ftp, file,
mailto, urn, jdbc, amqp, amqps, ...) is also checked against its own rules
(scheme.Validate), reported apart from the generic syntax: "http:foo" is
a valid RFC 3986 URI and an invalid http URI ("rules" in text,
"scheme_error" in JSON; the exit status is 1).

A valid input that reads like a password cut short by an unencoded "#",
"/" or "?" ("postgres://user:12#34@host/db" parses with the port "12")
gets a warning, and shows as it parses: masking it would show another URI.`,
	Example: `  $ urikit parse 'foo://user:secret@example.com:8042/over/there?name=ferret#nose'
  input     foo://user:xxxxx@example.com:8042/over/there?name=ferret#nose
  scheme    "foo"
  userinfo  "user:xxxxx"
  host      "example.com" (regname)
  port      "8042"
  path      "/over/there"
  query     "name=ferret"
  fragment  "nose"
  $ urikit parse --json 'http:foo'
  {"input":"http:foo","valid":true,"scheme":"http","userinfo":null,"host":null,"host_kind":"none","port":null,"path":"foo","query":null,"fragment":null,"error":null,"scheme_error":{"offset":5,"component":"host","reason":"scheme requires an authority"}}
`,
	Setup: setupParse,
}

func setupParse(fs base.Flags) func([]string, *base.Env) int {
	opt := base.AddOptions(fs, `{"input","valid","scheme","userinfo","host","host_kind","port","path","query","fragment","error","scheme_error"}, and "warnings" when there are some`)
	return func(args []string, e *base.Env) int {
		return pipeline.Stream(e, "parse", args, func(in record.Input, o *record.Output) { Record(in, o, opt) })
	}
}

// Record appends to o the record of one input of parse, as opt says
// (--json, --show-secrets).
func Record(in record.Input, o *record.Output, opt *base.Options) {
	var p record.Parsed
	schemeErr := read(&p, &in, o, opt.ShowSecrets)
	if opt.JSON {
		o.Out = appendParseJSON(o.Out, &p, schemeErr)
		return
	}
	if in.No > 1 {
		o.Out = append(o.Out, '\n')
	}
	o.Out = appendParseText(o.Out, in, p, schemeErr)
}

// JSONRecord appends to o the record of text, read as an argument, as
// "urikit parse --json" writes it. It links none of the text writers.
func JSONRecord(text string, o *record.Output) {
	var p record.Parsed
	in := record.ArgInput(text, 1)
	schemeErr := read(&p, &in, o, false)
	o.Out = appendFullJSON(o.Out, &p, schemeErr)
}

// read reads in into p, checks it against its scheme's rules and
// returns their error, and marks o failed when either fails.
func read(p *record.Parsed, in *record.Input, o *record.Output, showSecrets bool) *record.Error {
	p.ReadInput(in, false, showSecrets)
	var schemeErr *record.Error
	if u, ok := p.Ref.URI(); ok && p.Valid {
		if err := scheme.Validate(u); err != nil {
			var ue *uri.Error
			if errors.As(err, &ue) {
				schemeErr = record.FromURIError(in.Text, ue)
				schemeErr.Reason = record.MaskMessage(schemeErr.Reason).Text
			} else {
				schemeErr = &record.Error{Reason: record.MaskMessage(err.Error()).Text}
			}
		}
	}
	if !p.Valid || schemeErr != nil {
		o.Fail()
	}
	return schemeErr
}

// parseMembers are the members of a parse record that hold a component,
// in order; "host_kind" follows "host".
var parseMembers = [...]struct {
	key string
	c   uri.Component
}{
	{`,"scheme":`, uri.ComponentScheme},
	{`,"userinfo":`, uri.ComponentUserinfo},
	{`,"host":`, uri.ComponentHost},
	{`,"port":`, uri.ComponentPort},
	{`,"path":`, uri.ComponentPath},
	{`,"query":`, uri.ComponentQuery},
	{`,"fragment":`, uri.ComponentFragment},
}

func appendParseJSON(b []byte, p *record.Parsed, schemeErr *record.Error) []byte {
	if p.Valid && len(p.Shown.Spans) == 0 && p.Err == nil && schemeErr == nil && len(p.Warnings) == 0 {
		return appendPlainJSON(b, p.Shown.Text, p.Ref.Components(), p.Ref.HostKind())
	}
	return appendFullJSON(b, p, schemeErr)
}

// appendFullJSON is appendParseJSON for any record.
func appendFullJSON(b []byte, p *record.Parsed, schemeErr *record.Error) []byte {
	if !p.Valid {
		b = append(b, `{"input":`...)
		b = record.AppendString(b, p.Shown.Text)
		b = append(b, `,"valid":false,"scheme":null,"userinfo":null,"host":null,"host_kind":null,"port":null,"path":null,"query":null,"fragment":null`...)
	} else {
		// A valid input and its components are RFC 3986 text, which
		// JSON writes as it is (record.AppendURIString).
		b = append(b, `{"input":`...)
		b = record.AppendURIString(b, p.Shown.Text)
		b = append(b, `,"valid":true`...)
		for i := range parseMembers {
			mc := &parseMembers[i]
			b = append(b, mc.key...)
			if start, end, ok := p.Ref.Span(mc.c); ok {
				b = record.AppendURIString(b, p.Shown.Part(start, end))
			} else {
				b = append(b, "null"...)
			}
			if mc.c == uri.ComponentHost {
				b = append(b, `,"host_kind":`...)
				b = record.AppendURIString(b, p.Ref.HostKind().String()) // a lowercase word
			}
		}
	}
	b = append(b, `,"error":`...)
	b = record.AppendError(b, p.Err)
	b = append(b, `,"scheme_error":`...)
	b = record.AppendError(b, schemeErr)
	b = record.AppendWarnings(b, p.Warnings)
	return append(b, '}', '\n')
}

// appendPlainJSON is appendParseJSON for the common record: a valid input
// s with nothing masked, no error and no warning, whose components c are
// RFC 3986 text (record.AppendURIString), written as they are, with a
// member's key and quote, or its null, in one append.
func appendPlainJSON(b []byte, s string, c uri.Components, kind uri.HostKind) []byte {
	b = append(b, `{"input":"`...)
	b = append(b, s...)
	b = append(b, `","valid":true`...)
	b = appendMember(b, `,"scheme":"`, c.Scheme, c.Scheme != "")
	b = appendMember(b, `,"userinfo":"`, c.Userinfo, c.HasUserinfo)
	b = appendMember(b, `,"host":"`, c.Host, c.HasAuthority)
	b = append(b, `,"host_kind":"`...)
	b = append(b, kind.String()...) // a lowercase word
	b = append(b, '"')
	b = appendMember(b, `,"port":"`, c.Port, c.HasPort)
	b = appendMember(b, `,"path":"`, c.Path, true)
	b = appendMember(b, `,"query":"`, c.Query, c.HasQuery)
	b = appendMember(b, `,"fragment":"`, c.Fragment, c.HasFragment)
	return append(b, `,"error":null,"scheme_error":null}`+"\n"...)
}

// appendMember appends the member whose key and opening quote are key,
// with the string v when present, null otherwise.
func appendMember(b []byte, key, v string, present bool) []byte {
	if !present {
		b = append(b, key[:len(key)-1]...)
		return append(b, "null"...)
	}
	b = append(b, key...)
	b = append(b, v...)
	return append(b, '"')
}

// appendParseText writes a record for people: each component quoted when
// present (so an empty one shows as ""), "(absent)" otherwise.
func appendParseText(b []byte, in record.Input, p record.Parsed, schemeErr *record.Error) []byte {
	m, r := p.Shown, p.Ref
	line := func(label, text string) {
		b = append(b, label...)
		b = append(b, strings.Repeat(" ", max(10-len(label), 1))...)
		b = append(b, text...)
		b = append(b, '\n')
	}
	if in.Long > 0 {
		line("input", "("+strconv.FormatInt(in.Long, 10)+" bytes, not shown)")
		line("error", p.Err.Reason)
		return b
	}
	line("input", record.EscapeText(m.Text))
	if !p.Valid {
		e := p.Err
		line("error", strings.TrimSuffix(strings.TrimPrefix(record.ErrorLine(e), "error: "), "\n"))
		b = append(b, record.CaretLines(strings.Repeat(" ", 10), m, e.Offset)...)
		if e.Hint != "" {
			line("hint", e.Hint)
		}
		return b
	}
	show := func(c uri.Component) string {
		if s, ok := m.Component(r, c); ok {
			return record.Quoted(s)
		}
		return "(absent)"
	}
	line("scheme", show(uri.ComponentScheme))
	line("userinfo", show(uri.ComponentUserinfo))
	line("host", show(uri.ComponentHost)+" ("+r.HostKind().String()+")")
	line("port", show(uri.ComponentPort))
	line("path", show(uri.ComponentPath))
	line("query", show(uri.ComponentQuery))
	line("fragment", show(uri.ComponentFragment))
	if e := schemeErr; e != nil {
		what := "not a valid " + strings.ToLower(r.Scheme()) + " URI: "
		if e.Component == "" {
			line("rules", what+e.Reason)
		} else {
			line("rules", what+e.Component+" at offset "+strconv.Itoa(e.Offset)+": "+e.Reason)
			b = append(b, record.CaretLines(strings.Repeat(" ", 10), m, e.Offset)...)
		}
		if e.Hint != "" {
			line("hint", e.Hint)
		}
	}
	for _, w := range p.Warnings {
		line("warning", w.Message)
	}
	return b
}
