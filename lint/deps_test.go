package lint_test

import (
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/testload"
)

// TestLeanBuild requires that lint links neither its generator (go/format,
// golang.org/x/net/publicsuffix) nor net/http, which
// golang.org/x/net/publicsuffix would bring through net/http/cookiejar:
// the table of top-level domains is generated instead; and no scheme
// plugin: a scheme's findings come through the registry's Lint hook.
func TestLeanBuild(t *testing.T) {
	for _, p := range testload.Deps(t, ".", ".") {
		if strings.HasPrefix(p, "go/") || strings.HasPrefix(p, "net/http") || strings.HasSuffix(p, "/publicsuffix") || strings.HasSuffix(p, "/internal/abnf") ||
			strings.HasPrefix(p, "github.com/urikit/urikit/scheme/") {
			t.Errorf("lint depends on %s", p)
		}
	}
}
