package uri_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urikit/urikit/uri"
)

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
		{uri.Components{HasPort: true}, uri.ErrAbsent, uri.ComponentPort, 0},
		{uri.Components{HasPort: true, Port: "80"}, uri.ErrAbsent, uri.ComponentPort, 0},
		{uri.Components{HasUserinfo: true}, uri.ErrAbsent, uri.ComponentUserinfo, 0},
		{uri.Components{HasUserinfo: true, Userinfo: "u", HasPort: true}, uri.ErrAbsent, uri.ComponentUserinfo, 0},
		{uri.Components{Host: "h", HasPort: true}, uri.ErrAbsent, uri.ComponentHost, 0},
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
