package uri_test

import (
	"errors"
	"net"
	"net/netip"
	"testing"

	"github.com/urikit/urikit/uri"
)

// edit names one editing function of Reference, so that one table drives
// them all; the URI functions are checked against the same table through
// editURI.
type edit struct {
	name string
	f    func(uri.Reference, string) (uri.Reference, error)
}

var (
	withScheme   = edit{"WithScheme", uri.Reference.WithScheme}
	withUserinfo = edit{"WithUserinfo", uri.Reference.WithUserinfo}
	withHost     = edit{"WithHost", uri.Reference.WithHost}
	withPort     = edit{"WithPort", uri.Reference.WithPort}
	withPath     = edit{"WithPath", uri.Reference.WithPath}
	withQuery    = edit{"WithQuery", uri.Reference.WithQuery}
	withFragment = edit{"WithFragment", uri.Reference.WithFragment}
	without      = func(name string, f func(uri.Reference) uri.Reference) edit {
		return edit{name, func(r uri.Reference, _ string) (uri.Reference, error) { return f(r), nil }}
	}
	withoutUserinfo  = without("WithoutUserinfo", uri.Reference.WithoutUserinfo)
	withoutPort      = without("WithoutPort", uri.Reference.WithoutPort)
	withoutQuery     = without("WithoutQuery", uri.Reference.WithoutQuery)
	withoutFragment  = without("WithoutFragment", uri.Reference.WithoutFragment)
	withoutAuthority = without("WithoutAuthority", uri.Reference.WithoutAuthority)
)

// editURI applies the URI function named like e to u.
func editURI(e edit, u uri.URI, t string) (uri.URI, error) {
	switch e.name {
	case "WithScheme":
		return u.WithScheme(t)
	case "WithUserinfo":
		return u.WithUserinfo(t)
	case "WithHost":
		return u.WithHost(t)
	case "WithPort":
		return u.WithPort(t)
	case "WithPath":
		return u.WithPath(t)
	case "WithQuery":
		return u.WithQuery(t)
	case "WithFragment":
		return u.WithFragment(t)
	case "WithoutUserinfo":
		return u.WithoutUserinfo(), nil
	case "WithoutPort":
		return u.WithoutPort(), nil
	case "WithoutQuery":
		return u.WithoutQuery(), nil
	case "WithoutFragment":
		return u.WithoutFragment(), nil
	case "WithoutAuthority":
		return u.WithoutAuthority(), nil
	}
	panic("unknown edit " + e.name)
}

