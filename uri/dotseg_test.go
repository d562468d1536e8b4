package uri_test

import (
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/oracle"
	"github.com/urikit/urikit/uri"
)

// dotsegTests are the edges of remove_dot_segments (RFC 3986 5.2.4) as
// removeDots meets them: each rule, the start after a prefix without
// dot-segments, and results that start with "//".
var dotsegTests = []struct{ in, want string }{
	// A: a leading "../" or "./" goes, any number of times.
	{"../a", "a"},
	{"./a", "a"},
	{".././../a/b", "a/b"},
	{"./", ""},
	{"../", ""},
	{".//a", "/a"}, // A leaves an absolute path
	{"..//a", "/a"},
	{"./a:b", "a:b"},
	// B: "/./" and a final "/.".
	{"/./a", "/a"},
	{"/.", "/"},
	{"/a/.", "/a/"},
	{"/a/./", "/a/"},
	// C: "/../" and a final "/..", with or without a segment to remove.
	{"/a/../b", "/b"},
	{"/a/..", "/"},
	{"/..", "/"},
	{"/../..", "/"},
	{"/a/b/../../../../c", "/c"},
	{"a/../b", "/b"}, // the rootless first segment goes, its "/" stays
	{"a/..", "/"},
	{"a/b/../../c", "/c"},
	{"//..", "/"}, // an empty segment is a segment
	{"a//../b", "a/b"},
	// D: a whole "." or "..", also after A.
	{".", ""},
	{"..", ""},
	{"../..", ""},
	{"./.", ""},
	// E: segments that only contain dots, and ones after a prefix
	// without dot-segments, where the walk starts.
	{"...", "..."},
	{"/.../..a/a../.a/a./..", "/.../..a/a../.a/"},
	{"a/b/c/./d", "a/b/c/d"},
	{"/a.b/c.d/../e", "/a.b/e"},
	{"x./../y", "/y"},
	// Results that start with "//": without an authority, Resolve and
	// Normalize put "/." before them.
	{"/.//a", "//a"},
	{"/a/..//b", "//b"},
	{"/a/../..//b", "//b"},
	{"a/..//b", "//b"},
	// Percent-encoded dots are not dot-segments for RemoveDotSegments;
	// Normalize decodes them first.
	{"/%2E/%2e%2E/a", "/%2E/%2e%2E/a"},
	{"/a/%2E%2E/../b", "/a/b"},
}

func TestRemoveDotsEdges(t *testing.T) {
	for _, tt := range dotsegTests {
		if want := oracle.RemoveDotSegments(tt.in); want != tt.want {
			t.Fatalf("table: oracle.RemoveDotSegments(%q) = %q, want %q", tt.in, want, tt.want)
		}
		if got := uri.RemoveDotSegments(tt.in); got != tt.want {
			t.Errorf("RemoveDotSegments(%q) = %q, want %q", tt.in, got, tt.want)
		}
		// The walk from the start gives what it gives from the first
		// dot-segment.
		if got := uri.RemoveDotsFrom(tt.in, 0); got != tt.want {
			t.Errorf("removeDots(%q, 0) = %q, want %q", tt.in, got, tt.want)
		}
		// Long paths go the same way.
		long := "/" + strings.Repeat("s", uri.ScratchLen) + tt.in
		if got, want := uri.RemoveDotSegments(long), oracle.RemoveDotSegments(long); got != want {
			t.Errorf("RemoveDotSegments(%q) = %q, want %q", long, got, want)
		}
	}
}

// TestRemoveDotsHandOver crosses the length up to which a path is walked
// on the stack (RemoveDotSegments; Resolve when the target may be the
// base's text) with each place of a dot-segment.
func TestRemoveDotsHandOver(t *testing.T) {
	for n := uri.ScratchLen - 4; n <= uri.ScratchLen+4; n++ {
		for _, shape := range []string{"/%s/../b", "/%s/.", "/%s/..//b", "../%s", "/./%s", "%s/..", "/a/../%s"} {
			fill := strings.Repeat("x", n-len(shape)+2)
			p := strings.Replace(shape, "%s", fill, 1)
			if got, want := uri.RemoveDotSegments(p), oracle.RemoveDotSegments(p); got != want {
				t.Errorf("RemoveDotSegments(%q) = %q, want %q", p, got, want)
			}
			for _, bs := range []string{"http://h/" + fill + "/b", "x:/" + fill + "/b", "x:" + fill} {
				for _, rs := range []string{p, "./" + p, "y:" + p} {
					r, err := uri.ParseReference(rs)
					if err != nil {
						continue
					}
					got := uri.MustParse(bs).Resolve(r)
					if want := resolveSlow(bs, rs, true); got.String() != want {
						t.Errorf("Resolve(%q, %q) = %q, want %q", bs, rs, got, want)
					}
					checkResolved(t, got)
				}
			}
		}
	}
}

