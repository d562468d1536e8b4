package main

// This file holds how urikit shows text taken from its input: passwords
// masked, control bytes and terminal escapes escaped, and the column of a
// byte for the caret under it.

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/urikit/urikit/scheme/amqp"
	"github.com/urikit/urikit/uri"
)

// mask is what a password shows as (RFC 3986 3.2.1).
const mask = "xxxxx"

// span is the range [start, end) of bytes of a text.
type span struct{ start, end int }

// shown is a text as urikit prints it: src with each of spans (sorted,
// disjoint) replaced by mask.
type shown struct {
	src   string
	text  string
	spans []span
}

// maskLine masks the passwords of one line of input (or one argument),
// valid URI or not; see maskText.
func maskLine(s string) shown { return maskText(s, uri.Reference{}, false) }

// maskText masks the passwords in s, a text that urikit reads or writes
// as one URI (a line of input, an argument, a result), whether or not it
// is valid: r, when valid, is s parsed.
//
// It masks what uri.Redact masks, taking s as one word: a quote, an
// angle bracket, a space or a control byte in s does not end the search
// for the "@" that closes a password, since s is meant to be one URI
// ("http://u:pa ss@h" is a mistyped URI, and "'" is a sub-delim, allowed
// in a password). When s is a valid reference, its own password (the
// userinfo after its first ":", as Redacted shows it) is masked too, and
// so is what amqp.Redact masks: the value of a "password" query parameter.
func maskText(s string, r uri.Reference, valid bool) shown {
	var spans []span
	if valid {
		if us, ue, ok := r.Span(uri.ComponentUserinfo); ok {
			if i := strings.IndexByte(s[us:ue], ':'); i >= 0 && us+i+1 < ue {
				spans = append(spans, span{us + i + 1, ue})
			}
		}
	}
	if sp, ok := redactSpan(s); ok {
		spans = addSpan(spans, sp)
	}
	// A valid reference with an authority has a port of digits, the only
	// one portPassword could take: the scan is for the others.
	if _, _, hasHost := r.Span(uri.ComponentHost); !valid || !hasHost {
		if sp, ok := portPassword(s, false); ok {
			spans = addSpan(spans, sp)
		}
	}
	// A "password" query parameter (the amqps key passphrase, and a
	// secret in any URI), and what amqp.Redact masks of an amqp URI.
	for start, end := range amqp.RedactSpans(s) {
		spans = addSpan(spans, span{start, end})
	}
	return newShown(s, spans)
}

// portPassword returns the span of what reads as a password with no "@"
// after it yet: in an authority that holds no "@" (the text after a "//"
// that starts s or follows a scheme and its ":", up to "/", "?", "#" or
// the end), the text after the first ":" when it is not a port, that is
// not decimal digits: "postgres://user:s3cret" is a password whose
// "@host" is missing (or not typed yet), since a port is digits (RFC 3986
// 3.2.3). With digitsAtEnd, digits are taken too when the authority runs
// to the end of s: a password of digits still being typed
// ("http://user:1234"), which may also be a port, as the page's address
// must not hold it. An IPv6 address written without its brackets is no
// password, nor is what follows a ":" after text that no user name holds
// ("host[:port]").
func portPassword(s string, digitsAtEnd bool) (span, bool) {
	i := 0
	for {
		j := strings.Index(s[i:], "//")
		if j < 0 {
			return span{}, false
		}
		i += j
		if i == 0 || s[i-1] == ':' && validScheme(schemeBefore(s[:i-1])) {
			break
		}
		i += 2
	}
	a := i + 2
	end := len(s)
	if k := strings.IndexAny(s[a:], "/?#"); k >= 0 {
		end = a + k
	}
	auth := s[a:end]
	if strings.IndexByte(auth, '@') >= 0 || strings.HasPrefix(auth, "[") || strings.Count(auth, ":") > 1 {
		// A "@" leaves the password to uri.Redact; brackets or colons
		// make an IPv6 address, written with its brackets or without.
		return span{}, false
	}
	c := strings.IndexByte(auth, ':')
	if c < 0 || c == len(auth)-1 || !userChars(auth[:c]) {
		return span{}, false
	}
	start := a + c + 1
	digits := strings.Trim(s[start:end], "0123456789") == ""
	if digits && !(digitsAtEnd && end == len(s)) {
		return span{}, false
	}
	return span{start, end}, true
}

// schemeBefore returns the run of scheme characters at the end of s.
func schemeBefore(s string) string {
	i := len(s)
	for i > 0 {
		c := s[i-1]
		if !isLetter(c) && !('0' <= c && c <= '9') && c != '+' && c != '-' && c != '.' {
			break
		}
		i--
	}
	return s[i:]
}

