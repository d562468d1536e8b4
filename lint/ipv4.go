package lint

import (
	"strings"

	"github.com/urikit/urikit/uri"
)

// ipv4 reports the rare IPv4 spellings of RFC 3986 7.4 in the reg-name
// host at l.s[start:end]: text that the grammar reads as a name but that
// inet_aton, getaddrinfo and WHATWG URL parsers read as an IPv4 address.
// A host with triplets is read decoded, as Hostname gives it, and is also
// ipv4-encoded; its findings are then all at the host's first byte, the
// others at the part they are about. It reports whether it reported
// ipv4-encoded.
func (l *linter) ipv4(start, end int) bool {
	raw := l.s[start:end]
	h := raw
	encoded := strings.IndexByte(raw, '%') >= 0
	if encoded {
		h = l.u.Hostname()
	}
	f, ok := inetAton(h)
	if !ok {
		return false
	}
	at := func(i int) int {
		if encoded || i < 0 {
			return start
		}
		return start + i
	}
	if encoded {
		l.add(CodeIPv4Encoded, uri.ComponentHost, start, 0)
	}
	if f.hex >= 0 {
		l.add(CodeIPv4Hex, uri.ComponentHost, at(f.hex), 0)
	}
	if f.octal >= 0 {
		l.add(CodeIPv4Octal, uri.ComponentHost, at(f.octal), 0)
	}
	switch f.parts {
	case 1:
		l.add(CodeIPv4Dword, uri.ComponentHost, start, 0)
	case 2, 3:
		l.add(CodeIPv4Short, uri.ComponentHost, start, 0)
	}
	if f.trailingDot {
		l.add(CodeIPv4TrailingDot, uri.ComponentHost, at(len(h)-1), 0)
	}
	return encoded
}

// atonForm describes how a host spells an IPv4 address for inet_aton.
type atonForm struct {
	parts       int  // 1 to 4
	hex         int  // offset of the first "0x" part, or -1
	octal       int  // offset of the first part with a leading zero, or -1
	trailingDot bool // a final "." after the last part
}

// maxAton is the largest value of one part: 32 bits.
const maxAton = 1<<32 - 1

// inetAton reports whether h is an IPv4 address as BSD's and glibc's
// inet_aton read it (RFC 3986 7.4) and how it is spelt: one to four parts
// separated by ".", each a C integer ("0x" hexadecimal, even without
// digits, a leading "0" octal, else decimal), the parts before the last at
// most 255, the last filling the remaining bytes (24 bits after one part,
// 16 after two, 8 after three). One trailing "." is allowed, as WHATWG URL
// parsers allow it.
func inetAton(h string) (atonForm, bool) {
	f := atonForm{hex: -1, octal: -1}
	if len(h) > 1 && h[len(h)-1] == '.' {
		h = h[:len(h)-1]
		f.trailingDot = true
	}
	var last uint64
	for pos := 0; ; {
		if f.parts == 4 {
			return f, false
		}
		n := strings.IndexByte(h[pos:], '.')
		p := h[pos:]
		if n >= 0 {
			p = h[pos : pos+n]
		}
		v, kind, ok := atonPart(p)
		if !ok {
			return f, false
		}
		switch {
		case kind == 16 && f.hex < 0:
			f.hex = pos
		case kind == 8 && f.octal < 0:
			f.octal = pos
		}
		f.parts++
		last = v
		if n < 0 {
			break
		}
		if v > 255 {
			return f, false
		}
		pos += n + 1
	}
	return f, last < 1<<(8*(5-f.parts))
}

// atonPart reads one part of inetAton: its value, its base (10, 8 or 16)
// and whether it is a C integer of at most 32 bits.
func atonPart(p string) (v uint64, base int, ok bool) {
	if p == "" {
		return 0, 0, false
	}
	base = 10
	switch {
	case len(p) >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X'):
		base, p = 16, p[2:]
	case len(p) >= 2 && p[0] == '0':
		base, p = 8, p[1:]
	}
	for i := 0; i < len(p); i++ {
		d, ok := digitValue(p[i])
		if !ok || d >= base {
			return 0, 0, false
		}
		v = v*uint64(base) + uint64(d)
		if v > maxAton {
			return 0, 0, false
		}
	}
	return v, base, true
}

func digitValue(c byte) (int, bool) {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0'), true
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10, true
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10, true
	}
	return 0, false
}
