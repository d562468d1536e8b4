// Package tmpldecode reads back the text that a URI Template expansion
// (RFC 6570 3.2.1) wrote for one string: it decodes the pct-encoded
// triplets (RFC 3986 2.1) that the expansion can have written and, for
// the "+" and "#" operators, which let reserved characters and triplets
// through as written (RFC 6570 3.2.3, 3.2.4), only the triplets of octets
// that they encode. Package uritemplate's Match and the command line's
// masking of what Match reads share it, so that both read a string alike.
package tmpldecode

import "github.com/urikit/urikit/internal/class"

// Triplet returns the octet of the pct-encoded triplet at s[i] and
// whether a string's reading decodes it. Without reserved, every
// triplet is decoded. With reserved (a "+" or "#" expansion), a triplet
// is decoded only when the expansion wrote it: written in upper case,
// for an octet that is neither unreserved nor reserved (RFC 3986 2.2,
// 2.3), and for "%25" not followed by two hex digits (a "%" followed by
// them is a triplet of the value, which the expansion let through).
func Triplet(s string, i int, reserved bool) (byte, bool) {
	if s[i] != '%' || i+2 >= len(s) || class.Table[s[i+1]]&class.Hexdig == 0 || class.Table[s[i+2]]&class.Hexdig == 0 {
		return 0, false
	}
	d := unhex(s[i+1])<<4 | unhex(s[i+2])
	if !reserved {
		return d, true
	}
	if isLower(s[i+1]) || isLower(s[i+2]) {
		return 0, false
	}
	hexAfter := i+4 < len(s) && class.Table[s[i+3]]&class.Hexdig != 0 && class.Table[s[i+4]]&class.Hexdig != 0
	return d, class.Table[d]&(class.Unreserved|class.GenDelims|class.SubDelims) == 0 && (d != '%' || !hexAfter)
}

// Decode returns s as its reading decodes it (see Triplet) and, when at
// is not nil, sets at[i] to the offset in the result of the octet that
// s[i] stands for or is part of (a triplet's three bytes stand for one
// octet), at[len(s)] to the result's length; at has len(s)+1 elements.
func Decode(s string, reserved bool, at []int) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if at != nil {
			at[i] = len(b)
		}
		if d, ok := Triplet(s, i, reserved); ok {
			if at != nil {
				at[i+1], at[i+2] = len(b), len(b)
			}
			b = append(b, d)
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	if at != nil {
		at[len(s)] = len(b)
	}
	return string(b)
}

// isLower reports whether the hex digit c is a lowercase letter.
func isLower(c byte) bool { return 'a' <= c && c <= 'f' }

// unhex returns the value of a hex digit.
func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}
