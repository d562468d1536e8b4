package amqp

// This file holds what amqp adds to the secrets model of package scheme:
// the Secrets hook (the sensitive query parameters), the masks that the
// printed forms of Config and Param follow, and the scan of text that does
// not parse for the "password" parameter, whose errors point at its
// value's start.

import (
	"iter"
	"slices"
	"strings"

	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/uri"
)

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
// control byte, a double quote, an angle bracket or a backquote (as the
// text rules of uri.TextSecrets read words: an apostrophe is a sub-delim).
func endsWord(b byte) bool {
	return b <= ' ' || b == 0x7F || b == '"' || b == '<' || b == '>' || b == '`'
}

// secrets is the Secrets hook of amqp and amqps (see scheme.Scheme): the
// value of each query parameter whose ParamSpec is Sensitive (the TLS
// key's passphrase, "password"; RabbitMQ URI spec, Security
// considerations), its key decoded as Config reads it ("pass%77ord"), up
// to its "&". The spec's grammar has no fragment, so a "#" after the last
// pair's value can only be part of that value: when the last pair is the
// passphrase, its span runs to the end of the text, "#" included
// ("?password=ab#cd"; Parse rejects the "#", and the printed forms show
// no piece of the passphrase).
func secrets(u uri.URI) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		qs, qe, ok := u.Span(uri.ComponentQuery)
		if !ok {
			return
		}
		for off, raw := range rawPairs(u.Query(), qs, true) {
			if !raw.HasValue {
				continue
			}
			if _, id := decodeParam(off, raw, true); id < 0 || !registry[id].Sensitive {
				continue
			}
			vs := off + len(raw.Key) + 1
			ve := vs + len(raw.Value)
			if ve == qe && u.HasFragment() && qs <= vs {
				ve = len(u.String())
			}
			if vs < ve && !yield(vs, ve) {
				return
			}
		}
	}
}

// masks are the spans of the text of a URI that String masks, sorted and
// apart: what scheme.RedactSpans finds in it.
type masks [][2]int

// maskedRanges returns the masks of u's text.
func (u URI) maskedRanges() masks {
	var buf [4][2]int
	m := scheme.Default().AppendRedactSpans(buf[:0], u.s)
	if len(m) == 0 {
		return nil
	}
	return slices.Clone(m)
}

// overlaps reports whether [start, end), a non-empty span, meets a span
// of m.
func (m masks) overlaps(start, end int) bool {
	if start >= end {
		return false
	}
	i, _ := slices.BinarySearchFunc(m, start, func(sp [2]int, t int) int {
		if sp[1] <= t {
			return -1
		}
		return 1
	})
	return i < len(m) && m[i][0] < end
}
