package scheme_test

import (
	"iter"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/testload"
	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/uri"
)

var schemeRedactTests = []struct{ in, want string }{
	// A URI with a userinfo as the whole query or fragment, no "=".
	{"https://h/#https://ana:pw123456@x/", "https://h/#https://ana:xxxxx@x/"},
	{"https://h/?https://ana:pw@x/&b", "https://h/?https://ana:xxxxx@x/&b"},
	// ... with a query of its own: "=" after the "@" makes no pair.
	{"https://h/#https://ana:pw12345@h/?a=1", "https://h/#https://ana:xxxxx@h/?a=1"},
	{"https://h/?https://ana:pw@h/?a=1&token=t", "https://h/?https://ana:xxxxx@h/?a=1&token=xxxxx"},
	{"https://h/?a=https://ana:pw@h/", "https://h/?a=https://ana:xxxxx@h/"},
	{"https://h/?x@y=1", "https://h/?x@y=1"},
	{"https://h/#mig,email:mig@example.com", "https://h/#mig,email:mig@example.com"},
	{"https://h/#ircs://irc.example:+6697/dev", "https://h/#ircs://irc.example:+6697/dev"},
	// Rule f: a DSN written without "//" under a scheme nobody registered.
	{"root:pw@tcp(db:3306)/app", "root:xxxxx@tcp(db:3306)/app"},
	{"user:pw@host/db", "user:xxxxx@host/db"},
	{"redis:u:hunter2@h", "redis:xxxxx@h"},
	{"x:" + strings.Repeat("a:", 100) + "@", "x:xxxxx@"},
	{"URL:http://u:pw@h/", "URL:http://u:xxxxx@h/"},
	{"view-source:https://u:pw@h/?token=t", "view-source:https://u:xxxxx@h/?token=xxxxx"},
	{"db:http://user:At@Sign9@host/", "db:http://user:xxxxx@host/"},
	{"db:amqp://user:AmqpCut#5678@host/v", "db:amqp://user:xxxxx@host/v"},
	{"view-source:http://host:port/path?q=1#top", "view-source:http://host:xxxxx?q=1#top"},
	{"URL:mailto:a:b?cc=c@d", "URL:mailto:a:xxxxx?cc=c@d"},
	{"x:u:pa ss@h", "x:u:xxxxx@h"},
	{"jdbc:db2://h:50000/db:password=pw;user=u;", "jdbc:db2://h:50000/db:password=xxxxx;user=u;"},
	{"jdbc:teradata://h/PASSWORD=pw,USER=u", "jdbc:teradata://h/PASSWORD=xxxxx,USER=u"},
	{"https://h/api??token=tk", "https://h/api??token=xxxxx"},
	{"Server=h; Password=my pass;Database=x", "Server=h; Password=xxxxx;Database=x"},
	{"note: see a@b", "note: see a@b"},
	{"https://h/?e=a@b.example%25", "https://h/?e=a@b.example%25"},
	{"http://h/#a=@%25", "http://h/#a=@%25"},
	{"mailto:joe:Rt6yUi8o@example.com", "mailto:joe:xxxxx@example.com"},
	// Registered schemes whose "@" is no password.
	{"mailto:joe@example.com", "mailto:joe@example.com"},
	{"tag:user@example.com,2004:x", "tag:user@example.com,2004:x"},
	{"xmpp:romeo@montague.net", "xmpp:romeo@montague.net"},
	{"sip:alice@atlanta.com", "sip:alice@atlanta.com"},
	// jdbc's hook.
	{"jdbc:sqlserver://h;user=u;password=pw;db=x", "jdbc:sqlserver://h;user=u;password=xxxxx;db=x"},
	{"jdbc:oracle:thin:scott/tiger@host:1521:orcl", "jdbc:oracle:thin:scott/xxxxx@host:1521:orcl"},
	{"jdbc:mysql://root:pw@db/x", "jdbc:mysql://root:xxxxx@db/x"},
	{"jdbc:postgresql://h/db?user=u&password=pw", "jdbc:postgresql://h/db?user=u&password=xxxxx"},
	{"jdbc:mysql:loadbalance://u:pw@h1/db", "jdbc:mysql:loadbalance://u:xxxxx@h1/db"},
	{"jdbc:postgresql://u:pw@h1:5432,h2:5432/db", "jdbc:postgresql://u:xxxxx@h1:5432,h2:5432/db"},
	{"jdbc:mysql://(host=db,password=pw)/x", "jdbc:mysql://(host=db,password=xxxxx)/x"},
	{"JDBC:ORACLE:THIN:scott/tiger@h:1521:x", "JDBC:ORACLE:THIN:scott/xxxxx@h:1521:x"},
	// sip's deprecated password.
	{"sip:alice:pw@atlanta.com", "sip:alice:xxxxx@atlanta.com"},
	// Nested values get the registry's rules.
	{"https://h/?dsn=jdbc:sqlserver://h;password=x&y=1", "https://h/?dsn=jdbc:sqlserver://h;password=xxxxx&y=1"},
	{"https://h/?x=user:pw@h", "https://h/?x=user:xxxxx@h"},
	// What only looks cut short is shown as it parses.
	{"http://localhost:4873/@types/node", "http://localhost:4873/@types/node"},
	{"https://h/?password=s#frag", "https://h/?password=xxxxx#frag"},
	{"http://u:1234#abc@h/", "http://u:1234#abc@h/"},
	// Text that does not parse: the text rules.
	{"http://u:pa ss@h/", "http://u:xxxxx@h/"},
	// A URI that its scheme's rules reject, with an "@" after the
	// authority: the text rules too.
	{"ftp:/user:s3cr3t@host/v", "ftp:/user:xxxxx@host/v"},
	{"http:user:pw@host", "http:user:xxxxx@host"},
	{"listen tcp: address http://u:pw@h:x: bad", "listen tcp: address http://u:xxxxx@h:x: bad"},
}

