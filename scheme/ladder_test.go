package scheme_test

import (
	"testing"

	"github.com/urikit/urikit/internal/testload"
	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/uri"
)

// ladderTests are written by hand from RFC 3986 6.2.1-6.2.3: each pair
// with the lowest rung at which it is equal.
var ladderTests = []struct {
	a, b string
	want scheme.Rung
}{
	{"http://example.com/", "http://example.com/", scheme.RungString},
	{"foo:", "foo:", scheme.RungString},
	{"HTTP://www.EXAMPLE.com/", "http://www.example.com/", scheme.RungSyntax},
	{"example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", scheme.RungSyntax},
	{"http://a/%7e", "http://a/~", scheme.RungSyntax},
	{"http://a/%3a", "http://a/%3A", scheme.RungSyntax},
	{"http://a/%3A", "http://a/:", scheme.RungNone},
	{"foo:a/../b", "foo:/b", scheme.RungSyntax},
	{"http://example.com", "http://example.com/", scheme.RungScheme},
	{"http://example.com/", "http://example.com:/", scheme.RungScheme},
	{"http://example.com:/", "http://example.com:80/", scheme.RungScheme},
	{"http://example.com", "HTTP://Example.com:080", scheme.RungScheme},
	{"https://h:443/", "https://h/", scheme.RungScheme},
	{"http://h:443/", "http://h/", scheme.RungNone},
	{"mailto:Joe@Example.COM", "mailto:Joe@example.com", scheme.RungScheme},
	{"mailto:Joe@example.com", "mailto:joe@example.com", scheme.RungNone},
	{"urn:ISBN:1", "urn:isbn:1", scheme.RungScheme},
	{"urn:isbn:A", "urn:isbn:a", scheme.RungNone},
	{"file:///x", "file://localhost/x", scheme.RungScheme},
	{"foo://h:", "foo://h", scheme.RungScheme},
	{"foo://h:80", "foo://h", scheme.RungNone},
	{"foo://h", "foo://h/", scheme.RungNone},
	// 6.2.3: empty delimiters stay; 6.2.4 is not a rung.
	{"http://example.com/?", "http://example.com/", scheme.RungNone},
	{"http://example.com/#", "http://example.com/", scheme.RungNone},
	{"http://example.com/data", "http://example.com/data/", scheme.RungNone},
	{"http://a/b", "https://a/b", scheme.RungNone},
}

