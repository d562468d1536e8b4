package uri_test

import (
	"strings"
	"testing"

	"github.com/urikit/urikit/uri"
)

var redactTests = []struct {
	in, want string
}{
	{"http://u:hunter2@h/", "http://u:xxxxx@h/"},
	{"http://u:p'w@h/", "http://u:xxxxx@h/"},
	{"http://[::1]:SEKRIT@h/", "http://[::1]:xxxxx@h/"},
	{"http://[v1.a:b]:SEKRIT@h/", "http://[v1.a:b]:xxxxx@h/"},
	{"http://[::1]/a@b", "http://[::1]/a@b"},
	{"http://a/?next=ftp://u:p'w@h/", "http://a/?next=ftp:xxxxx@h/"},
	{"see 'http://u:pw@h/x' there", "see 'http://u:xxxxx@h/x' there"},
	{"http://u@h/", "http://u@h/"},
	{"http://u:@h/", "http://u:@h/"},
	{"http://h/", "http://h/"},
	{"", ""},
	{"jdbc:mysql://root:hunter2@db/x", "jdbc:mysql:xxxxx@db/x"},
	{"amqp://u:p//a:b@h", "amqp://u:xxxxx@h"},
	{"http:/u:p//a:b@h", "http:/u:xxxxx@h"},
	{"http://a/?next=ftp://u:hunter2@h/", "http://a/?next=ftp:xxxxx@h/"},
	{"http:/user:hunter2@h/ x", "http:/user:xxxxx@h/ x"},
	{`http:\\user:hunter2@h/`, `http:\\user:xxxxx@h/`},
	{"redis:u:hunter2@h", "redis:u:xxxxx@h"},
	{"amqp://u:pa#ss@host/v", "amqp://u:xxxxx@host/v"},
	{"amqp://u:pa/ss@host/v", "amqp://u:xxxxx@host/v"},
	{"amqp://u:pa?ss@host/v", "amqp://u:xxxxx@host/v"},
	{"amqp://u:p@ss@host/v", "amqp://u:xxxxx@host/v"},
	{"amqp://u:pa:ss@host/v", "amqp://u:xxxxx@host/v"},
	{"postgres://user:12#34@host/db", "postgres://user:xxxxx@host/db"},
	{"a amqp://u:p1@h1 and amqp://v:p2@h2.", "a amqp://u:xxxxx@h1 and amqp://v:xxxxx@h2."},
	{`url="https://u:s3cr3t@h/" x`, `url="https://u:xxxxx@h/" x`},
	{"<http://u:s3cr3t@h/>", "<http://u:xxxxx@h/>"},
	{"time: 12:30 @home", "time: 12:30 @home"},
	{"mailto:joe@example.com", "mailto:joe@example.com"},
	{"//u:s3cr3t@h", "//u:xxxxx@h"},
	{"http://h:80/a@b", "http://h:xxxxx@b"},
	{"::::@", "::::@"},
	{"amqp://[::1]:5672/a@b", "amqp://[::1]:5672/a@b"},
	{"http://[::1]/?next=ftp://u:s3cr3t@h", "http://[::1]/?next=ftp://u:xxxxx@h"},
	{"x://[::1:u:s3cr3t@h", "x://[:xxxxx@h"},
	{"x:" + strings.Repeat("a:", 1000) + "@", "x:a:xxxxx@"},
}

func TestRedact(t *testing.T) {
	for _, tt := range redactTests {
		if got := uri.Redact(tt.in); got != tt.want {
			t.Errorf("Redact(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	// A valid URI with a password redacts like its Redacted method.
	for _, s := range []string{"http://u:pw@h/p?q#f", "ftp://anonymous:guest@ftp.example.org/", "foo://:x@"} {
		if got, want := uri.Redact(s), uri.MustParse(s).Redacted(); got != want {
			t.Errorf("Redact(%q) = %q, Redacted() = %q", s, got, want)
		}
	}
}

func TestRedactAllocs(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() { sinkInt = len(uri.Redact("http://user@h/a:b c@d")) }); n != 0 {
		t.Errorf("Redact with nothing to mask: %v allocations, want 0", n)
	}
}

// FuzzRedact: the mask never leaves the password of a "user:password@"
// authority, inserted anywhere in text, in the output.
func FuzzRedact(f *testing.F) {
	for _, tt := range redactTests {
		f.Add(tt.in, "s3cr3t")
	}
	f.Fuzz(func(t *testing.T, text, pw string) {
		out := uri.Redact(text)
		if out == text && strings.Contains(text, "xxxxx") {
			return
		}
		// Idempotent.
		if again := uri.Redact(out); again != out {
			t.Fatalf("Redact(Redact(%q)) = %q, want %q", text, again, out)
		}
		// A password the doc says Redact cannot find: one with a byte that
		// ends a word, or an "@" (the last "@" ends the userinfo).
		if pw == "" || strings.ContainsAny(pw, " \"<>`@") {
			return
		}
		for _, b := range []byte(pw) {
			if b < ' ' || b >= 0x7f {
				return
			}
		}
		in := text + " amqp://user:" + pw + "@host/v " + text
		if out := uri.Redact(in); !strings.Contains(out, " amqp://user:xxxxx@host/v ") {
			t.Fatalf("Redact(%q) = %q does not mask the password of the inserted URI", in, out)
		}
	})
}
