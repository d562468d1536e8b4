package lint

import (
	"errors"
	"strings"

	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/uri"
)

// String returns the findings for s, a URI or text that fails to parse as
// one, in the order URI gives them. Text that parses is linted by URI.
// Text that fails only because of an IPv6 zone identifier is linted as the
// URI without its zone, plus zone-id; any other text gets invalid-uri, at
// the offset and in the component of uri.Parse's error, and the findings
// that the text itself shows ("Text that does not parse" in the package
// doc says which).
//
// Like URI, String runs in time linear in len(s), does not recurse and
// never panics.
func String(s string) []Finding {
	u, err := uri.Parse(s)
	if err == nil {
		return URI(u)
	}
	if !isASCII(s) {
		if f, ok := lintIRI(s); ok {
			return f
		}
	}
	var e *uri.Error
	if !errors.As(err, &e) {
		return raw(s, nil)
	}
	if errors.Is(err, uri.ErrZoneID) {
		if f, ok := withoutZone(s, e.Offset); ok {
			return f
		}
	}
	return raw(s, e)
}

// withoutZone lints s without the zone identifier that starts at the "%"
// at s[pct] and runs to the next "]", if the rest parses.
func withoutZone(s string, pct int) ([]Finding, bool) {
	if pct < 0 || pct >= len(s) {
		return nil, false
	}
	n := strings.IndexAny(s[pct:], "]/?#")
	if n < 0 || s[pct+n] != ']' {
		return nil, false
	}
	zone := n
	u, err := uri.Parse(s[:pct] + s[pct+zone:])
	if err != nil {
		return nil, false
	}
	f := URI(u)
	for i := range f {
		if f[i].Offset >= pct {
			f[i].Offset += zone
		}
	}
	f = append(f, newFinding(CodeZoneID, uri.ComponentHost, pct, 0))
	return sortFindings(f), true
}

// The reasons of package uri that invalid-uri's message names, in the
// order of the messages after the first (which names none).
var invalidReasons = []error{
	uri.ErrInvalidCharacter,
	uri.ErrInvalidEscape,
	uri.ErrInvalidPort,
	uri.ErrInvalidIPLiteral,
	uri.ErrZoneID,
	uri.ErrMissingScheme,
	uri.ErrInvalidScheme,
	uri.ErrTooLong,
}

func init() {
	m := []string{"not a URI (RFC 3986 Appendix A)"}
	for _, r := range invalidReasons {
		m = append(m, "not a URI (RFC 3986 Appendix A): "+r.Error())
	}
	messages[CodeInvalidURI] = m
}

// invalidVariant returns the variant of invalid-uri's message for err.
func invalidVariant(err error) int {
	for i, r := range invalidReasons {
		if errors.Is(err, r) {
			return i + 1
		}
	}
	return 0
}

// rawSpans holds the components of text split as RFC 3986 Appendix B's
// regular expression splits it, and the authority's userinfo as the text
// before its last "@"; each is a pair of offsets, {-1, -1} when absent.
type rawSpans struct {
	scheme, authority, userinfo, path, query, fragment [2]int
}

// splitRaw splits s as Appendix B does:
// ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
func splitRaw(s string) rawSpans {
	none := [2]int{-1, -1}
	r := rawSpans{none, none, none, none, none, none}
	i := strings.IndexAny(s, ":/?#")
	if i > 0 && s[i] == ':' {
		r.scheme = [2]int{0, i}
		i++
	} else {
		i = 0
	}
	if strings.HasPrefix(s[i:], "//") {
		a := i + 2
		n := strings.IndexAny(s[a:], "/?#")
		if n < 0 {
			n = len(s) - a
		}
		r.authority = [2]int{a, a + n}
		if at := strings.LastIndexByte(s[a:a+n], '@'); at >= 0 {
			r.userinfo = [2]int{a, a + at}
		}
		i = a + n
	}
	n := strings.IndexAny(s[i:], "?#")
	if n < 0 {
		n = len(s) - i
	}
	r.path = [2]int{i, i + n}
	i += n
	if i < len(s) && s[i] == '?' {
		n := strings.IndexByte(s[i+1:], '#')
		if n < 0 {
			n = len(s) - i - 1
		}
		r.query = [2]int{i + 1, i + 1 + n}
		i += 1 + n
	}
	if i < len(s) && s[i] == '#' {
		r.fragment = [2]int{i + 1, len(s)}
	}
	return r
}

