package uri_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/urikit/urikit/uri"
)

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

func TestEscapeValue(t *testing.T) {
	tests := []struct {
		name string
		f    func(string) string
		c    uri.Component
		in   string
		want string
	}{
		{"EscapeSegment", uri.EscapeSegment, uri.ComponentPath, "AC/DC", "AC%2FDC"},
		{"EscapeSegment", uri.EscapeSegment, uri.ComponentPath, "a:b@c;d=e,f!$&'()*+", "a:b@c;d=e,f!$&'()*+"},
		{"EscapeSegment", uri.EscapeSegment, uri.ComponentPath, "100% a?b#c", "100%25%20a%3Fb%23c"},
		{"EscapeSegment", uri.EscapeSegment, uri.ComponentPath, "..", ".."},
		{"EscapeSegment", uri.EscapeSegment, uri.ComponentPath, "À", "%C3%80"},
		{"EscapeSegment", uri.EscapeSegment, uri.ComponentPath, "", ""},
		{"EscapeUserinfoPart", uri.EscapeUserinfoPart, uri.ComponentUserinfo, "user:name", "user%3Aname"},
		{"EscapeUserinfoPart", uri.EscapeUserinfoPart, uri.ComponentUserinfo, "p@ss:w/rd%", "p%40ss%3Aw%2Frd%25"},
		{"EscapeUserinfoPart", uri.EscapeUserinfoPart, uri.ComponentUserinfo, "a-b._~!$&'()*+,;=", "a-b._~!$&'()*+,;="},
		{"EscapeUserinfoPart", uri.EscapeUserinfoPart, uri.ComponentUserinfo, "[::1]", "%5B%3A%3A1%5D"},
		{"EscapeQueryPart", uri.EscapeQueryPart, uri.ComponentQuery, "rock&roll=x", "rock%26roll%3Dx"},
		{"EscapeQueryPart", uri.EscapeQueryPart, uri.ComponentQuery, "a+b c;d#e", "a%2Bb%20c%3Bd%23e"},
		{"EscapeQueryPart", uri.EscapeQueryPart, uri.ComponentQuery, "/path?x:y@z!$'()*,", "/path?x:y@z!$'()*,"},
		{"EscapeQueryPart", uri.EscapeQueryPart, uri.ComponentQuery, "100%", "100%25"},
		{"EscapeQueryPart", uri.EscapeQueryPart, uri.ComponentQuery, "\x00\x7f\xff", "%00%7F%FF"},
	}
	for _, tt := range tests {
		got := tt.f(tt.in)
		if got != tt.want {
			t.Errorf("%s(%q) = %q, want %q", tt.name, tt.in, got, tt.want)
		}
		back, err := uri.Unescape(got, tt.c)
		if err != nil || back != tt.in {
			t.Errorf("Unescape(%s(%q), %v) = %q, %v, want %q", tt.name, tt.in, tt.c, back, err, tt.in)
		}
	}
}

// TestEscapeValueSets checks every byte against the set that each value
// escaper must keep: the component's characters less the value's
// delimiters.
func TestEscapeValueSets(t *testing.T) {
	for b := 0; b < 256; b++ {
		s := string([]byte{byte(b)})
		inPath := uri.Escape(s, uri.ComponentPath) == s
		inUserinfo := uri.Escape(s, uri.ComponentUserinfo) == s
		inQuery := uri.Escape(s, uri.ComponentQuery) == s
		if got, want := uri.EscapeSegment(s) == s, inPath && b != '/'; got != want {
			t.Errorf("EscapeSegment keeps %q: %v, want %v", s, got, want)
		}
		if got, want := uri.EscapeUserinfoPart(s) == s, inUserinfo && b != ':'; got != want {
			t.Errorf("EscapeUserinfoPart keeps %q: %v, want %v", s, got, want)
		}
		if got, want := uri.EscapeQueryPart(s) == s, inQuery && !strings.ContainsRune("&=+;", rune(b)); got != want {
			t.Errorf("EscapeQueryPart keeps %q: %v, want %v", s, got, want)
		}
	}
}

// TestEscapeValueInReference puts escaped values into a reference and reads
// them back: each stays one value.
func TestEscapeValueInReference(t *testing.T) {
	data := []string{"AC/DC", "a b", "x:y@z", "rock&roll=x+y;z#f?g", "100%", "..", "é", ""}
	for _, d := range data {
		for _, first := range data {
			s := "http://" + uri.EscapeUserinfoPart(d) + ":" + uri.EscapeUserinfoPart(first) + "@h/" +
				uri.EscapeSegment(first) + "/" + uri.EscapeSegment(d) + "?" +
				uri.EscapeQueryPart(d) + "=" + uri.EscapeQueryPart(first)
			u, err := uri.Parse(s)
			if err != nil {
				t.Fatalf("Parse(%q): %v", s, err)
			}
			if user, _ := u.Username(); user != d {
				t.Errorf("%q: Username = %q, want %q", s, user, d)
			}
			if pass, _ := u.Password(); pass != first {
				t.Errorf("%q: Password = %q, want %q", s, pass, first)
			}
			var segs []string
			for seg := range u.Segments() {
				seg, err := uri.Unescape(seg, uri.ComponentPath)
				if err != nil {
					t.Fatal(err)
				}
				segs = append(segs, seg)
			}
			if len(segs) != 2 || segs[0] != first || segs[1] != d {
				t.Errorf("%q: segments %q, want %q", s, segs, []string{first, d})
			}
			n := 0
			for p := range u.QueryPairs() {
				n++
				for _, decode := range []func() (uri.QueryPair, error){p.Decode, p.DecodeForm} {
					got, err := decode()
					if err != nil || got != (uri.QueryPair{Key: d, Value: first, HasValue: true}) {
						t.Errorf("%q: pair %+v, %v, want %q=%q", s, got, err, d, first)
					}
				}
			}
			if n != 1 {
				t.Errorf("%q: %d pairs, want 1", s, n)
			}
		}
	}
}
