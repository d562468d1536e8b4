package file

import (
	"strings"

	"github.com/urikit/urikit/uri"
)

// ParseNonStrict parses s as uri.Parse does, after updating the two
// Windows forms of RFC 8089 Appendix E that RFC 3986 forbids, so that the
// result is a URI that Options.ToPath can read:
//
//   - E.2.2, a vertical line for the drive letter's colon: "file:///c|/x",
//     "file:/c|/x" and "file:c|/x" become "file:///c:/x", "file:/c:/x"
//     and "file:c:/x" ("To update such an old URI, replace the vertical
//     line "|" with a colon ":"");
//   - E.4, backslashes as separators: every "\" of the path becomes "/"
//     ("file:///c:\x\y" becomes "file:///c:/x/y"), as E.4 allows "if it
//     can be determined with reasonable certainty that the backslashes
//     are intended as path separators": asking for the Windows style is
//     that certainty.
//
// Only a URI whose scheme is "file" (any case) is updated, and only in
// the Windows style: in the POSIX style "\" and "|" are bytes of names,
// which a URI writes as "%5C" and "%7C", and ParseNonStrict is uri.Parse.
// Text that uri.Parse accepts is returned as uri.Parse returns it. Each
// update replaces one byte with one byte, so the offsets of a *uri.Error
// count bytes of s. The result still has to pass ToPath: "file:c:/x"
// needs Options.NonStrict (E.2).
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
