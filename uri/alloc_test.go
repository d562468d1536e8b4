package uri_test

import (
	"testing"

	"github.com/urikit/urikit/uri"
)

var sink any

// TestNoAllocs requires parsing, every accessor and AppendTo into a sized
// buffer to make no allocation.
func TestNoAllocs(t *testing.T) {
	const in = "foo://user@[2001:db8::7]:8042/over/there?name=ferret#nose"
	r := uri.MustParseReference(in)
	u := uri.MustParse(in)
	v4 := uri.MustParse("http://192.0.2.16:80/a/b")
	buf := make([]byte, 0, 128)
	tests := []struct {
		name string
		f    func()
	}{
		{"Parse", func() { u, _ = uri.Parse(in) }},
		{"ParseReference", func() { r, _ = uri.ParseReference(in) }},
		{"ParseReference/relative", func() { r, _ = uri.ParseReference("../a/b;p?q=1#f") }},
		{"String", func() { sink = len(r.String()) }},
		{"Scheme", func() { sink = len(r.Scheme()) + len(u.Scheme()) }},
		{"Has", func() {
			sink = r.HasScheme() && r.HasAuthority() && r.HasUserinfo() && r.HasPort() && r.HasQuery() && r.HasFragment()
		}},
		{"Authority", func() { sink = len(r.Authority()) }},
		{"Userinfo", func() { sink = len(r.Userinfo()) }},
		{"Host", func() { sink = len(r.Host()) + int(r.HostKind()) }},
		{"Port", func() { sink = len(r.Port()) }},
		{"PortNumber", func() { p, _ := r.PortNumber(); sink = p }},
		{"Path", func() { sink = len(r.Path()) }},
		{"Query", func() { sink = len(r.Query()) }},
		{"Fragment", func() { sink = len(r.Fragment()) }},
		{"Addr/IPv6", func() { a, _ := r.Addr(); sink = a.Is6() }},
		{"Addr/IPv4", func() { a, _ := v4.Addr(); sink = a.Is4() }},
		{"Segments", func() {
			n := 0
			for s := range r.Segments() {
				n += len(s)
			}
			sink = n
		}},
		{"AppendTo", func() { buf = r.AppendTo(buf[:0]) }},
		{"Redacted/no password", func() { sink = len(r.Redacted()) }},
		{"Equal", func() { sink = u.Equal(u) && r.Equal(r) }},
		{"Compare", func() { sink = u.Compare(u) + r.Compare(r) }},
		{"URI", func() { u, _ = r.URI() }},
		{"Reference", func() { r = u.Reference() }},
		{"IsAbsolute", func() { sink = u.IsAbsolute() }},
		{"Components", func() { sink = len(r.Components().Host) }},
		{"LogValue/no password", func() { sink = r.LogValue().Kind() }},
		{"Escape/nothing to escape", func() { sink = len(uri.Escape("a/b", uri.ComponentPath)) }},
		{"Unescape/no escapes", func() { s, _ := uri.Unescape("a/b", uri.ComponentPath); sink = len(s) }},
	}
	for _, tt := range tests {
		if n := testing.AllocsPerRun(100, tt.f); n != 0 {
			t.Errorf("%s: %v allocations, want 0", tt.name, n)
		}
	}
}
