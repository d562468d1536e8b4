package file_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/scheme/file"
	"github.com/urikit/urikit/uri"
)

// The fuzz targets take one string and read it both as a path and as the
// text of a URI.

func FuzzPOSIX(f *testing.F) {
	for _, tt := range posixPaths {
		f.Add(tt.path)
		f.Add(tt.uri)
	}
	for _, s := range []string{"", "rel", "/a\x00", "file://localhost/x", "file://h/x", "file:/x", "file:x",
		"file:///a%2Fb", "file:///a%00", "file:///x?q#f", "file://u@h:1/x", "FILE:///%7e", "file:/.//x",
		"file://%6Cocalhost/a;b", "file:///a%3Bb"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkFromPOSIX(t, s)
		if u, err := uri.Parse(s); err == nil {
			checkToPOSIX(t, u)
		}
	})
}

// checkFromPOSIX: FromPath accepts exactly the absolute paths without NUL,
// and ToPath gives them back byte for byte.
func checkFromPOSIX(t *testing.T, p string) {
	u, err := file.FromPath(p, file.POSIX)
	want := p != "" && p[0] == '/' && strings.IndexByte(p, 0) < 0
	if (err == nil) != want {
		t.Fatalf("FromPath(%q, POSIX) = %q, %v; want an error: %v", p, u, err, !want)
	}
	if err != nil {
		checkFuzzError(t, err, file.OpFromPath, len(p), file.ErrNotAbsolute, file.ErrNUL, uri.ErrTooLong)
		return
	}
	checkBuilt(t, p, u)
	if u.Host() != "" || !u.HasAuthority() {
		t.Fatalf("FromPath(%q, POSIX) = %q: not the empty authority", p, u)
	}
	if d, err := uri.Unescape(u.Path(), uri.ComponentPath); err != nil || d != p {
		t.Fatalf("FromPath(%q, POSIX) = %q, whose path decodes to %q, %v", p, u, d, err)
	}
	back, err := file.ToPath(u, file.POSIX)
	if err != nil || back != p {
		t.Fatalf("ToPath(FromPath(%q, POSIX)) = %q, %v", p, back, err)
	}
}

// checkToPOSIX: a path ToPath returns is the URI's path decoded, FromPath
// takes it back to a URI that names the same file, and the options only
// accept more.
func checkToPOSIX(t *testing.T, u uri.URI) {
	p, err := file.ToPath(u, file.POSIX)
	for _, o := range []file.Options{{RemoteHost: true}, {NonStrict: true}, {NonStrict: true, RemoteHost: true}} {
		q, oerr := o.ToPath(u, file.POSIX)
		if oerr != nil {
			checkFuzzError(t, oerr, file.OpToPath, len(u.String()))
		}
		if err == nil && (oerr != nil || q != p) {
			t.Fatalf("%+v.ToPath(%q, POSIX) = %q, %v; strict gives %q", o, u, q, oerr, p)
		}
		if oerr == nil {
			checkPOSIXResult(t, u, q)
		}
	}
	if err != nil {
		checkFuzzError(t, err, file.OpToPath, len(u.String()))
		return
	}
	if verr := scheme.Validate(u); verr != nil {
		t.Fatalf("ToPath(%q, POSIX) = %q, but scheme.Validate says %v", u, p, verr)
	}
	v, _ := file.FromPath(p, file.POSIX)
	if sameFileSpelling(u) && !scheme.Equivalent(u, v) {
		t.Fatalf("ToPath(%q, POSIX) = %q, whose URI %q is not scheme.Equivalent", u, p, v)
	}
}

func checkPOSIXResult(t *testing.T, u uri.URI, p string) {
	if d, err := uri.Unescape(u.Path(), uri.ComponentPath); err != nil || d != p {
		t.Fatalf("ToPath(%q, POSIX) = %q, but the path decodes to %q, %v", u, p, d, err)
	}
	v, err := file.FromPath(p, file.POSIX)
	if err != nil {
		t.Fatalf("FromPath(ToPath(%q, POSIX) = %q) = %v", u, p, err)
	}
	if back, err := file.ToPath(v, file.POSIX); err != nil || back != p {
		t.Fatalf("ToPath(FromPath(%q)) = %q, %v", p, back, err)
	}
}

