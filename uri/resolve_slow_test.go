package uri_test

import (
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/oracle"
	"github.com/urikit/urikit/uri"
)

// resolveSlow is the reference implementation of RFC 3986 5.2 that Resolve
// must agree with: internal/oracle's step-by-step transcription of 5.2.2,
// 5.2.3, 5.2.4 and 5.3 on the Appendix B split, followed by the one
// documented deviation (oracle.DotGuard: "/." before a path that starts
// with "//" when there is no authority).
func resolveSlow(base, ref string, strict bool) string {
	return oracle.DotGuard(oracle.Resolve(base, ref, strict)).String()
}

// resolveLetter is the RFC's letter, without the deviation.
func resolveLetter(base, ref string, strict bool) string {
	return oracle.Resolve(base, ref, strict).String()
}

// isDeviation reports whether got differs from the letter of RFC 3986 only
// by the documented deviation: the letter gives a target without authority
// whose path starts with "//", and got has "/." before that path.
func isDeviation(base, ref string, strict bool, got string) bool {
	t := oracle.Resolve(base, ref, strict)
	return !t.HasAuthority && strings.HasPrefix(t.Path, "//") && got == oracle.DotGuard(t).String()
}

// Base and reference shapes: every kind of base (with and without
// authority, empty path, rootless path, trailing "..", query, empty query,
// fragment) crossed with every kind of reference.
var (
	slowBases = []string{
		"http://a/b/c/d;p?q",
		"http://a/b/c/d;p?q#f",
		"http://a",
		"http://a?q",
		"http://a?",
		"http://a#f",
		"http://a/",
		"http://a/b",
		"http://a/b/",
		"http://a/b/c/..",
		"http://a/b/c/.",
		"http://a/b/../c",
		"http://a//b",
		"http://a//",
		"http://u:p@a:80/b/c?",
		"http://[::1]/b/c",
		"HTTP://a/b/c",
		"file:///",
		"file:///a/b",
		"x:",
		"x:?q",
		"x:#f",
		"x:/",
		"x:/a",
		"x:/a/b",
		"x:/a/b/",
		"x:/a/b/..",
		"x:/a/..",
		"x:/.//a",
		"x:/.//a/b",
		"x:a",
		"x:a/b",
		"x:a/b/",
		"x:a/b/..",
		"x:a/..",
		"x:./a",
		"x:../a/b",
		"x:.",
		"x:..",
		"x:../..",
		"x:a:b/c",
		"urn:example:animal:ferret:nose",
		"mailto:a@b?subject=x",
	}
	slowRefs = []string{
		"", "?", "#", "?#", "?y", "#s", "?y#s",
		"g", "g/", "g/h", "./g", "../g", "../../g", "../../../../g",
		".", "./", "..", "../", "../..", "../../", "./..", ".././",
		"g.", ".g", "g..", "..g", "...", "%2E", "%2E%2E/g",
		"g/.", "g/..", "g/./h", "g/../h", "g/../../h", "g//h", "g//../h",
		".//g", "..//g", "../..//g", "./..//", "..//", ".//",
		";x", "g;x=1/../y", "g?y/../x", "g#s/../x",
		"./g:h", "./a:b/../c",
		"/", "//", "///", "/g", "/./g", "/../g", "/.//g", "/..//g", "/g/..", "/.", "/..",
		"//g", "//g/", "//g/h/../i", "//g?y", "//u@g:1", "//", "//g/.//h",
		"g:h", "x:g", "x:/g", "x:../g", "x:/../g", "x:./g", "x:/.//g", "x:/..//g", "x:a/../b",
		"X:g", "http:g", "http:", "http:?y", "http://g", "HTTP:g", "y://h/./g",
	}
)

// TestResolveAgainstSlow crosses every base with every reference, in both
// modes, and requires Resolve to agree with the slow transcription.
func TestResolveAgainstSlow(t *testing.T) {
	deviations := 0
	for _, bs := range slowBases {
		base := uri.MustParse(bs)
		for _, rs := range slowRefs {
			ref := uri.MustParseReference(rs)
			for _, strict := range []bool{true, false} {
				var got uri.URI
				if strict {
					got = base.Resolve(ref)
				} else {
					got = base.ResolveNonStrict(ref)
				}
				want := resolveSlow(bs, rs, strict)
				if got.String() != want {
					t.Errorf("resolve(%q, %q, strict=%v) = %q, want %q", bs, rs, strict, got, want)
					continue
				}
				if want != resolveLetter(bs, rs, strict) {
					deviations++
				}
				checkResolved(t, got)
				allocs := testing.AllocsPerRun(5, func() {
					if strict {
						sinkURI = base.Resolve(ref)
					} else {
						sinkURI = base.ResolveNonStrict(ref)
					}
				})
				switch s := got.String(); {
				case s == bs || s == rs:
					if allocs != 0 {
						t.Errorf("resolve(%q, %q, strict=%v) = %q allocates %v times, want 0", bs, rs, strict, s, allocs)
					}
				case allocs != 1:
					t.Errorf("resolve(%q, %q, strict=%v) allocates %v times, want 1", bs, rs, strict, allocs)
				}
			}
		}
	}
	if deviations == 0 {
		t.Error("no pair showed the documented deviation")
	}
}

