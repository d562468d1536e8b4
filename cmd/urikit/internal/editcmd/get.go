// Package editcmd is "urikit get" and "urikit set": one component of each
// URI printed through a format, and URIs edited without rewriting what an
// edit does not touch (package uri's With*, SetQueryParam, JoinPath, ...).
// CmdGet and CmdSet are the subcommands; GetRecord and SetRecord write the
// record of one input, with no flags to parse.
package editcmd

import (
	"errors"
	"strconv"
	"strings"

	"github.com/urikit/urikit/cmd/urikit/internal/base"
	"github.com/urikit/urikit/cmd/urikit/internal/normalizecmd"
	"github.com/urikit/urikit/cmd/urikit/internal/pipeline"
	"github.com/urikit/urikit/cmd/urikit/internal/record"

	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/uri"
)

// CmdGet is "urikit get".
var CmdGet = &base.Command{
	Name:    "get",
	Summary: "print components of each URI through a format, as trurl --get does",
	Usage:   "get [--json] [--show-secrets] FORMAT [URI...]",
	Help: `Prints FORMAT for each input URI reference, one line per input, with each
placeholder replaced by a component of the input (RFC 3986 3):

  {scheme} {user} {password} {host} {port} {path} {query} {fragment}
  {url}              the whole input
  {query:KEY}        the value of the first pair whose key is KEY
  {query-all:KEY}    the value of every pair of KEY, separated by spaces
  {default:port}     the port, or the scheme's registered default port

A placeholder is replaced by the component percent-decoded (RFC 3986 2.1):
{host} of an IPv6 literal has no brackets. {:name} gives the text as
written instead ({:host} keeps the brackets, {:query:KEY} the value's own
encoding). Keys match once percent-decoded; "+" is itself, not a space.
An absent component is empty. {{ and }} write braces; any other
placeholder is a usage error.

The password, and any text that urikit masks (see below), shows as xxxxx
unless --show-secrets is given. Decoded text is shown escaped where it
holds a control byte. An invalid input prints "error: ..." on its line
and the details on standard error.`,
	Example: `  $ urikit get '{host} {port} {query:q}' 'http://[::1]:8080/s?q=a%20b'
  ::1 8080 a b
  $ urikit get '{scheme}://{:host}{:path}' 'https://user:pw@example.com/a%2Fb'
  https://example.com/a%2Fb
  $ urikit get --json '{default:port}' https://example.com/
  {"input":"https://example.com/","output":"443","error":null}
`,
	Setup: setupGet,
}

func setupGet(fs base.Flags) func([]string, *base.Env) int {
	opt := base.AddOptions(fs, `{"input","output","error"}`)
	return func(args []string, e *base.Env) int {
		if len(args) == 0 {
			return base.UsageError(e, "want FORMAT")
		}
		f, err := ParseFormat(args[0])
		if err != nil {
			return base.UsageError(e, err.Error())
		}
		if !f.hasPlaceholder() {
			// Most likely a URI given where FORMAT goes: echoed as it is,
			// it would print its password.
			return base.UsageError(e, "FORMAT has no placeholder: want {host}, {query:KEY}, ... before the URIs")
		}
		return pipeline.Stream(e, "get", args[1:], func(in record.Input, o *record.Output) { GetRecord(in, o, opt, f) })
	}
}

// A Format is a parsed FORMAT of get: literal text and placeholders.
type Format []piece

// piece is literal text (name "") or a placeholder.
type piece struct {
	lit   string
	name  string // scheme, user, ..., url, query (with key), query-all, default:port
	key   string // of query:KEY and query-all:KEY
	keyed bool   // query:KEY or query-all:KEY
	raw   bool   // {:name}: the text as written
	all   bool   // query-all
}

// ParseFormat parses the FORMAT of get; the error names the bad
// placeholder.
func ParseFormat(s string) (Format, error) {
	var f Format
	var lit strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '{' && i+1 < len(s) && s[i+1] == '{', c == '}' && i+1 < len(s) && s[i+1] == '}':
			lit.WriteByte(c)
			i++
		case c == '}':
			return nil, errors.New(`a "}" that closes nothing: write "}}" for a brace`)
		case c == '{':
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				return nil, errors.New(`a "{" that is not closed: write "{{" for a brace`)
			}
			p, err := parsePlaceholder(s[i+1 : i+end])
			if err != nil {
				return nil, err
			}
			if lit.Len() > 0 {
				f = append(f, piece{lit: lit.String()})
				lit.Reset()
			}
			f = append(f, p)
			i += end
		default:
			lit.WriteByte(c)
		}
	}
	if lit.Len() > 0 {
		f = append(f, piece{lit: lit.String()})
	}
	return f, nil
}

// hasPlaceholder reports whether f holds a placeholder.
func (f Format) hasPlaceholder() bool {
	for _, p := range f {
		if p.name != "" {
			return true
		}
	}
	return false
}