// validScheme reports whether s is a scheme (RFC 3986 3.1): a letter, then
// letters, digits, "+", "-" or ".".
func validScheme(s string) bool {
	if s == "" || !isLetter(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if c := s[i]; !isLetter(c) && !('0' <= c && c <= '9') && c != '+' && c != '-' && c != '.' {
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
		c := s[i]
		if !isLetter(c) && !('0' <= c && c <= '9') && strings.IndexByte("-._~%!$&'()*+,;=", c) < 0 {
			return false
		}
	}
	return true
}

func isLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// newShown is s with spans masked.
func newShown(s string, spans []span) shown {
	if len(spans) == 0 {
		return shown{src: s, text: s}
	}
	var b strings.Builder
	b.Grow(len(s))
	i := 0
	for _, sp := range spans {
		b.WriteString(s[i:sp.start])
		b.WriteString(mask)
		i = sp.end
	}
	b.WriteString(s[i:])
	return shown{src: s, text: b.String(), spans: spans}
}

// reveal is s shown as written (--show-secrets).
func reveal(s string) shown { return shown{src: s, text: s} }

// redactSpan returns the span of s that uri.Redact masks when s is read
// as one word (see maskText). uri.Redact masks at most one password per
// word, from after a ":" to the word's last "@"; if its result does not
// have that shape, everything before that "@" is masked.
func redactSpan(s string) (span, bool) {
	if strings.IndexByte(s, '@') < 0 {
		// uri.Redact masks up to an "@": there is nothing to mask.
		return span{}, false
	}
	t := s
	for i := 0; i < len(s); i++ {
		if endsWord(s[i]) {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if endsWord(b[j]) {
					b[j] = '!'
				}
			}
			t = string(b)
			break
		}
	}
	out := uri.Redact(t)
	if out == t {
		return span{}, false
	}
	at := strings.LastIndexByte(t, '@')
	if at < 0 {
		return span{0, len(s)}, true
	}
	tail := len(t) - at
	start := len(out) - tail - len(mask)
	if start >= 0 && start <= at && out[:start] == t[:start] && out[start:start+len(mask)] == mask && out[start+len(mask):] == t[at:] {
		return span{start, at}, true
	}
	return span{0, at}, true
}

// endsWord reports whether uri.Redact ends a word at b.
func endsWord(b byte) bool {
	return b <= ' ' || b == 0x7F || b == '"' || b == '\'' || b == '<' || b == '>' || b == '`'
}

// addSpan adds sp to the sorted, disjoint spans, merging overlaps. Spans
// added in order (as amqp.RedactSpans yields them) cost O(1) each, so
// masking stays linear in the number of spans.
func addSpan(spans []span, sp span) []span {
	if n := len(spans); n == 0 || sp.start >= spans[n-1].start {
		if n > 0 && sp.start <= spans[n-1].end {
			spans[n-1].end = max(spans[n-1].end, sp.end)
			return spans
		}
		return append(spans, sp)
	}
	out := make([]span, 0, len(spans)+1)
	added := false
	for _, x := range spans {
		if !added && sp.start < x.start {
			out = append(out, sp)
			added = true
		}
		out = append(out, x)
	}
	if !added {
		out = append(out, sp)
	}
	merged := out[:1]
	for _, x := range out[1:] {
		if last := &merged[len(merged)-1]; x.start <= last.end {
			last.end = max(last.end, x.end)
			continue
		}
		merged = append(merged, x)
	}
	return merged
}

// mergeSpans sorts spans by start and merges those that overlap or touch,
// as addSpan does one at a time.
func mergeSpans(spans []span) []span {
	slices.SortFunc(spans, func(a, b span) int { return cmp.Compare(a.start, b.start) })
	var out []span
	for _, sp := range spans {
		out = addSpan(out, sp)
	}
	return out
}

// at returns the offset in m.text of the byte at offset i of m.src; a
// byte inside a masked span maps to the mask's first byte.
func (m shown) at(i int) int {
	delta := 0
	for _, sp := range m.spans {
		if i < sp.start {
			break
		}
		if i < sp.end {
			return sp.start + delta
		}
		delta += len(mask) - (sp.end - sp.start)
	}
	return i + delta
}

