package amqp_test

import (
	"strings"
	"testing"

	"github.com/urikit/urikit/scheme/amqp"
)

// TestRedactCutPassphrase: a pair without "=" right after the "password"
// parameter may be the rest of a passphrase that an unencoded "&" cut, so
// the mask runs to the end of the query; in one URI white space does not
// end the value either.
func TestRedactCutPassphrase(t *testing.T) {
	tests := []struct{ in, want string }{
		{"amqp://u:p'w@h/", "amqp://u:xxxxx@h/"},
		{" amqp://user:pa ss@host", " amqp://user:xxxxx@host"},
		{"\tamqps://u:p#1 2@h/v", "\tamqps://u:xxxxx@h/v"},
		{"see 'amqp://u:pw@h/' here", "see 'amqp://u:xxxxx@h/' here"},
		{"amqps://h?password=ab&cd&x=1", "amqps://h?password=xxxxx"},
		{"amqps://h?pass%77ord=ab&cd", "amqps://h?pass%77ord=xxxxx"},
		{"amqps://h?password=ab&&x=1", "amqps://h?password=xxxxx"},
		{"amqps://h?password=ab&", "amqps://h?password=xxxxx"},
		{"amqps://h?password=&cd", "amqps://h?password=xxxxx"},
		{"amqps://h?password=ab&x=1&cd", "amqps://h?password=xxxxx&x=1&cd"},
		{"amqps://h?heartbeat=5&password=ab&x=cd", "amqps://h?heartbeat=5&password=xxxxx&x=cd"},
		{"amqps://u:p@h?password=ab&cd@x", "amqps://u:xxxxx"},
		// Each reading's secret is masked: a password that holds
		// "&password=" or a "?", and one cut by "/" before a "?"; the
		// passphrase "x@h" of the other reading takes the host along.
		{"amqp://u:SECRETPW&password=x@h", "amqp://u:xxxxx"},
		{"amqp://u:S3CRET?password=x@h", "amqp://u:xxxxx"},
		{"amqp://u:S3CRET/?password=x@h", "amqp://u:xxxxx"},
		{"amqpx://u:SECRET&password=x@h", "amqpx://u:xxxxx"},
		{"amqp://h/x&password=abc", "amqp://h/x&password=xxxxx"},
	}
	for _, tt := range tests {
		if got := amqp.Redact(tt.in); got != tt.want {
			t.Errorf("Redact(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if u, err := amqp.Parse(tt.in); err == nil && u.String() != tt.want {
			t.Errorf("Parse(%q).String() = %q, want %q", tt.in, u.String(), tt.want)
		}
	}
	for in, want := range map[string]string{
		// Text that does not parse, taken as one URI.
		"amqps://h?password=ab cd&x=1": "amqps://h?password=xxxxx&x=1",
		"amqps://h?password=ab&cd ef":  "amqps://h?password=xxxxx",
		// Running text: the mask stops at the end of the word.
		"dial amqps://h?password=ab&cd now": "dial amqps://h?password=xxxxx now",
	} {
		if got := amqp.Redact(in); got != want {
			t.Errorf("Redact(%q) = %q, want %q", in, got, want)
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
		for start, end := range amqp.RedactSpans(s) {
			if start <= last || start >= end {
				t.Errorf("RedactSpans(%q): span [%d, %d) after %d", s, start, end, last)
			}
			b.WriteString(s[done:start] + "xxxxx")
			done, last = end, end
		}
		b.WriteString(s[done:])
		if got, want := b.String(), amqp.Redact(s); got != want {
			t.Errorf("RedactSpans(%q) applied = %q, Redact = %q", s, got, want)
		}
	}
}