// TestRemoveDotSegmentsAgainstSlow compares with the two-buffer
// transcription of RFC 3986 5.2.4 on every path built from a few segments.
func TestRemoveDotSegmentsAgainstSlow(t *testing.T) {
	segs := []string{"", ".", "..", "a", "b.", ".."}
	var paths []string
	var build func(prefix string, n int)
	build = func(prefix string, n int) {
		paths = append(paths, prefix)
		if n == 0 {
			return
		}
		for _, s := range segs {
			if prefix == "" {
				build(s, n-1)
				build("/"+s, n-1)
			} else {
				build(prefix+"/"+s, n-1)
			}
		}
	}
	build("", 4)
	for _, p := range paths {
		if got, want := uri.RemoveDotSegments(p), oracle.RemoveDotSegments(p); got != want {
			t.Errorf("RemoveDotSegments(%q) = %q, want %q", p, got, want)
		}
	}
}

// relativizeSlow searches for the shortest reference that resolves (by
// Resolve, itself checked against the slow transcription) from base to
// target: every suffix of the target's text, after each prefix a reference
// can need ("./" for a colon or an empty segment, "/." for "//", "../" or
// ".." climbs). It returns the reference and whether it is a relative-path
// reference, and ok false when nothing works.
func relativizeSlow(base uri.URI, target uri.URI) (ref string, rel, ok bool) {
	ts := target.String()
	levels := strings.Count(base.Path(), "/") + 2
	prefixes := []string{"", ".", "./", "/."}
	for k := 1; k <= levels; k++ {
		prefixes = append(prefixes, strings.Repeat("../", k), strings.Repeat("../", k-1)+"..")
	}
	for i := 0; i <= len(ts); i++ {
		for _, p := range prefixes {
			cand := p + ts[i:]
			r, err := uri.ParseReference(cand)
			if err != nil || base.Resolve(r) != target {
				continue
			}
			isRel := isRelativePath(r)
			if !ok || len(cand) < len(ref) || len(cand) == len(ref) && isRel && !rel {
				ref, rel, ok = cand, isRel, true
			}
		}
	}
	return ref, rel, ok
}

// isRelativePath reports whether r is a relative-path reference (RFC 3986
// 4.2): no scheme, no authority, a path that does not start with "/".
func isRelativePath(r uri.Reference) bool {
	return !r.HasScheme() && !r.HasAuthority() && r.Path() != "" && r.Path()[0] != '/'
}

// checkRelativize checks Relativize on one pair against relativizeSlow
// and the defining property u.Resolve(r) == t.
func checkRelativize(t *testing.T, bs, ts string) {
	t.Helper()
	base, target := uri.MustParse(bs), uri.MustParse(ts)
	r, ok := base.Relativize(target)
	want, wantRel, wantOK := relativizeSlow(base, target)
	if ok != wantOK {
		t.Errorf("Relativize(%q, %q) = %q, %v; the search found %q, %v", bs, ts, r, ok, want, wantOK)
		return
	}
	if !ok {
		return
	}
	if got := base.Resolve(r); got != target {
		t.Errorf("Relativize(%q, %q) = %q, which resolves to %q", bs, ts, r, got)
	}
	if got := resolveSlow(bs, r.String(), true); got != ts {
		t.Errorf("Relativize(%q, %q) = %q, which the slow resolution takes to %q", bs, ts, r, got)
	}
	if len(r.String()) != len(want) || isRelativePath(r) != wantRel {
		t.Errorf("Relativize(%q, %q) = %q, want %q (or as short, relative-path: %v)", bs, ts, r, want, wantRel)
	}
}

func TestRelativizeAgainstSlow(t *testing.T) {
	// Each base against the targets of its own references, and against
	// those of the RFC's base and of a base without authority.
	targetsOf := func(bs string) []string {
		base := uri.MustParse(bs)
		var ts []string
		for _, rs := range slowRefs {
			ts = append(ts, base.Resolve(uri.MustParseReference(rs)).String())
		}
		return ts
	}
	common := append(targetsOf(rfcBase), targetsOf("x:/a/b")...)
	common = append(common, "http://a/b/c/../d", "x:/a/./b", "x:/.//a/..", "http://a/./b", "x:a/../b")
	for _, bs := range slowBases {
		for _, ts := range append(targetsOf(bs), common...) {
			checkRelativize(t, bs, ts)
		}
	}
}

