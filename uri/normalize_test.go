package uri_test

import (
	"bytes"
	"fmt"
	"path/filepath"
	"testing"
	"unsafe"

	"github.com/urikit/urikit/internal/golden"
	"github.com/urikit/urikit/uri"
)

// normalizeTests are written by hand from RFC 3986 6.2.2 (and 5.2.4 for the
// dot segments): input, then its syntax-based normal form.
var normalizeTests = []struct {
	in, want string
}{
	// 6.2.2 and 6.2.2.1: the RFC's own examples.
	{"example://a/b/c/%7Bfoo%7D", "example://a/b/c/%7Bfoo%7D"},
	{"eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "example://a/b/c/%7Bfoo%7D"},
	{"HTTP://www.EXAMPLE.com/", "http://www.example.com/"},
	// Case: the scheme and the host only (6.2.2.1).
	{"HTTP://A", "http://a"},
	{"X+Y.Z-1:Q", "x+y.z-1:Q"},
	{"http://User:PassWord@HOST/Path?Query#Fragment", "http://User:PassWord@host/Path?Query#Fragment"},
	{"MAILTO:Joe@Example.COM", "mailto:Joe@Example.COM"},
	{"//HOST:8080/P", "//host:8080/P"},
	// Percent-encoding (6.2.2.2): unreserved decoded, the rest uppercase.
	{"http://a/%7euser", "http://a/~user"},
	{"http://a/%41%5a%61%7a%30%39%2d%2e%5f%7e", "http://a/AZaz09-._~"},
	{"http://a/%2fb%3f%23%5b%5d%40%21%24%26%27%28%29%2a%2b%2c%3b%3d%3a", "http://a/%2Fb%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D%3A"},
	{"http://a/%20%25%7f%80%ff", "http://a/%20%25%7F%80%FF"},
	{"http://a/%c3%a9", "http://a/%C3%A9"},
	{"http://u%3a%41@a/", "http://u%3AA@a/"},
	{"http://a/?q=%7e%2b%41", "http://a/?q=~%2BA"},
	{"http://a/#%41%2f", "http://a/#A%2F"},
	{"?%61", "?a"},
	{"#%7E", "#~"},
	{"a%2fb", "a%2Fb"},
	// The host: lowercased after decoding; triplets keep uppercase hex.
	{"http://%45XAMPLE.com/", "http://example.com/"},
	{"http://%65xample.COM/", "http://example.com/"},
	{"http://%c3%a9.COM/", "http://%C3%A9.com/"},
	{"http://%C3%A9.com/", "http://%C3%A9.com/"},
	{"http://ex%2Dample.com/", "http://ex-ample.com/"},
	{"http://a%2cb/", "http://a%2Cb/"},
	{"http://%31%32%37.0.0.1/", "http://127.0.0.1/"},
	{"http://127.0.0.1/", "http://127.0.0.1/"},
	// IP-literals: lowercased as a whole, never rewritten.
	{"http://[2001:DB8::1]/", "http://[2001:db8::1]/"},
	{"http://[2001:db8:0:0:0:0:0:1]/", "http://[2001:db8:0:0:0:0:0:1]/"},
	{"http://[0:0:0:0:0:FFFF:192.0.2.1]:80/", "http://[0:0:0:0:0:ffff:192.0.2.1]:80/"},
	{"http://[V1.AbC:D]/", "http://[v1.abc:d]/"},
	{"http://[v7.a]/", "http://[v7.a]/"},
	// Dot segments (6.2.2.3) in URIs: 5.2.4's examples and the edges.
	{"http://a/b/c/./../../g", "http://a/g"},
	{"http://a/b/c/../../../../g", "http://a/g"},
	{"http://a/./b/./", "http://a/b/"},
	{"http://a/..", "http://a/"},
	{"http://a/.", "http://a/"},
	{"http://a/b/..", "http://a/"},
	{"http://a/b/.", "http://a/b/"},
	{"http://a/.b/..b/b./b../...", "http://a/.b/..b/b./b../..."},
	{"http://a/b//../c", "http://a/b/c"},
	{"foo:a/../b", "foo:/b"},
	{"foo:a/b/../c", "foo:a/c"},
	{"foo:./a:b", "foo:a:b"},
	{"foo:../a", "foo:a"},
	{"foo:.", "foo:"},
	{"foo:..", "foo:"},
	{"foo:/.", "foo:/"},
	{"foo:a/..", "foo:/"},
	{"foo:/a/./b", "foo:/a/b"},
	// Encoded dots are dots once decoded (2.3, 6.2.2.2).
	{"http://a/b/%2E%2E/c", "http://a/c"},
	{"http://a/b/%2e/c", "http://a/b/c"},
	{"http://a/b/.%2E/c", "http://a/c"},
	{"http://a/b/%2E%2E%2Fc", "http://a/b/..%2Fc"},
	{"foo:%2E%2E/x", "foo:x"},
	// The "/." guard: no authority and a path that would start with "//".
	{"foo:/..//bar", "foo:/.//bar"},
	{"foo:/.//bar", "foo:/.//bar"},
	{"foo:/././/bar", "foo:/.//bar"},
	{"foo:a/..//b", "foo:/.//b"},
	{"foo:/a/..//b/../c", "foo:/.//c"},
	{"foo:/.//a/./b", "foo:/.//a/b"},
	{"/..//x", "/.//x"},
	{"foo://h/..//bar", "foo://h//bar"},
	// References: with an authority or an absolute path, dots go.
	{"//a/../b", "//a/b"},
	{"//A/./b/%7E", "//a/b/~"},
	{"/a/b/c/./../../g", "/a/g"},
	{"/..", "/"},
	// Relative-path references keep their dots.
	{"a/../../b", "a/../../b"},
	{"./a:b", "./a:b"},
	{"mid/content=5/../6", "mid/content=5/../6"},
	{"../%2e%2E/g", "../../g"},
	{".", "."},
	{"", ""},
	// Empty components are kept (6.2.3 decides about them, not 6.2.2).
	{"http://a?", "http://a?"},
	{"http://a#", "http://a#"},
	{"http://a:", "http://a:"},
	{"http://a:/", "http://a:/"},
	{"http://@a", "http://@a"},
	{"http://a:080", "http://a:080"},
	{"foo://", "foo://"},
	{"?#", "?#"},
}

func TestNormalize(t *testing.T) {
	for _, tt := range normalizeTests {
		r := uri.MustParseReference(tt.in)
		got := r.Normalize()
		if got.String() != tt.want {
			t.Errorf("ParseReference(%q).Normalize() = %q, want %q", tt.in, got, tt.want)
			continue
		}
		if want := uri.MustParseReference(tt.want); got != want {
			t.Errorf("ParseReference(%q).Normalize() does not equal ParseReference(%q)", tt.in, tt.want)
		}
		if again := got.Normalize(); again != got {
			t.Errorf("Normalize is not idempotent on %q: %q", tt.want, again)
		}
		if u, err := uri.Parse(tt.in); err == nil {
			if got := u.Normalize(); got.String() != tt.want {
				t.Errorf("Parse(%q).Normalize() = %q, want %q", tt.in, got, tt.want)
			}
		}
	}
}

func TestNormalizeReturnsReceiver(t *testing.T) {
	// A value already in normal form comes back as is: same text, same
	// offsets, and the same string data (no copy).
	for _, tt := range normalizeTests {
		if tt.in != tt.want {
			continue
		}
		r := uri.MustParseReference(tt.in)
		if got := r.Normalize(); got != r || unsafe.StringData(got.String()) != unsafe.StringData(r.String()) {
			t.Errorf("ParseReference(%q).Normalize() is a copy, want the receiver", tt.in)
		}
	}
}

func TestNormalizeAllocs(t *testing.T) {
	normal := []string{
		"http://www.example.com/a/b?q=1#f",
		"foo:/.//bar",
		"a/../b",
		"//[2001:db8::1]:80/%C3%A9",
	}
	for _, s := range normal {
		u := uri.MustParseReference(s)
		if n := testing.AllocsPerRun(100, func() { _ = u.Normalize() }); n != 0 {
			t.Errorf("Normalize(%q) allocates %v times, want 0", s, n)
		}
	}
	notNormal := []string{
		"HTTP://www.Example.com/a/./b/../c?q=%7e#%2f",
		"foo:/..//bar",
		"http://a/b/%2E%2E/c",
		"eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
	}
	for _, s := range notNormal {
		u := uri.MustParse(s)
		if n := testing.AllocsPerRun(100, func() { _ = u.Normalize() }); n != 1 {
			t.Errorf("Normalize(%q) allocates %v times, want 1", s, n)
		}
	}
}

// The golden file holds the syntax-based normal form of a wider set of
// inputs, reviewed by hand: "input\toutput" per line. Rewrite it with
// go test ./uri -run TestNormalizeGolden -update.
// goldenInputs are the rows of testdata/normalize.golden.
var goldenInputs = []string{
	"HTTP://www.Example.COM:80/a/./b/../c/%7euser/%2f?Q=%3d%3D#Frag%2e",
	"hTtPs://[FE80::A:b:C]:0443/./%41/",
	"ftp://User%3aName@FTP.Example.ORG/pub/../%2Fetc",
	"file:///C:/Windows/../System32",
	"file://LOCALHOST/etc/%68osts",
	"mailto:Joe@Example.COM?subject=%48i",
	"urn:ISBN:0-395-36341-1",
	"URN:example:%2e%2E/a",
	"news:comp.infosystems.www.servers.unix",
	"tel:+1-816-555-1212",
	"ldap://[2001:DB8::7]/c=GB?objectClass?one",
	"telnet://192.0.2.16:80/",
	"foo://example.com:8042/over/there?name=ferret#nose",
	"foo:a/./b/../../../c",
	"foo:/..//x/./y",
	"x:/a/b/c/../../..//d",
	"//Host/./a/../b",
	"/./a/./b/",
	"a/./b/../c",
	"../../%7Ex",
	"?%7a%7A",
	"#%2E%2e",
	"http://[v1F.ABC:DEF]",
	"http://%E2%82%ac.Example/",
	"s://%7E%2D%5F%2E@%7E%2D%5F%2E:/%7E%2D%5F%2E?%7E%2D%5F%2E#%7E%2D%5F%2E",
	"amqp://user:pass@Host:5672/%2F",
	"amqp://Host/",
	"amqp://Host",
	"http://a/%2E",
	"http://a/%2E%2E/%2E%2E/b",
}

func TestNormalizeGolden(t *testing.T) {
	var buf bytes.Buffer
	for _, in := range goldenInputs {
		fmt.Fprintf(&buf, "%s\t%s\n", in, uri.MustParseReference(in).Normalize())
	}
	golden.Check(t, filepath.Join("testdata", "normalize.golden"), buf.Bytes())
}

// normalizeBenchInputs are named shapes, each already normal or not.
var normalizeBenchInputs = []struct {
	name, in string
}{
	{"normal/http", "http://www.example.com/index.html"},
	{"normal/long_query", "https://example.com/search?q=golang+uri&lang=en&page=2&sort=desc&filter=a%20b#results"},
	{"normal/ipv6", "http://[2001:db8:85a3::8a2e:370:7334]:8080/path"},
	{"normal/relative_dots", "../../a/./b/../c"},
	{"not_normal/case", "HTTP://WWW.Example.COM/index.html"},
	{"not_normal/pct", "https://example.com/%7euser/%e3%82%a2?q=%41%2f"},
	{"not_normal/dots", "http://example.com/a/b/c/./../../g/./h"},
	{"not_normal/all", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d?%7E#%2e"},
}