func TestLadder(t *testing.T) {
	for _, tt := range ladderTests {
		a, b := uri.MustParse(tt.a), uri.MustParse(tt.b)
		if got := scheme.Ladder(a, b); got != tt.want {
			t.Errorf("Ladder(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
		if got := scheme.Ladder(b, a); got != tt.want {
			t.Errorf("Ladder(%q, %q) = %v, want %v", tt.b, tt.a, got, tt.want)
		}
		for level := scheme.RungString; level <= scheme.RungScheme; level++ {
			want := tt.want != scheme.RungNone && tt.want <= level
			if got := scheme.EqualAt(a, b, level); got != want {
				t.Errorf("EqualAt(%q, %q, %v) = %v, want %v", tt.a, tt.b, level, got, want)
			}
		}
		if scheme.EqualAt(a, b, scheme.RungNone) {
			t.Errorf("EqualAt(%q, %q, RungNone) = true", tt.a, tt.b)
		}
	}
}

func TestRungNames(t *testing.T) {
	for _, name := range []string{"string", "syntax", "scheme"} {
		r, err := scheme.ParseRung(name)
		if err != nil || r.String() != name {
			t.Errorf("ParseRung(%q) = %v, %v", name, r, err)
		}
	}
	for _, name := range []string{"", "none", "String", "protocol"} {
		if r, err := scheme.ParseRung(name); err == nil {
			t.Errorf("ParseRung(%q) = %v, want an error", name, r)
		}
	}
	if s := scheme.RungNone.String(); s != "none" {
		t.Errorf("RungNone.String() = %q", s)
	}
}

// FuzzLadder: the ladder nests (RFC 3986 6.2: equal at a rung implies
// equal at every higher rung), Ladder is symmetric and names the lowest
// rung, and scheme-based normalization is idempotent and keeps a URI
// valid. Besides the fuzzed pair it checks each input against its own
// normal forms.
func FuzzLadder(f *testing.F) {
	for _, tt := range ladderTests {
		f.Add(tt.a, tt.b)
	}
	for _, tt := range schemeNormalizeTests {
		f.Add(tt.in, tt.want)
	}
	f.Fuzz(func(t *testing.T, sa, sb string) {
		a, errA := uri.Parse(sa)
		b, errB := uri.Parse(sb)
		if errA != nil || errB != nil {
			return
		}
		checkLadder(t, a, b)
		checkLadder(t, a, a.Normalize())
		checkLadder(t, a, scheme.Normalize(a))
		checkLadder(t, b, scheme.Normalize(b))
		n := scheme.Normalize(a)
		if again, err := uri.Parse(n.String()); err != nil || again != n {
			t.Fatalf("Normalize(%q) = %q does not re-parse to itself: %v", sa, n, err)
		}
		if nn := scheme.Normalize(n); nn != n {
			t.Fatalf("Normalize not idempotent on %q: %q, then %q", sa, n, nn)
		}
		if n.Normalize() != n {
			t.Fatalf("Normalize(%q) = %q is not in syntax-based normal form", sa, n)
		}
	})
}

func checkLadder(t *testing.T, a, b uri.URI) {
	t.Helper()
	str := a == b
	syn := a.Normalize() == b.Normalize()
	sch := scheme.Normalize(a) == scheme.Normalize(b)
	if str && !syn || syn && !sch {
		t.Fatalf("ladder does not nest for %q, %q: string %v, syntax %v, scheme %v", a, b, str, syn, sch)
	}
	want := scheme.RungNone
	switch {
	case str:
		want = scheme.RungString
	case syn:
		want = scheme.RungSyntax
	case sch:
		want = scheme.RungScheme
	}
	if got := scheme.Ladder(a, b); got != want {
		t.Fatalf("Ladder(%q, %q) = %v, want %v", a, b, got, want)
	}
	if got := scheme.Ladder(b, a); got != want {
		t.Fatalf("Ladder(%q, %q) = %v, want %v (not symmetric)", b, a, got, want)
	}
	if sch != scheme.Equivalent(a, b) {
		t.Fatalf("Equivalent(%q, %q) = %v, want %v", a, b, !sch, sch)
	}
}

// corpus returns the valid URIs of ../uri/testdata/bench/absolute.txt, a
// sample of real URIs.
func corpus(b *testing.B) []uri.URI {
	var us []uri.URI
	for _, s := range testload.Lines(b, "../uri/testdata/bench/absolute.txt") {
		if u, err := uri.Parse(s); err == nil {
			us = append(us, u)
		}
	}
	if len(us) == 0 {
		b.Fatal("no valid URI in ../uri/testdata/bench/absolute.txt")
	}
	return us
}

// BenchmarkEquivalent compares each URI of the corpus with its successor
// (mostly different) and with its own scheme-based normal form (equal),
// and reports ns per comparison.
func BenchmarkEquivalent(b *testing.B) {
	us := corpus(b)
	normal := make([]uri.URI, len(us))
	for i, u := range us {
		normal[i] = scheme.Normalize(u)
	}
	b.Run("corpus_next", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for i := 1; i < len(us); i++ {
				scheme.Equivalent(us[i-1], us[i])
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*(len(us)-1)), "ns/pair")
	})
	b.Run("corpus_self_normal", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for i, u := range us {
				if !scheme.Equivalent(u, normal[i]) {
					b.Fatalf("Equivalent(%q, %q) = false", u, normal[i])
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(us)), "ns/pair")
	})
	b.Run("already_normal", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for i := 1; i < len(normal); i++ {
				scheme.Equivalent(normal[i-1], normal[i])
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*(len(normal)-1)), "ns/pair")
	})
}
