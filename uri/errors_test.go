package uri_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/errtest"
	"github.com/urikit/urikit/internal/golden"
	"github.com/urikit/urikit/uri"
)

// invalidInputs returns every invalid input the tests know: the error
// table and the invalid conformance vectors.
func invalidInputs(t *testing.T) []string {
	var ins []string
	for _, tt := range errorTests {
		ins = append(ins, tt.in)
	}
	for _, s := range conformanceInputs(t) {
		if _, err := uri.ParseReference(s); err != nil {
			ins = append(ins, s)
		}
	}
	return ins
}

// TestErrorsGolden pins the text of the error messages: the only place a
// message's wording is compared.
func TestErrorsGolden(t *testing.T) {
	var b strings.Builder
	for _, tt := range errorTests {
		var err error
		if tt.parse {
			_, err = uri.Parse(tt.in)
		} else {
			_, err = uri.ParseReference(tt.in)
		}
		fmt.Fprintf(&b, "%q\n\t%v\n", tt.in, err)
	}
	golden.Check(t, "testdata/errors.golden", []byte(b.String()))
}

// passwords hold the delimiters that end a userinfo early ("@", "#", "/",
// "?"), a bad and a good escape, and ":".
var passwords = []string{
	"Zq@#/?%:Xw9",
	"hK3:v@evil.example#x",
	"Tj/9?Lm%zzQ",
	"Wp%41:Rb@@##",
	"Yx::Jk//??Fo",
}

// leaks reports a 4-byte piece of password found in text.
func leaks(text, password string) (string, bool) {
	for i := 0; i+4 <= len(password); i++ {
		if strings.Contains(text, password[i:i+4]) {
			return password[i : i+4], true
		}
	}
	return "", false
}

// TestErrorsDoNotLeak builds inputs with a password around every invalid
// input and requires that no error text, JSON encoding or fmt form holds
// any 4-byte piece of the password.
func TestErrorsDoNotLeak(t *testing.T) {
	checked := 0
	for _, bad := range invalidInputs(t) {
		for _, pw := range passwords {
			for _, in := range []string{
				"http://user:" + pw + "@host/" + bad,
				"amqp://user:" + pw + "@" + bad,
				"//user:" + pw + "@h:" + bad,
				bad + "//u:" + pw + "@h",
				"s://u:" + pw + "@[" + bad + "]",
			} {
				for _, parse := range []func(string) error{
					func(s string) error { _, err := uri.Parse(s); return err },
					func(s string) error { _, err := uri.ParseReference(s); return err },
					func(s string) error {
						_, err := uri.Components{Scheme: "s", HasAuthority: true, HasUserinfo: true, Userinfo: "u:" + pw, Host: bad}.Reference()
						return err
					},
				} {
					err := parse(in)
					if err == nil {
						continue
					}
					checked++
					var e *uri.Error
					if !errors.As(err, &e) {
						t.Fatalf("error %T for %q, want *uri.Error", err, in)
					}
					js, jerr := json.Marshal(err)
					if jerr != nil {
						t.Fatalf("json.Marshal(%v): %v", err, jerr)
					}
					for _, text := range []string{err.Error(), string(js), fmt.Sprintf("%v|%+v|%#v|%s", err, err, err, e.Component)} {
						if piece, ok := leaks(text, pw); ok {
							t.Errorf("error for %q holds %q of the password: %s", in, piece, text)
						}
					}
				}
			}
		}
	}
	if checked < 1000 {
		t.Errorf("only %d errors checked", checked)
	}
}

// TestErrorJSON pins the JSON form of an Error.
func TestErrorJSON(t *testing.T) {
	_, err := uri.Parse("http://u:secret@h:8x/")
	js, _ := json.Marshal(err)
	want := `{"offset":19,"component":"port","reason":"invalid port"}`
	if string(js) != want {
		t.Errorf("json.Marshal(err) = %s, want %s", js, want)
	}
}

// TestErrorWithoutReason: an Error built without a reason still prints and
// encodes.
func TestErrorWithoutReason(t *testing.T) {
	e := &uri.Error{Offset: 3, Component: uri.ComponentHost}
	if got, want := e.Error(), "uri: host at offset 3: invalid"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	b, err := json.Marshal(e)
	if err != nil || string(b) != `{"offset":3,"component":"host","reason":"invalid"}` {
		t.Errorf("json.Marshal = %s, %v", b, err)
	}
	if errors.Unwrap(e) != nil {
		t.Errorf("Unwrap() = %v, want nil", errors.Unwrap(e))
	}
}

// TestComponentText: every component's name reads back, and nothing else.
func TestComponentText(t *testing.T) {
	for c := uri.ComponentScheme; c <= uri.ComponentFragment; c++ {
		b, err := c.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var got uri.Component
		if err := got.UnmarshalText(b); err != nil || got != c {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", b, got, err, c)
		}
	}
	for _, s := range []string{"", "Host", "component(0)", "hostname"} {
		var got uri.Component
		if err := got.UnmarshalText([]byte(s)); err == nil {
			t.Errorf("UnmarshalText(%q) = %v, want an error", s, got)
		}
	}
}

// TestErrorZeroAndJSON: the zero Error can be used, and its JSON stays
// valid whatever bytes a plugin's reason holds.
func TestErrorZeroAndJSON(t *testing.T) {
	errtest.Zero(t, &uri.Error{})
	errtest.JSON(t, &uri.Error{Offset: 3, Component: uri.ComponentQuery, Err: errors.New(errtest.Hostile)},
		map[string]string{"reason": errtest.Hostile, "component": "query"})
}
