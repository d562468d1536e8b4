package scheme_test

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/urikit/urikit/internal/golden"
	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/uri"
)

// schemeNormalizeTests are written by hand from RFC 3986 6.2.3 and the
// schemes' own RFCs: input, then its scheme-based normal form under the
// default registry.
var schemeNormalizeTests = []struct {
	in, want string
}{
	// RFC 3986 6.2.3: the four equivalent http URIs; the second is normal.
	{"http://example.com", "http://example.com/"},
	{"http://example.com/", "http://example.com/"},
	{"http://example.com:/", "http://example.com/"},
	{"http://example.com:80/", "http://example.com/"},
	// Syntax-based normalization comes first (6.2.2).
	{"HTTP://Example.COM:80", "http://example.com/"},
	{"http://a/%7e/./b/../c", "http://a/~/c"},
	// A default port in any spelling of its value (3.2.3: decimal).
	{"http://example.com:080/", "http://example.com/"},
	{"http://example.com:00080/", "http://example.com/"},
	{"http://example.com:8080/", "http://example.com:8080/"},
	{"http://example.com:443/", "http://example.com:443/"},
	{"http://example.com:65616/", "http://example.com:65616/"},
	{"http://example.com:0/", "http://example.com:0/"},
	{"https://example.com:443", "https://example.com/"},
	{"https://example.com:80/", "https://example.com:80/"},
	// Empty query and fragment stay (6.2.3), and the path still becomes "/".
	{"http://example.com?", "http://example.com/?"},
	{"http://example.com#", "http://example.com/#"},
	{"http://example.com:?q#f", "http://example.com/?q#f"},
	{"http://u:p@example.com:80", "http://u:p@example.com/"},
	{"http://[2001:DB8::1]:80", "http://[2001:db8::1]/"},
	// No authority: nothing to make "/" of.
	{"http:x", "http:x"},
	// ws and wss (RFC 6455 3).
	{"ws://h", "ws://h/"},
	{"ws://h:80/chat", "ws://h/chat"},
	{"wss://h:443?x", "wss://h/?x"},
	{"wss://h:80", "wss://h:80/"},
	// ftp (RFC 1738 3.2): a default port, no path rule.
	{"ftp://h:21/x", "ftp://h/x"},
	{"ftp://h:21", "ftp://h"},
	{"ftp://h:", "ftp://h"},
	// file (RFC 8089 2): localhost and no authority mean the empty one.
	{"file://localhost/etc/hosts", "file:///etc/hosts"},
	{"file://LOCALHOST/etc/hosts", "file:///etc/hosts"},
	{"file://%6Cocalhost/x", "file:///x"},
	{"file:/etc/hosts", "file:///etc/hosts"},
	{"file:///etc/hosts", "file:///etc/hosts"},
	{"file://host/x", "file://host/x"},
	{"file://localhost", "file://"},
	{"file://localhost:/x", "file:///x"},
	{"file://u@localhost/x", "file://u@localhost/x"},
	{"file:/.//x", "file:////x"},
	{"file:x", "file:x"},
	// mailto (RFC 6068 2; RFC 3986 6.2.3's example).
	{"mailto:Joe@Example.COM", "mailto:Joe@example.com"},
	{"MAILTO:Joe@Example.COM", "mailto:Joe@example.com"},
	{"mailto:A@B.C,D@E.F?subject=Hi%20There&Body=X", "mailto:A@b.c,D@e.f?subject=Hi%20There&Body=X"},
	{"mailto:%22a@b%22@EX.com", "mailto:%22a@b%22@ex.com"},
	{"mailto:a@%c3%89X.com", "mailto:a@%C3%89x.com"},
	{"mailto:?to=Joe@Example.COM", "mailto:?to=Joe@Example.COM"},
	{"mailto:joe", "mailto:joe"},
	// urn (RFC 8141 3.1): the NID is case-insensitive, the NSS is not.
	{"urn:ISBN:0-395-36341-1", "urn:isbn:0-395-36341-1"},
	{"URN:Example:Foo-Bar", "urn:example:Foo-Bar"},
	{"urn:example:a%2fB", "urn:example:a%2FB"},
	{"urn:example:A?+R?=Q#F", "urn:example:A?+R?=Q#F"},
	// mailto: only the domain of an address folds; a text without "@"
	// is a local part and keeps its case.
	{"mailto:Joe,bob@EXAMPLE.com", "mailto:Joe,bob@example.com"},
	{"mailto:A%40B,c@D", "mailto:A%40B,c@d"},
	// Any scheme: an empty port is dropped (3.2.3); other ports are not.
	{"foo://h:", "foo://h"},
	{"foo://h:/p", "foo://h/p"},
	{"foo://:", "foo://"},
	{"foo://h:80", "foo://h:80"},
	{"foo://h", "foo://h"},
	{"foo:", "foo:"},
	// amqp is not built in; its plugin decides (an absent vhost differs
	// from an empty one, so no "/" is added).
	{"amqp://h", "amqp://h"},
	{"amqp://h:", "amqp://h"},
}

