// Package testload reads the test data and corpora of urikit's tests and
// benchmarks: testdata files, the conformance vectors, the benchmark
// corpora, and the packages a build links (Deps). Each function fails the test when it finds no file or no line,
// so that a moved or emptied testdata folder stops the tests instead of
// silently emptying an oracle table or a fuzz seed corpus.
//
// Lines are returned as they are, blank ones included: the files hold URI
// references, one a line, and "" and "#f" are references, so there is no
// comment syntax. Only tests import this package.
package testload

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Lines returns the lines of the file at path, without their "\n" (or
// "\r\n"); a final line end adds no empty line, so "\n" is one empty
// line. It fails tb when the file cannot be read or is empty.
func Lines(tb testing.TB, path string) []string {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatalf("testload: %v", err)
		return nil
	}
	if len(data) == 0 {
		tb.Fatalf("testload: %s holds no line", path)
		return nil
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}

// Shared returns the lines of the file name of the shared corpus, which
// stands beside the repository (../shared/corpus; CI puts it there),
// found from the module root above the working directory. Without it the
// lines are nil, and the test goes on with its own inputs, but under CI
// (CI set), where the corpus must be there, tb fails.
func Shared(tb testing.TB, name string) []string {
	tb.Helper()
	dir, err := os.Getwd()
	for err == nil {
		if data, rerr := os.ReadFile(filepath.Join(dir, "go.mod")); rerr == nil && strings.HasPrefix(string(data), "module github.com/urikit/urikit\n") {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			err = os.ErrNotExist
		}
		dir = parent
	}
	path := filepath.Join(dir, "..", "shared", "corpus", name)
	if _, serr := os.Stat(path); err != nil || serr != nil {
		if os.Getenv("CI") != "" {
			tb.Fatalf("testload: the shared corpus is missing: %s", path)
		}
		tb.Logf("testload: the shared corpus is not beside the repository (%s): read without it", path)
		return nil
	}
	return Lines(tb, path)
}

// Glob returns the files that match pattern (filepath.Match syntax), in
// lexical order. It fails tb when the pattern is malformed or matches no
// file.
func Glob(tb testing.TB, pattern string) []string {
	tb.Helper()
	files, err := filepath.Glob(pattern)
	if err != nil {
		tb.Fatalf("testload: %s: %v", pattern, err)
		return nil
	}
	if len(files) == 0 {
		tb.Fatalf("testload: no file matches %s", pattern)
		return nil
	}
	return files
}

// JSONL decodes each line of the file at path (JSON Lines: one JSON value
// a line) into a T. It fails tb as Lines does, and on a line that is not a
// JSON value of T's shape (a blank line included).
func JSONL[T any](tb testing.TB, path string) []T {
	tb.Helper()
	lines := Lines(tb, path)
	out := make([]T, 0, len(lines))
	for i, l := range lines {
		var v T
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			tb.Fatalf("testload: %s:%d: %v", path, i+1, err)
			return nil
		}
		out = append(out, v)
	}
	return out
}

// Deps returns the packages that pkgs link, as "go list -deps" run in dir
// lists them. It skips tb in -short mode or without the go command, and
// fails it when go list fails or lists nothing.
func Deps(tb testing.TB, dir string, pkgs ...string) []string {
	tb.Helper()
	if testing.Short() {
		tb.Skip("runs go list")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		tb.Skip("no go command")
	}
	cmd := exec.Command(goTool, append([]string{"list", "-deps"}, pkgs...)...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		tb.Fatalf("go list -deps: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) == 0 {
		tb.Fatalf("go list -deps listed nothing")
	}
	return deps
}
