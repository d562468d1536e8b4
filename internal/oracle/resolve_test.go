package oracle

import (
	"testing"

	"github.com/urikit/urikit/internal/testload"
)

func TestRemoveDotSegments(t *testing.T) {
	tests := []struct{ in, want string }{
		// The two worked examples of RFC 3986 5.2.4.
		{"/a/b/c/./../../g", "/a/g"},
		{"mid/content=5/../6", "mid/6"},
		// Each rule on its own.
		{"", ""},
		{"../a", "a"},       // A
		{"./a", "a"},        // A
		{"/./a", "/a"},      // B
		{"/.", "/"},         // B
		{"/a/../b", "/b"},   // C
		{"/a/..", "/"},      // C
		{".", ""},           // D
		{"..", ""},          // D
		{"a", "a"},          // E
		{"a/../b", "/b"},    // E then C: the rootless segment goes with its "/"
		{"a/..", "/"},       // E, C, E
		{"//..", "/"},       // E moves the empty segment, C removes it
		{".//a", "/a"},      // A leaves an absolute path
		{"/.//a", "//a"},    // B leaves "//"
		{"a/./b/.", "a/b/"}, // B in the middle and at the end
		{"/a/b/../../../c", "/c"},
		{"...", "..."},
		{"/.a/a./..b/b..", "/.a/a./..b/b.."},
	}
	for _, tt := range tests {
		if got := RemoveDotSegments(tt.in); got != tt.want {
			t.Errorf("RemoveDotSegments(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestResolvePublic checks the transcription against the examples of RFC
// 3986 5.4 (and 5.2.4) in public.jsonl.
func TestResolvePublic(t *testing.T) {
	type vector struct {
		Op, Base, Ref, Target, Mode, Input, Output string
	}
	var nres, ndot int
	for _, v := range testload.JSONL[vector](t, "../../conformance/testdata/public.jsonl") {
		switch v.Op {
		case "resolve":
			nres++
			if got := Resolve(v.Base, v.Ref, v.Mode == "strict").String(); got != v.Target {
				t.Errorf("Resolve(%q, %q, %s) = %q, want %q", v.Base, v.Ref, v.Mode, got, v.Target)
			}
		case "dotseg":
			ndot++
			if got := RemoveDotSegments(v.Input); got != v.Output {
				t.Errorf("RemoveDotSegments(%q) = %q, want %q", v.Input, got, v.Output)
			}
		}
	}
	if nres != 43 || ndot != 2 {
		t.Errorf("public.jsonl has %d resolve and %d dotseg vectors, want 43 and 2", nres, ndot)
	}
}

func TestResolveCorners(t *testing.T) {
	tests := []struct {
		base, ref string
		strict    bool
		want      string
	}{
		{"http://a/b/c/d;p?q#f", "", true, "http://a/b/c/d;p?q"}, // 5.1: base fragment ignored
		{"http://a", "g", true, "http://a/g"},                    // 5.2.3 first rule
		{"x:", "g", true, "x:g"},                                 // no "/" in the base path
		{"x:a/b", "c", true, "x:a/c"},
		{"x:a/b", "../c", true, "x:/c"},
		{"http://a/b/c/..", "g", true, "http://a/b/c/g"}, // base used as written
		{"HTTP://a/b", "http:g", false, "HTTP://a/g"},
		{"HTTP://a/b", "http:g", true, "http:g"},
		{"x:/a", "..//y", true, "x://y"}, // the letter; DotGuard gives x:/.//y
	}
	for _, tt := range tests {
		if got := Resolve(tt.base, tt.ref, tt.strict).String(); got != tt.want {
			t.Errorf("Resolve(%q, %q, %v) = %q, want %q", tt.base, tt.ref, tt.strict, got, tt.want)
		}
	}
	if got := DotGuard(Resolve("x:/a", "..//y", true)).String(); got != "x:/.//y" {
		t.Errorf("DotGuard(x:/a + ..//y) = %q, want %q", got, "x:/.//y")
	}
	if got := DotGuard(Resolve("http://h/a", "..//y", true)).String(); got != "http://h//y" {
		t.Errorf("DotGuard(http://h/a + ..//y) = %q, want %q", got, "http://h//y")
	}
}
