package uri_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/urikit/urikit/uri"
)

// fromIRITests are written by hand from RFC 3987 3.1 (its examples first)
// and 2.2 (ucschar, iprivate), with the IDNA results of RFC 3987 3.1 and
// RFC 3492's test style.
var fromIRITests = []struct {
	in      string
	want    string // with the host through IDNA
	keepPct string // with IRIHostPercentEncoded
}{
	// RFC 3987 3.1.
	{"http://r\u00e9sum\u00e9.example.org", "http://xn--rsum-bpad.example.org", "http://r%C3%A9sum%C3%A9.example.org"},
	{"http://www.example.org/D\u00fcrst", "http://www.example.org/D%C3%BCrst", "http://www.example.org/D%C3%BCrst"},
	// RFC 3987 3.2's example, the other way.
	{"http://\u7d0d\u8c46.example.org/", "http://xn--99zt52a.example.org/", "http://%E7%B4%8D%E8%B1%86.example.org/"},
	// Every component but the scheme and the port holds ucschar.
	{"foo://\u00fc:\u00e9@h/\u00e9?\u00e9#\u00e9", "foo://%C3%BC:%C3%A9@h/%C3%A9?%C3%A9#%C3%A9", "foo://%C3%BC:%C3%A9@h/%C3%A9?%C3%A9#%C3%A9"},
	{"\u00e9", "%C3%A9", "%C3%A9"},
	{"//m\u00fcnchen.de/", "//xn--mnchen-3ya.de/", "//m%C3%BCnchen.de/"},
	{"http://M\u00dcNCHEN.DE:8080/", "http://xn--mnchen-3ya.de:8080/", "http://M%C3%9CNCHEN.DE:8080/"},
	{"x:\U00010000", "x:%F0%90%80%80", "x:%F0%90%80%80"},
	{"x:\U000E1000", "x:%F3%A1%80%80", "x:%F3%A1%80%80"},
	{"x:?\ue000\U000F0000", "x:?%EE%80%80%F3%B0%80%80", "x:?%EE%80%80%F3%B0%80%80"},
	// An ASCII host with pct-encoding is left as is: it is already a URI.
	{"http://r%C3%A9sum%C3%A9.example.org/\u00e9", "http://r%C3%A9sum%C3%A9.example.org/%C3%A9", "http://r%C3%A9sum%C3%A9.example.org/%C3%A9"},
	// ASCII input is parsed as it is.
	{"HTTP://Example.COM/%7e", "HTTP://Example.COM/%7e", "HTTP://Example.COM/%7e"},
	{"", "", ""},
}

func TestFromIRI(t *testing.T) {
	for _, tt := range fromIRITests {
		got, err := uri.FromIRI(tt.in)
		if err != nil || got.String() != tt.want {
			t.Errorf("FromIRI(%q) = %q, %v, want %q", tt.in, got, err, tt.want)
		}
		got, err = uri.FromIRI(tt.in, uri.IRIHostPercentEncoded)
		if err != nil || got.String() != tt.keepPct {
			t.Errorf("FromIRI(%q, IRIHostPercentEncoded) = %q, %v, want %q", tt.in, got, err, tt.keepPct)
		}
	}
}

