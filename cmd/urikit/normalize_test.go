package main

import (
	"strings"
	"testing"

	"github.com/urikit/urikit/cmd/urikit/internal/record"

	"github.com/google/go-cmp/cmp"
)

func TestNormalizeText(t *testing.T) {
	// The default level is scheme, as for equiv.
	status, out, _ := runCmd(t, "", "normalize", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "HTTP://Example.COM:80", "mailto:Joe@Example.COM", "foo://h:", "foo:/..//x")
	want := "example://a/b/c/%7Bfoo%7D\nhttp://example.com/\nmailto:Joe@example.com\nfoo://h\nfoo:/.//x\n"
	if status != record.ExitOK || out != want {
		t.Errorf("normalize: status %d, output (-want +got):\n%s", status, cmp.Diff(want, out))
	}
	status, out, _ = runCmd(t, "", "normalize", "--level", "syntax", "HTTP://Example.COM:80", "a/./b", "foo:/..//x")
	want = "http://example.com:80\na/./b\nfoo:/.//x\n"
	if status != record.ExitOK || out != want {
		t.Errorf("normalize --level syntax: status %d, output (-want +got):\n%s", status, cmp.Diff(want, out))
	}
	// CRLF is accepted; an empty line is the empty reference.
	status, out, _ = runCmd(t, "HTTP://A/./b\r\n\n", "normalize", "--level=syntax")
	if want := "http://a/b\n\n"; status != record.ExitOK || out != want {
		t.Errorf("normalize from stdin: status %d, output %q, want %q", status, out, want)
	}
}

func TestNormalizeJSON(t *testing.T) {
	status, out, _ := runCmd(t, "", "normalize", "--json", "--level=scheme", "HTTP://u:secret@H:80", "a/b", "a b")
	want := `{"input":"HTTP://u:xxxxx@H:80","output":"http://u:xxxxx@h/","error":null}
{"input":"a/b","output":null,"error":{"offset":0,"component":"scheme","reason":"missing scheme","hint":"a URI starts with a scheme, such as \"https:\"; use --level syntax for relative references"}}
{"input":"a b","output":null,"error":{"offset":1,"component":"path","reason":"invalid character","hint":"a space is not allowed: write it as %20"}}
`
	if status != record.ExitInvalid || out != want {
		t.Errorf("normalize --json: status %d, output (-want +got):\n%s", status, cmp.Diff(want, out))
	}
	if strings.Contains(out, "secret") {
		t.Errorf("output holds a password:\n%s", out)
	}
}

func TestNormalizeErrors(t *testing.T) {
	// One line out per input: the invalid one has an error line.
	status, out, errOut := runCmd(t, "", "normalize", "a b", "X:y")
	if status != record.ExitInvalid || out != "error: path at offset 1: invalid character\nx:y\n" ||
		errOut != "urikit normalize: argument 1: path at offset 1: invalid character\n    a b\n     ^\n    hint: a space is not allowed: write it as %20\n" {
		t.Errorf("normalize with a bad input: status %d, stdout %q, stderr %q", status, out, errOut)
	}
	for _, args := range [][]string{{"normalize", "--level", "string", "x:"}, {"normalize", "--level", "none", "x:"}, {"normalize", "--nope"}, {"normalize", "x:", "--nope"}} {
		if status, _, _ := runCmd(t, "", args...); status != record.ExitUsage {
			t.Errorf("%q: status %d, want %d", args, status, record.ExitUsage)
		}
	}
}

func TestEquiv(t *testing.T) {
	tests := []struct {
		args   []string
		status int
		out    string
	}{
		{[]string{"http://a/", "http://a/"}, record.ExitOK, "string\n"},
		{[]string{"example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d"}, record.ExitOK, "syntax\n"},
		{[]string{"http://example.com", "http://example.com:80/"}, record.ExitOK, "scheme\n"},
		{[]string{"http://example.com/data", "http://example.com/data/"}, record.ExitInvalid, "none\n"},
		{[]string{"--level", "syntax", "http://example.com", "http://example.com:80/"}, record.ExitInvalid, "scheme\n"},
		{[]string{"--level=string", "HTTP://a/", "http://a/"}, record.ExitInvalid, "syntax\n"},
		{[]string{"--level", "scheme", "HTTP://a/", "http://a/"}, record.ExitOK, "syntax\n"},
		// A flag after the arguments applies.
		{[]string{"HTTP://a/", "http://a/", "--level", "string"}, record.ExitInvalid, "syntax\n"},
		{[]string{"a/b", "http://a/"}, record.ExitInvalid, "error: a: scheme at offset 0: missing scheme\n"},
	}
	for _, tt := range tests {
		status, out, _ := runCmd(t, "", append([]string{"equiv"}, tt.args...)...)
		if status != tt.status || out != tt.out {
			t.Errorf("equiv %q: status %d, output %q, want %d, %q", tt.args, status, out, tt.status, tt.out)
		}
	}
}

func TestEquivJSON(t *testing.T) {
	in := "http://u:secret@a http://u:secret@a:80/\nhttp://a/x\thttp://a/y\nhttp://a/ b\nhttp://a/\n\nx: y: z:\nhttp://a/b a b\n"
	status, out, errOut := runCmd(t, in, "equiv", "--json")
	want := `{"a":"http://u:xxxxx@a","b":"http://u:xxxxx@a:80/","rung":"scheme","equal":true,"error":null}
{"a":"http://a/x","b":"http://a/y","rung":null,"equal":false,"error":null}
{"a":"http://a/","b":"b","rung":null,"equal":false,"error":{"input":"b","offset":0,"component":"scheme","reason":"missing scheme","hint":"a URI starts with a scheme, such as \"https:\""}}
{"a":null,"b":null,"rung":null,"equal":false,"error":{"offset":9,"component":null,"reason":"want two URIs separated by white space"}}
{"a":null,"b":null,"rung":null,"equal":false,"error":{"offset":0,"component":null,"reason":"want two URIs separated by white space"}}
{"a":null,"b":null,"rung":null,"equal":false,"error":{"offset":6,"component":null,"reason":"want two URIs separated by white space"}}
{"a":null,"b":null,"rung":null,"equal":false,"error":{"offset":13,"component":null,"reason":"want two URIs separated by white space"}}
`
	if status != record.ExitInvalid || out != want {
		t.Errorf("equiv --json: status %d, output (-want +got):\n%s", status, cmp.Diff(want, out))
	}
	if strings.Contains(out+errOut, "secret") {
		t.Errorf("output holds a password:\n%s%s", out, errOut)
	}
	if errOut != "" {
		t.Errorf("equiv --json: stderr %q", errOut)
	}
}

func TestEquivUsage(t *testing.T) {
	for _, args := range [][]string{{"equiv", "x:"}, {"equiv", "x:", "y:", "z:"}, {"equiv", "--level", "none", "x:", "x:"}} {
		if status, _, _ := runCmd(t, "", args...); status != record.ExitUsage {
			t.Errorf("%q: status %d, want %d", args, status, record.ExitUsage)
		}
	}
}
