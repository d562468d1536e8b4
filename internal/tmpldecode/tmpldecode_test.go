package tmpldecode_test

import (
	"slices"
	"testing"

	"github.com/urikit/urikit/internal/tmpldecode"
	"github.com/urikit/urikit/uritemplate"
)

// TestDecode checks the reading and the offsets that carry a byte of
// the text into the string read.
func TestDecode(t *testing.T) {
	tests := []struct {
		s        string
		reserved bool
		want     string
		at       []int
	}{
		{"a%41b", false, "aAb", []int{0, 1, 1, 1, 2, 3}},
		{"a%41b", true, "a%41b", []int{0, 1, 2, 3, 4, 5}},
		{"%FF%2f", true, "\xff%2f", []int{0, 0, 0, 1, 2, 3, 4}},
		{"%fF", false, "\xff", []int{0, 0, 0, 1}},
		{"%4", false, "%4", []int{0, 1, 2}},
		{"%25", true, "%", []int{0, 0, 0, 1}},
		{"%2541", true, "%2541", []int{0, 1, 2, 3, 4, 5}},
	}
	for _, tt := range tests {
		at := make([]int, len(tt.s)+1)
		got := tmpldecode.Decode(tt.s, tt.reserved, at)
		if got != tt.want || !slices.Equal(at, tt.at) {
			t.Errorf("Decode(%q, %v) = %q, %v, want %q, %v", tt.s, tt.reserved, got, at, tt.want, tt.at)
		}
		if again := tmpldecode.Decode(tt.s, tt.reserved, nil); again != got {
			t.Errorf("Decode(%q, %v, nil) = %q, with offsets %q", tt.s, tt.reserved, again, got)
		}
	}
}

// TestReadsExpansion: every string of one character that an expansion
// writes (RFC 6570 3.2.1: "+" and "#" let reserved characters through,
// the others encode all but unreserved) reads back as that character.
func TestReadsExpansion(t *testing.T) {
	for r := rune(1); r < 0x300; r++ {
		for _, tpl := range []string{"{x}", "{+x}", "{#x}"} {
			tm := uritemplate.MustParse(tpl)
			out, err := tm.Expand(uritemplate.Vars{"x": uritemplate.String(string(r))})
			if err != nil {
				continue // not a URI reference: nothing to read back
			}
			if tpl == "{#x}" {
				out = out[1:]
			}
			reserved := tpl != "{x}"
			if got := tmpldecode.Decode(out, reserved, nil); got != string(r) {
				t.Errorf("%s with x=%q writes %q, which reads as %q", tpl, string(r), out, got)
			}
		}
	}
}
