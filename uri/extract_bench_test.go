package uri_test

import (
	"strings"
	"testing"

	"github.com/urikit/urikit/uri"
)

// benchText returns about 4 MB of generated text: sentences of prose with
// a URI of testdata/bench/absolute.txt (real URIs, some invalid) after
// every few, written bare, in parentheses, in double quotes, in angle
// brackets, at a sentence's end or, one in twenty, broken after a hyphen.
func benchText(b *testing.B) string {
	lines, _ := corpus(b)
	words := strings.Fields(`the tide tables are published every morning by the harbour office and
		mirrored to several stations along the coast where readers compare them with the
		gauges before the boats leave; a note: times are local, heights in metres, and
		e.g. spring tides run higher than neap tides (see the annex) for most of the year`)
	var sb strings.Builder
	seed := uint32(1)
	rnd := func(n int) int {
		seed = seed*1103515245 + 12345
		return int(seed>>8) % n
	}
	for i := 0; sb.Len() < 4<<20; i++ {
		for range 8 + rnd(24) {
			sb.WriteString(words[rnd(len(words))])
			sb.WriteByte(" \n"[min(rnd(12), 1)])
		}
		u := lines[i%len(lines)]
		switch rnd(6) {
		case 0:
			sb.WriteString("(" + u + ") ")
		case 1:
			sb.WriteString("\"" + u + "\" ")
		case 2:
			sb.WriteString("<" + u + "> ")
		case 3:
			sb.WriteString(u + ". ")
		default:
			if h := strings.IndexByte(u[min(len(u), 12):], '-'); h >= 0 && rnd(20) == 0 {
				h += 12
				sb.WriteString(u[:h+1] + "\n" + u[h+1:] + " ")
			} else {
				sb.WriteString(u + " ")
			}
		}
	}
	return sb.String()
}

// BenchmarkExtract reports the throughput of Extract and ExtractReader on
// benchText, with and without suffix references, and the matches found.
func BenchmarkExtract(b *testing.B) {
	text := benchText(b)
	for _, tt := range []struct {
		name string
		opts uri.ExtractOptions
	}{
		{"default", uri.ExtractOptions{}},
		{"suffix", uri.ExtractOptions{Suffix: true}},
	} {
		b.Run("string/"+tt.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(text)))
			n := 0
			for b.Loop() {
				n = 0
				for range uri.Extract(text, tt.opts) {
					n++
				}
			}
			b.ReportMetric(float64(n), "matches")
		})
		b.Run("reader/"+tt.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(text)))
			n := 0
			for b.Loop() {
				n = 0
				x := uri.ExtractReader(strings.NewReader(text), tt.opts)
				for range x.All() {
					n++
				}
			}
			b.ReportMetric(float64(n), "matches")
		})
	}
}