// raw returns the findings of text that does not parse; e is the error
// of uri.Parse, if it gave one.
func raw(s string, e *uri.Error) []Finding {
	var f []Finding
	r := splitRaw(s)
	if e != nil {
		off, c := e.Offset, e.Component
		if ui := r.userinfo; ui[0] >= 0 && (c == uri.ComponentUserinfo || ui[0] <= off && off <= ui[1]) {
			off, c = ui[0], uri.ComponentUserinfo
		}
		if off < 0 || off > len(s) {
			off = len(s)
		}
		if c < uri.ComponentScheme || c > uri.ComponentFragment {
			c = uri.ComponentScheme
		}
		f = append(f, newFinding(CodeInvalidURI, c, off, invalidVariant(e)))
	} else {
		f = append(f, newFinding(CodeInvalidURI, uri.ComponentScheme, 0, 0))
	}
	if name, path, ok := browserScheme(s); ok && (r.scheme[0] < 0 || s[:r.scheme[1]] != name) {
		// What a browser runs after it cleans the text: " javascript:x",
		// "java\tscript:x".
		if code, v, ok := schemeFinding(name, true, path); ok && code == CodeScriptScheme {
			f = append(f, newFinding(code, uri.ComponentScheme, 0, v))
		}
	}
	if r.scheme[0] >= 0 && validScheme(s[:r.scheme[1]]) {
		sc, ok := scheme.Lookup(s[:r.scheme[1]])
		path := ""
		if r.path[0] >= 0 {
			path = s[r.path[0]:r.path[1]]
		}
		if code, v, ok := schemeFinding(s[:r.scheme[1]], ok, path); ok {
			f = append(f, newFinding(code, uri.ComponentScheme, 0, v))
		}
		if sc.LintText != nil {
			f = appendHook(f, sc.LintText(s))
		}
	}
	if ui := r.userinfo; ui[0] >= 0 {
		if strings.IndexByte(s[ui[0]:ui[1]], ':') >= 0 {
			f = append(f, newFinding(CodePasswordPresent, uri.ComponentUserinfo, ui[0], 0))
		}
		f = scanTriplets(f, s, uri.ComponentUserinfo, ui[0], ui[1])
	}
	for _, p := range [...]struct {
		c    uri.Component
		span [2]int
	}{{uri.ComponentPath, r.path}, {uri.ComponentQuery, r.query}, {uri.ComponentFragment, r.fragment}} {
		if p.span[0] >= 0 {
			f = scanTriplets(f, s, p.c, p.span[0], p.span[1])
		}
	}
	return sortFindings(f)
}

// browserScheme returns the scheme and the rest of s as a browser reads
// them once it has cleaned s (WHATWG URL, basic URL parser: leading and
// trailing C0 controls and spaces removed, every tab and newline
// removed), if the cleaned text starts with a scheme and ":".
func browserScheme(s string) (name, rest string, ok bool) {
	s = strings.TrimLeft(s, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b\x0c\r\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f ")
	colon := strings.IndexByte(s, ':')
	if colon <= 0 || colon > 64 {
		return "", "", false
	}
	name = strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(s[:colon])
	if !validScheme(name) {
		return "", "", false
	}
	return name, s[colon+1:], true
}

// validScheme matches scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
// (RFC 3986 3.1).
func validScheme(s string) bool {
	if s == "" || !('a' <= s[0]|0x20 && s[0]|0x20 <= 'z') {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !isLDH(c) && c != '+' && c != '.' {
			return false
		}
	}
	return true
}
