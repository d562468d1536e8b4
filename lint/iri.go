package lint

import (
	"strings"
	"unicode/utf8"

	"github.com/urikit/urikit/uri"
)

// lintIRI lints s, text outside US-ASCII that uri.Parse rejects, as the
// URI it maps to (RFC 3987 3.1, uri.FromIRI), if it maps to one with a
// scheme: the URI's findings, each moved to the byte of s it comes from
// (iriMapper), plus iri at the first byte outside US-ASCII (at the
// userinfo's first byte when that byte is in the userinfo), and
// encoded-invisible (variant 1) at the host for an invisible character
// in an internationalized host, which IDNA drops.
func lintIRI(s string) ([]Finding, bool) {
	r, err := uri.FromIRI(s)
	if err != nil {
		return nil, false
	}
	u, ok := r.URI()
	if !ok {
		return nil, false
	}
	return lintIRIAs(s, u), true
}

// lintIRIAs is lintIRI of s, an IRI that maps to u (RFC 3987 3.1).
func lintIRIAs(s string, u uri.URI) []Finding {
	m := u.String()
	f := URI(u)
	x := newIRIMapper(s, m, u)
	for i := range f {
		f[i].Offset = x.at(f[i].Offset)
	}
	first := 0
	for first < len(s) && s[first] < utf8.RuneSelf {
		first++
	}
	c := x.component(first)
	if us, _, ok := u.Span(uri.ComponentUserinfo); ok && c == uri.ComponentUserinfo {
		// Never inside the userinfo (scheme.Finding): at its first byte,
		// the same in s as in u, since only ASCII comes before it.
		first = us
	}
	f = append(f, newFinding(CodeIRI, c, first, 0))
	if x.hs >= 0 && hasInvisible(s[x.hs:x.he]) {
		f = append(f, newFinding(CodeEncodedInvisible, uri.ComponentHost, x.hs, 1))
	}
	return sortFindings(f)
}

// hasInvisible reports whether s holds a character of invisible.
func hasInvisible(s string) bool {
	for _, r := range s {
		if invisible(r) {
			return true
		}
	}
	return false
}

// iriMapper maps offsets in m, the URI that the IRI s maps to (RFC 3987
// 3.1), back to s. Outside the host, each byte of s outside US-ASCII is a
// triplet of m and every other byte is itself. In a reg-name that IDNA
// converted, an offset maps to the start of the same label of s (the
// labels of s end at the full stops that UTS #46 maps to "."), or to the
// host's start when the labels do not match up. Offsets must be asked
// for in increasing order (findings come sorted): one walk over s and m.
type iriMapper struct {
	s, m   string
	u      uri.URI
	ms, me int // the host in m, or -1
	hs, he int // the host in s, or -1
	si, mi int // the walk: s[si] maps to m[mi]
}

func newIRIMapper(s, m string, u uri.URI) *iriMapper {
	x := &iriMapper{s: s, m: m, u: u, ms: -1, me: -1, hs: -1, he: -1}
	if hs, he, ok := u.Span(uri.ComponentHost); ok && u.HostKind() == uri.HostRegName && hs < he {
		x.ms, x.me = hs, he
		// The host of s starts where the walk reaches hs (only ASCII and
		// triplets of s's userinfo come before it) and ends at the first
		// delimiter after it.
		x.walk(hs)
		x.hs = x.si
		n := strings.IndexAny(s[x.hs:], ":/?#")
		if n < 0 {
			n = len(s) - x.hs
		}
		x.he = x.hs + n
		x.si, x.mi = 0, 0
	}
	return x
}

// walk advances the walk until m[mi] is at or after o, or s ends; it
// jumps over the host as a whole.
func (x *iriMapper) walk(o int) {
	for x.mi < o && x.si < len(x.s) {
		if x.mi == x.ms && x.hs >= 0 {
			x.si, x.mi = x.he, x.me
			continue
		}
		if x.s[x.si] < utf8.RuneSelf {
			x.si++
			x.mi++
			continue
		}
		if x.mi+3 > o {
			return // o is inside this byte's triplet
		}
		x.si++
		x.mi += 3
	}
}

// at returns the offset in s of the byte at offset o of m.
func (x *iriMapper) at(o int) int {
	if x.hs >= 0 && x.ms <= o && o < x.me {
		return x.hostAt(o)
	}
	if o < x.mi {
		return x.si // asked out of order: where the walk is
	}
	x.walk(o)
	return min(x.si, len(x.s))
}

// hostAt returns the offset in s of the byte at offset o of m's host: the
// start of the same label, plus the offset in it when both labels are the
// same ASCII text.
func (x *iriMapper) hostAt(o int) int {
	k := strings.Count(x.m[x.ms:o], ".")
	ml := x.ms + strings.LastIndexByte(x.m[x.ms:o], '.') + 1
	mEnd := strings.IndexByte(x.m[ml:x.me], '.')
	if mEnd < 0 {
		mEnd = x.me - ml
	}
	mLabel := x.m[ml : ml+mEnd]
	host := x.s[x.hs:x.he]
	start := 0
	for i := 0; i < k; i++ {
		n, w := labelStop(host[start:])
		if n < 0 {
			return x.hs
		}
		start += n + w
	}
	n, _ := labelStop(host[start:])
	if n < 0 {
		n = len(host) - start
	}
	if host[start:start+n] == mLabel {
		return x.hs + start + (o - ml)
	}
	return x.hs + start
}

// labelStop returns the offset and width of the first full stop of h that
// ends a label (".", U+3002, U+FF0E, U+FF61: UTS #46 maps them to "."),
// or -1.
func labelStop(h string) (int, int) {
	for i, r := range h {
		switch r {
		case '.':
			return i, 1
		case '\u3002', '\uff0e', '\uff61':
			return i, 3
		}
	}
	return -1, 0
}

// component returns the component of s that its byte at offset i, a
// byte outside US-ASCII, is in: that of the URI's text it maps to.
func (x *iriMapper) component(i int) uri.Component {
	if x.hs >= 0 && x.hs <= i && i < x.he {
		return uri.ComponentHost
	}
	// Bytes before i are ASCII: before the host they are the same in m;
	// after it, the host's lengths differ.
	o := i
	if x.hs >= 0 && i >= x.he {
		o = x.me + (i - x.he)
	}
	for c := uri.ComponentFragment; c >= uri.ComponentScheme; c-- {
		if start, end, ok := x.u.Span(c); ok && start <= o && o <= end {
			return c
		}
	}
	return uri.ComponentPath
}
