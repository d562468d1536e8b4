package uri

import (
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/urikit/urikit/internal/class"
	"github.com/urikit/urikit/internal/jsontext"
	"golang.org/x/net/idna"
)

// This file maps between URIs and IRIs (RFC 3987): FromIRI turns an IRI
// into the URI it stands for (3.1), IRI turns a URI into text for display
// (3.2), and HostASCII and HostUnicode convert a reg-name with IDNA
// (RFC 5890-5891, UTS #46) through the idna.Lookup and idna.Display
// profiles of golang.org/x/net/idna, never through the permissive
// top-level idna.ToASCII.

// The reasons of the IRI and IDNA functions, for errors.Is. Like every
// Error of this package they carry an offset and a component, never text
// of the input.
var (
	// ErrIDNA: a host that the IDNA profile rejects (RFC 5891 5, UTS #46
	// section 4): a disallowed code point, a bad hyphen, an invalid
	// punycode label, a label that breaks the bidi rule, a character
	// outside letters, digits and hyphens (STD3 rules, so "_" too).
	// Offset is the start of the host.
	ErrIDNA = errors.New("host is not a valid internationalized domain name")
	// ErrInvalidUTF8: text that must be UTF-8 is not: an IRI (RFC 3987
	// 3.1: a sequence of characters), or a reg-name whose pct-encoded
	// octets are converted with IDNA (RFC 3986 3.2.2: non-ASCII reg-names
	// are pct-encoded UTF-8). Offset is the first byte of the bad sequence
	// in an IRI, the start of the host otherwise.
	ErrInvalidUTF8 = errors.New("invalid UTF-8")
	// ErrIRICharacter: a character that no IRI may hold where it stands
	// (RFC 3987 2.2, 4.1): a non-ASCII code point that is neither ucschar
	// nor iprivate, an iprivate outside the query, or a bidirectional
	// formatting character (LRM, RLM, LRE, RLE, LRO, RLO, PDF). Offset is
	// its first byte.
	ErrIRICharacter = errors.New("character not allowed in an IRI")
	// ErrHostTooLong: a reg-name that IDNA would convert, or has
	// converted, to a domain name longer than DNS allows (RFC 1034 3.1,
	// RFC 5890 2.3.2.1): a label of more than 63 octets, or a name of
	// more than 253 octets without its trailing dot. The limits hold for
	// the ASCII form that DNS carries (A-labels, "xn--"); to keep the time
	// linear they are also checked before conversion, on the pct-decoded
	// text counted in code points (punycode writes at least one octet for
	// each), with U+3002, U+FF0E and U+FF61 separating labels as "." does
	// (UTS #46 maps them to it). Offset is the first byte, in the input, of
	// the label that is too long or that takes the name past 253.
	ErrHostTooLong = errors.New("host longer than DNS allows")
)

// The DNS limits on a domain name in text form (RFC 1034 3.1: 63 octets a
// label, 255 octets a name in wire form, which is 253 in text without the
// trailing dot).
const (
	maxLabelLen = 63
	maxNameLen  = 253
)

// checkHostLength checks the DNS limits on a reg-name (RFC 3986 3.2.2),
// pct-encoded or not, counted in code points of its decoded text, labels
// ended by a stop (see isLabelStop), one trailing stop allowed. It returns
// -1, or the offset in h of the label that breaks a limit, and the index
// of that label. It reads each byte once.
func checkHostLength(h string) (off, index int) {
	label, labelLen, nameLen := 0, 0, 0
	for i := 0; i < len(h); {
		seq, n, next := nextCodePoint(h, i)
		i = next
		nameLen++
		if isLabelStop(seq[:n]) {
			label, labelLen = i, 0
			index++
			continue
		}
		labelLen++
		if labelLen > maxLabelLen || nameLen > maxNameLen {
			return label, index
		}
	}
	return -1, 0
}

// labelOffset returns the offset in h of the label with the given index,
// labels ended as checkHostLength ends them (0 if there is no such label).
func labelOffset(h string, index int) int {
	for i := 0; i < len(h) && index > 0; {
		seq, n, next := nextCodePoint(h, i)
		i = next
		if isLabelStop(seq[:n]) {
			if index--; index == 0 {
				return i
			}
		}
	}
	return 0
}

