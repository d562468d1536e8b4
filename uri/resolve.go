package uri

import (
	"strings"
	"unsafe"
)

// This file holds reference resolution (RFC 3986 section 5.2.2, with the
// merge of 5.2.3) and the recomposition of its result (5.3): Resolve and
// ResolveNonStrict. remove_dot_segments (5.2.4) is in dotseg.go, the
// inverse of resolution, Relativize, in relativize.go.
//
// A target is made of pieces of the text of the base and the reference
// (scheme and authority, the path, query and fragment), and its text is
// built in one buffer, or not at all when it is the text of the base or
// the reference. A path without dot-segments is copied as it is. A short
// path with dot-segments is walked on the stack first, so that the
// comparison with the base and the reference needs no allocation and the
// buffer has exactly the target's length; a longer one is copied into the
// target's buffer, sized for the path before remove_dot_segments, and
// walked there in place.

// target is the result of RFC 3986 5.2.2 before recomposition (5.3), as
// pieces of the text of the base and the reference: pre holds the scheme,
// its ":" and any "//" and authority, then comes the path, then suf holds
// any "?" and query and any "#" and fragment. The path is head + tail
// before remove_dot_segments: the two pieces of a merged path (5.2.3), or
// "" and one path. The offsets are those the parser would find in the
// recomposed text.
type target struct {
	pre1, pre2 string
	head, tail string
	dot        int  // where the first dot-segment of head + tail starts; -1: none
	guard      bool // the "/." of the documented deviation precedes the path
	pathLen    int  // the length of T.path after remove_dot_segments
	suf1, suf2 string
	c          core // offsets, flags and kind; pathEnd and queryEnd relative
}

// Resolve returns the target URI of the reference r with u as its base URI,
// as RFC 3986 section 5.2.2 defines it for a strict parser, recomposed as
// 5.3 says; all examples of RFC 3986 5.4 hold. A fragment of u is ignored
// (5.1), and the dot-segments of u's path are used as written (5.2.3).
// Resolve never fails; where the letter of 5.2 gives a path that starts
// with "//" and there is no authority, the path gets the prefix "/." (see
// Deviations in the package doc). "Resolution" in the package doc says how
// Resolve commutes with normalization and what it allocates: at most the
// target's text, once. It panics if the target would be 4 GiB or longer.
// With the zero URI as base, which is not a URI, a relative reference has
// no target: the result is the zero URI.
func (u URI) Resolve(r Reference) URI { return u.resolve(r, true) }

// ResolveNonStrict is Resolve for a non-strict parser (RFC 3986 5.2.2): a
// scheme in r that equals u's, ignoring ASCII case (schemes are
// case-insensitive, 3.1), is ignored, so that "http:g" against
// "http://a/b/c/d;p?q" gives "http://a/b/c/g" instead of "http:g" (5.4.2).
// RFC 3986 calls this a loophole kept for backward compatibility; prefer
// Resolve.
func (u URI) ResolveNonStrict(r Reference) URI { return u.resolve(r, false) }

