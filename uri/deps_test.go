package uri_test

import (
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/testload"
)

// TestLeanBuild requires that the library packages link no generator: the
// ABNF grammar, its matcher and the table generator (go/format, go/parser,
// text/tabwriter) are reachable only from tests and go generate, as
// net/url's gen_encoding_table.go is.
func TestLeanBuild(t *testing.T) {
	for _, p := range testload.Deps(t, "..", "./uri", "./scheme", "./scheme/...") {
		if strings.HasPrefix(p, "go/") || p == "text/tabwriter" || strings.HasSuffix(p, "/internal/abnf") {
			t.Errorf("a library package depends on %s", p)
		}
	}
}
