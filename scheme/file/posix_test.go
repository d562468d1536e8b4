package file_test

import (
	"errors"
	"testing"

	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/scheme/file"
	"github.com/urikit/urikit/uri"
)

// posixPaths are real absolute POSIX paths and their URIs; each row is
// checked both ways: FromPath(path) == uri and ToPath(uri) == path.
var posixPaths = []struct{ path, uri string }{
	{"/", "file:///"},
	{"/etc/hosts", "file:///etc/hosts"},
	{"/tmp/dir/", "file:///tmp/dir/"},
	{"/home/ana/notes #1.txt", "file:///home/ana/notes%20%231.txt"},
	{"/srv/100%/x?y", "file:///srv/100%25/x%3Fy"},
	{"/a;b/c+d@e=f,g&h!$'()*", "file:///a;b/c+d@e=f,g&h!$'()*"},
	{"/usr/lib/x86_64-linux-gnu/libc.so.6", "file:///usr/lib/x86_64-linux-gnu/libc.so.6"},
	{"/Users/ana/Library/Application Support/Code/User/settings.json", "file:///Users/ana/Library/Application%20Support/Code/User/settings.json"},
	{"/home/ana/Документы/résumé.pdf", "file:///home/ana/%D0%94%D0%BE%D0%BA%D1%83%D0%BC%D0%B5%D0%BD%D1%82%D1%8B/r%C3%A9sum%C3%A9.pdf"},
	{"/日本/ア", "file:///%E6%97%A5%E6%9C%AC/%E3%82%A2"},
	{"/latin1/caf\xe9", "file:///latin1/caf%E9"}, // not UTF-8: kept as its byte
	{"/bad/\xff\xfe", "file:///bad/%FF%FE"},
	{"/x:y/a:b", "file:///x:y/a:b"},
	{"/back\\slash", "file:///back%5Cslash"},
	{"/pipe|<>\"`^{}[]", "file:///pipe%7C%3C%3E%22%60%5E%7B%7D%5B%5D"},
	{"/tab\there/nl\n", "file:///tab%09here/nl%0A"},
	{"/a//b", "file:///a//b"},
	{"//x", "file:////x"},
	{"///", "file://///"},
	{"/a/./b/../c", "file:///a/./b/../c"},
	{"/.hidden/..x/...", "file:///.hidden/..x/..."},
	{"/~user/-_.~", "file:///~user/-_.~"},
	{"/%41", "file:///%2541"},
}

func TestPOSIXPaths(t *testing.T) {
	for _, tt := range posixPaths {
		checkBothWays(t, file.POSIX, tt.path, tt.uri)
	}
}

// checkBothWays checks that FromPath gives want for path, a URI that the
// file scheme's rules accept, and that ToPath gives path back.
func checkBothWays(t *testing.T, style file.Style, path, want string) {
	t.Helper()
	u, err := file.FromPath(path, style)
	if err != nil || u.String() != want {
		t.Errorf("FromPath(%q, %v) = %q, %v, want %q", path, style, u, err, want)
		return
	}
	if err := scheme.Validate(u); err != nil {
		t.Errorf("scheme.Validate(FromPath(%q)) = %v", path, err)
	}
	p, err := file.ToPath(uri.MustParse(want), style)
	if err != nil || p != path {
		t.Errorf("ToPath(%q, %v) = %q, %v, want %q", want, style, p, err, path)
	}
}

// TestPOSIXToPath covers URIs that are not FromPath's output: other
// spellings of a local file, and the errors.
func TestPOSIXToPath(t *testing.T) {
	tests := []struct {
		uri  string
		path string
		err  error
		comp uri.Component
		off  int
	}{
		// RFC 8089 2 and Appendix B: local files, however written.
		{uri: "file:///path/to/file", path: "/path/to/file"},
		{uri: "file:/path/to/file", path: "/path/to/file"},
		{uri: "file://localhost/path/to/file", path: "/path/to/file"},
		{uri: "file://LOCALHOST/x", path: "/x"},
		{uri: "file://%6Cocalhost/x", path: "/x"},
		{uri: "FILE:///x", path: "/x"},
		{uri: "file://localhost/", path: "/"},
		{uri: "file:/", path: "/"},
		{uri: "file:///a%2fb%2Ec", err: file.ErrEncodedSeparator, comp: uri.ComponentPath, off: 9},
		{uri: "file:///%7e%41%c3%a9", path: "/~Aé"},
		{uri: "file:///a%3Bb", path: "/a;b"},
		{uri: "file:///a%25b", path: "/a%b"},

		{uri: "http://h/x", err: file.ErrScheme, comp: uri.ComponentScheme, off: 0},
		{uri: "files:///x", err: file.ErrScheme, comp: uri.ComponentScheme, off: 0},
		{uri: "file://user@/x", err: file.ErrUserinfo, comp: uri.ComponentUserinfo, off: 7},
		{uri: "file://:80/x", err: file.ErrPort, comp: uri.ComponentPort, off: 7},
		{uri: "file://localhost:/x", err: file.ErrPort, comp: uri.ComponentPort, off: 16},
		{uri: "file:///x?", err: file.ErrQuery, comp: uri.ComponentQuery, off: 9},
		{uri: "file:///x?a=b#c", err: file.ErrQuery, comp: uri.ComponentQuery, off: 9},
		{uri: "file:///x#", err: file.ErrFragment, comp: uri.ComponentFragment, off: 9},
		{uri: "file://host.example.com/path/to/file", err: file.ErrRemoteHost, comp: uri.ComponentHost, off: 7},
		{uri: "file://127.0.0.1/x", err: file.ErrRemoteHost, comp: uri.ComponentHost, off: 7},
		{uri: "file://[::1]/x", err: file.ErrRemoteHost, comp: uri.ComponentHost, off: 7},
		{uri: "file://localhost./x", err: file.ErrRemoteHost, comp: uri.ComponentHost, off: 7},
		{uri: "file://localho%C5%BFt/x", err: file.ErrRemoteHost, comp: uri.ComponentHost, off: 7},
		{uri: "file:x", err: file.ErrNotAbsolute, comp: uri.ComponentPath, off: 5},
		{uri: "file:", err: file.ErrNotAbsolute, comp: uri.ComponentPath, off: 5},
		{uri: "file://", err: file.ErrNotAbsolute, comp: uri.ComponentPath, off: 7},
		{uri: "file://localhost", err: file.ErrNotAbsolute, comp: uri.ComponentPath, off: 16},
		{uri: "file:///a%2Fb", err: file.ErrEncodedSeparator, comp: uri.ComponentPath, off: 9},
		{uri: "file:///a/b%2f", err: file.ErrEncodedSeparator, comp: uri.ComponentPath, off: 11},
		{uri: "file:///a%5Cb", path: "/a\\b"},
		{uri: "file:///a%00b", err: file.ErrNUL, comp: uri.ComponentPath, off: 9},
	}
	for _, tt := range tests {
		u := uri.MustParse(tt.uri)
		p, err := file.ToPath(u, file.POSIX)
		if tt.err == nil {
			if err != nil || p != tt.path {
				t.Errorf("ToPath(%q, POSIX) = %q, %v, want %q", tt.uri, p, err, tt.path)
			}
			continue
		}
		checkError(t, "ToPath("+tt.uri+", POSIX)", err, file.OpToPath, file.POSIX, tt.err, tt.comp, tt.off)
		if p != "" {
			t.Errorf("ToPath(%q, POSIX) = %q with an error", tt.uri, p)
		}
	}
}

