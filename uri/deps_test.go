package uri_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestLeanBuild requires that the library packages link no generator: the
// ABNF grammar, its matcher and the table generator (go/format, go/parser,
// text/tabwriter) are reachable only from tests and go generate, as
// net/url's gen_encoding_table.go is.
func TestLeanBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	cmd := exec.Command(goTool, "list", "-deps", "./uri", "./scheme", "./scheme/...")
	cmd.Dir = ".."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) == 0 {
		t.Fatal("go list -deps listed nothing")
	}
	for _, p := range deps {
		if strings.HasPrefix(p, "go/") || p == "text/tabwriter" || strings.HasSuffix(p, "/internal/abnf") {
			t.Errorf("a library package depends on %s", p)
		}
	}
}