// TestDotGuard checks the "/." that Resolve and Normalize put before a path
// starting with "//" without an authority (see Deviations in the package
// documentation), on short and long paths, and that Resolve returns the
// base or the reference itself when the target's text is theirs.
func TestDotGuard(t *testing.T) {
	long := strings.Repeat("l", uri.ScratchLen)
	tests := []struct {
		base, ref, want string
	}{
		{"x:/a", "..//y", "x:/.//y"},
		{"x:/a/b", "../..//y", "x:/.//y"},
		{"x:a", "..//y", "x:/y"}, // rule A: "../" goes, "/y" stays
		{"x:/a", "/.//y", "x:/.//y"},
		{"x:/a", "y:/.//z/./w", "y:/.//z/w"},
		{"x:/a", "y:/.//z", "y:/.//z"}, // the reference's text
		{"x:/.//y", "../..//y", "x:/.//y"},
		{"http://h/a", "..//y", "http://h//y"}, // an authority: no prefix
		{"x:/" + long, "..//y", "x:/.//y"},
		{"x:/a", "/" + long + "/..//y", "x:/.//y"},
		{"x:/a", "/.//" + long, "x:/.//" + long},
		{"x:/a", "y:/.//" + long + "/.", "y:/.//" + long + "/"},
	}
	for _, tt := range tests {
		base, ref := uri.MustParse(tt.base), uri.MustParseReference(tt.ref)
		got := base.Resolve(ref)
		if got.String() != tt.want {
			t.Errorf("Resolve(%q, %q) = %q, want %q", tt.base, tt.ref, got, tt.want)
		}
		if want := resolveSlow(tt.base, tt.ref, true); got.String() != want {
			t.Errorf("Resolve(%q, %q) = %q, slow transcription %q", tt.base, tt.ref, got, want)
		}
		checkResolved(t, got)
		if n := uri.MustParse(tt.want).Normalize(); n.String() != tt.want {
			t.Errorf("Normalize(%q) = %q, want it unchanged", tt.want, n)
		}
	}
	for _, tt := range []struct{ in, want string }{
		{"foo:/..//bar", "foo:/.//bar"},
		{"foo:/.//bar", "foo:/.//bar"},
		{"foo:a/..//bar", "foo:/.//bar"},
		{"foo:/%2E//bar", "foo:/.//bar"},
		{"foo:/%2e%2E//bar/.", "foo:/.//bar/"},
		{"/..//bar", "/.//bar"},
		{"//h/..//bar", "//h//bar"},
		{"foo:/" + long + "/..//bar", "foo:/.//bar"},
	} {
		if got := uri.MustParseReference(tt.in).Normalize(); got.String() != tt.want {
			t.Errorf("Normalize(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestResolveTextAsIs checks that a target whose text is the base's or the
// reference's is that value, without allocating when remove_dot_segments
// walks a short path, and with the one allocation of the target's buffer
// when the path is longer (see Resolve).
func TestResolveTextAsIs(t *testing.T) {
	long := strings.Repeat("l", uri.ScratchLen)
	tests := []struct {
		base, ref string
		allocs    float64
	}{
		{"http://a/b/c", "x/../c", 0},
		{"http://a/b/c", "/b/./c", 0},
		{"http://a/b/c?q", "x/../c?q", 0},
		{"x:/.//y", "/a/../..//y", 0},
		{"http://a/b/c", "http://a/b/./c", 0},
		{"http://a/" + long + "/c", "x/../c", 1},
		{"http://a/b/c", "y:/.//" + long, 0},
	}
	for _, tt := range tests {
		base, ref := uri.MustParse(tt.base), uri.MustParseReference(tt.ref)
		got := base.Resolve(ref)
		if want := resolveSlow(tt.base, tt.ref, true); got.String() != want {
			t.Fatalf("Resolve(%q, %q) = %q, want %q", tt.base, tt.ref, got, want)
		}
		if got.String() != tt.base && got.String() != tt.ref {
			t.Fatalf("Resolve(%q, %q) = %q: the table wants the base's or the reference's text", tt.base, tt.ref, got)
		}
		if n := testing.AllocsPerRun(100, func() { sinkURI = base.Resolve(ref) }); n != tt.allocs {
			t.Errorf("Resolve(%q, %q) allocates %v times, want %v", tt.base, tt.ref, n, tt.allocs)
		}
	}
}
