package amqp

// This file is where a URI keeps its components (parts) and how Parse
// finds them: in one pass over the amqp grammar (scanFast) for the
// common URI, or from the generic reading, uri.Parse and check
// (partsOf), for whatever the one pass does not take. The one pass
// gives no error of its own: an input it refuses is read again the
// generic way, whose verdict and error stand, so that the errors are
// the same whichever path a URI takes. FuzzScan checks that the two
// agree on every input that the one pass accepts.

import (
	"math"
	"net/netip"
	"strings"
	"unicode/utf8"

	"github.com/urikit/urikit/internal/class"
	"github.com/urikit/urikit/uri"
)

// parts are the offsets of the components of an amqp URI's text. The
// text ends with the query: the spec's grammar has no fragment.
type parts struct {
	// at is the offset of the "@" that ends the userinfo and colon that
	// of the userinfo's ":", both 0 when absent (the scheme is first).
	at, colon uint32
	// [hostStart, hostEnd) is the host; a ":" and the port follow it up
	// to pathStart, where the vhost's "/" starts, if any, up to qmark,
	// the offset of the query's "?", or the text's length without a
	// query.
	hostStart, hostEnd, pathStart, qmark uint32
	// literal is the kind of an IP-literal host, uri.HostIPv6 or
	// uri.HostIPvFuture, and 0 for a reg-name (an IPv4 address among
	// them), which decodes to itself.
	literal uri.HostKind
	// pct holds the pct* bits of the components whose text holds a
	// pct-encoded triplet (and formQuery): only they need decoding.
	pct uint8
}

// The bits of parts.pct.
const (
	pctUser uint8 = 1 << iota
	pctPassword
	pctHost
	pctVhost
	// formQuery: the query holds a triplet or a "+", which form
	// decoding reads as a space: its pairs need decoding.
	formQuery
)

// scanFast reads s as an amqp or amqps URI in one pass (RFC 3986 3 and
// the spec's grammar: the scheme, "//", [ userinfo "@" ] host [ ":" port
// ], at most one vhost segment, a query, no fragment) and checks what
// check checks: at most one ":" in the userinfo, the UTF-8 and the NUL of
// the decoded credentials, the UTF-8 and the octets of the decoded host,
// the port's range, the UTF-8 of the decoded vhost. ok is false for any
// input it does not take, which Parse then reads the generic way: the
// errors all come from there.
func scanFast(s string) (p parts, ok bool) {
	n, _ := schemeOf(s)
	if n == 0 || uint64(len(s)) > math.MaxUint32 || len(s) < n+3 || s[n+1] != '/' || s[n+2] != '/' {
		return parts{}, false
	}
	a := n + 3
	// The authority up to an "@" or its end, as a userinfo (reg-name's
	// bytes and ":"); a second ":" belongs to no valid amqp URI. The
	// octets of the triplets before the ":" and after it are followed
	// apart.
	i, colon := a, 0
	var before, after decodedOctets
	for {
		i = skip(s, i, class.RegName)
		if i == len(s) {
			break
		}
		if c := s[i]; c == ':' {
			if colon != 0 {
				return parts{}, false
			}
			colon = i
			i++
			continue
		} else if c != '%' || !isTriplet(s, i) {
			break
		}
		if colon == 0 {
			before.add(s, i)
		} else {
			after.add(s, i)
		}
		i += 3
	}
	hs, he := a, 0
	var host decodedOctets
	switch {
	case i < len(s) && s[i] == '@':
		if !before.credential() || !after.credential() {
			return parts{}, false
		}
		if before.pct {
			p.pct |= pctUser
		}
		if colon != 0 {
			p.colon = uint32(colon)
			if after.pct {
				p.pct |= pctPassword
			}
		}
		p.at = uint32(i)
		hs = i + 1
		if hs < len(s) && s[hs] == '[' {
			if he, p.literal = literalHost(s, hs); he < 0 {
				return parts{}, false
			}
		} else {
			he = scanRegName(s, hs, &host)
		}
		i = skipPort(s, he)
	case i == a && i < len(s) && s[i] == '[':
		if he, p.literal = literalHost(s, a); he < 0 {
			return parts{}, false
		}
		i = skipPort(s, he)
	default:
		// No userinfo: s[a:i] is host [ ":" port ].
		he, host = i, before
		if colon != 0 {
			he = colon
			if after.pct || skipPort(s, colon) != i {
				return parts{}, false
			}
		}
	}
	if host.pct {
		if !host.hostName() {
			return parts{}, false
		}
		p.pct |= pctHost
	}
	if he+1 < i {
		if _, ok := portNumber(s[he+1 : i]); !ok {
			return parts{}, false
		}
	}
	p.hostStart, p.hostEnd, p.pathStart = uint32(hs), uint32(he), uint32(i)
	if i < len(s) && s[i] == '/' {
		// One segment: pchar and triplets, then "?" or the end.
		var v decodedOctets
		for i++; ; i += 3 {
			if i = skip(s, i, class.Pchar); i == len(s) || s[i] != '%' || !isTriplet(s, i) {
				break
			}
			v.add(s, i)
		}
		if v.pct {
			if !v.utf8() {
				return parts{}, false
			}
			p.pct |= pctVhost
		}
	}
	p.qmark = uint32(i)
	if i < len(s) {
		if s[i] != '?' {
			return parts{}, false
		}
		for i++; ; i += 3 {
			if i = skip(s, i, class.Query); i == len(s) {
				break
			}
			if s[i] != '%' || !isTriplet(s, i) {
				return parts{}, false
			}
			p.pct |= formQuery
		}
		if strings.IndexByte(s[p.qmark:], '+') >= 0 {
			p.pct |= formQuery
		}
	}
	return p, true
}

