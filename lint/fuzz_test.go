package lint_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/urikit/urikit/lint"
	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/scheme/amqp"
	"github.com/urikit/urikit/uri"
)

// amqpTriggers draw every finding of package amqp's Lint, so that the fuzz
// target knows their fixed messages.
var amqpTriggers = []string{
	"amqp://host/", "amqp://host//", "amqp://host/.", "amqps://host:5672/v", "amqp://host:5671/v",
	"amqps://192.0.2.1/v", "amqp://guest:guest@broker.example/v", "amqp://u+x@h/v", "amqp://h:",
	"amqp://h:0/v", "amqp://:10000", "amqp://u@[fe80::1%25en0]/v", "amqp://u@b%C3%BCcher.example/v",
	"amqp://u@h/a@b", "amqp://u@h/v?cacertfile=x", "amqps://u@h/v?verify=verify_none",
	"amqps://u@h/v?fail_if_no_peer_cert=true", "amqps://u@h/v?certfile=a+b", "amqp://u@h/v?heartbeat=0",
	"amqp://u@h/v?nosuch=1", "amqp://u@h/v?auth_mechanism=x", "amqps://u@h/v?password=ab&cd",
	"amqp://u@b\xc3\xbccher.example/v",
}

// vocabulary returns the fixed text that findings are made of: codes,
// component names and messages, this package's and amqp's.
func vocabulary() (string, map[string]bool) {
	var b strings.Builder
	known := map[string]bool{}
	for code, ms := range lint.Messages {
		known[code] = true
		b.WriteString(code + "\n")
		for _, m := range ms {
			b.WriteString(m + "\n")
		}
	}
	for _, s := range amqpTriggers {
		for _, f := range amqp.Lint(s) {
			known[f.Code] = true
			b.WriteString(f.Code + "\n" + f.Message + "\n")
		}
	}
	for c := uri.ComponentScheme; c <= uri.ComponentFragment; c++ {
		b.WriteString(c.String() + "\n")
	}
	return b.String(), known
}

// rawPassword returns the text after the first ":" of the userinfo of s as
// Appendix B and the last "@" of the authority delimit it, if any.
func rawPassword(s string) string {
	i := strings.Index(s, "//")
	if i < 0 {
		return ""
	}
	a := s[i+2:]
	if n := strings.IndexAny(a, "/?#"); n >= 0 {
		a = a[:n]
	}
	at := strings.LastIndexByte(a, '@')
	if at < 0 {
		return ""
	}
	if c := strings.IndexByte(a[:at], ':'); c >= 0 {
		return a[c+1 : at]
	}
	return ""
}

