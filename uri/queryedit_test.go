package uri_test

import (
	"testing"

	"github.com/urikit/urikit/uri"
)

var queryEditTests = []struct {
	in, op, key, value, want string
}{
	{"http://h/p?a=1&b=2#f", "set", "a", "x y", "http://h/p?a=x%20y&b=2#f"},
	{"http://h/p?%61=1&b=2&a=3", "set", "a", "&=", "http://h/p?%61=%26%3D&b=2"},
	{"http://h/p?a&b=%7e", "set", "a", "", "http://h/p?a=&b=%7e"},
	{"http://h/p#f", "set", "k", "v", "http://h/p?k=v#f"},
	{"http://h/p?", "set", "k", "v", "http://h/p?k=v"},
	{"http://h/p?b=2", "add", "a", "1+1", "http://h/p?b=2&a=1%2B1"},
	{"http://h/p?a=1", "add", "a", "2", "http://h/p?a=1&a=2"},
	{"http://h?x", "add", "a b", "c", "http://h?x&a%20b=c"},
	{"http://h/p?a=1&b=2&a=3#f", "delete", "a", "", "http://h/p?b=2#f"},
	{"http://h/p?a=1#f", "delete", "a", "", "http://h/p#f"},
	{"http://h/p?b=1", "delete", "a", "", "http://h/p?b=1"},
	{"http://h/p?a+b=1&a%20b=2", "delete", "a b", "", "http://h/p?a+b=1"},
	{"http://h/p?c=3&a=1&b=2&a=0", "sort", "", "", "http://h/p?a=1&a=0&b=2&c=3"},
	{"http://h/p?%62=1&a=2", "sort", "", "", "http://h/p?a=2&%62=1"},
	{"http://h", "join", "a/b", "", "http://h/a%2Fb"},
	{"http://h/x/", "join", "y", "", "http://h/x/y"},
	{"http://h/x", "join", "..", "", "http://h/x/.."},
	{"mailto:", "join", "a:b", "", "mailto:a:b"},
	{"", "join", "a:b", "", "a%3Ab"},
	{"x:", "join", "", "", "x:"},
	{"//h?q", "join", "a b", "", "//h/a%20b?q"},
}

// TestQueryEdit checks each edit on examples, among them keys encoded and
// repeated, an absent and an empty query, "+" and "%20".
func TestQueryEdit(t *testing.T) {
	for _, tt := range queryEditTests {
		r := uri.MustParseReference(tt.in)
		var got uri.Reference
		var err error
		switch tt.op {
		case "set":
			got, err = r.SetQueryParam(tt.key, tt.value)
		case "add":
			got, err = r.AddQueryParam(tt.key, tt.value)
		case "delete":
			got = r.DeleteQueryParam(tt.key)
		case "sort":
			got = r.SortQuery()
		case "join":
			got, err = r.JoinPath(tt.key)
		}
		if err != nil || got.String() != tt.want {
			t.Errorf("%s %q %q on %q = %q, %v; want %q", tt.op, tt.key, tt.value, tt.in, got, err, tt.want)
		}
	}
}

func TestQueryParam(t *testing.T) {
	u := uri.MustParse("http://h/?a&b=&%63=x+y%2B&c=2")
	for _, tt := range []struct {
		key      string
		form     bool
		value    string
		hasValue bool
		ok       bool
	}{
		{"a", false, "", false, true},
		{"b", false, "", true, true},
		{"c", false, "x+y+", true, true},
		{"c", true, "x y+", true, true},
		{"d", false, "", false, false},
	} {
		get := u.QueryParam
		if tt.form {
			get = u.QueryParamForm
		}
		p, ok := get(tt.key)
		if ok != tt.ok || p.Value != tt.value || p.HasValue != tt.hasValue {
			t.Errorf("QueryParam(%q), form %v = %+v, %v", tt.key, tt.form, p, ok)
		}
	}
}

// TestJoinPathContexts checks the paths that JoinPath must guard: no
// authority and a path that would start with "//", and many segments.
func TestJoinPathContexts(t *testing.T) {
	for _, tt := range []struct {
		in   string
		segs []string
		want string
	}{
		{"x:", []string{"", "", "a"}, "x:/.//a"},
		{"http://h", []string{"a", "", "b"}, "http://h/a//b"},
		{"a/b", []string{"c:d"}, "a/b/c:d"},
		{"", []string{"", "a:b"}, "/a:b"},
	} {
		got, err := uri.MustParseReference(tt.in).JoinPath(tt.segs...)
		if err != nil || got.String() != tt.want {
			t.Errorf("JoinPath(%q, %q) = %q, %v; want %q", tt.in, tt.segs, got, err, tt.want)
		}
		if back, err := uri.ParseReference(got.String()); err != nil || back != got {
			t.Errorf("JoinPath(%q, %q) = %#v; it parses to %#v, %v", tt.in, tt.segs, got, back, err)
		}
	}
}