func FuzzWindows(f *testing.F) {
	for _, tt := range windowsPaths {
		f.Add(tt.path)
		f.Add(tt.uri)
	}
	for _, s := range []string{`\\?\C:\x`, `\\?\UNC\s\share\x`, `//s/share`, `C:/x\y`, `\\.\COM1`, `\\localhost\c$`,
		"file:c:/x", "file:///c|/x", "file:////s/share", "file://///s/share", `file:///c:\x`, "file://./C:/x",
		"file:///C:/a%5C", "file://[::1]/s", "file://s%20v/share", "file:////localhost/share", "file:///%43%3A/x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkFromWindows(t, s)
		if u, err := uri.Parse(s); err == nil {
			checkToWindows(t, u)
		}
		checkParseNonStrict(t, s)
	})
}

// canonicalWindows is the path ToPath writes for a path FromPath accepts:
// "\" for every "/", and no long-path prefix.
func canonicalWindows(p string) string {
	switch {
	case strings.HasPrefix(p, `\\?\`) && len(p) >= 8 && strings.EqualFold(p[4:7], "UNC") && p[7] == '\\':
		p = `\\` + p[8:]
	case strings.HasPrefix(p, `\\?\`):
		p = p[4:]
	}
	return strings.ReplaceAll(p, "/", `\`)
}

// checkFromWindows: ToPath(FromPath(p)) is p in canonical form, and the
// canonical form has the same URI; a drive path without forbidden
// characters is always accepted.
func checkFromWindows(t *testing.T, p string) {
	u, err := file.FromPath(p, file.Windows)
	drive := len(p) >= 3 && isLetter(p[0]) && p[1] == ':' && (p[2] == '\\' || p[2] == '/') &&
		!strings.ContainsAny(p, "\x00<>\"|?*") && !hasControl(p)
	if drive && err != nil {
		t.Fatalf("FromPath(%q, Windows) = %v; want a URI", p, err)
	}
	if err != nil {
		checkFuzzError(t, err, file.OpFromPath, len(p), file.ErrNotAbsolute, file.ErrNUL, file.ErrReservedCharacter,
			file.ErrHost, file.ErrShare, file.ErrLocalhostShare, file.ErrNamespace, uri.ErrTooLong)
		return
	}
	checkBuilt(t, p, u)
	want := canonicalWindows(p)
	for _, o := range []file.Options{{}, {NonStrict: true}, {RemoteHost: true}} {
		back, err := o.ToPath(u, file.Windows)
		if err != nil || back != want {
			t.Fatalf("%+v.ToPath(FromPath(%q, Windows) = %q) = %q, %v; want %q", o, p, u, back, err, want)
		}
	}
	if v, err := file.FromPath(want, file.Windows); err != nil || v != u {
		t.Fatalf("FromPath(%q, Windows) = %q, %v; FromPath(%q) = %q", want, v, err, p, u)
	}
}

// checkToWindows: FromPath takes ToPath's path back to a URI that names
// the same file, and NonStrict only accepts more.
func checkToWindows(t *testing.T, u uri.URI) {
	p, err := file.ToPath(u, file.Windows)
	q, nerr := file.Options{NonStrict: true}.ToPath(u, file.Windows)
	if err == nil && (nerr != nil || q != p) {
		t.Fatalf("Options{NonStrict}.ToPath(%q, Windows) = %q, %v; strict gives %q", u, q, nerr, p)
	}
	if nerr != nil {
		checkFuzzError(t, nerr, file.OpToPath, len(u.String()))
	} else {
		v, ferr := file.FromPath(q, file.Windows)
		if errors.Is(ferr, file.ErrLocalhostShare) {
			return // E.3.2 "file:////localhost/share": no strict URI names it
		}
		if ferr != nil {
			t.Fatalf("FromPath(ToPath(%q, Windows) = %q) = %v", u, q, ferr)
		}
		if back, err := file.ToPath(v, file.Windows); err != nil || back != q {
			t.Fatalf("ToPath(FromPath(%q)) = %q, %v", q, back, err)
		}
	}
	if err != nil {
		checkFuzzError(t, err, file.OpToPath, len(u.String()))
		return
	}
	if verr := scheme.Validate(u); verr != nil {
		t.Fatalf("ToPath(%q, Windows) = %q, but scheme.Validate says %v", u, p, verr)
	}
	v, _ := file.FromPath(p, file.Windows)
	if sameFileSpelling(u) && !scheme.Equivalent(u, v) {
		t.Fatalf("ToPath(%q, Windows) = %q, whose URI %q is not scheme.Equivalent", u, p, v)
	}
}

// checkParseNonStrict: text uri.Parse accepts comes back as it parses;
// other text accepted is the input with some "\" and "|" replaced.
func checkParseNonStrict(t *testing.T, s string) {
	u, err := file.ParseNonStrict(s, file.Windows)
	if p, perr := uri.Parse(s); perr == nil {
		if err != nil || u != p {
			t.Fatalf("ParseNonStrict(%q) = %q, %v; uri.Parse gives %q", s, u, err, p)
		}
		return
	}
	if err != nil {
		var e *uri.Error
		if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(s) {
			t.Fatalf("ParseNonStrict(%q) error %v: not a *uri.Error inside the input", s, err)
		}
		return
	}
	got := u.String()
	if len(got) != len(s) {
		t.Fatalf("ParseNonStrict(%q) = %q: another length", s, got)
	}
	for i := 0; i < len(s); i++ {
		if got[i] != s[i] && !(s[i] == '\\' && got[i] == '/') && !(s[i] == '|' && got[i] == ':') {
			t.Fatalf("ParseNonStrict(%q) = %q: byte %d changed", s, got, i)
		}
	}
}

// checkBuilt checks a URI that FromPath built: it re-parses to itself and
// passes the file scheme's rules.
func checkBuilt(t *testing.T, p string, u uri.URI) {
	if v, err := uri.Parse(u.String()); err != nil || v != u {
		t.Fatalf("FromPath(%q) = %q, which parses to %q, %v", p, u, v, err)
	}
	if err := scheme.Validate(u); err != nil {
		t.Fatalf("FromPath(%q) = %q: scheme.Validate says %v", p, u, err)
	}
	if u.HasQuery() || u.HasFragment() || u.HasUserinfo() || u.HasPort() {
		t.Fatalf("FromPath(%q) = %q: a query, fragment, userinfo or port", p, u)
	}
}

// sameFileSpelling reports whether u spells no byte of a name or a host
// as a triplet that FromPath would write as the byte itself and that
// normalization keeps encoded (RFC 3986 2.2, 6.2.2.2: "%3B" and ";" are
// different URIs, which name the same file): sub-delims, ":" and "@".
// Then FromPath(ToPath(u)) is scheme.Equivalent to u.
func sameFileSpelling(u uri.URI) bool {
	s := u.Host() + u.Path()
	for i := 0; i+2 < len(s); i++ {
		if s[i] != '%' {
			continue
		}
		d, err := uri.Unescape(s[i:i+3], uri.ComponentPath)
		if err == nil && strings.Contains("!$&'()*+,;=:@", d) {
			return false
		}
	}
	return true
}

// checkFuzzError: an *Error of the operation, with an offset inside the
// input and, when given, one of the reasons.
func checkFuzzError(t *testing.T, err error, op string, n int, reasons ...error) {
	var e *file.Error
	if !errors.As(err, &e) || e.Op != op || e.Offset < 0 || e.Offset > n {
		t.Fatalf("error %v (%+v): not an %s *Error with an offset in 0..%d", err, e, op, n)
	}
	if len(reasons) == 0 {
		return
	}
	for _, r := range reasons {
		if errors.Is(err, r) {
			return
		}
	}
	t.Fatalf("error %v: an unexpected reason", err)
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func hasControl(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 {
			return true
		}
	}
	return false
}
