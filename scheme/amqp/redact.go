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
// case, after white space) it is taken as one URI, whose password runs from the first ":"
// after "//" to the last "@" of s, so that a password with an unencoded
// "#", "/", "?", "@" or even a space is masked whole. Other text goes
// through uri.Redact, which finds "user:password@" authorities anywhere in
// running text. Both secrets are found in s as written and masked
// together, so that neither reading hides the other's: a password that
// holds "&password=" or "?" is masked whole, and a passphrase that holds
// an "@" also masks what lies between the credentials and that "@" (the
// host, in "amqps://u:p@h?password=a@b"), since the "@" may end
// credentials cut short. For a URI that parses, String gives the same
// text. Redact returns s itself when there is nothing to mask. Time is
// linear in len(s).
func Redact(s string) string { return applySpans(s, redactSpans(s)) }

// RedactSpans yields the start and end of each run of s that Redact
// replaces by "xxxxx" (spec, Security considerations), in order and
// apart, as byte offsets into s: for a caller that shows where the masks
// fall or masks more than Redact.
func RedactSpans(s string) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		for _, r := range redactSpans(s) {
			if !yield(r[0], r[1]) {
				return
			}
		}
	}
}

// redactSpans returns what Redact masks in s, merged (see mergeSpans).
func redactSpans(s string) [][2]int {
	t := strings.TrimLeft(s, " \t\r\n")
	n, _ := schemeOf(t)
	if n == 0 || !strings.HasPrefix(t[n+1:], "//") {
		sp := appendSpans(nil, passphrases(s, false))
		return mergeSpans(appendSpans(sp, uri.RedactSpans(s)))
	}
	lead := len(s) - len(t)
	sp := secretSpans(t, n+3)
	for i := range sp {
		sp[i][0] += lead
		sp[i][1] += lead
	}
	return mergeSpans(sp)
}

// secretSpans returns what Redact masks in s, one URI (or list entry)
// whose authority starts at a: the passphrases' values and the
// credentials, from the first ":" after a to the last "@" of s. Both are
// found in s as written and masked together, so that neither reading
// hides the other's secret: in "amqp://u:pw&password=x@h" the password
// holds what looks like a parameter, in "amqps://u:p@h?password=a@b" a
// passphrase holds an "@". An authority that starts with "[" has no
// userinfo (RFC 3986 3.2.1); uri.Redact's reading then finds the
// credentials in the text after it.
func secretSpans(s string, a int) [][2]int {
	sp := appendSpans(nil, passphrases(s, true))
	if a < len(s) && s[a] == '[' && strings.IndexByte(s[a:], ']') >= 0 {
		return appendSpans(sp, uri.RedactSpans(s))
	}
	if c := credentialsSpan(s, a); c[0] < c[1] {
		sp = append(sp, c)
	}
	return sp
}

// credentialsSpan returns the password of s, one URI whose authority
// starts at a and holds no IP-literal: from the first ":" after a to the
// last "@" of s; empty when there is none.
func credentialsSpan(s string, a int) [2]int {
	at := strings.LastIndexByte(s, '@')
	if at <= a {
		return [2]int{}
	}
	c := strings.IndexByte(s[a:at], ':')
	if c < 0 || a+c+1 >= at {
		return [2]int{}
	}
	return [2]int{a + c + 1, at}
}

// appendSpans appends the spans of seq to sp.
func appendSpans(sp [][2]int, seq iter.Seq2[int, int]) [][2]int {
	for start, end := range seq {
		sp = append(sp, [2]int{start, end})
	}
	return sp
}

// mergeSpans sorts spans and merges those that overlap or touch, so that
// each run is masked once; empty spans go.
func mergeSpans(spans [][2]int) [][2]int {
	sort.Slice(spans, func(i, j int) bool { return spans[i][0] < spans[j][0] })
	out := spans[:0]
	for _, r := range spans {
		switch {
		case r[0] >= r[1]:
		case len(out) > 0 && r[0] <= out[len(out)-1][1]:
			out[len(out)-1][1] = max(out[len(out)-1][1], r[1])
		default:
			out = append(out, r)
		}
	}
	return out
}

// applySpans returns s with each run of the union of spans replaced by
// "xxxxx", s itself when there is none.
func applySpans(s string, spans [][2]int) string {
	spans = mergeSpans(spans)
	if len(spans) == 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	done := 0
	for _, r := range spans {
		b.WriteString(s[done:r[0]])
		b.WriteString(redacted)
		done = r[1]
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
			// A key that decodes to "password" has at most 24 bytes
			// (each letter a triplet): a longer one is no passphrase's,
			// and the bound keeps the scan linear ("????...").
			eq := i + 1
			for eq < len(s) && eq-i <= maxPasswordKey && s[eq] != '=' && s[eq] != '&' && !endsWord(s[eq]) {
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

// maxPasswordKey is the length of the longest raw key that decodes to
// "password": every letter percent-encoded.
const maxPasswordKey = 3 * len("password")

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
	n, _ := schemeOf(s)
	a := n + 3
	if a < len(s) && s[a] == '[' {
		for range uri.RedactSpans(s) {
			m.other = [2]int{a + strings.IndexByte(s[a:], ']'), len(s)}
			break
		}
		return m
	}
	m.other = credentialsSpan(s, a)
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
// control byte, a double quote, an angle bracket or a backquote (as
// uri.Redact reads words: an apostrophe is a sub-delim).
func endsWord(b byte) bool {
	return b <= ' ' || b == 0x7F || b == '"' || b == '<' || b == '>' || b == '`'
}
