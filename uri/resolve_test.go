package uri_test

import (
	"strings"
	"testing"

	"github.com/urikit/urikit/uri"
)

// rfcBase is the base URI of the examples of RFC 3986 5.4.
const rfcBase = "http://a/b/c/d;p?q"

// rfcExamples are the examples of RFC 3986 5.4.1 and 5.4.2 for a strict
// parser: 42 references, in the RFC's order.
var rfcExamples = []struct{ ref, want string }{
	// 5.4.1 Normal Examples
	{"g:h", "g:h"},
	{"g", "http://a/b/c/g"},
	{"./g", "http://a/b/c/g"},
	{"g/", "http://a/b/c/g/"},
	{"/g", "http://a/g"},
	{"//g", "http://g"},
	{"?y", "http://a/b/c/d;p?y"},
	{"g?y", "http://a/b/c/g?y"},
	{"#s", "http://a/b/c/d;p?q#s"},
	{"g#s", "http://a/b/c/g#s"},
	{"g?y#s", "http://a/b/c/g?y#s"},
	{";x", "http://a/b/c/;x"},
	{"g;x", "http://a/b/c/g;x"},
	{"g;x?y#s", "http://a/b/c/g;x?y#s"},
	{"", "http://a/b/c/d;p?q"},
	{".", "http://a/b/c/"},
	{"./", "http://a/b/c/"},
	{"..", "http://a/b/"},
	{"../", "http://a/b/"},
	{"../g", "http://a/b/g"},
	{"../..", "http://a/"},
	{"../../", "http://a/"},
	{"../../g", "http://a/g"},
	// 5.4.2 Abnormal Examples
	{"../../../g", "http://a/g"},
	{"../../../../g", "http://a/g"},
	{"/./g", "http://a/g"},
	{"/../g", "http://a/g"},
	{"g.", "http://a/b/c/g."},
	{".g", "http://a/b/c/.g"},
	{"g..", "http://a/b/c/g.."},
	{"..g", "http://a/b/c/..g"},
	{"./../g", "http://a/b/g"},
	{"./g/.", "http://a/b/c/g/"},
	{"g/./h", "http://a/b/c/g/h"},
	{"g/../h", "http://a/b/c/h"},
	{"g;x=1/./y", "http://a/b/c/g;x=1/y"},
	{"g;x=1/../y", "http://a/b/c/y"},
	{"g?y/./x", "http://a/b/c/g?y/./x"},
	{"g?y/../x", "http://a/b/c/g?y/../x"},
	{"g#s/./x", "http://a/b/c/g#s/./x"},
	{"g#s/../x", "http://a/b/c/g#s/../x"},
	{"http:g", "http:g"}, // for strict parsers
}

func TestResolveRFC(t *testing.T) {
	if len(rfcExamples) != 42 {
		t.Fatalf("%d examples, want the 42 of RFC 3986 5.4", len(rfcExamples))
	}
	base := uri.MustParse(rfcBase)
	for _, tt := range rfcExamples {
		ref := uri.MustParseReference(tt.ref)
		if got := base.Resolve(ref); got.String() != tt.want {
			t.Errorf("Resolve(%q, %q) = %q, want %q", rfcBase, tt.ref, got, tt.want)
		}
		want := tt.want
		if tt.ref == "http:g" {
			want = "http://a/b/c/g" // for backward compatibility (5.4.2)
		}
		if got := base.ResolveNonStrict(ref); got.String() != want {
			t.Errorf("ResolveNonStrict(%q, %q) = %q, want %q", rfcBase, tt.ref, got, want)
		}
	}
}

