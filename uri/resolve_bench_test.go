package uri_test

import (
	"bufio"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/urikit/urikit/uri"
)

// resolveBenchInputs are named (base, reference) shapes; each pair is
// parsed once, outside the timed loop, and resolved by Resolve and, in the
// twin benchmark, by net/url's ResolveReference.
var resolveBenchInputs = []struct {
	name, base, ref string
}{
	{"sibling", "http://a/b/c/d;p?q", "g"},
	{"parent", "https://doc.rust-lang.org/stable/std/os/windows/process/trait.CommandExt.html", "../../../ffi/struct.OsStr.html"},
	{"fragment", "file:///srv/doc/python3.11/html/library/enum.html", "#enum.EnumCheck.CONTINUOUS"},
	{"query", "http://a/b/c/d;p?q", "?y"},
	{"absolute_path", "https://example.com/a/b/c/index.html", "/static/css/site.css?v=3"},
	{"network_path", "https://example.com/a/b", "//cdn.example.net/lib.js"},
	{"with_scheme", "https://example.com/a/b", "https://other.example.org/x/y?z#w"},
	{"dot_segments", "http://a/b/c/d;p?q", "./g/../h/./i/../../j"},
	{"empty", "http://a/b/c/d;p?q", ""},
}

// stdPair and pair are pre-parsed pairs.
type stdPair struct{ base, ref *url.URL }
type pair struct {
	base uri.URI
	ref  uri.Reference
}

func BenchmarkResolve(b *testing.B) {
	for _, tt := range resolveBenchInputs {
		b.Run(tt.name, func(b *testing.B) {
			base, ref := uri.MustParse(tt.base), uri.MustParseReference(tt.ref)
			b.ReportAllocs()
			for b.Loop() {
				sinkURI = base.Resolve(ref)
			}
		})
	}
}

var sinkURL *url.URL

func BenchmarkStdURLResolveReference(b *testing.B) {
	for _, tt := range resolveBenchInputs {
		b.Run(tt.name, func(b *testing.B) {
			base, err := url.Parse(tt.base)
			if err != nil {
				b.Fatal(err)
			}
			ref, err := url.Parse(tt.ref)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				sinkURL = base.ResolveReference(ref)
			}
		})
	}
}

// relativeCorpus returns the pairs of testdata/bench/relative.tsv, the
// project's sample of real references (href and src attributes of HTML
// documentation with the URL of their page), that both this package and
// net/url parse, pre-parsed by each.
func relativeCorpus(tb testing.TB) ([]pair, []stdPair) {
	f, err := os.Open("testdata/bench/relative.tsv")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var ours []pair
	var std []stdPair
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		bs, rs, ok := strings.Cut(sc.Text(), "\t")
		if !ok {
			continue
		}
		base, err1 := uri.Parse(bs)
		ref, err2 := uri.ParseReference(rs)
		sbase, err3 := url.Parse(bs)
		sref, err4 := url.Parse(rs)
		if err1 != nil || err2 != nil || err3 != nil || err4 != nil {
			continue
		}
		ours = append(ours, pair{base, ref})
		std = append(std, stdPair{sbase, sref})
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return ours, std
}

// BenchmarkResolveCorpus resolves every pair of the corpus sample; ns/pair
// is the mean time per pair.
func BenchmarkResolveCorpus(b *testing.B) {
	pairs, _ := relativeCorpus(b)
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range pairs {
			sinkURI = p.base.Resolve(p.ref)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(pairs)), "ns/pair")
}

func BenchmarkStdURLResolveReferenceCorpus(b *testing.B) {
	_, pairs := relativeCorpus(b)
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range pairs {
			sinkURL = p.base.ResolveReference(p.ref)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(pairs)), "ns/pair")
}

// BenchmarkResolveLong shows that resolution is linear: each shape at two
// sizes ten times apart takes ten times as long (ns/byte stays flat).
// "dotdot" is a reference of that many "../" segments, "path" a reference
// whose path is that many bytes of segments with a "../" in every tenth,
// "base" a base path that long resolved against "../g".
func BenchmarkResolveLong(b *testing.B) {
	segs := func(n int) string {
		var sb strings.Builder
		for i := 0; sb.Len() < n; i++ {
			if i%10 == 9 {
				sb.WriteString("../")
			} else {
				sb.WriteString("segment/")
			}
		}
		return sb.String()[:n]
	}
	cases := []struct {
		name      string
		base, ref string
	}{
		{"dotdot=10k", "http://a/b/c", strings.Repeat("../", 10_000) + "g"},
		{"dotdot=100k", "http://a/b/c", strings.Repeat("../", 100_000) + "g"},
		{"path=100KB", "http://a/b/c", segs(100_000)},
		{"path=1MB", "http://a/b/c", segs(1_000_000)},
		{"base=100KB", "http://a/" + segs(100_000), "../g"},
		{"base=1MB", "http://a/" + segs(1_000_000), "../g"},
	}
	for _, tt := range cases {
		b.Run(tt.name, func(b *testing.B) {
			base, ref := uri.MustParse(tt.base), uri.MustParseReference(tt.ref)
			n := len(tt.base) + len(tt.ref)
			b.ReportAllocs()
			b.SetBytes(int64(n))
			for b.Loop() {
				sinkURI = base.Resolve(ref)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/byte")
		})
	}
}

// BenchmarkRelativize runs Relativize on the corpus sample, from each base
// to the target its reference resolves to.
func BenchmarkRelativizeCorpus(b *testing.B) {
	pairs, _ := relativeCorpus(b)
	targets := make([]uri.URI, len(pairs))
	for i, p := range pairs {
		targets[i] = p.base.Resolve(p.ref)
	}
	b.ReportAllocs()
	for b.Loop() {
		for i, p := range pairs {
			sinkRef, _ = p.base.Relativize(targets[i])
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(pairs)), "ns/pair")
}
