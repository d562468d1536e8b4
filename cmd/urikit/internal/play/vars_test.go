package play

import (
	"strings"
	"testing"
)

func TestMaskVars(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{`{"user": "ana", "sort": "updated"}`, `{"user": "ana", "sort": "updated"}`},
		{`{"password":"hunter2","access_token":"TKN","u":"https://a:NESTPW@h/"}`,
			`{"password":"xxxxx","access_token":"xxxxx","u":"https://a:xxxxx@h/"}`},
		{`{"Password" : "hunter2", "x": 1}`, `{"Password" : "xxxxx", "x": 1}`},
		{`{"token":["a","b"],"t":["c"]}`, `{"token":["xxxxx","xxxxx"],"t":["c"]}`},
		{`{"m":{"access_token":"ASSOCTOK","x":"1"}}`, `{"m":{"access_token":"xxxxx","x":"1"}}`},
		{`{"secret":{"a":"b","c":["d"]}}`, `{"secret":{"a":"xxxxx","c":["xxxxx"]}}`},
		{`{"password":""}`, `{"password":""}`},
		// Being typed: the string runs to the end.
		{`{"password":"hun`, `{"password":"xxxxx`},
		{`{"password":`, `{"password":`},
		{`{"u":"https://a:pw@`, `{"u":"https://a:xxxxx@`},
		// Escapes: a string with a secret is masked whole.
		{`{"u":"https://a:p\"w@h/"}`, `{"u":"xxxxx"}`},
		{`{"k\"ey":"v","password":"p\\w"}`, `{"k\"ey":"v","password":"xxxxx"}`},
		// A name that holds a credential key as text is a name.
		{`{"password":"x","y":"password"}`, `{"password":"xxxxx","y":"password"}`},
		{`not json "password" "x"`, `not json "password" "x"`},
		// A name with escapes is read; a number below a credential key
		// is masked as a string.
		{`{"pass\u0077ord":"ESCNAMESEK"}`, `{"pass\u0077ord":"xxxxx"}`},
		{`{"x":"a","password":12345678, "n": -1.5e3}`, `{"x":"a","password":"xxxxx", "n": -1.5e3}`},
		{`{"token":[1,2]}`, `{"token":["xxxxx","xxxxx"]}`},
		// URIs of their own, nested or encoded.
		{`{"x":"#https://ana:nested77@h/?a=1"}`, `{"x":"#https://ana:xxxxx@h/?a=1"}`},
		{`{"x":"https%3A%2F%2Fana%3Anested77%40h%2F"}`, `{"x":"https%3A%2F%2Fana%3Axxxxx%40h%2F"}`},
		{`{"x":"https:\/\/ana:nested77@h\/"}`, `{"x":"xxxxx"}`},
		{``, ``},
	} {
		if got := MaskVars(tt.in); got != tt.want {
			t.Errorf("MaskVars(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestMaskVarsTyping: no prefix of a text being typed shows a piece of a
// secret in it.
func TestMaskVarsTyping(t *testing.T) {
	const full = `{"user": "ana", "password": "Zq9SecretPW", "m": {"access_token": "Zq9SecretTK"}, "u": "https://a:Zq9SecretNS@h/"}`
	for n := range len(full) + 1 {
		got := MaskVars(full[:n])
		for _, secret := range []string{"Zq9SecretPW", "Zq9SecretTK", "Zq9SecretNS"} {
			for k := 4; k <= len(secret); k++ {
				if strings.Contains(got, secret[:k]) {
					t.Fatalf("MaskVars(%q) = %q shows %q", full[:n], got, secret[:k])
				}
			}
		}
	}
}
