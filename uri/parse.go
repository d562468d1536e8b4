package uri

import (
	"errors"
	"math"
	"strconv"

	"github.com/urikit/urikit/internal/abnf"
)

// Component names a component of a URI reference (RFC 3986 3): where an
// Error was found, or which character set Escape uses.
type Component uint8

const (
	ComponentScheme   Component = iota + 1 // scheme (3.1)
	ComponentUserinfo                      // userinfo (3.2.1)
	ComponentHost                          // host (3.2.2)
	ComponentPort                          // port (3.2.3)
	ComponentPath                          // path (3.3)
	ComponentQuery                         // query (3.4)
	ComponentFragment                      // fragment (3.5)
)

var componentNames = [...]string{"", "scheme", "userinfo", "host", "port", "path", "query", "fragment"}

// String returns the component's RFC 3986 name: "scheme", "userinfo",
// "host", "port", "path", "query" or "fragment".
func (c Component) String() string {
	if int(c) < len(componentNames) && c != 0 {
		return componentNames[c]
	}
	return "component(" + strconv.Itoa(int(c)) + ")"
}

// MarshalText implements [encoding.TextMarshaler] with String, so that a
// JSON encoding of an Error names the component.
func (c Component) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// The reasons of an Error, for errors.Is. Each documents where Error.Offset
// points.
var (
	// ErrInvalidCharacter: a byte that the component's rule does not allow
	// (RFC 3986 2, Appendix A): a space, a control, a non-ASCII byte, a
	// gen-delim out of place. Offset is that byte.
	ErrInvalidCharacter = errors.New("invalid character")
	// ErrInvalidEscape: a "%" not followed by two hex digits (RFC 3986
	// 2.1). Offset is the "%".
	ErrInvalidEscape = errors.New("invalid percent-encoding")
	// ErrInvalidPort: a port with a byte other than a digit (RFC 3986
	// 3.2.3). Offset is that byte.
	ErrInvalidPort = errors.New("invalid port")
	// ErrInvalidIPLiteral: an IP-literal that is neither an IPv6address nor
	// an IPvFuture, or a "[" that is not closed (RFC 3986 3.2.2). Offset is
	// the first byte inside the brackets that the grammar cannot accept, or
	// the end of the authority when "]" is missing.
	ErrInvalidIPLiteral = errors.New("invalid IP literal")
	// ErrZoneID: an IPv6 zone identifier ("[fe80::1%25eth0]"). RFC 3986 has
	// no zones; RFC 6874 added them and RFC 9844 obsoletes it. Offset is
	// the "%".
	ErrZoneID = errors.New("IPv6 zone identifiers are not allowed")
	// ErrColonInFirstSegment: a relative reference whose first path
	// segment contains ":" (RFC 3986 4.2: it would read as a scheme; write
	// "./a:b"). Offset is the ":".
	ErrColonInFirstSegment = errors.New("colon in first path segment of a relative reference")
	// ErrMissingScheme: Parse was given a relative reference (RFC 3986 3:
	// a URI has a scheme). Offset is 0.
	ErrMissingScheme = errors.New("missing scheme")
	// ErrInvalidScheme: text before the first ":" that is not a scheme
	// (RFC 3986 3.1: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )), found by
	// Parse. Offset is the first byte that cannot be part of a scheme (0
	// for an empty scheme).
	ErrInvalidScheme = errors.New("invalid scheme")
	// ErrInvalidPath: path text that cannot stand where it is (RFC 3986
	// 3.3): with an authority it must be empty or start with "/"; without
	// one it must not start with "//". Only Components.Reference and
	// Components.URI report it (in parsed text the rule is structural).
	// Offset is 0 or 1 in the path text.
	ErrInvalidPath = errors.New("path cannot stand next to the authority (or its absence)")
	// ErrTooLong: an input of 4 GiB or more; offsets are 32-bit. Offset is
	// 1<<32 - 1.
	ErrTooLong = errors.New("input too long")
)