// parsePlaceholder parses the text between "{" and "}".
func parsePlaceholder(t string) (piece, error) {
	p := piece{name: t}
	if strings.HasPrefix(t, ":") {
		p.raw, p.name = true, t[1:]
	}
	switch {
	case strings.HasPrefix(p.name, "query:"):
		p.name, p.key, p.keyed = "query", p.name[len("query:"):], true
		return p, nil
	case strings.HasPrefix(p.name, "query-all:"):
		p.name, p.key, p.keyed, p.all = "query", p.name[len("query-all:"):], true, true
		return p, nil
	}
	switch p.name {
	case "scheme", "user", "password", "host", "port", "path", "query", "fragment", "url", "default:port":
		return p, nil
	}
	return piece{}, errors.New("unknown placeholder {" + t + "}: want {scheme}, {user}, {password}, {host}, {port}, {path}, {query}, {fragment}, {url}, {query:KEY}, {query-all:KEY} or {default:port}, or {:name} for the text as written")
}

// GetRecord appends to o the record of one input of get: f expanded over
// the input, as opt says.
func GetRecord(in record.Input, o *record.Output, opt *base.Options, f Format) {
	var p record.Parsed
	var out string
	p.ReadInput(&in, false, opt.ShowSecrets)
	if p.Valid {
		out = f.Expand(p.Ref, &p.Shown, !opt.JSON)
	} else {
		o.Fail()
	}
	if opt.JSON {
		normalizecmd.JSONRecord(o, &p, out, false)
		return
	}
	// The components are escaped already, and FORMAT's own text is the
	// caller's, written as given (a tab, a newline).
	normalizecmd.LineRecord(in, o, "get", &p, out, true)
}

// Expand returns f with each placeholder replaced by the component of r
// that it names, masked as m, r's text as shown, masks it: a component is
// decoded from its text as shown, in which a secret reads "xxxxx". With
// escape, each component's text is escaped as record.EscapeText escapes
// text for a terminal (a decoded control byte, "%1B", shows as "\x1b");
// the literal text of f is written as it is.
func (f Format) Expand(r uri.Reference, m *record.Shown, escape bool) string {
	var b strings.Builder
	for _, p := range f {
		if p.name == "" {
			b.WriteString(p.lit)
			continue
		}
		v := p.expand(r, m)
		if escape {
			v = record.EscapeText(v)
		}
		b.WriteString(v)
	}
	return b.String()
}

// components maps the names of get to the components of package uri.
var components = map[string]uri.Component{
	"scheme": uri.ComponentScheme, "user": uri.ComponentUserinfo, "password": uri.ComponentUserinfo,
	"host": uri.ComponentHost, "port": uri.ComponentPort, "path": uri.ComponentPath,
	"query": uri.ComponentQuery, "fragment": uri.ComponentFragment,
}

// expand returns the text of placeholder p for r, shown as m.
func (p piece) expand(r uri.Reference, m *record.Shown) string {
	switch {
	case p.name == "url":
		return m.Text
	case p.name == "default:port":
		if start, end, _ := r.Span(uri.ComponentPort); start < end {
			return m.Part(start, end)
		}
		if s, ok := scheme.Lookup(r.Scheme()); ok && s.DefaultPort != 0 {
			return strconv.Itoa(s.DefaultPort)
		}
		return ""
	case p.keyed:
		return p.queryValues(r, m)
	}
	start, end, ok := r.Span(components[p.name])
	if !ok {
		return ""
	}
	// The user and the password are the two parts of the userinfo.
	if p.name == "user" || p.name == "password" {
		ui := r.Userinfo()
		colon := strings.IndexByte(ui, ':')
		switch {
		case p.name == "user" && colon >= 0:
			end = start + colon
		case p.name == "password" && colon < 0:
			return ""
		case p.name == "password":
			start += colon + 1
		}
	}
	// The text as shown, its secrets masked: the mask is unreserved
	// text, which decodes to itself.
	text := m.Part(start, end)
	switch {
	case p.raw || p.name == "scheme" || p.name == "port":
		return text
	case p.name == "host" && !m.Covers(start, end):
		return r.Hostname()
	}
	d, err := uri.Unescape(text, components[p.name])
	if err != nil {
		return text // parsed text always decodes
	}
	return d
}

// queryValues returns the value of the first pair of r's query whose key
// percent-decodes to p.key, or of every such pair separated by spaces.
func (p piece) queryValues(r uri.Reference, m *record.Shown) string {
	qs, _, ok := r.Span(uri.ComponentQuery)
	if !ok {
		return ""
	}
	var vals []string
	off := qs
	for pair := range uri.QueryPairs(r.Query()) {
		vs := off + len(pair.Key) + 1
		off = vs + len(pair.Value)
		if !pair.HasValue {
			off = vs - 1
		}
		off++ // the "&"
		if d, _ := (uri.QueryPair{Key: pair.Key}).Decode(); d.Key != p.key {
			continue
		}
		// The value as shown, its secrets masked, decoded but for {:...}.
		v := ""
		if pair.HasValue {
			v = m.Part(vs, vs+len(pair.Value))
		}
		if !p.raw {
			d, _ := uri.QueryPair{Value: v}.Decode()
			v = d.Value
		}
		vals = append(vals, v)
		if !p.all {
			break
		}
	}
	return strings.Join(vals, " ")
}
