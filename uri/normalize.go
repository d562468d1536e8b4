package uri

import (
	"strings"
	"unsafe"

	"github.com/urikit/urikit/internal/class"
)

// Normalize returns u in syntax-based normal form (RFC 3986 6.2.2), the
// second rung of the comparison ladder (6.2): two URIs that normalize to the
// same value are equivalent. It lowercases the scheme, uppercases the hex
// digits of every triplet and decodes those that encode an unreserved
// character, lowercases the host and removes the path's dot segments, in
// the order and with the limits that "Normalization" in the package doc
// gives; it keeps everything else, the case of userinfo, path, query and
// fragment and an empty query, fragment or port included.
//
// Normalize is idempotent, and its result re-parses to itself. When u is
// already normal it returns u itself without allocating; otherwise it
// allocates once.
func (u URI) Normalize() URI { return URI{u.normalize()} }

// Normalize returns r in syntax-based normal form (RFC 3986 6.2.2), with
// the steps and guarantees of [URI.Normalize], except that dot segments
// are removed (6.2.2.3, 5.2.4) only from a reference that has a scheme, an
// authority or a path starting with "/". A relative-path reference (4.2)
// keeps its dot segments: they mean something only against a base
// (removing them would turn "a/../../b" into "/b" and "./a:b" into the
// scheme-looking "a:b"). Resolve a reference before comparing it (6.1).
func (r Reference) Normalize() Reference { return Reference{r.normalize()} }

// normalize is Normalize on the shared representation.
func (c core) normalize() core {
	dots := c.removesDots()
	if c.isNormal(dots) {
		return c
	}
	var n core
	if err := n.parse(c.normalText(dots)); err != nil {
		// Every step keeps the text inside the grammar: decoding yields
		// only unreserved bytes, case changes touch only letters, dot
		// segment removal keeps a path valid, and the "/." prefix keeps
		// it from reading as an authority.
		panic("uri: normalized text does not parse: " + err.Error())
	}
	return n
}

// removesDots reports whether normalization removes the dot segments of c's
// path (RFC 3986 6.2.2.3): for a URI, and for a relative reference with an
// authority or an absolute path, whose dot segments resolution would
// remove whatever the base (5.2.2).
func (c core) removesDots() bool {
	return c.flags&(hasScheme|hasAuthority) != 0 || (c.pathEnd > c.pathStart && c.s[c.pathStart] == '/')
}

// isNormal reports, without allocating, whether normalize would return c
// unchanged.
func (c core) isNormal(dots bool) bool {
	s := c.s
	if c.flags&upperScheme != 0 {
		return false
	}
	// Only pct-encoded triplets hold "%": the scheme, the port and an
	// IP-literal have none (RFC 3986 3.1, 3.2.2, 3.2.3).
	if needsPctNormal(s[c.schemeEnd:]) {
		return false
	}
	if c.flags&caseHost != 0 {
		for i := c.hostStart; i < c.hostEnd; i++ {
			if s[i] == '%' {
				i += 2
			} else if isUpper(s[i]) {
				return false
			}
		}
	}
	if dots {
		// A path without dot-segments is normal; one with them is normal
		// only in the "/.//" form of the documented deviation.
		p := s[c.pathStart:c.pathEnd]
		if dotSegment(p) >= 0 {
			if _, ok := unguarded(p, c.flags&hasAuthority != 0); !ok {
				return false
			}
		}
	}
	return true
}

// normalTriplet reports whether the pct-encoded triplet "%" hi lo is in
// normal form (RFC 3986 6.2.2.1, 6.2.2.2): uppercase hex digits, and an
// octet that is not an unreserved character.
func normalTriplet(hi, lo byte) bool {
	return !isLowerHex(hi) && !isLowerHex(lo) && class.Table[unhex(hi)<<4|unhex(lo)]&class.Unreserved == 0
}

func isUpper(b byte) bool    { return 'A' <= b && b <= 'Z' }
func isLowerHex(b byte) bool { return 'a' <= b && b <= 'f' }

// lower returns the lowercase of an ASCII letter, any other byte as is.
func lower(b byte) byte {
	if isUpper(b) {
		return b + 'a' - 'A'
	}
	return b
}