// part returns m.src[start:end] with the masked spans that overlap it
// masked: a component as shown.
func (m shown) part(start, end int) string {
	if start == end {
		return ""
	}
	var b strings.Builder
	i := start
	for _, sp := range m.spans {
		if sp.end <= start || sp.start >= end {
			continue
		}
		b.WriteString(m.src[i:max(sp.start, i)])
		b.WriteString(mask)
		i = min(sp.end, end)
	}
	if b.Len() == 0 {
		return m.src[start:end]
	}
	b.WriteString(m.src[i:end])
	return b.String()
}

// component returns component c of r, a valid parse of m.src, as shown,
// and whether it is present.
func (m shown) component(r uri.Reference, c uri.Component) (string, bool) {
	start, end, ok := r.Span(c)
	if !ok {
		return "", false
	}
	return m.part(start, end), true
}

// escapeText returns s for a terminal: a backslash as `\\`, "\t", "\n"
// and "\r" as such, every other C0 control byte, DEL and each byte that
// is not UTF-8 as \xNN, and the C1 controls, the line and paragraph
// separators and the bidirectional formatting characters as \uNNNN.
// Other characters, spaces included, are written as they are.
func escapeText(s string) string {
	i := 0
	for i < len(s) && s[i] >= ' ' && s[i] < 0x7F && s[i] != '\\' {
		i++
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '\\':
				b.WriteString(`\\`)
			case c == '\t':
				b.WriteString(`\t`)
			case c == '\n':
				b.WriteString(`\n`)
			case c == '\r':
				b.WriteString(`\r`)
			case c < ' ' || c == 0x7F:
				b.WriteString(`\x`)
				b.WriteByte(hexDigits[c>>4])
				b.WriteByte(hexDigits[c&15])
			default:
				b.WriteByte(c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\x`)
			b.WriteByte(hexDigits[c>>4])
			b.WriteByte(hexDigits[c&15])
		case unsafeRune(r):
			b.WriteString(`\u`)
			b.WriteString(hex4(r))
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

const hexDigits = "0123456789abcdef"

// hex4 is r in four lowercase hex digits.
func hex4(r rune) string {
	return string([]byte{hexDigits[r>>12&15], hexDigits[r>>8&15], hexDigits[r>>4&15], hexDigits[r&15]})
}

// unsafeRune reports whether a character must not reach a terminal or a
// JSON consumer as it is: a C1 control (U+0080-U+009F; U+009B is a CSI),
// a line or paragraph separator, or a bidirectional formatting character
// (RFC 3987 4.1; they reorder what the terminal shows).
func unsafeRune(r rune) bool {
	switch {
	case r >= 0x80 && r <= 0x9F:
		return true
	case r == 0x061C, r == 0x200E, r == 0x200F, r == 0x2028, r == 0x2029:
		return true
	case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// columns returns the width of s on a terminal: nonspacing marks take no
// column, East Asian wide characters two, others one.
func columns(s string) int {
	n := 0
	for _, r := range s {
		switch {
		case r < 0x300:
			n++
		case unicode.Is(unicode.Mn, r):
		case wide(r):
			n += 2
		default:
			n++
		}
	}
	return n
}

// wide reports whether r takes two columns (the main East Asian Wide and
// Fullwidth blocks of Unicode's EastAsianWidth.txt).
func wide(r rune) bool {
	switch {
	case r >= 0x1100 && r <= 0x115F, r >= 0x2E80 && r <= 0x303E, r >= 0x3041 && r <= 0x33FF,
		r >= 0x3400 && r <= 0x4DBF, r >= 0x4E00 && r <= 0x9FFF, r >= 0xA000 && r <= 0xA4CF,
		r >= 0xAC00 && r <= 0xD7A3, r >= 0xF900 && r <= 0xFAFF, r >= 0xFE30 && r <= 0xFE4F,
		r >= 0xFF00 && r <= 0xFF60, r >= 0xFFE0 && r <= 0xFFE6, r >= 0x1F300 && r <= 0x1F64F,
		r >= 0x1F900 && r <= 0x1F9FF, r >= 0x20000 && r <= 0x3FFFD:
		return true
	}
	return false
}

// caretLine returns the text as shown (escaped) after indent, and under
// it a caret under the byte at offset off of m.src.
func caretLines(indent string, m shown, off int) string {
	off = min(max(off, 0), len(m.src))
	at := m.at(off)
	return indent + escapeText(m.text) + "\n" + indent + strings.Repeat(" ", columns(escapeText(m.text[:at]))) + "^\n"
}

// quoted is s quoted for a line of text output: strconv.Quote escapes
// every control byte and every character that unicode.IsPrint rejects,
// the C1 controls and the bidirectional formatting characters included.
func quoted(s string) string { return strconv.Quote(s) }