func (u URI) resolve(r Reference, strict bool) URI {
	refScheme := r.flags&hasScheme != 0
	if refScheme && !strict && equalFold(r.Scheme(), u.Scheme()) {
		refScheme = false
	}
	if !refScheme && u.flags&hasScheme == 0 {
		// The zero URI is no base (5.1): only a URI has a target.
		return URI{}
	}
	rpath := r.s[r.pathStart:r.pathEnd]
	if refScheme && dotSegment(rpath) < 0 {
		// T is R: its path has nothing for remove_dot_segments to do.
		return URI{r.core}
	}
	var t target
	// T.query and T.fragment are R's, as r.s[r.pathEnd:] holds them,
	// except for an empty path without query.
	t.suf1 = r.s[r.pathEnd:]
	t.c.flags = hasScheme | r.flags&(hasQuery|hasFragment)
	t.c.queryEnd = r.queryEnd - r.pathEnd
	switch {
	case refScheme:
		// T.scheme, T.authority: R's, as r.s[:r.pathStart] holds them.
		t.pre1 = r.s[:r.pathStart]
		t.authority(&r.core, &r.core, 0)
		t.tail = rpath
	case r.flags&hasAuthority != 0:
		// T.scheme: Base's; T.authority: R's.
		// (Non-strict, R's scheme, equal to Base's, is ignored.)
		a := r.authStart() - 2 // the "//"
		t.pre1 = u.s[:u.schemeEnd+1]
		t.pre2 = r.s[a:r.pathStart]
		t.authority(&u.core, &r.core, u.schemeEnd+1-a)
		t.tail = rpath
	default:
		// T.scheme, T.authority: Base's.
		t.pre1 = u.s[:u.pathStart]
		t.authority(&u.core, &u.core, 0)
		switch {
		case rpath == "":
			// T.path = Base.path, as written: no remove_dot_segments.
			t.tail = u.s[u.pathStart:u.pathEnd]
			t.pathLen = len(t.tail)
			t.dot = -1
			if r.flags&hasQuery == 0 {
				// T.query = Base.query.
				t.suf1 = u.s[u.pathEnd:u.queryEnd]
				t.suf2 = r.s[r.pathEnd:]
				t.c.flags |= u.flags & hasQuery
				t.c.queryEnd = u.queryEnd - u.pathEnd
			}
			return t.finish(u, r, nil)
		case rpath[0] == '/':
			t.tail = rpath
		default:
			t.head = merge(u)
			t.tail = rpath
		}
	}
	t.dot = dotSegment(t.head)
	if t.dot < 0 {
		if i := dotSegment(t.tail); i >= 0 {
			t.dot = len(t.head) + i
		}
	}
	if t.dot >= 0 && t.head == "" {
		if _, ok := unguarded(t.tail, t.c.flags&hasAuthority != 0); ok {
			// "/.//" and a path without dot-segments: remove_dot_segments
			// takes the "/." off and the documented deviation puts it
			// back, so T.path is the path as written.
			t.pathLen = len(t.tail)
			return t.finish(u, r, nil)
		}
	}
	if t.dot < 0 {
		t.pathLen = len(t.head) + len(t.tail)
		t.guard = t.c.flags&hasAuthority == 0 && startsWithTwoSlashes(t.head, t.tail)
		return t.finish(u, r, nil)
	}
	if len(t.head)+len(t.tail) <= scratchSize {
		// A short path: remove its dot-segments on the stack, so that the
		// target's text is compared with u's and r's and allocated at its
		// length.
		var scratch [scratchSize + 2]byte
		k := copy(scratch[:], t.head)
		k += copy(scratch[k:], t.tail)
		k = removeDots(scratch[:k], t.dot)
		if t.c.flags&hasAuthority == 0 && needsDotGuard(scratch[:k]) {
			k = guardDots(scratch[:], k)
		}
		t.pathLen = k
		return t.finish(u, r, scratch[:k])
	}
	return t.walk(u, r)
}

// finish recomposes the target (RFC 3986 5.3) when its path is known
// without building it: head + tail, or walked, when not nil, which holds
// it with its dot-segments removed and any "/." prefix. It returns u or r
// when the target's text is theirs, otherwise a new value.
func (t *target) finish(u URI, r Reference, walked []byte) URI {
	if t.guard {
		t.pathLen += 2
	}
	n := len(t.pre1) + len(t.pre2) + t.pathLen + len(t.suf1) + len(t.suf2)

	// The target's text may already exist.
	if n == len(r.s) && r.flags&hasScheme != 0 && t.equals(r.s, walked) {
		return URI{r.core}
	}
	if n == len(u.s) && t.equals(u.s, walked) {
		return u
	}
	if uint64(n) > maxLen {
		panic("uri: Resolve: the target would be 4 GiB or longer")
	}
	buf := make([]byte, n)
	i := copy(buf, t.pre1)
	i += copy(buf[i:], t.pre2)
	if walked != nil {
		i += copy(buf[i:], walked)
	} else {
		if t.guard {
			i += copy(buf[i:], "/.")
		}
		i += copy(buf[i:], t.head)
		i += copy(buf[i:], t.tail)
	}
	i += copy(buf[i:], t.suf1)
	copy(buf[i:], t.suf2)
	return t.value(buf)
}

