package main

import (
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// str returns a pointer to s, for the present values of the tables.
func str(s string) *string { return &s }

// appendixA is Appendix A of the RabbitMQ URI specification: nil is an
// absent value (an empty cell), port 0 an absent port.
var appendixA = []struct {
	in               string
	user, pass, host *string
	port             int
	vhost            *string
	redacted         string   // the input as the CLI shows it
	lints            []string // the codes of the findings
}{
	{in: "amqp://user:pass@host:10000/vhost", user: str("user"), pass: str("pass"), host: str("host"), port: 10000, vhost: str("vhost"), redacted: "amqp://user:xxxxx@host:10000/vhost"},
	{in: "amqp://user:passw%23rd@host:10000/vhost", user: str("user"), pass: str("passw#rd"), host: str("host"), port: 10000, vhost: str("vhost"), redacted: "amqp://user:xxxxx@host:10000/vhost"},
	{in: "amqp://user%61:%61pass@ho%61st:10000/v%2fhost", user: str("usera"), pass: str("apass"), host: str("hoast"), port: 10000, vhost: str("v/host"), redacted: "amqp://user%61:xxxxx@ho%61st:10000/v%2fhost"},
	{in: "amqp://", redacted: "amqp://"},
	{in: "amqp://:@/", user: str(""), pass: str(""), vhost: str(""), redacted: "amqp://:@/", lints: []string{"empty-vhost"}},
	{in: "amqp://user@", user: str("user"), redacted: "amqp://user@"},
	{in: "amqp://user:pass@", user: str("user"), pass: str("pass"), redacted: "amqp://user:xxxxx@"},
	{in: "amqp://host", host: str("host"), redacted: "amqp://host"},
	{in: "amqp://:10000", port: 10000, redacted: "amqp://:10000", lints: []string{"port-without-host"}},
	{in: "amqp:///vhost", vhost: str("vhost"), redacted: "amqp:///vhost"},
	{in: "amqp://host/", host: str("host"), vhost: str(""), redacted: "amqp://host/", lints: []string{"empty-vhost"}},
	{in: "amqp://host/%2f", host: str("host"), vhost: str("/"), redacted: "amqp://host/%2f"},
	{in: "amqp://[::1]", host: str("[::1]"), redacted: "amqp://[::1]"},
}

// shownPassword is how the CLI shows a password: "xxxxx" unless empty.
func shownPassword(p *string) *string {
	if p != nil && *p != "" {
		return str("xxxxx")
	}
	return p
}

func TestAMQPAppendixAText(t *testing.T) {
	for _, row := range appendixA {
		status, out, errOut := runCmd(t, "", "amqp", row.in)
		if status != exitOK || errOut != "" {
			t.Errorf("%s: status %d, stderr %q", row.in, status, errOut)
		}
		port := "(absent; default 5672)"
		if row.port != 0 {
			port = strconv.Itoa(row.port) + " (default 5672)"
		}
		want := "input     " + row.redacted + "\n" +
			"secure    false\n" +
			"username  " + show(row.user) + "\n" +
			"password  " + show(shownPassword(row.pass)) + "\n" +
			"host      " + show(row.host) + "\n" +
			"port      " + port + "\n" +
			"vhost     " + show(row.vhost) + "\n"
		if !strings.HasPrefix(out, want) {
			t.Errorf("%s: output (-want +got):\n%s", row.in, cmp.Diff(want, out))
			continue
		}
		rest := strings.TrimPrefix(out, want)
		if len(row.lints) == 0 && rest != "lints     none\n" {
			t.Errorf("%s: lints %q, want none", row.in, rest)
		}
		for _, code := range row.lints {
			if !strings.Contains(rest, "lint      "+code+" (") {
				t.Errorf("%s: lints %q, want %s", row.in, rest, code)
			}
		}
	}
	// Absent and empty look different.
	_, out, _ := runCmd(t, "", "amqp", "amqp://:@/")
	for _, line := range []string{`username  ""`, `password  ""`, `host      (absent)`, `vhost     ""`} {
		if !strings.Contains(out, line+"\n") {
			t.Errorf("amqp://:@/: no line %q in\n%s", line, out)
		}
	}
}

func TestAMQPAppendixAJSON(t *testing.T) {
	var stdin strings.Builder
	for _, row := range appendixA {
		stdin.WriteString(row.in + "\n")
	}
	status, out, _ := runCmd(t, stdin.String(), "amqp", "--json")
	if status != exitOK {
		t.Errorf("status %d, want %d", status, exitOK)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(appendixA) {
		t.Fatalf("got %d lines, want %d:\n%s", len(lines), len(appendixA), out)
	}
	orNil := func(p *string) any {
		if p == nil {
			return nil
		}
		return *p
	}
	for i, row := range appendixA {
		var got map[string]any
		if err := json.Unmarshal([]byte(lines[i]), &got); err != nil {
			t.Fatalf("line %q: %v", lines[i], err)
		}
		var port any
		if row.port != 0 {
			port = float64(row.port)
		}
		lints := []any{}
		for _, code := range row.lints {
			lints = append(lints, code)
		}
		var gotLints []any
		for _, f := range got["lints"].([]any) {
			gotLints = append(gotLints, f.(map[string]any)["code"])
		}
		if gotLints == nil {
			gotLints = []any{}
		}
		got["lints"] = gotLints
		want := map[string]any{
			"input":    row.redacted,
			"valid":    true,
			"username": orNil(row.user),
			"password": orNil(shownPassword(row.pass)),
			"host":     orNil(row.host),
			"port":     port,
			"vhost":    orNil(row.vhost),
			"lints":    lints,
			"error":    nil,
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", row.in, diff)
		}
	}
}

func TestAMQPJSONExact(t *testing.T) {
	status, out, _ := runCmd(t, "", "amqp", "--json", "amqp://:@/", "amqps://u:pa%23ss@h/v")
	want := `{"input":"amqp://:@/","valid":true,"username":"","password":"","host":null,"port":null,"vhost":"","lints":[{"code":"empty-vhost","component":"path","offset":9,"message":"the vhost is empty: the vhost \"/\" is written \"/%2F\""}],"error":null}
{"input":"amqps://u:xxxxx@h/v","valid":true,"username":"u","password":"xxxxx","host":"h","port":null,"vhost":"v","lints":[],"error":null}
`
	if status != exitOK || out != want {
		t.Errorf("status %d, output (-want +got):\n%s", status, cmp.Diff(want, out))
	}
}

func TestAMQPInvalid(t *testing.T) {
	status, out, _ := runCmd(t, "", "amqp", "amqp://user:secret@host:99999/v")
	want := `input     amqp://user:xxxxx@host:99999/v
error     port: port out of range 0-65535 (port at offset 24)
          amqp://user:xxxxx@host:99999/v
                                 ^
hint      a TCP port is at most 65535
lints     none
`
	if status != exitInvalid || out != want {
		t.Errorf("status %d, output (-want +got):\n%s", status, cmp.Diff(want, out))
	}

	status, out, _ = runCmd(t, "", "amqp", "--json", "amqp://user:secret@host:99999/v")
	want = `{"input":"amqp://user:xxxxx@host:99999/v","valid":false,"username":null,"password":null,"host":null,"port":null,"vhost":null,"lints":[],"error":{"field":"port","reason":"port out of range 0-65535","hint":"a TCP port is at most 65535","offset":24,"component":"port"}}` + "\n"
	if status != exitInvalid || out != want {
		t.Errorf("--json: status %d, output (-want +got):\n%s", status, cmp.Diff(want, out))
	}

	// An unencoded "#" in the password: the error is at the userinfo's
	// start, and the caret under it.
	status, out, _ = runCmd(t, "", "amqp", "amqp://u:pa#ss@h/v")
	want = `input     amqp://u:xxxxx@h/v
error     password: unencoded "#", "/" or "?" in the credentials (userinfo at offset 7)
          amqp://u:xxxxx@h/v
                 ^
hint      percent-encode it in the username or password: "@" as %40, ":" as %3A, "#" as %23, "/" as %2F, "?" as %3F, "%" as %25
lints     none
`
	if status != exitInvalid || out != want {
		t.Errorf("status %d, output (-want +got):\n%s", status, cmp.Diff(want, out))
	}
}

func TestAMQPStatusAndUsage(t *testing.T) {
	if status, _, _ := runCmd(t, "", "amqp", "amqp://h", "amqps://h/v"); status != exitOK {
		t.Errorf("valid inputs: status %d, want %d", status, exitOK)
	}
	if status, _, _ := runCmd(t, "amqp://h\nhttp://h\n", "amqp"); status != exitInvalid {
		t.Errorf("an invalid line on stdin: status %d, want %d", status, exitInvalid)
	}
	if status, _, _ := runCmd(t, "", "amqp", "--nope", "amqp://h"); status != exitUsage {
		t.Errorf("unknown flag: status %d, want %d", status, exitUsage)
	}
	status, out, _ := runCmd(t, "amqps://h:5671\n\namqp://h\n", "amqp", "--json")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if status != exitInvalid || len(lines) != 3 || !strings.Contains(lines[0], `"port":5671`) || !strings.Contains(lines[1], `"valid":false`) {
		t.Errorf("stdin: status %d, output:\n%s", status, out)
	}
}

// TestAMQPNoPasswordLeak runs every input through the text and the JSON
// forms and looks for each 4-byte piece of each password, as written and
// decoded: none may appear.
func TestAMQPNoPasswordLeak(t *testing.T) {
	tests := []struct {
		in      string
		valid   bool
		secrets []string // as written in the input
	}{
		{"amqp://user:s3cr3tpw@host/v", true, []string{"s3cr3tpw"}},
		{"amqp://user:s3cr%40tpw@host/v", true, []string{"s3cr%40tpw"}},
		{"amqp://user:s3cr%23tpw@host/v", true, []string{"s3cr%23tpw"}},
		{"amqp://user:s3cr%2Ftpw@host/v", true, []string{"s3cr%2Ftpw"}},
		{"amqp://user:s3cr%3Ftpw@host/v", true, []string{"s3cr%3Ftpw"}},
		{"amqp://user:s3cr%25tpw@host/v", true, []string{"s3cr%25tpw"}},
		{"amqp://user:s3cr%3Atpw@host/v", true, []string{"s3cr%3Atpw"}},
		{"amqps://user:p%C3%A4ss%E2%82%ACw@[::1]:5671/%2F", true, []string{"p%C3%A4ss%E2%82%ACw"}},
		{"amqp://user:s3cr3tpw@/", true, []string{"s3cr3tpw"}},
		{"amqp://host/v?password=k3yp4ss", true, []string{"k3yp4ss"}},
		{"amqp://user:s3cr3tpw@host/v?heartbeat=5&password=k3yp4ss", true, []string{"s3cr3tpw", "k3yp4ss"}},
		{"amqp://user:s3cr@tpw@host/v", false, []string{"s3cr@tpw"}},
		{"amqp://user:s3cr#tpw@host/v", false, []string{"s3cr#tpw"}},
		{"amqp://user:s3cr/tpw@host/v", false, []string{"s3cr/tpw"}},
		{"amqp://user:s3cr?tpw@host/v", false, []string{"s3cr?tpw"}},
		{"amqp://user:s3cr%tpw@host/v", false, []string{"s3cr%tpw"}},
		{"amqp://user:s3cr:tpw@host/v", false, []string{"s3cr:tpw"}},
		{"amqp://user:s3cr#t/p?w@host", false, []string{"s3cr#t/p?w"}},
		{"amqp://user:s3cr%FFtpw@host/v", false, []string{"s3cr%FFtpw"}},
		{"amqp://user:s3cr3tpw@host:99999/v", false, []string{"s3cr3tpw"}},
		{"amqp://user:s3cr3tpw@ho st/v", false, []string{"s3cr3tpw"}},
		{"amqp://user:s3cr3tpw@host/a/b", false, []string{"s3cr3tpw"}},
		{"amqp://user:s3cr3tpw@host/v#frag", false, []string{"s3cr3tpw"}},
		{"amqps://user:s3cr3tpw@[fe80::1%25en0]/v", false, []string{"s3cr3tpw"}},
		{"http://user:s3cr3tpw@host/", false, []string{"s3cr3tpw"}},
		{"amqp://host:99999/v?password=k3yp4ss", false, []string{"k3yp4ss"}},
		{"amqp://u:s3cr@tpw@host/v?password=k3y@p4ss", false, []string{"s3cr@tpw", "k3y@p4ss"}},
	}
	for n, tt := range tests {
		var pieces []string
		for _, s := range tt.secrets {
			forms := []string{s}
			if d, err := url.PathUnescape(s); err == nil {
				forms = append(forms, d)
			}
			for _, f := range forms {
				for i := 0; i+4 <= len(f); i++ {
					pieces = append(pieces, f[i:i+4])
				}
			}
		}
		for _, args := range [][]string{{"amqp", tt.in}, {"amqp", "--json", tt.in}, {"amqp", "--json"}, {"amqp"}} {
			stdin := ""
			if len(args) == 1 || args[len(args)-1] == "--json" {
				stdin = tt.in + "\n"
			}
			status, out, errOut := runCmd(t, stdin, args...)
			if want := map[bool]int{true: exitOK, false: exitInvalid}[tt.valid]; status != want {
				t.Errorf("%q: status %d, want %d", args, status, want)
			}
			for _, p := range pieces {
				// The message names the case and the piece's offset, not
				// the output: that would print the leak again.
				if i := strings.Index(out+errOut, p); i >= 0 {
					t.Errorf("case %d, args %d: the output holds a 4-byte piece of a password at byte %d", n, len(args), i)
					break
				}
			}
		}
	}
}