// decodedOctets follows the octets that the triplets of one component's text
// decode to (RFC 3986 2.1), as UTF-8 (RFC 3629, section 4's table of
// well-formed sequences: no overlong form, no surrogate, nothing above
// U+10FFFF), and the octets that no host name holds (refusedHostOctet),
// in the pass that reads the text; decodeCheck follows valid text with
// it too.
type decodedOctets struct {
	pct bool // a triplet was seen
	// bad: an invalid sequence, or an octet that is not a triplet where
	// a sequence goes on.
	bad bool
	// nul: the octet 0; odd: an octet that no host name holds (see
	// badHostTriplet), NUL among them.
	nul, odd bool
	need     int8 // continuation octets still to come
	lo, hi   byte // the range of the next one
	end      int  // the offset after the last triplet
}

// add takes the triplet at s[i].
func (o *decodedOctets) add(s string, i int) {
	b := unhex(s[i+1])<<4 | unhex(s[i+2])
	o.pct = true
	switch {
	case o.need > 0:
		if i != o.end || b < o.lo || b > o.hi {
			o.bad = true
		}
		o.need--
		o.lo, o.hi = 0x80, 0xBF
	case b < utf8.RuneSelf:
		o.nul = o.nul || b == 0
		o.odd = o.odd || refusedHostOctet(b)
	default:
		o.lead(b)
	}
	o.end = i + 3
}

// lead starts the sequence whose first octet is b.
func (o *decodedOctets) lead(b byte) {
	o.lo, o.hi = 0x80, 0xBF
	switch {
	case b >= 0xC2 && b <= 0xDF:
		o.need = 1
	case b == 0xE0:
		o.need, o.lo = 2, 0xA0
	case b == 0xED:
		o.need, o.hi = 2, 0x9F
	case b >= 0xE1 && b <= 0xEF:
		o.need = 2
	case b == 0xF0:
		o.need, o.lo = 3, 0x90
	case b == 0xF4:
		o.need, o.hi = 3, 0x8F
	case b >= 0xF1 && b <= 0xF3:
		o.need = 3
	default:
		o.bad = true
	}
}

// utf8 reports whether the octets are UTF-8.
func (o *decodedOctets) utf8() bool { return !o.bad && o.need == 0 }

// credential reports whether the octets are UTF-8 without a NUL, as
// check requires of a username and a password.
func (o *decodedOctets) credential() bool { return o.utf8() && !o.nul }

// hostName reports whether the octets are UTF-8 and hold none that
// badHostTriplet refuses.
func (o *decodedOctets) hostName() bool { return o.utf8() && !o.odd }

// skipPort returns the end of the port that a ":" at s[i] starts, or i.
func skipPort(s string, i int) int {
	if i < len(s) && s[i] == ':' {
		i++
		for i < len(s) && s[i]-'0' < 10 {
			i++
		}
	}
	return i
}

// isTriplet reports whether s[i:] starts with pct-encoded (RFC 3986 2.1):
// "%" HEXDIG HEXDIG.
func isTriplet(s string, i int) bool {
	return i+2 < len(s) && class.Table[s[i+1]]&class.Hexdig != 0 && class.Table[s[i+2]]&class.Hexdig != 0
}

// scanRegName reads a reg-name (RFC 3986 3.2.2) from i, its triplets
// into o, and returns its end.
func scanRegName(s string, i int, o *decodedOctets) int {
	for ; ; i += 3 {
		if i = skip(s, i, class.RegName); i == len(s) || s[i] != '%' || !isTriplet(s, i) {
			return i
		}
		o.add(s, i)
	}
}

// skip returns the offset of the first byte of s from i that is not in
// set, or len(s); four bytes at a time while all four are in it.
func skip(s string, i int, set class.Class) int {
	for ; i+4 <= len(s); i += 4 {
		t := s[i : i+4]
		if class.Table[t[0]]&class.Table[t[1]]&class.Table[t[2]]&class.Table[t[3]]&set == 0 {
			break
		}
	}
	for ; i < len(s) && class.Table[s[i]]&set != 0; i++ {
	}
	return i
}