func TestRedact(t *testing.T) {
	for _, tt := range schemeRedactTests {
		if got := scheme.Redact(tt.in); got != tt.want {
			t.Errorf("Redact(%q) = %q, want %q", tt.in, got, tt.want)
		}
		var spans [][2]int
		for s, e := range scheme.RedactSpans(tt.in) {
			spans = append(spans, [2]int{s, e})
		}
		if got := uri.Mask(tt.in, spans); got != tt.want {
			t.Errorf("Mask(%q, RedactSpans) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestRedactAllocs(t *testing.T) {
	for _, s := range []string{"https://h/a?b=c#d", "mailto:joe@example.com", "https://h/?next=https%3A%2F%2Fexample.com%2F"} {
		if n := testing.AllocsPerRun(100, func() { sink = scheme.Redact(s) }); n != 0 {
			t.Errorf("Redact(%q): %v allocations, want 0", s, n)
		}
		var buf [4][2]int
		if n := testing.AllocsPerRun(100, func() { sinkInt = len(scheme.Default().AppendRedactSpans(buf[:0], s)) }); n != 0 {
			t.Errorf("AppendRedactSpans(%q): %v allocations, want 0", s, n)
		}
	}
}

var (
	sink    string
	sinkInt int
)

// corpusLines returns the references of the shared corpus (absolute.txt,
// amqp.txt and both columns of relative.tsv), nil when it is not beside
// the repository (testload.Shared fails the test under CI then).
func corpusLines(t *testing.T) []string {
	var lines []string
	for _, name := range []string{"absolute.txt", "amqp.txt", "relative.tsv"} {
		for _, l := range testload.Shared(t, name) {
			lines = append(lines, strings.Split(l, "\t")...)
		}
	}
	return lines
}

// plainSeeds are references with no "@" and no "=" whose schemes take
// every branch of the shortcut of appendRefSpans for plain text:
// registered with no hook, registered with a Secrets hook, unregistered
// (a rootless DSN or a nested URI), relative.
var plainSeeds = []string{
	"https://example.com/a/b?q#f",
	"http://h:8080/%40x",
	"amqp://u:p%40ss%3D@h/v",
	"amqps://h/v?cacertfile",
	"AMQP://h/v;x",
	"Sips://h;transport",
	"jdbc:mysql://h/db;password",
	"sip:alice;transport%3Dtcp",
	"db:http://user:pw",
	"redis://:pw",
	"view-source:http://u:p",
	"foo:user:pw",
	"//u:p",
	"a/b?c",
	"",
}

// checkPlainShortcut fails t when the spans of r differ with and without
// the shortcut for plain text.
func checkPlainShortcut(t *testing.T, r uri.Reference) {
	t.Helper()
	if with, without := scheme.ShortcutSpans(r); !slices.Equal(with, without) {
		t.Fatalf("spans of %q: %v with the shortcut for plain text, %v without", r, with, without)
	}
}

// TestPlainShortcut checks the shortcut for plain text over the seeds
// and the whole shared corpus.
func TestPlainShortcut(t *testing.T) {
	for _, s := range append(plainSeeds, corpusLines(t)...) {
		if r, err := uri.ParseReference(s); err == nil {
			checkPlainShortcut(t, r)
		}
	}
}

// TestRedactCorpus: over the whole shared corpus, the mask of every line
// that parses changes nothing outside its secrets (rule f's rootless
// paths and jdbc's subnames aside, whose secrets lie in the path), and is
// idempotent.
func TestRedactCorpus(t *testing.T) {
	lines := corpusLines(t)
	valid, masked := 0, 0
	for _, s := range lines {
		r, err := uri.ParseReference(s)
		if err != nil {
			continue
		}
		valid++
		out := scheme.Redact(s)
		if out != s {
			masked++
		}
		checkShape(t, r, out)
	}
	t.Logf("%d lines, %d valid, %d masked", len(lines), valid, masked)
}

func FuzzRedactStructure(f *testing.F) {
	for _, tt := range schemeRedactTests {
		f.Add(tt.in)
	}
	for _, s := range plainSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := scheme.Redact(s)
		r, err := uri.ParseReference(s)
		if err != nil {
			return
		}
		checkPlainShortcut(t, r)
		// Structural masking is idempotent (text rules need not be: their
		// output may parse, and then reads structurally; so may the
		// text rules of a mistyped or nested URI).
		if !checkShape(t, r, out) || mayNest(r.Query()) || mayNest(r.Fragment()) {
			// A nested text that does not parse gets the text rules,
			// which may read their own output anew.
			return
		}
		if again := scheme.Redact(out); again != out && !strings.Contains(s, uri.RedactMask) {
			t.Fatalf("Redact(Redact(%q)) = %q, want %q", s, again, out)
		}
	})
}

// checkShape checks that out, r masked, parses to the same scheme, host,
// port and path as r (but for a path that the scheme's rules mask) and to
// the same query and fragment keys and delimiters. It reports false when
// r is exempt: read by rules that need not keep its structure (rule f's
// nested URI or DSN, a URI that its scheme's rules reject, amqp's
// passphrase over a "#").
func checkShape(t *testing.T, r uri.Reference, out string) bool {
	t.Helper()
	m, err := uri.ParseReference(out)
	if err != nil {
		t.Fatalf("Redact(%q) = %q, which does not parse: %v", r, out, err)
	}
	pathMasked := false
	if u, ok := r.URI(); ok {
		_, registered := scheme.Lookup(u.Scheme())
		if !u.HasAuthority() && !registered {
			// Rule f reads the path, or the text from the path on, as a
			// DSN or a nested URI.
			if m.Scheme() != r.Scheme() {
				t.Fatalf("Redact(%q) = %q changes the scheme", r, out)
			}
			return false
		}
		if scheme.Validate(u) != nil && strings.Contains(r.String(), "@") {
			// A URI that its scheme's rules reject, with an "@": the text
			// rules read it as a mistyped one.
			if m.Scheme() != r.Scheme() {
				t.Fatalf("Redact(%q) = %q changes the scheme", r, out)
			}
			return false
		}
		// A scheme's hook may mask in a rootless path (jdbc's subname,
		// sip's "user:password@host").
		sc, _ := scheme.Lookup(u.Scheme())
		pathMasked = !u.HasAuthority() && sc.Secrets != nil
	}
	// A scheme whose grammar has no fragment (amqp) may read a "#" as part
	// of a secret that runs to the end.
	fragmentMasked := false
	if u, ok := r.URI(); ok && r.HasFragment() && strings.HasSuffix(out, uri.RedactMask) {
		s, _ := scheme.Lookup(u.Scheme())
		fragmentMasked = s.Secrets != nil
	}
	if fragmentMasked {
		return false
	}
	if m.Scheme() != r.Scheme() || m.Host() != r.Host() || m.HasPort() != r.HasPort() || m.Port() != r.Port() ||
		!pathMasked && pathKeys(m.Path()) != pathKeys(r.Path()) || m.HasQuery() != r.HasQuery() || m.HasFragment() != r.HasFragment() ||
		m.HasUserinfo() != r.HasUserinfo() {
		t.Fatalf("Redact(%q) = %q changes the reference outside its secrets", r, out)
	}
	if keys(m.Query()) != keys(r.Query()) || keys(m.Fragment()) != keys(r.Fragment()) {
		t.Fatalf("Redact(%q) = %q changes a query or fragment key", r, out)
	}
	return true
}

// mayNest reports whether a query or fragment has a value that package
// uri reads as a nested URI: one with "@", "=", "//" or a triplet.
func mayNest(s string) bool {
	for _, p := range strings.Split(s, "&") {
		if _, v, ok := strings.Cut(p, "="); ok && (strings.ContainsAny(v, "@=%") || strings.Contains(v, "//")) {
			return true
		}
	}
	return false
}

// pathKeys returns path with the value of each key=value parameter (after
// "=", up to ";", "/" or "&") dropped: what masking keeps of a path.
func pathKeys(path string) string {
	var b strings.Builder
	skip := false
	for i := 0; i < len(path); i++ {
		switch c := path[i]; {
		case c == ';' || c == '/' || c == '&':
			skip = false
		case skip:
			continue
		case c == '=':
			skip = true
		}
		b.WriteByte(path[i])
	}
	return b.String()
}

// keys returns the keys of a query or fragment with their delimiters.
func keys(s string) string {
	var b strings.Builder
	for i, p := range strings.Split(s, "&") {
		if i > 0 {
			b.WriteByte('&')
		}
		k, _, ok := strings.Cut(p, "=")
		if u, err := uri.Parse(k); strings.Contains(k, "@") && (!ok && err == nil && u.HasAuthority() || strings.Contains(k, "://")) {
			// A piece that is a URI with a userinfo, "=" only after its
			// "@" ("https://u:pw@h/?a=1"), is read as a value: its own
			// secrets are masked.
			k, ok = "<uri>", false
		}
		b.WriteString(k)
		if ok {
			b.WriteByte('=')
		}
	}
	return b.String()
}

// BenchmarkRedact masks the valid URIs of the benchmark corpus: most hold
// no secret, and those cost no allocation.
func BenchmarkRedact(b *testing.B) {
	us := corpus(b)
	var buf [8][2]int
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, u := range us {
			sinkInt += len(scheme.Default().AppendRedactSpans(buf[:0], u.String()))
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(us)), "ns/uri")
}

