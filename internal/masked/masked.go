// Package masked writes the printed forms that every value holding a
// secret shares (README.md, Secrets: a value that holds a secret prints
// masked in every form), so that each form is written once: a
// value's String gives its text with the secrets masked, and Format and
// GoString derive the fmt forms from it (Format, GoString). A type's
// LogValue (slog.StringValue of String) and MarshalText or MarshalJSON
// stay with the type, or, for a value of several fields, come from its
// field table (amqp.Config.Fields).
package masked

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urikit/urikit/internal/jsontext"
)

// Value is a value whose every printed form derives from its masked text.
type Value interface {
	// String returns the text with the secrets masked.
	String() string
	// GoString returns the masked text as a Go expression, for %#v.
	GoString() string
}

// Format implements fmt.Formatter for v: %#v prints v.GoString(), %q the
// masked text quoted, every other verb (%v, %+v, %s, %d, %x, ...) the
// masked text as it is, so that no verb reaches a secret through
// reflection. Width, precision and the other flags are ignored.
func Format(f fmt.State, verb rune, v Value) {
	switch {
	case verb == 'v' && f.Flag('#'):
		io.WriteString(f, v.GoString())
	case verb == 'q':
		io.WriteString(f, strconv.Quote(v.String()))
	default:
		io.WriteString(f, v.String())
	}
}

// GoString returns the masked text as the Go expression call(text), such
// as amqp.MustParse("amqp://u:xxxxx@h"), or as a quoted string when call
// is "".
func GoString(call, text string) string {
	if call == "" {
		return strconv.Quote(text)
	}
	return call + "(" + strconv.Quote(text) + ")"
}

// EscapeText returns s for a terminal or a log line, where a control byte
// could move the cursor or forge a line: a backslash as `\\`, "\t", "\n"
// and "\r" as such, every other C0 control byte, DEL and each byte that
// is not UTF-8 as \xNN, and the C1 controls, the line and paragraph
// separators and the bidirectional formatting characters as \uNNNN.
// Other characters, spaces included, are written as they are.
func EscapeText(s string) string { return escape(s, true) }

// EscapeControls is EscapeText with backslashes kept as they are: for a
// value shown among others ("certfile:C:\certs\ca.pem"), where a file
// name reads best as written and only the bytes that could forge a line
// or reorder it need an escape.
func EscapeControls(s string) string { return escape(s, false) }

// escape is EscapeText, with a backslash escaped when backslash is set.
func escape(s string, backslash bool) string {
	i := 0
	for i < len(s) && s[i] >= ' ' && s[i] < 0x7F && (s[i] != '\\' || !backslash) {
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
			case c == '\\' && backslash:
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
		case jsontext.Unsafe(r) && r > 0xFFFF:
			// Go's escape of a character beyond the BMP.
			b.WriteString(`\U00`)
			b.WriteByte(hexDigits[r>>20&15])
			b.WriteByte(hexDigits[r>>16&15])
			b.WriteString(hex4(r))
		case jsontext.Unsafe(r):
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
