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

// redactPasswordParams masks the value of every "password=" parameter that
// follows "?" or "&", up to the next "&", or the end of the word in running
// text (whole false), of s when s is one URI (whole true): a "#" in it is
// taken as part of the value, and in one URI so is white space. It runs
// before uri.Redact, whose mask may swallow the parameter's name when the
// value holds an "@".
func redactPasswordParams(s string, whole bool) string {
	var b strings.Builder
	done := 0
	for i := 0; i < len(s); i++ {
		if s[i] != '?' && s[i] != '&' {
			continue
		}
		// A pair starts after s[i]; its key runs to "=" and may be
		// percent-encoded ("pass%77ord"), as Config reads it.
		eq := i + 1
		for eq < len(s) && s[eq] != '=' && s[eq] != '&' && !endsWord(s[eq]) {
			eq++
		}
		if eq == len(s) || s[eq] != '=' || !isPasswordKey(s[i+1:eq]) {
			continue
		}
		e := eq + 1
		for e < len(s) && s[e] != '&' && (whole || !endsWord(s[e])) {
			e++
		}
		if e == eq+1 {
			continue
		}
		b.WriteString(s[done : eq+1])
		b.WriteString(redacted)
		done = e
		i = e - 1
	}
	if done == 0 {
		return s
	}
	b.WriteString(s[done:])
	return b.String()
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