// FuzzString checks String on any text: no panic, offsets within the text,
// the same findings on a second call, sorted, known codes with their fixed
// messages, no piece of the password in a finding, URI agreeing with
// String on text that parses, and Text's findings inside the text.
func FuzzString(f *testing.F) {
	for _, tt := range codeTests {
		for _, s := range tt.yes {
			f.Add(s)
		}
		for _, s := range tt.no {
			f.Add(s)
		}
	}
	for _, tt := range leakTests {
		f.Add(tt.in)
	}
	for _, s := range amqpTriggers {
		f.Add(s)
	}
	f.Add("see http://u:p@h:25/a%00 and <http://exa\n mple.com/%2e%2e/> www.example.com:25/")
	// The delimiters of the newer codes: an "@" after the host, a header
	// split, invisible characters, IRIs, script schemes, no "//".
	for _, s := range []string{
		"http://evil.example#@good.example/", "http://e?x@127.1:80/", "http://127.1@e/", "http://h/?a=%0D%0A%0DSet-Cookie%3Ax",
		"http://h/?a=%0A%0Aa", "http://h/%E2%80%8B%EF%BB%BF%C2%AD", "http://\u0430pple.com/\u00fc?\u00e4#%0AX:",
		"http://u:p@\u4f8b\u3048\u3002jp:25/..", "http://goo\u200bgle.com/", "javascript:x", "data:text/html,x", "https:evil.example",
		"http://[2002:7f00:1::1]/", "http://xn--a.com/", "ssh://h/r", "http://%6c%6f/",
		// IRIs in running text, which Text finds (RFC 3987 2.2).
		"see http://\u0430pple.com/ and <http://b\u00fccher.test/\n a:25/%00> \u201chttp://\u00fc:p@\u4f8b.jp/\u201d",
		"http://a/\u00e9-\n\u00e9%00 http://a/\u00e9\u202e\xff http://\u4f8b\u3048.jp:25/\u3002",
	} {
		f.Add(s)
	}
	vocab, known := vocabulary()
	severities := map[string]scheme.Severity{}
	for _, r := range lint.Rules() {
		severities[r.Code] = r.Severity
	}
	f.Fuzz(func(t *testing.T, s string) {
		fs := lint.String(s)
		if again := lint.String(s); !slices.Equal(fs, again) {
			t.Fatalf("String(%q) differs between two calls:\n%v\n%v", s, fs, again)
		}
		for i, x := range fs {
			if x.Offset < 0 || x.Offset > len(s) {
				t.Errorf("String(%q): %s at %d, outside the text", s, x.Code, x.Offset)
			}
			if i > 0 && (fs[i-1].Offset > x.Offset || fs[i-1].Offset == x.Offset && fs[i-1].Code > x.Code) {
				t.Errorf("String(%q) is not sorted: %v before %v", s, fs[i-1], x)
			}
			if !known[x.Code] {
				t.Errorf("String(%q): unknown code %q", s, x.Code)
			}
			if ms, ok := lint.Messages[x.Code]; ok && !slices.Contains(ms, x.Message) {
				t.Errorf("String(%q): %s with the message %q, not one of its own", s, x.Code, x.Message)
			}
			if sev, ok := severities[x.Code]; ok && x.Severity != sev {
				t.Errorf("String(%q): %s with the severity %v, not its own %v", s, x.Code, x.Severity, sev)
			}
			if x.Component < uri.ComponentScheme || x.Component > uri.ComponentFragment {
				t.Errorf("String(%q): %s in component %v", s, x.Code, x.Component)
			}
			if us := userinfoSpan(s); x.Component == uri.ComponentUserinfo && us >= 0 && x.Offset != us {
				t.Errorf("String(%q): %s at %d, not at the userinfo's first byte %d", s, x.Code, x.Offset, us)
			}
		}
		for _, pw := range []string{rawPassword(s), passwordOf(s)} {
			for _, p := range pieces(pw) {
				if strings.Contains(vocab, p) {
					continue
				}
				for _, x := range fs {
					if strings.Contains(x.Code, p) || strings.Contains(x.Message, p) {
						t.Errorf("String(%q): %v holds %q, a piece of the password", s, x, p)
					}
				}
			}
		}
		if u, err := uri.Parse(s); err == nil {
			if got := lint.URI(u); !slices.Equal(got, fs) {
				t.Errorf("URI(%q) = %v, String gives %v", s, got, fs)
			}
		}
		var tfs []lint.TextFinding
		for x := range lint.Text(s, uri.ExtractOptions{Suffix: true}) {
			tfs = append(tfs, x)
			checkPlace(t, s, x)
		}
		var again []lint.TextFinding
		for x := range lint.Text(s, uri.ExtractOptions{Suffix: true}) {
			again = append(again, x)
		}
		if !slices.Equal(tfs, again) {
			t.Errorf("Text(%q) differs between two calls", s)
		}
	})
}

// passwordOf returns the decoded password of s, if it parses.
func passwordOf(s string) string {
	u, err := uri.Parse(s)
	if err != nil {
		return ""
	}
	p, _ := u.Password()
	return p
}

// userinfoSpan returns the offset of the userinfo of s, read as a URI or
// as the IRI it maps to (whose userinfo starts at the same byte: only
// ASCII comes before it), or -1 for text that is neither.
func userinfoSpan(s string) int {
	r, err := uri.ParseReference(s)
	if err != nil {
		if r, err = uri.FromIRI(s); err != nil {
			return -1
		}
	}
	if start, _, ok := r.Span(uri.ComponentUserinfo); ok {
		return start
	}
	return -1
}
