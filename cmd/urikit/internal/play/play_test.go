package play_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urikit/urikit/cmd/urikit/internal/amqpcmd"
	"github.com/urikit/urikit/cmd/urikit/internal/play"
	"github.com/urikit/urikit/cmd/urikit/internal/record"
)

// playAnswer is the part of playInspect's answer that these tests read.
type playAnswer struct {
	Pieces []struct {
		C *string `json:"c"`
		T string  `json:"t"`
	} `json:"pieces"`
	Parse struct {
		Input string `json:"input"`
		Valid bool   `json:"valid"`
		Error *struct {
			Offset int `json:"offset"`
		} `json:"error"`
		Warnings []json.RawMessage `json:"warnings"`
	} `json:"parse"`
	Syntax, Scheme, Lint json.RawMessage
	AMQP                 json.RawMessage `json:"amqp"`
}

// checkInspect checks the shape of playInspect's answer for in: JSON,
// the records of the subcommands, and pieces that put together are the
// input as shown (masked), escaped, with the error cut at its byte.
func init() {
	// The views that the playground's module gives the page.
	play.Views = append(play.Views, play.SchemeView{Schemes: amqpcmd.SchemeNames(), Record: amqpcmd.JSONRecord})
}

func checkInspect(t *testing.T, in string) playAnswer {
	t.Helper()
	out := play.Inspect(in)
	var a playAnswer
	if err := json.Unmarshal([]byte(out), &a); err != nil {
		t.Fatalf("%q: not JSON (%v):\n%s", in, err, out)
	}
	for name, rec := range map[string]json.RawMessage{"syntax": a.Syntax, "scheme": a.Scheme, "lint": a.Lint} {
		var m map[string]any
		if err := json.Unmarshal(rec, &m); err != nil {
			t.Fatalf("%q: %s is not a record: %s", in, name, rec)
		}
		if _, ok := m["error"]; !ok {
			t.Fatalf("%q: %s has no error member: %s", in, name, rec)
		}
	}
	var joined strings.Builder
	errors := 0
	for _, p := range a.Pieces {
		joined.WriteString(p.T)
		if p.C != nil && *p.C == "error" {
			errors++
		}
	}
	if want := record.EscapeText(record.ParseInput(in, false, false).Shown.Text); joined.String() != want {
		t.Fatalf("%q: the pieces read %q, want %q", in, joined.String(), want)
	}
	switch {
	case a.Parse.Valid && errors != 0:
		t.Fatalf("%q: valid, with an error piece", in)
	case !a.Parse.Valid && errors != 1:
		t.Fatalf("%q: invalid, with %d error pieces", in, errors)
	}
	return a
}

func TestPlayInspect(t *testing.T) {
	tests := []struct {
		in     string
		pieces string // each piece as component=text, "-" for a delimiter
	}{
		{"foo://u@example.com:8042/over/there?name=ferret#nose",
			"scheme=foo -=:// userinfo=u -=@ host=example.com -=: port=8042 path=/over/there -=? query=name=ferret -=# fragment=nose"},
		{"http://u:pw@h/", "scheme=http -=:// userinfo=u:xxxxx -=@ host=h path=/"},
		{"http://h?#", "scheme=http -=:// host=h -=? -=#"},
		{"", ""},
		{"//[::1]:/", "-=// host=[::1] -=: path=/"},
		{"http://exa mple/", "-=http://exa error=  rest=mple/"},
		{"http://u:pw@exa mple/", "-=http://u:xxxxx@exa error=  rest=mple/"},
		{"http://h/\u00e9x", "-=http://h/ error=\u00e9 rest=x"},
		{"http://h/%", "-=http://h/ error=%"},
		{"a\x1bb", "-=a error=\\x1b rest=b"},
		{"http://h/\u202e", "-=http://h/ error=\\u202e"},
		{"postgres://user:12#34@host/db", "scheme=postgres -=:// host=user -=: port=12 -=# fragment=34@host/db"},
	}
	for _, tt := range tests {
		a := checkInspect(t, tt.in)
		var got []string
		for _, p := range a.Pieces {
			name := "-"
			if p.C != nil {
				name = *p.C
			}
			got = append(got, name+"="+p.T)
		}
		if strings.Join(got, " ") != tt.pieces {
			t.Errorf("%q: pieces\n%s\nwant\n%s", tt.in, strings.Join(got, " "), tt.pieces)
		}
	}
	if a := checkInspect(t, "AMQPS://u:pw@h/v"); string(a.AMQP) == "null" {
		t.Error("no amqp record for an amqps URI")
	}
	if a := checkInspect(t, "http://h/"); string(a.AMQP) != "null" {
		t.Errorf("an amqp record for an http URI: %s", a.AMQP)
	}
}

