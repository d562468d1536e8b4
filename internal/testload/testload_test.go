package testload

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
)

// recorder is a testing.TB whose Fatalf records the failure and ends the
// goroutine, as the real one does.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Helper() {}

func (r *recorder) Fatalf(format string, args ...any) {
	r.failed = true
	runtime.Goexit()
}

// fails reports whether f fails the TB it is given.
func fails(f func(tb testing.TB)) bool {
	r := &recorder{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(r)
	}()
	<-done
	return r.failed
}

func write(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestLines(t *testing.T) {
	path := write(t, "a.txt", "http://a\r\n\n#f\nx")
	if got, want := Lines(t, path), []string{"http://a", "", "#f", "x"}; !slices.Equal(got, want) {
		t.Errorf("Lines = %q, want %q", got, want)
	}
	if got := Lines(t, write(t, "b.txt", "\n")); !slices.Equal(got, []string{""}) {
		t.Errorf("Lines of one blank line = %q", got)
	}
	for name, f := range map[string]func(testing.TB){
		"missing file": func(tb testing.TB) { Lines(tb, filepath.Join(t.TempDir(), "none.txt")) },
		"empty file":   func(tb testing.TB) { Lines(tb, write(t, "c.txt", "")) },
		"no glob":      func(tb testing.TB) { Glob(tb, filepath.Join(t.TempDir(), "*.jsonl")) },
		"bad json":     func(tb testing.TB) { JSONL[map[string]any](tb, write(t, "d.jsonl", "{}\n{")) },
		"blank json":   func(tb testing.TB) { JSONL[map[string]any](tb, write(t, "e.jsonl", "{}\n\n{}")) },
	} {
		if !fails(f) {
			t.Errorf("%s: the test did not fail", name)
		}
	}
	type rec struct{ Op string }
	if got := JSONL[rec](t, write(t, "f.jsonl", `{"op":"parse"}`+"\n"+`{"op":"x"}`+"\n")); len(got) != 2 || got[1].Op != "x" {
		t.Errorf("JSONL = %+v", got)
	}
}
