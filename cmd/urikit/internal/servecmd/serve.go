// Package servecmd is "urikit serve": the playground page, embedded in
// the command, and urikit compiled to WebAssembly (module.go builds it).
// The page computes everything in the browser; the server only hands out
// the files, and the Content-Security-Policy it sends keeps the page from
// making any request elsewhere.
package servecmd

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/urikit/urikit/cmd/urikit/internal/base"
	"github.com/urikit/urikit/cmd/urikit/internal/record"
)

// CmdServe is "urikit serve".
var CmdServe = &base.Command{
	Name:    "serve",
	Summary: "serve the playground page, computed in the browser (offline)",
	Usage:   "serve [--addr 127.0.0.1:8080]",
	Help: `Serves the playground page at --addr until interrupted: a page where the
components of a URI reference (RFC 3986 3), its normal forms (6.2), the
resolution of a reference against a base (5.2), the comparison ladder of
two URIs (6.2) and, for amqp and amqps, the RabbitMQ spec view, the config
view and the lints show as you type. The answers are computed in the
browser by urikit compiled to WebAssembly; the page sends nothing and
loads nothing from elsewhere, so it works offline.

Secrets are masked in everything the page shows, as the command line
masks them, and the page keeps its state in its address fragment (to
share a view) with secrets masked, even a password still being typed.

Once it listens, and before it prints the address, serve builds the
WebAssembly module with the go command on PATH from the source of this
urikit: a clone of the repository (go run ./cmd/urikit serve) is built
every time, which the go command's cache makes quick when nothing
changed; a version installed with go install is built once from the
module cache, without the network, and kept in the user's cache
directory. Standard error says what it builds and how long it took.

The first line on standard output is the page's address. With port 0 the
system picks a free port.`,
	Example: `  $ urikit serve
  http://127.0.0.1:8080/
`,
	Footer: "Exit status: 0 when interrupted, 2 for a usage error, a module that\ncannot be built or an address that cannot be listened on.\n",
	Setup:  setupServe,
}

func setupServe(fs base.Flags) func([]string, *base.Env) int {
	addr := fs.String("addr", "127.0.0.1:8080", "the `host:port` to listen on")
	return func(args []string, e *base.Env) int {
		if len(args) > 0 {
			return base.UsageError(e, "serve takes no arguments")
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		go func() {
			// After the first signal, a second one ends the process at
			// once instead of waiting for the downloads in progress.
			<-ctx.Done()
			stop()
		}()
		return Serve(ctx, *addr, e, BuildModule)
	}
}

// listenReason is why net.Listen failed, without the address it was
// given, which the net package quotes in pieces that no longer read as
// the text given ("//user:pw@host/x" becomes "lookup tcp/pw@host/x"): the
// caller shows the address itself, masked as a whole.
func listenReason(err error) string {
	var ae *net.AddrError
	if errors.As(err, &ae) {
		return ae.Err
	}
	var de *net.DNSError
	if errors.As(err, &de) {
		return "lookup: " + de.Err
	}
	var oe *net.OpError
	if errors.As(err, &oe) && oe.Err != nil {
		return oe.Err.Error()
	}
	return err.Error()
}

// Serve listens on addr, gets the module from module (BuildModule, which
// says on e.Stderr what it builds), writes the page's address to
// e.Stdout and serves the playground until ctx is done. An address that
// cannot be listened on fails before any build.
func Serve(ctx context.Context, addr string, e *base.Env, module func(ctx context.Context, progress io.Writer) (Module, error)) int {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		fmt.Fprintf(e.Stderr, "urikit serve: cannot listen on --addr %s: %s\n", base.QuoteArg(addr), record.EscapeText(record.MaskMessage(listenReason(err)).Text))
		return record.ExitUsage
	}
	defer ln.Close()
	// The address is printed once the module is there: the page can be
	// asked for as soon as it is.
	mod, err := module(ctx, e.Stderr)
	if err != nil {
		if ctx.Err() != nil {
			return record.ExitOK // interrupted while it built
		}
		reportBuild(e, err)
		return record.ExitUsage
	}
	host, port, _ := net.SplitHostPort(ln.Addr().String())
	all := false
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host, all = "localhost", true
	}
	fmt.Fprintf(e.Stdout, "http://%s/\n", net.JoinHostPort(host, port))
	if all {
		fmt.Fprintf(e.Stderr, "urikit serve: listening on every interface (%s), not only this machine's\n", record.EscapeText(ln.Addr().String()))
	}
	srv := &http.Server{
		Handler:           PlaygroundHandler(mod),
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       time.Minute,
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		fmt.Fprintf(e.Stderr, "urikit serve: %s\n", record.EscapeText(record.MaskMessage(err.Error()).Text))
		return record.ExitUsage
	case <-ctx.Done():
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shut)
		return record.ExitOK
	}
}

