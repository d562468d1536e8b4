package main

import (
	"strings"
	"testing"

	"github.com/urikit/urikit/cmd/urikit/internal/record"

	"github.com/google/go-cmp/cmp"
)

func TestResolveText(t *testing.T) {
	status, out, _ := runCmd(t, "", "resolve", "http://a/b/c/d;p?q", "g", "../g", "#s", "http:g", "..//y")
	want := "http://a/b/c/g\nhttp://a/b/g\nhttp://a/b/c/d;p?q#s\nhttp:g\nhttp://a/b//y\n"
	if status != record.ExitOK || out != want {
		t.Errorf("resolve: status %d, output (-want +got):\n%s", status, cmp.Diff(want, out))
	}
	status, out, _ = runCmd(t, "", "resolve", "--non-strict", "http://a/b/c/d;p?q", "http:g")
	if status != record.ExitOK || out != "http://a/b/c/g\n" {
		t.Errorf("resolve --non-strict: status %d, output %q", status, out)
	}
	status, out, _ = runCmd(t, "", "resolve", "x:/a", "..//y")
	if status != record.ExitOK || out != "x:/.//y\n" {
		t.Errorf("resolve x:/a ..//y: status %d, output %q", status, out)
	}
}

func TestResolveStdin(t *testing.T) {
	status, out, _ := runCmd(t, "g\r\n../h\n\n", "resolve", "http://a/b/c")
	want := "http://a/b/g\nhttp://a/h\nhttp://a/b/c\n"
	if status != record.ExitOK || out != want {
		t.Errorf("resolve from stdin: status %d, output (-want +got):\n%s", status, cmp.Diff(want, out))
	}
}

func TestResolveJSON(t *testing.T) {
	status, out, _ := runCmd(t, "", "resolve", "--json", "http://u:secret@a/b/c", "g", "a b", "//v:hidden@h")
	want := `{"base":"http://u:xxxxx@a/b/c","ref":"g","output":"http://u:xxxxx@a/b/g","error":null}
{"base":"http://u:xxxxx@a/b/c","ref":"a b","output":null,"error":{"input":"ref","offset":1,"component":"path","reason":"invalid character","hint":"a space is not allowed: write it as %20"}}
{"base":"http://u:xxxxx@a/b/c","ref":"//v:xxxxx@h","output":"http://v:xxxxx@h","error":null}
`
	if status != record.ExitInvalid || out != want {
		t.Errorf("resolve --json: status %d, output (-want +got):\n%s", status, cmp.Diff(want, out))
	}
	if strings.Contains(out, "secret") || strings.Contains(out, "hidden") {
		t.Errorf("output holds a password:\n%s", out)
	}
	status, out, _ = runCmd(t, "", "resolve", "--json", "g", "h")
	want = `{"base":"g","ref":"h","output":null,"error":{"input":"base","offset":0,"component":"scheme","reason":"missing scheme","hint":"a URI starts with a scheme, such as \"https:\""}}` + "\n"
	if status != record.ExitInvalid || out != want {
		t.Errorf("resolve --json with a relative base: status %d, output (-want +got):\n%s", status, cmp.Diff(want, out))
	}
}

func TestResolveErrors(t *testing.T) {
	status, out, errOut := runCmd(t, "", "resolve", "http://a/b", "a b", "g")
	if status != record.ExitInvalid || out != "error: ref: path at offset 1: invalid character\nhttp://a/g\n" || !strings.Contains(errOut, "argument 1: ref: path at offset 1: invalid character\n    a b\n     ^\n") {
		t.Errorf("resolve with a bad reference: status %d, stdout %q, stderr %q", status, out, errOut)
	}
	for _, args := range [][]string{{"resolve"}, {"resolve", "--nope", "x:"}, {"relativize"}, {"relativize", "--non-strict", "x:", "x:"}} {
		if status, _, _ := runCmd(t, "", args...); status != record.ExitUsage {
			t.Errorf("%q: status %d, want %d", args, status, record.ExitUsage)
		}
	}
}

func TestRelativize(t *testing.T) {
	status, out, _ := runCmd(t, "", "relativize", "http://a/b/c/d;p?q", "http://a/b/c/g", "http://a/g", "http://a/b/c/d;p?q", "http://a/b/c/a:b")
	want := "g\n/g\n\n./a:b\n"
	if status != record.ExitOK || out != want {
		t.Errorf("relativize: status %d, output (-want +got):\n%s", status, cmp.Diff(want, out))
	}
	status, out, errOut := runCmd(t, "", "relativize", "http://a/b/c", "http://a/b/../c")
	if status != record.ExitInvalid || out != "none: no reference resolves against the base to this target\n" || !strings.Contains(errOut, "argument 1: no reference") {
		t.Errorf("relativize impossible: status %d, stdout %q, stderr %q", status, out, errOut)
	}
	status, out, _ = runCmd(t, "http://a/x\nhttp://a/b/../c\nnope\n", "relativize", "--json", "http://u:pw@a/b/c")
	want = `{"base":"http://u:xxxxx@a/b/c","ref":"http://a/x","output":"//a/x","error":null}
{"base":"http://u:xxxxx@a/b/c","ref":"http://a/b/../c","output":null,"error":null}
{"base":"http://u:xxxxx@a/b/c","ref":"nope","output":null,"error":{"input":"ref","offset":0,"component":"scheme","reason":"missing scheme","hint":"a URI starts with a scheme, such as \"https:\""}}
`
	if status != record.ExitInvalid || out != want {
		t.Errorf("relativize --json: status %d, output (-want +got):\n%s", status, cmp.Diff(want, out))
	}
}

func TestResolveBadBaseWithoutReferences(t *testing.T) {
	for _, args := range [][]string{{"resolve", "no base"}, {"relativize", "no base"}, {"resolve", "--json", "http://u:hunter2@x y"}} {
		status, out, errOut := runCmd(t, "", args...)
		if status != record.ExitInvalid {
			t.Errorf("%v: status %d, want %d", args, status, record.ExitInvalid)
		}
		if out+errOut == "" {
			t.Errorf("%v: no output", args)
		}
		if strings.Contains(out+errOut, "hunter2") {
			t.Errorf("%v: output holds the password: %s%s", args, out, errOut)
		}
	}
}
