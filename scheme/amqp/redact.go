package amqp

import (
	"iter"
	"sort"
	"strings"

	"github.com/urikit/urikit/uri"
)

// Redact masks the secrets of an amqp or amqps URI that may not even
// parse, for messages and logs (spec, Security considerations): the
// password, and the value of every "password=" query parameter, the TLS
// key's passphrase. When s starts with "amqp://" or "amqps://" (in any
// case) it is taken as one URI, whose password runs from the first ":"
// after "//" to the last "@" of s, so that a password with an unencoded
// "#", "/", "?", "@" or even a space is masked whole. Other text goes
// through uri.Redact, which finds "user:password@" authorities anywhere in
// running text. For a URI that parses, String gives the same text. Redact
// returns s itself when there is nothing to mask.
func Redact(s string) string {
	n, _ := schemeOf(s)
	if n == 0 || !strings.HasPrefix(s[n+1:], "//") {
		return uri.Redact(redactPasswordParams(s, false))
	}
	return redactCredentials(redactPasswordParams(s, true), n+3)
}

// redactCredentials masks the password of s, one URI (or list entry)
// whose authority starts at a: from the first ":" after a to the last "@"
// of s. An authority that starts with "[" has no userinfo, and then s goes
// through uri.Redact.
func redactCredentials(s string, a int) string {
	at := strings.LastIndexByte(s, '@')
	if a < len(s) && s[a] == '[' && strings.IndexByte(s[a:max(at, a)], ']') >= 0 {
		// An IP-literal host: a userinfo never starts with "[" (RFC 3986
		// 3.2.1), so s has no credentials of its own; text after it may.
		return uri.Redact(s)
	}
	c := strings.IndexByte(s[a:], ':')
	if at < a || c < 0 || a+c+1 >= at {
		return s
	}
	return s[:a+c+1] + redacted + s[at:]
}

// redactPasswordParams masks the value of every "password" parameter of s
// (see passphrases) as "xxxxx".
func redactPasswordParams(s string, whole bool) string {
	var b strings.Builder
	done := 0
	for vs, ve := range passphrases(s, whole) {
		b.WriteString(s[done:vs])
		b.WriteString(redacted)
		done = ve
	}
	if done == 0 {
		return s
	}
	b.WriteString(s[done:])
	return b.String()
}

// passphrases yields the start and end of the value of every "password"
// parameter of s (RabbitMQ "URI Query Parameters": the TLS key's
// passphrase) that is not empty or is cut, in order: a pair that follows
// "?" or "&" and whose key decodes to "password" (percent-encoded, as
// Config reads it: "pass%77ord"). The value runs to the next "&", or to
// the end of the word in running text (whole false), of s when s is one
// URI (whole true): a "#" in it is taken as part of the value, and in one
// URI so is white space. When the piece after that "&" holds no "=" (no
// parameter has the form "name" alone, and "&&" or a trailing "&" are not
// written on purpose) an unencoded "&" may have cut the passphrase
// ("password=ab&cd"), and the value runs to the end of the query (of s, or
// of the word): the conservative reading, since the passphrase may hold
// any later "&" too. The lint password-param-cut reports it.
func passphrases(s string, whole bool) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		valueEnd := func(j int, amp bool) int {
			for j < len(s) && (s[j] != '&' || !amp) && (whole || !endsWord(s[j])) {
				j++
			}
			return j
		}
		for i := 0; i < len(s); i++ {
			if s[i] != '?' && s[i] != '&' {
				continue
			}
			eq := i + 1
			for eq < len(s) && s[eq] != '=' && s[eq] != '&' && !endsWord(s[eq]) {
				eq++
			}
			if eq == len(s) || s[eq] != '=' || !isPasswordKey(s[i+1:eq]) {
				continue
			}
			e := valueEnd(eq+1, true)
			if e < len(s) && s[e] == '&' && cutPiece(s[e+1:valueEnd(e+1, true)]) {
				e = valueEnd(e, false)
			}
			if e == eq+1 {
				continue
			}
			if !yield(eq+1, e) {
				return
			}
			i = e - 1
		}
	}
}

// cutPiece reports whether p, the piece of a query after the "&" that ends
// a passphrase, shows that the "&" may have cut it: p holds no "=".
func cutPiece(p string) bool { return strings.IndexByte(p, '=') < 0 }

// masks are the ranges of the text of a URI that String replaces by
// "xxxxx", in the text's offsets (see maskedRanges).
type masks struct {
	values [][2]int // the passphrases' values, in order and apart
	other  [2]int   // the credentials, or the text after an IP-literal host; empty when none
}

// maskedRanges returns what String masks in s, the text of a URI that
// Parse accepts: the value of every "password" parameter (passphrases),
// and the credentials from the first ":" after "//" to the last "@"
// outside those values, as Redact finds them. When the authority starts
// with "[" (no userinfo) and uri.Redact still masks something, it is in
// the text after the host: the range then runs from the "]" to the end.
func maskedRanges(s string) masks {
	var m masks
	for vs, ve := range passphrases(s, true) {
		m.values = append(m.values, [2]int{vs, ve})
	}
	r := m.values
	n, _ := schemeOf(s)
	a := n + 3
	if a < len(s) && s[a] == '[' {
		if t := redactPasswordParams(s, true); uri.Redact(t) != t {
			m.other = [2]int{a + strings.IndexByte(s[a:], ']'), len(s)}
		}
		return m
	}
	// The values are in order and apart: both scans jump over them.
	at := -1
	for k, j := len(s)-1, len(r)-1; k >= a; k-- {
		for j >= 0 && r[j][0] > k {
			j--
		}
		if j >= 0 && k < r[j][1] {
			k = r[j][0] // inside a value: go on before it
			continue
		}
		if s[k] == '@' {
			at = k
			break
		}
	}
	for k, j := a, 0; k < at; k++ {
		for j < len(r) && r[j][1] <= k {
			j++
		}
		if j < len(r) && r[j][0] <= k {
			k = r[j][1] - 1 // inside a value: go on after it
			continue
		}
		if s[k] == ':' {
			if k+1 < at {
				m.other = [2]int{k + 1, at}
			}
			break
		}
	}
	return m
}

// overlaps reports whether [start, end), a non-empty span, meets a range
// of m.
func (m masks) overlaps(start, end int) bool {
	if start >= end {
		return false
	}
	if start < m.other[1] && end > m.other[0] {
		return true
	}
	// The first value that ends after start.
	i := sort.Search(len(m.values), func(i int) bool { return m.values[i][1] > start })
	return i < len(m.values) && m.values[i][0] < end
}

// isPasswordKey reports whether a raw query key decodes (percent-decoding
// and "+" as space, as form decoding reads it) to "password".
func isPasswordKey(k string) bool {
	const want = "password"
	j := 0
	for i := 0; i < len(k); i++ {
		c := k[i]
		if c == '%' && i+2 < len(k) && isHex(k[i+1]) && isHex(k[i+2]) {
			c = unhex(k[i+1])<<4 | unhex(k[i+2])
			i += 2
		} else if c == '+' {
			c = ' '
		}
		if j == len(want) || c != want[j] {
			return false
		}
		j++
	}
	return j == len(want)
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// endsWord reports whether b ends a URI written in text: a space, a
// control byte, a quote or an angle bracket.
func endsWord(b byte) bool {
	return b <= ' ' || b == 0x7F || b == '"' || b == '\'' || b == '<' || b == '>' || b == '`'
}
