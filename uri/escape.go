package uri

import (
	"strings"
	"unsafe"

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

// Escape percent-encodes data for use as the whole text of component c
// (RFC 3986 2.1, 2.4): every byte the component does not allow as itself,
// and every "%", becomes "%" and two uppercase hex digits; non-ASCII text
// is escaped as its UTF-8 bytes (2.5). Escape returns s itself, without
// allocating, when nothing needs escaping.
//
// Escape keeps every byte the component's rule allows, delimiters of
// subcomponents included ("/" in a path; "&", "=" and "+" in a query): to
// escape one value inside a component, use [EscapeSegment],
// [EscapeUserinfoPart] or [EscapeQueryPart] (see "Percent-encoding" in the
// package doc). A scheme and a port allow no percent-encoding: escaping
// data for them gives text that validation rejects.
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

// byteSet is a set of bytes: the bytes a value keeps as themselves.
type byteSet [256]bool

// keepSet returns the bytes of the classes in c, less the bytes of drop.
func keepSet(c class.Class, drop string) *byteSet {
	var s byteSet
	for b := range s {
		s[b] = class.Table[b]&c != 0
	}
	for i := 0; i < len(drop); i++ {
		s[drop[i]] = false
	}
	return &s
}

var (
	// segmentKeep is pchar (RFC 3986 3.3) less pct-encoded.
	segmentKeep = keepSet(class.Pchar, "")
	// userinfoPartKeep is userinfo's bytes (3.2.1) less ":", which
	// separates the username from the password: unreserved / sub-delims.
	userinfoPartKeep = keepSet(class.Userinfo, ":")
	// queryPartKeep is query's bytes (3.4) less the separators of the
	// pairs ("&", ";", "=") and "+", which form encoding reads as a space.
	queryPartKeep = keepSet(class.Query, "&;=+")
)

// EscapeSegment percent-encodes data for use as one path segment (RFC 3986
// 3.3, 2.1): every byte outside pchar, "/" and "%" included, becomes "%"
// and two uppercase hex digits; non-ASCII text is escaped as its UTF-8
// bytes (2.5). So "AC/DC" gives "AC%2FDC", one segment. It is the exact
// inverse of Unescape with ComponentPath. EscapeSegment returns s itself,
// without allocating, when nothing needs escaping.
//
// A segment "." or ".." is returned as it is and stays a dot-segment:
// reference resolution and normalization remove it (5.2.4), and escaping
// its dots would not help, since "%2E" is equivalent to "." (2.3) and
// normalization decodes it (6.2.2.2). Reject such data, or map it to
// another name, before it becomes a segment. Likewise a ":" is kept (it is
// a pchar), but in the first segment of a relative-path reference it reads
// as the end of a scheme (4.2): write "./" before that segment.
func EscapeSegment(s string) string { return escapeValue(s, segmentKeep) }

// EscapeUserinfoPart percent-encodes data for use as the username or the
// password of a userinfo (RFC 3986 3.2.1, 2.1): every byte outside
// unreserved and sub-delims becomes "%" and two uppercase hex digits,
// including ":", which separates the username from the password, "@",
// which ends the userinfo, and "%". It is the exact inverse of Unescape
// with ComponentUserinfo, and so of the decoding of Username and Password.
// EscapeUserinfoPart returns s itself, without allocating, when nothing
// needs escaping. RFC 3986 3.2.1 deprecates passwords in URIs.
func EscapeUserinfoPart(s string) string { return escapeValue(s, userinfoPartKeep) }

// EscapeQueryPart percent-encodes data for use as one key or one value of
// a query's pairs (RFC 3986 3.4, 2.1; see [QueryPairs]): every byte outside
// the query's characters becomes "%" and two uppercase hex digits, and so
// do "&" and ";" (which separate pairs), "=" (which separates a key from
// its value), "+" (which form encoding reads as a space), "#" and "%". A
// space becomes "%20", which both decodings read as a space. It is the
// exact inverse of Unescape with ComponentQuery and of both
// [QueryPair.Decode] and [QueryPair.DecodeForm]. EscapeQueryPart returns s
// itself, without allocating, when nothing needs escaping.
func EscapeQueryPart(s string) string { return escapeValue(s, queryPartKeep) }

// escapeValue percent-encodes every byte of s that keep does not hold.
func escapeValue(s string, keep *byteSet) string {
	n := 0
	for i := 0; i < len(s); i++ {
		if !keep[s[i]] {
			n++
		}
	}
	if n == 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 2*n)
	for i := 0; i < len(s); i++ {
		if x := s[i]; keep[x] {
			b.WriteByte(x)
		} else {
			b.WriteByte('%')
			b.WriteByte(upperhex[x>>4])
			b.WriteByte(upperhex[x&15])
		}
	}
	return b.String()
}

// appendEscaped appends s to b, percent-encoding every byte that keep does
// not hold.
func appendEscaped(b []byte, s string, keep *byteSet) []byte {
	for i := 0; i < len(s); i++ {
		if x := s[i]; keep[x] {
			b = append(b, x)
		} else {
			b = append(b, '%', upperhex[x>>4], upperhex[x&15])
		}
	}
	return b
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

// unescape decodes the n valid pct-encoded triplets of s. It allocates
// once, and not at all when s is a single triplet.
func unescape(s string, n int) string {
	if len(s) == 3 {
		c := unhex(s[1])<<4 | unhex(s[2])
		return octets[c : int(c)+1]
	}
	b := make([]byte, len(s)-2*n)
	j := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' {
			c = unhex(s[i+1])<<4 | unhex(s[i+2])
			i += 2
		}
		b[j] = c
		j++
	}
	// b holds at least one octet (n > 0) and is never written again.
	return unsafe.String(&b[0], len(b))
}

// octets holds every octet once, in order: octets[c:c+1] is the string of
// octet c.
var octets = func() string {
	var b [256]byte
	for i := range b {
		b[i] = byte(i)
	}
	return string(b[:])
}()

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
