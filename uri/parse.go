package uri

import (
	"math"

	"github.com/urikit/urikit/internal/class"
)

// maxLen is the longest input whose offsets, its length included, fit in
// 32 bits.
const maxLen = math.MaxUint32

// tooLongOffset is the Offset of ErrTooLong, a variable so that the
// conversion to int compiles where int has 32 bits (no string can be that
// long there).
var tooLongOffset uint64 = maxLen

// Parse parses s as an RFC 3986 "URI" (section 3, Appendix A): a scheme,
// ":", a hierarchical part, and an optional query and fragment. It accepts
// exactly the grammar: no spaces, no controls, no non-ASCII bytes, no bad
// percent-encodings, no IPv6 zones. It never lowercases, decodes or drops
// anything: String returns s. It does not allocate.
func Parse(s string) (URI, error) {
	var u URI
	if err := u.parse(s); err != nil {
		if e := err.(*Error); e.Err == ErrColonInFirstSegment {
			// "a_b:c" has no scheme: say what is wrong with the would-be scheme.
			return URI{}, missingScheme(s)
		}
		return URI{}, err
	}
	if u.flags&hasScheme == 0 {
		return URI{}, missingScheme(s)
	}
	return u, nil
}

// missingScheme explains why a reference without a scheme is not a URI: if
// its first segment has a ":" the text before it is a bad scheme,
// otherwise the scheme is missing (RFC 3986 3.1).
func missingScheme(s string) *Error {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ':':
			off := 0
			if i > 0 && class.Table[s[0]]&class.Alpha != 0 {
				off = 1
				for off < i && class.Table[s[off]]&class.Scheme != 0 {
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
	var r Reference
	if err := r.parse(s); err != nil {
		return Reference{}, err
	}
	return r, nil
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
func (c *core) parse(s string) error {
	if uint64(len(s)) > maxLen {
		return &Error{Offset: int(tooLongOffset), Component: ComponentPath, Err: ErrTooLong}
	}
	*c = core{s: s}
	i, upper := scanScheme(s)
	if i > 0 {
		c.schemeEnd = uint32(i)
		c.flags = hasScheme | upper
		i++
	}
	var err error
	if len(s)-i >= 2 && s[i] == '/' && s[i+1] == '/' {
		i, err = c.parseAuthority(i + 2)
		if err != nil {
			return err
		}
	} else {
		c.hostStart, c.hostEnd, c.pathStart = uint32(i), uint32(i), uint32(i)
		if c.flags&hasScheme == 0 {
			// path-noscheme: the first segment is segment-nz-nc.
			i = scan(s, i, class.SegmentNZNC)
			if i < len(s) && s[i] == '%' {
				return stopError(s, i, ComponentPath)
			}
			if i < len(s) && s[i] == ':' {
				return &Error{Offset: i, Component: ComponentPath, Err: ErrColonInFirstSegment}
			}
		}
	}
	i, err = parsePath(s, i)
	if err != nil {
		return err
	}
	c.pathEnd = uint32(i)
	c.queryEnd = uint32(i)
	if i < len(s) && s[i] == '?' {
		c.flags |= hasQuery
		i = scan(s, i+1, class.Query)
		c.queryEnd = uint32(i)
		if i < len(s) && s[i] != '#' {
			return stopError(s, i, ComponentQuery)
		}
	}
	if i < len(s) && s[i] == '#' {
		c.flags |= hasFragment
		i = scan(s, i+1, class.Query)
		if i < len(s) {
			return stopError(s, i, ComponentFragment)
		}
	}
	return nil
}

// parseScheme reads scheme ":" (RFC 3986 3.1) and returns the index of the
// ":", or 0 when s does not start with a scheme and its ":".
func parseScheme(s string) int {
	i, _ := scanScheme(s)
	return i
}

// scanScheme is parseScheme, which also returns upperScheme when the
// scheme holds a capital letter, 0 otherwise.
func scanScheme(s string) (int, uint8) {
	if len(s) == 0 || class.Table[s[0]]&class.Alpha == 0 {
		return 0, 0
	}
	t := schemeByte[s[0]]
	i := 1
	for ; i < len(s) && schemeByte[s[i]] != 0; i++ {
		t |= schemeByte[s[i]]
	}
	if i < len(s) && s[i] == ':' {
		return i, t & upperScheme
	}
	return 0, 0
}

// schemeByte holds, for each byte of class.Scheme, 1, or 1|upperScheme
// for a capital letter; 0 for the other bytes.
var schemeByte = func() (t [256]uint8) {
	for b := range t {
		if class.Table[b]&class.Scheme != 0 {
			t[b] = 1
			if isUpper(byte(b)) {
				t[b] |= upperScheme
			}
		}
	}
	return t
}()

// scan advances over bytes of set and over pct-encoded triplets (RFC 3986
// 2.1) from i and returns where it stopped. The caller decides whether the
// byte there may end the component; stopError says why not.
func scan(s string, i int, set class.Class) int {
	for {
		r := s[i:]
		j := 0
		// Four bytes per step while all four are in set, then one.
		for ; j+4 <= len(r); j += 4 {
			t := r[j : j+4]
			if class.Table[t[0]]&class.Table[t[1]]&class.Table[t[2]]&class.Table[t[3]]&set == 0 {
				break
			}
		}
		for ; j < len(r) && class.Table[r[j]]&set != 0; j++ {
		}
		i += j
		if !isPctEncoded(s, i) {
			return i
		}
		i += 3
	}
}

// stopError is the error for the byte at i, where a scan of comp stopped
// and the component cannot end: a "%" that starts no pct-encoded triplet,
// or else a byte the component does not allow.
func stopError(s string, i int, comp Component) *Error {
	if s[i] == '%' {
		return &Error{Offset: i, Component: comp, Err: ErrInvalidEscape}
	}
	if comp == ComponentPort {
		return &Error{Offset: i, Component: comp, Err: ErrInvalidPort}
	}
	return &Error{Offset: i, Component: comp, Err: ErrInvalidCharacter}
}

// isPctEncoded reports whether s[i:] starts with pct-encoded (RFC 3986 2.1):
// "%" HEXDIG HEXDIG.
func isPctEncoded(s string, i int) bool {
	return i+2 < len(s) && s[i] == '%' && class.Table[s[i+1]]&class.Hexdig != 0 && class.Table[s[i+2]]&class.Hexdig != 0
}

// parsePath reads the rest of a path (RFC 3986 3.3): *( "/" segment ) after
// whatever the caller has read, up to "?", "#" or the end.
func parsePath(s string, i int) (int, error) {
	i = scan(s, i, class.Path)
	if i < len(s) && s[i] != '?' && s[i] != '#' {
		return i, stopError(s, i, ComponentPath)
	}
	return i, nil
}

// parseAuthority reads authority (RFC 3986 3.2) from i, just after "//":
// [ userinfo "@" ] host [ ":" port ]. It sets the offsets and returns the
// index where path-abempty begins.
//
// The common authority has no userinfo, so it is read first as reg-name [
// ":" *DIGIT ]; only when an "@" or another byte follows does the text read
// so far turn out to be a userinfo, whose set is reg-name's plus ":".
func (c *core) parseAuthority(i int) (int, error) {
	s := c.s
	c.flags |= hasAuthority
	start := i
	j, lower := scanHost(s, i)
	colon := -1
	if j < len(s) && s[j] == ':' {
		colon = j
		j++
		for j < len(s) && s[j]-'0' < 10 {
			j++
		}
		if j == len(s) || s[j] == '/' || s[j] == '?' || s[j] == '#' {
			c.setRegName(start, colon, lower)
			c.flags |= hasPort
			c.pathStart = uint32(j)
			return j, nil
		}
		j = scan(s, j, class.Userinfo)
	}
	var err error
	switch {
	case j < len(s) && s[j] == '@':
		c.flags |= hasUserinfo
		if j, err = c.parseHost(j + 1); err != nil {
			return j, err
		}
	case j == start && j < len(s) && s[j] == '[':
		if j, err = c.parseHost(start); err != nil {
			return j, err
		}
	case colon >= 0:
		// Neither a userinfo nor a port: name the first byte that a
		// port cannot hold, unless an "@" further on says this was
		// meant as a userinfo.
		if authorityComponent(s, start, j) == ComponentUserinfo {
			return j, stopError(s, j, ComponentUserinfo)
		}
		p := colon + 1
		for s[p]-'0' < 10 {
			p++
		}
		return p, &Error{Offset: p, Component: ComponentPort, Err: ErrInvalidPort}
	default:
		c.setRegName(start, j, lower)
	}
	if j < len(s) && s[j] != '/' && s[j] != '?' && s[j] != '#' {
		comp := ComponentHost
		if c.flags&hasPort != 0 {
			comp = ComponentPort
		} else if c.flags&hasUserinfo == 0 && s[start] != '[' {
			comp = authorityComponent(s, start, j)
		}
		return j, stopError(s, j, comp)
	}
	c.pathStart = uint32(j)
	return j, nil
}

// setRegName records s[start:end] as the host: an IPv4address if it
// matches that rule, a reg-name otherwise (RFC 3986 3.2.2); lower says
// that it holds no capital letter and no pct-encoded triplet (caseHost).
func (c *core) setRegName(start, end int, lower bool) {
	c.hostStart, c.hostEnd = uint32(start), uint32(end)
	c.kind = HostRegName
	if isIPv4(c.s[start:end]) {
		c.kind = HostIPv4
	}
	if !lower {
		c.flags |= caseHost
	}
}

// scanHost is scan(s, i, class.RegName), which also reports whether the
// bytes it passed are lower: no capital letter and no pct-encoded
// triplet, the common host, which normalization leaves as it is (RFC
// 3986 6.2.2.1). It reads lowercase bytes as scan reads its set, four at
// a time, and hands over to scan at the first other byte.
func scanHost(s string, i int) (int, bool) {
	r := s[i:]
	j := 0
	for ; j+4 <= len(r); j += 4 {
		t := r[j : j+4]
		if lowerRegName[t[0]]&lowerRegName[t[1]]&lowerRegName[t[2]]&lowerRegName[t[3]] == 0 {
			break
		}
	}
	for ; j < len(r) && lowerRegName[r[j]] != 0; j++ {
	}
	i += j
	if i < len(s) && (isUpper(s[i]) || s[i] == '%') {
		return scan(s, i, class.RegName), false
	}
	return i, true
}

// lowerRegName holds 1 for the bytes of class.RegName that are not
// capital letters, for scanHost.
var lowerRegName = func() (t [256]uint8) {
	for b := range t {
		if class.Table[b]&class.RegName != 0 && !isUpper(byte(b)) {
			t[b] = 1
		}
	}
	return t
}()

// hasUpper reports whether s holds a capital letter (ASCII).
func hasUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if isUpper(s[i]) {
			return true
		}
	}
	return false
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
		c.flags |= caseHost
	} else {
		var lower bool
		i, lower = scanHost(s, i)
		c.setRegName(int(c.hostStart), i, lower)
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
