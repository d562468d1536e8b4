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
		{"http://u:p%40@h:8080/a%2Fb?q#f%20g", url.URL{Scheme: "http", User: url.UserPassword("u", "p@"), Host: "h:8080", Path: "/a/b", RawPath: "/a%2Fb", RawQuery: "q", Fragment: "f g", RawFragment: "f%20g"}},
		{"mailto:a@b", url.URL{Scheme: "mailto", Opaque: "a@b"}},
		{"HTTP://h?", url.URL{Scheme: "HTTP", Host: "h", ForceQuery: true}},
		{"x:/p", url.URL{Scheme: "x", Path: "/p", OmitHost: true}},
		{"file:///etc", url.URL{Scheme: "file", Path: "/etc"}},
	}
	for _, tt := range tests {
		got := uri.MustParseReference(tt.in).URL()
		if diff := cmp.Diff(&tt.want, got, cmp.Comparer(func(a, b *url.Userinfo) bool { return a.String() == b.String() })); diff != "" {
			t.Errorf("ParseReference(%q).URL() (-want +got):\n%s", tt.in, diff)
		}
		back, err := uri.FromURL(got)
		if err != nil || back.String() != tt.in && !strings.EqualFold(back.String(), tt.in) {
			t.Errorf("FromURL(ParseReference(%q).URL()) = %q, %v", tt.in, back, err)
		}
	}
	zoned, _ := url.Parse("http://[fe80::1%25en0]/")
	if _, err := uri.FromURL(zoned); !errors.Is(err, uri.ErrZoneID) {
		t.Errorf("FromURL(zone) = %v, want ErrZoneID", err)
	}
}
