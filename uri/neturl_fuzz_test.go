package uri_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/urikit/urikit/uri"
)

// FuzzNetURL (F6): whenever net/url and ParseReference both accept an
// input, the *url.URL that URL builds writes text that re-parses to a
// reference with the same components, up to the differences URL documents
// (percent-encoding chosen by net/url, the empty fragment it cannot hold).
func FuzzNetURL(f *testing.F) {
	seed(f)
	f.Fuzz(func(t *testing.T, s string) {
		r, err := uri.ParseReference(s)
		if err != nil {
			return
		}
		if _, err := url.Parse(s); err != nil {
			return
		}
		if r.HasAuthority() && r.Authority() == "" && !r.HasScheme() && strings.HasPrefix(r.Path(), "//") {
			return // net/url cannot write "////p": see URL
		}
		text := r.URL().String()
		back, err := uri.ParseReference(text)
		if err != nil {
			t.Fatalf("ParseReference(%q).URL().String() = %q: %v", s, text, err)
		}
		if !sameDecoded(r, back) {
			t.Fatalf("ParseReference(%q).URL().String() = %q: components differ", s, text)
		}
	})
}

// sameDecoded compares two references component by component after
// decoding, ignoring an empty fragment.
func sameDecoded(a, b uri.Reference) bool {
	dec := func(s string, c uri.Component) string {
		d, err := uri.Unescape(s, c)
		if err != nil {
			return "\x00invalid"
		}
		return d
	}
	// net/url writes no "//" for an empty authority before an empty path,
	// nor for one without a scheme.
	lostAuthority := a.HasAuthority() && a.Authority() == "" && (a.Path() == "" || !a.HasScheme())
	return a.Scheme() == b.Scheme() && (a.HasAuthority() == b.HasAuthority() || lostAuthority) &&
		dec(a.Userinfo(), uri.ComponentUserinfo) == dec(b.Userinfo(), uri.ComponentUserinfo) &&
		a.HasUserinfo() == b.HasUserinfo() &&
		strings.EqualFold(dec(a.Host(), uri.ComponentHost), dec(b.Host(), uri.ComponentHost)) &&
		a.Port() == b.Port() && a.HasPort() == b.HasPort() &&
		dec(a.Path(), uri.ComponentPath) == dec(b.Path(), uri.ComponentPath) &&
		a.Query() == b.Query() && a.HasQuery() == b.HasQuery() &&
		dec(a.Fragment(), uri.ComponentFragment) == dec(b.Fragment(), uri.ComponentFragment) &&
		(a.HasFragment() == b.HasFragment() || a.Fragment() == "")
}