// TestPlaySecrets runs URIs with passwords through every answer of the
// page: the password is in none of them.
func TestPlaySecrets(t *testing.T) {
	const secret = "Zq9SecretPW"
	ins := []string{
		"http://user:" + secret + "@example.com/",
		"http://user:" + secret + "@exa mple.com/",
		"http://user:" + secret + "@[::1/",
		"amqps://u@h/v?password=" + secret,
		"amqps://u:" + secret + "@h/v?heartbeat=abc",
		"g?password=" + secret,
		"//u:" + secret + "@h/p",
		"postgres://user:" + secret[:3] + "#" + secret[3:] + "@host/db",
	}
	for _, in := range ins {
		outs := []string{play.Inspect(in), play.Mask(in)}
		for _, other := range []string{"http://a/b/c", "g", "HTTP://A/"} {
			outs = append(outs, play.Resolve(in, other), play.Resolve(other, in), play.Compare(in, other), play.Compare(other, in))
		}
		for _, out := range outs {
			if strings.Contains(out, secret[3:]) {
				t.Errorf("%q: the password is in\n%s", in, out)
			}
		}
	}
}

func TestPlayResolveCompare(t *testing.T) {
	var r struct {
		Resolve struct {
			Output string `json:"output"`
		} `json:"resolve"`
		Pieces []struct {
			T string `json:"t"`
		} `json:"pieces"`
	}
	if err := json.Unmarshal([]byte(play.Resolve("http://u:pw@a/b/c/d;p?q", "../g")), &r); err != nil {
		t.Fatal(err)
	}
	var joined strings.Builder
	for _, p := range r.Pieces {
		joined.WriteString(p.T)
	}
	if r.Resolve.Output != "http://u:xxxxx@a/b/g" || joined.String() != r.Resolve.Output {
		t.Errorf("resolve: output %q, pieces %q", r.Resolve.Output, joined.String())
	}
	if out := play.Resolve("g", "h"); !strings.Contains(out, `"pieces":null`) || !strings.Contains(out, `"input":"base"`) {
		t.Errorf("a relative base: %s", out)
	}

	var c struct {
		Equiv struct {
			Rung *string `json:"rung"`
		} `json:"equiv"`
		Rungs []struct {
			Rung  string `json:"rung"`
			Equiv struct {
				Equal bool `json:"equal"`
			} `json:"equiv"`
			A, B *struct {
				Output string `json:"output"`
			}
		} `json:"rungs"`
	}
	if err := json.Unmarshal([]byte(play.Compare("HTTP://a/%7e", "http://a/~")), &c); err != nil {
		t.Fatal(err)
	}
	if c.Equiv.Rung == nil || *c.Equiv.Rung != "syntax" || len(c.Rungs) != 3 {
		t.Fatalf("compare: %+v", c)
	}
	for i, want := range []bool{false, true, true} {
		if c.Rungs[i].Equiv.Equal != want {
			t.Errorf("compare: rung %s equal=%v", c.Rungs[i].Rung, c.Rungs[i].Equiv.Equal)
		}
	}
	if c.Rungs[0].A != nil || c.Rungs[1].A == nil || c.Rungs[1].A.Output != "http://a/~" {
		t.Errorf("compare: rung texts %+v", c.Rungs)
	}
}

// FuzzPlayground checks the shape of the page's answers for any input.
func FuzzPlayground(f *testing.F) {
	for _, name := range []string{"tricky.txt", "amqp.txt"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		for _, l := range strings.Split(string(b), "\n") {
			f.Add(l)
		}
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkInspect(t, in)
		for _, out := range []string{play.Resolve("http://a/b/c", in), play.Compare(in, "http://a/")} {
			if !json.Valid([]byte(out)) {
				t.Fatalf("%q: not JSON:\n%s", in, out)
			}
		}
	})
}

