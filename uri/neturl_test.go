package uri_test

import (
	"errors"
	"net/url"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urikit/urikit/uri"
)

func TestURLBridge(t *testing.T) {
	tests := []struct {
		in   string
		want url.URL
	}{
		{"http://u:p%40@h:8080/a%2Fb?q#f%20g", url.URL{Scheme: "http", User: url.UserPassword("u", "p@"), Host: "h:8080", Path: "/a/b", RawPath: "/a%2Fb", RawQuery: "q", Fragment: "f g"}},
		{"mailto:a@b", url.URL{Scheme: "mailto", Opaque: "a@b"}},
		{"HTTP://h?", url.URL{Scheme: "HTTP", Host: "h", ForceQuery: true}},
		{"x:/p", url.URL{Scheme: "x", Path: "/p", OmitHost: true}},
		{"x:", url.URL{Scheme: "x", OmitHost: true}},
		{"file:///etc", url.URL{Scheme: "file", Path: "/etc"}},
		{"https://en.wikipedia.org/wiki/C_(programming_language)", url.URL{Scheme: "https", Host: "en.wikipedia.org", Path: "/wiki/C_(programming_language)", RawPath: "/wiki/C_(programming_language)"}},
		{"/a!'()*b#it's", url.URL{Path: "/a!'()*b", RawPath: "/a!'()*b", Fragment: "it's", RawFragment: "it's"}},
		{"http://%41%2D%7e/", url.URL{Scheme: "http", Host: "A-~", Path: "/"}},
		{"http://a%20b%25c/", url.URL{Scheme: "http", Host: "a b%c", Path: "/"}},
		{"http://a!$&'()*+,;=b/", url.URL{Scheme: "http", Host: "a!$&'()*+,;=b", Path: "/"}},
		{"http://[::1]:80/", url.URL{Scheme: "http", Host: "[::1]:80", Path: "/"}},
		{"http://:80", url.URL{Scheme: "http", Host: ":80"}},
		{"http://h:", url.URL{Scheme: "http", Host: "h:"}},
		{"//u@/p", url.URL{User: url.User("u"), Path: "/p"}},
		{"//h/p", url.URL{Host: "h", Path: "/p"}},
		{"http://a%40b%2F%3F%23/", url.URL{Scheme: "http", Host: "a@b/?#", Path: "/"}},
		{"http://a%2Fb@c/", url.URL{Scheme: "http", User: url.User("a/b"), Host: "c", Path: "/"}},
		{"http://%C3%A9%00/", url.URL{Scheme: "http", Host: "\u00e9\x00", Path: "/"}},
		{"http://%75:%70@h", url.URL{Scheme: "http", User: url.UserPassword("u", "p"), Host: "h"}},
		{"http://a%40b:%2F%3F@h", url.URL{Scheme: "http", User: url.UserPassword("a@b", "/?"), Host: "h"}},
	}
	userinfo := cmp.Comparer(func(a, b *url.Userinfo) bool { return a.String() == b.String() })
	for _, tt := range tests {
		r := uri.MustParseReference(tt.in)
		got, err := r.URL()
		if err != nil {
			t.Errorf("ParseReference(%q).URL() = %v", tt.in, err)
			continue
		}
		if diff := cmp.Diff(&tt.want, got, userinfo); diff != "" {
			t.Errorf("ParseReference(%q).URL() (-want +got):\n%s", tt.in, diff)
		}
		checkURL(t, r, got)
		back, err := uri.FromURL(got)
		if err != nil || back.Normalize() != r.Normalize() {
			t.Errorf("FromURL(ParseReference(%q).URL()) = %q, %v", tt.in, back, err)
		}
	}
	zoned, _ := url.Parse("http://[fe80::1%25en0]/")
	if _, err := uri.FromURL(zoned); !errors.Is(err, uri.ErrZoneID) {
		t.Errorf("FromURL(zone) = %v, want ErrZoneID", err)
	}
}

// checkURL checks what URL promises: String re-parses to a reference
// equivalent to r (RFC 3986 6.2.2), and the host and port agree.
func checkURL(t *testing.T, r uri.Reference, u *url.URL) {
	t.Helper()
	text := u.String()
	back, err := uri.ParseReference(text)
	if err != nil {
		t.Fatalf("ParseReference(%q).URL().String() = %q: %v", r, text, err)
	}
	if back.Normalize() != r.Normalize() {
		t.Fatalf("ParseReference(%q).URL().String() = %q: not equivalent", r, text)
	}
	if back.Hostname() != r.Hostname() || back.Port() != r.Port() || back.HasPort() != r.HasPort() {
		t.Fatalf("ParseReference(%q).URL().String() = %q: host %q port %q, want %q %q", r, text, back.Hostname(), back.Port(), r.Hostname(), r.Port())
	}
	if r.HasAuthority() && (u.Hostname() != r.Hostname() || u.Port() != r.Port()) {
		t.Fatalf("ParseReference(%q).URL(): Hostname %q Port %q, want %q %q", r, u.Hostname(), u.Port(), r.Hostname(), r.Port())
	}
}

// TestURLNotRepresentable holds references that net/url would change: the
// bridge must refuse them, never return a URL that names something else.
func TestURLNotRepresentable(t *testing.T) {
	tests := []struct {
		in     string
		comp   uri.Component
		offset int
	}{
		{"http://a%3A80/x", uri.ComponentHost, 8},       // would be host "a", port "80"
		{"http://%5B%3A%3A1%5D/", uri.ComponentHost, 7}, // would be [::1]
		{"http://a%5D/", uri.ComponentHost, 8},
		{"http://a%3E/", uri.ComponentHost, 8},
		{"http://a%3c/", uri.ComponentHost, 8},
		{"http://a%22/", uri.ComponentHost, 8},
		{"http://u:p:q@c/", uri.ComponentUserinfo, 10},
		{"http://u!@c/", uri.ComponentUserinfo, 8},
		{"http://u%24@c/", uri.ComponentUserinfo, 8},
		{"http://a%21b/", uri.ComponentHost, 8},
		{"http://a%2Cb:1/", uri.ComponentHost, 8},
		{"http://[v7.a:b!~]/", uri.ComponentHost, 7},          // Hostname would be a reg-name
		{"amqps://[v1.evil.com]:5671/", uri.ComponentHost, 8}, // and dial it
		{"http://h#", uri.ComponentFragment, 8},
		{"foo://", uri.ComponentHost, 4},
		{"foo://?q", uri.ComponentHost, 4},
		{"//", uri.ComponentHost, 0},
		{"///p", uri.ComponentHost, 0},
		{"////p", uri.ComponentHost, 0},
	}
	for _, tt := range tests {
		u, err := uri.MustParseReference(tt.in).URL()
		var e *uri.Error
		if !errors.As(err, &e) || !errors.Is(err, uri.ErrNotRepresentable) || e.Component != tt.comp || e.Offset != tt.offset {
			t.Errorf("ParseReference(%q).URL() = %v, %v; want ErrNotRepresentable in %v at %d", tt.in, u, err, tt.comp, tt.offset)
		}
		if err != nil && strings.Contains(err.Error(), tt.in) {
			t.Errorf("ParseReference(%q).URL() error %q holds the input", tt.in, err)
		}
	}
}
