package file_test

import (
	"errors"
	"testing"

	"github.com/urikit/urikit/scheme/file"
	"github.com/urikit/urikit/uri"
)

// TestAppendixB: the example URIs of RFC 8089 Appendix B.
func TestAppendixB(t *testing.T) {
	for _, s := range []string{"file:///path/to/file", "file:/path/to/file"} {
		p, err := file.ToPath(uri.MustParse(s), file.POSIX)
		if err != nil || p != "/path/to/file" {
			t.Errorf("ToPath(%q, POSIX) = %q, %v, want /path/to/file", s, p, err)
		}
	}
	// "A non-local file, with an explicit authority."
	s := "file://host.example.com/path/to/file"
	if _, err := file.ToPath(uri.MustParse(s), file.POSIX); !errors.Is(err, file.ErrRemoteHost) {
		t.Errorf("ToPath(%q, POSIX) error = %v, want ErrRemoteHost", s, err)
	}
	if p, err := (file.Options{RemoteHost: true}).ToPath(uri.MustParse(s), file.POSIX); err != nil || p != "/path/to/file" {
		t.Errorf("Options{RemoteHost}.ToPath(%q, POSIX) = %q, %v", s, p, err)
	}
	if p, err := file.ToPath(uri.MustParse(s), file.Windows); err != nil || p != `\\host.example.com\path\to\file` {
		t.Errorf("ToPath(%q, Windows) = %q, %v", s, p, err)
	}
}

// TestAppendixE: every example of RFC 8089 Appendix E that a path style
// can read, through ParseNonStrict and Options{NonStrict: true}, and what
// the strict reading says of each.
func TestAppendixE(t *testing.T) {
	tests := []struct {
		section string
		text    string
		path    string // with ParseNonStrict and NonStrict, Windows
		strict  error  // ToPath after uri.Parse, Windows; nil: same path
		parse   bool   // uri.Parse rejects text (not RFC 3986)
	}{
		{"E.2", "file:c:/path/to/file", `c:\path\to\file`, file.ErrNotAbsolute, false},
		{"E.2", "file:///c:/path/to/file", `c:\path\to\file`, nil, false},
		{"E.2.2", "file:///c|/path/to/file", `c:\path\to\file`, nil, true},
		{"E.2.2", "file:/c|/path/to/file", `c:\path\to\file`, nil, true},
		{"E.2.2", "file:c|/path/to/file", `c:\path\to\file`, nil, true},
		{"E.2.2", "file://localhost/C|/x", `C:\x`, nil, true},
		{"E.3.1", "file://host.example.com/Share/path/to/file.txt", `\\host.example.com\Share\path\to\file.txt`, nil, false},
		{"E.3.2", "file:////host.example.com/path/to/file", `\\host.example.com\path\to\file`, file.ErrNotAbsolute, false},
		{"E.3.2", "file://///host.example.com/path/to/file", `\\host.example.com\path\to\file`, file.ErrNotAbsolute, false},
		{"E.3.2", "file:////192.168.1.1/share", `\\192.168.1.1\share`, file.ErrNotAbsolute, false},
		{"E.4", `file:///c:\path\to\file`, `c:\path\to\file`, nil, true},
		{"E.4", `file:c:\x`, `c:\x`, nil, true},
		{"E.4", `file:///c|\x\y`, `c:\x\y`, nil, true},
	}
	for _, tt := range tests {
		u, err := file.ParseNonStrict(tt.text, file.Windows)
		if err != nil {
			t.Errorf("%s: ParseNonStrict(%q, Windows) = %v", tt.section, tt.text, err)
			continue
		}
		p, err := file.Options{NonStrict: true}.ToPath(u, file.Windows)
		if err != nil || p != tt.path {
			t.Errorf("%s: Options{NonStrict}.ToPath(%q, Windows) = %q, %v, want %q", tt.section, tt.text, p, err, tt.path)
		}
		s, err := uri.Parse(tt.text)
		if (err != nil) != tt.parse {
			t.Errorf("%s: uri.Parse(%q) error = %v, want an error: %v", tt.section, tt.text, err, tt.parse)
		}
		if err != nil {
			continue
		}
		p, err = file.ToPath(s, file.Windows)
		switch {
		case tt.strict != nil && !errors.Is(err, tt.strict):
			t.Errorf("%s: ToPath(%q, Windows) = %q, %v, want %v", tt.section, tt.text, p, err, tt.strict)
		case tt.strict == nil && (err != nil || p != tt.path):
			t.Errorf("%s: ToPath(%q, Windows) = %q, %v, want %q", tt.section, tt.text, p, err, tt.path)
		}
	}
}