// BenchmarkRedactLinear masks 1 MB and 2 MB of repeated shapes that make
// the rules look far ahead or deep: nested values, triplets, authority
// markers, "@" and ":" runs, key=value runs. Twice the input should take
// twice the time.
func BenchmarkRedactLinear(b *testing.B) {
	for _, shape := range []struct{ name, unit string }{
		{"nested-values", "?a="},
		{"nested-keys", "?token="},    // valid: a value read again as a nested URI
		{"authorities", "%2F%2Fa%20"}, // a "//" whose authority a word end cuts
		{"encoded-nested", "%253D"},
		{"markers", "a://"},
		{"userinfo", "u:p@"},
		{"colons", ":"},
		{"keys", "password=x&"},
		{"spaces", "http://u:p "},
		{"rootless", "a:"},
	} {
		for _, n := range []int{1 << 20, 2 << 20} {
			s := strings.Repeat(shape.unit, n/len(shape.unit))
			b.Run(shape.name+"/"+strconv.Itoa(n>>20)+"MB", func(b *testing.B) {
				for b.Loop() {
					sinkInt += len(scheme.Redact(s))
				}
			})
			b.Run(shape.name+"-valid/"+strconv.Itoa(n>>20)+"MB", func(b *testing.B) {
				v := "http://h/?" + strings.ReplaceAll(strings.ReplaceAll(s, " ", "+"), "?", "%3F")
				for b.Loop() {
					sinkInt += len(scheme.Redact(v))
				}
			})
		}
	}
}

