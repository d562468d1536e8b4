package parsecmd

import (
	"testing"

	"github.com/urikit/urikit/internal/testload"

	"github.com/urikit/urikit/cmd/urikit/internal/record"
)

// TestPlainJSON checks that the record of a plain input, written by
// appendPlainJSON, is the one appendFullJSON writes, over some inputs
// and the whole shared corpus.
func TestPlainJSON(t *testing.T) {
	inputs := []string{"", "a", "//h", "//@h:", "http://[::1]:80/p?q#f", "mailto:a@b", "?#", "s://u@1.2.3.4", "x:/%41"}
	inputs = append(inputs, testload.Shared(t, "absolute.txt")...)
	plain := 0
	for _, s := range inputs {
		var p record.Parsed
		p.Parse(s, false, false)
		if !p.Valid || len(p.Shown.Spans) > 0 || len(p.Warnings) > 0 {
			continue
		}
		plain++
		got := string(appendPlainJSON(nil, p.Shown.Text, p.Ref.Components(), p.Ref.HostKind()))
		if want := string(appendFullJSON(nil, &p, nil)); got != want {
			t.Fatalf("record of %q:\n%s\nwant\n%s", s, got, want)
		}
	}
	if plain < 9 {
		t.Fatalf("%d plain inputs, want at least the 9 given", plain)
	}
}
