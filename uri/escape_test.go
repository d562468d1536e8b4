package uri_test

import (
	"errors"
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
