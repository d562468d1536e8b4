package uritemplate

import (
	"testing"
)

// TestExpandAllocs: Expand allocates once (the result), AppendExpand
// into a buffer long enough not at all.
func TestExpandAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	tm := MustParse("http://example.com/{+path}/x{/list*}{?keys*,q}{#f}")
	vars := Vars{
		"path": String("a/b c"),
		"list": List("red", "green"),
		"keys": Assoc(Pair{"semi", ";"}, Pair{"dot", "."}),
		"q":    String("caf\u00e9"),
		"f":    String("top"),
	}
	if n := testing.AllocsPerRun(100, func() { tm.Expand(vars) }); n != 1 {
		t.Errorf("Expand allocates %v times, want 1", n)
	}
	buf := make([]byte, 0, 256)
	if n := testing.AllocsPerRun(100, func() { tm.AppendExpand(buf, vars) }); n != 0 {
		t.Errorf("AppendExpand allocates %v times, want 0", n)
	}
	empty := MustParse("{x}")
	if n := testing.AllocsPerRun(100, func() { empty.Expand(nil) }); n != 0 {
		t.Errorf("Expand of an empty expansion allocates %v times, want 0", n)
	}
}
