package amqp_test

import (
	"errors"
	"testing"

	"github.com/urikit/urikit/internal/errtest"
	"github.com/urikit/urikit/scheme/amqp"
	"github.com/urikit/urikit/uri"
)

// TestErrorsZero: the zero value of every error type of the package can
// be used: Error, Unwrap, MarshalJSON, errors.Is and errors.As.
func TestErrorsZero(t *testing.T) {
	errtest.Zero(t, &amqp.Error{})
	errtest.Zero(t, &amqp.EntryError{})
	errtest.Zero(t, amqp.ListError(nil))
	errtest.Zero(t, amqp.ListError{&amqp.EntryError{}})
	if got, want := (&amqp.Error{}).Error(), "amqp: : invalid (component(0) at offset 0)"; got != want {
		t.Errorf("(&amqp.Error{}).Error() = %q, want %q", got, want)
	}
}

// TestErrorsJSON: the JSON of every error type stays valid whatever
// bytes its texts hold (control bytes, invalid UTF-8, C1 controls,
// bidirectional overrides), and reads back.
func TestErrorsJSON(t *testing.T) {
	e := &amqp.Error{Field: errtest.Hostile, Hint: errtest.Hostile, URI: &uri.Error{Offset: 4, Component: uri.ComponentQuery, Err: errors.New(errtest.Hostile)}}
	want := map[string]string{"field": errtest.Hostile, "hint": errtest.Hostile, "reason": errtest.Hostile, "component": "query"}
	errtest.JSON(t, e, want)
	m := errtest.JSON(t, &amqp.EntryError{Index: 1, Offset: 2, Err: e}, nil)
	if inner, ok := m["error"].(map[string]any); !ok || inner["reason"] != errtest.Decoded(errtest.Hostile) {
		t.Errorf("EntryError's JSON %v: want the entry's error", m)
	}
	errtest.JSON(t, &amqp.EntryError{}, nil)
	_, err := amqp.ParseList("amqp://h:99999 x:// amqp://u:p@h")
	errtest.JSON(t, map[string]any{"list": err}, nil)
}
