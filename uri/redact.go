package uri

import (
	"iter"
	"net/netip"
	"slices"
	"strings"
	"unsafe"

	"github.com/urikit/urikit/internal/class"
)

// This file holds the composition of the secret rules (structural where
// the text parses, see secrets.go; the text rules where it does not) and
// the text rules themselves.

// Redact returns s with its secrets replaced by [RedactMask], by the
// generic rules of the package doc ("Secrets"): when s parses as a URI
// reference, structurally ([Reference.Secrets]), changing no byte outside
// a secret; otherwise by the text rules ([TextSecrets]), for running text,
// messages and text that does not parse. It returns s itself, without
// allocating when s parses, when there is nothing to mask. Package
// scheme's Redact adds each registered scheme's own rules and is the one
// to call for text that may hold any URI.
func Redact(s string) string {
	var buf [8][2]int
	return Mask(s, appendRedact(buf[:0], s, 0))
}

// RedactSpans yields the start and end of each secret that [Redact]
// masks, in order and apart, as byte offsets into s.
func RedactSpans(s string) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		var buf [8][2]int
		for _, sp := range appendRedact(buf[:0], s, 0) {
			if !yield(sp[0], sp[1]) {
				return
			}
		}
	}
}

// appendRedact appends what Redact masks in s, a text read depth levels
// below the text given (see maxNest), to dst.
func appendRedact(dst [][2]int, s string, depth int) [][2]int {
	if depth <= maxNest {
		if r, err := ParseReference(s); err == nil {
			return r.core.appendSecrets(dst, func(v string) [][2]int { return redactNested(v, depth+1) })
		}
	}
	return AppendTextSecrets(dst, s)
}

// redactNested is appendRedact(nil, ...) for a nested text. Called through
// a variable, it keeps appendRedact out of a recursive cycle, which escape
// analysis would read as leaking dst: the caller's buffer stays on its
// stack.
var redactNested func(s string, depth int) [][2]int

func init() {
	redactNested = func(s string, depth int) [][2]int { return appendRedact(nil, s, depth) }
}

// Mask returns s with each span of spans (in order and apart, {start,
// end} byte offsets into s, as [RedactSpans] yields them) replaced by
// [RedactMask]. It returns s itself, without allocating, when spans is
// empty, and skips a span that is empty, out of order or out of range
// rather than failing.
func Mask(s string, spans [][2]int) string {
	var out []byte // nil until something is masked
	done := 0      // s[:done] is copied to out, or needs no copy
	for _, sp := range spans {
		start, end := sp[0], sp[1]
		if start < done || end <= start || end > len(s) {
			continue
		}
		if out == nil {
			out = make([]byte, 0, len(s)+len(RedactMask))
		}
		out = append(out, s[done:start]...)
		out = append(out, RedactMask...)
		done = end
	}
	if out == nil {
		return s
	}
	out = append(out, s[done:]...)
	// out is never written again.
	return unsafe.String(&out[0], len(out))
}

// SortSpans sorts spans by start, drops the empty ones and merges those
// that overlap or touch, in place, and returns the result: for a caller
// that masks what several rules find, such as package scheme with a
// scheme's own secrets.
func SortSpans(spans [][2]int) [][2]int {
	out := spans[:0]
	for _, r := range spans {
		if r[0] < r[1] {
			out = append(out, r)
		}
	}
	if len(out) < 2 {
		return out
	}
	slices.SortFunc(out, func(x, y [2]int) int { return x[0] - y[0] })
	merged := out[:1]
	for _, r := range out[1:] {
		if last := &merged[len(merged)-1]; r[0] <= last[1] {
			last[1] = max(last[1], r[1])
			continue
		}
		merged = append(merged, r)
	}
	return merged
}

