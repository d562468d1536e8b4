package uri_test

import (
	"errors"
	"net/url"
	"testing"

	"github.com/urikit/urikit/uri"
)

// FuzzNetURL (F6): for every input that ParseReference accepts, URL either
// returns an *Error with ErrNotRepresentable whose offset lies in the
// input, or a *url.URL whose String re-parses to an equivalent reference
// (RFC 3986 6.2.2) with the same host and port, and whose Hostname and Port
// agree with the reference's. When net/url also accepts the input, what it
// parsed converts back through FromURL without a panic.
func FuzzNetURL(f *testing.F) {
	seed(f)
	for _, s := range []string{"http://a%3A80/x", "http://%5B%3A%3A1%5D/", "http://a%2Fb@c/", "foo://", "///p", "http://h#", "/wiki/C_(x)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if nu, err := url.Parse(s); err == nil {
			_, _ = uri.FromURL(nu)
		}
		r, err := uri.ParseReference(s)
		if err != nil {
			return
		}
		u, err := r.URL()
		if err != nil {
			var e *uri.Error
			if !errors.As(err, &e) || !errors.Is(err, uri.ErrNotRepresentable) || e.Offset < 0 || e.Offset >= len(s) {
				t.Fatalf("ParseReference(%q).URL() = %v", s, err)
			}
			return
		}
		checkURL(t, r, u)
	})
}
