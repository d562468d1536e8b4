package lint

import (
	"strings"

	"github.com/urikit/urikit/uri"
)

// The findings of path, as bits of a set of those already made.
const (
	seenDot = 1 << iota
	seenEncodedDot
	seenSlash
	seenBackslash
	seenDouble
	seenDevice
)

// path reports what a back-end file system or a server that decodes
// before it splits reads in the path (RFC 3986 7.3), each code once, at
// its first occurrence: dot-segment and encoded-dot-segment at the
// segment, device-name at the segment (only in a path with an authority
// or a leading "/"), encoded-slash, encoded-backslash and double-encoded
// at the "%". A scheme whose registry entry says OpaquePath (amqp's path
// is the vhost, whose "/" is written "%2F" and whose dots package amqp
// reports) gets none of these.
func (l *linter) path() {
	start, end, _ := l.span(uri.ComponentPath)
	if start == end || l.sc.OpaquePath {
		return
	}
	l.f = scanPath(l.f, l.s, start, end, l.u.HasAuthority() || l.s[start] == '/')
}

// scanPath appends the findings of path (see linter.path) for the path
// s[start:end]; hier says whether it is hierarchical, with an authority or
// a leading "/", the paths that device-name looks at.
func scanPath(f []Finding, s string, start, end int, hier bool) []Finding {
	seen := 0
	report := func(bit int, code string, i int) {
		if seen&bit == 0 {
			seen |= bit
			f = append(f, newFinding(code, uri.ComponentPath, i, 0))
		}
	}
	for off := start; off <= end; {
		n := strings.IndexByte(s[off:end], '/')
		if n < 0 {
			n = end - off
		}
		seg := s[off : off+n]
		if seg == "." || seg == ".." {
			report(seenDot, CodeDotSegment, off)
		}
		encodedSep := false
		for i := off; i < off+n; i++ {
			b, ok := tripletAt(s, i, off+n)
			if !ok {
				continue
			}
			switch b {
			case '/':
				report(seenSlash, CodeEncodedSlash, i)
				encodedSep = true
			case '\\':
				report(seenBackslash, CodeEncodedBackslash, i)
				encodedSep = true
			case '.':
				encodedSep = true
			case '%':
				if d, ok := hexPair(s, i+3, off+n); ok && (d == '.' || d == '/' || d == '\\' || d == 0) {
					report(seenDouble, CodeDoubleEncoded, i)
				}
			}
			i += 2
		}
		if encodedSep && seen&seenEncodedDot == 0 && hasDotPiece(percentDecode(seg)) {
			report(seenEncodedDot, CodeEncodedDotSegment, off)
		}
		if hier && seen&seenDevice == 0 && deviceName(percentDecode(seg)) {
			report(seenDevice, CodeDeviceName, off)
		}
		off += n + 1
	}
	return f
}

// hexPair returns the octet that the two hex digits at s[i] stand for.
func hexPair(s string, i, end int) (byte, bool) {
	if i+1 >= end {
		return 0, false
	}
	hi, ok1 := digitValue(s[i])
	lo, ok2 := digitValue(s[i+1])
	return byte(hi<<4 | lo), ok1 && ok2
}

// hasDotPiece reports whether d, split at "/" and "\", has a piece "." or
// "..".
func hasDotPiece(d string) bool {
	for len(d) > 0 {
		n := strings.IndexAny(d, `/\`)
		p := d
		if n >= 0 {
			p, d = d[:n], d[n+1:]
		} else {
			d = ""
		}
		if p == "." || p == ".." {
			return true
		}
	}
	return false
}

// deviceName reports whether seg, a decoded path segment, names a Windows
// device ("...", a placeholder in documentation, is none): CON, PRN, AUX, NUL, COM1-COM9, LPT1-LPT9 (also
// with the digits ¹, ² and ³, which Windows takes for 1, 2 and 3), CONIN$
// or CONOUT$, in any case, alone or before an extension or trailing
// spaces ("aux.txt", "nul "): Windows opens the device for every such
// name, in any directory.
func deviceName(seg string) bool {
	name := seg
	if i := strings.IndexByte(name, '.'); i >= 0 {
		name = name[:i]
	}
	name = strings.TrimRight(name, " ")
	switch len(name) {
	case 3:
		for _, d := range [...]string{"con", "prn", "aux", "nul"} {
			if strings.EqualFold(name, d) {
				return true
			}
		}
	case 4, 5:
		if !strings.EqualFold(name[:3], "com") && !strings.EqualFold(name[:3], "lpt") {
			return false
		}
		switch digit := name[3:]; digit {
		case "1", "2", "3", "4", "5", "6", "7", "8", "9", "\u00b9", "\u00b2", "\u00b3":
			return true
		}
	case 6, 7:
		return strings.EqualFold(name, "conin$") || strings.EqualFold(name, "conout$")
	}
	return false
}
