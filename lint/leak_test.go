package lint_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/urikit/urikit/lint"
	"github.com/urikit/urikit/uri"
)

// leakTests are URIs (and text that does not parse) with passwords, each
// made to draw findings: the password must never show in one.
var leakTests = []struct{ in, password string }{
	{"ftp://user:Zq7xK9pW@host.example/", "Zq7xK9pW"},
	{"http://trusted.com:Vb3nM8qR@evil.example/", "Vb3nM8qR"},
	{"http://u:Hj4kL2%00mN@h/", "Hj4kL2%00mN"},
	{"http://u:Tr5%0D%0AyU@h/", "Tr5%0D%0AyU"},
	{"http://u:Qw%E2%80%AEer9@h/", "Qw%E2%80%AEer9"},
	{"http://u:Pl0kMnJi@0x7f.1:25/", "Pl0kMnJi"},
	{"http://u:Xc6vBn7m@[fe80::1%25en0]:80/", "Xc6vBn7m"},
	{"http://u:Gf5dSa4q@[fe80::1%en0]/", "Gf5dSa4q"},
	{"http://u:Ok9iJu8y@h/a b", "Ok9iJu8y"},
	{"http://u:Ws2eRd3f tGy@h/", "Ws2eRd3f tGy"},
	{"http://u:Lk8jHg7f@h:99999/", "Lk8jHg7f"},
	{"foo://u:Mn5bVc4x@h/%2E%2E/", "Mn5bVc4x"},
	{"http://u:Yt6rEw5q@xn--pple-43d.com/", "Yt6rEw5q"},
	{"http://u:Aq1sWd2e@[2001:DB8::1]/", "Aq1sWd2e"},
	{"http://u:Rf4tGy5h@[::ffff:127.0.0.1]/", "Rf4tGy5h"},
	{"amqp://u:Uj7iKo8l@broker.example/", "Uj7iKo8l"},
	{"amqps://guest:Zx3cVb4n@10.0.0.1:5672/?verify=verify_none", "Zx3cVb4n"},
	{"amqp://u:Pq9wEr0t@h/v?password=Pq9wEr0t&x", "Pq9wEr0t"},
	{"amqps://u:Ik8uJy7h@[fe80::1%25en0]/v", "Ik8uJy7h"},
	{"amqp://u:Bg6vFc5d@h/%2F?heartbeat=0&nosuchparam=1", "Bg6vFc5d"},
	{"http://u:%41%42%43Dqzv9@h/", "%41%42%43Dqzv9"},
	{"http://u:Cd4%3AeF5g@h/", "Cd4%3AeF5g"},
	{"http://u:Nh7mJu8k:with:colons@h/", "Nh7mJu8k:with:colons"},
	{"http://www.bank.example:Sw3dE4rf@evil.example/", "Sw3dE4rf"},
	{"ftp://cnn.example.com&story=x:Kl9oP0iu@10.0.0.1/top_story.htm", "Kl9oP0iu"},
	{"http://u:Fr4tG5yh@%31%32%37.0.0.1/", "Fr4tG5yh"},
	{"http://u:Vg7bH8nj@a%3A80/", "Vg7bH8nj"},
	{"file://u:Hy6uJ7ik@h/c:/aux.txt", "Hy6uJ7ik"},
	{"ws://u:Qa2zWs3x@h:443/", "Qa2zWs3x"},
	{"http://u:Ed5rFt6g@h/%252e%252e/../x%5C", "Ed5rFt6g"},
	{"http://u:Mj8nHb7g@h:80/", "Mj8nHb7g"},
	{"http://u:Tg5yHu6j@h/?%0a#%00", "Tg5yHu6j"},
	{"http://u:Wx1cEv2b@h:8a/", "Wx1cEv2b"},
	{"x://u:Ol0pKi9j@", "Ol0pKi9j"},
	{"http://u:Dc3vFr4t@[::1/", "Dc3vFr4t"},
	{"http://U:Xs2dCf3v@H/%ZZ", "Xs2dCf3v"},
}

// pieces returns the 4-byte pieces of s and of its percent-decoding.
func pieces(s string) []string {
	var p []string
	for _, t := range []string{s, decode(s)} {
		for i := 0; i+4 <= len(t); i++ {
			p = append(p, t[i:i+4])
		}
	}
	return p
}

func decode(s string) string {
	d, err := uri.Unescape(s, uri.ComponentUserinfo)
	if err != nil {
		return s
	}
	return d
}

func TestLeak(t *testing.T) {
	if len(leakTests) < 30 {
		t.Fatalf("%d leak tests, want 30 or more", len(leakTests))
	}
	for _, tt := range leakTests {
		if !strings.Contains(tt.in, tt.password) {
			t.Fatalf("test %q does not hold its password %q", tt.in, tt.password)
		}
		fs := lint.String(tt.in)
		if len(fs) == 0 {
			t.Errorf("String(%q) has no finding; the test checks nothing", tt.in)
		}
		var texts []string
		for _, f := range fs {
			j, err := json.Marshal(f)
			if err != nil {
				t.Fatal(err)
			}
			texts = append(texts, f.Code, f.Component.String(), f.Message, f.String(), string(j))
		}
		all, err := json.Marshal(fs)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(all))
		// The same URI in running text, through Text.
		for tf := range lint.Text("see "+tt.in+" now", uri.ExtractOptions{}) {
			j, err := json.Marshal(tf)
			if err != nil {
				t.Fatal(err)
			}
			texts = append(texts, string(j))
		}
		for _, p := range pieces(tt.password) {
			for _, x := range texts {
				if strings.Contains(x, p) {
					t.Errorf("String(%q): %q holds %q, a piece of the password", tt.in, x, p)
				}
			}
		}
		for _, f := range fs {
			if f.Component == uri.ComponentUserinfo {
				if u := userinfoStart(tt.in); u >= 0 && f.Offset != u {
					t.Errorf("String(%q): %s at %d, want the userinfo's start %d", tt.in, f.Code, f.Offset, u)
				}
			}
		}
		if !hasCode(fs, lint.CodePasswordPresent) {
			t.Errorf("String(%q) = %v, want password-present", tt.in, codes(fs))
		}
	}
}

// userinfoStart returns the offset after "//", where the userinfo starts.
func userinfoStart(s string) int {
	i := strings.Index(s, "//")
	if i < 0 {
		return -1
	}
	return i + 2
}

func hasCode(fs []lint.Finding, code string) bool {
	for _, f := range fs {
		if f.Code == code {
			return true
		}
	}
	return false
}

// Every finding's message is one of its code's fixed messages (the
// findings of package amqp carry amqp's).
func TestFixedMessages(t *testing.T) {
	for _, tt := range codeTests {
		for _, in := range append(append([]string{}, tt.yes...), tt.no...) {
			for _, f := range lint.String(in) {
				if m, ok := lint.Messages[f.Code]; ok && !contains(m, f.Message) {
					t.Errorf("String(%q): %s has the message %q, not one of its fixed messages", in, f.Code, f.Message)
				}
			}
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