// TestNestedTokensAndHooks: values read again as nested URIs for the
// secrets a trigger could miss: a token-shaped user name before a port or
// nothing, in text that does not parse, and a scheme's own secret in the
// query of a URI nested in a value (a Secrets hook of a private
// registry, here one that masks "auth").
func TestNestedTokensAndHooks(t *testing.T) {
	const tok = "ghp_abcdefghijklmnopqrstuvwxyz0123456789"
	for _, in := range []string{
		"https://h/?next=https%3A%2F%2F" + tok + "%3A443%20x",
		"https://h/?q=git%20clone%20https%3A%2F%2F" + tok + "%3A443/repo%20--depth%3D1",
		"https://h/?q=ok%3D1%20https://" + tok + ":443/x",
		"https://h/?a=b%3Dc%20%2F%2F" + tok + "%3A1",
	} {
		if got := scheme.Redact(in); strings.Contains(got, tok) {
			t.Errorf("Redact(%q) = %q, which shows the token", in, got)
		}
	}
	r := scheme.NewRegistry()
	for _, s := range scheme.Builtin() {
		r.Register(s)
	}
	r.Register(scheme.Scheme{Name: "kv", Secrets: func(u uri.URI) iter.Seq2[int, int] {
		return func(yield func(int, int) bool) {
			qs, _, ok := u.Span(uri.ComponentQuery)
			if v, found := strings.CutPrefix(u.Query(), "auth="); ok && found {
				yield(qs+len("auth="), qs+len("auth=")+len(v))
			}
		}
	}})
	in := "https://h/?next=kv%3A%2F%2Fh%2F0%3Fauth%3Ds3cret"
	if got := r.Redact(in); strings.Contains(got, "s3cret") {
		t.Errorf("Redact(%q) = %q, which shows the hook's secret", in, got)
	}
}