// TextSecrets yields the spans of s that the text rules take for secrets,
// in order and apart: the rules for text that does not parse as a URI
// reference (running text, a message, a mistyped URI), which find every
// URI-like piece of s: the password of a "user:password@" after a
// scheme's ":" or a "//", a password with no "@host" yet, a token-shaped
// user name, and the value of each credential key in any key=value text.
// "Secrets" in the package doc gives the rules. They err towards masking;
// they cannot find a password split over lines or one outside these
// shapes. Time is linear in len(s).
func TextSecrets(s string) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		for _, sp := range AppendTextSecrets(nil, s) {
			if !yield(sp[0], sp[1]) {
				return
			}
		}
	}
}

// AppendTextSecrets appends the spans of [TextSecrets] to dst, each as
// {start, end}, and returns the extended slice.
func AppendTextSecrets(dst [][2]int, s string) [][2]int {
	n := len(dst)
	for w := 0; w < len(s); {
		e := w
		for e < len(s) && !endsWord(s[e]) {
			e++
		}
		var next int
		dst, next = userinfos(dst, s, w, e)
		if next > e {
			// A password cut by a space runs to an "@" in a later word.
			w = next
			continue
		}
		w = e + 1
	}
	dst = keyValues(dst, s)
	return append(dst[:n], SortSpans(dst[n:])...)
}

// userinfos adds the passwords and token user names of the authorities of
// the word s[w:e]. It returns e, or past e when a password that a space
// cut runs to an "@" in a later word.
func userinfos(b [][2]int, s string, w, e int) ([][2]int, int) {
	for i := w; i < e; {
		a, slashes, start := markerFrom(s, i, e)
		if a < 0 {
			return b, e
		}
		// The authority of a password with no "@" yet follows exactly
		// "//", at the word's start or after a scheme's ":"
		// ("file:///c:\\x" and "a/b//c:d" have none).
		twoSlashes := slashes && a-2 >= w && isSlash(s[a-1]) && isSlash(s[a-2]) && (a-2 == w || s[a-3] == ':')
		// The innermost of nested markers: "jdbc:mysql://root:pw@db".
		for {
			n := parseScheme(s[a:e])
			if n <= 0 || a+n+3 > e || s[a+n+1] != '/' || s[a+n+2] != '/' {
				break
			}
			a += n + 3
			for a < e && isSlash(s[a]) {
				a++
			}
			slashes, twoSlashes = true, true
		}
		bound := nextURIStart(s, a, e)
		at := strings.LastIndexByte(s[a:bound], '@')
		if at < 0 {
			var next int
			if b, next = noHost(b, s, a, bound, e, twoSlashes); next > e {
				return b, next
			}
			i = max(bound, a+1)
			continue
		}
		at += a
		if s[a] == '[' {
			// An IP-literal host: a userinfo never starts with "[" (RFC
			// 3986 3.2.1), but "[::1]:pw@h", with no "/", "?" or "#"
			// before the "@", is a mistyped userinfo whose ":" after the
			// "]" starts a password ("[::1]:80/a@b" is a port and a path).
			if rb := strings.IndexByte(s[a:at], ']'); rb >= 0 {
				if c := a + rb + 1; c+1 < at && s[c] == ':' && !strings.ContainsAny(s[c:at], "/?#") {
					b = append(b, [2]int{c + 1, at})
				}
				i = at + 1
				continue
			}
		}
		colon := strings.IndexByte(s[a:at], ':')
		userEnd := at
		if colon >= 0 {
			colon += a
			userEnd = colon
			// A port and a path ("http://h:80/a@b"), when the URI, up
			// to the next one, reads so: text that does not parse may
			// be a password cut short. The pieces parsed are apart.
			if !portThenPath(s[colon+1:at]) || !parses(s[start:bound]) {
				b = append(b, [2]int{colon + 1, at})
			}
		}
		if IsTokenShaped(s[a:userEnd]) {
			b = append(b, [2]int{a, userEnd})
		}
		i = at + 1
	}
	return b, e
}

