package uri_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"log/slog"
	"net/netip"
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
