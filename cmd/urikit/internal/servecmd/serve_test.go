package servecmd

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/urikit/urikit/cmd/urikit/internal/base"
	"github.com/urikit/urikit/cmd/urikit/internal/record"
)

// TestServe runs "urikit serve" on a free port, fetches every file of the
// playground and stops it.
func TestServe(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	var errOut bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- Serve(ctx, "127.0.0.1:0", &base.Env{Stdin: strings.NewReader(""), Stdout: pw, Stderr: &errOut}, testBuild(t))
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, pr)
	base := strings.TrimSpace(line)
	if !strings.HasPrefix(base, "http://127.0.0.1:") || !strings.HasSuffix(base, "/") {
		t.Fatalf("serve printed %q", line)
	}
	for _, path := range []string{"", "app.js", "style.css", "wasm_exec.js", "urikit.wasm"} {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || len(body) == 0 {
			t.Errorf("GET /%s: %s, %d bytes", path, resp.Status, len(body))
		}
	}
	cancel()
	select {
	case status := <-done:
		if status != record.ExitOK || errOut.Len() != 0 {
			t.Errorf("serve ended with %d, stderr %q", status, errOut.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
}

func TestServeBadAddress(t *testing.T) {
	var out, errOut bytes.Buffer
	status := Serve(context.Background(), "256.0.0.1:x", &base.Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut}, testBuild(t))
	if status != record.ExitUsage || out.Len() != 0 || !strings.HasPrefix(errOut.String(), "urikit serve: ") {
		t.Errorf("status %d, stdout %q, stderr %q", status, out.String(), errOut.String())
	}
}

func TestPlaygroundHandler(t *testing.T) {
	h := PlaygroundHandler(testModule(t))
	get := func(method, path string, header map[string]string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, path, nil)
		for k, v := range header {
			req.Header.Set(k, v)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		return w
	}
	for _, tt := range []struct {
		method, path string
		status       int
		contentType  string
	}{
		{"GET", "/", 200, "text/html; charset=utf-8"},
		{"HEAD", "/", 200, "text/html; charset=utf-8"},
		{"GET", "/app.js", 200, "text/javascript; charset=utf-8"},
		{"GET", "/style.css", 200, "text/css; charset=utf-8"},
		{"GET", "/wasm_exec.js", 200, "text/javascript; charset=utf-8"},
		{"GET", "/urikit.wasm", 200, "application/wasm"},
		{"GET", "/index.html", 404, ""},
		{"GET", "/urikit.wasm.gz", 404, ""},
		{"GET", "/../serve.go", 404, ""},
		{"POST", "/", 405, ""},
	} {
		w := get(tt.method, tt.path, nil)
		if w.Code != tt.status {
			t.Errorf("%s %s: %d, want %d", tt.method, tt.path, w.Code, tt.status)
		}
		if tt.contentType != "" && w.Header().Get("Content-Type") != tt.contentType {
			t.Errorf("%s %s: Content-Type %q", tt.method, tt.path, w.Header().Get("Content-Type"))
		}
		if w.Header().Get("Content-Security-Policy") != playgroundCSP || w.Header().Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s %s: headers %v", tt.method, tt.path, w.Header())
		}
		if tt.method == "HEAD" && w.Body.Len() != 0 {
			t.Errorf("HEAD %s: a body", tt.path)
		}
	}

	// The module goes compressed to a client that takes gzip, and
	// decompressed to one that does not; both are the same WebAssembly.
	plain := get("GET", "/urikit.wasm", map[string]string{"Accept-Encoding": "identity"})
	if plain.Header().Get("Content-Encoding") != "" || !bytes.HasPrefix(plain.Body.Bytes(), []byte("\x00asm")) {
		t.Fatalf("without gzip: Content-Encoding %q, body %q...", plain.Header().Get("Content-Encoding"), plain.Body.Bytes()[:min(8, plain.Body.Len())])
	}
	zipped := get("GET", "/urikit.wasm", map[string]string{"Accept-Encoding": "br, gzip"})
	if zipped.Header().Get("Content-Encoding") != "gzip" || zipped.Header().Get("Vary") != "Accept-Encoding" {
		t.Fatalf("with gzip: headers %v", zipped.Header())
	}
	zr, err := gzip.NewReader(zipped.Body)
	if err != nil {
		t.Fatal(err)
	}
	unzipped, err := io.ReadAll(zr)
	if err != nil || !bytes.Equal(unzipped, plain.Body.Bytes()) {
		t.Fatalf("the gzip body does not decompress to the module (%v)", err)
	}

	if plain.Header().Get("ETag") == zipped.Header().Get("ETag") {
		t.Errorf("the compressed and the plain module share the entity tag %s", plain.Header().Get("ETag"))
	}

	// A client that has the file revalidates it for nothing.
	first := get("GET", "/app.js", nil)
	for _, match := range []string{first.Header().Get("ETag"), `"x", ` + first.Header().Get("ETag"), "*", "W/" + first.Header().Get("ETag")} {
		again := get("GET", "/app.js", map[string]string{"If-None-Match": match})
		if again.Code != http.StatusNotModified || again.Body.Len() != 0 {
			t.Errorf("If-None-Match %s: %d with %d bytes", match, again.Code, again.Body.Len())
		}
	}
	if other := get("GET", "/app.js", map[string]string{"If-None-Match": `"x"`}); other.Code != http.StatusOK {
		t.Errorf("If-None-Match with another tag: %d", other.Code)
	}
	gzTag := zipped.Header().Get("ETag")
	if again := get("GET", "/urikit.wasm", map[string]string{"Accept-Encoding": "identity", "If-None-Match": gzTag}); again.Code != http.StatusOK {
		t.Errorf("the compressed module's tag matched the plain one: %d", again.Code)
	}
}

