package lint

import (
	"strings"

	"github.com/urikit/urikit/uri"
)

// encodings scans the triplets of the userinfo, a reg-name host, the path,
// the query and the fragment (RFC 3986 7.2, 7.3).
func (l *linter) encodings() {
	for _, c := range [...]uri.Component{uri.ComponentUserinfo, uri.ComponentHost, uri.ComponentPath, uri.ComponentQuery, uri.ComponentFragment} {
		start, end, ok := l.span(c)
		if !ok || c == uri.ComponentHost && l.u.HostKind() != uri.HostRegName {
			continue
		}
		l.f = scanTriplets(l.f, l.s, c, start, end)
	}
}

// The findings of scanTriplets, as bits of a set of those already made.
const (
	seenNUL = 1 << iota
	seenCRLF
	seenControl
	seenBidi
	seenHostDelimiter
	seenOverlong
)

// scanTriplets appends to f the findings of the triplets in s[start:end],
// the text of component c, each code once, at its first triplet (in the
// userinfo at start, the userinfo's first byte): encoded-nul,
// encoded-crlf, encoded-control, encoded-bidi, encoded-host-delimiter (in
// the host only) and overlong-utf8, for the octets that the package doc
// lists under "Codes". A "%" not followed by two hex digits (text that
// does not parse) is skipped. It allocates nothing beyond f's growth.
func scanTriplets(f []Finding, s string, c uri.Component, start, end int) []Finding {
	seen := 0
	report := func(bit int, code string, i, variant int) {
		if seen&bit != 0 {
			return
		}
		seen |= bit
		if c == uri.ComponentUserinfo {
			i = start
		}
		f = append(f, newFinding(code, c, i, variant))
	}
	for i := start; i < end; i++ {
		if s[i] != '%' {
			continue
		}
		b, ok := tripletAt(s, i, end)
		if !ok {
			continue
		}
		switch {
		case b == 0:
			report(seenNUL, CodeEncodedNUL, i, 0)
		case b == '\r' || b == '\n':
			report(seenCRLF, CodeEncodedCRLF, i, 0)
		case b < 0x20 || b == 0x7f:
			report(seenControl, CodeEncodedControl, i, 0)
		case b == 0xc0 || b == 0xc1 || b == 0xe0 || b == 0xf0:
			if b1, ok := tripletAt(s, i+3, end); ok && 0x80 <= b1 && b1 <= 0xbf &&
				(b <= 0xc1 || b == 0xe0 && b1 <= 0x9f || b == 0xf0 && b1 <= 0x8f) {
				report(seenOverlong, CodeOverlongUTF8, i, 0)
			}
		case b == 0xc2 || b == 0xd8 || b == 0xe2:
			b1, ok1 := tripletAt(s, i+3, end)
			b2, ok2 := tripletAt(s, i+6, end)
			switch {
			case b == 0xc2 && ok1 && 0x80 <= b1 && b1 <= 0x9f:
				report(seenControl, CodeEncodedControl, i, 1)
			case b == 0xd8 && ok1 && b1 == 0x9c:
				report(seenBidi, CodeEncodedBidi, i, 0)
			case b == 0xe2 && ok1 && ok2 && b1 == 0x80 && (b2 == 0xa8 || b2 == 0xa9):
				report(seenControl, CodeEncodedControl, i, 1)
			case b == 0xe2 && ok1 && ok2 && b1 == 0x80 && (b2 == 0x8e || b2 == 0x8f || 0xaa <= b2 && b2 <= 0xae),
				b == 0xe2 && ok1 && ok2 && b1 == 0x81 && 0xa6 <= b2 && b2 <= 0xa9:
				report(seenBidi, CodeEncodedBidi, i, 0)
			}
		case c == uri.ComponentHost && strings.IndexByte(`:/?#[]@\%`, b) >= 0:
			report(seenHostDelimiter, CodeEncodedHostDelimiter, i, 0)
		}
		i += 2
	}
	return f
}

// tripletAt returns the octet of the triplet at s[i] (RFC 3986 2.1), if
// s[i:end] starts with one.
func tripletAt(s string, i, end int) (byte, bool) {
	if i < 0 || i+2 >= end || s[i] != '%' {
		return 0, false
	}
	hi, ok1 := digitValue(s[i+1])
	lo, ok2 := digitValue(s[i+2])
	if !ok1 || !ok2 {
		return 0, false
	}
	return byte(hi<<4 | lo), true
}

// percentDecode decodes every triplet of s and keeps every other byte (a
// "%" without two hex digits included). It returns s itself when s has no
// "%".
func percentDecode(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if c, ok := tripletAt(s, i, len(s)); ok {
			b = append(b, c)
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return string(b)
}
