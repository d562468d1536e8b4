package uri_test

import (
	"strings"
	"testing"

	"github.com/urikit/urikit/uri"
)

// structuralTests are valid references: the mask changes a secret's bytes
// and nothing else.
var structuralTests = []struct {
	in, want string
}{
	{"http://u:hunter2@h/", "http://u:xxxxx@h/"},
	{"http://u:p'w@h/", "http://u:xxxxx@h/"},
	{"http://u@h/", "http://u@h/"},
	{"http://u:@h/", "http://u:@h/"},
	{"http://h/", "http://h/"},
	{"", ""},
	{"//u:s3cr3t@h", "//u:xxxxx@h"},
	{"mailto:joe@example.com", "mailto:joe@example.com"},
	// What only looks like a password cut short is shown as it parses.
	{"http://localhost:4873/@types/node", "http://localhost:4873/@types/node"},
	{"http://h:80/x@y/../z", "http://h:80/x@y/../z"},
	{"http://h:80/a@b", "http://h:80/a@b"},
	{"file:///home/ana/meeting%2010:30@office.txt", "file:///home/ana/meeting%2010:30@office.txt"},
	{"http://h/#/user/:id@2x", "http://h/#/user/:id@2x"},
	{"http://a/b:c/d@foo.com/", "http://a/b:c/d@foo.com/"},
	{"http://u:1234#abc@h/", "http://u:1234#abc@h/"},
	{"postgres://user:12#34@host/db", "postgres://user:12#34@host/db"},
	{"amqp://h:5672/v@x", "amqp://h:5672/v@x"},
	{"amqp://[::1]:5672/a@b", "amqp://[::1]:5672/a@b"},
	{"http://[::1]/a@b", "http://[::1]/a@b"},
	{"http:/u:p//a:b@h", "http:/u:p//a:b@h"},
	{"amqp://u:pa:ss@host/v", "amqp://u:xxxxx@host/v"},
	// Credential keys in the query and the fragment, in any case, encoded.
	{"https://h/?password=s#frag", "https://h/?password=xxxxx#frag"},
	{"https://h/?Password=a&PASSWORD=b&pwd=c&passwd=d", "https://h/?Password=xxxxx&PASSWORD=xxxxx&pwd=xxxxx&passwd=xxxxx"},
	{"https://h/?access_token=e&X-Amz-Signature=f&q=1", "https://h/?access_token=xxxxx&X-Amz-Signature=xxxxx&q=1"},
	{"https://h/?pass%77ord=x&password=&token", "https://h/?pass%77ord=xxxxx&password=&token"},
	{"https://h/cb#access_token=a&token_type=bearer", "https://h/cb#access_token=xxxxx&token_type=bearer"},
	{"https://h/#/cb?id_token=a&state=s", "https://h/#/cb?id_token=xxxxx&state=s"},
	{"https://s.example/o?AWSAccessKeyId=A&Signature=B&Expires=1", "https://s.example/o?AWSAccessKeyId=xxxxx&Signature=xxxxx&Expires=1"},
	// A token as the user name.
	{"https://ghp_0123456789abcdefghij0123456789abcdef@github.com/o/r.git", "https://xxxxx@github.com/o/r.git"},
	{"https://glpat-abcdefghij0123456789:x-oauth@gitlab.com/", "https://xxxxx:xxxxx@gitlab.com/"},
	{"https://git@github.com/o/r.git", "https://git@github.com/o/r.git"},
	// Nested URIs, written or encoded.
	{"http://a/?next=ftp://u:p'w@h/", "http://a/?next=ftp://u:xxxxx@h/"},
	{"http://[::1]/?next=ftp://u:s3cr3t@h", "http://[::1]/?next=ftp://u:xxxxx@h"},
	{"https://ci/?next=postgres://app:pw", "https://ci/?next=postgres://app:xxxxx"},
	{"https://h/?next=https%3A%2F%2Fu%3Apw%40h%2F&x=1", "https://h/?next=https%3A%2F%2Fu%3Axxxxx%40h%2F&x=1"},
	{"https://h/?next=%2Flogin%3Fpassword%3Dabc", "https://h/?next=%2Flogin%3Fpassword%3Dxxxxx"},
	{"https://h/?u=https%253A%252F%252Fa%253Ab%2540h", "https://h/?u=https%253A%252F%252Fa%253Axxxxx%2540h"},
	{"https://h/?next=https%3A%2F%2Fexample.com%2F", "https://h/?next=https%3A%2F%2Fexample.com%2F"},
	// Path parameters, and a relative path that is a connection string.
	{"Password=pw;Server=h", "Password=xxxxx;Server=h"},
	{"http://h/db;password=pw;x=1/y", "http://h/db;password=xxxxx;x=1/y"},
	{"http://h/a=b/password=c", "http://h/a=b/password=c"},
	{"https://h/api?a=1;password=pw", "https://h/api?a=1;password=xxxxx"},
	{"https://h/#x;token=tk", "https://h/#x;token=xxxxx"},
	// Nested values whose decoding holds a stray "%".
	{"https://h/?e=a@b.example%25", "https://h/?e=a@b.example%25"},
	{"?=@%25", "?=@%25"},
}

