//go:build ignore

// Gen_web builds the playground's WebAssembly module: this package (the
// urikit command) compiled with GOOS=js GOARCH=wasm, which main_wasm.go
// turns into the page's "urikit" object. It writes web/urikit.wasm.gz,
// compressed once here so that the command embeds and serves 2 MB rather
// than 7, and web/wasm_exec.js, the JavaScript support file of the Go
// toolchain that built it: the two must come from the same Go version,
// which web/GOVERSION records. The build is reproducible (-trimpath, no
// VCS stamp) with the same Go version and go env settings (GOWASM,
// GOEXPERIMENT), so .ci/run can check that the committed files are up to
// date by running go generate.
//
// Run it with: go generate ./cmd/urikit
package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

func main() {
	if err := generate(); err != nil {
		fmt.Fprintln(os.Stderr, "gen_web:", err)
		os.Exit(1)
	}
}

func generate() error {
	dir, err := os.MkdirTemp("", "urikit-wasm")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "urikit.wasm")
	build := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w", "-o", out, ".")
	// The flags above are the whole build configuration: GOFLAGS from the
	// environment would make the output differ from the committed one.
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0", "GOFLAGS=")
	build.Stdout, build.Stderr = os.Stdout, os.Stderr
	if err := build.Run(); err != nil {
		return fmt.Errorf("building the module: %w", err)
	}
	wasm, err := os.ReadFile(out)
	if err != nil {
		return err
	}
	var gz bytes.Buffer
	zw, err := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if err != nil {
		return err
	}
	// No name and no modification time in the header: the same module
	// gives the same bytes.
	if _, err := zw.Write(wasm); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	if err := writeIfChanged(filepath.Join("web", "urikit.wasm.gz"), gz.Bytes()); err != nil {
		return err
	}
	goenv, err := exec.Command("go", "env", "GOROOT", "GOVERSION").Output()
	if err != nil {
		return fmt.Errorf("go env: %w", err)
	}
	goroot, version, _ := strings.Cut(strings.TrimSpace(string(goenv)), "\n")
	support, err := os.ReadFile(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return err
	}
	if err := writeIfChanged(filepath.Join("web", "wasm_exec.js"), support); err != nil {
		return err
	}
	// The module holds the Go version that built it, and .ci/run names it
	// when it finds the module stale with another version.
	return writeIfChanged(filepath.Join("web", "GOVERSION"), []byte(version+"\n"))
}

// writeIfChanged writes data to name unless it already holds it, so that
// an up-to-date tree is left untouched.
func writeIfChanged(name string, data []byte) error {
	if old, err := os.ReadFile(name); err == nil && bytes.Equal(old, data) {
		return nil
	}
	return os.WriteFile(name, data, 0o644)
}