var editTests = []struct {
	in   string
	e    edit
	text string
	want string // "" with err set: an error
	err  error
	off  int
	comp uri.Component
}{
	// WithScheme
	{in: "http://a/b", e: withScheme, text: "https", want: "https://a/b"},
	{in: "//a/b", e: withScheme, text: "ftp", want: "ftp://a/b"},
	{in: "a/b?q", e: withScheme, text: "x", want: "x:a/b?q"},
	{in: "", e: withScheme, text: "x", want: "x:"},
	{in: "#f", e: withScheme, text: "x", want: "x:#f"},
	{in: "http://a", e: withScheme, text: "", err: uri.ErrInvalidScheme, off: 0, comp: uri.ComponentScheme},
	{in: "http://a", e: withScheme, text: "1a", err: uri.ErrInvalidScheme, off: 0, comp: uri.ComponentScheme},
	{in: "http://a", e: withScheme, text: "ht_p", err: uri.ErrInvalidScheme, off: 2, comp: uri.ComponentScheme},
	{in: "http://a", e: withScheme, text: "http:", err: uri.ErrInvalidScheme, off: 4, comp: uri.ComponentScheme},

	// WithUserinfo and WithoutUserinfo
	{in: "http://a/b", e: withUserinfo, text: "u:p%40w", want: "http://u:p%40w@a/b"},
	{in: "http://x@a/b", e: withUserinfo, text: "", want: "http://@a/b"},
	{in: "http://x@[::1]:8/b", e: withUserinfo, text: "yy", want: "http://yy@[::1]:8/b"},
	{in: "//:1", e: withUserinfo, text: "u", want: "//u@:1"},
	{in: "//", e: withUserinfo, text: "u", want: "//u@"},
	{in: "http://a", e: withUserinfo, text: "u@v", err: uri.ErrInvalidCharacter, off: 1, comp: uri.ComponentUserinfo},
	{in: "http://a", e: withUserinfo, text: "u%4", err: uri.ErrInvalidEscape, off: 1, comp: uri.ComponentUserinfo},
	{in: "mailto:a@b", e: withUserinfo, text: "u", err: uri.ErrAbsent, off: 0, comp: uri.ComponentUserinfo},
	{in: "http://u:p@a/b", e: withoutUserinfo, want: "http://a/b"},
	{in: "//@", e: withoutUserinfo, want: "//"},
	{in: "http://a/b", e: withoutUserinfo, want: "http://a/b"},

	// WithHost
	{in: "http://a/b", e: withHost, text: "example.com", want: "http://example.com/b"},
	{in: "http://u@a:80/b", e: withHost, text: "[2001:db8::1]", want: "http://u@[2001:db8::1]:80/b"},
	{in: "http://a/b", e: withHost, text: "", want: "http:///b"},
	{in: "//:80", e: withHost, text: "h", want: "//h:80"},
	{in: "//", e: withHost, text: "h", want: "//h"},
	{in: "http://a/b", e: withHost, text: "192.0.2.1", want: "http://192.0.2.1/b"},
	{in: "http://a/b", e: withHost, text: "[v7.x:y]", want: "http://[v7.x:y]/b"},
	{in: "file:/x", e: withHost, text: "", want: "file:///x"},
	{in: "/p?q", e: withHost, text: "h", want: "//h/p?q"},
	{in: "x:", e: withHost, text: "h", want: "x://h"},
	{in: "", e: withHost, text: "h", want: "//h"},
	{in: "mailto:a@b", e: withHost, text: "h", err: uri.ErrInvalidPath, off: 0, comp: uri.ComponentHost},
	{in: "a/b", e: withHost, text: "h", err: uri.ErrInvalidPath, off: 0, comp: uri.ComponentHost},
	{in: "http://a", e: withHost, text: "a:80", err: uri.ErrInvalidCharacter, off: 1, comp: uri.ComponentHost},
	{in: "http://a", e: withHost, text: "a b", err: uri.ErrInvalidCharacter, off: 1, comp: uri.ComponentHost},
	{in: "http://a", e: withHost, text: "[::1", err: uri.ErrInvalidIPLiteral, off: 4, comp: uri.ComponentHost},
	{in: "http://a", e: withHost, text: "[::1]x", err: uri.ErrInvalidCharacter, off: 5, comp: uri.ComponentHost},
	{in: "http://a", e: withHost, text: "[fe80::1%25e]", err: uri.ErrZoneID, off: 8, comp: uri.ComponentHost},

	// WithoutAuthority
	{in: "http://u@a:1/b?q#f", e: withoutAuthority, want: "http:/b?q#f"},
	{in: "x://h//p", e: withoutAuthority, want: "x:/.//p"},
	{in: "//h", e: withoutAuthority, want: ""},
	{in: "//h//p", e: withoutAuthority, want: "/.//p"},
	{in: "//h/a:b", e: withoutAuthority, want: "/a:b"},
	{in: "x:/p", e: withoutAuthority, want: "x:/p"},

	// WithPort and WithoutPort
	{in: "http://a/b", e: withPort, text: "8080", want: "http://a:8080/b"},
	{in: "http://a:1/b", e: withPort, text: "", want: "http://a:/b"},
	{in: "http://[::1]:1", e: withPort, text: "99999", want: "http://[::1]:99999"},
	{in: "//", e: withPort, text: "1", want: "//:1"},
	{in: "http://a", e: withPort, text: "8o", err: uri.ErrInvalidPort, off: 1, comp: uri.ComponentPort},
	{in: "http:/a", e: withPort, text: "80", err: uri.ErrAbsent, off: 0, comp: uri.ComponentPort},
	{in: "http://a:80/b", e: withoutPort, want: "http://a/b"},
	{in: "http://a:/b", e: withoutPort, want: "http://a/b"},
	{in: "//a:80", e: withoutPort, want: "//a"},

	// WithPath
	{in: "http://a/b?q", e: withPath, text: "/x/y", want: "http://a/x/y?q"},
	{in: "http://a/b?q", e: withPath, text: "", want: "http://a?q"},
	{in: "http://a", e: withPath, text: "//x", want: "http://a//x"},
	{in: "mailto:a@b", e: withPath, text: "c@d", want: "mailto:c@d"},
	{in: "x:/a", e: withPath, text: "b:c", want: "x:b:c"},
	{in: "a?q", e: withPath, text: "./a:b", want: "./a:b?q"},
	{in: "a?q", e: withPath, text: "b/c:d", want: "b/c:d?q"},
	{in: "a", e: withPath, text: "", want: ""},
	{in: "http://a/b", e: withPath, text: "x", err: uri.ErrInvalidPath, off: 0, comp: uri.ComponentPath},
	{in: "x:/a", e: withPath, text: "//b", err: uri.ErrInvalidPath, off: 1, comp: uri.ComponentPath},
	{in: "/a", e: withPath, text: "//b", err: uri.ErrInvalidPath, off: 1, comp: uri.ComponentPath},
	{in: "a", e: withPath, text: "b:c", err: uri.ErrColonInFirstSegment, off: 1, comp: uri.ComponentPath},
	{in: "a", e: withPath, text: "b%zz", err: uri.ErrInvalidEscape, off: 1, comp: uri.ComponentPath},
	{in: "http://a", e: withPath, text: "/a?b", err: uri.ErrInvalidCharacter, off: 2, comp: uri.ComponentPath},
	{in: "http://a", e: withPath, text: "/a b", err: uri.ErrInvalidCharacter, off: 2, comp: uri.ComponentPath},

	// WithQuery and WithoutQuery
	{in: "http://a/b#f", e: withQuery, text: "x=1&y=/?", want: "http://a/b?x=1&y=/?#f"},
	{in: "http://a/b?old#f", e: withQuery, text: "", want: "http://a/b?#f"},
	{in: "", e: withQuery, text: "q", want: "?q"},
	{in: "http://a", e: withQuery, text: "a#b", err: uri.ErrInvalidCharacter, off: 1, comp: uri.ComponentQuery},
	{in: "http://a", e: withQuery, text: "%", err: uri.ErrInvalidEscape, off: 0, comp: uri.ComponentQuery},
	{in: "http://a/b?q#f", e: withoutQuery, want: "http://a/b#f"},
	{in: "http://a/b?", e: withoutQuery, want: "http://a/b"},
	{in: "http://a/b#f", e: withoutQuery, want: "http://a/b#f"},

	// WithFragment and WithoutFragment
	{in: "http://a/b?q", e: withFragment, text: "sec/2?x", want: "http://a/b?q#sec/2?x"},
	{in: "http://a/b#old", e: withFragment, text: "", want: "http://a/b#"},
	{in: "http://a", e: withFragment, text: "a#b", err: uri.ErrInvalidCharacter, off: 1, comp: uri.ComponentFragment},
	{in: "http://a/b?q#f", e: withoutFragment, want: "http://a/b?q"},
	{in: "#", e: withoutFragment, want: ""},
}

