// Package errtest checks the error and finding types of urikit the same
// way in every package: that the zero value of an error type can be used
// (Zero), that its JSON encoding stays valid whatever bytes its texts
// hold (JSON, with Hostile as the text), and that no output shows a piece
// of a secret (Leak). Only tests import this package.
package errtest

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// Hostile is a text that no JSON string writer may copy as it is: C0
// controls, an escape sequence, DEL, bytes that are not UTF-8, a C1
// control, a bidirectional override, a line separator, a quote, a
// backslash and a line feed.
const Hostile = "a\x00b\x1b[31m\x7f\xff\xc3(\u0085\u202e\u2028\"\\\n"

// Decoded is s as json.Unmarshal reads back a JSON string written from
// it: each byte that is not part of valid UTF-8 becomes U+FFFD.
func Decoded(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		b.WriteRune(r)
		i += size
	}
	return b.String()
}

// JSON encodes v with json.Marshal (which runs v's MarshalJSON and checks
// its output), and fails t unless the encoding is a valid JSON object
// whose string members named in want read back as the texts given there,
// after Decoded. It returns the members.
func JSON(t testing.TB, v any, want map[string]string) map[string]any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Errorf("json.Marshal(%T): %v", v, err)
		return nil
	}
	if !json.Valid(b) {
		t.Errorf("json.Marshal(%T) = %s, not valid JSON", v, b)
		return nil
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Errorf("json.Unmarshal of %T's %s: %v", v, b, err)
		return nil
	}
	for k, w := range want {
		if got, ok := m[k].(string); !ok || got != Decoded(w) {
			t.Errorf("%T's JSON %s: %q reads back as %q, want %q", v, b, k, m[k], Decoded(w))
		}
	}
	return m
}

// Zero uses err, the zero value of an error type (&T{} or T{}), as
// callers do: Error, Unwrap (both forms), Is, MarshalJSON, errors.Is and
// errors.As down its whole chain, and fmt's verbs. It fails t on a panic,
// on an Unwrap that returns a nil pointer inside a non-nil error (which
// makes errors.Is panic further down), and on JSON that is not valid.
func Zero(t testing.TB, err error) {
	t.Helper()
	name := fmt.Sprintf("%T", err)
	defer func() {
		if p := recover(); p != nil {
			t.Errorf("zero %s: panic: %v", name, p)
		}
	}()
	_ = err.Error()
	_ = fmt.Sprintf("%v %+v %s %q", err, err, err, err)
	switch u := err.(type) {
	case interface{ Unwrap() error }:
		if inner := u.Unwrap(); inner != nil {
			t.Errorf("zero %s: Unwrap() = %#v, want nil", name, inner)
		}
	case interface{ Unwrap() []error }:
		for _, inner := range u.Unwrap() {
			if inner == nil {
				t.Errorf("zero %s: Unwrap() holds nil", name)
			}
		}
	}
	if is, ok := err.(interface{ Is(error) bool }); ok {
		is.Is(errors.New("x"))
	}
	_ = errors.Is(err, errors.New("x"))
	var target interface{ Unwrap() error }
	_ = errors.As(err, &target)
	if m, ok := err.(json.Marshaler); ok {
		b, jerr := m.MarshalJSON()
		if jerr != nil || !json.Valid(b) {
			t.Errorf("zero %s: MarshalJSON() = %s, %v; want valid JSON", name, b, jerr)
		}
	}
}

// Leak returns a 4-byte piece of secret that text holds, and true, or ""
// and false: the measure of the leak tests, which require that no output
// shows any piece of a password, a passphrase or a key file.
func Leak(text, secret string) (string, bool) {
	for i := 0; i+4 <= len(secret); i++ {
		if strings.Contains(text, secret[i:i+4]) {
			return secret[i : i+4], true
		}
	}
	return "", false
}