// TestPlayMask: a password with no "@host" yet is masked to the end of
// its word, in the fields and the address alike; a valid URI shows as it
// parses ("http://user:1234" has the port 1234).
func TestPlayMask(t *testing.T) {
	for _, tt := range []struct{ in, shown string }{
		{"postgres://user:s3cret", "postgres://user:xxxxx"},
		{"postgres://user:s3cret/db", "postgres://user:xxxxx"},
		{"postgres://user:pa#ss", "postgres://user:xxxxx"},
		{"//user:pw", "//user:xxxxx"},
		{"http://user:Zq9", "http://user:xxxxx"},
		{"http://user:1234", "http://user:1234"},
		{"http://host:80/", "http://host:80/"},
		{"http://host:", "http://host:"},
		{"http://[::1]:8x", "http://[::1]:8x"},
		{"http://2001:db8::1/", "http://2001:db8::1/"},
		{"http://host[:port]/x", "http://host[:port]/x"},
		{"foo:/a//b:c", "foo:/a//b:c"},
		{"a b//user:pw", "a b//user:pw"},
		{"http://u:p@h:8x/", "http://u:xxxxx@h:8x/"},
		{"http://u:pw@h", "http://u:xxxxx@h"},
	} {
		if got := play.Mask(tt.in); got != tt.shown {
			t.Errorf("play.Mask(%q) = %q, want %q", tt.in, got, tt.shown)
		}
	}
}

// TestPlayTyping types URIs with passwords one byte at a time, as the page
// sees them: from the password's third byte on, neither the address nor
// any answer holds what is typed of it, but for a password of digits
// before its "@", which reads as a port.
func TestPlayTyping(t *testing.T) {
	for _, c := range []struct{ full, pw string }{
		{"http://user:Zq9SecretPW@example.com/", "Zq9SecretPW"},
		{"amqps://u@h/v?password=Zq9SecretPW", "Zq9SecretPW"},
		{"postgres://user:Zq9SecretPW", "Zq9SecretPW"},
		{"http://user:98765432@h/", "98765432"},
		{"postgres://user:Zq9#SecretPW@host/db", "Zq9#SecretPW"},
	} {
		full, pw := c.full, c.pw
		at := strings.Index(full, pw)
		for n := at + 3; n <= len(full); n++ {
			in := full[:n]
			typed := in[at:min(n, at+len(pw))]
			if pw == "98765432" && !strings.Contains(in[at:], "@") {
				// Digits with no "@" after them are a port, as the
				// answers and the address say.
				continue
			}
			if addr := play.Mask(in); strings.Contains(addr, typed) {
				t.Errorf("typing %q: the address %q holds %q", in, addr, typed)
			}
			if out := play.Inspect(in); strings.Contains(out, typed) {
				t.Errorf("typing %q: an answer holds %q:\n%s", in, typed, out)
			}
		}
	}
}

// TestPlayTemplate checks the Template view's answer: the records of
// "template expand --json" and "template match --json", the error of
// variables that do not read and that of an ambiguous template, and no
// password anywhere.
func TestPlayTemplate(t *testing.T) {
	tests := []struct {
		tpl, vars, uri string
		want           string
	}{
		{"https://h/{user}{?tags*}", `{"user":"ana","tags":["a b","c"]}`, "https://h/bo?tags=x&tags=y",
			`{"vars_error":null,"expand":{"input":"https://h/{user}{?tags*}","output":"https://h/ana?tags=a%20b&tags=c","error":null},"matchable":null,"match":{"input":"https://h/bo?tags=x&tags=y","output":{"user":"bo","tags":["x","y"]},"error":null}}`},
		{"{x}{y}", `{"x":"1"}`, "12",
			`{"vars_error":null,"expand":{"input":"{x}{y}","output":"1","error":null},"matchable":{"offset":3,"component":"template","reason":"two expressions with no literal between"},"match":null}`},
		{"/a", `[1]`, "",
			`{"vars_error":{"input":"vars","offset":0,"component":null,"reason":"the variables are not a JSON object (at byte 0: no \"{\")"},"expand":null,"matchable":null,"match":null}`},
	}
	for _, tt := range tests {
		got := play.Template(tt.tpl, tt.vars, tt.uri)
		if got != tt.want {
			t.Errorf("Template(%q, %q, %q) =\n%s\nwant\n%s", tt.tpl, tt.vars, tt.uri, got, tt.want)
		}
		if !json.Valid([]byte(got)) {
			t.Errorf("Template(%q, ...) is not JSON: %s", tt.tpl, got)
		}
	}
	got := play.Template("https://{u}:{p}@h/", `{"u":"ana","p":"s3cret9"}`, "https://ana:s3cret9@h/")
	if strings.Contains(got, "s3cret9") {
		t.Errorf("the Template view shows a password: %s", got)
	}
}