// walk recomposes the target (RFC 3986 5.3) when its path has
// dot-segments and is too long for the stack: it copies the path into the
// target's buffer, which has room for the path before remove_dot_segments
// (5.2.4) and the "/." of the documented deviation, removes them there, in
// place, and copies the query and the fragment after the path. It returns
// u or r when the target's text is theirs.
func (t *target) walk(u URI, r Reference) URI {
	pre := len(t.pre1) + len(t.pre2)
	m := len(t.head) + len(t.tail)
	buf := make([]byte, pre+m+2+len(t.suf1)+len(t.suf2))
	copy(buf, t.pre1)
	copy(buf[len(t.pre1):], t.pre2)
	p := buf[pre:]
	copy(p, t.head)
	copy(p[len(t.head):], t.tail)
	k := removeDots(p[:m], t.dot)
	if t.c.flags&hasAuthority == 0 && needsDotGuard(p[:k]) {
		k = guardDots(p, k)
	}
	t.pathLen = k
	i := pre + k
	i += copy(buf[i:], t.suf1)
	i += copy(buf[i:], t.suf2)
	if uint64(i) > maxLen {
		panic("uri: Resolve: the target would be 4 GiB or longer")
	}
	buf = buf[:i]
	if s := unsafe.String(unsafe.SliceData(buf), i); s == r.s && r.flags&hasScheme != 0 {
		return URI{r.core}
	} else if s == u.s {
		return u
	}
	return t.value(buf)
}

// value returns the target whose text buf holds; buf is never written
// again.
func (t *target) value(buf []byte) URI {
	t.c.s = unsafe.String(unsafe.SliceData(buf), len(buf))
	t.c.pathEnd = t.c.pathStart + uint32(t.pathLen)
	t.c.queryEnd += t.c.pathEnd
	return URI{t.c}
}

// authority sets the target's scheme and authority offsets: the scheme is
// that of sc, and the authority is that of a, the value whose authority
// the target takes, found shift bytes further on in the target than in a.
func (t *target) authority(sc, a *core, shift uint32) {
	t.c.schemeEnd = sc.schemeEnd
	t.c.flags |= sc.flags & upperScheme
	if a.flags&hasAuthority == 0 {
		i := t.c.schemeEnd + 1
		t.c.hostStart, t.c.hostEnd, t.c.pathStart = i, i, i
		return
	}
	t.c.flags |= hasAuthority | a.flags&(hasUserinfo|hasPort|caseHost)
	t.c.kind = a.kind
	t.c.hostStart = a.hostStart + shift
	t.c.hostEnd = a.hostEnd + shift
	t.c.pathStart = a.pathStart + shift
}

// equals reports whether the target's text is s, which has its length,
// without building it; walked is as for finish.
func (t *target) equals(s string, walked []byte) bool {
	i := 0
	piece := func(p string) bool {
		ok := s[i:i+len(p)] == p
		i += len(p)
		return ok
	}
	if !piece(t.pre1) || !piece(t.pre2) {
		return false
	}
	if walked != nil {
		if string(walked) != s[i:i+t.pathLen] {
			return false
		}
		i += t.pathLen
	} else if t.guard && !piece("/.") || !piece(t.head) || !piece(t.tail) {
		return false
	}
	return piece(t.suf1) && piece(t.suf2)
}

// merge is the base's part of the merge routine of RFC 3986 5.2.3, which
// the reference's path follows: with an authority and an empty path, "/";
// otherwise the base's path up to and including its last "/" (nothing if
// it has none).
func merge(u URI) string {
	if u.flags&hasAuthority != 0 && u.pathStart == u.pathEnd {
		return "/"
	}
	bpath := u.Path()
	return bpath[:lastSlash(bpath)+1]
}

// startsWithTwoSlashes reports whether a + b starts with "//".
func startsWithTwoSlashes(a, b string) bool {
	switch len(a) {
	case 0:
		return strings.HasPrefix(b, "//")
	case 1:
		return a[0] == '/' && strings.HasPrefix(b, "/")
	}
	return a[0] == '/' && a[1] == '/'
}

// equalFold reports whether two schemes are equal ignoring ASCII case (RFC
// 3986 3.1: schemes are case-insensitive).
func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if a[i]|0x20 != b[i]|0x20 {
			return false
		}
	}
	return true
}