// Error is the error of Parse, ParseReference and the functions that
// validate component text. It holds no text taken from the input, so a
// password can never leak through an error, a log line or a JSON encoding
// of one.
type Error struct {
	// Offset is the byte offset of the first byte that could not be
	// accepted: in the input of Parse and ParseReference, in the component
	// text for Components and Unescape. Each reason says where it points.
	Offset int `json:"offset"`
	// Component is the component being read when the error was found.
	Component Component `json:"component"`
	// Err is the reason, one of the Err* sentinels of this package (or a
	// scheme plugin's own reason, wrapped by that plugin).
	Err error `json:"-"`
}

// Error returns "uri: <component> at offset <n>: <reason>".
func (e *Error) Error() string {
	return "uri: " + e.Component.String() + " at offset " + strconv.Itoa(e.Offset) + ": " + e.Err.Error()
}

// Unwrap returns the reason, for errors.Is and errors.As.
func (e *Error) Unwrap() error { return e.Err }

// MarshalJSON encodes the error as {"offset":N,"component":"...",
// "reason":"..."}: only the reason text, the component name and a number.
func (e *Error) MarshalJSON() ([]byte, error) {
	b := append([]byte(`{"offset":`), strconv.Itoa(e.Offset)...)
	b = append(b, `,"component":`...)
	b = strconv.AppendQuote(b, e.Component.String())
	b = append(b, `,"reason":`...)
	b = strconv.AppendQuote(b, e.Err.Error())
	return append(b, '}'), nil
}

// maxLen is the longest input a 32-bit offset can describe.
const maxLen = math.MaxUint32

// Parse parses s as an RFC 3986 "URI" (section 3, Appendix A): a scheme,
// ":", a hierarchical part, and an optional query and fragment. It accepts
// exactly the grammar: no spaces, no controls, no non-ASCII bytes, no bad
// percent-encodings, no IPv6 zones. It never lowercases, decodes or drops
// anything: String returns s. It does not allocate.
func Parse(s string) (URI, error) {
	c, err := parse(s)
	if err != nil {
		if e := err.(*Error); e.Err == ErrColonInFirstSegment {
			// "a_b:c" has no scheme: say what is wrong with the would-be scheme.
			return URI{}, missingScheme(s)
		}
		return URI{}, err
	}
	if c.flags&hasScheme == 0 {
		return URI{}, missingScheme(s)
	}
	return URI{c}, nil
}

// missingScheme explains why a reference without a scheme is not a URI: if
// its first segment has a ":" the text before it is a bad scheme,
// otherwise the scheme is missing (RFC 3986 3.1).
func missingScheme(s string) *Error {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ':':
			off := 0
			if i > 0 && abnf.Table[s[0]]&abnf.Alpha != 0 {
				off = 1
				for off < i && abnf.Table[s[off]]&abnf.Scheme != 0 {
					off++
				}
			}
			return &Error{Offset: off, Component: ComponentScheme, Err: ErrInvalidScheme}
		case '/', '?', '#':
			i = len(s)
		}
	}
	return &Error{Offset: 0, Component: ComponentScheme, Err: ErrMissingScheme}
}

// MustParse is Parse for literals in tests and package variables: it panics
// if s is not a URI.
func MustParse(s string) URI {
	u, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}

// ParseReference parses s as an RFC 3986 "URI-reference" (section 4.1,
// Appendix A): a URI, or a relative reference (4.2), whose first path
// segment has no ":" unless an authority or a "/" comes first. The empty
// string is the empty reference. It accepts exactly the grammar and does
// not allocate; String returns s.
func ParseReference(s string) (Reference, error) {
	c, err := parse(s)
	if err != nil {
		return Reference{}, err
	}
	return Reference{c}, nil
}

// MustParseReference is ParseReference for literals in tests and package
// variables: it panics if s is not a URI-reference.
func MustParseReference(s string) Reference {
	r, err := ParseReference(s)
	if err != nil {
		panic(err)
	}
	return r
}

