package amqp

import (
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
	s = redactPasswordParams(s)
	n, _ := schemeOf(s)
	if n == 0 || !strings.HasPrefix(s[n+1:], "//") {
		return uri.Redact(s)
	}
	a := n + 3
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

// redactPasswordParams masks the value of every "password=" parameter that
// follows "?" or "&", up to the next "&" or the end of the word: a "#" in
// it is taken as part of the value. It runs before uri.Redact, whose mask
// may swallow the parameter's name when the value holds an "@".
func redactPasswordParams(s string) string {
	const key = "password="
	var b strings.Builder
	done := 0
	for i := 0; ; {
		k := strings.Index(s[i:], key)
		if k < 0 {
			break
		}
		k += i
		i = k + len(key)
		if k == 0 || (s[k-1] != '?' && s[k-1] != '&') {
			continue
		}
		e := i
		for e < len(s) && s[e] != '&' && !endsWord(s[e]) {
			e++
		}
		if e == i {
			continue
		}
		b.WriteString(s[done:i])
		b.WriteString(redacted)
		done = e
		i = e
	}
	if done == 0 {
		return s
	}
	b.WriteString(s[done:])
	return b.String()
}

// endsWord reports whether b ends a URI written in text: a space, a
// control byte, a quote or an angle bracket.
func endsWord(b byte) bool {
	return b <= ' ' || b == 0x7F || b == '"' || b == '\'' || b == '<' || b == '>' || b == '`'
}