// TestAppendixENotAccepted: the forms that stay errors even when asked.
func TestAppendixENotAccepted(t *testing.T) {
	o := file.Options{NonStrict: true}
	tests := []struct {
		text string
		err  error
	}{
		{"file://user@host/x", file.ErrUserinfo},              // E.1
		{"file:////%5B::1%5D/share", file.ErrHost},            // E.3.2 inline-IP: UNC has no brackets
		{"file://////host/share", file.ErrHost},               // four slashes after the authority
		{"file:////./C:/x", file.ErrNamespace},                // a device path
		{"file:////host", file.ErrShare},                      // no share
		{"file://localhost//host/share", file.ErrNotAbsolute}, // E.3.2 has no file-auth
		{"file:c:", file.ErrNotAbsolute},                      // E.2: drive-letter path-absolute
		{"file:c", file.ErrNotAbsolute},
	}
	for _, tt := range tests {
		u, err := file.ParseNonStrict(tt.text, file.Windows)
		if err != nil {
			t.Errorf("ParseNonStrict(%q) = %v", tt.text, err)
			continue
		}
		if p, err := o.ToPath(u, file.Windows); !errors.Is(err, tt.err) {
			t.Errorf("Options{NonStrict}.ToPath(%q, Windows) = %q, %v, want %v", tt.text, p, err, tt.err)
		}
	}
	// NonStrict changes nothing in the POSIX style.
	for _, s := range []string{"file:////host/x", "file:c:/x", "file:///c:/x", "file://host/x"} {
		u := uri.MustParse(s)
		p1, err1 := file.ToPath(u, file.POSIX)
		p2, err2 := o.ToPath(u, file.POSIX)
		if p1 != p2 || !errors.Is(err2, errors.Unwrap(err1)) {
			t.Errorf("ToPath(%q, POSIX) = %q, %v; with NonStrict %q, %v", s, p1, err1, p2, err2)
		}
	}
}

func TestParseNonStrict(t *testing.T) {
	tests := []struct {
		text  string
		style file.Style
		want  string // "" for an error
		off   int
	}{
		{"file:///c|/x", file.Windows, "file:///c:/x", 0},
		{"FILE:///c|/x", file.Windows, "FILE:///c:/x", 0},
		{"file:///c:/x", file.Windows, "file:///c:/x", 0},
		{"file:///a|b", file.Windows, "", 9},       // "|" not after a drive letter
		{"file:///c||/x", file.Windows, "", 9},     // only the first
		{"file:///x/c|/y", file.Windows, "", 11},   // only at the path's start
		{"file:///c|/x?a|b", file.Windows, "", 14}, // not in the query
		{`file:///c:/x#a\b`, file.Windows, "", 14}, // not in the fragment
		{"file:///c|/x", file.POSIX, "", 9},        // POSIX: a byte of a name
		{`file:///a\b`, file.POSIX, "", 9},         // POSIX: a byte of a name
		{"http://h/c|/x", file.Windows, "", 10},    // only the file scheme
		{`file:\\server\share\x`, file.Windows, "file://server/share/x", 0},
		{"x", file.Windows, "", 0},
	}
	for _, tt := range tests {
		u, err := file.ParseNonStrict(tt.text, tt.style)
		if tt.want != "" {
			if err != nil || u.String() != tt.want {
				t.Errorf("ParseNonStrict(%q, %v) = %q, %v, want %q", tt.text, tt.style, u, err, tt.want)
			}
			continue
		}
		var e *uri.Error
		if !errors.As(err, &e) || e.Offset != tt.off {
			t.Errorf("ParseNonStrict(%q, %v) = %q, %v, want a *uri.Error at offset %d", tt.text, tt.style, u, err, tt.off)
		}
	}
}
