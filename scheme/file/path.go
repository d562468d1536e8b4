package file

import (
	"errors"
	"strings"

	"github.com/urikit/urikit/uri"
)

// This file holds the two entry points, the options of ToPath and what
// both styles share: the checks of the URI's components, the decoding of
// a path, and the escaping of names.

// FromPath returns the file URI of an absolute path of the given style
// (RFC 8089 2, Appendix D; on Windows also Appendix E.2 and E.3.1): POSIX
// "/a b/c" gives "file:///a%20b/c", Windows "C:\a b\c" gives
// "file:///C:/a%20b/c" and "\\server\share\x" gives
// "file://server/share/x". Every name becomes one segment, escaped with
// uri.EscapeSegment so that ToPath gives it back; the path is not cleaned.
// A relative path, a NUL byte, and on Windows a name with a character
// Win32 forbids, are errors; every error is an *Error whose Offset counts
// bytes of path. The package doc (Mapping, Windows) says more.
func FromPath(path string, style Style) (uri.URI, error) {
	switch style {
	case POSIX:
		return fromPOSIX(path)
	case Windows:
		return fromWindows(path)
	}
	return uri.URI{}, fromErr(style, 0, 0, ErrStyle)
}

// ToPath returns the path of the given style that a file URI names (RFC
// 8089 2, 3, Appendix D), strictly: it is Options{}.ToPath, which see.
func ToPath(u uri.URI, style Style) (string, error) {
	return Options{}.ToPath(u, style)
}

// Options are the readings of ToPath beyond the strict default. The zero
// value is strict.
type Options struct {
	// NonStrict accepts, in the Windows style, the forms of RFC 8089
	// Appendix E that RFC 3986 can parse:
	//
	//   - E.2, a drive letter without a leading "/": "file:c:/x" is
	//     "c:\x";
	//   - E.3.2, a whole UNC path in the path of a URI with an empty
	//     authority, after two or three slashes: "file:////server/share/x"
	//     and "file://///server/share/x" are "\\server\share\x".
	//
	// The vertical line of E.2.2 ("file:///c|/x") and the backslashes of
	// E.4 ("file:///c:\x") are not RFC 3986 and cannot be in a uri.URI:
	// ParseNonStrict updates them as E.2.2 and E.4 describe, and the
	// result is read like any other URI. E.1 (userinfo) stays an error:
	// neither style has a place for it. In the POSIX style NonStrict
	// changes nothing: "file:////x" is the path "//x", as FromPath writes
	// it.
	NonStrict bool
	// RemoteHost accepts, in the POSIX style, a host other than
	// "localhost" (RFC 8089 2: the URI then names a file on that machine,
	// section 3) and returns the file's path on that host; the host
	// itself is u.Host() (or u.Hostname()). Without it such a URI is
	// ErrRemoteHost. In the Windows style a remote host is always read as
	// a UNC server, and RemoteHost changes nothing.
	RemoteHost bool
}

// ToPath returns the path of the given style that the file URI u names
// (RFC 8089 2, 3, Appendix D): "file:/x", "file:///x" and
// "file://localhost/x" give the POSIX "/x"; "file:///C:/x" gives the
// Windows "C:\x" and "file://s/share/x" the UNC path "\\s\share\x". The
// scheme must be "file", with no userinfo, port, query or fragment;
// another host is ErrRemoteHost in the POSIX style unless RemoteHost is
// set; every segment is decoded and must not decode to a separator
// (ErrEncodedSeparator), NUL, or on Windows a character Win32 forbids.
// The path is not cleaned, and has no long-path prefix. Every error is an
// *Error whose Offset counts bytes of u.String(); the checks run in the
// order scheme, userinfo, port, query, fragment, host, path. The package
// doc (Mapping, Windows) says more.
func (o Options) ToPath(u uri.URI, style Style) (string, error) {
	if style != POSIX && style != Windows {
		return "", toErr(style, 0, 0, ErrStyle)
	}
	if err := checkURI(u, style); err != nil {
		return "", err
	}
	if style == POSIX {
		return o.toPOSIX(u)
	}
	return o.toWindows(u)
}

// checkURI checks what RFC 8089 2 forbids in both styles: another scheme,
// userinfo, a port, a query, a fragment.
func checkURI(u uri.URI, style Style) error {
	if !asciiEqualFold(u.Scheme(), "file") {
		return toErr(style, uri.ComponentScheme, 0, ErrScheme)
	}
	if start, _, ok := u.Span(uri.ComponentUserinfo); ok {
		return toErr(style, uri.ComponentUserinfo, start, ErrUserinfo)
	}
	if start, _, ok := u.Span(uri.ComponentPort); ok {
		return toErr(style, uri.ComponentPort, start-1, ErrPort) // the ":"
	}
	if start, _, ok := u.Span(uri.ComponentQuery); ok {
		return toErr(style, uri.ComponentQuery, start-1, ErrQuery) // the "?"
	}
	if start, _, ok := u.Span(uri.ComponentFragment); ok {
		return toErr(style, uri.ComponentFragment, start-1, ErrFragment) // the "#"
	}
	return nil
}

