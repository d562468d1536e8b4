package uri_test

import (
	"testing"

	"github.com/urikit/urikit/uri"
)

// FuzzComponents (F4): Components().Reference() gives the value back, and
// arbitrary component text either builds a reference whose accessors
// return exactly that text, or is rejected with an *Error.
func FuzzComponents(f *testing.F) {
	f.Add("http", "u:p", "h", "80", "/p", "q", "f", uint8(0xff))
	f.Add("", "", "", "", "//p", "", "", uint8(0))
	f.Add("", "", "", "", "a:b", "", "", uint8(0))
	f.Add("x", "", "[::1]", "", "", "", "", uint8(1))
	f.Fuzz(func(t *testing.T, scheme, userinfo, host, port, path, query, fragment string, flags uint8) {
		p := uri.Components{
			Scheme: scheme, HasAuthority: flags&1 != 0,
			Userinfo: userinfo, HasUserinfo: flags&2 != 0,
			Host: host, Port: port, HasPort: flags&4 != 0,
			Path: path, Query: query, HasQuery: flags&8 != 0,
			Fragment: fragment, HasFragment: flags&16 != 0,
		}
		r, err := p.Reference()
		if err != nil {
			if _, ok := err.(*uri.Error); !ok {
				t.Fatalf("%+v.Reference() error %T, want *uri.Error", p, err)
			}
			return
		}
		if got := r.Components(); got != p {
			t.Fatalf("%+v.Reference().Components() = %+v", p, got)
		}
		if r2, err := uri.ParseReference(r.String()); err != nil || r2 != r {
			t.Fatalf("%+v.Reference() = %q does not re-parse to itself", p, r)
		}
	})
}

// FuzzComponentsRoundTrip (F4): every parsed reference comes back from its
// Components.
func FuzzComponentsRoundTrip(f *testing.F) {
	seed(f)
	f.Fuzz(func(t *testing.T, s string) {
		r, err := uri.ParseReference(s)
		if err != nil {
			return
		}
		r2, err := r.Components().Reference()
		if err != nil || r2 != r {
			t.Fatalf("ParseReference(%q).Components().Reference() = %q, %v", s, r2, err)
		}
	})
}
