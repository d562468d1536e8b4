package uri_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"log/slog"
	"net/netip"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/google/go-cmp/cmp"
	"github.com/urikit/urikit/uri"
)

func TestRedacted(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://user:secret@h/p", "http://user:xxxxx@h/p"},
		{"http://user:@h/p", "http://user:@h/p"}, // empty password: nothing to hide (3.2.1)
		{"http://user@h/p", "http://user@h/p"},
		{"http://:pw@h", "http://:xxxxx@h"},
		{"http://u:p:q@h", "http://u:xxxxx@h"}, // everything after the first ":"
		{"//u:%41@h?x#y", "//u:xxxxx@h?x#y"},
		{"http://h/user:secret@x", "http://h/user:secret@x"}, // a path, not a userinfo
		{"mailto:a@b", "mailto:a@b"},
	}
	for _, tt := range tests {
		r := uri.MustParseReference(tt.in)
		if got := r.Redacted(); got != tt.want {
			t.Errorf("ParseReference(%q).Redacted() = %q, want %q", tt.in, got, tt.want)
		}
		if got := r.LogValue().String(); got != tt.want {
			t.Errorf("ParseReference(%q).LogValue() = %q, want %q", tt.in, got, tt.want)
		}
	}
	var buf bytes.Buffer
	slog.New(slog.NewJSONHandler(&buf, nil)).Info("connect", "uri", uri.MustParse("amqp://guest:hunter2@h/"))
	if strings.Contains(buf.String(), "hunter2") || !strings.Contains(buf.String(), "guest:xxxxx@h") {
		t.Errorf("slog record = %s", buf.String())
	}
}

func TestPortNumber(t *testing.T) {
	tests := []struct {
		in   string
		port int
		ok   bool
	}{
		{"//h:80", 80, true},
		{"//h:080", 80, true},
		{"//h:0", 0, true},
		{"//h:65535", 65535, true},
		{"//h:65536", 0, false},
		{"//h:99999999999999999999999", 0, false},
		{"//h:", 0, false},
		{"//h", 0, false},
		{"x:y", 0, false},
	}
	for _, tt := range tests {
		port, ok := uri.MustParseReference(tt.in).PortNumber()
		if port != tt.port || ok != tt.ok {
			t.Errorf("ParseReference(%q).PortNumber() = %d, %v, want %d, %v", tt.in, port, ok, tt.port, tt.ok)
		}
	}
}

func TestSegments(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"/", []string{""}},
		{"//h", nil},
		{"/a/b/", []string{"a", "b", ""}},
		{"a/b", []string{"a", "b"}},
		{"x:a//b", []string{"a", "", "b"}},
		{"http://h/%2F/c?q", []string{"%2F", "c"}},
	}
	for _, tt := range tests {
		got := slices.Collect(uri.MustParseReference(tt.in).Segments())
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("ParseReference(%q).Segments() (-want +got):\n%s", tt.in, diff)
		}
	}
	// Stopping early stops the iterator.
	for s := range uri.MustParseReference("/a/b/c").Segments() {
		if s != "a" {
			t.Errorf("first segment %q", s)
		}
		break
	}
}

