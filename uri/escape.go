package uri

import (
	"strings"

	"github.com/urikit/urikit/internal/class"
)

const upperhex = "0123456789ABCDEF"

// componentClass returns the bytes a component allows as themselves (RFC
// 3986 Appendix A), not counting pct-encoded. The path's set is pchar plus
// "/", handled by the callers, since "/" separates segments.
func componentClass(c Component) class.Class {
	switch c {
	case ComponentScheme:
		return class.Scheme
	case ComponentUserinfo:
		return class.Userinfo
	case ComponentHost:
		return class.RegName
	case ComponentPort:
		return class.Digit
	case ComponentPath:
		return class.Pchar
	case ComponentQuery, ComponentFragment:
		return class.Query
	}
	return 0
}

// allowed reports whether component c allows byte b as itself.
func allowed(b byte, c Component, set class.Class) bool {
	return class.Table[b]&set != 0 || (b == '/' && c == ComponentPath)
}

// Escape percent-encodes data for use as the text of component c (RFC 3986
// 2.1, 2.4): every byte the component does not allow as itself, and every
// "%", becomes "%" and two uppercase hex digits. The path keeps "/" (it
// separates segments: escape each segment's data first if a segment holds
// a "/"), and non-ASCII text is escaped as its UTF-8 bytes (2.5). A scheme
// and a port allow no percent-encoding: escaping data for them gives text
// that validation rejects. Escape returns s itself when nothing needs
// escaping.
func Escape(s string, c Component) string {
	set := componentClass(c)
	n := 0
	for i := 0; i < len(s); i++ {
		if !allowed(s[i], c, set) {
			n++
		}
	}
	if n == 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 2*n)
	for i := 0; i < len(s); i++ {
		if x := s[i]; allowed(x, c, set) {
			b.WriteByte(x)
		} else {
			b.WriteByte('%')
			b.WriteByte(upperhex[x>>4])
			b.WriteByte(upperhex[x&15])
		}
	}
	return b.String()
}

// Unescape decodes the text of component c (RFC 3986 2.1, 2.4): each
// pct-encoded triplet becomes the octet it encodes. It first checks that s
// is valid text of c, every byte allowed in c or part of a pct-encoded
// triplet, and returns an *Error (offsets into s) if not; a host may also be
// an IP-literal, which has no triplets and is returned as it is (3.2.2).
// The result may hold any octets, including invalid UTF-8. Unescape returns
// s itself, without allocating, when s has no "%".
func Unescape(s string, c Component) (string, error) {
	if c == ComponentHost && s != "" && s[0] == '[' {
		// An IP-literal has no pct-encoding (3.2.2): it is its own text.
		end, _, err := parseIPLiteral(s, 0)
		if err != nil {
			return "", err
		}
		if end != len(s) {
			return "", &Error{Offset: end, Component: c, Err: ErrInvalidCharacter}
		}
		return s, nil
	}
	set := componentClass(c)
	n := 0
	for i := 0; i < len(s); {
		switch b := s[i]; {
		case allowed(b, c, set):
			i++
		case b == '%' && c != ComponentScheme && c != ComponentPort:
			if !isPctEncoded(s, i) {
				return "", &Error{Offset: i, Component: c, Err: ErrInvalidEscape}
			}
			n++
			i += 3
		default:
			return "", &Error{Offset: i, Component: c, Err: ErrInvalidCharacter}
		}
	}
	if n == 0 {
		return s, nil
	}
	return unescape(s, n), nil
}

// unescape decodes the n valid pct-encoded triplets of s.
func unescape(s string, n int) string {
	b := make([]byte, 0, len(s)-2*n)
	for i := 0; i < len(s); i++ {
		if s[i] == '%' {
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
		} else {
			b = append(b, s[i])
		}
	}
	return string(b)
}

// unhex returns the value of a HEXDIG.
func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}
