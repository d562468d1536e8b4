package uri

import (
	"strings"
	"unsafe"
)

// This file implements reference resolution (RFC 3986 section 5.2), the
// recomposition of its result (5.3) and the inverse, Relativize.
//
// A target is made of pieces of the text of the base and the reference
// (scheme and authority, the path, query and fragment), measured first so
// that its text is built in one buffer of exactly its length, or not at all
// when it is the text of the base or the reference.
//
// remove_dot_segments (5.2.4) is defined as a loop that moves segments from
// an input buffer to an output buffer and takes the last one back on "..".
// Run forward it needs the output to undo; run backward it does not: a ".."
// only tells how many of the segments before it disappear. So a path with
// dot-segments is walked from its end to its start twice, once to measure
// it and once to write it, right to left, into the target's buffer (or to
// compare it with the base's or the reference's text). Most relative
// references need no walk: their dot-segments lead ("../../g"), and each
// removes a segment from the end of the base's part (climb). Every step is
// linear in the input; nothing recurses.

// RemoveDotSegments removes the dot-segments "." and ".." from path exactly
// as the remove_dot_segments routine of RFC 3986 section 5.2.4 does,
// including its rules A and D for a path that does not start with "/"
// ("../a" gives "a", "a/../b" gives "/b", "." gives ""). Segments that
// merely contain dots ("..a", "%2E") are kept, and the result may start
// with "//" ("/.//a" gives "//a"). It allocates only when path has a
// dot-segment.
func RemoveDotSegments(path string) string {
	p := dotPath{tail: path}
	if !p.hasDots() {
		return path
	}
	if len(path) <= scratchSize {
		var scratch [scratchSize]byte
		n := copy(scratch[:], path)
		return string(scratch[:removeDotsInPlace(scratch[:n])])
	}
	return p.removeDots()
}

// scratchSize is the longest path whose dot-segments are removed forward,
// in a buffer on the stack; longer ones are walked backward twice.
const scratchSize = 256

// removeDotsInPlace runs remove_dot_segments (RFC 3986 5.2.4) forward,
// rule by rule, on b: the input buffer is b[r:], the output buffer b[:w].
// The output never grows past the input (w <= r), so both share b. It
// returns the output's length. The only step back is rule C's, over the
// last output segment, which then leaves the output: linear in all.
func removeDotsInPlace(b []byte) int {
	n := len(b)
	r, w := 0, 0
	// Rules A and D apply only while the input does not start with "/":
	// B, C and E leave an input that does.
	for r < n {
		switch {
		case n-r >= 3 && b[r] == '.' && b[r+1] == '.' && b[r+2] == '/':
			r += 3 // A: "../"
		case n-r >= 2 && b[r] == '.' && b[r+1] == '/':
			r += 2 // A: "./"
		case n-r == 1 && b[r] == '.', n-r == 2 && b[r] == '.' && b[r+1] == '.':
			r = n // D
		default:
			goto rest
		}
	}
rest:
	if r < n && b[r] != '/' {
		// E: a first segment without "/".
		e := r
		for e < n && b[e] != '/' {
			e++
		}
		w = copy(b, b[r:e])
		r = e
	}
	for r < n {
		// The input starts with "/" and a segment, b[r+1:e].
		e := r + 1
		for e < n && b[e] != '/' {
			e++
		}
		switch e - r {
		case 2:
			if b[r+1] == '.' { // B: "/./" or "/."
				if e == n {
					b[w] = '/' // "/." becomes "/", which E moves
					return w + 1
				}
				r = e
				continue
			}
		case 3:
			if b[r+1] == '.' && b[r+2] == '.' { // C: "/../" or "/.."
				for w > 0 && b[w-1] != '/' {
					w--
				}
				if w > 0 {
					w-- // the segment's "/"
				}
				if e == n {
					b[w] = '/'
					return w + 1
				}
				r = e
				continue
			}
		}
		// E: move "/" and the segment.
		w += copy(b[w:], b[r:e])
		r = e
	}
	return w
}

// removeDots returns remove_dot_segments of p (RFC 3986 5.2.4) in a new
// string of exactly its length: one walk measures, the next writes.
func (p dotPath) removeDots() string {
	p = p.skipLeadingDots()
	var w backWriter
	p.walk(&w)
	n := -w.pos
	if n == 0 {
		return ""
	}
	w = backWriter{buf: make([]byte, n), pos: n}
	p.walk(&w)
	return unsafe.String(unsafe.SliceData(w.buf), n)
}

