package lint_test

import (
	"bufio"
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/urikit/urikit/lint"
	"github.com/urikit/urikit/uri"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

// TestGolden lints each line of testdata/tricky.txt and compares the
// findings with testdata/tricky.golden (-update rewrites it). The golden
// file shows each input with its password masked (uri.Redact).
func TestGolden(t *testing.T) {
	in, err := os.Open("testdata/tricky.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	var b strings.Builder
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		b.WriteString(uri.Redact(line) + "\n")
		for _, f := range lint.String(line) {
			b.WriteString("\t" + f.String() + "\n")
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	const golden = "testdata/tricky.golden"
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != string(want) {
		t.Errorf("findings differ from %s (go test -update rewrites it):\n%s", golden, lineDiff(string(want), got))
	}
}

// lineDiff returns the lines of want and got that differ, as "-" and "+"
// lines.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := 0; i < max(len(w), len(g)); i++ {
		var x, y string
		if i < len(w) {
			x = w[i]
		}
		if i < len(g) {
			y = g[i]
		}
		if x != y {
			b.WriteString("-" + x + "\n+" + y + "\n")
		}
	}
	return b.String()
}