func TestAcceptsGzip(t *testing.T) {
	for header, want := range map[string]bool{
		"":                    false,
		"gzip":                true,
		"GZIP":                true,
		"deflate, gzip;q=0.5": true,
		"gzip;q=0":            false,
		"gzip; q=0.000":       false,
		"*":                   true,
		"*;q=0":               false,
		"*, gzip;q=0":         false,
		"identity":            false,
		"x-gzip":              true,
		"br;q=1.0, *;q=0.1":   true,
		"gzip;q=bad":          true,
	} {
		if got := acceptsGzip(header); got != want {
			t.Errorf("acceptsGzip(%q) = %v, want %v", header, got, want)
		}
	}
}

// testBuild returns a module builder that gives testModule's module.
func testBuild(t *testing.T) func(context.Context, io.Writer) (Module, error) {
	mod := testModule(t)
	return func(context.Context, io.Writer) (Module, error) { return mod, nil }
}

// testModule is a Module that stands for the real one, which the browser
// tests build: the WebAssembly header and a support script.
func testModule(t *testing.T) Module {
	t.Helper()
	gz, err := compress([]byte("\x00asm\x01\x00\x00\x00"))
	if err != nil {
		t.Fatal(err)
	}
	return Module{Gzip: gz, Support: []byte("// wasm_exec.js\n")}
}

// TestModuleSource: a urikit built from this clone builds the module from
// this clone's root.
func TestModuleSource(t *testing.T) {
	dir, version, err := moduleSource(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want, err := filepath.Abs(filepath.Join("..", "..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if dir != want || version != "" {
		t.Errorf("moduleSource() = %q, %q; want %q, \"\"", dir, version, want)
	}
	if _, ok := moduleRoot(t.TempDir()); ok {
		t.Errorf("moduleRoot found a urikit module above a temporary directory")
	}
}

func TestIsRelease(t *testing.T) {
	for v, want := range map[string]bool{
		"v1.2.3": true, "v0.9.0": true, "v2.0.0-rc.1": true,
		"": false, "(devel)": false, "v1.2.3+dirty": false,
		"v0.0.0-20261204220439-7539bc1f0401":       false,
		"v1.2.4-0.20261204220439-7539bc1f0401":     false,
		"v1.2.3-pre.0.20261204220439-7539bc1f0401": false,
	} {
		if got := isRelease(v); got != want {
			t.Errorf("isRelease(%q) = %v, want %v", v, got, want)
		}
	}
}

func TestIsModule(t *testing.T) {
	good := testModule(t).Gzip
	if !isModule(good) {
		t.Error("isModule rejects a module")
	}
	for _, bad := range [][]byte{nil, []byte("\x1f\x8b"), good[:len(good)-4]} {
		if isModule(bad) {
			t.Errorf("isModule(%q) accepts it", bad)
		}
	}
	notWasm, _ := compress([]byte("<html>"))
	if isModule(notWasm) {
		t.Error("isModule accepts a compressed page")
	}
}
