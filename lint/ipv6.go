package lint

import (
	"net/netip"
	"strconv"
	"strings"

	"github.com/urikit/urikit/uri"
)

// The variants of ipv6-non-canonical's message, in the order they are
// tried: the first that applies is reported.
const (
	v6Uppercase = iota
	v6LeadingZero
	v6IPv4Notation
	v6Compression
)

// The variants of ipv6-embeds-ipv4's message.
const (
	v6Mapped = iota
	v6Compatible
	v6Translated
	v6NAT64
	v6SixToFour
	v6Teredo
)

// ipv6 reports ipv6-non-canonical (RFC 5952) and ipv6-embeds-ipv4 (RFC
// 3986 7.4, RFC 4291 2.5.5, RFC 6052 2.1) for the IP-literal host at
// l.s[start:end], both at the literal's first byte after "[".
func (l *linter) ipv6(start, end int) {
	a, ok := l.u.Addr()
	if !ok || end-start < 2 {
		return
	}
	lit := l.s[start+1 : end-1]
	if v, bad := nonCanonical(lit, a); bad {
		l.add(CodeIPv6NonCanonical, uri.ComponentHost, start+1, v)
	}
	if v, ok := embedsIPv4(a); ok {
		l.add(CodeIPv6EmbedsIPv4, uri.ComponentHost, start+1, v)
	}
}

// embedsIPv4 reports whether a holds an IPv4 address, and how: in its last
// 32 bits under one of the prefixes that RFC 5952 5 names, IPv4-mapped
// ::ffff:0:0/96 (RFC 4291 2.5.5.2), IPv4-compatible ::/96 (2.5.5.1; not ::
// and ::1), IPv4-translated ::ffff:0:0:0/96 (RFC 2765) and the NAT64
// well-known prefix 64:ff9b::/96 (RFC 6052 2.1); or in its middle, a 6to4
// address 2002:V4ADDR::/48 (RFC 3056 2) and a Teredo address
// 2001:0000::/32, whose next 32 bits are the server's IPv4 address and
// whose last 32 bits the client's, inverted (RFC 4380 4); for these two,
// only when the embedded (server) address is not 0.0.0.0, so that
// documentation's "2001::1" is none.
func embedsIPv4(a netip.Addr) (variant int, ok bool) {
	b := a.As16()
	zero := func(i, j int) bool {
		for ; i < j; i++ {
			if b[i] != 0 {
				return false
			}
		}
		return true
	}
	switch {
	case zero(0, 10) && b[10] == 0xff && b[11] == 0xff:
		return v6Mapped, true
	case zero(0, 12) && !zero(12, 15):
		return v6Compatible, true
	case zero(0, 8) && b[8] == 0xff && b[9] == 0xff && zero(10, 12):
		return v6Translated, true
	case b[0] == 0 && b[1] == 0x64 && b[2] == 0xff && b[3] == 0x9b && zero(4, 12):
		return v6NAT64, true
	case b[0] == 0x20 && b[1] == 0x02 && !zero(2, 6):
		return v6SixToFour, true
	case b[0] == 0x20 && b[1] == 0x01 && b[2] == 0 && b[3] == 0 && !zero(4, 8):
		return v6Teredo, true
	}
	return 0, false
}

// nonCanonical reports whether lit, the text of an IPv6address whose value
// is a, differs from its RFC 5952 form, and the first reason that applies:
// uppercase hex digits (4.3), a leading zero in a group (4.1), IPv4
// notation for an address that embeds no IPv4 address (5), or "::" not
// used for exactly the longest run of two or more zero groups, the first
// on a tie (4.2). For an address that embeds an IPv4 address in its last
// 32 bits (5), both the hex form and the mixed form ("::ffff:192.0.2.1")
// are canonical.
func nonCanonical(lit string, a netip.Addr) (variant int, bad bool) {
	v, embeds := embedsIPv4(a)
	embeds = embeds && v < v6SixToFour // the IPv4 address in the last 32 bits
	var buf [64]byte
	if lit == string(appendIPv6(buf[:0], a, false)) || embeds && lit == string(appendIPv6(buf[:0], a, true)) {
		return 0, false
	}
	if strings.ContainsAny(lit, "ABCDEF") {
		return v6Uppercase, true
	}
	for g := range strings.SplitSeq(lit, ":") {
		if len(g) > 1 && g[0] == '0' && strings.IndexByte(g, '.') < 0 {
			return v6LeadingZero, true
		}
	}
	if strings.IndexByte(lit, '.') >= 0 && !embeds {
		return v6IPv4Notation, true
	}
	return v6Compression, true
}

// appendIPv6 appends a to out in the form of RFC 5952 4: lowercase hex groups
// without leading zeros, "::" for the longest run of two or more zero
// groups (the first on a tie). With mixed, the last 32 bits are written
// as a dotted-decimal IPv4 address (RFC 5952 5) and the run is sought in
// the six groups before them.
func appendIPv6(out []byte, a netip.Addr, mixed bool) []byte {
	b := a.As16()
	var g [8]uint16
	for i := range g {
		g[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
	}
	n := 8
	if mixed {
		n = 6
	}
	runStart, runLen := -1, 1
	for i := 0; i < n; {
		if g[i] != 0 {
			i++
			continue
		}
		j := i
		for j < n && g[j] == 0 {
			j++
		}
		if j-i > runLen {
			runStart, runLen = i, j-i
		}
		i = j
	}
	first := len(out)
	for i := 0; i < n; i++ {
		if i == runStart {
			out = append(out, "::"...)
			i += runLen - 1
			continue
		}
		if len(out) > first && out[len(out)-1] != ':' {
			out = append(out, ':')
		}
		out = strconv.AppendUint(out, uint64(g[i]), 16)
	}
	if mixed {
		if len(out) > first && out[len(out)-1] != ':' {
			out = append(out, ':')
		}
		for i := 12; i < 16; i++ {
			if i > 12 {
				out = append(out, '.')
			}
			out = strconv.AppendUint(out, uint64(b[i]), 10)
		}
	}
	return out
}
