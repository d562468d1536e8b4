package record

import (
	"strings"
	"testing"
)

func TestCaretLines(t *testing.T) {
	for _, tt := range []struct {
		text string
		off  int
		want string
	}{
		{"http://h/a b", 10, "  http://h/a b\n            ^\n"},
		// A long text is cut around the caret, at character boundaries.
		{strings.Repeat("a", 200) + " " + strings.Repeat("b", 200), 200,
			"  …" + strings.Repeat("a", 72) + " " + strings.Repeat("b", 71) + "…\n" + strings.Repeat(" ", 2+1+72) + "^\n"},
		{" " + strings.Repeat("é", 100), 0, "  " + " " + strings.Repeat("é", 36) + "…\n  ^\n"},
		{strings.Repeat("é", 100) + " ", 200, "  …" + strings.Repeat("é", 36) + " \n" + strings.Repeat(" ", 2+1+36) + "^\n"},
	} {
		if got := CaretLines("  ", ShownAs(tt.text), tt.off); got != tt.want {
			t.Errorf("CaretLines(%q, %d) =\n%s\nwant\n%s", tt.text, tt.off, got, tt.want)
		}
	}
}
