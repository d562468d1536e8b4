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
