package uri

import (
	"strings"
	"unsafe"
)

// Relativize returns the shortest reference r, in bytes, such that
// u.Resolve(r) == t: the inverse of strict resolution (RFC 3986 5.2.2). On
// a tie it returns the relative-path form (4.2). It weighs t itself and
// network-path, absolute-path and relative-path references, and one with
// an empty path ("Relativization" in the package doc lists the forms). ok
// is false when no reference resolves to t: when t's path has a
// dot-segment and is not u's path as written, and for the zero URI as u
// or t.
//
// Relativize allocates only when r is not a piece of t's text (it starts
// with "../" or "./"), and when u's path has dot-segments.
func (u URI) Relativize(t URI) (r Reference, ok bool) {
	if u.flags&hasScheme == 0 || t.flags&hasScheme == 0 {
		return Reference{}, false
	}
	best := relCand{n: -1}
	sameScheme := u.Scheme() == t.Scheme()
	sameAuth := sameScheme && u.flags&hasAuthority == t.flags&hasAuthority &&
		u.Authority() == t.Authority()

	// A reference with an empty path: T.path = Base.path (5.2.2), and
	// T.query is R.query when R has one, else Base.query.
	if sameAuth && u.Path() == t.Path() {
		switch {
		case u.flags&hasQuery == t.flags&hasQuery && u.Query() == t.Query():
			best.consider(t, relCand{from: int(t.queryEnd)})
		case t.flags&hasQuery != 0:
			best.consider(t, relCand{from: int(t.pathEnd)})
		}
	}

	// Every other reference has a path that goes through
	// remove_dot_segments, and the guard of the documented deviation.
	e, epos, stable := t.stablePath()
	if stable {
		best.consider(t, relCand{from: 0})
		if sameScheme && t.flags&hasAuthority != 0 {
			best.consider(t, relCand{from: int(t.schemeEnd) + 1})
		}
		if sameAuth && strings.HasPrefix(t.Path(), "/") {
			c := relCand{from: int(t.pathStart)}
			if strings.HasPrefix(t.Path(), "//") {
				// Only with an authority: "//" would start another one.
				c.lead = "/."
			}
			best.consider(t, c)
		}
		if sameAuth {
			relativePaths(&best, t, e, epos, u.directory())
		}
	}
	if best.n < 0 {
		return Reference{}, false
	}
	return best.build(t), true
}

// stablePath returns the path that remove_dot_segments must produce for
// the target t, and where it starts in t's text. ok is false when no path
// gives t's path back: when it has a dot-segment, except in the "/.//"
// form of the documented deviation, whose dot-segment the guard adds.
func (t URI) stablePath() (e string, pos int, ok bool) {
	p := t.Path()
	e, ok = unguarded(p, t.flags&hasAuthority != 0)
	return e, int(t.pathStart) + len(p) - len(e), ok
}

// dirState is what the base contributes to a relative-path reference: the
// output of remove_dot_segments (RFC 3986 5.2.4) after the merged path's
// base part, the base's path up to its last "/" (5.2.3).
type dirState struct {
	// w holds the segments kept so far, as a path without the final "/".
	w string
	// rootless: the reference's path starts the merged path, so rules A
	// and D still apply to it and its first segment stays without "/".
	rootless bool
}

// directory returns the state in which a relative-path reference's path
// starts, against u.
func (u URI) directory() dirState {
	bpath := u.Path()
	if u.flags&hasAuthority != 0 && bpath == "" {
		return dirState{} // merged: "/" + R.path
	}
	i := strings.LastIndexByte(bpath, '/')
	if i < 0 {
		return dirState{rootless: true} // merged: R.path
	}
	d := bpath[:i+1]
	j := dotSegment(d)
	if j < 0 {
		return dirState{w: d[:i]}
	}
	// Run remove_dot_segments (5.2.4) on d + "x" and take the "x" back off.
	b := make([]byte, len(d)+1)
	copy(b, d)
	b[len(d)] = 'x'
	b = b[:removeDots(b, j)]
	if len(b) == 1 {
		return dirState{rootless: true}
	}
	return dirState{w: unsafe.String(unsafe.SliceData(b), len(b)-2)}
}

