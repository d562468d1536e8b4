package record

import (
	"testing"

	"github.com/urikit/urikit/uri"
)

// TestURITextNeedsNoEscape checks what AppendURIString and the records
// that write a URI's text unescaped rely on: each byte that a valid URI
// reference can hold, in any component, is written by AppendString and
// EscapeText as it is. Escaping is decided byte by byte for ASCII, and a
// valid reference is ASCII, so the bytes that pass here make up every
// text that passes.
func TestURITextNeedsNoEscape(t *testing.T) {
	// Each context puts the byte in a component: {before, after}.
	contexts := [][2]string{{"", ""}, {"a:", ""}, {"//", ""}, {"//", "@h"}, {"//[v1.", "]"}, {"?", ""}, {"#", ""}, {"%", "0"}}
	seen := 0
	for c := 0; c < 256; c++ {
		b := string(rune(c))
		if c >= 0x80 {
			b = string([]byte{byte(c)})
		}
		for _, ctx := range contexts {
			s := ctx[0] + b + ctx[1]
			if _, err := uri.ParseReference(s); err != nil {
				continue
			}
			seen++
			if got, want := string(AppendString(nil, s)), `"`+s+`"`; got != want {
				t.Errorf("AppendString(%q) = %s, want %s", s, got, want)
			}
			if got := EscapeText(s); got != s {
				t.Errorf("EscapeText(%q) = %q, want it unchanged", s, got)
			}
			if got, want := string(AppendURIString(nil, s)), `"`+s+`"`; got != want {
				t.Errorf("AppendURIString(%q) = %s, want %s", s, got, want)
			}
		}
	}
	if seen == 0 {
		t.Fatal("no context parsed")
	}
}