// TestRelativizeExhaustive proves minimality on small pairs: no reference
// shorter than Relativize's answer, over an alphabet that covers every
// character of the pair and every delimiter, resolves to the target, and
// none as short is a relative-path reference when the answer is not.
func TestRelativizeExhaustive(t *testing.T) {
	bases := []string{"x:", "x:/", "x:a", "x:a/b", "x:/a", "x:/a/b", "x:/a/b/", "x:/a/..", "x:a/..",
		"x://h", "x://h/", "x://h/a/b", "x://h/a/..", "x:?a", "x:/a?b", "x:../a"}
	targets := []string{"x:", "x:a", "x:b", "x:/", "x:/a", "x:/b", "x:a/", "x:a/b", "x:/a/", "x:/a/b", "x:/b/a",
		"x:/.//a", "x:/.//", "x:a:b", "x:/a:b", "x://h", "x://h/", "x://h/a", "x://h//", "x://h//a", "x://a",
		"x:?a", "x:#a", "x:/a?", "x:/a#", "x:/a?b#a", "x:a/b/", "x:/a/b/", "a:", "a:b", "x:/a/..", "x:a/.."}
	alphabet := []byte("abhx/.?#:")
	maxLen := 4
	if !testing.Short() {
		maxLen = 5
	}
	for _, bs := range bases {
		base := uri.MustParse(bs)
		for _, ts := range targets {
			target := uri.MustParse(ts)
			r, ok := base.Relativize(target)
			if ok && base.Resolve(r) != target {
				t.Errorf("Relativize(%q, %q) = %q, which resolves to %q", bs, ts, r, base.Resolve(r))
				continue
			}
			limit := maxLen
			if ok && len(r.String()) <= limit {
				limit = len(r.String())
			}
			// Enumerate every string of length <= limit.
			buf := make([]byte, 0, limit)
			var walk func()
			walk = func() {
				cand := string(buf)
				if c, err := uri.ParseReference(cand); err == nil && base.Resolve(c) == target {
					switch {
					case !ok:
						t.Errorf("Relativize(%q, %q) = not ok, but %q works", bs, ts, cand)
					case len(cand) < len(r.String()):
						t.Errorf("Relativize(%q, %q) = %q, but %q is shorter", bs, ts, r, cand)
					case len(cand) == len(r.String()) && isRelativePath(c) && !isRelativePath(r):
						t.Errorf("Relativize(%q, %q) = %q, but %q is as short and a relative-path reference", bs, ts, r, cand)
					}
				}
				if len(buf) == limit {
					return
				}
				for _, ch := range alphabet {
					buf = append(buf, ch)
					walk()
					buf = buf[:len(buf)-1]
				}
			}
			walk()
		}
	}
}

// TestResolveLongPaths compares both ways of removing dot-segments, forward
// in place for short paths and backward for long ones, around the length
// where one hands over to the other.
func TestResolveLongPaths(t *testing.T) {
	pieces := []string{"a/", "../", "./", "bb/", "/", "..", ".", "c"}
	bases := []string{"http://h/x/y/z", "x:/p/q", "x:p/q", "x:"}
	for n := 230; n <= 290; n++ {
		for k := range pieces {
			// A reference path of about n bytes, cycling through the
			// pieces from piece k.
			var sb strings.Builder
			for i := k; sb.Len() < n; i++ {
				sb.WriteString(pieces[i%len(pieces)])
			}
			p := sb.String()
			if got, want := uri.RemoveDotSegments(p), oracle.RemoveDotSegments(p); got != want {
				t.Errorf("RemoveDotSegments(%q) = %q, want %q", p, got, want)
			}
			if got, want := uri.RemoveDotSegments("/"+p), oracle.RemoveDotSegments("/"+p); got != want {
				t.Errorf("RemoveDotSegments(%q) = %q, want %q", "/"+p, got, want)
			}
			ref := p
			if strings.HasPrefix(ref, "/") || strings.Contains(strings.SplitN(ref, "/", 2)[0], ":") {
				ref = "./" + ref
			}
			for _, bs := range bases {
				for _, rs := range []string{ref, "/" + p, "y:" + p} {
					got := uri.MustParse(bs).Resolve(uri.MustParseReference(rs))
					if want := resolveSlow(bs, rs, true); got.String() != want {
						t.Errorf("Resolve(%q, %q) = %q, want %q", bs, rs, got, want)
					}
					checkResolved(t, got)
				}
			}
		}
	}
}

func TestDotSegment(t *testing.T) {
	segs := []string{"", ".", "..", "...", "a", ".a", "a.", "a.b"}
	for _, p := range append(oracle.SegmentPaths(segs, 3), "a/.", "./a", "/..", "x/../y") {
		want := -1
		for i, seg := range strings.Split(p, "/") {
			if seg == "." || seg == ".." {
				want = len(strings.Join(strings.Split(p, "/")[:i], "/"))
				if i > 0 {
					want++
				}
				break
			}
		}
		if got := uri.DotSegment(p); got != want {
			t.Errorf("dotSegment(%q) = %d, want %d", p, got, want)
		}
	}
}

func TestLastSlash(t *testing.T) {
	for _, s := range []string{"", "/", "a", "//", "a/", "/a", "ab/", "abc/", "abcd/", "/abcd", "/abcde", "a/bcdefgh", "abcdefghi/j", "abcdefghij"} {
		if got, want := uri.LastSlash(s), strings.LastIndexByte(s, '/'); got != want {
			t.Errorf("lastSlash(%q) = %d, want %d", s, got, want)
		}
	}
}
