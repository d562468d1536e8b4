package lint_test

import (
	"testing"

	"github.com/urikit/urikit/lint"
	"github.com/urikit/urikit/uri"
)

// A URI without findings, triplets or non-ASCII labels costs no
// allocation, when its scheme is lowercase (scheme.Lookup lowercases
// others).
func TestNoAllocs(t *testing.T) {
	for _, s := range []string{"http://example.com/a/b?q=1#f", "https://user@example.com:8443/", "http://[2001:db8::1]/x", "mailto:a@example.com"} {
		u := uri.MustParse(s)
		if n := testing.AllocsPerRun(100, func() { lint.URI(u) }); n != 0 {
			t.Errorf("URI(%q) allocates %v times, want 0", s, n)
		}
	}
}