// relativePaths weighs the relative-path references that give t against a
// base whose directory is d; e is the path they must produce (at epos in
// t's text).
//
// Against a state holding the segments S (the tokens of d.w), a reference
// path climbs k levels with ".." and then adds the target's segments after
// the first j it shares with S: "../" k times, then those segments. Only j
// at the boundary of shared segments is worth weighing, along with each
// boundary before it (every level given up costs "../" and a segment).
func relativePaths(best *relCand, t URI, e string, epos int, d dirState) {
	qf := int(t.pathEnd) // the query and fragment follow the path
	if d.rootless {
		// The reference's path is the merged path: rules A and D remove
		// a leading "./" or "../", "." or "..".
		switch {
		case e == "":
			best.consider(t, relCand{lead: ".", from: qf, rel: true})
		case e[0] == '/':
			best.consider(t, relCand{lead: "./", from: epos, rel: true})
		case firstSegmentHasColon(e):
			best.consider(t, relCand{lead: "./", from: epos, rel: true})
		default:
			best.consider(t, relCand{from: epos, rel: true})
		}
		return
	}
	w := d.w
	// b: the longest prefix of w and e that ends at a segment boundary of
	// both.
	b := 0
	for b < len(w) && b < len(e) && w[b] == e[b] {
		b++
	}
	for b > 0 && !(b == len(w) || w[b] == '/') || b > 0 && !(b == len(e) || e[b] == '/') {
		b--
	}
	ups := strings.Count(w[b:], "/")
	if b < len(w) && w[b] != '/' {
		ups++ // the first segment of a path without "/"
	}
	for {
		rest := e[b:]
		switch {
		case rest == "" || rest[0] != '/':
			// Nothing to add, yet a reference path always adds a
			// segment; or a first segment that cannot follow "/".
		case rest == "/":
			// A final ".." or "." leaves the trailing "/" (5.2.4 B, C).
			if ups == 0 {
				best.consider(t, relCand{lead: ".", from: qf, rel: true})
			} else {
				best.consider(t, relCand{ups: ups, from: qf, rel: true})
			}
		case ups > 0:
			best.consider(t, relCand{ups: ups, upSep: true, from: epos + b + 1, rel: true})
		case rest[1] == '/' || firstSegmentHasColon(rest[1:]):
			// "./" keeps an empty first segment from reading as an
			// absolute path, and a colon from reading as a scheme (4.2).
			best.consider(t, relCand{lead: ".", from: epos + b, rel: true})
		default:
			best.consider(t, relCand{from: epos + b + 1, rel: true})
		}
		if b == 0 {
			return
		}
		b = strings.LastIndexByte(w[:b], '/')
		ups++
		if b < 0 {
			// Before the first segment of a path without "/".
			b = 0
		}
	}
}

// firstSegmentHasColon reports whether the first segment of p has a ":".
func firstSegmentHasColon(p string) bool {
	for i := 0; i < len(p) && p[i] != '/'; i++ {
		if p[i] == ':' {
			return true
		}
	}
	return false
}

// relCand is a candidate reference: ups ".." segments (each followed by
// "/" when upSep, else joined by "/"), then lead, then t's text from from.
type relCand struct {
	ups   int
	upSep bool
	lead  string
	from  int
	rel   bool // a relative-path reference: it wins ties
	n     int  // its length; -1 for "none yet"
}

// consider keeps c if it is shorter than the best so far, or as long and a
// relative-path reference when the best is not.
func (best *relCand) consider(t URI, c relCand) {
	c.n = 3*c.ups + len(c.lead) + len(t.s) - c.from
	if c.ups > 0 && !c.upSep {
		c.n--
	}
	if best.n < 0 || c.n < best.n || c.n == best.n && c.rel && !best.rel {
		*best = c
	}
}

// build returns the candidate as a Reference.
func (c relCand) build(t URI) Reference {
	s := t.s[c.from:]
	if c.ups > 0 || c.lead != "" {
		var b strings.Builder
		b.Grow(c.n)
		for i := 0; i < c.ups; i++ {
			if i > 0 {
				b.WriteByte('/')
			}
			b.WriteString("..")
		}
		if c.ups > 0 && c.upSep {
			b.WriteByte('/')
		}
		b.WriteString(c.lead)
		b.WriteString(s)
		s = b.String()
	}
	r, err := ParseReference(s)
	if err != nil {
		panic("uri: Relativize built an invalid reference: " + err.Error())
	}
	return r
}
