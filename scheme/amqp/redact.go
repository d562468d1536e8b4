package amqp

import (
	"strings"

	"github.com/urikit/urikit/uri"
)

// Redact masks the secrets of text that may not even parse as an amqp URI,
// for messages and logs (spec, Security considerations): the password of
// every "user:password@" authority, as uri.Redact finds them (a password
// that an unencoded "#", "/" or "?" cuts short included), and the value of
// every "password=" query parameter, the TLS key's passphrase. For a URI
// that parses, String gives the same text. It returns s itself when there
// is nothing to mask.
func Redact(s string) string {
	return uri.Redact(redactPasswordParams(s))
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