func TestResolve(t *testing.T) {
	tests := []struct {
		base, ref, want string
	}{
		// 5.1: the base's fragment is ignored.
		{"http://a/b/c/d;p?q#f", "", "http://a/b/c/d;p?q"},
		{"http://a/b/c/d;p?q#f", "#g", "http://a/b/c/d;p?q#g"},
		{"http://a/b#f", "?", "http://a/b?"},
		// 5.2.3: authority and empty path; no "/" at all; rootless paths.
		{"http://a", "g", "http://a/g"},
		{"http://a", "", "http://a"},
		{"http://a", "..", "http://a/"},
		{"http://a?q", "#f", "http://a?q#f"},
		{"x:", "g", "x:g"},
		{"x:", "", "x:"},
		{"x:", "./g:h", "x:g:h"},
		{"x:", "../..", "x:"},
		{"x:a/b", "c", "x:a/c"},
		{"x:a/b", "../c", "x:/c"},
		{"x:a/b", "..", "x:/"},
		{"x:a/b", ".", "x:a/"},
		{"x:a", "b", "x:b"},
		{"x:../a", "b", "x:b"},
		{"x:./a/b", "c", "x:a/c"},
		// 5.2.3: base dot-segments are used as written.
		{"http://a/b/c/..", "g", "http://a/b/c/g"},
		{"http://a/b/c/..", "", "http://a/b/c/.."},
		{"http://a/b/c/..", "?y", "http://a/b/c/..?y"},
		{"http://a/b/../c/d", "e", "http://a/c/e"},
		// Empty query and fragment are kept (5.3).
		{"http://a/b?q", "?", "http://a/b?"},
		{"http://a/b?", "", "http://a/b?"},
		{"http://a/b?", "#", "http://a/b?#"},
		{"http://a/b", "c?#", "http://a/c?#"},
		// A reference with a scheme or an authority keeps its own parts.
		{"http://a/b", "ftp://u@h:1/./x/../y?z#w", "ftp://u@h:1/y?z#w"},
		{"http://a/b", "//[::1]:8/p/..", "http://[::1]:8/"},
		{"http://a/b", "//u:p@h", "http://u:p@h"},
		{"http://a/b", "x:a/../b", "x:/b"},
		{"http://a/b", "x:../b", "x:b"},
		{"http://a/b", "x:.", "x:"},
		// The "/." deviation (package doc, Deviations).
		{"x:/a", "..//y", "x:/.//y"},
		{"x:/a/b", "..//y", "x:/.//y"},
		{"x:/a/b", ".//y", "x:/a//y"},
		{"x:/a", ".//y", "x:/.//y"},
		{"x:a", ".//y", "x:/y"}, // rule A leaves "/y"
		{"x:/", "/.//y", "x:/.//y"},
		{"http://h/a", "/.//y", "http://h//y"},
		{"y:/x", "x:/.//y", "x:/.//y"},
		{"y:/x", "x:/..//y", "x:/.//y"},
		{"x:/a", "..//", "x:/.//"},
	}
	for _, tt := range tests {
		base := uri.MustParse(tt.base)
		got := base.Resolve(uri.MustParseReference(tt.ref))
		if got.String() != tt.want {
			t.Errorf("Resolve(%q, %q) = %q, want %q", tt.base, tt.ref, got, tt.want)
		}
		checkResolved(t, got)
	}
}

func TestResolveNonStrict(t *testing.T) {
	tests := []struct {
		base, ref, want string
	}{
		{"http://a/b/c", "http:g", "http://a/b/g"},
		{"http://a/b/c", "HTTP:g", "http://a/b/g"},
		{"HTTP://a/b/c", "http:g", "HTTP://a/b/g"},
		{"http://a/b/c", "http:", "http://a/b/c"},
		{"http://a/b/c", "http:?y", "http://a/b/c?y"},
		{"http://a/b/c", "http://x/y", "http://x/y"},
		{"http://a/b/c", "https:g", "https:g"},
		{"http://a/b/c", "htt:g", "htt:g"},
		{"a+b-c.d:/x/y", "A+B-C.D:z", "a+b-c.d:/x/z"},
	}
	for _, tt := range tests {
		base := uri.MustParse(tt.base)
		got := base.ResolveNonStrict(uri.MustParseReference(tt.ref))
		if got.String() != tt.want {
			t.Errorf("ResolveNonStrict(%q, %q) = %q, want %q", tt.base, tt.ref, got, tt.want)
		}
		checkResolved(t, got)
	}
}

