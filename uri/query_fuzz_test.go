package uri_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/urikit/urikit/uri"
)

// FuzzQueryPairs checks the reader and the writer against each other.
// Reading: re-joining the raw pairs of any text gives it back, in both
// splitting modes, and decoding agrees with Unescape. Writing: pairs made
// from the input (split at "|", each at its first "!" into a key and a
// value, no "!" meaning no value) are written with AppendQuery and
// AppendQueryKey into valid query text, and read back as the same pairs,
// decoded, with both Decode and DecodeForm.
func FuzzQueryPairs(f *testing.F) {
	for _, s := range []string{"", "a=1&b=2", "a&&b", "&", "=", "a=b=c;d", "q=a+b%20c", "a%zz", "x|y!z", "|", "!|!", "a b!c&d=e+f;g#h%", "é!ü"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		// Reading raw text.
		if j := joinPairs(uri.QueryPairs(s)); j != s {
			t.Fatalf("joining QueryPairs(%q) = %q", s, j)
		}
		if j, want := joinPairs(uri.QueryPairsSemicolon(s)), strings.ReplaceAll(s, ";", "&"); j != want {
			t.Fatalf("joining QueryPairsSemicolon(%q) = %q, want %q", s, j, want)
		}
		for p := range uri.QueryPairs(s) {
			if strings.Contains(p.Key, "=") || strings.Contains(p.Key+p.Value, "&") || (!p.HasValue && p.Value != "") {
				t.Fatalf("QueryPairs(%q) yields %+v", s, p)
			}
			d, err := p.Decode()
			key, kerr := uri.Unescape(p.Key, uri.ComponentQuery)
			value, verr := uri.Unescape(p.Value, uri.ComponentQuery)
			if (err == nil) != (kerr == nil && verr == nil) {
				t.Fatalf("%+v.Decode() error %v; Unescape errors %v, %v", p, err, kerr, verr)
			}
			if err == nil && (d.Key != key || d.Value != value || d.HasValue != p.HasValue) {
				t.Fatalf("%+v.Decode() = %+v, Unescape gives %q, %q", p, d, key, value)
			}
			if _, ferr := p.DecodeForm(); (ferr == nil) != (err == nil) {
				t.Fatalf("%+v: Decode error %v, DecodeForm error %v", p, err, ferr)
			}
		}

		// Writing data.
		var pairs []uri.QueryPair
		var q []byte
		for _, piece := range strings.Split(s, "|") {
			k, v, ok := strings.Cut(piece, "!")
			p := uri.QueryPair{Key: k, Value: v, HasValue: ok}
			if ok {
				q = uri.AppendQuery(q, k, v)
			} else {
				q = uri.AppendQueryKey(q, k)
			}
			// An empty query holds no pair: a leading empty key without
			// value leaves nothing to read.
			if len(q) > 0 {
				pairs = append(pairs, p)
			}
		}
		if _, err := uri.Parse("x:?" + string(q)); err != nil {
			t.Fatalf("written query %q does not parse: %v", q, err)
		}
		for _, form := range []bool{false, true} {
			var got []uri.QueryPair
			for p := range uri.QueryPairs(string(q)) {
				decode := p.Decode
				if form {
					decode = p.DecodeForm
				}
				d, err := decode()
				if err != nil {
					t.Fatalf("decoding %+v of written %q (form %v): %v", p, q, form, err)
				}
				got = append(got, d)
			}
			if !slices.Equal(got, pairs) {
				t.Fatalf("wrote %+v as %q, read back (form %v) %+v", pairs, q, form, got)
			}
		}
		if len(pairs) > 0 {
			first := pairs[0]
			p, ok := uri.LookupQuery(string(q), first.Key)
			if d, err := p.Decode(); !ok || err != nil || d != first {
				t.Fatalf("LookupQuery(%q, %q) = %+v, %v; decoded %+v, %v; want %+v", q, first.Key, p, ok, d, err, first)
			}
		}
	})
}