func TestEdit(t *testing.T) {
	for _, tt := range editTests {
		r := uri.MustParseReference(tt.in)
		before := r
		got, err := tt.e.f(r, tt.text)
		if r != before {
			t.Errorf("%s(%q) on %q changed the receiver", tt.e.name, tt.text, tt.in)
		}
		if tt.err != nil {
			var e *uri.Error
			if !errors.As(err, &e) || !errors.Is(err, tt.err) || e.Offset != tt.off || e.Component != tt.comp {
				t.Errorf("ParseReference(%q).%s(%q) error = %v, want %v at %s offset %d", tt.in, tt.e.name, tt.text, err, tt.err, tt.comp, tt.off)
			}
			if got != (uri.Reference{}) {
				t.Errorf("ParseReference(%q).%s(%q) = %q with an error, want the zero value", tt.in, tt.e.name, tt.text, got)
			}
			continue
		}
		if err != nil || got.String() != tt.want {
			t.Errorf("ParseReference(%q).%s(%q) = %q, %v; want %q", tt.in, tt.e.name, tt.text, got, err, tt.want)
			continue
		}
		checkEdited(t, got)
		if u, ok := r.URI(); ok {
			gu, err := editURI(tt.e, u, tt.text)
			if err != nil || gu.String() != tt.want {
				t.Errorf("Parse(%q).%s(%q) = %q, %v; want %q", tt.in, tt.e.name, tt.text, gu, err, tt.want)
			}
		}
	}
}