func TestPOSIXRemoteHost(t *testing.T) {
	o := file.Options{RemoteHost: true}
	tests := []struct{ uri, path string }{
		{"file://host.example.com/path/to/file", "/path/to/file"},
		{"file://[2001:db8::1]/a%20b/", "/a b/"},
		{"file://localhost/x", "/x"},
		{"file:///x", "/x"},
	}
	for _, tt := range tests {
		p, err := o.ToPath(uri.MustParse(tt.uri), file.POSIX)
		if err != nil || p != tt.path {
			t.Errorf("Options{RemoteHost}.ToPath(%q, POSIX) = %q, %v, want %q", tt.uri, p, err, tt.path)
		}
	}
	// The other rules still hold.
	for _, s := range []string{"file://h:1/x", "file://u@h/x", "file://h", "file://h/%2F"} {
		if p, err := o.ToPath(uri.MustParse(s), file.POSIX); err == nil {
			t.Errorf("Options{RemoteHost}.ToPath(%q, POSIX) = %q, want an error", s, p)
		}
	}
}

func TestPOSIXFromPathErrors(t *testing.T) {
	tests := []struct {
		path string
		err  error
		off  int
	}{
		{"", file.ErrNotAbsolute, 0},
		{"relative/path", file.ErrNotAbsolute, 0},
		{"./x", file.ErrNotAbsolute, 0},
		{"~/x", file.ErrNotAbsolute, 0},
		{`C:\x`, file.ErrNotAbsolute, 0},
		{"/a\x00b", file.ErrNUL, 2},
		{"\x00/", file.ErrNUL, 0},
		{"rel\x00", file.ErrNUL, 3}, // the NUL is reported first
	}
	for _, tt := range tests {
		u, err := file.FromPath(tt.path, file.POSIX)
		checkError(t, "FromPath("+tt.path+", POSIX)", err, file.OpFromPath, file.POSIX, tt.err, uri.ComponentPath, tt.off)
		if u != (uri.URI{}) {
			t.Errorf("FromPath(%q, POSIX) = %q with an error", tt.path, u)
		}
	}
}

// TestLocalhostAgreesWithScheme: every spelling of a local file that
// ToPath accepts is scheme.Equivalent to the URI FromPath writes for its
// path, as RFC 8089 2 and package scheme's normalization say.
func TestLocalhostAgreesWithScheme(t *testing.T) {
	for _, s := range []string{"file:/x", "file:///x", "file://localhost/x", "file://LocalHost/x", "file://%6Cocalhost/x", "FILE:/x"} {
		u := uri.MustParse(s)
		p, err := file.ToPath(u, file.POSIX)
		if err != nil {
			t.Fatalf("ToPath(%q) = %v", s, err)
		}
		v, err := file.FromPath(p, file.POSIX)
		if err != nil {
			t.Fatalf("FromPath(%q) = %v", p, err)
		}
		if !scheme.Equivalent(u, v) {
			t.Errorf("scheme.Equivalent(%q, %q) = false, want true", u, v)
		}
	}
}

// checkError checks that err is an *Error with the given fields.
func checkError(t *testing.T, call string, err error, op string, style file.Style, reason error, comp uri.Component, off int) {
	t.Helper()
	var e *file.Error
	if !errors.As(err, &e) {
		t.Errorf("%s: error %v, want a *file.Error with %v", call, err, reason)
		return
	}
	if !errors.Is(err, reason) || e.Op != op || e.Style != style || e.Component != comp || e.Offset != off {
		t.Errorf("%s: error %+v, want Op %s, Style %v, %v at offset %d: %v", call, *e, op, style, comp, off, reason)
	}
}
