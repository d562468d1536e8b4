package uri_test

import (
	"os"
	"strings"
	"testing"

	"github.com/urikit/urikit/uri"
)

// BenchmarkNormalize: 0 allocs/op on normal input, 1 on the rest; and the
// corpus of real URIs, in ns per URI.
func BenchmarkNormalize(b *testing.B) {
	for _, tt := range normalizeBenchInputs {
		r := uri.MustParseReference(tt.in)
		b.Run(tt.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(tt.in)))
			for b.Loop() {
				r.Normalize()
			}
		})
	}
	b.Run("corpus", func(b *testing.B) {
		f, err := os.ReadFile("testdata/bench/absolute.txt")
		if err != nil {
			b.Fatal(err)
		}
		var us []uri.URI
		for _, line := range strings.Split(string(f), "\n") {
			if u, err := uri.Parse(line); err == nil {
				us = append(us, u)
			}
		}
		b.ReportAllocs()
		for b.Loop() {
			for _, u := range us {
				u.Normalize()
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(us)), "ns/uri")
	})
}