func TestNormalize(t *testing.T) {
	for _, tt := range schemeNormalizeTests {
		u := uri.MustParse(tt.in)
		got := scheme.Normalize(u)
		if got.String() != tt.want {
			t.Errorf("Normalize(%q) = %q, want %q", tt.in, got, tt.want)
			continue
		}
		if got != uri.MustParse(tt.want) {
			t.Errorf("Normalize(%q) does not equal MustParse(%q)", tt.in, tt.want)
		}
		if again := scheme.Normalize(got); again != got {
			t.Errorf("Normalize is not idempotent on %q: %q", tt.want, again)
		}
		if !scheme.Equivalent(u, got) {
			t.Errorf("Equivalent(%q, %q) = false", tt.in, got)
		}
	}
}

func TestPrivateRegistry(t *testing.T) {
	r := scheme.NewRegistry()
	// Nothing registered: only the generic steps.
	for in, want := range map[string]string{
		"http://h:80":  "http://h:80",
		"http://h:":    "http://h",
		"HTTP://H/./a": "http://h/a",
	} {
		if got := r.Normalize(uri.MustParse(in)); got.String() != want {
			t.Errorf("empty registry: Normalize(%q) = %q, want %q", in, got, want)
		}
	}
	// A scheme with a default port and no hook gets only the port rule.
	r.Register(scheme.Scheme{Name: "Gopher", DefaultPort: 70})
	if got := r.Normalize(uri.MustParse("gopher://h:070")); got.String() != "gopher://h" {
		t.Errorf("Normalize(gopher://h:070) = %q, want gopher://h", got)
	}
	if s, ok := r.Lookup("GOPHER"); !ok || s.Name != "gopher" || s.DefaultPort != 70 {
		t.Errorf("Lookup(GOPHER) = %+v, %v", s, ok)
	}
	if _, ok := scheme.Lookup("gopher"); ok {
		t.Error("a private registration reached the default registry")
	}
	for _, s := range scheme.Builtin() {
		r.Register(s)
	}
	if got := r.Normalize(uri.MustParse("http://h:80")); got.String() != "http://h/" {
		t.Errorf("with the built-ins: Normalize(http://h:80) = %q", got)
	}
	if n, want := len(r.Names()), len(scheme.Builtin())+1; n != want { // and gopher
		t.Errorf("Names() has %d names, want %d", n, want)
	}
}

func TestLookup(t *testing.T) {
	for _, name := range []string{"http", "HTTP", "Https", "ws", "WSS", "ftp", "file", "mailto", "URN"} {
		if _, ok := scheme.Lookup(name); !ok {
			t.Errorf("Lookup(%q): not found", name)
		}
	}
	for _, name := range []string{"", "gopher", "http:", "amqp"} {
		if s, ok := scheme.Lookup(name); ok {
			t.Errorf("Lookup(%q) = %+v, want not found", name, s)
		}
	}
	s, _ := scheme.Lookup("HTTPS")
	if s.Name != "https" || s.DefaultPort != 443 || s.Validate == nil || s.Normalize == nil {
		t.Errorf("Lookup(HTTPS) = %+v", s)
	}
}