var fromIRIErrors = []struct {
	in   string
	err  error
	off  int
	comp uri.Component
}{
	{"http://a/\u202e", uri.ErrIRICharacter, 9, uri.ComponentPath},
	{"http://a/\u200f", uri.ErrIRICharacter, 9, uri.ComponentPath},
	{"http://a/?x\u200e", uri.ErrIRICharacter, 11, uri.ComponentQuery},
	{"http://a/\x80", uri.ErrInvalidUTF8, 9, uri.ComponentPath},
	{"http://a/\xc3", uri.ErrInvalidUTF8, 9, uri.ComponentPath},
	{"http://\u00e9/\xed\xa0\x80", uri.ErrInvalidUTF8, 10, uri.ComponentPath},
	{"http://a/\u0085", uri.ErrIRICharacter, 9, uri.ComponentPath},
	{"http://a/\ufffe", uri.ErrIRICharacter, 9, uri.ComponentPath},
	{"http://a/\ufdd0", uri.ErrIRICharacter, 9, uri.ComponentPath},
	{"http://a/\U000E0001", uri.ErrIRICharacter, 9, uri.ComponentPath},
	{"http://a/\U0001FFFE", uri.ErrIRICharacter, 9, uri.ComponentPath},
	{"http://a/\ue000", uri.ErrIRICharacter, 9, uri.ComponentPath},
	{"http://a/#\ue000", uri.ErrIRICharacter, 10, uri.ComponentFragment},
	{"http://\ue000/", uri.ErrIRICharacter, 7, uri.ComponentHost},
	{"http://a b/\u00e9", uri.ErrInvalidCharacter, 8, uri.ComponentHost},
	{"http://a/\u00e9 ", uri.ErrInvalidCharacter, 11, uri.ComponentPath},
	{"h\u00e9:x", uri.ErrColonInFirstSegment, 3, uri.ComponentPath},
	{"http://[\u00e9]/", uri.ErrIRICharacter, 8, uri.ComponentHost},
	{"\u00e9x:y", uri.ErrColonInFirstSegment, 3, uri.ComponentPath},
	{"http://h:\u00e9/", uri.ErrIRICharacter, 9, uri.ComponentPort},
	{"http://\u00e9_x.com/", uri.ErrIDNA, 7, uri.ComponentHost},
	{"http://u@-\u00e9.com/", uri.ErrIDNA, 9, uri.ComponentHost},
	{"http://\u00e9%FF.com/", uri.ErrInvalidUTF8, 7, uri.ComponentHost},
}

func TestFromIRIErrors(t *testing.T) {
	for _, tt := range fromIRIErrors {
		r, err := uri.FromIRI(tt.in)
		var e *uri.Error
		if !errors.Is(err, tt.err) || !errors.As(err, &e) {
			t.Errorf("FromIRI(%q) = %q, %v, want %v", tt.in, r, err, tt.err)
			continue
		}
		if r != (uri.Reference{}) {
			t.Errorf("FromIRI(%q) returned %q with its error", tt.in, r)
		}
		if e.Offset != tt.off || e.Component != tt.comp {
			t.Errorf("FromIRI(%q): offset %d in %v, want %d in %v", tt.in, e.Offset, e.Component, tt.off, tt.comp)
		}
	}
}

func TestHostASCII(t *testing.T) {
	tests := []struct {
		in, want string
		err      error
	}{
		{"http://r%C3%A9sum%C3%A9.example.org/", "xn--rsum-bpad.example.org", nil},
		{"http://r%c3%a9sum%c3%a9.EXAMPLE.org/", "xn--rsum-bpad.example.org", nil},
		{"http://EXAMPLE.com", "example.com", nil},
		{"http://xn--rsum-bpad.example.org", "xn--rsum-bpad.example.org", nil},
		{"http://example.com.", "example.com.", nil},
		{"http://[2001:DB8::1]/", "[2001:DB8::1]", nil},
		{"http://192.0.2.1/", "192.0.2.1", nil},
		{"file:///x", "", nil},
		{"mailto:x@y", "", nil},
		{"http://a_b.example", "", uri.ErrIDNA},
		{"http://%2A.example", "", uri.ErrIDNA},
		{"http://xn--zz.example", "", uri.ErrIDNA},
		{"http://-a.example", "", uri.ErrIDNA},
		{"http://%FF.example", "", uri.ErrInvalidUTF8},
	}
	for _, tt := range tests {
		got, err := uri.MustParse(tt.in).HostASCII()
		if got != tt.want || !errors.Is(err, tt.err) {
			t.Errorf("HostASCII(%q) = %q, %v, want %q, %v", tt.in, got, err, tt.want, tt.err)
		}
		var e *uri.Error
		if tt.err != nil && (!errors.As(err, &e) || e.Offset != 7 || e.Component != uri.ComponentHost) {
			t.Errorf("HostASCII(%q): error %#v, want offset 7 in the host", tt.in, err)
		}
	}
}

