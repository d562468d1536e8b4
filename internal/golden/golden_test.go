package golden

import (
	"os"
	"path/filepath"
	"testing"
)

// recorder is a testing.TB that records failures instead of failing.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Errorf(string, ...any) { r.failed = true }
func (r *recorder) Fatal(...any)          { r.failed = true }

func TestCheck(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.golden")
	if err := os.WriteFile(path, []byte("a\nb\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		got  string
		fail bool
	}{
		{"a\nb\n", false},
		{"a\nc\n", true},
		{"a\nb\nc\n", true},
		{"a\n", true},
	} {
		r := &recorder{TB: t}
		Check(r, path, []byte(tt.got))
		if r.failed != tt.fail {
			t.Errorf("Check(%q) failed = %v, want %v", tt.got, r.failed, tt.fail)
		}
	}
	r := &recorder{TB: t}
	Check(r, filepath.Join(t.TempDir(), "missing.golden"), nil)
	if !r.failed {
		t.Error("Check of a missing file did not fail")
	}
}
