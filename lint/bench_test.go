package lint_test

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/urikit/urikit/lint"
	"github.com/urikit/urikit/uri"
)

// benchCorpus is the project's sample of real URIs, one a line, some of
// which do not parse, kept with package uri's benchmarks.
const benchCorpus = "../uri/testdata/bench/absolute.txt"

func readCorpus(b *testing.B) []string {
	f, err := os.Open(benchCorpus)
	if err != nil {
		b.Skip("no corpus:", err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if line := sc.Text(); line != "" {
			lines = append(lines, line)
		}
	}
	if err := sc.Err(); err != nil {
		b.Fatal(err)
	}
	return lines
}

// BenchmarkLint lints every line of the corpus with String, as a command
// would; it reports the time per URI.
func BenchmarkLint(b *testing.B) {
	lines := readCorpus(b)
	size := 0
	for _, l := range lines {
		size += len(l)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		for _, l := range lines {
			n += len(lint.String(l))
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "ns/uri")
	if n == 0 {
		b.Fatal("no findings in the corpus")
	}
}

// BenchmarkLintURI lints the lines that parse, parsed beforehand.
func BenchmarkLintURI(b *testing.B) {
	var us []uri.URI
	for _, l := range readCorpus(b) {
		if u, err := uri.Parse(l); err == nil {
			us = append(us, u)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, u := range us {
			lint.URI(u)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(us)), "ns/uri")
}

// BenchmarkText lints the corpus as one text, through uri.Extract.
func BenchmarkText(b *testing.B) {
	text := strings.Join(readCorpus(b), "\n")
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		for range lint.Text(text, uri.ExtractOptions{}) {
		}
	}
}