// dotPath is the input buffer of remove_dot_segments (RFC 3986 5.2.4) in
// two pieces, head + tail, so that a merged path (5.2.3) need not be built
// to be walked: head is "" or ends with "/" (the base's path up to its last
// "/"), tail is the rest (the reference's path).
//
// The path is seen as a list of tokens: a "/" and the segment after it,
// except that a path not starting with "/" starts with a segment alone.
// The "/" that ends head starts the first token of tail.
type dotPath struct {
	head, tail string
}

// hasDots reports whether a segment of p is "." or "..".
func (p dotPath) hasDots() bool {
	return hasDotSegment(p.head) || hasDotSegmentInName(p.tail)
}

// hasDotSegment reports whether a "/"-separated segment of s is "." or "..".
func hasDotSegment(s string) bool {
	for i := 0; ; {
		k := strings.IndexByte(s[i:], '.')
		if k < 0 {
			return false
		}
		k += i
		if k == 0 || s[k-1] == '/' {
			e := k + 1
			if e < len(s) && s[e] == '.' {
				e++
			}
			if e == len(s) || s[e] == '/' {
				return true
			}
		}
		i = k + 1
	}
}

// hasDotSegmentInName is hasDotSegment for a reference's path, which
// often ends in a file name with dots ("struct.OsStr.html"): it looks for
// "/." rather than stopping at every ".".
func hasDotSegmentInName(s string) bool {
	if s == "" {
		return false
	}
	if s[0] == '.' && isDotSegmentAt(s, 0) {
		return true
	}
	for i := 0; ; {
		k := strings.Index(s[i:], "/.")
		if k < 0 {
			return false
		}
		k += i + 1
		if isDotSegmentAt(s, k) {
			return true
		}
		i = k
	}
}

// isDotSegmentAt reports whether the segment that starts at s[k], a ".",
// is "." or "..".
func isDotSegmentAt(s string, k int) bool {
	e := k + 1
	if e < len(s) && s[e] == '.' {
		e++
	}
	return e == len(s) || s[e] == '/'
}

// skipLeadingDots applies rules A and D of RFC 3986 5.2.4 while they are the
// rules that apply: they remove a leading "../" or "./", or a whole path "."
// or "..". Once the input starts with "/" or with another segment, A and D
// never apply again, because the rules B, C and E leave an input that starts
// with "/". After skipLeadingDots, the first token of p is not a dot-segment.
func (p dotPath) skipLeadingDots() dotPath {
	for {
		s := &p.tail
		if p.head != "" {
			// A prefix "./" or "../" lies within head, which ends with "/".
			s = &p.head
		}
		switch {
		case strings.HasPrefix(*s, "../"):
			*s = (*s)[3:]
		case strings.HasPrefix(*s, "./"):
			*s = (*s)[2:]
		case p.head == "" && (p.tail == "." || p.tail == ".."):
			p.tail = ""
			return p
		default:
			return p
		}
	}
}

// walkInfo describes the output of a walk.
type walkInfo struct {
	kept      int  // tokens written
	leftEmpty bool // the first token written is "/" and an empty segment
}

// walk runs remove_dot_segments (RFC 3986 5.2.4) backward over the tokens
// of p, which skipLeadingDots has already seen, and writes the tokens it
// keeps to w, right to left. Run forward, rule C removes the last segment
// of the output for each ".."; run backward, a ".." removes the next
// ordinary segment met, so a counter replaces the output buffer. A path that
// ends with "/." or "/.." ends with "/" (rules B and C replace them with "/",
// which rule E then moves).
func (p dotPath) walk(w *backWriter) walkInfo {
	k := walker{w: w, last: true}
	hasHead := p.head != ""
	s := p.tail
	for j := len(s); ; {
		i := lastSlash(s[:j])
		if i < 0 {
			if hasHead {
				k.token("/", s[:j])
			} else if j > 0 {
				k.token("", s[:j])
			}
			break
		}
		k.token("/", s[i+1:j])
		j = i
		if j == 0 && !hasHead {
			break
		}
	}
	if hasHead {
		s = p.head[:len(p.head)-1]
		for j := len(s); j > 0; {
			i := lastSlash(s[:j])
			if i < 0 {
				k.token("", s[:j])
				break
			}
			k.token("/", s[i+1:j])
			j = i
		}
	}
	return k.info
}