// checkEdited requires an edited value to equal the value that parsing its
// text gives, offsets and host kind included (== compares them all).
func checkEdited(t *testing.T, got uri.Reference) {
	t.Helper()
	if err := uri.CheckConsistency(got); err != nil {
		t.Errorf("edited %q: %v", got, err)
	}
	if re, err := uri.ParseReference(got.String()); err != nil || re != got {
		t.Errorf("edited %q does not equal its re-parse (%v)", got, err)
	}
}

func TestSpan(t *testing.T) {
	const in = "foo://user@example.com:8042/over/there?name=ferret#nose"
	r := uri.MustParseReference(in)
	want := map[uri.Component]string{
		uri.ComponentScheme:   "foo",
		uri.ComponentUserinfo: "user",
		uri.ComponentHost:     "example.com",
		uri.ComponentPort:     "8042",
		uri.ComponentPath:     "/over/there",
		uri.ComponentQuery:    "name=ferret",
		uri.ComponentFragment: "nose",
	}
	for c, w := range want {
		start, end, ok := r.Span(c)
		if !ok || in[start:end] != w {
			t.Errorf("Span(%s) = %d, %d, %v; want the text %q", c, start, end, ok, w)
		}
	}
	// Absent and empty.
	tests := []struct {
		in    string
		c     uri.Component
		start int
		end   int
		ok    bool
	}{
		{"a/b", uri.ComponentScheme, 0, 0, false},
		{"a/b", uri.ComponentHost, 0, 0, false},
		{"a/b", uri.ComponentPath, 0, 3, true},
		{"x:", uri.ComponentPath, 2, 2, true},
		{"x://", uri.ComponentHost, 4, 4, true},
		{"x://", uri.ComponentUserinfo, 0, 0, false},
		{"x://@", uri.ComponentUserinfo, 4, 4, true},
		{"x://h:", uri.ComponentPort, 6, 6, true},
		{"x://h", uri.ComponentPort, 0, 0, false},
		{"x:?", uri.ComponentQuery, 3, 3, true},
		{"x:", uri.ComponentQuery, 0, 0, false},
		{"x:#", uri.ComponentFragment, 3, 3, true},
		{"x:?#", uri.ComponentFragment, 4, 4, true},
		{"x:", uri.ComponentFragment, 0, 0, false},
		{"x:", uri.Component(0), 0, 0, false},
		{"x:", uri.Component(99), 0, 0, false},
	}
	for _, tt := range tests {
		start, end, ok := uri.MustParseReference(tt.in).Span(tt.c)
		if start != tt.start || end != tt.end || ok != tt.ok {
			t.Errorf("ParseReference(%q).Span(%s) = %d, %d, %v; want %d, %d, %v", tt.in, tt.c, start, end, ok, tt.start, tt.end, tt.ok)
		}
	}
}

// sinkInt is a typed sink: boxing a value into sink would allocate by
// itself (sinkURI, of resolve_test.go, is the URI one).
var sinkInt int