func TestAddr(t *testing.T) {
	tests := []struct {
		in   string
		want netip.Addr
		ok   bool
	}{
		{"//192.0.2.1", netip.MustParseAddr("192.0.2.1"), true},
		{"//[2001:db8::1]:80", netip.MustParseAddr("2001:db8::1"), true},
		{"//[::ffff:1.2.3.4]", netip.MustParseAddr("::ffff:1.2.3.4"), true},
		{"//[v1.x]", netip.Addr{}, false},
		{"//example.com", netip.Addr{}, false},
		{"//01.2.3.4", netip.Addr{}, false},
		{"x:/p", netip.Addr{}, false},
	}
	for _, tt := range tests {
		got, ok := uri.MustParseReference(tt.in).Addr()
		if got != tt.want || ok != tt.ok {
			t.Errorf("ParseReference(%q).Addr() = %v, %v, want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestText(t *testing.T) {
	in := "HTTP://u:p@H/%7e?#"
	u := uri.MustParse(in)
	b, err := u.MarshalText()
	if err != nil || string(b) != in {
		t.Fatalf("MarshalText() = %q, %v", b, err)
	}
	var back uri.URI
	if err := back.UnmarshalText(b); err != nil || back != u {
		t.Fatalf("UnmarshalText(%q) = %v, %v", b, back, err)
	}
	if err := back.UnmarshalText([]byte("rel/ative")); !errors.Is(err, uri.ErrMissingScheme) {
		t.Errorf("URI.UnmarshalText(relative) = %v, want ErrMissingScheme", err)
	}
	var zero uri.URI
	if err := zero.UnmarshalText(nil); err != nil || zero != (uri.URI{}) {
		t.Errorf("URI.UnmarshalText(empty) = %v", err)
	}
	type doc struct {
		Base uri.URI
		Link uri.Reference
	}
	js, err := json.Marshal(doc{u, uri.MustParseReference("../a#")})
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"Base":"HTTP://u:p@H/%7e?#","Link":"../a#"}`; string(js) != want {
		t.Errorf("json = %s, want %s", js, want)
	}
	var d doc
	if err := json.Unmarshal(js, &d); err != nil || d.Base != u || d.Link.String() != "../a#" {
		t.Errorf("json round trip = %+v, %v", d, err)
	}
	if got := string(u.AppendTo([]byte("<"))); got != "<"+in {
		t.Errorf("AppendTo = %q", got)
	}
}

func TestCompare(t *testing.T) {
	// Sorted by text, byte by byte.
	sorted := []string{"A:", "a:", "a:/", "a://", "b:c", "http://a", "http://a/"}
	for i, a := range sorted {
		for j, b := range sorted {
			want := 0
			switch {
			case i < j:
				want = -1
			case i > j:
				want = 1
			}
			ua, ub := uri.MustParse(a), uri.MustParse(b)
			if got := ua.Compare(ub); got != want {
				t.Errorf("Compare(%q, %q) = %d, want %d", a, b, got, want)
			}
			if ua.Equal(ub) != (i == j) || ua.Reference().Equal(ub.Reference()) != (i == j) {
				t.Errorf("Equal(%q, %q) wrong", a, b)
			}
		}
	}
}

func TestEscape(t *testing.T) {
	tests := []struct {
		in   string
		c    uri.Component
		want string
	}{
		{"a b/c?d#e", uri.ComponentPath, "a%20b/c%3Fd%23e"},
		{"100%", uri.ComponentQuery, "100%25"},
		{"a=b&c/d?e", uri.ComponentQuery, "a=b&c/d?e"},
		{"a#b", uri.ComponentFragment, "a%23b"},
		{"user@host:pw", uri.ComponentUserinfo, "user%40host:pw"},
		{"ex ample.com:80", uri.ComponentHost, "ex%20ample.com%3A80"},
		{"À", uri.ComponentPath, "%C3%80"},
		{"ア", uri.ComponentPath, "%E3%82%A2"},
		{"Laguna Beach", uri.ComponentPath, "Laguna%20Beach"},
		{"a:b@c", uri.ComponentPath, "a:b@c"},
		{"\x00\x7f\xff", uri.ComponentQuery, "%00%7F%FF"},
	}
	for _, tt := range tests {
		got := uri.Escape(tt.in, tt.c)
		if got != tt.want {
			t.Errorf("Escape(%q, %v) = %q, want %q", tt.in, tt.c, got, tt.want)
		}
		back, err := uri.Unescape(got, tt.c)
		if err != nil || back != tt.in {
			t.Errorf("Unescape(%q, %v) = %q, %v, want %q", got, tt.c, back, err, tt.in)
		}
	}
	errTests := []struct {
		in     string
		c      uri.Component
		err    error
		offset int
	}{
		{"a%", uri.ComponentPath, uri.ErrInvalidEscape, 1},
		{"a%2", uri.ComponentQuery, uri.ErrInvalidEscape, 1},
		{"%g0", uri.ComponentFragment, uri.ErrInvalidEscape, 0},
		{"a b", uri.ComponentPath, uri.ErrInvalidCharacter, 1},
		{"a/b", uri.ComponentHost, uri.ErrInvalidCharacter, 1},
		{"a#", uri.ComponentQuery, uri.ErrInvalidCharacter, 1},
		{"8%30", uri.ComponentPort, uri.ErrInvalidCharacter, 1},
		{"[::1", uri.ComponentHost, uri.ErrInvalidIPLiteral, 4},
		{"[::1]x", uri.ComponentHost, uri.ErrInvalidCharacter, 5},
		{"[fe80::1%25en0]", uri.ComponentHost, uri.ErrZoneID, 8},
	}
	for _, h := range []string{"[::1]", "[v1.x]", "[2001:DB8::7]"} {
		if got, err := uri.Unescape(h, uri.ComponentHost); got != h || err != nil {
			t.Errorf("Unescape(%q, ComponentHost) = %q, %v, want it unchanged", h, got, err)
		}
	}
	for _, tt := range errTests {
		_, err := uri.Unescape(tt.in, tt.c)
		var e *uri.Error
		if !errors.As(err, &e) || !errors.Is(err, tt.err) || e.Offset != tt.offset || e.Component != tt.c {
			t.Errorf("Unescape(%q, %v) = %v, want %v at %d", tt.in, tt.c, err, tt.err, tt.offset)
		}
	}
}

func TestComponents(t *testing.T) {
	ok := []uri.Components{
		{Scheme: "http", HasAuthority: true, Host: "h", Path: "/p"},
		{HasAuthority: true},
		{Path: "./a:b"},
		{Scheme: "x", Path: "/.//y"},
		{Scheme: "s", HasAuthority: true, Userinfo: "", HasUserinfo: true, Host: "[::1]", HasPort: true},
		{HasQuery: true, HasFragment: true},
	}
	for _, p := range ok {
		r, err := p.Reference()
		if err != nil {
			t.Errorf("%+v.Reference() = %v", p, err)
			continue
		}
		if diff := cmp.Diff(p, r.Components()); diff != "" {
			t.Errorf("%+v.Reference().Components() (-want +got):\n%s", p, diff)
		}
	}
	bad := []struct {
		p      uri.Components
		err    error
		comp   uri.Component
		offset int
	}{
		{uri.Components{Scheme: "1x"}, uri.ErrInvalidScheme, uri.ComponentScheme, 0},
		{uri.Components{Scheme: "x_y"}, uri.ErrInvalidScheme, uri.ComponentScheme, 1},
		{uri.Components{Path: "//x"}, uri.ErrInvalidPath, uri.ComponentPath, 1},
		{uri.Components{Scheme: "x", Path: "//x"}, uri.ErrInvalidPath, uri.ComponentPath, 1},
		{uri.Components{HasAuthority: true, Path: "p"}, uri.ErrInvalidPath, uri.ComponentPath, 0},
		{uri.Components{Path: "a:b"}, uri.ErrColonInFirstSegment, uri.ComponentPath, 1},
		{uri.Components{Path: "a?b"}, uri.ErrInvalidCharacter, uri.ComponentPath, 1},
		{uri.Components{Host: "h"}, uri.ErrAbsent, uri.ComponentHost, 0},
		{uri.Components{Query: "q"}, uri.ErrAbsent, uri.ComponentQuery, 0},
		{uri.Components{Fragment: "f"}, uri.ErrAbsent, uri.ComponentFragment, 0},
		{uri.Components{HasAuthority: true, Userinfo: "u"}, uri.ErrAbsent, uri.ComponentUserinfo, 0},
		{uri.Components{HasAuthority: true, Port: "1"}, uri.ErrAbsent, uri.ComponentPort, 0},
		{uri.Components{HasAuthority: true, HasUserinfo: true, Userinfo: "a@b"}, uri.ErrInvalidCharacter, uri.ComponentUserinfo, 1},
		{uri.Components{HasAuthority: true, Host: "a:1"}, uri.ErrInvalidCharacter, uri.ComponentHost, 1},
		{uri.Components{HasAuthority: true, Host: "[::1]x"}, uri.ErrInvalidCharacter, uri.ComponentHost, 5},
		{uri.Components{HasAuthority: true, Host: "[fe80::1%25x]"}, uri.ErrZoneID, uri.ComponentHost, 8},
		{uri.Components{HasAuthority: true, HasPort: true, Port: "8a"}, uri.ErrInvalidPort, uri.ComponentPort, 1},
		{uri.Components{HasQuery: true, Query: "a#"}, uri.ErrInvalidCharacter, uri.ComponentQuery, 1},
		{uri.Components{HasFragment: true, Fragment: "%"}, uri.ErrInvalidEscape, uri.ComponentFragment, 0},
	}
	for _, tt := range bad {
		_, err := tt.p.Reference()
		var e *uri.Error
		if !errors.As(err, &e) || !errors.Is(err, tt.err) || e.Component != tt.comp || e.Offset != tt.offset {
			t.Errorf("%+v.Reference() = %v, want %v in %v at %d", tt.p, err, tt.err, tt.comp, tt.offset)
		}
	}
	if _, err := (uri.Components{Path: "p"}).URI(); !errors.Is(err, uri.ErrMissingScheme) {
		t.Errorf("Components without scheme: URI() = %v, want ErrMissingScheme", err)
	}
}

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

func TestMustPanics(t *testing.T) {
	for name, f := range map[string]func(){
		"MustParse":          func() { uri.MustParse("rel") },
		"MustParseReference": func() { uri.MustParseReference("a b") },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s did not panic", name)
				}
			}()
			f()
		}()
	}
}

func TestTooLong(t *testing.T) {
	// A string header claiming 4 GiB over one real byte: the length check
	// comes before any byte is read, so no memory past the byte is touched.
	if strconv.IntSize < 64 {
		t.Skip("no string reaches 4 GiB where int has 32 bits")
	}
	if raceEnabled {
		t.Skip("checkptr rejects the string header this test forges")
	}
	size := uint64(1) << 32
	b := []byte{'a'}
	huge := unsafe.String(&b[0], int(size))
	for name, f := range map[string]func() error{
		"Parse":          func() error { _, err := uri.Parse(huge); return err },
		"ParseReference": func() error { _, err := uri.ParseReference(huge); return err },
	} {
		var e *uri.Error
		err := f()
		if !errors.As(err, &e) || !errors.Is(err, uri.ErrTooLong) || e.Offset != int(size-1) {
			t.Errorf("%s(4 GiB) = %v, want ErrTooLong", name, err)
		}
	}
}