// textTests do not parse: the text rules apply.
var textTests = []struct {
	in, want string
}{
	{"http://[::1]:SEKRIT@h/", "http://[::1]:xxxxx@h/"},
	{"http://[v1.a:b]:SEKRIT@h/", "http://[v1.a:b]:xxxxx@h/"},
	{"see 'http://u:pw@h/x' there", "see 'http://u:xxxxx@h/x' there"},
	{"amqp://u:p//a:b@h", "amqp://u:xxxxx@h"},
	{"http:/user:hunter2@h/ x", "http:/user:xxxxx@h/ x"},
	{`http:\\user:hunter2@h/`, `http:\\user:xxxxx@h/`},
	{"amqp://u:pa#ss@host/v", "amqp://u:xxxxx@host/v"},
	{"amqp://u:pa/ss@host/v", "amqp://u:xxxxx@host/v"},
	{"amqp://u:pa?ss@host/v", "amqp://u:xxxxx@host/v"},
	{"amqp://u:p@ss@host/v", "amqp://u:xxxxx@host/v"},
	{"a amqp://u:p1@h1 and amqp://v:p2@h2.", "a amqp://u:xxxxx@h1 and amqp://v:xxxxx@h2."},
	{"a=http://u:p@h,b=ftp://v:q@g", "a=http://u:xxxxx@h,b=ftp://v:xxxxx@g"},
	{`url="https://u:s3cr3t@h/" x`, `url="https://u:xxxxx@h/" x`},
	{"<http://u:s3cr3t@h/>", "<http://u:xxxxx@h/>"},
	{"time: 12:30 @home", "time: 12:30 @home"},
	{"::::@", "::::@"},
	{"x://[::1:u:s3cr3t@h", "x://[:xxxxx@h"},
	{"jdbc:mysql://root:hunter2@db/x y", "jdbc:mysql://root:xxxxx@db/x y"},
	{"redis:u:hunter2@h x", "redis:u:xxxxx@h x"},
	{"GET http://localhost:4873/@types/node 200", "GET http://localhost:4873/@types/node 200"},
	// A password with no @host, or cut by a space.
	{"see postgres://app:s3cret and more", "see postgres://app:xxxxx and more"},
	{"http://u:pa ss@h/", "http://u:xxxxx@h/"},
	{"connect http://h:8080 now", "connect http://h:8080 now"},
	// Credential keys in any key=value text.
	{"Server=h; Password=pw;Database=x y", "Server=h; Password=xxxxx y"},
	{"dsn=postgres://app:s3cret@db/x", "dsn=postgres://app:xxxxx@db/x"},
	{"GET /cb?access_token=abc HTTP/1.1", "GET /cb?access_token=xxxxx HTTP/1.1"},
	{"run --password=pw --user=u", "run --password=xxxxx --user=u"},
	{"https://ghp_0123456789abcdefghij0123456789abcdef@github.com/ x", "https://xxxxx@github.com/ x"},
	{"x:" + strings.Repeat("a:", 1000) + "@ ", "x:a:xxxxx@ "},
}

