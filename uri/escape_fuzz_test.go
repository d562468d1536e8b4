package uri_test

import (
	"strings"
	"testing"

	"github.com/urikit/urikit/uri"
)

// FuzzEscape checks that each escaper is the exact inverse of its decoding
// on arbitrary bytes, that its output is valid text of its component, and
// that the output holds none of the value's delimiters.
func FuzzEscape(f *testing.F) {
	for _, s := range []string{"", "a", "AC/DC", "rock&roll=x+y;z#f", "100%", "%41", "..", "a b", "u:p@h", "\x00\xff", "À?/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		escapers := []struct {
			name   string
			escape func(string) string
			c      uri.Component
			delims string
		}{
			{"EscapeSegment", uri.EscapeSegment, uri.ComponentPath, "/?#%"},
			{"EscapeUserinfoPart", uri.EscapeUserinfoPart, uri.ComponentUserinfo, ":@/?#[]%"},
			{"EscapeQueryPart", uri.EscapeQueryPart, uri.ComponentQuery, "&=+;#%"},
		}
		for _, e := range escapers {
			esc := e.escape(s)
			back, err := uri.Unescape(esc, e.c)
			if err != nil || back != s {
				t.Fatalf("Unescape(%s(%q), %v) = %q, %v", e.name, s, e.c, back, err)
			}
			// Every "%" of the output starts a triplet; the delimiters
			// themselves appear only encoded.
			if strings.ContainsAny(strings.ReplaceAll(esc, "%", ""), e.delims) {
				t.Fatalf("%s(%q) = %q holds one of %q", e.name, s, esc, e.delims)
			}
			if esc2 := e.escape(s); esc2 != esc {
				t.Fatalf("%s(%q) not deterministic", e.name, s)
			}
		}
		q := uri.EscapeQueryPart(s)
		for _, p := range []uri.QueryPair{{Key: q}, {Key: q, Value: q, HasValue: true}} {
			for _, decode := range []func() (uri.QueryPair, error){p.Decode, p.DecodeForm} {
				got, err := decode()
				want := uri.QueryPair{Key: s, HasValue: p.HasValue}
				if p.HasValue {
					want.Value = s
				}
				if err != nil || got != want {
					t.Fatalf("decoding %+v = %+v, %v, want %+v", p, got, err, want)
				}
			}
		}
	})
}
