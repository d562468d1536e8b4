package amqp_test

import (
	"strings"
	"testing"

	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/scheme/amqp"
)

// TestRedactCutPassphrase: an amqp URI that parses is masked as it
// parses, the passphrase to its "&" (the lint password-param-cut reports a
// piece without "=" after it); a "#" after the last pair's passphrase is
// part of it, since the spec's grammar has no fragment. Text that does not
// parse gets the text rules.
func TestRedactCutPassphrase(t *testing.T) {
	tests := []struct{ in, want string }{
		{"amqp://u:p'w@h/", "amqp://u:xxxxx@h/"},
		{"amqps://h?password=ab&cd&x=1", "amqps://h?password=xxxxx&cd&x=1"},
		{"amqps://h?pass%77ord=ab&cd", "amqps://h?pass%77ord=xxxxx&cd"},
		{"amqps://h?password=ab&", "amqps://h?password=xxxxx&"},
		{"amqps://h?password=&cd", "amqps://h?password=&cd"},
		{"amqps://h?password=ab&x=1&cd", "amqps://h?password=xxxxx&x=1&cd"},
		{"amqps://h?heartbeat=5&password=ab&x=cd", "amqps://h?heartbeat=5&password=xxxxx&x=cd"},
		{"amqps://h?heartbeat=5&password=ab#cd", "amqps://h?heartbeat=5&password=xxxxx"},
		{"amqps://h?password=#cd", "amqps://h?password=xxxxx"},
		{"amqps://u:p@h?password=ab&cd@x", "amqps://u:xxxxx@h?password=xxxxx&cd@x"},
		{"amqp://u:SECRETPW&password=x@h", "amqp://u:xxxxx@h"},
		{"amqp://u:S3CRET?password=x@h", "amqp://u:xxxxx"},
		{"amqp://h/x&password=abc", "amqp://h/x&password=abc"},
		{"amqp://h/v?token=abc&sig=d", "amqp://h/v?token=xxxxx&sig=xxxxx"},
		// Text that does not parse.
		{" amqp://user:pa ss@host", " amqp://user:xxxxx@host"},
		{"\tamqps://u:p#1 2@h/v", "\tamqps://u:xxxxx@h/v"},
		{"see 'amqp://u:pw@h/' here", "see 'amqp://u:xxxxx@h/' here"},
		{"amqpx://u:SECRET&password=x@h", "amqpx://u:xxxxx@h"},
		{"amqps://h?password=ab cd&x=1", "amqps://h?password=xxxxx cd&x=1"},
		{"dial amqps://h?password=ab&cd now", "dial amqps://h?password=xxxxx&cd now"},
	}
	for _, tt := range tests {
		if got := scheme.Redact(tt.in); got != tt.want {
			t.Errorf("Redact(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if u, err := amqp.Parse(tt.in); err == nil && u.String() != tt.want {
			t.Errorf("Parse(%q).String() = %q, want %q", tt.in, u.String(), tt.want)
		}
	}
}

// TestRedactSpans: the spans, in order and apart, replaced by "xxxxx",
// give Redact's text.
func TestRedactSpans(t *testing.T) {
	for _, s := range []string{
		"", "amqp://h", "amqp://u:p@h", " amqp://user:pa ss@host", "amqp://u:SECRETPW&password=x@h",
		"amqps://u:p@h?password=a@b", "see amqp://u:pw@h and http://x:y@z?password=k here",
		"amqps://u:p@[::1]/v?password=s&x=1", "amqp://h/x&password=abc",
	} {
		var b strings.Builder
		done, last := 0, -1
		for start, end := range scheme.RedactSpans(s) {
			if start <= last || start >= end {
				t.Errorf("RedactSpans(%q): span [%d, %d) after %d", s, start, end, last)
			}
			b.WriteString(s[done:start] + "xxxxx")
			done, last = end, end
		}
		b.WriteString(s[done:])
		if got, want := b.String(), scheme.Redact(s); got != want {
			t.Errorf("RedactSpans(%q) applied = %q, Redact = %q", s, got, want)
		}
	}
}
