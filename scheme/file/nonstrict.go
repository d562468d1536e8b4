package file

import (
	"strings"

	"github.com/urikit/urikit/uri"
)

// ParseNonStrict parses s as uri.Parse does, after updating the two
// Windows forms of RFC 8089 Appendix E that RFC 3986 forbids, as Appendix
// E says to: a "|" for the drive letter's colon (E.2.2, "file:///c|/x"
// becomes "file:///c:/x") and "\" as separators (E.4, "file:///c:\x\y"
// becomes "file:///c:/x/y"). It updates only a URI whose scheme is "file"
// (any case), only in the Windows style (in the POSIX style it is
// uri.Parse), and text that uri.Parse accepts is returned as uri.Parse
// returns it. Each update replaces one byte with one, so the offsets of a
// *uri.Error count bytes of s. The result still has to pass ToPath
// ("file:c:/x" needs Options.NonStrict); see the package doc, Non-strict
// forms.
func ParseNonStrict(s string, style Style) (uri.URI, error) {
	if style != Windows || len(s) < len("file:") || !asciiEqualFold(s[:5], "file:") {
		return uri.Parse(s)
	}
	if u, err := uri.Parse(s); err == nil {
		return u, nil
	}
	end := strings.IndexAny(s, "?#")
	if end < 0 {
		end = len(s)
	}
	b := []byte(s)
	for i := 5; i < end; i++ {
		if b[i] == '\\' {
			b[i] = '/' // E.4
		}
	}
	// The path starts after the authority, if there is one.
	path := 5
	hasAuthority := end >= 7 && b[5] == '/' && b[6] == '/'
	if hasAuthority {
		path = 7
		for path < end && b[path] != '/' {
			path++
		}
	}
	switch {
	case path+3 < end && b[path] == '/' && isAlpha(b[path+1]) && b[path+2] == '|' && b[path+3] == '/':
		b[path+2] = ':' // E.2.2: file-absolute = "/" drive-letter path-absolute
	case !hasAuthority && path+2 < end && isAlpha(b[path]) && b[path+1] == '|' && b[path+2] == '/':
		b[path+1] = ':' // E.2.2: local-path = [ drive-letter ] path-absolute
	}
	return uri.Parse(string(b))
}
