package scheme

import "github.com/urikit/urikit/uri"

// ShortcutSpans returns the spans of ref under the default registry with
// and without the shortcut of appendRefSpans for plain text, which must
// agree.
func ShortcutSpans(ref uri.Reference) (with, without [][2]int) {
	r := Default()
	return r.appendRefSpans(nil, ref, 0), r.appendAllRefSpans(nil, ref, 0)
}
