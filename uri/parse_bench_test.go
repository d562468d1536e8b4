package uri_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/testload"
	"github.com/urikit/urikit/uri"
)

// parseBenchInputs are named URI shapes; each is parsed by Parse and, in
// the twin benchmark, by net/url.Parse.
var parseBenchInputs = []struct {
	name, in string
}{
	{"http", "http://www.example.com/index.html"},
	{"userinfo_port", "https://user:secret@example.com:8443/a/b/c"},
	{"ipv6", "http://[2001:db8:85a3::8a2e:370:7334]:8080/path"},
	{"urn", "urn:oasis:names:specification:docbook:dtd:xml:4.1.2"},
	{"relative", "../../a/b/c;p?q=1#frag"},
	{"long_query", "https://example.com/search?q=golang+uri&lang=en&page=2&sort=desc&filter=a%20b&utm_source=docs&utm_medium=web#results"},
	{"pct_path", "https://example.com/%E3%82%A2/%C3%80/file%20name.txt"},
}

// BenchmarkParse parses each named shape, then every URI of the corpus
// sample (sub-benchmark "corpus", which also reports ns/uri).
func BenchmarkParse(b *testing.B) {
	benchParse(b, func(s string) error { _, err := uri.ParseReference(s); return err })
}

// BenchmarkStdURLParse is BenchmarkParse with net/url.Parse, on the same
// inputs in the same run.
func BenchmarkStdURLParse(b *testing.B) {
	benchParse(b, func(s string) error { _, err := url.Parse(s); return err })
}

func benchParse(b *testing.B, parse func(string) error) {
	for _, tt := range parseBenchInputs {
		b.Run(tt.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(tt.in)))
			for b.Loop() {
				if err := parse(tt.in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("corpus", func(b *testing.B) {
		lines, n := corpus(b)
		b.ReportAllocs()
		b.SetBytes(int64(n))
		for b.Loop() {
			for _, s := range lines {
				parse(s)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "ns/uri")
	})
}

// corpus returns the lines of testdata/bench/absolute.txt, a sample of
// real URIs (some invalid, as found), and their total length.
func corpus(b *testing.B) ([]string, int) {
	lines := testload.Lines(b, "testdata/bench/absolute.txt")
	n := 0
	for _, l := range lines {
		n += len(l)
	}
	return lines, n
}

// BenchmarkParseLinear parses 1 MB and 2 MB of pathological inputs: the
// time per byte must stay the same at both sizes (parsing is linear).
func BenchmarkParseLinear(b *testing.B) {
	for _, tt := range []struct{ name, unit, prefix string }{
		{"pct", "%41", ""},
		{"slash", "/", ""},
		{"bracket", "[", "//"},
		{"colon", ":", "x:"},
		{"colon_authority", ":", "//"},
		{"query", "?", "?"},
	} {
		for _, mb := range []int{1, 2} {
			in := tt.prefix + strings.Repeat(tt.unit, mb<<20/len(tt.unit))
			b.Run(tt.name+"/"+string(rune('0'+mb))+"MB", func(b *testing.B) {
				b.SetBytes(int64(len(in)))
				for b.Loop() {
					uri.ParseReference(in)
				}
			})
		}
	}
}
