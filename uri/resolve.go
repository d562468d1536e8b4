package uri

import (
	"strings"
	"unsafe"
)

// This file implements reference resolution (RFC 3986 section 5.2), the
// recomposition of its result (5.3) and the inverse, Relativize.
//
// remove_dot_segments (5.2.4) is defined as a loop that moves segments from
// an input buffer to an output buffer and takes the last one back on "..".
// Run forward it needs the output to undo; run backward it does not: a ".."
// only tells how many of the segments before it disappear. So the path of a
// target is walked from its end to its start twice, once to measure it and
// once to write it, right to left, into a buffer of exactly the target's
// length. The walk also compares a would-be target with the text of the
// base or the reference, so that Resolve returns one of them instead of
// allocating when the target's text is theirs. Every step is linear in the
// input; nothing recurses.

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
	return p.removeDots()
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
	return hasDotSegment(p.head) || hasDotSegment(p.tail)
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
		i := strings.LastIndexByte(s[:j], '/')
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
			i := strings.LastIndexByte(s[:j], '/')
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

// target is the result of RFC 3986 5.2.2 before recomposition (5.3): where
// each component of T comes from.
type target struct {
	scheme  string
	auth    core // the source of T.authority, when hasA
	hasA    bool
	path    dotPath
	dots    bool // remove_dot_segments changes path
	query   string
	hasQ    bool
	frag    string
	hasF    bool
	guard   bool // the "/." of the documented deviation precedes the path
	pathLen int  // the length of T.path after remove_dot_segments
	asIs    bool // T.path is Base.path as written (5.2.2, R.path == "")
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
	var t target
	refScheme := r.flags&hasScheme != 0
	if refScheme && !strict && equalFold(r.Scheme(), u.Scheme()) {
		refScheme = false
	}
	if !refScheme && u.flags&hasScheme == 0 {
		// The zero URI is no base (5.1): only a URI has a target.
		return URI{}
	}
	rpath := r.Path()
	switch {
	case refScheme:
		t.scheme = r.Scheme()
		if r.flags&hasAuthority != 0 {
			t.auth, t.hasA = r.core, true
		}
		t.path.tail = rpath
		t.query, t.hasQ = r.Query(), r.flags&hasQuery != 0
	case r.flags&hasAuthority != 0:
		t.scheme = u.Scheme()
		t.auth, t.hasA = r.core, true
		t.path.tail = rpath
		t.query, t.hasQ = r.Query(), r.flags&hasQuery != 0
	default:
		t.scheme = u.Scheme()
		if u.flags&hasAuthority != 0 {
			t.auth, t.hasA = u.core, true
		}
		switch {
		case rpath == "":
			// T.path = Base.path, as written: no remove_dot_segments.
			t.path.tail = u.Path()
			if r.flags&hasQuery != 0 {
				t.query, t.hasQ = r.Query(), true
			} else {
				t.query, t.hasQ = u.Query(), u.flags&hasQuery != 0
			}
			t.asIs = true
		case rpath[0] == '/':
			t.path.tail = rpath
			t.query, t.hasQ = r.Query(), r.flags&hasQuery != 0
		default:
			t.path = merge(u, rpath)
			t.query, t.hasQ = r.Query(), r.flags&hasQuery != 0
		}
	}
	t.frag, t.hasF = r.Fragment(), r.flags&hasFragment != 0

	if t.asIs {
		t.pathLen = len(t.path.tail)
	} else {
		t.measurePath()
	}
	n := len(t.scheme) + 1 + t.pathLen
	if t.hasA {
		n += 2 + int(t.auth.pathStart-t.auth.authStart())
	}
	if t.guard {
		n += 2
	}
	if t.hasQ {
		n += 1 + len(t.query)
	}
	if t.hasF {
		n += 1 + len(t.frag)
	}

	// The target's text may already exist.
	if n == len(r.s) && r.flags&hasScheme != 0 && t.equals(r.s) {
		return URI{r.core}
	}
	if n == len(u.s) && t.equals(u.s) {
		return u
	}
	if n >= maxLen {
		panic("uri: Resolve: the target would be 4 GiB or longer")
	}
	w := backWriter{buf: make([]byte, n), pos: n}
	t.emit(&w)
	return URI{t.core(unsafe.String(unsafe.SliceData(w.buf), n))}
}

// merge is the merge routine of RFC 3986 5.2.3, as two pieces: with an
// authority and an empty path the base contributes "/"; otherwise its path
// up to and including its last "/" (nothing if it has none).
func merge(u URI, rpath string) dotPath {
	if u.flags&hasAuthority != 0 && u.pathStart == u.pathEnd {
		return dotPath{head: "/", tail: rpath}
	}
	bpath := u.Path()
	return dotPath{head: bpath[:strings.LastIndexByte(bpath, '/')+1], tail: rpath}
}

// measurePath runs remove_dot_segments in measuring mode and decides the
// guard of the documented deviation.
func (t *target) measurePath() {
	if !t.path.hasDots() {
		t.pathLen = len(t.path.head) + len(t.path.tail)
		// A path without dot-segments is the path of a parsed value
		// (or its start): with no authority it cannot start with "//".
		return
	}
	t.dots = true
	t.path = t.path.skipLeadingDots()
	var w backWriter
	info := t.path.walk(&w)
	t.pathLen = -w.pos
	t.guard = !t.hasA && info.leftEmpty && info.kept >= 2
}

// equals reports whether the target's text is s, without building it.
func (t *target) equals(s string) bool {
	w := backWriter{cmp: s, pos: len(s)}
	t.emit(&w)
	return !w.diff && w.pos == 0
}

// emit writes the recomposition of RFC 3986 5.3 to w, right to left.
func (t *target) emit(w *backWriter) {
	if t.hasF {
		w.put(t.frag)
		w.put("#")
	}
	if t.hasQ {
		w.put(t.query)
		w.put("?")
	}
	if t.dots {
		t.path.walk(w)
	} else {
		w.put(t.path.tail)
		w.put(t.path.head)
	}
	if t.guard {
		w.put("/.")
	}
	if t.hasA {
		w.put(t.auth.s[t.auth.authStart():t.auth.pathStart])
		w.put("//")
	}
	w.put(":")
	w.put(t.scheme)
}

// core returns the parsed form of s, the target's text, from what the
// target knows: the same offsets the parser would find.
func (t *target) core(s string) core {
	c := core{s: s, schemeEnd: uint32(len(t.scheme)), flags: hasScheme}
	i := c.schemeEnd + 1
	if t.hasA {
		a := &t.auth
		start := i + 2
		c.hostStart = start + (a.hostStart - a.authStart())
		c.hostEnd = start + (a.hostEnd - a.authStart())
		c.pathStart = start + (a.pathStart - a.authStart())
		c.flags |= hasAuthority | a.flags&(hasUserinfo|hasPort)
		c.kind = a.kind
	} else {
		c.hostStart, c.hostEnd, c.pathStart = i, i, i
	}
	c.pathEnd = c.pathStart + uint32(t.pathLen)
	if t.guard {
		c.pathEnd += 2
	}
	c.queryEnd = c.pathEnd
	if t.hasQ {
		c.flags |= hasQuery
		c.queryEnd += 1 + uint32(len(t.query))
	}
	if t.hasF {
		c.flags |= hasFragment
	}
	return c
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