// nextCodePoint returns the decoded bytes of the UTF-8 sequence that starts
// at h[i] (pct-encoded or not), how many there are, and the offset after
// them. A byte that starts no sequence, or a sequence cut short, counts as
// one code point of its own.
func nextCodePoint(h string, i int) (seq [utf8.UTFMax]byte, n, next int) {
	seq[0], next = hostByte(h, i)
	n = 1
	for w := utf8SeqLen(seq[0]); n < w && next < len(h); n++ {
		c, j := hostByte(h, next)
		if c&0xC0 != 0x80 {
			break
		}
		seq[n], next = c, j
	}
	return seq, n, next
}

// hostByte decodes the byte at h[i], a pct-encoded triplet or not, and
// returns the offset after it.
func hostByte(h string, i int) (byte, int) {
	if h[i] == '%' && i+2 < len(h) {
		return unhex(h[i+1])<<4 | unhex(h[i+2]), i + 3
	}
	return h[i], i + 1
}

// isLabelStop reports whether a decoded code point ends a label: "." and
// the three full stops that UTS #46 maps to it (section 4, step 1 mapping:
// U+3002, U+FF0E, U+FF61).
func isLabelStop(seq []byte) bool {
	switch string(seq) {
	case ".", "\u3002", "\uff0e", "\uff61":
		return true
	}
	return false
}

// IRIOption changes how FromIRI converts an IRI (RFC 3987 3.1).
type IRIOption uint8

const (
	// IRIHostPercentEncoded keeps a non-ASCII reg-name as pct-encoded
	// UTF-8, like every other component (RFC 3987 3.1 step 2; RFC 3986
	// 3.2.2 allows it), instead of converting it with IDNA. Use it for
	// schemes whose hosts are not DNS names, or to keep the conversion
	// reversible.
	IRIHostPercentEncoded IRIOption = 1 << iota
)

// FromIRI converts an IRI reference (RFC 3987 2.2: IRI-reference, UTF-8
// text) to the URI reference it maps to (RFC 3987 3.1): every character
// outside US-ASCII is pct-encoded as its UTF-8 octets, except in a
// reg-name, which goes through IDNA (the idna.Lookup profile) unless opts
// hold [IRIHostPercentEncoded]: "http://résumé.example/" gives
// "http://xn--rsum-bpad.example/". FromIRI is strict, and a host it
// converts with IDNA must fit DNS; "IRIs" in the package doc gives the
// rules. An error is an *Error whose Offset is in s (ErrHostTooLong for a
// host beyond DNS's limits); nothing partially converted is returned. An
// ASCII input is parsed as it is.
func FromIRI(s string, opts ...IRIOption) (Reference, error) {
	var o IRIOption
	for _, x := range opts {
		o |= x
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			n++
		}
	}
	if n == 0 {
		return ParseReference(s)
	}
	if uint64(len(s))+2*uint64(n) > maxLen {
		return Reference{}, &Error{Offset: int(tooLongOffset), Component: ComponentPath, Err: ErrTooLong}
	}
	b := make([]byte, 0, len(s)+2*n)
	bad, badErr := -1, error(nil)
	private := false
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			b = append(b, c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case bad >= 0:
		case r == utf8.RuneError && size == 1:
			bad, badErr = i, ErrInvalidUTF8
		case isBidiFormat(r) || !isUcschar(r) && !isIprivate(r):
			bad, badErr = i, ErrIRICharacter
		case isIprivate(r):
			private = true
		}
		for k := range size {
			x := s[i+k]
			b = append(b, '%', upperhex[x>>4], upperhex[x&15])
		}
		i += size
	}
	t := string(b)
	var r Reference
	if err := r.parse(t); err != nil {
		e := err.(*Error)
		e.Offset = iriOffset(s, e.Offset)
		if e.Offset < len(s) && s[e.Offset] >= utf8.RuneSelf {
			// The component cannot hold that character at all: in a
			// scheme, a port or an IP-literal (RFC 3987 2.2).
			e.Err = ErrIRICharacter
		}
		return Reference{}, e
	}
	if bad >= 0 {
		return Reference{}, &Error{Offset: bad, Component: r.componentAt(uriOffset(s, bad)), Err: badErr}
	}
	if private {
		at := 0 // the offset in t of the character at i in s
		for i, c := range s {
			if isIprivate(c) {
				if comp := r.componentAt(at); comp != ComponentQuery {
					return Reference{}, &Error{Offset: i, Component: comp, Err: ErrIRICharacter}
				}
			}
			if n := utf8.RuneLen(c); c < utf8.RuneSelf {
				at++
			} else {
				at += 3 * n // s is valid UTF-8 here
			}
		}
	}
	if o&IRIHostPercentEncoded == 0 && r.kind == HostRegName {
		hs, he := iriOffset(s, int(r.hostStart)), iriOffset(s, int(r.hostEnd))
		if hasNonASCII(s[hs:he]) {
			ascii, off, err := hostToASCII(r.Host())
			if err != nil {
				return Reference{}, &Error{Offset: iriOffset(s, int(r.hostStart)+off), Component: ComponentHost, Err: err}
			}
			var h Reference
			if err := h.parse(t[:r.hostStart] + ascii + t[r.hostEnd:]); err != nil {
				return Reference{}, &Error{Offset: hs, Component: ComponentHost, Err: ErrIDNA}
			}
			r = h
		}
	}
	return r, nil
}