// walker is the state of a backward walk.
type walker struct {
	w    *backWriter
	info walkInfo
	skip int  // ordinary segments still to drop, one per ".." seen
	last bool // the next token is the path's last
}

// token handles one token, right to left: slash is "/", or "" for the first
// segment of a path that does not start with "/".
func (k *walker) token(slash, seg string) {
	dot := slash != "" && (seg == "." || seg == "..")
	switch {
	case k.last && dot:
		k.w.put("/")
		k.info.kept++
		k.info.leftEmpty = true
	case dot:
	case k.skip > 0:
		k.skip--
	default:
		k.w.put(seg)
		k.w.put(slash)
		k.info.kept++
		k.info.leftEmpty = slash != "" && seg == ""
	}
	if dot && seg == ".." {
		k.skip++
	}
	k.last = false
}

// backWriter receives text right to left. With buf nil it only measures:
// pos goes down from 0 and -pos is the length. With buf set it writes at
// buf[pos-len(s):pos]. With cmp set (and buf nil) it compares with
// cmp[pos-len(s):pos] and records any difference in diff.
type backWriter struct {
	buf  []byte
	cmp  string
	pos  int
	diff bool
}

func (w *backWriter) put(s string) {
	w.pos -= len(s)
	switch {
	case w.buf != nil:
		copy(w.buf[w.pos:], s)
	case w.cmp != "":
		if w.diff || w.pos < 0 || w.cmp[w.pos:w.pos+len(s)] != s {
			w.diff = true
		}
	}
}

// target is the result of RFC 3986 5.2.2 before recomposition (5.3), as
// pieces of the text of the base and the reference: pre holds the scheme,
// its ":" and any "//" and authority, then comes the path (its pieces and
// whether remove_dot_segments changes them), then suf holds any "?" and
// query and any "#" and fragment. The offsets are those the parser would
// find in the recomposed text.
type target struct {
	pre1, pre2 string
	path       dotPath
	dots       bool // remove_dot_segments changes path
	inPlace    bool // and the path is short: removeDotsInPlace will do it
	guard      bool // the "/." of the documented deviation precedes the path
	pathLen    int  // the length of T.path after remove_dot_segments
	suf1, suf2 string
	c          core // offsets, flags and kind; pathEnd and queryEnd relative
}