// parse reads URI-reference (RFC 3986 4.1): URI / relative-ref. It tries
// the scheme first; without one, the rest is a relative-part whose
// path-noscheme forbids ":" in the first segment.
func parse(s string) (core, error) {
	if len(s) >= maxLen {
		return core{}, &Error{Offset: maxLen, Component: ComponentPath, Err: ErrTooLong}
	}
	c := core{s: s}
	i := parseScheme(s)
	if i > 0 {
		c.schemeEnd = uint32(i)
		c.flags = hasScheme
		i++
	}
	var err error
	if len(s)-i >= 2 && s[i] == '/' && s[i+1] == '/' {
		i, err = c.parseAuthority(i + 2)
		if err != nil {
			return core{}, err
		}
	} else {
		c.hostStart, c.hostEnd, c.pathStart = uint32(i), uint32(i), uint32(i)
		if c.flags&hasScheme == 0 {
			// path-noscheme: the first segment is segment-nz-nc.
			i, err = scan(s, i, abnf.SegmentNZNC, ComponentPath)
			if err != nil {
				return core{}, err
			}
			if i < len(s) && s[i] == ':' {
				return core{}, &Error{Offset: i, Component: ComponentPath, Err: ErrColonInFirstSegment}
			}
		}
	}
	i, err = parsePath(s, i)
	if err != nil {
		return core{}, err
	}
	c.pathEnd = uint32(i)
	c.queryEnd = uint32(i)
	if i < len(s) && s[i] == '?' {
		c.flags |= hasQuery
		i, err = scan(s, i+1, abnf.Query, ComponentQuery)
		if err != nil {
			return core{}, err
		}
		c.queryEnd = uint32(i)
		if i < len(s) && s[i] != '#' {
			return core{}, &Error{Offset: i, Component: ComponentQuery, Err: ErrInvalidCharacter}
		}
	}
	if i < len(s) && s[i] == '#' {
		c.flags |= hasFragment
		i, err = scan(s, i+1, abnf.Query, ComponentFragment)
		if err != nil {
			return core{}, err
		}
	}
	if i < len(s) {
		// Only a second "#" can stop the fragment early.
		return core{}, &Error{Offset: i, Component: ComponentFragment, Err: ErrInvalidCharacter}
	}
	return c, nil
}

// parseScheme reads scheme ":" (RFC 3986 3.1) and returns the index of the
// ":", or 0 when s does not start with a scheme and its ":".
func parseScheme(s string) int {
	if len(s) == 0 || abnf.Table[s[0]]&abnf.Alpha == 0 {
		return 0
	}
	i := 1
	for i < len(s) && abnf.Table[s[i]]&abnf.Scheme != 0 {
		i++
	}
	if i < len(s) && s[i] == ':' {
		return i
	}
	return 0
}

// scan advances over bytes of class and over pct-encoded triplets (RFC 3986
// 2.1) from i and returns where it stopped. The caller decides whether the
// byte there may end the component.
func scan(s string, i int, class abnf.Class, comp Component) (int, error) {
	for i < len(s) {
		b := s[i]
		if abnf.Table[b]&class != 0 {
			i++
			continue
		}
		if b != '%' {
			break
		}
		if !isPctEncoded(s, i) {
			return i, &Error{Offset: i, Component: comp, Err: ErrInvalidEscape}
		}
		i += 3
	}
	return i, nil
}

// isPctEncoded reports whether s[i:] starts with pct-encoded (RFC 3986 2.1):
// "%" HEXDIG HEXDIG.
func isPctEncoded(s string, i int) bool {
	return i+2 < len(s) && s[i] == '%' && abnf.Table[s[i+1]]&abnf.Hexdig != 0 && abnf.Table[s[i+2]]&abnf.Hexdig != 0
}

// parsePath reads the rest of a path (RFC 3986 3.3): *( "/" segment ) after
// whatever the caller has read, up to "?", "#" or the end.
func parsePath(s string, i int) (int, error) {
	for {
		var err error
		i, err = scan(s, i, abnf.Pchar, ComponentPath)
		if err != nil {
			return i, err
		}
		if i == len(s) {
			return i, nil
		}
		switch s[i] {
		case '/':
			i++
		case '?', '#':
			return i, nil
		default:
			return i, &Error{Offset: i, Component: ComponentPath, Err: ErrInvalidCharacter}
		}
	}
}

