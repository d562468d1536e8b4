package uritemplate

import (
	"runtime"
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

// TestParseMemory: Parse allocates memory linear in the template, at
// most 48 bytes a template byte, for the densest shapes of 1 MiB.
func TestParseMemory(t *testing.T) {
	if raceEnabled || testing.Short() {
		t.Skip("the race detector allocates; -short")
	}
	for _, bt := range bigTemplates {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		tm, err := Parse(bt.text)
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatalf("Parse(%s): %v", bt.name, err)
		}
		sinkString = tm.text
		if n := after.TotalAlloc - before.TotalAlloc; n > 48*uint64(len(bt.text)) {
			t.Errorf("Parse(%s) of %d bytes allocates %d bytes, %.1f a byte; want at most 48", bt.name, len(bt.text), n, float64(n)/float64(len(bt.text)))
		}
	}
}