// TestLookupMany registers enough schemes for the table to grow several
// times and to hold names whose hashes collide, then looks each up in
// other cases, and names that differ by one byte, which must not match:
// case folds for ASCII letters alone ("a\x0b" is not "a+").
func TestLookupMany(t *testing.T) {
	r := scheme.NewRegistry()
	var names []string
	for i := range 300 {
		name := fmt.Sprintf("s%d+x.%c", i, 'a'+i%26)
		r.Register(scheme.Scheme{Name: name, DefaultPort: i})
		names = append(names, name)
	}
	if got := len(r.Names()); got != len(names) {
		t.Fatalf("Names() has %d names, want %d", got, len(names))
	}
	for i, name := range names {
		for _, n := range []string{name, strings.ToUpper(name)} {
			s, ok := r.Lookup(n)
			if !ok || s.Name != name || s.DefaultPort != i {
				t.Errorf("Lookup(%q) = %+v, %v; want %q", n, s, ok, name)
			}
		}
		for _, n := range []string{name[:len(name)-1], name + "a", strings.Replace(name, "+", "\x0b", 1), strings.Replace(name, "x", "X\x00", 1)} {
			if s, ok := r.Lookup(n); ok {
				t.Errorf("Lookup(%q) = %+v, want not found", n, s)
			}
		}
	}
	if names := scheme.NewRegistry().Names(); names == nil || len(names) != 0 {
		t.Errorf("Names() of an empty registry = %#v, want an empty slice", names)
	}
}

func TestRegisterPanics(t *testing.T) {
	tests := []scheme.Scheme{
		{Name: ""},
		{Name: "1a"},
		{Name: "a b"},
		{Name: "a:"},
		{Name: "é"},
		{Name: "HTTP"},
		{Name: "ok", DefaultPort: -1},
		{Name: "ok", DefaultPort: 65536},
	}
	for _, s := range tests {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Register(%+v) did not panic", s)
				}
			}()
			scheme.Register(s)
		}()
	}
	r := scheme.NewRegistry()
	r.Register(scheme.Scheme{Name: "a+b-c.d"})
	defer func() {
		if recover() == nil {
			t.Error("second Register of A+B-C.D did not panic")
		}
	}()
	r.Register(scheme.Scheme{Name: "A+B-C.D"})
}

func TestRegistryConcurrent(t *testing.T) {
	r := scheme.NewRegistry()
	u := uri.MustParse("s0://h:1")
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			r.Register(scheme.Scheme{Name: "s" + strconv.Itoa(i), DefaultPort: 1})
		})
		wg.Go(func() {
			for range 100 {
				r.Lookup("S" + strconv.Itoa(i))
				r.Normalize(u)
			}
		})
	}
	wg.Wait()
	if got := r.Normalize(u); got.String() != "s0://h" {
		t.Errorf("Normalize(s0://h:1) = %q", got)
	}
}