// parseAuthority reads authority (RFC 3986 3.2) from i, just after "//":
// [ userinfo "@" ] host [ ":" port ]. It sets the offsets and returns the
// index where path-abempty begins.
//
// One scan with the userinfo set, a superset of reg-name's plus ":", finds
// the "@" if there is one. Without an "@" that scan already covered the
// host and port, and the first ":" splits them.
func (c *core) parseAuthority(i int) (int, error) {
	s := c.s
	c.flags |= hasAuthority
	start := i
	j, err := scan(s, i, abnf.Userinfo, ComponentUserinfo)
	if err != nil {
		err.(*Error).Component = authorityComponent(s, start, j)
		return j, err
	}
	if j < len(s) && s[j] == '@' {
		c.flags |= hasUserinfo
		i = j + 1
		j, err = c.parseHost(i)
		if err != nil {
			return j, err
		}
	} else if j < len(s) && s[j] == '[' && j == start {
		j, err = c.parseHost(i)
		if err != nil {
			return j, err
		}
	} else {
		// No userinfo: s[start:j] is host [ ":" port ] read with the
		// userinfo set. The host ends at the first ":".
		c.hostStart = uint32(start)
		h := start
		for h < j && s[h] != ':' {
			h++
		}
		c.hostEnd = uint32(h)
		c.kind = HostRegName
		if isIPv4(s[start:h]) {
			c.kind = HostIPv4
		}
		if h < j {
			c.flags |= hasPort
			for p := h + 1; p < j; p++ {
				if s[p] < '0' || s[p] > '9' {
					return p, &Error{Offset: p, Component: ComponentPort, Err: ErrInvalidPort}
				}
			}
		}
	}
	if j < len(s) {
		switch s[j] {
		case '/', '?', '#':
		default:
			comp := ComponentHost
			if c.flags&hasPort != 0 {
				comp = ComponentPort
			} else if c.flags&hasUserinfo == 0 && s[start] != '[' {
				comp = authorityComponent(s, start, j)
			}
			if comp == ComponentPort {
				return j, &Error{Offset: j, Component: comp, Err: ErrInvalidPort}
			}
			return j, &Error{Offset: j, Component: comp, Err: ErrInvalidCharacter}
		}
	}
	c.pathStart = uint32(j)
	return j, nil
}

// authorityComponent names the subcomponent of an authority that starts at
// start in which a bad byte at bad lies: the userinfo if an "@" follows
// before the authority's end, otherwise the host or, after a ":", the port.
// It runs only on the error path.
func authorityComponent(s string, start, bad int) Component {
	for k := bad; k < len(s); k++ {
		switch s[k] {
		case '@':
			return ComponentUserinfo
		case '/', '?', '#':
			k = len(s)
		}
	}
	for k := start; k < bad; k++ {
		if s[k] == ':' {
			return ComponentPort
		}
	}
	return ComponentHost
}

// parseHost reads host [ ":" port ] (RFC 3986 3.2.2, 3.2.3) from i, after
// a userinfo's "@" or at an IP-literal's "[", and returns where it ended.
func (c *core) parseHost(i int) (int, error) {
	s := c.s
	c.hostStart = uint32(i)
	var err error
	if i < len(s) && s[i] == '[' {
		i, c.kind, err = parseIPLiteral(s, i)
		if err != nil {
			return i, err
		}
	} else {
		i, err = scan(s, i, abnf.RegName, ComponentHost)
		if err != nil {
			return i, err
		}
		c.kind = HostRegName
		if isIPv4(s[c.hostStart:i]) {
			c.kind = HostIPv4
		}
	}
	c.hostEnd = uint32(i)
	if i < len(s) && s[i] == ':' {
		c.flags |= hasPort
		i++
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	}
	return i, nil
}