// uriOffset maps offset i of an IRI to the offset of the same byte in its
// pct-encoded form: each non-ASCII byte before it became three.
func uriOffset(iri string, i int) int {
	n := i
	for k := 0; k < i; k++ {
		if iri[k] >= utf8.RuneSelf {
			n += 2
		}
	}
	return n
}

// iriOffset maps offset n of the pct-encoded form of an IRI back to the
// IRI: to the byte whose encoding holds it.
func iriOffset(iri string, n int) int {
	m := 0
	for i := 0; i < len(iri); i++ {
		w := 1
		if iri[i] >= utf8.RuneSelf {
			w = 3
		}
		if n < m+w {
			return i
		}
		m += w
	}
	return len(iri)
}

// componentAt returns the component that holds byte off of c's text.
func (c core) componentAt(off int) Component {
	o := uint32(off)
	switch {
	case c.flags&hasScheme != 0 && o < c.schemeEnd:
		return ComponentScheme
	case c.flags&hasUserinfo != 0 && o < c.hostStart:
		return ComponentUserinfo
	case c.flags&hasAuthority != 0 && o < c.hostEnd:
		return ComponentHost
	case o < c.pathStart:
		return ComponentPort
	case o < c.pathEnd:
		return ComponentPath
	case o < c.queryEnd:
		return ComponentQuery
	}
	return ComponentFragment
}

func hasNonASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return true
		}
	}
	return false
}

// isUcschar reports whether r is a ucschar (RFC 3987 2.2): %xA0-D7FF /
// %xF900-FDCF / %xFDF0-FFEF / %x10000-1FFFD / ... / %xD0000-DFFFD /
// %xE1000-EFFFD.
func isUcschar(r rune) bool {
	switch {
	case 0xA0 <= r && r <= 0xD7FF, 0xF900 <= r && r <= 0xFDCF, 0xFDF0 <= r && r <= 0xFFEF:
		return true
	case 0x10000 <= r && r <= 0xEFFFD:
		// Planes 1 to 14 without the last two code points of each, and
		// plane 14 from E1000 only.
		return r&0xFFFF < 0xFFFE && (r < 0xE0000 || r >= 0xE1000)
	}
	return false
}

// isIprivate reports whether r is an iprivate (RFC 3987 2.2): %xE000-F8FF
// / %xF0000-FFFFD / %x100000-10FFFD.
func isIprivate(r rune) bool {
	return 0xE000 <= r && r <= 0xF8FF || 0xF0000 <= r && r <= 0xFFFFD || 0x100000 <= r && r <= 0x10FFFD
}