// noHost adds the password of an authority s[a:...] of a word ending at e
// that no "@" follows before bound: after the authority's ":", when the
// text there is not a port. A space may have cut the password
// ("http://u:pa ss@h/", "amqp://u:p#1 2@h", "amqp://u:0# 0@h"), and so
// may a quote or an angle bracket (`http://u:"pw"@h/`): when a later
// piece of the line holds an "@" (CutAt), the password runs to it
// (masking "80/x y" of "http://h:80/x y@z" too), and noHost returns where
// the scan goes on, past e.
// Otherwise, when the text after the ":" is no port, the password runs to
// the end of the word or the next URI in it ("postgres://app:s3cret" cut
// short, and
// "postgres://user:pa#ss" being typed, whose "#" may be the password's):
// only after exactly "//" (slashes), since "a:b" is a scheme and a path
// and "file:///c:\x" a path.
func noHost(b [][2]int, s string, a, bound, e int, slashes bool) ([][2]int, int) {
	if !slashes || a >= bound || s[a] == '[' {
		return b, e
	}
	end := bound
	if k := strings.IndexAny(s[a:bound], "/?#"); k >= 0 {
		end = a + k
	}
	c := strings.IndexByte(s[a:end], ':')
	if c < 0 || ipv6Like(s[a:end]) || !userChars(s[a:a+c]) {
		// No ":", or an IPv6 address written without its brackets.
		return b, e
	}
	c += a
	if IsTokenShaped(s[a:c]) {
		b = append(b, [2]int{a, c})
	}
	if bound == e && e < len(s) && s[e] != '\n' {
		if at := CutAt(s, e); at >= 0 {
			b = append(b, [2]int{c + 1, at})
			return b, at + 1
		}
	}
	if c+1 < end && !allDigits(s[c+1:end]) || c+1 < end && end < bound && !portThenPath(s[c+1:bound]) {
		// The password's end is not known: a "#", "/" or "?" may be part
		// of it ("postgres://user:pa#ss" typed before its "@host"), up to
		// the next URI.
		b = append(b, [2]int{c + 1, bound})
	}
	return b, e
}

// CutAt returns the "@" that ends a password a space (or a quote, an
// angle bracket, a control byte) cut at s[e], or -1, by the text rules of
// [TextSecrets] (package scheme reads a rootless DSN with it): the first
// "@" on the
// line after e, before any "//" and any URI, then the last "@" of its
// piece (pieces split at white space) before any "//". The scan stops at
// a line feed, at a "//" and at a piece that starts a URI, so the scans
// of a text are apart and time stays linear.
func CutAt(s string, e int) int {
	at := -1
	for i := e + 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\n':
			return at
		case c == '/' && i+1 < len(s) && s[i+1] == '/':
			return at
		case c <= ' ' || c == 0x7F:
			if at >= 0 {
				return at
			}
		case c == '@':
			at = i
		}
	}
	return at
}

// markerFrom returns where the first would-be authority at or after s[i]
// and before e starts: after the second of two slashes ("/" or "\", which
// browsers read as "/"), or after the ":" of a scheme-like word, then past
// any slashes; slashes reports whether slashes came before it, and start
// is where the would-be URI starts (its scheme-like word, or the first
// slash). It returns -1 when there is none.
func markerFrom(s string, i, e int) (a int, slashes bool, start int) {
	for k := i; k < e; k++ {
		switch {
		case isSlash(s[k]) && k > 0 && isSlash(s[k-1]):
			start = k - 1
		case s[k] == ':' && schemeWordBefore(s, k):
			start = k
			for start > 0 && class.Table[s[start-1]]&class.Scheme != 0 {
				start--
			}
			for start < k && class.Table[s[start]]&class.Alpha == 0 {
				start++
			}
		default:
			continue
		}
		a = k + 1
		for a < e && isSlash(s[a]) {
			a++
		}
		return a, a > k+1 || isSlash(s[k]), start
	}
	return -1, false, 0
}

