package uri_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urikit/urikit/uri"
)

// FuzzIRI: FromIRI returns a valid reference or an error, never both; on
// ASCII it is ParseReference; HostUnicode takes every host that FromIRI
// makes; the display form of a reference converts back to an equivalent
// reference (RFC 3987 3.1 after 3.2).
func FuzzIRI(f *testing.F) {
	for _, tt := range fromIRITests {
		f.Add(tt.in)
	}
	for _, tt := range fromIRIErrors {
		f.Add(tt.in)
	}
	for _, tt := range iriTests {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := uri.FromIRI(s, uri.IRIHostPercentEncoded)
		if err != nil {
			if r != (uri.Reference{}) {
				t.Fatalf("FromIRI(%q) = %q and %v", s, r, err)
			}
			if e, ok := err.(*uri.Error); !ok || e.Offset < 0 || e.Offset > len(s) {
				t.Fatalf("FromIRI(%q): error %#v", s, err)
			}
		} else {
			if again, err := uri.ParseReference(r.String()); err != nil || again != r {
				t.Fatalf("FromIRI(%q) = %q does not re-parse", s, r)
			}
			for i := 0; i < len(r.String()); i++ {
				if r.String()[i] >= utf8.RuneSelf {
					t.Fatalf("FromIRI(%q) = %q is not ASCII", s, r)
				}
			}
		}
		if d, err := uri.FromIRI(s); err == nil {
			if !utf8.ValidString(s) {
				t.Fatalf("FromIRI(%q) accepts invalid UTF-8", s)
			}
			// The host went through IDNA when it differs from the
			// pct-encoded one.
			if _, err := d.HostUnicode(); err != nil && (r == uri.Reference{} || d.Host() != r.Host()) {
				t.Fatalf("FromIRI(%q).HostUnicode() = %v: HostUnicode must take what FromIRI makes", s, err)
			}
		}
		p, perr := uri.ParseReference(s)
		if perr != nil {
			return
		}
		if err != nil || r != p {
			t.Fatalf("FromIRI(%q) = %q, %v on ASCII, want ParseReference's %q", s, r, err, p)
		}
		if strings.Contains(strings.ToLower(p.Host()), "xn--") {
			return
		}
		display := p.IRI()
		back, err := uri.FromIRI(display, uri.IRIHostPercentEncoded)
		if err != nil {
			t.Fatalf("FromIRI(%q) (the IRI of %q): %v", display, s, err)
		}
		if back.Normalize() != p.Normalize() {
			t.Fatalf("FromIRI(%q.IRI() = %q) = %q, not equivalent", s, display, back)
		}
	})
}