// literalHost reads the IP-literal (RFC 3986 3.2.2) that starts at s[hs],
// "[", and returns its end and kind; end is -1 unless it is an
// IPv6address without a zone (RFC 6874), which netip.ParseAddr reads as
// the RFC's grammar does. The generic reading takes the other ones.
func literalHost(s string, hs int) (end int, kind uri.HostKind) {
	k := strings.IndexByte(s[hs:], ']')
	if k < 0 {
		return -1, 0
	}
	end = hs + k + 1
	a := s[hs+1 : end-1]
	if strings.IndexByte(a, '%') >= 0 || strings.IndexByte(a, ':') < 0 {
		return -1, 0
	}
	if ip, err := netip.ParseAddr(a); err != nil || !ip.Is6() {
		return -1, 0
	}
	return end, uri.HostIPv6
}

// portNumber returns the port that the digits p write and whether it is
// one, from 0 to 65535 (RFC 3986 3.2.3; uri.URI.PortNumber): leading
// zeros allowed, any length.
func portNumber(p string) (int, bool) {
	n := 0
	for i := 0; i < len(p); i++ {
		if n = n*10 + int(p[i]-'0'); n > math.MaxUint16 {
			return 0, false
		}
	}
	return n, true
}

// partsOf returns the parts of u, an amqp URI that check accepts.
func partsOf(u uri.URI) parts {
	var p parts
	s := u.String()
	hs, he, _ := u.Span(uri.ComponentHost)
	p.hostStart, p.hostEnd = uint32(hs), uint32(he)
	if start, end, ok := u.Span(uri.ComponentUserinfo); ok {
		p.at = uint32(end)
		userEnd := end
		if c := strings.IndexByte(s[start:end], ':'); c >= 0 {
			userEnd = start + c
			p.colon = uint32(userEnd)
			if strings.IndexByte(s[userEnd:end], '%') >= 0 {
				p.pct |= pctPassword
			}
		}
		if strings.IndexByte(s[start:userEnd], '%') >= 0 {
			p.pct |= pctUser
		}
	}
	switch k := u.HostKind(); k {
	case uri.HostIPv6, uri.HostIPvFuture:
		p.literal = k
	default:
		if strings.IndexByte(s[hs:he], '%') >= 0 {
			p.pct |= pctHost
		}
	}
	ps, pe, _ := u.Span(uri.ComponentPath)
	p.pathStart, p.qmark = uint32(ps), uint32(pe)
	if strings.IndexByte(s[ps:pe], '%') >= 0 {
		p.pct |= pctVhost
	}
	if q := s[pe:]; strings.IndexByte(q, '%') >= 0 || strings.IndexByte(q, '+') >= 0 {
		p.pct |= formQuery
	}
	return p
}

// decode returns the percent-decoding (RFC 3986 2.1) of valid component
// text s, in one allocation.
func decode(s string) string { return decodeFrom(s, 0, false) }

// decodeForm returns valid query text s decoded as HTML form encoding
// decodes it (a triplet to its octet, a "+" to a space: url.ParseQuery,
// and so amqp091-go), in one allocation; s itself when it holds neither.
func decodeForm(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '%' || c == '+' {
			return decodeFrom(s, i, true)
		}
	}
	return s
}

// decodeFrom decodes s, whose bytes before i are as written, and a "+" as
// a space when plus is set. A byte at a time: the runs between triplets
// are too short for copying them whole to pay. A short text is decoded
// on the stack and copied once (the common case, kept apart because a
// helper that both loops call costs it about a tenth); a long one into a
// strings.Builder of its size, whose String copies nothing.
func decodeFrom(s string, i int, plus bool) string {
	var buf [64]byte
	if len(s) > len(buf) {
		return decodeLong(s, i, plus)
	}
	b := buf[:len(s)]
	n := copy(b, s[:i])
	// n < len(b) always holds (decoding shrinks), and lets the compiler
	// drop the bounds check of b[n].
	for ; i < len(s) && n < len(b); i++ {
		c := s[i]
		if c == '%' {
			c = unhex(s[i+1])<<4 | unhex(s[i+2])
			i += 2
		} else if c == '+' && plus {
			c = ' '
		}
		b[n] = c
		n++
	}
	return string(b[:n])
}

// decodeLong is decodeFrom for a text longer than its buffer, into a
// Builder of the decoded size.
func decodeLong(s string, i int, plus bool) string {
	var b strings.Builder
	b.Grow(len(s) - 2*strings.Count(s[i:], "%"))
	b.WriteString(s[:i])
	for ; i < len(s); i++ {
		c := s[i]
		if c == '%' {
			c = unhex(s[i+1])<<4 | unhex(s[i+2])
			i += 2
		} else if c == '+' && plus {
			c = ' '
		}
		b.WriteByte(c)
	}
	return b.String()
}
