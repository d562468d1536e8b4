// Package browsertest tests the playground page of "urikit serve" in a
// real browser: headless Chromium driven over the DevTools protocol. It is
// a module of its own so that users of urikit never download the driver.
//
// The tests build the urikit command, start "urikit serve" on a free port
// of the loopback interface, type inputs into the page and check what it
// shows against the urikit library's own answers. Each view's screenshot
// is saved under $URIKIT_ARTIFACTS (screenshots/ by default).
//
// Chromium is found as $CHROMIUM, or chromium, chromium-browser or
// google-chrome on the PATH. Without it the tests are skipped, unless
// URIKIT_REQUIRE_BROWSER is set (as .ci/run sets it), when they fail.
package browsertest

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

var (
	// pageURL is the playground's address, "http://127.0.0.1:PORT/".
	pageURL string
	// browser is the context of the one browser the tests share.
	browser context.Context
	// skip is why the tests cannot run, when they cannot.
	skip string
	// artifacts is where the screenshots go.
	artifacts string

	requestsMu sync.Mutex
	// requests are the URLs of every request any tab made.
	requests []string
)

func TestMain(m *testing.M) {
	code, err := setup(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, "browsertest:", err)
		code = 1
	}
	os.Exit(code)
}

func setup(m *testing.M) (int, error) {
	exe := findChromium()
	if exe == "" {
		if os.Getenv("URIKIT_REQUIRE_BROWSER") != "" {
			return 1, fmt.Errorf("no Chromium found ($CHROMIUM, chromium, chromium-browser, google-chrome) and URIKIT_REQUIRE_BROWSER is set")
		}
		skip = "no Chromium found: set $CHROMIUM or install chromium"
		return m.Run(), nil
	}
	tmp, err := os.MkdirTemp("", "urikit-browsertest")
	if err != nil {
		return 1, err
	}
	defer os.RemoveAll(tmp)

	artifacts = os.Getenv("URIKIT_ARTIFACTS")
	if artifacts == "" {
		artifacts = "screenshots"
	}
	if err := os.MkdirAll(artifacts, 0o755); err != nil {
		return 1, err
	}

	bin := filepath.Join(tmp, "urikit")
	build := exec.Command("go", "build", "-o", bin, "github.com/urikit/urikit/cmd/urikit")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		return 1, fmt.Errorf("building urikit: %w", err)
	}
	srv := exec.Command(bin, "serve", "--addr", "127.0.0.1:0")
	srv.Stderr = os.Stderr
	out, err := srv.StdoutPipe()
	if err != nil {
		return 1, err
	}
	if err := srv.Start(); err != nil {
		return 1, err
	}
	defer func() {
		srv.Process.Signal(os.Interrupt)
		srv.Wait()
	}()
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		return 1, fmt.Errorf("reading the address urikit serve prints: %w", err)
	}
	pageURL = strings.TrimSpace(line)
	if !strings.HasPrefix(pageURL, "http://127.0.0.1:") {
		return 1, fmt.Errorf("urikit serve printed %q, not a loopback address", line)
	}

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.UserDataDir(filepath.Join(tmp, "profile")),
		chromedp.WindowSize(1100, 1000),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
	)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(alloc)
	defer cancel()
	if err := chromedp.Do(ctx); err != nil {
		return 1, fmt.Errorf("starting %s: %w", exe, err)
	}
	browser = ctx
	return m.Run(), nil
}

func findChromium() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// tab is one browser tab on the playground, with the errors its page
// raised.
type tab struct {
	t      *testing.T
	ctx    context.Context
	mu     sync.Mutex
	errors []string
}

// open opens the playground in a new tab, with fragment as the address
// fragment ("" for none), and waits for urikit's first answer.
func open(t *testing.T, fragment string) *tab {
	t.Helper()
	if skip != "" {
		t.Skip(skip)
	}
	ctx, cancel := chromedp.NewContext(browser)
	t.Cleanup(cancel)
	ctx, cancelTime := context.WithTimeout(ctx, 60*time.Second)
	t.Cleanup(cancelTime)
	tb := &tab{t: t, ctx: ctx}
	err := chromedp.Listen(ctx, func(ev any) {
		switch ev := ev.(type) {
		case *network.EventRequestWillBeSent:
			requestsMu.Lock()
			requests = append(requests, ev.Request.URL)
			requestsMu.Unlock()
		case *runtime.EventExceptionThrown:
			tb.mu.Lock()
			tb.errors = append(tb.errors, fmt.Sprintf("%s (line %d)", ev.ExceptionDetails.Text, ev.ExceptionDetails.LineNumber))
			tb.mu.Unlock()
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeWarning {
				var parts []string
				for _, a := range ev.Args {
					parts = append(parts, string(a.Value)+a.Description)
				}
				tb.mu.Lock()
				tb.errors = append(tb.errors, "console: "+strings.Join(parts, " "))
				tb.mu.Unlock()
			}
		}
	})
	if err != nil {
		t.Fatalf("browser: %v", err)
	}
	u := pageURL
	if fragment != "" {
		u += "#" + fragment
	}
	tb.do(chromedp.Navigate(u),
		chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"]`)),
		chromedp.WaitReady(chromedp.CSS(`body[data-answers]`)))
	t.Cleanup(func() {
		tb.mu.Lock()
		defer tb.mu.Unlock()
		for _, e := range tb.errors {
			t.Errorf("the page raised: %s", e)
		}
	})
	return tb
}

// do runs actions in the tab and stops the test on an error.
func (tb *tab) do(actions ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	if err := chromedp.Do(tb.ctx, actions...); err != nil {
		tb.t.Fatalf("browser: %v", err)
	}
}

// eval evaluates a JavaScript expression and returns its value.
func eval[T any](tb *tab, expr string) T {
	tb.t.Helper()
	v, err := chromedp.Run(tb.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		tb.t.Fatalf("browser: evaluating %s: %v", expr, err)
	}
	return v
}

// view switches to the view named by clicking its tab.
func (tb *tab) view(name string) {
	tb.t.Helper()
	tb.do(chromedp.Click(chromedp.ID("tab-"+name)),
		chromedp.WaitVisible(chromedp.CSS(`body[data-view="`+name+`"]`)))
}

// typeInto replaces the text of the input field id with text, typed key
// by key as a user would; the page answers on each key. The last answer
// is in the page when the field holds the whole text.
func (tb *tab) typeInto(id, text string) {
	tb.t.Helper()
	eval[bool](tb, fmt.Sprintf(`(() => { const e = document.getElementById(%q); e.value = ""; e.focus(); e.dispatchEvent(new Event("input")); return true; })()`, id))
	if text != "" {
		tb.do(chromedp.SendKeys(chromedp.ID(id), text))
	}
	got, err := chromedp.Run(tb.ctx, chromedp.Value(chromedp.ID(id)))
	if err != nil {
		tb.t.Fatalf("browser: %v", err)
	}
	if got != text {
		tb.t.Fatalf("typed %q into #%s, the field holds %q", text, id, got)
	}
}

// screenshot saves the whole page as name.png among the artifacts, with
// no field focused: as a user sees it after typing.
func (tb *tab) screenshot(name string) {
	tb.t.Helper()
	eval[bool](tb, `(document.activeElement && document.activeElement.blur(), true)`)
	png, err := chromedp.Run(tb.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		tb.t.Fatalf("browser: %v", err)
	}
	if err := os.WriteFile(filepath.Join(artifacts, name+".png"), png, 0o644); err != nil {
		tb.t.Fatal(err)
	}
}