// reportBuild says on standard error why the module could not be had:
// the reason, then what the go command said, a line each, masked and
// escaped as every message.
func reportBuild(e *base.Env, err error) {
	msg, output := err.Error(), ""
	var be *buildError
	if errors.As(err, &be) {
		msg, output = "building the playground module: "+be.err.Error(), be.output
	}
	fmt.Fprintf(e.Stderr, "urikit serve: %s\n", record.EscapeText(record.MaskMessage(msg).Text))
	for _, l := range strings.Split(strings.TrimSpace(output), "\n") {
		if l != "" {
			fmt.Fprintf(e.Stderr, "    %s\n", record.EscapeText(record.MaskMessage(l).Text))
		}
	}
}

// web holds the page: index.html, app.js and style.css.
//
//go:embed web
var web embed.FS

// playgroundCSP lets the page run its own scripts and the WebAssembly
// module and fetch from its own origin, and nothing else: no request can
// leave the page, and no inline script can run.
const playgroundCSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; " +
	"connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// webFile is one file the playground serves.
type webFile struct {
	data        []byte // as stored: gzip-compressed when gzipped
	gzipped     bool
	contentType string
	etag        string
}

// PlaygroundHandler serves the playground's files: "/" is the page.
func PlaygroundHandler(mod Module) http.Handler {
	files := map[string]webFile{}
	addData := func(path, name string, data []byte, contentType string) {
		sum := sha256.Sum256(data)
		files[path] = webFile{data, strings.HasSuffix(name, ".gz"), contentType, `"` + hex.EncodeToString(sum[:12]) + `"`}
	}
	add := func(path, name, contentType string) {
		data, err := web.ReadFile("web/" + name)
		if err != nil {
			panic("urikit: the playground file " + name + " is not embedded")
		}
		addData(path, name, data, contentType)
	}
	add("/", "index.html", "text/html; charset=utf-8")
	add("/app.js", "app.js", "text/javascript; charset=utf-8")
	add("/style.css", "style.css", "text/css; charset=utf-8")
	addData("/wasm_exec.js", "wasm_exec.js", mod.Support, "text/javascript; charset=utf-8")
	addData("/urikit.wasm", "urikit.wasm.gz", mod.Gzip, "application/wasm")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", playgroundCSP)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		f, ok := files[r.URL.Path]
		if !ok {
			http.Error(w, "not found", http.StatusNotFound)
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			h.Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		h.Set("Content-Type", f.contentType)
		h.Set("Cache-Control", "no-cache")
		// The compressed and the decompressed module are two
		// representations, with two entity tags (RFC 9110 8.8.3).
		zipped := f.gzipped && acceptsGzip(r.Header.Get("Accept-Encoding"))
		etag := f.etag
		if f.gzipped {
			h.Set("Vary", "Accept-Encoding")
			if zipped {
				etag = etag[:len(etag)-1] + `-gzip"`
			}
		}
		h.Set("ETag", etag)
		if match := r.Header.Get("If-None-Match"); match != "" && etagMatches(match, etag) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		body := io.Reader(bytes.NewReader(f.data))
		switch {
		case zipped:
			h.Set("Content-Encoding", "gzip")
			h.Set("Content-Length", strconv.Itoa(len(f.data)))
		case f.gzipped:
			zr, err := gzip.NewReader(body)
			if err != nil {
				http.Error(w, "corrupt module", http.StatusInternalServerError)
				return
			}
			body = zr
		default:
			h.Set("Content-Length", strconv.Itoa(len(f.data)))
		}
		if r.Method == http.MethodHead {
			return
		}
		io.Copy(w, body)
	})
}

// etagMatches reports whether an If-None-Match header (RFC 9110 13.1.2)
// names etag, or is "*"; weak tags compare as strong ones do here.
func etagMatches(header, etag string) bool {
	for _, tag := range strings.Split(header, ",") {
		tag = strings.TrimPrefix(strings.TrimSpace(tag), "W/")
		if tag == "*" || tag == etag {
			return true
		}
	}
	return false
}

// acceptsGzip reports whether an Accept-Encoding header (RFC 9110 12.5.3)
// accepts gzip: named, or covered by "*" when not named, with a quality
// other than 0.
func acceptsGzip(header string) bool {
	star := false
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(part, ";")
		switch strings.ToLower(strings.TrimSpace(name)) {
		case "gzip", "x-gzip":
			return nonZeroQuality(params)
		case "*":
			star = nonZeroQuality(params)
		}
	}
	return star
}

// nonZeroQuality reports whether the parameters of an Accept-Encoding
// member leave it acceptable: no "q", or a "q" (RFC 9110 12.4.2) that is
// not 0. A malformed weight is not read as a refusal.
func nonZeroQuality(params string) bool {
	for _, p := range strings.Split(params, ";") {
		k, v, _ := strings.Cut(p, "=")
		if strings.EqualFold(strings.TrimSpace(k), "q") {
			q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			return err != nil || q > 0
		}
	}
	return true
}