func TestEditAllocs(t *testing.T) {
	u := uri.MustParse("http://u:p@a:80/b?q#f")
	plain := uri.MustParse("http://a/b")
	noAuth := uri.MustParse("x:/p")
	tests := []struct {
		name string
		max  float64
		f    func()
	}{
		{"WithHost", 1, func() { sinkURI, _ = u.WithHost("example.com") }},
		{"WithPath", 1, func() { sinkURI, _ = u.WithPath("/x/y") }},
		{"WithQuery", 1, func() { sinkURI, _ = u.WithQuery("x=1") }},
		{"WithPort", 1, func() { sinkURI, _ = u.WithPort("8080") }},
		{"WithScheme", 1, func() { sinkURI, _ = u.WithScheme("https") }},
		{"WithUserinfo", 1, func() { sinkURI, _ = u.WithUserinfo("v") }},
		{"WithFragment", 1, func() { sinkURI, _ = u.WithFragment("g") }},
		{"WithoutUserinfo", 1, func() { sinkURI = u.WithoutUserinfo() }},
		{"WithoutPort", 1, func() { sinkURI = u.WithoutPort() }},
		{"WithoutQuery", 1, func() { sinkURI = u.WithoutQuery() }},
		{"WithoutAuthority", 1, func() { sinkURI = u.WithoutAuthority() }},
		{"WithoutFragment", 0, func() { sinkURI = u.WithoutFragment() }},
		{"WithoutUserinfo/absent", 0, func() { sinkURI = plain.WithoutUserinfo() }},
		{"WithoutPort/absent", 0, func() { sinkURI = plain.WithoutPort() }},
		{"WithoutQuery/absent", 0, func() { sinkURI = plain.WithoutQuery() }},
		{"WithoutFragment/absent", 0, func() { sinkURI = plain.WithoutFragment() }},
		{"WithoutAuthority/absent", 0, func() { sinkURI = noAuth.WithoutAuthority() }},
		{"Span", 0, func() { s, e, _ := u.Span(uri.ComponentHost); sinkInt = s + e }},
	}
	for _, tt := range tests {
		if n := testing.AllocsPerRun(100, tt.f); n > tt.max {
			t.Errorf("%s: %v allocations, want at most %v", tt.name, n, tt.max)
		}
	}
}

func TestHostnameAddrPortCredentials(t *testing.T) {
	tests := []struct {
		in       string
		hostname string
		addrPort string // "" when ok is false
		user     string
		hasUser  bool
		pass     string
		hasPass  bool
	}{
		{"http://[2001:db8::1]:8080/", "2001:db8::1", "[2001:db8::1]:8080", "", false, "", false},
		{"http://192.0.2.1:80/", "192.0.2.1", "192.0.2.1:80", "", false, "", false},
		{"http://192.0.2.1/", "192.0.2.1", "", "", false, "", false},
		{"http://192.0.2.1:99999/", "192.0.2.1", "", "", false, "", false},
		{"http://192.0.2.1:/", "192.0.2.1", "", "", false, "", false},
		{"http://ex%41mple.com:1/", "exAmple.com", "", "", false, "", false},
		{"http://a%3A80/", "a:80", "", "", false, "", false},
		{"http://[v1.x]/", "[v1.x]", "", "", false, "", false},
		{"mailto:a@b", "", "", "", false, "", false},
		{"http://u:@h", "h", "", "u", true, "", true},
		{"http://u@h", "h", "", "u", true, "", false},
		{"http://@h", "h", "", "", true, "", false},
		{"http://:@h", "h", "", "", true, "", true},
		{"http://us%3Aer:p%40ss:word@h", "h", "", "us:er", true, "p@ss:word", true},
		{"http://%FF:%00@h", "h", "", "\xff", true, "\x00", true},
	}
	for _, tt := range tests {
		u := uri.MustParse(tt.in)
		if got := u.Hostname(); got != tt.hostname {
			t.Errorf("Parse(%q).Hostname() = %q, want %q", tt.in, got, tt.hostname)
		}
		ap, ok := u.AddrPort()
		if got := ""; ok {
			got = ap.String()
			if got != tt.addrPort {
				t.Errorf("Parse(%q).AddrPort() = %v, want %q", tt.in, got, tt.addrPort)
			}
		} else if tt.addrPort != "" {
			t.Errorf("Parse(%q).AddrPort() not ok, want %q", tt.in, tt.addrPort)
		}
		if user, ok := u.Username(); user != tt.user || ok != tt.hasUser {
			t.Errorf("Parse(%q).Username() = %q, %v; want %q, %v", tt.in, user, ok, tt.user, tt.hasUser)
		}
		if pass, ok := u.Password(); pass != tt.pass || ok != tt.hasPass {
			t.Errorf("Parse(%q).Password() = %q, %v; want %q, %v", tt.in, pass, ok, tt.pass, tt.hasPass)
		}
	}
	u := uri.MustParse("http://[2001:db8::1]:8080/")
	if got := net.JoinHostPort(u.Hostname(), u.Port()); got != "[2001:db8::1]:8080" {
		t.Errorf("net.JoinHostPort(Hostname, Port) = %q", got)
	}
	if ap, _ := u.AddrPort(); ap != netip.MustParseAddrPort("[2001:db8::1]:8080") {
		t.Errorf("AddrPort() = %v", ap)
	}
}