// normalText writes the normal form of c (see URI.Normalize) into one
// buffer, its only allocation, and returns it as a string.
//
// The path is written to the buffer, its triplets normalized, before
// remove_dot_segments (RFC 3986 5.2.4, dotseg.go) removes its dot-segments
// there, in place, so that a "%2E" decoded to "." counts as one.
func (c core) normalText(dots bool) string {
	s := c.s
	rawPath := s[c.pathStart:c.pathEnd]
	// Nothing grows but the "/." prefix.
	n := len(s) + 2
	b := make([]byte, 0, n)
	for i := uint32(0); i < c.schemeEnd; i++ {
		b = append(b, lower(s[i]))
	}
	i := c.schemeEnd
	if c.flags&hasScheme != 0 {
		b = append(b, ':')
		i++
	}
	if c.flags&hasAuthority != 0 {
		b = append(b, '/', '/')
		b = appendNormalPct(b, s[i+2:c.hostStart], false)
		if c.kind == HostIPv6 || c.kind == HostIPvFuture {
			for j := c.hostStart; j < c.hostEnd; j++ {
				b = append(b, lower(s[j]))
			}
		} else {
			b = appendNormalPct(b, s[c.hostStart:c.hostEnd], true)
		}
		b = append(b, s[c.hostEnd:c.pathStart]...)
	}
	p := len(b)
	b = appendNormalPct(b, rawPath, false)
	if dots {
		// Only decoding changes a path's length, and only decoding makes
		// a dot-segment ("%2E"): otherwise the walk starts where the
		// raw path's first dot-segment is.
		i := 0
		if len(b)-p == len(rawPath) {
			i = dotSegment(rawPath)
		}
		if i >= 0 {
			k := removeDots(b[p:], i)
			if c.flags&hasAuthority == 0 && needsDotGuard(b[p:p+k]) {
				k = guardDots(b[p:p+k+2], k)
			}
			b = b[:p+k]
		}
	}
	b = appendNormalPct(b, s[c.pathEnd:], false)
	// b is never written again: hand its bytes to the string, as
	// strings.Builder does, so that the copy is not a second allocation.
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// needsPctNormal reports whether s has a pct-encoded triplet that is not in
// normal form (RFC 3986 6.2.2.1, 6.2.2.2).
func needsPctNormal(s string) bool {
	for {
		i := strings.IndexByte(s, '%')
		if i < 0 {
			return false
		}
		if !normalTriplet(s[i+1], s[i+2]) {
			return true
		}
		s = s[i+3:]
	}
}

// appendNormalPct appends s with every pct-encoded triplet in normal form
// (RFC 3986 6.2.2.1, 6.2.2.2): an encoded unreserved character decoded,
// the hex digits of the others uppercase. With host it also lowercases
// every letter outside the remaining triplets, decoded ones included
// (6.2.2.1: the host is case-insensitive).
func appendNormalPct(b []byte, s string, host bool) []byte {
	if host {
		for i := 0; i < len(s); i++ {
			if s[i] == '%' {
				b = appendNormalTriplet(b, s[i+1], s[i+2], true)
				i += 2
			} else {
				b = append(b, lower(s[i]))
			}
		}
		return b
	}
	// Copy the runs between triplets whole.
	for {
		i := strings.IndexByte(s, '%')
		if i < 0 {
			return append(b, s...)
		}
		b = append(b, s[:i]...)
		b = appendNormalTriplet(b, s[i+1], s[i+2], false)
		s = s[i+3:]
	}
}

// appendNormalTriplet appends the normal form of the triplet "%" hi lo: the
// unreserved character it encodes (lowercased in a host), or the triplet
// with uppercase hex digits.
func appendNormalTriplet(b []byte, hi, lo byte, host bool) []byte {
	v := unhex(hi)<<4 | unhex(lo)
	if class.Table[v]&class.Unreserved == 0 {
		return append(b, '%', upperhex[v>>4], upperhex[v&15])
	}
	if host {
		v = lower(v)
	}
	return append(b, v)
}
