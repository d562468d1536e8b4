package file

import (
	"strings"

	"github.com/urikit/urikit/uri"
)

// This file holds the Windows style (RFC 8089 Appendix D.2, E.2, E.3):
// drive paths, UNC paths and the long-path prefix "\\?\".

func isSep(c byte) bool { return c == '\\' || c == '/' }

// fromWindows is FromPath for Windows.
func fromWindows(p string) (uri.URI, error) {
	if i := strings.IndexByte(p, 0); i >= 0 {
		return uri.URI{}, fromErr(Windows, uri.ComponentPath, i, ErrNUL)
	}
	if strings.HasPrefix(p, `\\?\`) {
		// The long-path prefix (Win32 file namespace): what follows is a
		// drive path or "UNC\" and a UNC path without its "\\".
		const n = len(`\\?\`)
		rest := p[n:]
		switch {
		case len(rest) >= 2 && isAlpha(rest[0]) && rest[1] == ':':
			return fromDrive(p, n)
		case len(rest) >= 4 && asciiEqualFold(rest[:3], "UNC") && rest[3] == '\\':
			return fromUNC(p, n+4)
		}
		return uri.URI{}, fromErr(Windows, uri.ComponentPath, n, ErrNamespace)
	}
	switch {
	case len(p) >= 2 && isSep(p[0]) && isSep(p[1]):
		return fromUNC(p, 2)
	case len(p) >= 2 && isAlpha(p[0]) && p[1] == ':':
		return fromDrive(p, 0)
	}
	return uri.URI{}, fromErr(Windows, uri.ComponentPath, 0, ErrNotAbsolute)
}

// fromDrive converts the drive path that starts at p[i] ("C:\x"):
// "file:///C:/x". "C:" and "C:x" are relative to the drive's current
// directory.
func fromDrive(p string, i int) (uri.URI, error) {
	if len(p) == i+2 || !isSep(p[i+2]) {
		return uri.URI{}, fromErr(Windows, uri.ComponentPath, i+2, ErrNotAbsolute)
	}
	names := i + 3
	if err := checkNames(p, names); err != nil {
		return uri.URI{}, err
	}
	var b strings.Builder
	b.Grow(len("file:///C:/") + len(p) - names + (len(p)-names)/4)
	b.WriteString("file:///")
	b.WriteString(p[i : i+2])
	b.WriteByte('/')
	appendNames(&b, p[names:], isSep)
	return parseBuilt(b.String(), Windows)
}

// fromUNC converts the UNC path whose server name starts at p[i]
// ("\\server\share\x", RFC 8089 Appendix E.3.1): the server becomes the
// host, the share and the names the segments: "file://server/share/x".
func fromUNC(p string, i int) (uri.URI, error) {
	end := i
	for end < len(p) && !isSep(p[end]) {
		end++
	}
	server := p[i:end]
	switch {
	case server == "." || server == "?":
		return uri.URI{}, fromErr(Windows, uri.ComponentHost, i, ErrNamespace)
	case server == "":
		return uri.URI{}, fromErr(Windows, uri.ComponentHost, i, ErrHost)
	case asciiEqualFold(server, "localhost"):
		return uri.URI{}, fromErr(Windows, uri.ComponentHost, i, ErrLocalhostShare)
	}
	if j := badServerByte(server); j >= 0 {
		return uri.URI{}, fromErr(Windows, uri.ComponentHost, i+j, ErrHost)
	}
	share := end + 1
	if end == len(p) || share == len(p) || isSep(p[share]) {
		return uri.URI{}, fromErr(Windows, uri.ComponentPath, min(share, len(p)), ErrShare)
	}
	if err := checkNames(p, share); err != nil {
		return uri.URI{}, err
	}
	host := uri.Escape(server, uri.ComponentHost)
	var b strings.Builder
	b.Grow(len("file:///") + len(host) + len(p) - share + (len(p)-share)/4)
	b.WriteString("file://")
	b.WriteString(host)
	b.WriteByte('/')
	appendNames(&b, p[share:], isSep)
	return parseBuilt(b.String(), Windows)
}

// checkNames checks the names of p from p[i] on for characters that
// Win32 names never hold.
func checkNames(p string, i int) error {
	for ; i < len(p); i++ {
		if reservedInName(p[i]) {
			return fromErr(Windows, uri.ComponentPath, i, ErrReservedCharacter)
		}
	}
	return nil
}

// badServerByte returns the index of the first byte of a UNC server name
// that no host name holds (a separator, ":", "[", "]" or a character
// that Win32 names forbid), or -1.
func badServerByte(s string) int {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case isSep(c), c == ':', c == '[', c == ']', reservedInName(c):
			return i
		}
	}
	return -1
}

// toWindows is ToPath for Windows, after checkURI.
func (o Options) toWindows(u uri.URI) (string, error) {
	p := u.Path()
	ps, _, _ := u.Span(uri.ComponentPath)
	if !isLocal(u) {
		hs, _, _ := u.Span(uri.ComponentHost)
		if k := u.HostKind(); k == uri.HostIPv6 || k == uri.HostIPvFuture {
			return "", toErr(Windows, uri.ComponentHost, hs, ErrHost)
		}
		server, err := uri.Unescape(u.Host(), uri.ComponentHost)
		if err != nil {
			return "", toErr(Windows, uri.ComponentHost, hs, ErrHost)
		}
		if err := checkServer(server, uri.ComponentHost, hs); err != nil {
			return "", err
		}
		return toUNC(server, p, ps)
	}
	if o.NonStrict && u.HasAuthority() && u.Host() == "" && strings.HasPrefix(p, "//") {
		// RFC 8089 Appendix E.3.2: unc-authority = 2*3"/" file-host,
		// after the empty authority: "file:////s/share" and
		// "file://///s/share".
		n := 2
		if strings.HasPrefix(p, "///") {
			n = 3
		}
		end := n
		for end < len(p) && p[end] != '/' {
			end++
		}
		server, err := decodePath(p[n:end], ps+n, Windows)
		if err != nil {
			return "", err
		}
		if err := checkServer(server, uri.ComponentPath, ps+n); err != nil {
			return "", err
		}
		return toUNC(server, p[end:], ps+end)
	}
	if o.NonStrict && !u.HasAuthority() && p != "" && p[0] != '/' {
		// RFC 8089 Appendix E.2: local-path = [ drive-letter ]
		// path-absolute, "file:c:/x".
		return toDrive(p, ps)
	}
	if p == "" || p[0] != '/' {
		return "", toErr(Windows, uri.ComponentPath, ps, ErrNotAbsolute)
	}
	return toDrive(p[1:], ps+1)
}

// checkServer checks a decoded UNC server name that starts at offset off
// of the URI's text (in component c).
func checkServer(server string, c uri.Component, off int) error {
	switch {
	case server == "." || server == "?":
		return toErr(Windows, c, off, ErrNamespace)
	case server == "" || badServerByte(server) >= 0:
		return toErr(Windows, c, off, ErrHost)
	}
	return nil
}

// toDrive converts raw path text that must start with a drive letter, a
// ":" and a "/" ("C:/x", each possibly a triplet) into "C:\x".
func toDrive(q string, off int) (string, error) {
	letter, n1 := unit(q, 0)
	colon, n2 := unit(q, n1)
	if n1 == 0 || !isAlpha(letter) || n2 == 0 || colon != ':' {
		return "", toErr(Windows, uri.ComponentPath, off, ErrNotAbsolute)
	}
	j := n1 + n2
	if j == len(q) || q[j] != '/' {
		return "", toErr(Windows, uri.ComponentPath, off+j, ErrNotAbsolute)
	}
	rest, err := decodePath(q[j+1:], off+j+1, Windows)
	if err != nil {
		return "", err
	}
	return string([]byte{letter, ':', '\\'}) + rest, nil
}

// toUNC converts a server name and the raw path text that follows the
// host ("/share/x") into "\\server\share\x" (RFC 8089 Appendix E.3.1).
func toUNC(server, q string, off int) (string, error) {
	if q == "" || q[0] != '/' {
		return "", toErr(Windows, uri.ComponentPath, off, ErrShare)
	}
	if len(q) == 1 || q[1] == '/' {
		return "", toErr(Windows, uri.ComponentPath, off+1, ErrShare)
	}
	rest, err := decodePath(q[1:], off+1, Windows)
	if err != nil {
		return "", err
	}
	return `\\` + server + `\` + rest, nil
}