func TestHostUnicode(t *testing.T) {
	tests := []struct {
		in, want string
		err      error
	}{
		{"http://xn--99zt52a.example.org", "\u7d0d\u8c46.example.org", nil},
		{"http://XN--RSUM-BPAD.example.org", "r\u00e9sum\u00e9.example.org", nil},
		{"http://r%C3%A9sum%C3%A9.example.org", "r\u00e9sum\u00e9.example.org", nil},
		{"http://example.com", "example.com", nil},
		{"http://[::1]", "[::1]", nil},
		{"http://xn--zz.example", "", uri.ErrIDNA},
		{"http://%C3.example", "", uri.ErrInvalidUTF8},
	}
	for _, tt := range tests {
		got, err := uri.MustParse(tt.in).HostUnicode()
		if got != tt.want || !errors.Is(err, tt.err) {
			t.Errorf("HostUnicode(%q) = %q, %v, want %q, %v", tt.in, got, err, tt.want, tt.err)
		}
	}
}

// iriTests are written by hand from RFC 3987 3.2 (its examples first).
var iriTests = []struct {
	in, want string
}{
	{"http://www.example.org/D%C3%BCrst", "http://www.example.org/D\u00fcrst"},
	{"http://www.example.org/D%FCrst", "http://www.example.org/D%FCrst"},
	{"http://xn--99zt52a.example.org/%e2%80%ae", "http://\u7d0d\u8c46.example.org/%e2%80%ae"},
	{"http://a/%41%2F%25%3a%7e", "http://a/A%2F%25%3a~"},
	{"http://a/%c3%a9", "http://a/\u00e9"},
	{"http://%C3%A9.example/", "http://\u00e9.example/"},
	{"http://%c3%bc:%C3%A9@%C3%A9/", "http://\u00fc:\u00e9@\u00e9/"},
	{"http://a/?%EE%80%80#%EE%80%80", "http://a/?\ue000#%EE%80%80"},
	{"http://a/%EE%80%80", "http://a/%EE%80%80"},
	{"http://a/%C3", "http://a/%C3"},
	{"http://a/%C3x", "http://a/%C3x"},
	{"http://a/%C3%28", "http://a/%C3%28"},
	{"http://a/%C0%AF", "http://a/%C0%AF"},
	{"http://a/%ED%A0%80", "http://a/%ED%A0%80"},
	{"http://a/%C2%85", "http://a/%C2%85"},
	{"http://a/%E2%80%8F", "http://a/%E2%80%8F"},
	{"http://a/pay%E2%80%8Bpal%C2%AD%EF%BB%BF%C3%A9", "http://a/pay%E2%80%8Bpal%C2%AD%EF%BB%BF\u00e9"},
	{"http://a/?%F3%A0%81%81", "http://a/?%F3%A0%81%81"},
	{"http://a/%F0%90%80%80", "http://a/\U00010000"},
	{"http://a/%F4%90%80%80", "http://a/%F4%90%80%80"},
	{"http://a/%E2%82%AC%E2%82", "http://a/\u20ac%E2%82"},
	{"http://xn--zz.example/%C3%A9", "http://xn--zz.example/\u00e9"},
	{"http://[::1]/%C3%A9", "http://[::1]/\u00e9"},
	{"%C3%A9/a", "\u00e9/a"},
	{"http://example.com/plain", "http://example.com/plain"},
}

func TestIRI(t *testing.T) {
	for _, tt := range iriTests {
		r := uri.MustParseReference(tt.in)
		if got := r.IRI(); got != tt.want {
			t.Errorf("ParseReference(%q).IRI() = %q, want %q", tt.in, got, tt.want)
		}
	}
	r := uri.MustParseReference("http://example.com/plain?q#f")
	if n := testing.AllocsPerRun(100, func() { _ = r.IRI() }); n != 0 {
		t.Errorf("IRI() allocates %v times with nothing to decode", n)
	}
}

