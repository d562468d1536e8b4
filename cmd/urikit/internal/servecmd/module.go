package servecmd

// This file builds the playground's WebAssembly module (package playwasm)
// from the source of the urikit that runs, with the go command of the
// machine, so that the repository holds no built module and the page
// always runs the library of the command that serves it.

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"time"
)

// A Module is the playground's WebAssembly module as served.
type Module struct {
	Gzip    []byte // urikit.wasm, gzip-compressed
	Support []byte // wasm_exec.js of the Go toolchain that built it
}

const (
	// modulePath is the module whose source the playground is built from.
	modulePath = "github.com/urikit/urikit"
	// wasmPackage is the main package of the playground's module.
	wasmPackage = modulePath + "/cmd/urikit/internal/playwasm"
)

// BuildModule returns the playground's module, built for GOOS=js
// GOARCH=wasm by the go command on PATH from the source of this urikit:
//
//   - a urikit built from a clone of the repository (go run, go build,
//     go test) builds from that clone, every time: the go command's own
//     cache makes a build with nothing changed take seconds;
//   - a urikit installed with "go install github.com/urikit/urikit/cmd/urikit@VERSION"
//     builds from that version's source in the module cache once, with
//     no network, and keeps the result in the user's cache directory
//     (os.UserCacheDir, "urikit/playground"), where later runs find it.
//
// It says on progress what it builds and how long it took.
func BuildModule(ctx context.Context, progress io.Writer) (Module, error) {
	dir, version, err := moduleSource(ctx)
	if err != nil {
		return Module{}, err
	}
	goVersion, goroot, err := goEnv(ctx)
	if err != nil {
		return Module{}, err
	}
	support, err := readSupport(goroot)
	if err != nil {
		return Module{}, err
	}
	var cached string
	if version != "" {
		// A released version's source never changes: one build per
		// version and toolchain.
		if cacheDir, err := os.UserCacheDir(); err == nil {
			cached = filepath.Join(cacheDir, "urikit", "playground", safeName(version+"-"+goVersion)+".wasm.gz")
			if gz, err := os.ReadFile(cached); err == nil {
				return Module{Gzip: gz, Support: support}, nil
			}
		}
	}
	fmt.Fprintf(progress, "urikit serve: building the playground module with %s from %s\n", goVersion, dir)
	start := time.Now()
	wasm, err := goBuild(ctx, dir)
	if err != nil {
		return Module{}, err
	}
	gz, err := compress(wasm)
	if err != nil {
		return Module{}, err
	}
	fmt.Fprintf(progress, "urikit serve: built in %.1f s: %d bytes, %d gzip-compressed\n", time.Since(start).Seconds(), len(wasm), len(gz))
	if cached != "" {
		// A cache that cannot be written costs a build next time, no more.
		if os.MkdirAll(filepath.Dir(cached), 0o755) == nil {
			tmp := cached + ".tmp"
			if os.WriteFile(tmp, gz, 0o644) == nil {
				os.Rename(tmp, cached)
			}
		}
	}
	return Module{Gzip: gz, Support: support}, nil
}

// moduleSource returns the directory of the source this urikit was built
// from, and its version when that source is a released version in the
// module cache ("" for a clone).
func moduleSource(ctx context.Context) (dir, version string, err error) {
	// Built from a clone without -trimpath, the compiler recorded where
	// this file was.
	if _, file, _, ok := runtime.Caller(0); ok && filepath.IsAbs(file) {
		if root, ok := moduleRoot(filepath.Dir(file)); ok {
			return root, "", nil
		}
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok || bi.Main.Path != modulePath || bi.Main.Version == "" || bi.Main.Version == "(devel)" || strings.HasSuffix(bi.Main.Version, "+dirty") {
		return "", "", errors.New("the source of this urikit is not at hand (built with -trimpath from a clone?): run urikit serve from a clone with go run ./cmd/urikit serve, or install a released version")
	}
	cmd := exec.CommandContext(ctx, "go", "mod", "download", "-json", modulePath+"@"+bi.Main.Version)
	cmd.Env = append(os.Environ(), "GOFLAGS=")
	out, err := cmd.Output()
	var m struct{ Dir, Error string }
	if jerr := json.Unmarshal(out, &m); jerr != nil || m.Dir == "" {
		if m.Error != "" {
			return "", "", fmt.Errorf("finding the source of %s@%s: %s", modulePath, bi.Main.Version, m.Error)
		}
		return "", "", fmt.Errorf("finding the source of %s@%s: %v", modulePath, bi.Main.Version, errors.Join(err, jerr))
	}
	return m.Dir, bi.Main.Version, nil
}

// moduleRoot returns the directory at or above dir whose go.mod declares
// modulePath.
func moduleRoot(dir string) (string, bool) {
	for {
		if f, err := os.Open(filepath.Join(dir, "go.mod")); err == nil {
			sc := bufio.NewScanner(f)
			declared := false
			for sc.Scan() {
				if f := strings.Fields(sc.Text()); len(f) == 2 && f[0] == "module" {
					declared = strings.Trim(f[1], `"`) == modulePath
					break
				}
			}
			f.Close()
			if declared {
				return dir, true
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

// goEnv returns the version and the root of the go command's toolchain.
func goEnv(ctx context.Context) (version, goroot string, err error) {
	out, err := exec.CommandContext(ctx, "go", "env", "GOVERSION", "GOROOT").Output()
	if err != nil {
		return "", "", fmt.Errorf("the playground module is built with the go command, which did not run: %w", err)
	}
	version, goroot, _ = strings.Cut(strings.TrimSpace(string(out)), "\n")
	return version, goroot, nil
}

// readSupport reads wasm_exec.js, the JavaScript side of a Go WebAssembly
// module, from the toolchain at goroot (lib/wasm since Go 1.24).
func readSupport(goroot string) ([]byte, error) {
	data, err := os.ReadFile(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"))
	if errors.Is(err, os.ErrNotExist) {
		data, err = os.ReadFile(filepath.Join(goroot, "misc", "wasm", "wasm_exec.js"))
	}
	return data, err
}

// goBuild builds wasmPackage in the module at dir and returns the module.
func goBuild(ctx context.Context, dir string) ([]byte, error) {
	tmp, err := os.MkdirTemp("", "urikit-playground")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	out := filepath.Join(tmp, "urikit.wasm")
	cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w", "-o", out, wasmPackage)
	cmd.Dir = dir
	// The flags above are the whole build configuration: GOFLAGS from the
	// environment (-race, -mod=vendor) may not apply to this target.
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0", "GOFLAGS=")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("building the playground module: %v\n%s", err, stderr.Bytes())
	}
	return os.ReadFile(out)
}

// compress returns data gzip-compressed, with no name and no time in the
// header.
func compress(data []byte) ([]byte, error) {
	var b bytes.Buffer
	zw, err := gzip.NewWriterLevel(&b, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(data); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// safeName returns s with every byte that is not a letter, a digit, "."
// or "-" replaced by "_", as a file name.
func safeName(s string) string {
	return strings.Map(func(r rune) rune {
		if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '.' || r == '-' {
			return r
		}
		return '_'
	}, s)
}