var validateTests = []struct {
	in   string
	err  error // nil: valid
	off  int
	comp uri.Component
}{
	{"http://h/", nil, 0, 0},
	{"http://u@h", nil, 0, 0},
	{"http:/x", scheme.ErrMissingAuthority, 5, uri.ComponentHost},
	{"http://", scheme.ErrEmptyHost, 7, uri.ComponentHost},
	{"HTTPS://:80/", scheme.ErrEmptyHost, 8, uri.ComponentHost},
	{"http://u@/", scheme.ErrEmptyHost, 9, uri.ComponentHost},
	{"ws://h/chat?x", nil, 0, 0},
	{"ws:/chat", scheme.ErrMissingAuthority, 3, uri.ComponentHost},
	{"ws://u@h/", scheme.ErrUserinfoNotAllowed, 5, uri.ComponentUserinfo},
	{"wss://h/#f", scheme.ErrFragmentNotAllowed, 8, uri.ComponentFragment},
	{"wss://h/#", scheme.ErrFragmentNotAllowed, 8, uri.ComponentFragment},
	{"ftp://u:p@h/x;type=a", nil, 0, 0},
	{"ftp:///x", scheme.ErrEmptyHost, 6, uri.ComponentHost},
	{"ftp:x", scheme.ErrMissingAuthority, 4, uri.ComponentHost},
	{"file:///x", nil, 0, 0},
	{"file:/x", nil, 0, 0},
	{"file://h/x", nil, 0, 0},
	{"file://u@h/x", scheme.ErrUserinfoNotAllowed, 7, uri.ComponentUserinfo},
	{"file://h:1/x", scheme.ErrPortNotAllowed, 8, uri.ComponentPort},
	{"file://h:/x", scheme.ErrPortNotAllowed, 8, uri.ComponentPort},
	{"file:x", scheme.ErrSchemePath, 5, uri.ComponentPath},
	{"file://h", scheme.ErrSchemePath, 8, uri.ComponentPath},
	{"mailto:a@b", nil, 0, 0},
	{"mailto:", nil, 0, 0},
	{"mailto:?to=a@b", nil, 0, 0},
	{"mailto:a@b,c@d?subject=x", nil, 0, 0},
	{"mailto://a@b", scheme.ErrAuthorityNotAllowed, 7, uri.ComponentHost},
	{"mailto:joe", scheme.ErrSchemePath, 7, uri.ComponentPath},
	{"mailto:a@b,,c@d", scheme.ErrSchemePath, 11, uri.ComponentPath},
	{"mailto:a@b,@d", scheme.ErrSchemePath, 11, uri.ComponentPath},
	{"mailto:a@", scheme.ErrSchemePath, 7, uri.ComponentPath},
	{"urn:isbn:0-395-36341-1", nil, 0, 0},
	{"urn:example:a/b?+r?=q#f", nil, 0, 0},
	{"urn:ab:c", nil, 0, 0},
	{"urn:a:b", scheme.ErrSchemePath, 4, uri.ComponentPath},
	{"urn:-x:y", scheme.ErrSchemePath, 4, uri.ComponentPath},
	{"urn:x-:y", scheme.ErrSchemePath, 4, uri.ComponentPath},
	{"urn:a_b:y", scheme.ErrSchemePath, 4, uri.ComponentPath},
	{"urn:abcdefghijklmnopqrstuvwxyz0123456:y", scheme.ErrSchemePath, 4, uri.ComponentPath},
	{"urn:abcdefghijklmnopqrstuvwxyz012345:y", nil, 0, 0},
	{"urn:ex", scheme.ErrSchemePath, 7, uri.ComponentPath},
	{"urn:ex:", scheme.ErrSchemePath, 7, uri.ComponentPath},
	{"urn:ex:/a", scheme.ErrSchemePath, 7, uri.ComponentPath},
	{"urn:ex:x?q", scheme.ErrSchemeQuery, 8, uri.ComponentQuery},
	{"urn:ex:x?", scheme.ErrSchemeQuery, 8, uri.ComponentQuery},
	{"urn:ex:x?+/r", scheme.ErrSchemeQuery, 8, uri.ComponentQuery},
	{"urn:ex:x?+?=q", scheme.ErrSchemeQuery, 8, uri.ComponentQuery},
	{"urn:ex:x?+r?=", scheme.ErrSchemeQuery, 8, uri.ComponentQuery},
	{"urn:ex:x?=/q", scheme.ErrSchemeQuery, 8, uri.ComponentQuery},
	{"urn:ex:x?=q/?r", nil, 0, 0},
	{"urn:ex:x?+r/?x", nil, 0, 0},
	{"urn://h/x", scheme.ErrAuthorityNotAllowed, 4, uri.ComponentHost},
	// Unknown schemes are valid: the generic syntax is all there is.
	{"foo:", nil, 0, 0},
	{"amqp://", nil, 0, 0},
}

func TestValidate(t *testing.T) {
	for _, tt := range validateTests {
		err := scheme.Validate(uri.MustParse(tt.in))
		if tt.err == nil {
			if err != nil {
				t.Errorf("Validate(%q) = %v, want nil", tt.in, err)
			}
			continue
		}
		var e *uri.Error
		if !errors.Is(err, tt.err) || !errors.As(err, &e) {
			t.Errorf("Validate(%q) = %v, want a *uri.Error with %v", tt.in, err, tt.err)
			continue
		}
		if e.Offset != tt.off || e.Component != tt.comp {
			t.Errorf("Validate(%q): offset %d in %v, want %d in %v", tt.in, e.Offset, e.Component, tt.off, tt.comp)
		}
	}
}

