package lint

import (
	"strings"

	"github.com/urikit/urikit/internal/jsontext"
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
	seenInvisible
)

// scanTriplets appends to f the findings of the triplets in s[start:end],
// the text of component c, each code once, at its first triplet (in the
// userinfo at start, the userinfo's first byte): encoded-nul,
// encoded-crlf (in the query and fragment only where splitsHeader says),
// encoded-control, encoded-bidi, encoded-invisible,
// encoded-host-delimiter (in the host only) and overlong-utf8, for the
// octets that the package doc lists under "Codes". A "%" not followed by
// two hex digits (text that does not parse) is skipped. It allocates
// nothing beyond f's growth.
func scanTriplets(f []Finding, s string, c uri.Component, start, end int) []Finding {
	seen, breakEnd := 0, -1
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
			// A run of CR and LF triplets is read once, from its first.
			if seen&seenCRLF == 0 && i != breakEnd &&
				(c != uri.ComponentQuery && c != uri.ComponentFragment || splitsHeader(s, i, end)) {
				report(seenCRLF, CodeEncodedCRLF, i, 0)
			}
			breakEnd = i + 3
		case b < 0x20 || b == 0x7f:
			report(seenControl, CodeEncodedControl, i, 0)
		case b == 0xc0 || b == 0xc1 || b == 0xe0 || b == 0xf0:
			if b1, ok := tripletAt(s, i+3, end); ok && 0x80 <= b1 && b1 <= 0xbf &&
				(b <= 0xc1 || b == 0xe0 && b1 <= 0x9f || b == 0xf0 && b1 <= 0x8f) {
				report(seenOverlong, CodeOverlongUTF8, i, 0)
			}
		case 0xc2 <= b && b <= 0xef:
			switch r := encodedRune(s, i, end, b); {
			case 0x80 <= r && r <= 0x9f, r == 0x2028, r == 0x2029:
				report(seenControl, CodeEncodedControl, i, 1)
			case bidiControl(r):
				report(seenBidi, CodeEncodedBidi, i, 0)
			case invisible(r):
				report(seenInvisible, CodeEncodedInvisible, i, 0)
			}
		case 0xf1 <= b && b <= 0xf4:
			if invisible(encodedRune(s, i, end, b)) { // the tag characters
				report(seenInvisible, CodeEncodedInvisible, i, 0)
			}
		case c == uri.ComponentHost && strings.IndexByte(`:/?#[]@\%`, b) >= 0:
			report(seenHostDelimiter, CodeEncodedHostDelimiter, i, 0)
		}
		i += 2
	}
	return f
}

// encodedRune returns the code point of the UTF-8 sequence of two to four
// octets, each a triplet, that starts at s[i] with the lead octet b
// (0xC2-0xF4), or -1 if there is none (RFC 3629 3; overlong forms are
// overlong-utf8's).
func encodedRune(s string, i, end int, b byte) rune {
	b1, ok := tripletAt(s, i+3, end)
	if !ok || b1&0xc0 != 0x80 {
		return -1
	}
	if b < 0xe0 {
		return rune(b&0x1f)<<6 | rune(b1&0x3f)
	}
	b2, ok := tripletAt(s, i+6, end)
	if !ok || b2&0xc0 != 0x80 {
		return -1
	}
	if b < 0xf0 {
		return rune(b&0x0f)<<12 | rune(b1&0x3f)<<6 | rune(b2&0x3f)
	}
	b3, ok := tripletAt(s, i+9, end)
	if !ok || b3&0xc0 != 0x80 {
		return -1
	}
	return rune(b&0x07)<<18 | rune(b1&0x3f)<<12 | rune(b2&0x3f)<<6 | rune(b3&0x3f)
}

// bidiControl reports the bidirectional controls of encoded-bidi (RFC 3987
// 4.1; Unicode Bidi_Control): ALM U+061C, LRM U+200E, RLM U+200F, the
// embeddings and overrides U+202A-U+202E and the isolates U+2066-U+2069.
func bidiControl(r rune) bool {
	return r == 0x061c || r == 0x200e || r == 0x200f || 0x202a <= r && r <= 0x202e || 0x2066 <= r && r <= 0x2069
}

// invisible reports the characters of encoded-invisible, those that
// display as nothing (jsontext.Invisible, which the command line's
// output escapes).
func invisible(r rune) bool { return jsontext.Invisible(r) }

// splitsHeader reports whether the CR or LF triplet at s[i] can split a
// header line when a back end decodes the query or fragment value into
// one (HTTP response splitting, RFC 9112 4, 5; RFC 3986 7.2): after it and
// any CR and LF triplets that follow comes a field name and a colon, raw
// or encoded, so that the decoded value starts a new header field
// ("%0D%0ASet-Cookie:x", "%0ALocation%3A"). The field name is one or more
// letters, digits and "-", raw or as triplets: the characters of every
// registered field name (RFC 9110 16.3.2.1). A run of CR and LF that
// holds two CRLFs is a blank line, which ends the header section (RFC
// 9112 2.1), so that what follows is injected into the body
// ("%0D%0A%0D%0A%3Cscript%3E"): that counts too; two bare LFs, the
// paragraph break of text that JavaScript encoded, do not. A newline in a text
// field of form data ("%0Afn+main()", "line1%0D%0Aline2") is not one, nor
// is a line that starts with a URI ("Hello%0D%0Ahttps://example.com"),
// whose ":" a "//" follows.
func splitsHeader(s string, i, end int) bool {
	j, crlf, prev := i, 0, byte(0)
	for {
		b, ok := tripletAt(s, j, end)
		if !ok || b != '\r' && b != '\n' {
			break
		}
		if b == '\n' && prev == '\r' {
			crlf++
		}
		prev = b
		j += 3
	}
	if crlf >= 2 {
		return true
	}
	name := 0
	for j < end {
		c, w := s[j], 1
		if b, ok := tripletAt(s, j, end); ok {
			c, w = b, 3
		}
		switch {
		case c == ':':
			return name > 0 && !slashesAt(s, j+w, end)
		case isLDH(c):
			name++
			j += w
		default:
			return false
		}
	}
	return false
}

// slashesAt reports whether s[i:end] starts with "//", each "/" raw or
// as a triplet.
func slashesAt(s string, i, end int) bool {
	for k := 0; k < 2; k++ {
		switch b, ok := tripletAt(s, i, end); {
		case ok && b == '/':
			i += 3
		case i < end && s[i] == '/':
			i++
		default:
			return false
		}
	}
	return true
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