// isBidiFormat reports whether r is one of the bidirectional formatting
// characters that IRIs must not contain (RFC 3987 4.1): LRM, RLM, LRE,
// RLE, PDF, LRO, RLO.
func isBidiFormat(r rune) bool {
	return r == 0x200E || r == 0x200F || 0x202A <= r && r <= 0x202E
}

// decodeHost pct-decodes a reg-name (RFC 3986 3.2.2) and checks that the
// result is UTF-8, as IDNA needs.
func decodeHost(h string) (string, error) {
	d := mustUnescape(h)
	if !utf8.ValidString(d) {
		return "", ErrInvalidUTF8
	}
	return d, nil
}

// hostToASCII converts a reg-name with the idna.Lookup profile (RFC 5891
// 5) and checks that the result is a reg-name (RFC 3986 3.2.2).
//
// The DNS limits are checked first on h and then on the result, and off
// is then the offset in h of the label that breaks them (ErrHostTooLong);
// for the other errors off is 0.
func hostToASCII(h string) (a string, off int, err error) {
	if off, _ := checkHostLength(h); off >= 0 {
		return "", off, ErrHostTooLong
	}
	d, err := decodeHost(h)
	if err != nil {
		return "", 0, err
	}
	a, err = idna.Lookup.ToASCII(d)
	if err != nil || a == "" {
		return "", 0, ErrIDNA
	}
	for i := 0; i < len(a); i++ {
		if class.Table[a[i]]&class.RegName == 0 {
			return "", 0, ErrIDNA
		}
	}
	if off, index := checkHostLength(a); off >= 0 {
		return "", labelOffset(h, index), ErrHostTooLong
	}
	return a, 0, nil
}

// HostASCII returns the host in the ASCII form that DNS lookups use (RFC
// 3986 3.2.2, RFC 5891 5): a reg-name is pct-decoded, must be UTF-8, and
// goes through the idna.Lookup profile, which maps it (lowercase, UTS #46
// mapping), converts each non-ASCII label to punycode ("xn--") and
// validates every label. An IPv4address and an IP-literal are returned as
// written, and so is an empty or absent host ("").
//
// An invalid host gives an *Error with ErrIDNA, ErrInvalidUTF8 or
// ErrHostTooLong (a label over 63 octets or a name over 253, checked
// before and after conversion, so the time is linear in the host's
// length), never a partially converted string. The Lookup profile applies
// STD3 rules:
// labels hold only letters, digits and hyphens, so "a_b.example" is an
// error.
func (c core) HostASCII() (string, error) {
	h := c.Host()
	if c.kind != HostRegName || h == "" {
		return h, nil
	}
	a, off, err := hostToASCII(h)
	if err != nil {
		return "", &Error{Offset: int(c.hostStart) + off, Component: ComponentHost, Err: err}
	}
	return a, nil
}

// HostUnicode returns the host for display (RFC 3987 3.2, RFC 5891 5): a
// reg-name is pct-decoded, must be UTF-8, and goes through the idna.Display
// profile, which maps it and converts each punycode ("xn--") label to
// Unicode: "xn--rsum-bpad.example" gives "résumé.example". An
// IPv4address and an IP-literal are returned as written, and so is an
// empty or absent host.
//
// An invalid host gives an *Error with ErrIDNA, ErrInvalidUTF8 or
// ErrHostTooLong (the DNS limits, checked on the host as written before
// conversion: every host that FromIRI and HostASCII return meets them),
// never a partially converted string.
func (c core) HostUnicode() (string, error) {
	h := c.Host()
	if c.kind != HostRegName || h == "" {
		return h, nil
	}
	if off, _ := checkHostLength(h); off >= 0 {
		return "", &Error{Offset: int(c.hostStart) + off, Component: ComponentHost, Err: ErrHostTooLong}
	}
	d, err := decodeHost(h)
	if err == nil {
		if d, err = idna.Display.ToUnicode(d); err != nil {
			err = ErrIDNA
		}
	}
	if err != nil {
		return "", &Error{Offset: int(c.hostStart), Component: ComponentHost, Err: err}
	}
	return d, nil
}

