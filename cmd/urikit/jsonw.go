package main

// This file writes the JSON records: by hand, member by member in the
// order of DESIGN.md, with strings escaped so that no control byte, C1
// control or bidirectional formatting character reaches the output raw.

import (
	"bytes"
	"errors"
	"strconv"
	"unicode/utf8"

	"github.com/urikit/urikit/uri"
)

// appendString appends s as a JSON string: '"' and '\\' escaped, the C0
// controls, DEL and the characters of unsafeRune as \u escapes, a byte
// that is not UTF-8 as \ufffd (JSON text is Unicode).
func appendString(b []byte, s string) []byte {
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

// appendOpt appends s as a JSON string when present, null otherwise.
func appendOpt(b []byte, s string, present bool) []byte {
	if !present {
		return append(b, "null"...)
	}
	return appendString(b, s)
}

// key appends a member's name, after a comma unless it is the first.
func key(b []byte, name string) []byte {
	if b[len(b)-1] != '{' {
		b = append(b, ',')
	}
	b = append(b, '"')
	b = append(b, name...)
	return append(b, '"', ':')
}

// recordError is the "error" member of a record: {"offset", "component",
// "reason"} as DESIGN.md says, plus "input" for records of two inputs
// (which one is wrong) and "hint" when there is one. component is null
// for an error that is not in a URI component (a line too long, a line
// that does not hold a pair).
type recordError struct {
	input     string // "", or "a", "b", "base", "ref"
	offset    int
	component string // "" for null
	reason    string
	hint      string
}

// fromError builds a recordError from err, an error of parsing s that
// wraps a *uri.Error (any other reads as "invalid" at offset 0).
func fromError(s string, err error) *recordError {
	var ue *uri.Error
	if !errors.As(err, &ue) {
		ue = &uri.Error{}
	}
	return fromURIError(s, ue)
}

// fromURIError builds a recordError from a parse error of s.
func fromURIError(s string, e *uri.Error) *recordError {
	reason := "invalid"
	if e.Err != nil {
		reason = e.Err.Error()
	}
	return &recordError{offset: e.Offset, component: e.Component.String(), reason: reason, hint: hintFor(s, e)}
}

func appendError(b []byte, e *recordError) []byte {
	if e == nil {
		return append(b, "null"...)
	}
	b = append(b, '{')
	if e.input != "" {
		b = key(b, "input")
		b = appendString(b, e.input)
	}
	b = key(b, "offset")
	b = strconv.AppendInt(b, int64(e.offset), 10)
	b = key(b, "component")
	b = appendOpt(b, e.component, e.component != "")
	b = key(b, "reason")
	b = appendString(b, e.reason)
	if e.hint != "" {
		b = key(b, "hint")
		b = appendString(b, e.hint)
	}
	return append(b, '}')
}

// warning is a remark on a valid input that may not mean what it says.
type warning struct {
	code    string
	offset  int
	message string
}

// appendWarnings appends the "warnings" member when there are any.
func appendWarnings(b []byte, ws []warning) []byte {
	if len(ws) == 0 {
		return b
	}
	b = key(b, "warnings")
	b = append(b, '[')
	for i, w := range ws {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"code":`...)
		b = appendString(b, w.code)
		b = append(b, `,"offset":`...)
		b = strconv.AppendInt(b, int64(w.offset), 10)
		b = append(b, `,"message":`...)
		b = appendString(b, w.message)
		b = append(b, '}')
	}
	return append(b, ']')
}

// jsonSafe rewrites, in JSON text that encoding/json wrote, the DEL
// byte and the characters of unsafeRune, which it writes raw, as \u
// escapes. They can only stand inside strings.
func jsonSafe(b []byte) []byte {
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
