package main

import (
	"errors"
	"flag"
	"strconv"
	"strings"

	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/uri"
)

var parseCmd = &command{
	name:    "parse",
	summary: "split URI references into their RFC 3986 components; check their scheme's rules",
	usage:   "parse [--json] [--show-secrets] [URI-REFERENCE...]",
	help: `Splits each URI reference into its components (RFC 3986 3), absent and
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
	example: `  $ urikit parse 'foo://user:secret@example.com:8042/over/there?name=ferret#nose'
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
	setup: setupParse,
}

func setupParse(fs *flag.FlagSet) func([]string, *env) int {
	opt := addOptions(fs, `{"input","valid","scheme","userinfo","host","host_kind","port","path","query","fragment","error","scheme_error"}, and "warnings" when there are some`)
	return func(args []string, e *env) int {
		return stream(e, "parse", args, func(in input, o *output) { parseRecord(in, o, opt) })
	}
}

// parseRecord writes the record of one input of parse.
func parseRecord(in input, o *output, opt *options) {
	var p parsed
	if in.long > 0 {
		p = parsed{err: longError()}
	} else {
		p = parseInput(in.text, false, opt.showSecrets)
	}
	var schemeErr *recordError
	if u, ok := p.ref.URI(); ok && p.valid {
		if err := scheme.Validate(u); err != nil {
			var ue *uri.Error
			if errors.As(err, &ue) {
				schemeErr = fromURIError(in.text, ue)
				schemeErr.reason = maskMessage(schemeErr.reason).text
			} else {
				schemeErr = &recordError{reason: maskMessage(err.Error()).text}
			}
		}
	}
	if !p.valid || schemeErr != nil {
		o.fail()
	}
	if opt.json {
		o.out = appendParseJSON(o.out, in, p, schemeErr)
		return
	}
	if in.no > 1 {
		o.out = append(o.out, '\n')
	}
	o.out = appendParseText(o.out, in, p, schemeErr)
}

func appendParseJSON(b []byte, in input, p parsed, schemeErr *recordError) []byte {
	m, r := p.shown, p.ref
	comp := func(b []byte, name string, c uri.Component) []byte {
		b = key(b, name)
		if !p.valid {
			return append(b, "null"...)
		}
		s, ok := m.component(r, c)
		return appendOpt(b, s, ok)
	}
	b = append(b, '{')
	b = key(b, "input")
	b = appendString(b, m.text)
	b = key(b, "valid")
	b = strconv.AppendBool(b, p.valid)
	b = comp(b, "scheme", uri.ComponentScheme)
	b = comp(b, "userinfo", uri.ComponentUserinfo)
	b = comp(b, "host", uri.ComponentHost)
	b = key(b, "host_kind")
	b = appendOpt(b, r.HostKind().String(), p.valid)
	b = comp(b, "port", uri.ComponentPort)
	b = comp(b, "path", uri.ComponentPath)
	b = comp(b, "query", uri.ComponentQuery)
	b = comp(b, "fragment", uri.ComponentFragment)
	b = key(b, "error")
	b = appendError(b, p.err)
	b = key(b, "scheme_error")
	b = appendError(b, schemeErr)
	b = appendWarnings(b, p.warnings)
	return append(b, '}', '\n')
}

// appendParseText writes a record for people: each component quoted when
// present (so an empty one shows as ""), "(absent)" otherwise.
func appendParseText(b []byte, in input, p parsed, schemeErr *recordError) []byte {
	m, r := p.shown, p.ref
	line := func(label, text string) {
		b = append(b, label...)
		b = append(b, strings.Repeat(" ", max(10-len(label), 1))...)
		b = append(b, text...)
		b = append(b, '\n')
	}
	if in.long > 0 {
		line("input", "("+strconv.FormatInt(in.long, 10)+" bytes, not shown)")
		line("error", p.err.reason)
		return b
	}
	line("input", escapeText(m.text))
	if !p.valid {
		e := p.err
		line("error", strings.TrimSuffix(strings.TrimPrefix(errorLine(e), "error: "), "\n"))
		b = append(b, caretLines(strings.Repeat(" ", 10), m, e.offset)...)
		if e.hint != "" {
			line("hint", e.hint)
		}
		return b
	}
	show := func(c uri.Component) string {
		if s, ok := m.component(r, c); ok {
			return quoted(s)
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
		if e.component == "" {
			line("rules", what+e.reason)
		} else {
			line("rules", what+e.component+" at offset "+strconv.Itoa(e.offset)+": "+e.reason)
			b = append(b, caretLines(strings.Repeat(" ", 10), m, e.offset)...)
		}
		if e.hint != "" {
			line("hint", e.hint)
		}
	}
	for _, w := range p.warnings {
		line("warning", w.message)
	}
	return b
}