// IRI returns the reference as an IRI for display (RFC 3987 3.2): each
// pct-encoded sequence that is the UTF-8 of a ucschar (or of an iprivate,
// in the query) is decoded to that character, and so is each triplet that
// encodes an unreserved character (RFC 3986 2.3); everything else stays
// as written, except that a reg-name with a punycode label may be shown in
// Unicode ("IRIs" in the package doc says what stays and when).
//
// The result is for people: FromIRI(r.IRI(), IRIHostPercentEncoded) gives
// back a reference equivalent to r (RFC 3986 6.2.2) when its host has no
// punycode label. IRI returns String() when there is nothing to decode.
func (c core) IRI() string {
	s := c.s
	puny := c.kind == HostRegName && hasPunycodeLabel(c.Host())
	if !puny && strings.IndexByte(s, '%') < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	i := 0
	if c.flags&hasAuthority != 0 {
		a := int(c.authStart())
		b.WriteString(s[:a])
		appendDisplay(&b, s[a:c.hostStart], false)
		host := c.Host()
		var u string
		var err error
		if puny {
			u, err = c.HostUnicode()
		}
		switch {
		case puny && err == nil:
			b.WriteString(u)
		case c.kind == HostRegName:
			appendDisplay(&b, host, false)
		default:
			b.WriteString(host)
		}
		i = int(c.hostEnd)
	}
	appendDisplay(&b, s[i:c.pathEnd], false)
	if c.flags&hasQuery != 0 {
		b.WriteByte('?')
		appendDisplay(&b, s[c.pathEnd+1:c.queryEnd], true)
	}
	appendDisplay(&b, s[c.queryEnd:], false)
	return b.String()
}

// hasPunycodeLabel reports whether a reg-name has a label starting with
// the ACE prefix "xn--" (RFC 5890 2.3.2.5), in any case.
func hasPunycodeLabel(h string) bool {
	for label := range strings.SplitSeq(h, ".") {
		if len(label) >= 4 && strings.EqualFold(label[:4], "xn--") {
			return true
		}
	}
	return false
}

// appendDisplay writes valid component text with the triplets decoded that
// RFC 3987 3.2 decodes: unreserved characters, and UTF-8 sequences of a
// ucschar, or of an iprivate when private is set, that is not a
// bidirectional formatting character.
func appendDisplay(b *strings.Builder, s string, private bool) {
	for i := 0; i < len(s); {
		if s[i] != '%' {
			b.WriteByte(s[i])
			i++
			continue
		}
		v := unhex(s[i+1])<<4 | unhex(s[i+2])
		if v < utf8.RuneSelf {
			if class.Table[v]&class.Unreserved != 0 {
				b.WriteByte(v)
			} else {
				b.WriteString(s[i : i+3])
			}
			i += 3
			continue
		}
		var seq [utf8.UTFMax]byte
		want := utf8SeqLen(v)
		n, j := 0, i
		for n < want && j < len(s) && s[j] == '%' {
			seq[n] = unhex(s[j+1])<<4 | unhex(s[j+2])
			n++
			j += 3
		}
		if want > 0 && n == want {
			r, size := utf8.DecodeRune(seq[:n])
			if size == n && r != utf8.RuneError && !isBidiFormat(r) && !jsontext.Invisible(r) && (isUcschar(r) || private && isIprivate(r)) {
				b.WriteRune(r)
				i = j
				continue
			}
		}
		b.WriteString(s[i : i+3])
		i += 3
	}
}

// utf8SeqLen returns the length of the UTF-8 sequence that lead starts, or
// 0 if lead cannot start one (RFC 3629 4).
func utf8SeqLen(lead byte) int {
	switch {
	case 0xC2 <= lead && lead <= 0xDF:
		return 2
	case 0xE0 <= lead && lead <= 0xEF:
		return 3
	case 0xF0 <= lead && lead <= 0xF4:
		return 4
	}
	return 0
}