// nextURIStart returns the start of the first scheme-like word after s[a]
// and before e that a "://" follows, or e.
func nextURIStart(s string, a, e int) int {
	for k := a + 1; k+2 < e; k++ {
		if s[k] == ':' && s[k+1] == '/' && s[k+2] == '/' && schemeWordBefore(s, k) {
			j := k
			for j > a && class.Table[s[j-1]]&class.Scheme != 0 {
				j--
			}
			for j < k && class.Table[s[j]]&class.Alpha == 0 {
				j++
			}
			if j > a {
				return j
			}
		}
	}
	return e
}

// parses reports whether s is a URI reference.
func parses(s string) bool {
	var r Reference
	return r.parse(s) == nil
}

// ipv6Like reports whether a, an authority with a ":", is an IPv6
// address written without its brackets ("2001:db8::1").
func ipv6Like(a string) bool {
	ip, err := netip.ParseAddr(a)
	return err == nil && ip.Is6()
}

// portThenPath reports whether p, the text between an authority's ":" and
// an "@", is a port followed by a path, query or fragment: digits, then
// "/", "?" or "#" ("h:80/a@b").
func portThenPath(p string) bool {
	i := 0
	for i < len(p) && '0' <= p[i] && p[i] <= '9' {
		i++
	}
	return i > 0 && i < len(p) && (p[i] == '/' || p[i] == '?' || p[i] == '#')
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// userChars reports whether s is made of the characters of a user name
// (RFC 3986 3.2.1: unreserved, pct-encoded, sub-delims), so that "host["
// in "http://host[:port]/" is not read as one.
func userChars(s string) bool {
	for i := 0; i < len(s); i++ {
		if class.Table[s[i]]&(class.Unreserved|class.SubDelims) == 0 && s[i] != '%' {
			return false
		}
	}
	return true
}

// keyValues adds the value of each key=value of s whose key is a
// credential key: the key is the run of letters, digits, "_", "-", "."
// and "%" before the "=", and the value runs to the next "&" or the end
// of its word.
func keyValues(b [][2]int, s string) [][2]int {
	for i := strings.IndexByte(s, '='); i >= 0; {
		k := i
		for k > 0 && isKeyByte(s[k-1]) && i-k <= 3*maxSecretKey {
			k--
		}
		end := i + 1
		// A command-line flag's dashes are no part of its key
		// ("--password=pw").
		key := strings.TrimLeft(s[k:i], "-")
		if IsSecretKey(key) && (k == 0 || !isKeyByte(s[k-1])) {
			for end < len(s) && s[end] != '&' && !endsWord(s[end]) {
				end++
			}
			// A connection string's value may hold spaces, up to its
			// ";" ("Password=my pass;Server=h"): when a ";" ends the
			// line's text before any other "=".
			if end < len(s) && (s[end] == ' ' || s[end] == '\t') {
				if semi := valueEnd(s, end); semi > end {
					end = semi
				}
			}
			b = append(b, [2]int{i + 1, end})
		}
		n := strings.IndexByte(s[end:], '=')
		if n < 0 {
			break
		}
		i = end + n
	}
	return b
}

// valueEnd returns the ";" that ends, after white space at s[e], the
// value of a connection-string pair, or -1: the first ";" on the line
// with only words before it (no "=", "&", "/", ":", "@", "?", "#", quote
// or angle bracket, which would start another pair or a URI).
func valueEnd(s string, e int) int {
	for i := e; i < len(s); i++ {
		switch s[i] {
		case ';':
			return i
		case '=', '&', '\n', '/', ':', '@', '?', '#', '"', '<', '>', '`':
			return -1
		}
	}
	return -1
}

func isKeyByte(c byte) bool {
	return class.Table[c]&class.Alpha != 0 || '0' <= c && c <= '9' || c == '_' || c == '-' || c == '.' || c == '%'
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
