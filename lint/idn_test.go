package lint

import (
	"testing"
	"unicode"
)

// TestScripts checks that scripts, written out, holds every table of
// unicode.Scripts once, so that a new Unicode version's scripts are not
// missed by mixedScript.
func TestScripts(t *testing.T) {
	seen := map[*unicode.RangeTable]bool{}
	for _, s := range scripts {
		if seen[s] {
			t.Errorf("a table is listed twice in scripts")
		}
		seen[s] = true
	}
	for name, s := range unicode.Scripts {
		if !seen[s] {
			t.Errorf("scripts lacks unicode.%s", name)
		}
	}
	if len(scripts) != len(unicode.Scripts) {
		t.Errorf("scripts has %d tables, unicode.Scripts %d", len(scripts), len(unicode.Scripts))
	}
}
