package uri_test

import (
	"net/url"
	"testing"

	"github.com/urikit/urikit/uri"
)

// corpusQueries returns the queries of the corpus sample's URIs that parse
// and have a non-empty query, and their total length.
func corpusQueries(b *testing.B) ([]string, int) {
	lines, _ := corpus(b)
	var qs []string
	n := 0
	for _, s := range lines {
		if u, err := uri.Parse(s); err == nil && u.Query() != "" {
			qs = append(qs, u.Query())
			n += len(u.Query())
		}
	}
	if len(qs) == 0 {
		b.Fatal("no query in the corpus sample")
	}
	return qs, n
}

// BenchmarkQuery reads the queries of the corpus sample with urikit and
// with net/url, on the same inputs in the same run; compare the columns
// with benchstat -col /impl. The sets:
//
//   - all: every non-empty query of the sample's valid URIs;
//   - neturl_ok: those that url.ParseQuery reads without an error. It
//     skips, with an error, every pair that holds a ";" (Go 1.17 and
//     later), so on the set "all" it decodes about a quarter of the data
//     that urikit decodes.
//
// The ops:
//
//   - pairs: every pair decoded as form data (DecodeForm against
//     url.ParseQuery, which also fills a map);
//   - get: the decoded value of the query's first key (LookupQuery and
//     DecodeForm against url.ParseQuery and Values.Get);
//   - raw: every raw pair, without decoding (urikit only: net/url has no
//     such view).
func BenchmarkQuery(b *testing.B) {
	all, _ := corpusQueries(b)
	var ok []string
	for _, q := range all {
		if _, err := url.ParseQuery(q); err == nil {
			ok = append(ok, q)
		}
	}
	for _, set := range []struct {
		name string
		qs   []string
	}{{"all", all}, {"neturl_ok", ok}} {
		benchQuery(b, "set="+set.name+"/", set.qs)
	}
}

func benchQuery(b *testing.B, prefix string, qs []string) {
	n := 0
	keys := make([]string, len(qs))
	for i, q := range qs {
		n += len(q)
		for p := range uri.QueryPairs(q) {
			d, _ := p.DecodeForm()
			keys[i] = d.Key
			break
		}
	}
	run := func(name string, f func(i int, q string) int) {
		b.Run(prefix+name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(n))
			total := 0
			for b.Loop() {
				for i, q := range qs {
					total += f(i, q)
				}
			}
			sink = total
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(qs)), "ns/query")
		})
	}
	run("op=pairs/impl=urikit", func(_ int, q string) int {
		m := 0
		for p := range uri.QueryPairs(q) {
			d, _ := p.DecodeForm()
			m += len(d.Key) + len(d.Value)
		}
		return m
	})
	run("op=pairs/impl=neturl", func(_ int, q string) int {
		v, _ := url.ParseQuery(q)
		return len(v)
	})
	run("op=get/impl=urikit", func(i int, q string) int {
		p, _ := uri.LookupQuery(q, keys[i])
		d, _ := p.DecodeForm()
		return len(d.Value)
	})
	run("op=get/impl=neturl", func(i int, q string) int {
		v, _ := url.ParseQuery(q)
		return len(v.Get(keys[i]))
	})
	run("op=raw/impl=urikit", func(_ int, q string) int {
		m := 0
		for p := range uri.QueryPairs(q) {
			m += len(p.Key) + len(p.Value)
		}
		return m
	})
}
