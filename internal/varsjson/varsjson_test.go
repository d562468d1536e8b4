package varsjson

import (
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
	for _, s := range []string{`{}`, `{"a":"b"}`, `{"l":["x",""],"m":{"k":"v","a":""},"n":12.5e3,"u":null}`, `{"a":"\u00e9\ud800"}`, `[`, `{"a":{"b":[]}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		vars, err := Decode(data)
		if err != nil {
			return
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
