package varsjson

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/urikit/urikit/uritemplate"
)

func TestDecodeKeepsOrder(t *testing.T) {
	in := `{"s":"a","n":1024,"l":["x","y"],"m":{"z":"1","a":"2","m":""},"u":null,"e":{},"el":[]}`
	vars, err := Decode([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"s", "n", "l", "m", "u", "e", "el"}
	got := string(Append(nil, names, vars))
	want := `{"s":"a","n":"1024","l":["x","y"],"m":{"z":"1","a":"2","m":""}}`
	if got != want {
		t.Errorf("Append(Decode(%s)) = %s, want %s", in, got, want)
	}
	u, err := uritemplate.MustParse("{?m*}").Expand(vars)
	if err != nil || u != "?z=1&a=2&m=" {
		t.Errorf("expansion of m = %q, %v; want the order of the file", u, err)
	}
}

func TestDecodeErrors(t *testing.T) {
	for _, in := range []string{
		``, `[]`, `"x"`, `{"a":true}`, `{"a":["x",1.5e999,{}]}`, `{"a":{"k":["v"]}}`, `{"a":"x","a":"y"}`,
		`{"a":"x"} {}`, `{"a":"x"`, `{"a":[["x"]]}`,
	} {
		if _, err := Decode([]byte(in)); err == nil {
			t.Errorf("Decode(%s) = nil error", in)
		} else if strings.Contains(err.Error(), `"x"`) && !strings.Contains(in, `"x","a"`) {
			t.Errorf("Decode(%s): the error %q quotes a value", in, err)
		}
	}
}

// FuzzDecode: Decode never panics, and what it reads, written by Append
// and read again, is the same variables.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{`{}`, `{"a":"b"}`, `{"l":["x",""],"m":{"k":"v","a":""},"n":12.5e3,"u":null}`, `{"a":"\u00e9\ud800"}`, `[`, `{"a":{"b":[]}}`,
		` { "a" : [ "x" , -0.5E+2 ] , "b" : { } } `, `{"a":"\ud83d\ude00\udc00\ud800\u0041"}`, "{\"a\":\"\xff\xed\xa0\x80\"}", `{"a":01}`, `{"a":tru}`,
		`{"a":[true]}`, `{"a":"\x"}`, `{"a":"b",}`, `{"a" "b"}`, `{"a":-}`, `{"a":1.}`, `{"a":1e}`, `{"a":"\udcff\udc80x\uDCC3\udca9"}`, `{"q":{"b":"1","b":"2"}}`,
		"\xef\xbb\xbf{\"a\":\"b\"}", `{"a":"\udc7f"}`, `{"a":["\ud83d\u0041"]}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		vars, err := Decode(data)
		// encoding/json refuses a byte order mark, which Decode
		// ignores (RFC 8259 8.1), and reads U+FFFD where Decode is
		// strict (textError).
		ref, refErr := decodeRef(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))
		var te *textError
		if errors.As(err, &te) {
			return
		}
		if (err == nil) != (refErr == nil) {
			t.Fatalf("Decode(%q): error %v; encoding/json's reading: %v", data, err, refErr)
		}
		if err != nil {
			return
		}
		if len(vars) != len(ref) {
			t.Fatalf("Decode(%q) has %d variables; encoding/json's reading %d", data, len(vars), len(ref))
		}
		// encoding/json reads \udc80 to \udcff as U+FFFD, Decode as a
		// byte: where they may stand, only the kinds and lengths agree.
		bytesEscaped := bytes.Contains(bytes.ToLower(data), []byte(`\udc`))
		for n, v := range ref {
			if w, ok := vars[n]; bytesEscaped && ok && w.Kind() == v.Kind() && w.Len() == v.Len() {
				continue
			}
			if w, ok := vars[n]; !ok || !w.Equal(v) || w.Kind() != v.Kind() {
				t.Fatalf("Decode(%q): variable %q is %v; encoding/json's reading %v", data, n, w, v)
			}
		}
		names := make([]string, 0, len(vars))
		for n := range vars {
			names = append(names, n)
		}
		out := Append(nil, names, vars)
		back, err := Decode(out)
		if err != nil {
			t.Fatalf("Decode(Append(Decode(%q))) = %v (Append wrote %s)", data, err, out)
		}
		for _, n := range names {
			if !vars[n].Equal(back[n]) && vars[n].Defined() {
				t.Fatalf("variable %q: %v, then %v", n, vars[n], back[n])
			}
		}
	})
}

// TestRoundTrip: what Append writes, Decode reads back byte for byte:
// the pairs of an associative array in order, a name that comes twice
// included, and strings that are not UTF-8, whose bytes are written as
// \udc80 to \udcff, never as U+FFFD.
func TestRoundTrip(t *testing.T) {
	vars := uritemplate.Vars{
		"q":   uritemplate.Assoc(uritemplate.Pair{Key: "b", Value: "1"}, uritemplate.Pair{Key: "2", Value: "x"}, uritemplate.Pair{Key: "b", Value: "\xff"}, uritemplate.Pair{Key: "1", Value: ""}),
		"s":   uritemplate.String("caf\xc3\xa9 \xc3 \xed\xa0\x80 \u202e\x00"),
		"l":   uritemplate.List("\x80", "é"),
		"key": uritemplate.String("\ufffd"),
	}
	names := []string{"q", "s", "l", "key"}
	out := string(Append(nil, names, vars))
	want := `{"q":{"b":"1","2":"x","b":"\udcff","1":""},"s":"café \udcc3 \udced\udca0\udc80 \u202e\u0000","l":["\udc80","é"],"key":"` + "\ufffd" + `"}`
	if out != want {
		t.Errorf("Append = %s\nwant     %s", out, want)
	}
	back, err := Decode([]byte(out))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		if !back[n].Equal(vars[n]) {
			t.Errorf("Decode(Append(%q)) = %#v, want %#v", n, back[n], vars[n])
		}
	}
	// A pair named twice expands twice, in order (match's output is
	// expand's input).
	if u, err := uritemplate.MustParse("{?q*}").Expand(back); err != nil || u != "?b=1&2=x&b=%FF&1=" {
		t.Errorf("expansion of q = %q, %v", u, err)
	}
	// A pair is a pair, and \udc80 to \udcff a byte (the escapes of
	// other lone surrogates are errors: TestDecodeStrictText).
	got, err := Decode([]byte(`{"a":"\ud83d\ude00 \uDCFF"}`))
	if err != nil || got["a"].Text() != "\U0001F600 \xff" {
		t.Errorf("Decode of surrogates = %q, %v", got["a"].Text(), err)
	}
}

// TestDecodeStrictText: JSON text that is not UTF-8, and the escape of a
// lone surrogate other than \udc80 to \udcff, are errors with the byte
// offset and the reason (RFC 8259 8.1, 8.2); a byte order mark at the
// start is ignored (8.1).
func TestDecodeStrictText(t *testing.T) {
	for in, want := range map[string]string{
		"{\"x\":\"a\xffb\"}":         "byte 7: invalid UTF-8",
		"{\"x\":\"\xed\xa0\x80\"}":   "byte 6: invalid UTF-8",
		`{"x":"\ud800"}`:             `byte 6: the escape \ud800 is a lone surrogate`,
		`{"x":"a\udc7f"}`:            `byte 7: the escape \udc7f is a lone surrogate`,
		`{"x":["\ude00\ud83d"]}`:     `byte 7: the escape \ude00 is a lone surrogate`,
		`{"x":"\ud83d\u0041"}`:       `byte 6: the escape \ud83d is a lone surrogate`,
		"{\"x\xff\":\"a\"}":          "byte 3: invalid UTF-8",
		`{"x":[null]}`:               `variable "x": an array holds strings and numbers only`,
		`{"x":{"k":null}}`:           `variable "x": an object holds strings and numbers only`,
		`{"x":true}`:                 `variable "x": want a string, a number, an array or an object of strings and numbers, or null`,
		"\xef\xbb\xbf\xef\xbb\xbf{}": "not a JSON object",
	} {
		_, err := Decode([]byte(in))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Decode(%q) = %v, want %q", in, err, want)
		}
	}
	vars, err := Decode([]byte("\xef\xbb\xbf {\"x\":\"\\ud83d\\ude00 \\udcff\"}"))
	if err != nil || vars["x"].Text() != "\U0001F600 \xff" {
		t.Errorf("Decode with a byte order mark = %v, %v", vars, err)
	}
}

// TestErrorNamesRaw: an error names the variable as read, unquoted by
// Go, so that the writer that shows it escapes its control characters
// once ("x\x1b", not "x\\x1b").
func TestErrorNamesRaw(t *testing.T) {
	_, err := Decode([]byte(`{"x\u001b":true}`))
	if err == nil || !strings.Contains(err.Error(), "variable \"x\x1b\"") {
		t.Errorf("Decode: %v, want the name as read", err)
	}
}