// Resolve returns the target URI of the reference r with u as its base URI,
// as RFC 3986 section 5.2.2 defines it for a strict parser, recomposed as
// 5.3 says. A fragment of u is ignored (5.1: a base URI has none), and the
// dot-segments of u's path are used as written (5.2.3: "http://a/b/c/.."
// with "g" gives "http://a/b/c/g"). All examples of RFC 3986 5.4 hold.
//
// Resolve never fails: every component of the target is a component of u or
// r, and remove_dot_segments only drops whole segments. Where the letter of
// 5.2 gives a path that starts with "//" and there is no authority, the path
// gets the prefix "/." so that the result does not read back with an
// authority: "x:/a" with "..//y" gives "x:/.//y", not "x://y" (see
// Deviations in the package doc).
//
// Resolution commutes with normalization: u.Resolve(r).Normalize() equals
// u.Normalize().Resolve(r.Normalize()).Normalize(), except when u's last
// path segment is ".." (see above: normalizing u first would drop it and
// the segment before it) or an input holds "%2E", which normalization
// decodes into a dot-segment.
//
// Resolve allocates at most once, the target's text, and not at all when
// that text is the text of u or of r. It panics if the target would be 4 GiB
// or longer, which takes inputs that long together. With the zero URI as
// base, which is not a URI, a relative reference has no target: the result
// is the zero URI.
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
	if refScheme && !hasDotSegmentInName(r.s[r.pathStart:r.pathEnd]) {
		// T is R: its path has nothing for remove_dot_segments to do.
		return URI{r.core}
	}
	var t target
	asIs := false // T.path is Base.path as written
	rpath := r.s[r.pathStart:r.pathEnd]
	// T.query and T.fragment are R's, as r.s[r.pathEnd:] holds them,
	// except for an empty path without query.
	t.suf1 = r.s[r.pathEnd:]
	t.c.flags = hasScheme | r.flags&(hasQuery|hasFragment)
	t.c.queryEnd = r.queryEnd - r.pathEnd
	switch {
	case refScheme:
		// T.scheme, T.authority: R's, as r.s[:r.pathStart] holds them.
		t.pre1 = r.s[:r.pathStart]
		t.authority(r.schemeEnd, &r.core, 0)
		t.path.tail = rpath
	case r.flags&hasAuthority != 0:
		// T.scheme: Base's; T.authority: R's.
		// (Non-strict, R's scheme, equal to Base's, is ignored.)
		a := r.authStart() - 2 // the "//"
		t.pre1 = u.s[:u.schemeEnd+1]
		t.pre2 = r.s[a:r.pathStart]
		t.authority(u.schemeEnd, &r.core, u.schemeEnd+1-a)
		t.path.tail = rpath
	default:
		// T.scheme, T.authority: Base's.
		t.pre1 = u.s[:u.pathStart]
		t.authority(u.schemeEnd, &u.core, 0)
		switch {
		case rpath == "":
			// T.path = Base.path, as written: no remove_dot_segments.
			t.path.tail = u.s[u.pathStart:u.pathEnd]
			t.pathLen = len(t.path.tail)
			asIs = true
			if r.flags&hasQuery == 0 {
				// T.query = Base.query.
				t.suf1 = u.s[u.pathEnd:u.queryEnd]
				t.suf2 = r.s[r.pathEnd:]
				t.c.flags |= u.flags & hasQuery
				t.c.queryEnd = u.queryEnd - u.pathEnd
			}
		case rpath[0] == '/':
			t.path.tail = rpath
		default:
			t.path = merge(u, rpath)
		}
	}
	if !asIs {
		t.measurePath()
	}
	if t.inPlace {
		// A short path: remove its dot-segments forward, in place.
		var scratch [scratchSize]byte
		k := copy(scratch[:], t.path.head)
		k += copy(scratch[k:], t.path.tail)
		m := removeDotsInPlace(scratch[:k])
		t.pathLen = m
		t.guard = t.c.flags&hasAuthority == 0 && m >= 2 && scratch[0] == '/' && scratch[1] == '/'
		return t.finish(u, r, scratch[:m])
	}
	return t.finish(u, r, nil)
}

// finish recomposes the measured target (RFC 3986 5.3): it returns u or r
// when the target's text is theirs, otherwise a new value. walked, when
// not nil, is the path with its dot-segments removed.
func (t *target) finish(u URI, r Reference, walked []byte) URI {
	n := len(t.pre1) + len(t.pre2) + t.pathLen + len(t.suf1) + len(t.suf2)
	if t.guard {
		n += 2
	}

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
	t.write(buf, walked)
	t.c.s = unsafe.String(unsafe.SliceData(buf), n)
	t.c.pathEnd = t.c.pathStart + uint32(t.pathLen)
	if t.guard {
		t.c.pathEnd += 2
	}
	t.c.queryEnd += t.c.pathEnd
	return URI{t.c}
}

// authority sets the target's scheme and authority offsets: the scheme
// ends at schemeEnd, and the authority is that of a, the
// value whose authority the target takes, found shift bytes further on in
// the target than in a.
func (t *target) authority(schemeEnd uint32, a *core, shift uint32) {
	t.c.schemeEnd = schemeEnd
	if a.flags&hasAuthority == 0 {
		i := t.c.schemeEnd + 1
		t.c.hostStart, t.c.hostEnd, t.c.pathStart = i, i, i
		return
	}
	t.c.flags |= hasAuthority | a.flags&(hasUserinfo|hasPort)
	t.c.kind = a.kind
	t.c.hostStart = a.hostStart + shift
	t.c.hostEnd = a.hostEnd + shift
	t.c.pathStart = a.pathStart + shift
}

