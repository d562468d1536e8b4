package record

// This file writes the JSON records: by hand, member by member in the
// order that the README's "Command line" section documents, with strings escaped so that no control byte, C1
// control or bidirectional formatting character reaches the output raw.

import (
	"errors"
	"strconv"

	"github.com/urikit/urikit/internal/jsontext"
	"github.com/urikit/urikit/uri"
)

// AppendString appends s as a JSON string, escaped by the module's one
// JSON string writer (internal/jsontext): no control byte, C1 control or
// bidirectional formatting character reaches the output raw.
func AppendString(b []byte, s string) []byte { return jsontext.AppendString(b, s) }

// AppendURIString appends s, the text of a valid URI reference (RFC 3986
// 4.1) or that text with secrets replaced by uri.RedactMask, as a JSON
// string, reading none of its bytes: RFC 3986's characters (2.1-2.3:
// unreserved, reserved and "%") are printable ASCII other than '"' and
// '\\', which JSON writes as they are (RFC 8259 7), and AppendString
// would copy each of them unchanged.
func AppendURIString(b []byte, s string) []byte {
	b = append(b, '"')
	b = append(b, s...)
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

// Error is the "error" member of a record: {"offset", "component",
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

// FromError builds an Error from err, an error of parsing s that
// wraps a *uri.Error (any other reads as "invalid" at offset 0).
func FromError(s string, err error) *Error {
	var ue *uri.Error
	if !errors.As(err, &ue) {
		ue = &uri.Error{}
	}
	return FromURIError(s, ue)
}

// FromURIError builds an Error from a parse error of s.
func FromURIError(s string, e *uri.Error) *Error {
	reason := "invalid"
	if e.Err != nil {
		reason = e.Err.Error()
	}
	return &Error{Offset: e.Offset, Component: e.Component.String(), Reason: reason, Hint: hintFor(s, e)}
}

// AppendError appends e as the "error" member's value: null when e is
// nil.
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