// isLocal reports whether u names a file on the local machine (RFC 8089
// 2, 3): no authority, an empty host, or the host "localhost", compared
// ignoring ASCII case (RFC 3986 3.2.2) after decoding its triplets, so
// that every host that normalizes to "localhost" (6.2.2) counts.
func isLocal(u uri.URI) bool {
	if !u.HasAuthority() {
		return true
	}
	h := u.Host()
	if h == "" {
		return true
	}
	if strings.IndexByte(h, '%') >= 0 {
		d, err := uri.Unescape(h, uri.ComponentHost)
		if err != nil {
			return false
		}
		h = d
	}
	return asciiEqualFold(h, "localhost")
}

// asciiEqualFold reports whether a and b are equal ignoring the case of
// ASCII letters only: RFC 3986's case-insensitivity is ASCII's, and
// strings.EqualFold would also fold "ſ" to "s" and "K" (Kelvin) to "k".
func asciiEqualFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if lower(a[i]) != lower(b[i]) {
			return false
		}
	}
	return true
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func isAlpha(c byte) bool { return 'a' <= lower(c) && lower(c) <= 'z' }

// unit returns the octet at s[i] and the number of bytes it takes: 3 for
// a pct-encoded triplet (RFC 3986 2.1), 1 for any other byte, 0 at the
// end of s.
func unit(s string, i int) (byte, int) {
	if i >= len(s) {
		return 0, 0
	}
	if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
		return unhex(s[i+1])<<4 | unhex(s[i+2]), 3
	}
	return s[i], 1
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= lower(c) && lower(c) <= 'f'
}

func unhex(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return lower(c) - 'a' + 10
}

// decodePath decodes the raw path text s, which starts at offset base of
// the URI's text (RFC 3986 2.1): each "/" becomes the style's separator,
// each triplet its octet. A triplet that decodes to a separator is
// ErrEncodedSeparator, one that decodes to NUL is ErrNUL; in the Windows
// style a decoded octet that Win32 names forbid is ErrReservedCharacter.
// In the POSIX style text without triplets is returned as it is.
func decodePath(s string, base int, style Style) (string, error) {
	if style == POSIX && strings.IndexByte(s, '%') < 0 {
		return s, nil
	}
	sep := byte('/')
	if style == Windows {
		sep = '\\'
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		c, n := unit(s, i)
		switch {
		case c == '/' && n == 1:
			c = sep
		case c == '/' || (c == '\\' && style == Windows):
			return "", toErr(style, uri.ComponentPath, base+i, ErrEncodedSeparator)
		case c == 0:
			return "", toErr(style, uri.ComponentPath, base+i, ErrNUL)
		case style == Windows && reservedInName(c):
			return "", toErr(style, uri.ComponentPath, base+i, ErrReservedCharacter)
		}
		b = append(b, c)
		i += n
	}
	return string(b), nil
}

// reservedInName reports whether c is one of the characters that a Win32
// file name never holds, besides the separators and NUL: < > " | ? * and
// the controls U+0001 to U+001F. The ":" is not among them: it follows a
// drive letter and separates an NTFS stream name ("file.txt:s").
func reservedInName(c byte) bool {
	switch c {
	case '<', '>', '"', '|', '?', '*':
		return true
	}
	return c < 0x20
}

// appendNames writes the names of a path, s, escaped as segments (RFC
// 3986 3.3, uri.EscapeSegment), with "/" for each separator.
func appendNames(b *strings.Builder, s string, isSep func(byte) bool) {
	start := 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && !isSep(s[i]) {
			continue
		}
		b.WriteString(uri.EscapeSegment(s[start:i]))
		if i < len(s) {
			b.WriteByte('/')
		}
		start = i + 1
	}
}

// parseBuilt parses the text FromPath built. It is a URI by construction;
// the one error left is a text too long for uri's 32-bit offsets.
func parseBuilt(s string, style Style) (uri.URI, error) {
	u, err := uri.Parse(s)
	if err != nil {
		var ue *uri.Error
		reason := error(uri.ErrTooLong)
		if errors.As(err, &ue) && ue.Err != nil {
			reason = ue.Err
		}
		return uri.URI{}, fromErr(style, uri.ComponentPath, 0, reason)
	}
	return u, nil
}
