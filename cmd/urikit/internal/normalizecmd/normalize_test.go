package normalizecmd

import (
	"testing"

	"github.com/urikit/urikit/internal/testload"

	"github.com/urikit/urikit/cmd/urikit/internal/base"
	"github.com/urikit/urikit/cmd/urikit/internal/record"
	"github.com/urikit/urikit/scheme"
)

// TestPlainRecord checks that plainRecord, where it writes a record,
// writes what fullRecord writes, with nothing for standard error, over
// some inputs and the whole shared corpus, at both levels, with and
// without --show-secrets.
func TestPlainRecord(t *testing.T) {
	inputs := []string{
		"HTTP://Example.COM:80", "http://h", "http://h/%7e", "a/./b", "//h/../x",
		"http://u:pw@h/", "http://h/?pass%77ord=x", "postgres://u:12#34@h/db",
		"http://[::1]:80/", "amqp://h/v", "x", "",
	}
	inputs = append(inputs, testload.Shared(t, "absolute.txt")...)
	plain := 0
	for _, level := range []scheme.Rung{scheme.RungScheme, scheme.RungSyntax} {
		for _, show := range []bool{false, true} {
			opt := &base.Options{ShowSecrets: show}
			for i, s := range inputs {
				var fast, full record.Output
				if !plainRecord(s, &fast, show, level) {
					if len(fast.Out) > 0 {
						t.Fatalf("plainRecord(%q) wrote %q and reported false", s, fast.Out)
					}
					continue
				}
				plain++
				fullRecord(record.Input{Text: s, No: i + 1}, &full, opt, level)
				if string(fast.Out) != string(full.Out) || len(full.Notes) > 0 || full.Status != fast.Status {
					t.Fatalf("level %v, --show-secrets=%v, %q: plainRecord wrote %q, fullRecord %q with notes %v, status %d",
						level, show, s, fast.Out, full.Out, full.Notes, full.Status)
				}
			}
		}
	}
	if plain == 0 {
		t.Fatal("no input took plainRecord")
	}
}
