package record

// This file writes the JSON records: by hand, member by member in the
// order that the README's "Command line" section documents, with strings escaped so that no control byte, C1
// control or bidirectional formatting character reaches the output raw.

import (
	"bytes"
	"errors"
	"strconv"
	"unicode/utf8"

	"github.com/urikit/urikit/uri"
)

// AppendString appends s as a JSON string: '"' and '\\' escaped, the C0
// controls, DEL and the characters of unsafeRune as \u escapes, a byte
// that is not UTF-8 as \ufffd (JSON text is Unicode).
func AppendString(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		// Copy a run of bytes that need no escape at once.
		j := i
		for j < len(s) && s[j] >= ' ' && s[j] < 0x7F && s[j] != '"' && s[j] != '\\' {
			j++
		}
		b = append(b, s[i:j]...)
		if i = j; i == len(s) {
			break
		}
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, `\n`...)
			case c == '\r':
				b = append(b, `\r`...)
			case c == '\t':
				b = append(b, `\t`...)
			case c < ' ' || c == 0x7F:
				b = append(b, `\u00`...)
				b = append(b, hexDigits[c>>4], hexDigits[c&15])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, `\ufffd`...)
		case unsafeRune(r):
			b = append(b, `\u`...)
			b = append(b, hex4(r)...)
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}

// AppendOpt appends s as a JSON string when present, null otherwise.
func AppendOpt(b []byte, s string, present bool) []byte {
	if !present {
		return append(b, "null"...)
	}
	return AppendString(b, s)
}

// Key appends a member's name, after a comma unless it is the first.
func Key(b []byte, name string) []byte {
	if b[len(b)-1] != '{' {
		b = append(b, ',')
	}
	b = append(b, '"')
	b = append(b, name...)
	return append(b, '"', ':')
}

// recordError is the "error" member of a record: {"offset", "component",
// "reason"} as the README documents it, plus "input" for records of two inputs
// (which one is wrong) and "hint" when there is one. component is null
// for an error that is not in a URI component (a line too long, a line
// that does not hold a pair).
type Error struct {
	Input     string // "", or "a", "b", "base", "ref"
	Offset    int
	Component string // "" for null
	Reason    string
	Hint      string
}

// FromError builds a recordError from err, an error of parsing s that
// wraps a *uri.Error (any other reads as "invalid" at offset 0).
func FromError(s string, err error) *Error {
	var ue *uri.Error
	if !errors.As(err, &ue) {
		ue = &uri.Error{}
	}
	return FromURIError(s, ue)
}

// FromURIError builds a recordError from a parse error of s.
func FromURIError(s string, e *uri.Error) *Error {
	reason := "invalid"
	if e.Err != nil {
		reason = e.Err.Error()
	}
	return &Error{Offset: e.Offset, Component: e.Component.String(), Reason: reason, Hint: hintFor(s, e)}
}

func AppendError(b []byte, e *Error) []byte {
	if e == nil {
		return append(b, "null"...)
	}
	b = append(b, '{')
	if e.Input != "" {
		b = Key(b, "input")
		b = AppendString(b, e.Input)
	}
	b = Key(b, "offset")
	b = strconv.AppendInt(b, int64(e.Offset), 10)
	b = Key(b, "component")
	b = AppendOpt(b, e.Component, e.Component != "")
	b = Key(b, "reason")
	b = AppendString(b, e.Reason)
	if e.Hint != "" {
		b = Key(b, "hint")
		b = AppendString(b, e.Hint)
	}
	return append(b, '}')
}

// Warning is a remark on a valid input that may not mean what it says.
type Warning struct {
	Code    string
	Offset  int
	Message string
}

// AppendWarnings appends the "warnings" member when there are any.
func AppendWarnings(b []byte, ws []Warning) []byte {
	if len(ws) == 0 {
		return b
	}
	b = Key(b, "warnings")
	b = append(b, '[')
	for i, w := range ws {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"code":`...)
		b = AppendString(b, w.Code)
		b = append(b, `,"offset":`...)
		b = strconv.AppendInt(b, int64(w.Offset), 10)
		b = append(b, `,"message":`...)
		b = AppendString(b, w.Message)
		b = append(b, '}')
	}
	return append(b, ']')
}

// JSONSafe rewrites, in JSON text that encoding/json wrote, the DEL
// byte and the characters of unsafeRune, which it writes raw, as \u
// escapes. They can only stand inside strings.
func JSONSafe(b []byte) []byte {
	if bytes.IndexByte(b, 0x7F) < 0 && bytes.IndexByte(b, 0xC2) < 0 && bytes.IndexByte(b, 0xD8) < 0 && bytes.IndexByte(b, 0xE2) < 0 {
		return b
	}
	out := make([]byte, 0, len(b)+16)
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		switch {
		case r == 0x7F || size > 1 && unsafeRune(r):
			out = append(out, `\u`...)
			out = append(out, hex4(r)...)
		default:
			out = append(out, b[i:i+size]...)
		}
		i += size
	}
	return out
}
