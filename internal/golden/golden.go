// Package golden compares test output with golden files in testdata, and
// rewrites them when the tests run with -update (the habit of go/printer
// and go/doc).
package golden

import (
	"bytes"
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// Check compares got with the golden file at path, line by line, and
// reports each line that differs; with -update it writes got to the file
// instead.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(got, want) {
		return
	}
	g, w := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
	for i := range max(len(g), len(w)) {
		var gl, wl []byte
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if !bytes.Equal(gl, wl) {
			t.Errorf("%s:%d:\n got %q\nwant %q", path, i+1, gl, wl)
		}
	}
	t.Errorf("output differs from %s; run go test -update and review the diff", path)
}
