package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/urikit/urikit/cmd/urikit/internal/base"
	"github.com/urikit/urikit/cmd/urikit/internal/record"

	"github.com/google/go-cmp/cmp"
)

// runCmd runs urikit with args and stdin, returning the exit status and
// what it wrote.
func runCmd(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	status := run(args, &base.Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errOut})
	return status, out.String(), errOut.String()
}

func TestParseText(t *testing.T) {
	status, out, _ := runCmd(t, "", "parse", "http://u:pw@h:/p?#")
	want := `input     http://u:xxxxx@h:/p?#
scheme    "http"
userinfo  "u:xxxxx"
host      "h" (regname)
port      ""
path      "/p"
query     ""
fragment  ""
`
	if status != record.ExitOK || out != want {
		t.Errorf("parse: status %d, output (-want +got):\n%s", status, cmp.Diff(want, out))
	}
	status, out, _ = runCmd(t, "", "parse", "x:/p")
	if status != record.ExitOK || !strings.Contains(out, "userinfo  (absent)\nhost      (absent) (none)\nport      (absent)") {
		t.Errorf("parse x:/p: status %d, output:\n%s", status, out)
	}
}

func TestParseErrorCaret(t *testing.T) {
	// The password is masked and the caret still points at the bad byte.
	status, out, _ := runCmd(t, "", "parse", "http://user:longpassword@ho st/")
	want := `input     http://user:xxxxx@ho st/
error     host at offset 27: invalid character
          http://user:xxxxx@ho st/
                              ^
hint      a space is not allowed: write it as %20
`
	if status != record.ExitInvalid || out != want {
		t.Errorf("parse: status %d, output (-want +got):\n%s", status, cmp.Diff(want, out))
	}
	// A bad byte inside the password points at the mask, never shows it.
	// Nor does its hint say what the byte is.
	status, out, _ = runCmd(t, "", "parse", "http://user:pass word@host/")
	if status != record.ExitInvalid || strings.Contains(out, "pass") || strings.Contains(out, "word") || strings.Contains(out, "space") || !strings.Contains(out, record.MaskedHint) {
		t.Errorf("parse: status %d, output leaks the password:\n%s", status, out)
	}
}

func TestParseJSON(t *testing.T) {
	status, out, _ := runCmd(t, "a:b\n//\nhttp://u:secret@[::1]:80/?q#\nbad input\n", "parse", "--json")
	if status != record.ExitInvalid {
		t.Errorf("status %d, want %d", status, record.ExitInvalid)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 {
		t.Fatalf("got %d lines, want 4:\n%s", len(lines), out)
	}
	var got []map[string]any
	for _, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		got = append(got, m)
	}
	want := []map[string]any{
		{"input": "a:b", "valid": true, "scheme": "a", "userinfo": nil, "host": nil, "host_kind": "none", "port": nil, "path": "b", "query": nil, "fragment": nil, "error": nil, "scheme_error": nil},
		{"input": "//", "valid": true, "scheme": nil, "userinfo": nil, "host": "", "host_kind": "regname", "port": nil, "path": "", "query": nil, "fragment": nil, "error": nil, "scheme_error": nil},
		{"input": "http://u:xxxxx@[::1]:80/?q#", "valid": true, "scheme": "http", "userinfo": "u:xxxxx", "host": "[::1]", "host_kind": "ipv6", "port": "80", "path": "/", "query": "q", "fragment": "", "error": nil, "scheme_error": nil},
		{"input": "bad input", "valid": false, "scheme": nil, "userinfo": nil, "host": nil, "host_kind": nil, "port": nil, "path": nil, "query": nil, "fragment": nil,
			"error": map[string]any{"offset": 3.0, "component": "path", "reason": "invalid character", "hint": "a space is not allowed: write it as %20"}, "scheme_error": nil},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("parse --json (-want +got):\n%s", diff)
	}
	if strings.Contains(out, "secret") {
		t.Errorf("output holds the password:\n%s", out)
	}
}

func TestUsage(t *testing.T) {
	if status, _, _ := runCmd(t, ""); status != record.ExitUsage {
		t.Errorf("no subcommand: status %d", status)
	}
	if status, _, _ := runCmd(t, "", "nope"); status != record.ExitUsage {
		t.Errorf("unknown subcommand: status %d", status)
	}
	if status, _, _ := runCmd(t, "", "parse", "--nope"); status != record.ExitUsage {
		t.Errorf("unknown flag: status %d", status)
	}
}

func TestMaskLine(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://u:p@h", "http://u:xxxxx@h"},
		{"http://u:p/#?@h", "http://u:xxxxx@h"},
		{"http://u:@h", "http://u:@h"},
		{"http://u@h", "http://u@h"},
		{"//a:b@c@d", "//a:xxxxx@d"},
		{`http:\\u:secret@h x`, `http:\\u:xxxxx@h x`},
		{`http:/\u:secret@h x`, `http:/\u:xxxxx@h x`},
		{"http:/user:hunter2@h/ x", "http:/user:xxxxx@h/ x"},
		{"jdbc:mysql://root:hunter2@db/x", "jdbc:mysql://root:xxxxx@db/x"},
		{"http://a/?next=ftp://u:pw@h/", "http://a/?next=ftp://u:xxxxx@h/"},
		// One line is one URI: a quote, a space or a control byte does not
		// end the password.
		{"http://u:p'w@h/", "http://u:xxxxx@h/"},
		{"http://u:pa ss@h/", "http://u:xxxxx@h/"},
		{"http://u:pa\x1bss@h/", "http://u:xxxxx@h/"},
		{"http://[::1]:80/a", "http://[::1]:80/a"},
	}
	for _, tt := range tests {
		if got := record.Mask(tt.in).Text; got != tt.want {
			t.Errorf("mask(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