// TestHostTooLong: the DNS limits (RFC 1034 3.1, RFC 5890 2.3.2.1), 63
// octets a label and 253 a name without its trailing dot, on the A-label
// form, with the offset of the label that breaks them.
func TestHostTooLong(t *testing.T) {
	a63, a64 := strings.Repeat("a", 63), strings.Repeat("a", 64)
	tests := []struct {
		in  string
		off int // -1: no error
	}{
		{"http://" + a63 + ".é/", -1},
		{"http://" + a64 + ".é/", 7},
		{"http://é." + a64 + "/", 10},
		{"http://é.b." + a64 + "/", 12},
		{"http://" + strings.Repeat("é", 63) + "/", 7}, // 63 code points, but the A-label is longer
		{"http://" + strings.Repeat("é", 64) + "/", 7},
		{"http://" + strings.Repeat("é", 30) + "/", -1},
		{"http://" + a63 + "." + a63 + "." + a63 + "." + strings.Repeat("é", 62) + "/", 7 + 64*3},
		{"http://" + a63 + "." + a63 + "." + a63 + ".é" + strings.Repeat("a", 59) + "/", 7 + 64*3},
		{"http://" + a63 + "." + a63 + "." + a63 + ".é" + strings.Repeat("a", 40) + "/", -1},
		{"http://" + strings.Repeat("a", 60) + "。" + strings.Repeat("b", 60) + "．é/", -1},
		{"http://é%2E" + a64 + "/", 12},
		{"http://" + strings.Repeat("é", 1<<19) + "/", 7}, // 1 MB: fails before IDNA
		{"http://é." + strings.Repeat("a", 1<<20) + "/", 10},
	}
	for _, tt := range tests {
		name := tt.in
		if len(name) > 80 {
			name = name[:80] + "..."
		}
		r, err := uri.FromIRI(tt.in)
		if tt.off < 0 {
			if err != nil {
				t.Errorf("FromIRI(%q) = %v", name, err)
				continue
			}
			if _, err := r.HostUnicode(); err != nil {
				t.Errorf("FromIRI(%q).HostUnicode() = %v, want the host back", name, err)
			}
			continue
		}
		var e *uri.Error
		if !errors.Is(err, uri.ErrHostTooLong) || !errors.As(err, &e) || e.Offset != tt.off || e.Component != uri.ComponentHost {
			t.Errorf("FromIRI(%q) = %v, want ErrHostTooLong at %d", name, err, tt.off)
		}
	}

	ascii := []struct {
		in  string
		off int
	}{
		{"http://" + a63 + "." + a63 + "." + a63 + "." + strings.Repeat("a", 61) + "./", -1}, // 253 and the root
		{"http://" + a63 + "." + a63 + "." + a63 + "." + strings.Repeat("a", 62) + "/", 7 + 64*3},
		{"http://" + a64 + "/", 7},
		{"http://" + strings.Repeat("%61", 64) + "/", 7},
		{"http://b." + strings.Repeat("%C3%A9", 64) + "/", 9},
		{"http://" + strings.Repeat("a", 1<<20) + "/", 7},
		{"http://" + strings.Repeat("%C3%A9", 1<<18) + "/", 7},
	}
	for _, tt := range ascii {
		name := tt.in
		if len(name) > 80 {
			name = name[:80] + "..."
		}
		u := uri.MustParse(tt.in)
		for fn, f := range map[string]func() (string, error){"HostASCII": u.HostASCII, "HostUnicode": u.HostUnicode} {
			_, err := f()
			var e *uri.Error
			switch {
			case tt.off < 0 && err != nil:
				t.Errorf("%s(%q) = %v", fn, name, err)
			case tt.off >= 0 && (!errors.Is(err, uri.ErrHostTooLong) || !errors.As(err, &e) || e.Offset != tt.off):
				t.Errorf("%s(%q) = %v, want ErrHostTooLong at %d", fn, name, err, tt.off)
			}
		}
	}
}
