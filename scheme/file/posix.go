package file

import (
	"strings"

	"github.com/urikit/urikit/uri"
)

// This file holds the POSIX style (RFC 8089 Appendix D.1): "the file URI
// structure already closely resembles POSIX file paths".

func isSlash(c byte) bool { return c == '/' }

// fromPOSIX is FromPath for POSIX: "file://" and the path's names, each
// escaped as a segment.
func fromPOSIX(p string) (uri.URI, error) {
	if i := strings.IndexByte(p, 0); i >= 0 {
		return uri.URI{}, fromErr(POSIX, uri.ComponentPath, i, ErrNUL)
	}
	if p == "" || p[0] != '/' {
		return uri.URI{}, fromErr(POSIX, uri.ComponentPath, 0, ErrNotAbsolute)
	}
	var b strings.Builder
	b.Grow(len("file://") + len(p) + len(p)/4)
	b.WriteString("file://")
	appendNames(&b, p, isSlash)
	return parseBuilt(b.String(), POSIX)
}

// toPOSIX is ToPath for POSIX, after checkURI: a local URI (or, with
// RemoteHost, any) whose path is absolute, decoded.
func (o Options) toPOSIX(u uri.URI) (string, error) {
	if !o.RemoteHost && !isLocal(u) {
		start, _, _ := u.Span(uri.ComponentHost)
		return "", toErr(POSIX, uri.ComponentHost, start, ErrRemoteHost)
	}
	p := u.Path()
	start, _, _ := u.Span(uri.ComponentPath)
	if p == "" || p[0] != '/' {
		return "", toErr(POSIX, uri.ComponentPath, start, ErrNotAbsolute)
	}
	return decodePath(p, start, POSIX)
}
