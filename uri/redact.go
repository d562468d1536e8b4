package uri

import (
	"iter"
	"strings"

	"github.com/urikit/urikit/internal/class"
)

// This file holds Redact: masking the passwords of the deprecated
// "user:password" userinfo form (RFC 3986 3.2.1, 7.5) in any text, valid
// URI or not.

// Redact returns s with every password of a "user:password@" authority
// replaced by "xxxxx" (RFC 3986 3.2.1: a password "SHOULD NOT" be
// rendered as clear text), wherever it stands in s and whether or not s is
// a valid URI: for logs, messages and displays of text that may hold
// URIs. It returns s itself, without allocating, when it finds nothing to
// mask.
//
// An authority may start after "//" (also written with "\", which
// browsers read as "/") or after the ":" of a scheme-like word, followed by
// any slashes: "http://u:pw@h", "jdbc:mysql://root:pw@db/x",
// "http:/u:pw@h", "redis:u:pw@h", a URI inside a query
// ("http://a/?next=ftp://u:pw@h/"). Its userinfo runs to the last "@"
// before the next space, control byte, double quote, "<", ">", "`" or the
// end of s (an apostrophe is a sub-delim, and may be in a password), so
// that a password cut short by an unencoded "#", "/", "?" or "@"
// ("amqp://u:pa#ss@h", "amqp://u:p@ss@h") is masked whole. The password is
// taken to be the text between that "@" and the first ":" after the
// word's first marker, since a password may itself hold "//" or ":".
//
// Redact errs towards masking: text that only looks like a userinfo
// ("http://h:80/a@b") loses its port and path to the mask, and a word with
// two markers ("jdbc:mysql://root:pw@db") its user name too. It cannot find
// a password that no "@" follows in the same word ("amqp://u:pw" cut off,
// a password holding a space), a password outside the userinfo (a query
// parameter such as "?password=x", a key=value connection string), or one
// split over lines.
func Redact(s string) string {
	var out []byte // nil until something is masked
	done := 0      // s[:done] is copied to out, or needs no copy
	for start, end := range RedactSpans(s) {
		if out == nil {
			out = make([]byte, 0, len(s))
		}
		out = append(out, s[done:start]...)
		out = append(out, redactedPassword...)
		done = end
	}
	if out == nil {
		return s
	}
	return string(append(out, s[done:]...))
}

// RedactSpans yields the start and end of each password that Redact
// replaces by "xxxxx" (RFC 3986 3.2.1, 7.5), in order and apart, as byte
// offsets into s: for a caller that masks more than passwords and must
// mask the union, or shows where the masks fall.
func RedactSpans(s string) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		for w := 0; w < len(s); {
			e := w
			for e < len(s) && !endsWord(s[e]) {
				e++
			}
			if start, end, ok := passwordIn(s[w:e]); ok && !yield(w+start, w+end) {
				return
			}
			w = e + 1
		}
	}
}

// passwordIn finds the password in a word of text (no space, control byte,
// quote or angle bracket): after the first authority marker, the text
// between the next ":" and the word's last "@", when not empty. Every
// later marker of the word would find the same "@" and no earlier ":", so
// the first is the only one to try: one pass over the word.
func passwordIn(w string) (start, end int, ok bool) {
	at := -1
	for k := len(w) - 1; k >= 0; k-- {
		if w[k] == '@' {
			at = k
			break
		}
	}
	if at < 0 {
		return 0, 0, false
	}
	a := -1
	lit := -1 // a password after an IP-literal-like user, if no marker follows
	for i := 0; i < at && a < 0; i++ {
		a = authorityStartAt(w, i)
		if a >= 0 && a < at && w[a] == '[' {
			// An IP-literal host: a userinfo never starts with "[" (RFC
			// 3986 3.2.1), so its ":" are no password's. Look for the next
			// marker after its "]".
			// But "[::1]:pw@h", with no "/", "?" or "#" before the "@", is
			// a mistyped userinfo whose ":" after the "]" starts a password
			// ("[::1]:80/a@b" is a port and a path), unless a later marker
			// finds one.
			if rb := strings.IndexByte(w[a:at], ']'); rb >= 0 {
				if c := a + rb + 1; lit < 0 && c < at && w[c] == ':' && c+1 < at && !strings.ContainsAny(w[c:at], "/?#") {
					lit = c + 1
				}
				i, a = a+rb, -1
			}
		}
	}
	if a < 0 || a >= at {
		if lit >= 0 {
			return lit, at, true
		}
		return 0, 0, false
	}
	for k := a; k < at; k++ {
		if w[k] == ':' {
			if k+1 == at {
				return 0, 0, false // "user:@": an empty password
			}
			return k + 1, at, true
		}
	}
	return 0, 0, false
}

// authorityStartAt returns where a would-be authority starts if one of its
// markers ends at s[i]: the second of two slashes ("/" or "\"), or the ":"
// after a scheme-like word, then past any slashes; -1 otherwise.
func authorityStartAt(s string, i int) int {
	switch {
	case isSlash(s[i]) && i > 0 && isSlash(s[i-1]):
	case s[i] == ':' && schemeWordBefore(s, i):
	default:
		return -1
	}
	a := i + 1
	for a < len(s) && isSlash(s[a]) {
		a++
	}
	return a
}

func isSlash(b byte) bool { return b == '/' || b == '\\' }

// schemeWordBefore reports whether s[:i] ends with a word of the scheme
// rule (RFC 3986 3.1: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )), after
// dropping the leading bytes that cannot start a scheme.
func schemeWordBefore(s string, i int) bool {
	j := i
	for j > 0 && class.Table[s[j-1]]&class.Scheme != 0 {
		j--
	}
	for j < i && class.Table[s[j]]&class.Alpha == 0 {
		j++
	}
	return j < i
}

// endsWord reports whether b cannot be part of a URI written in text: a
// space or control byte, a double quote, an angle bracket (RFC 3986
// Appendix C's delimiters) or a backquote. An apostrophe can: it is a
// sub-delim (2.2), allowed in a password ("http://u:p'w@h/").
func endsWord(b byte) bool {
	return b <= ' ' || b == 0x7F || b == '"' || b == '<' || b == '>' || b == '`'
}