func TestResolveZeroBase(t *testing.T) {
	var zero uri.URI
	if got := zero.Resolve(uri.MustParseReference("g")); got != (uri.URI{}) {
		t.Errorf("URI{}.Resolve(g) = %q, want the zero URI", got)
	}
	if got := zero.Resolve(uri.MustParseReference("x:/a/../b")); got.String() != "x:/b" {
		t.Errorf("URI{}.Resolve(x:/a/../b) = %q, want %q", got, "x:/b")
	}
}

// checkResolved requires a target to be a URI that reads back to itself.
func checkResolved(t *testing.T, got uri.URI) {
	t.Helper()
	back, err := uri.Parse(got.String())
	if err != nil {
		t.Errorf("Parse(%q) of a resolved URI: %v", got, err)
		return
	}
	if back != got {
		t.Errorf("Parse(%q) = %#v, want the resolved value %#v", got, back, got)
	}
	if err := uri.CheckConsistency(got.Reference()); err != nil {
		t.Errorf("resolved %q: %v", got, err)
	}
}

func TestRemoveDotSegments(t *testing.T) {
	tests := []struct{ in, want string }{
		// The two worked examples of RFC 3986 5.2.4.
		{"/a/b/c/./../../g", "/a/g"},
		{"mid/content=5/../6", "mid/6"},
		// Rule by rule.
		{"", ""},
		{"../a", "a"},         // A
		{"./a", "a"},          // A
		{"../../a/b", "a/b"},  // A twice
		{"/./a", "/a"},        // B
		{"/.", "/"},           // B at the end
		{"/a/../b", "/b"},     // C
		{"/a/..", "/"},        // C at the end
		{"/..", "/"},          // C with nothing to remove
		{"/../..", "/"},       // twice
		{".", ""},             // D
		{"..", ""},            // D
		{"../..", ""},         // A then D
		{"./", ""},            // A
		{"a", "a"},            // E
		{"/", "/"},            // E
		{"//", "//"},          // E twice
		{"a/../b", "/b"},      // E then C: the rootless segment goes with its "/"
		{"a/..", "/"},         // E, C, E
		{"a/.", "a/"},         // E, B, E
		{"a/./b", "a/b"},      //
		{"a/b/../../c", "/c"}, //
		{"//..", "/"},         // the empty segment is a segment
		{"a//../b", "a/b"},    //
		{".//a", "/a"},        // A leaves an absolute path
		{"..//a", "/a"},       //
		{"/.//a", "//a"},      // B leaves "//"
		{"/a/..//b", "//b"},   //
		{"./a:b", "a:b"},      // A exposes a colon
		{"...", "..."},        // not dot-segments
		{"/.../..a/a../.a/a.", "/.../..a/a../.a/a."},
		{"/%2E/%2e%2E/a", "/%2E/%2e%2E/a"}, // percent-encoded dots stay
		{"/a/b/c/d/../../../../../../e", "/e"},
		{"mid/6/../..", "/"},
	}
	for _, tt := range tests {
		if got := uri.RemoveDotSegments(tt.in); got != tt.want {
			t.Errorf("RemoveDotSegments(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestRemoveDotSegmentsAllocs(t *testing.T) {
	for _, p := range []string{"", "/a/b/c", "a/b", "/a./.b/..c/c../...", "/%2E%2E/x"} {
		if n := testing.AllocsPerRun(100, func() { sinkString = uri.RemoveDotSegments(p) }); n != 0 {
			t.Errorf("RemoveDotSegments(%q) allocates %v times, want 0", p, n)
		}
	}
	for _, p := range []string{"/a/./b", "../ab", "/a/b/../../../../c", strings.Repeat("a/../", 100)} {
		if n := testing.AllocsPerRun(100, func() { sinkString = uri.RemoveDotSegments(p) }); n != 1 {
			t.Errorf("RemoveDotSegments(%q) allocates %v times, want 1", p, n)
		}
	}
}

var sinkString string
var sinkURI uri.URI

func TestResolveAllocs(t *testing.T) {
	tests := []struct {
		base, ref string
		allocs    float64
	}{
		// The target's text is the base's.
		{"http://a/b/c", "", 0},
		{"http://a/b/c?q", "", 0},
		{"http://a/b/c?q", "?q", 0},
		{"http://a/b/c#f", "#f", 0},
		{"http://a/b/c", "c", 0},
		{"http://a/b/c", "./c", 0},
		{"http://a/b/c", "../b/c", 0},
		{"http://a/b/c", "/b/c", 0},
		{"http://a/b/c", "//a/b/c", 0},
		{"http://a/b/c/..", "", 0},
		// The target's text is the reference's.
		{"http://a/b/c", "ftp://x/y", 0},
		{"http://a/b/c", "x:y#z", 0},
		{"http://a/b/c", "y:/.//x", 0},
		// A new text: exactly one allocation.
		{"http://a/b/c", "#f", 1},
		{"http://a/b/c/d;p?q", "../../../g", 1},
		{"http://a/b/c", "x:/a/../b", 1},
		{"http://a/b/c", strings.Repeat("../", 1000) + "g", 1},
		{"x:/a", "..//y", 1},
	}
	for _, tt := range tests {
		base := uri.MustParse(tt.base)
		ref := uri.MustParseReference(tt.ref)
		if n := testing.AllocsPerRun(100, func() { sinkURI = base.Resolve(ref) }); n != tt.allocs {
			t.Errorf("Resolve(%q, %q) allocates %v times, want %v", tt.base, tt.ref, n, tt.allocs)
		}
	}
}

func TestRelativize(t *testing.T) {
	tests := []struct {
		base, target string
		want         string // "-" for ok false
	}{
		// Same directory, parents, the root.
		{rfcBase, "http://a/b/c/g", "g"},
		{rfcBase, "http://a/b/c/g/", "g/"},
		{rfcBase, "http://a/b/g", "../g"},
		{rfcBase, "http://a/g", "/g"},              // shorter than "../../g"
		{"http://a/q/e/r", "http://a/q/w", "../w"}, // as short as "/q/w": relative-path wins
		{rfcBase, "http://a/b/c/", "."},
		{rfcBase, "http://a/b/", ".."},
		{rfcBase, "http://a/", "/"},
		// Identical paths: query-only, fragment-only, the empty reference.
		{rfcBase, "http://a/b/c/d;p?q", ""},
		{rfcBase, "http://a/b/c/d;p?y", "?y"},
		{rfcBase, "http://a/b/c/d;p?", "?"},
		{rfcBase, "http://a/b/c/d;p?q#s", "#s"},
		{rfcBase, "http://a/b/c/d;p?y#s", "?y#s"},
		{rfcBase, "http://a/b/c/d;p", "d;p"}, // no query: the path must be written
		{rfcBase + "#f", "http://a/b/c/d;p?q", ""},
		// Other schemes and authorities.
		{rfcBase, "https://a/b/c/g", "https://a/b/c/g"},
		{rfcBase, "HTTP://a/b/c/g", "HTTP://a/b/c/g"}, // strict: the scheme's text differs
		{rfcBase, "http://g/h", "//g/h"},
		{rfcBase, "http://a:80/b/c/g", "//a:80/b/c/g"},
		{rfcBase, "http:g", "http:g"},
		{"x:/a", "y:/a", "y:/a"},
		// A colon in the first segment; an empty first segment.
		{rfcBase, "http://a/b/c/a:b", "./a:b"},
		{"x:", "x:a:b", "./a:b"},
		{rfcBase, "http://a/b/c//g", ".//g"},
		{rfcBase, "http://a//g", "/.//g"},
		{"x:/a", "x:/.//y", ".//y"},
		{"x:/a/b", "x:/.//y", "..//y"}, // as short as "/.//y"
		// No authority: rootless and empty paths.
		{"x:a/b", "x:a/c", "c"},
		{"x:a/b", "x:/c", "/c"},
		{"x:a/b", "x:c", "x:c"},
		{"x:a", "x:c", "c"},
		{"x:a", "x:", "."},
		{"x:", "x:", ""},
		{"x:?q", "x:", "."}, // "." merges to "", which drops the query
		{"x:a/..", "x:a/..#f", "#f"},
		// Dot-segments in the target come back only through an empty path.
		{rfcBase, "http://a/b/../g", "-"},
		{rfcBase, "http://a/./g", "-"},
		{"http://a/b/../c", "http://a/b/../c?y", "?y"},
		{"http://a/b/../c?q", "http://a/b/../c", "-"},
		{rfcBase, "x:/a/./b", "-"},
		// Base dot-segments as written (5.2.3).
		{"http://a/b/c/..", "http://a/b/c/g", "g"},
		{"http://a/b/../c/d", "http://a/c/g", "g"},
	}
	for _, tt := range tests {
		base, target := uri.MustParse(tt.base), uri.MustParse(tt.target)
		r, ok := base.Relativize(target)
		got := r.String()
		if !ok {
			got = "-"
		}
		if got != tt.want {
			t.Errorf("Relativize(%q, %q) = %q, want %q", tt.base, tt.target, got, tt.want)
		}
		if ok && base.Resolve(r) != target {
			t.Errorf("Relativize(%q, %q) = %q, which resolves to %q", tt.base, tt.target, r, base.Resolve(r))
		}
	}
}

func TestRelativizeAllocs(t *testing.T) {
	tests := []struct {
		target string
		allocs float64
	}{
		{"http://a/b/c/g", 0},       // "g": a piece of the target's text
		{"http://a/b/c/d;p?y#s", 0}, // "?y#s"
		{"http://g/h", 0},           // "//g/h"
		{"https://a/b/c/g", 0},      // the target itself
		{"http://a/b/g", 1},         // "../g"
		{"http://a/b/c/a:b", 1},     // "./a:b"
		{"http://a/b/c/d;p?q#s", 0}, // "#s"
		{"http://a/b/../g", 0},      // none
	}
	base := uri.MustParse(rfcBase)
	for _, tt := range tests {
		target := uri.MustParse(tt.target)
		if n := testing.AllocsPerRun(100, func() { sinkRef, _ = base.Relativize(target) }); n != tt.allocs {
			t.Errorf("Relativize(%q, %q) allocates %v times, want %v", rfcBase, tt.target, n, tt.allocs)
		}
	}
}

var sinkRef uri.Reference

// TestResolveCorpus checks the corpus sample: every pair resolves to a URI
// that reads back to itself and agrees with the slow transcription.
func TestResolveCorpus(t *testing.T) {
	pairs, _ := relativeCorpus(t)
	if len(pairs) < 5000 {
		t.Fatalf("only %d pairs in the corpus sample", len(pairs))
	}
	for i, p := range pairs {
		got := p.base.Resolve(p.ref)
		if i%10 == 0 {
			if want := resolveSlow(p.base.String(), p.ref.String(), true); got.String() != want {
				t.Errorf("Resolve(%q, %q) = %q, want %q", p.base, p.ref, got, want)
			}
		}
		if back, err := uri.Parse(got.String()); err != nil || back != got {
			t.Errorf("Resolve(%q, %q) = %q does not read back: %v", p.base, p.ref, got, err)
		}
	}
}
