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
	goVersion, goroot, err := goEnv(ctx, dir)
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
			if gz, err := os.ReadFile(cached); err == nil && isModule(gz) {
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
		// A cache that cannot be written costs a build next time, no
		// more; a file of its own and a rename keep two servers that
		// start at once from writing into each other's.
		if os.MkdirAll(filepath.Dir(cached), 0o755) == nil {
			if f, err := os.CreateTemp(filepath.Dir(cached), "module-*.tmp"); err == nil {
				_, werr := f.Write(gz)
				if cerr := f.Close(); werr == nil && cerr == nil {
					os.Rename(f.Name(), cached)
				}
				os.Remove(f.Name())
			}
		}
	}
	return Module{Gzip: gz, Support: support}, nil
}

// moduleSource returns the directory of the source this urikit was built
// from, and its version when that source is a released version in the
// module cache ("" for a clone).
func moduleSource(ctx context.Context) (dir, version string, err error) {
	bi, _ := debug.ReadBuildInfo()
	released := bi != nil && bi.Main.Path == modulePath && isRelease(bi.Main.Version)
	// Built without -trimpath, the compiler recorded where this file was:
	// a clone, or the module cache of an installed version.
	if _, file, _, ok := runtime.Caller(0); ok && filepath.IsAbs(file) {
		if root, ok := moduleRoot(filepath.Dir(file)); ok {
			if released && strings.Contains(filepath.Base(root), "@") {
				return root, bi.Main.Version, nil
			}
			return root, "", nil
		}
	}
	if !released {
		return "", "", errors.New("the source of this urikit is not at hand (built with -trimpath from a clone?): run urikit serve from a clone with go run ./cmd/urikit serve, or install a released version")
	}
	// The module cache, and no network: an installed version's source
	// is there.
	cmd := exec.CommandContext(ctx, "go", "mod", "download", "-json", modulePath+"@"+bi.Main.Version)
	cmd.Env = append(os.Environ(), buildEnv...)
	cmd.Env = append(cmd.Env, "GOPROXY=off")
	out, err := cmd.Output()
	var m struct{ Dir, Error string }
	if jerr := json.Unmarshal(out, &m); jerr != nil || m.Dir == "" {
		switch {
		case m.Error != "":
			err = errors.New(m.Error)
		case err == nil:
			err = jerr
		}
		return "", "", fmt.Errorf("the source of %s@%s is not in the module cache: %v", modulePath, bi.Main.Version, err)
	}
	return m.Dir, bi.Main.Version, nil
}

// isRelease reports whether v is the version of a release: not "" nor
// "(devel)", not a pseudo-version that the go command stamps on a build
// from a clone ("v0.0.0-20261204220439-7539bc1f0401"), not "+dirty".
func isRelease(v string) bool {
	if v == "" || v == "(devel)" || strings.HasSuffix(v, "+dirty") {
		return false
	}
	// A pseudo-version ends in "-" yyyymmddhhmmss "-" twelve hex digits.
	if i := strings.LastIndexByte(v, '-'); i >= 15 && len(v)-i-1 == 12 {
		stamp := v[i-14 : i]
		if v[i-15] == '-' || v[i-15] == '.' {
			digits := true
			for j := 0; j < len(stamp); j++ {
				digits = digits && '0' <= stamp[j] && stamp[j] <= '9'
			}
			if digits {
				return false
			}
		}
	}
	return true
}

// buildEnv is the environment that every go command of serve adds to the
// user's: flags set here, so that GOFLAGS from the environment or from
// "go env -w" (-race, -mod=vendor) cannot apply to this target, and no
// workspace of the user's directory.
var buildEnv = []string{"GOFLAGS=-mod=readonly", "GOWORK=off"}

// isModule reports whether gz decompresses to a WebAssembly module.
func isModule(gz []byte) bool {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return false
	}
	var magic [4]byte
	if _, err := io.ReadFull(zr, magic[:]); err != nil || string(magic[:]) != "\x00asm" {
		return false
	}
	_, err = io.Copy(io.Discard, zr)
	return err == nil
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

// goEnv returns the version and the root of the toolchain that the go
// command uses in dir, the one that builds the module.
func goEnv(ctx context.Context, dir string) (version, goroot string, err error) {
	cmd := exec.CommandContext(ctx, "go", "env", "GOVERSION", "GOROOT")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), buildEnv...)
	out, err := cmd.Output()
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
	cmd.Env = append(os.Environ(), buildEnv...)
	cmd.Env = append(cmd.Env, "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, &buildError{err: err, output: stderr.String()}
	}
	return os.ReadFile(out)
}

// A buildError is a failed build of the module, with what the go command
// said.
type buildError struct {
	err    error
	output string
}

func (e *buildError) Error() string {
	return "building the playground module: " + e.err.Error() + ": " + strings.TrimSpace(e.output)
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
