package lint_test

import (
	"strings"
	"testing"
	"time"

	"github.com/urikit/urikit/lint"
	"github.com/urikit/urikit/uri"
)

// TestLinear lints inputs built to make a careless linter quadratic, at
// two sizes: eight times the input must take well under 64 times as long,
// what a quadratic linter would take (the best of five runs each, against
// noise; caches, the garbage collector and sorting the findings make even
// a linear linter take up to about 25 times as long).
func TestLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("timing")
	}
	shapes := []struct {
		name         string
		prefix, unit string
		suffix       string
	}{
		{"dot segments", "http://h/", "%2E%2E/", ""},
		{"encoded slashes", "http://h/", "a%2F..%5C", ""},
		{"devices", "http://h/", "aux.txt/", ""},
		{"labels", "http://", "a.", "com/"},
		{"punycode labels", "http://", "xn--pple-43d.", "com/"},
		{"encoded labels", "http://", "%D0%B0a.", "com/"},
		{"one encoded label", "http://", "%D0%B0%E1%88%80", "/"},
		{"ipv4 parts", "http://", "1.", "1/"},
		{"userinfo", "http://", "a.b:", "@h/"},
		{"nul query", "http://h/?", "%00", ""},
		{"utf-8 lead bytes", "http://h/", "%E2%80", ""},
		{"amqp params", "amqp://u@h/v?", "x=1&", ""},
		{"invalid", "http://h/", "%00 ", ""},
		{"zone", "http://[fe80::1%25", "a", "]/"},
		{"text", "", "http://h:25/%00 ", ""},
		{"line breaks in a query", "http://h/?q=", "%0D%0A", "x:"},
		{"header names in a query", "http://h/?q=", "%0Aa-b", ""},
		{"at signs after the host", "http://h?", "@a.b", "com"},
		{"invisible characters", "http://h/", "%E2%80%8B%C2", ""},
		{"iri path", "http://h/", "\u00fc/", ""},
		{"iri host and path", "http://\u0430pple.com/", "\u00fc%00", ""},
		{"iri text", "", "http://\u0430pple.com/\u00fc ", ""},
		{"joined text", "<", "http://h:25/%00\n", ">"},
	}
	run := func(in string, text bool) time.Duration {
		best := time.Duration(1<<63 - 1)
		for range 5 {
			start := time.Now()
			if text {
				for range lint.Text(in, uri.ExtractOptions{MaxLen: 1 << 30}) {
				}
			} else {
				lint.String(in)
			}
			best = min(best, time.Since(start))
		}
		return best
	}
	for _, s := range shapes {
		text := strings.HasSuffix(s.name, "text")
		build := func(n int) string {
			return s.prefix + strings.Repeat(s.unit, n/len(s.unit)) + s.suffix
		}
		small, large := run(build(32<<10), text), run(build(256<<10), text)
		if large > 40*max(small, 100*time.Microsecond) {
			t.Errorf("%s: %v for 256 KiB, %v for 32 KiB", s.name, large, small)
		}
	}
}