func TestNoAllocs(t *testing.T) {
	pairs := [][2]string{
		{"http://example.com/a?b#c", "http://example.com/a?b#c"},
		{"http://example.com/a", "http://example.com/b"},
		{"mailto:joe@example.com", "mailto:jane@example.com"},
		{"urn:isbn:1", "urn:isbn:2"},
		{"foo://h:80/x", "foo://h:81/x"},
	}
	for _, p := range pairs {
		a, b := uri.MustParse(p[0]), uri.MustParse(p[1])
		if n := testing.AllocsPerRun(100, func() { scheme.Equivalent(a, b) }); n != 0 {
			t.Errorf("Equivalent(%q, %q) allocates %v times, want 0", a, b, n)
		}
		if n := testing.AllocsPerRun(100, func() { scheme.Ladder(a, b) }); n != 0 {
			t.Errorf("Ladder(%q, %q) allocates %v times, want 0", a, b, n)
		}
		if n := testing.AllocsPerRun(100, func() { scheme.Normalize(a) }); n != 0 {
			t.Errorf("Normalize(%q) allocates %v times, want 0", a, n)
		}
	}
	if n := testing.AllocsPerRun(100, func() { scheme.Lookup("https") }); n != 0 {
		t.Errorf("Lookup(https) allocates %v times, want 0", n)
	}
}

// goldenInputs are the rows of testdata/normalize.golden: the scheme-based
// normal form of each, reviewed by hand. Rewrite it with
// go test ./scheme -run TestNormalizeGolden -update.
var goldenInputs = []string{
	"HTTP://www.Example.COM:80",
	"http://www.example.com:/%7Euser/./a/../b?#",
	"https://[2001:DB8::1]:443",
	"https://[2001:db8::1]:0443/x",
	"http://u:p@h:80?q",
	"ws://Chat.Example:80",
	"wss://chat.example:443/socket?x=1",
	"ftp://FTP.Example.ORG:021/pub/%7e",
	"file://localhost/C:/Windows/./System32",
	"file:/usr/share/doc",
	"file:///usr/./share",
	"mailto:Joe.Doe@Example.COM?Subject=Hello",
	"mailto:a@B.example,c@D.example",
	"urn:ISBN:0-395-36341-1",
	"URN:IETF:rfc:3986",
	"urn:uuid:6E8BC430-9C3A-11D9-9669-0800200C9A66",
	"foo://Example:/a/../b",
	"foo://example:0",
	"tel:+1-816-555-1212",
	"news:comp.infosystems.www.servers.unix",
	"ldap://[2001:DB8::7]:389/c=GB?objectClass?one",
	"amqp://guest:guest@Localhost:5672/%2f",
	"amqps://h:",
}

func TestNormalizeGolden(t *testing.T) {
	var buf bytes.Buffer
	for _, in := range goldenInputs {
		fmt.Fprintf(&buf, "%s\t%s\n", in, scheme.Normalize(uri.MustParse(in)))
	}
	golden.Check(t, filepath.Join("testdata", "normalize.golden"), buf.Bytes())
}

func TestZeroRegistry(t *testing.T) {
	var r scheme.Registry
	if _, ok := r.Lookup("x"); ok {
		t.Error("zero Registry has a scheme")
	}
	r.Register(scheme.Scheme{Name: "X", DefaultPort: 7})
	if s, ok := r.Lookup("x"); !ok || s.DefaultPort != 7 {
		t.Errorf("Lookup after Register on a zero Registry = %+v, %v", s, ok)
	}
}

// BenchmarkLookupParallel looks schemes up from every core at once, as
// the command line's workers do.
func BenchmarkLookupParallel(b *testing.B) {
	names := []string{"http", "https", "amqp", "file", "mailto", "urn", "ftp", "nope"}
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			if _, ok := scheme.Lookup(names[i%len(names)]); ok {
				i++
			} else {
				i += 3
			}
		}
	})
}
