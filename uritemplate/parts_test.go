package uritemplate

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestMatchParts(t *testing.T) {
	tests := []struct {
		tpl, u string
		want   []Part
	}{
		{"{x}{#x}", "a,b#a,b", []Part{{"x", 0, 0, 1}, {"x", 1, 2, 3}, {"x", -1, 4, 7}}},
		{"{;x}", ";x=", []Part{{"x", 0, 3, 3}}},
		{"{?x*}", "?x=1&x=2", []Part{{"x", 0, 3, 4}, {"x", 1, 7, 8}}},
		{"{?x*}", "?x=1&y=", []Part{{"x", 0, 1, 2}, {"x", 1, 3, 4}, {"x", 2, 5, 6}, {"x", 3, 7, 7}}},
		{"/{x:2}/{x}", "/ab/abc", []Part{{"x", 0, 1, 3}, {"x", 0, 4, 7}}},
		{"{x*}", "k=v,a=", []Part{{"x", 0, 0, 1}, {"x", 1, 2, 3}, {"x", 2, 4, 5}, {"x", 3, 6, 6}}},
	}
	for _, tt := range tests {
		tm := MustParse(tt.tpl)
		vars, parts, err := tm.MatchParts(tt.u)
		if err != nil {
			t.Errorf("MatchParts(%q) on %q: %v", tt.u, tt.tpl, err)
			continue
		}
		if diff := cmp.Diff(tt.want, parts); diff != "" {
			t.Errorf("MatchParts(%q) on %q (-want +got):\n%s", tt.u, tt.tpl, diff)
		}
		if mv, _ := tm.Match(tt.u); !cmp.Equal(mv, vars) {
			t.Errorf("MatchParts(%q) on %q = %v; Match gives %v", tt.u, tt.tpl, vars, mv)
		}
	}
}
