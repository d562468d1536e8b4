package main

import (
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"

	"github.com/urikit/urikit/cmd/urikit/internal/record"
)

// TestPathRoundTrip: every path that to-uri converts comes back from
// from-uri byte for byte (in the Windows style with "\" between names and
// no long-path prefix), read from the JSON records, base64 members
// included.
func TestPathRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		file    string
		windows bool
	}{{"paths-posix.txt", false}, {"paths-windows.txt", true}} {
		var flags []string
		if tc.windows {
			flags = []string{"--windows"}
		}
		_, out, _ := runCmd(t, readTestdata(t, tc.file), append([]string{"path", "to-uri", "--json", "--show-secrets"}, flags...)...)
		var paths, uris []string
		for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			var rec struct {
				Input, InputBase64 string
				Output             *string
			}
			if err := json.Unmarshal([]byte(l), &rec); err != nil {
				t.Fatal(err)
			}
			if rec.Output == nil {
				continue
			}
			p := rec.Input
			if b64 := jsonMember(t, l, "input_base64"); b64 != "" {
				b, err := base64.StdEncoding.DecodeString(b64)
				if err != nil {
					t.Fatal(err)
				}
				p = string(b)
			}
			paths = append(paths, p)
			uris = append(uris, *rec.Output)
		}
		if len(uris) < 10 {
			t.Fatalf("%s: %d paths converted", tc.file, len(uris))
		}
		_, out, _ = runCmd(t, "", append(append([]string{"path", "from-uri", "--json", "--show-secrets"}, flags...), uris...)...)
		for i, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			got := jsonMember(t, l, "output")
			if b64 := jsonMember(t, l, "output_base64"); b64 != "" {
				b, _ := base64.StdEncoding.DecodeString(b64)
				got = string(b)
			}
			want := paths[i]
			if tc.windows {
				want = strings.ReplaceAll(strings.TrimPrefix(strings.Replace(want, `\\?\UNC\`, `\\`, 1), `\\?\`), "/", `\`)
			}
			if got != want {
				t.Errorf("%s: %q gave %q, which gives %q back", tc.file, paths[i], uris[i], got)
			}
		}
	}
}

// jsonMember returns the string member name of the JSON object line, or
// "" when it is absent or null.
func jsonMember(t *testing.T, line, name string) string {
	t.Helper()
	var rec map[string]any
	if err := json.Unmarshal([]byte(line), &rec); err != nil {
		t.Fatalf("%v: %s", err, line)
	}
	s, _ := rec[name].(string)
	return s
}

// TestPathNotUTF8: a path that is not UTF-8 has a base64 member with its
// exact bytes; the text form shows the bytes as \xNN.
func TestPathNotUTF8(t *testing.T) {
	status, out, _ := runCmd(t, "", "path", "from-uri", "--json", "file:///caf%E9/%FF")
	want := `{"input":"file:///caf%E9/%FF","output":"/caf\ufffd/\ufffd","output_base64":"` + base64.StdEncoding.EncodeToString([]byte("/caf\xe9/\xff")) + `","error":null}` + "\n"
	if status != record.ExitOK || out != want {
		t.Errorf("from-uri --json: status %d, output %s, want %s", status, out, want)
	}
	_, out, _ = runCmd(t, "", "path", "from-uri", "file:///caf%E9/a%5Cb")
	if out != `/caf\xe9/a\\b`+"\n" {
		t.Errorf("from-uri: %q", out)
	}
	_, out, _ = runCmd(t, "", "path", "to-uri", "--json", "/caf\xe9")
	if !strings.Contains(out, `"input_base64":"L2NhZuk="`) || !strings.Contains(out, `"output":"file:///caf%E9"`) {
		t.Errorf("to-uri --json: %s", out)
	}
}

// TestPathMasked: a password shows as xxxxx in the input, the output and
// the base64 members, unless --show-secrets.
func TestPathMasked(t *testing.T) {
	for _, args := range [][]string{
		{"path", "from-uri", "--json", "file://user:Hunter2x@h/x"},
		{"path", "from-uri", "file://user:Hunter2x@h/x"},
		{"path", "to-uri", "--json", "/srv/db:user:Hunter2x@h/caf\xe9"},
		{"path", "to-uri", "--windows", `C:\db:user:Hunter2x@h`},
	} {
		_, out, errOut := runCmd(t, "", args...)
		all := out + errOut
		for _, m := range []string{"Hunter2x", base64.StdEncoding.EncodeToString([]byte("Hunter2x"))[:8]} {
			if strings.Contains(all, m) {
				t.Errorf("%q: the password shows:\n%s", args, all)
			}
		}
		for _, line := range strings.Split(out, "\n") {
			if b64 := strings.Index(line, `_base64":"`); b64 >= 0 {
				enc := line[b64+len(`_base64":"`):]
				enc = enc[:strings.IndexByte(enc, '"')]
				if b, _ := base64.StdEncoding.DecodeString(enc); strings.Contains(string(b), "Hunter2x") || !strings.Contains(string(b), "xxxxx") {
					t.Errorf("%q: base64 member %q", args, b)
				}
			}
		}
	}
	// A file name that only reads like "user:password@" in a file URI
	// that parses is a path: it shows as it parses.
	_, out, _ := runCmd(t, "", "path", "from-uri", "file:///srv/db:user:Hunter2x@h/x")
	if out != "/srv/db:user:Hunter2x@h/x\n" {
		t.Errorf("a path that reads like credentials: %q", out)
	}
}

// TestPathCR: with --windows a CR at the end of a line of standard input
// is dropped; an argument is taken as it is.
func TestPathCR(t *testing.T) {
	status, out, _ := runCmd(t, "C:\\x\r\r\nfile:///D:/y\r\r\n", "path", "to-uri", "--windows")
	if status != record.ExitInvalid || out != "file:///C:/x\nerror: path at offset 0: not an absolute path\n" {
		t.Errorf("to-uri --windows: status %d, %q", status, out)
	}
	status, out, _ = runCmd(t, "file:///D:/y\r\r\n", "path", "from-uri", "--windows")
	if status != record.ExitOK || out != "D:\\y\n" {
		t.Errorf("from-uri --windows: status %d, %q", status, out)
	}
	status, out, _ = runCmd(t, "", "path", "to-uri", "--windows", "C:\\x\r")
	if status != record.ExitInvalid || out != "error: path at offset 4: character not allowed in a Windows file name\n" {
		t.Errorf("to-uri --windows with a CR in an argument: status %d, %q", status, out)
	}
}