// write writes the target's text, the recomposition of RFC 3986 5.3, to
// buf, which has exactly its length; walked is as for finish.
func (t *target) write(buf, walked []byte) {
	i := copy(buf, t.pre1)
	i += copy(buf[i:], t.pre2)
	if t.guard {
		i += copy(buf[i:], "/.")
	}
	switch {
	case walked != nil:
		i += copy(buf[i:], walked)
	case t.dots:
		w := backWriter{buf: buf[:i+t.pathLen], pos: i + t.pathLen}
		t.path.walk(&w)
		i += t.pathLen
	default:
		i += copy(buf[i:], t.path.head)
		i += copy(buf[i:], t.path.tail)
	}
	i += copy(buf[i:], t.suf1)
	copy(buf[i:], t.suf2)
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
	if !piece(t.pre1) || !piece(t.pre2) || t.guard && !piece("/.") {
		return false
	}
	if walked != nil {
		if string(walked) != s[i:i+t.pathLen] {
			return false
		}
		i += t.pathLen
	} else if t.dots {
		w := backWriter{cmp: s[i : i+t.pathLen], pos: t.pathLen}
		t.path.walk(&w)
		if w.diff {
			return false
		}
		i += t.pathLen
	} else if !piece(t.path.head) || !piece(t.path.tail) {
		return false
	}
	return piece(t.suf1) && piece(t.suf2)
}

// merge is the merge routine of RFC 3986 5.2.3, as two pieces: with an
// authority and an empty path the base contributes "/"; otherwise its path
// up to and including its last "/" (nothing if it has none).
func merge(u URI, rpath string) dotPath {
	if u.flags&hasAuthority != 0 && u.pathStart == u.pathEnd {
		return dotPath{head: "/", tail: rpath}
	}
	bpath := u.Path()
	return dotPath{head: bpath[:lastSlash(bpath)+1], tail: rpath}
}

// measurePath runs remove_dot_segments in measuring mode and decides the
// guard of the documented deviation.
func (t *target) measurePath() {
	if p, ok := t.path.climb(); ok {
		t.path = p
	} else if t.path.hasDots() {
		t.dots = true
		if len(t.path.head)+len(t.path.tail) <= scratchSize {
			t.inPlace = true // resolve runs removeDotsInPlace
			return
		}
		t.path = t.path.skipLeadingDots()
		var w backWriter
		info := t.path.walk(&w)
		t.pathLen = -w.pos
		t.guard = t.c.flags&hasAuthority == 0 && info.startsWithSlashSlash()
		return
	}
	t.pathLen = len(t.path.head) + len(t.path.tail)
	t.guard = t.c.flags&hasAuthority == 0 && startsWithTwoSlashes(t.path.head, t.path.tail)
}

// climb is remove_dot_segments (RFC 3986 5.2.4) for the merged paths of
// most relative references: a base part without dot-segments, and a
// reference's path whose dot-segments all come first ("../../g", "./g",
// ".."). Each leading ".." removes the last segment of head: head shrinks
// to a prefix of itself, and the result is that prefix and the rest of
// tail, with no walk and no dot left. ok is false for any other path.
func (p dotPath) climb() (q dotPath, ok bool) {
	if p.head == "" {
		return p, false
	}
	tail := p.tail
	up := 0
	for len(tail) > 0 && tail[0] == '.' {
		if strings.HasPrefix(tail, "../") {
			tail = tail[3:]
			up++
		} else if strings.HasPrefix(tail, "./") {
			tail = tail[2:]
		} else {
			switch tail {
			case "..":
				up++
				tail = ""
			case ".":
				tail = ""
			}
			break
		}
	}
	if hasDotSegmentInName(tail) || hasDotSegment(p.head) {
		return p, false
	}
	head := p.head
	for ; up > 0 && head != "/"; up-- {
		i := lastSlash(head[:len(head)-1])
		if i < 0 {
			// A first segment without "/" goes, and the "/" after it
			// stays: "a/" with ".." gives "/" (rules E, C).
			head = "/"
			break
		}
		head = head[:i+1]
	}
	return dotPath{head: head, tail: tail}, true
}

// lastSlash is strings.LastIndexByte(s, '/'), unrolled: a path's last
// segment, which merge and climb look past, is often a long file name.
func lastSlash(s string) int {
	i := len(s)
	for i >= 4 {
		if s[i-1] == '/' {
			return i - 1
		}
		if s[i-2] == '/' {
			return i - 2
		}
		if s[i-3] == '/' {
			return i - 3
		}
		if s[i-4] == '/' {
			return i - 4
		}
		i -= 4
	}
	for i > 0 {
		i--
		if s[i] == '/' {
			return i
		}
	}
	return -1
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