func TestRedact(t *testing.T) {
	for _, tt := range structuralTests {
		if _, err := uri.ParseReference(tt.in); err != nil {
			t.Errorf("structural case %q does not parse: %v", tt.in, err)
		}
		if got := uri.Redact(tt.in); got != tt.want {
			t.Errorf("Redact(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got := uri.MustParseReference(tt.in).Redacted(); got != tt.want {
			t.Errorf("Redacted(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	for _, tt := range textTests {
		if _, err := uri.ParseReference(tt.in); err == nil {
			t.Errorf("text case %q parses", tt.in)
		}
		if got := uri.Redact(tt.in); got != tt.want {
			t.Errorf("Redact(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSecretKeys(t *testing.T) {
	for _, k := range uri.SecretKeys() {
		if !uri.IsSecretKey(k) || !uri.IsSecretKey(strings.ToUpper(k)) {
			t.Errorf("IsSecretKey(%q) is false", k)
		}
	}
	for _, k := range []string{"", "q", "user", "passwordx", "key", "%70assword%", "pass%2"} {
		if uri.IsSecretKey(k) {
			t.Errorf("IsSecretKey(%q) is true", k)
		}
	}
	if !uri.IsSecretKey("%70%61%73%73%77%6F%72%64") {
		t.Error("IsSecretKey of password written in triplets is false")
	}
}

func TestRedactAllocs(t *testing.T) {
	for _, s := range []string{
		"http://user@h/a:b?c=d&e#f", "https://h/?next=https%3A%2F%2Fexample.com%2F", "https://h/?next=https://example.com/x",
		"http://u:pw@h/", // the mask itself allocates once
	} {
		want := 0.0
		if strings.Contains(s, "pw") {
			want = 1
		}
		if n := testing.AllocsPerRun(100, func() { sinkInt = len(uri.Redact(s)) }); n != want {
			t.Errorf("Redact(%q): %v allocations, want %v", s, n, want)
		}
		r := uri.MustParseReference(s)
		if n := testing.AllocsPerRun(100, func() { sinkInt = len(r.Redacted()) }); n != want {
			t.Errorf("Redacted(%q): %v allocations, want %v", s, n, want)
		}
		var buf [4][2]int
		if n := testing.AllocsPerRun(100, func() { sinkInt = len(r.AppendSecrets(buf[:0], nil)) }); n != 0 {
			t.Errorf("AppendSecrets(%q): %v allocations, want 0", s, n)
		}
	}
}

// FuzzRedact: the mask of a reference is idempotent, and the mask of any
// text never leaves the password of a "user:password@" authority
// inserted anywhere in it.
func FuzzRedact(f *testing.F) {
	for _, tt := range structuralTests {
		f.Add(tt.in, "s3cr3t")
	}
	for _, tt := range textTests {
		f.Add(tt.in, "s3cr3t")
	}
	f.Fuzz(func(t *testing.T, text, pw string) {
		out := uri.Redact(text)
		// Structural masking is idempotent; the text rules, which err
		// towards masking, may mask more of their own output, whose
		// masks move the "@" and ":" they read.
		if _, err := uri.ParseReference(text); err == nil {
			if again := uri.Redact(out); again != out && !strings.Contains(text, "xxxxx") {
				t.Fatalf("Redact(Redact(%q)) = %q, want %q", text, again, out)
			}
		}
		// The structure of the masked text is checked, with the
		// schemes' rules, by package scheme's FuzzRedactStructure and
		// TestRedactCorpus.
		// A password the doc says Redact cannot find: one with a byte that
		// ends a word, or an "@" (the last "@" ends the userinfo).
		if pw == "" || strings.ContainsAny(pw, " \"<>`@") || strings.Contains(pw, "//") {
			// ... or a "//", which starts an authority.
			return
		}
		for _, b := range []byte(pw) {
			if b < ' ' || b >= 0x7f {
				return
			}
		}
		ins := "amqp://user:" + pw + "@host/v"
		if r, err := uri.ParseReference(ins); err == nil {
			if _, p, _ := strings.Cut(r.Userinfo(), ":"); p != pw {
				// A URI whose userinfo does not hold pw ("user:0#@host"
				// has the port 0 and the fragment "@host/v"): the text
				// rules read it as it parses.
				return
			}
		}
		in := text + " " + ins + " " + text
		if out := uri.Redact(in); !strings.Contains(out, " amqp://user:xxxxx@host/v ") {
			t.Fatalf("Redact(%q) = %q does not mask the password of the inserted URI", in, out)
		}
	})
}
