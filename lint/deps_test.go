package lint_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestLeanBuild requires that lint links neither its generator (go/format,
// golang.org/x/net/publicsuffix) nor net/http, which
// golang.org/x/net/publicsuffix would bring through net/http/cookiejar:
// the table of top-level domains is generated instead.
func TestLeanBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	out, err := exec.Command(goTool, "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) == 0 {
		t.Fatal("go list -deps listed nothing")
	}
	for _, p := range deps {
		if strings.HasPrefix(p, "go/") || strings.HasPrefix(p, "net/http") || strings.HasSuffix(p, "/publicsuffix") || strings.HasSuffix(p, "/internal/abnf") {
			t.Errorf("lint depends on %s", p)
		}
	}
}
