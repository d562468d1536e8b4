package main

import (
	"bytes"
	"encoding/json"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/urikit/urikit/cmd/urikit/internal/amqpcmd"
	"github.com/urikit/urikit/cmd/urikit/internal/play"
	"github.com/urikit/urikit/cmd/urikit/internal/record"
	"github.com/urikit/urikit/uri"

	"github.com/google/go-cmp/cmp"
	"github.com/urikit/urikit/scheme/amqp"
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
	{in: "amqp://host", host: str("host"), redacted: "amqp://host", lints: []string{"guest-remote"}},
	{in: "amqp://:10000", port: 10000, redacted: "amqp://:10000", lints: []string{"port-without-host"}},
	{in: "amqp:///vhost", vhost: str("vhost"), redacted: "amqp:///vhost"},
	{in: "amqp://host/", host: str("host"), vhost: str(""), redacted: "amqp://host/", lints: []string{"guest-remote", "empty-vhost"}},
	{in: "amqp://host/%2f", host: str("host"), vhost: str("/"), redacted: "amqp://host/%2f", lints: []string{"guest-remote"}},
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
		if status != record.ExitOK || errOut != "" {
			t.Errorf("%s: status %d, stderr %q", row.in, status, errOut)
		}
		port := "(absent; default 5672)"
		if row.port != 0 {
			port = strconv.Itoa(row.port) + " (default 5672)"
		}
		want := "input     " + row.redacted + "\n" +
			"secure    false\n" +
			"username  " + amqpcmd.Show(row.user) + "\n" +
			"password  " + amqpcmd.Show(shownPassword(row.pass)) + "\n" +
			"host      " + amqpcmd.Show(row.host) + "\n" +
			"port      " + port + "\n" +
			"vhost     " + amqpcmd.Show(row.vhost) + "\n"
		if !strings.HasPrefix(out, want) {
			t.Errorf("%s: output (-want +got):\n%s", row.in, cmp.Diff(want, out))
			continue
		}
		rest := withoutConfig(strings.TrimPrefix(out, want))
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

// withoutConfig returns the text output without its config block: the
// lines from "config" up to the next line that starts with a label.
func withoutConfig(out string) string {
	var b strings.Builder
	in := false
	for _, line := range strings.SplitAfter(out, "\n") {
		switch {
		case strings.HasPrefix(line, "config "):
			in = true
			continue
		case in && strings.HasPrefix(line, "          "):
			continue
		}
		in = false
		b.WriteString(line)
	}
	return b.String()
}

// appendixAConfig is the config view of each Appendix A row: amqp091-go's
// defaults where the spec's value is absent (or, for host and vhost,
// empty), as the differential test in conformance/amqp091 checks.
func appendixAConfig(row int) map[string]any {
	r := appendixA[row]
	or := func(p *string, def string) string {
		if p == nil || *p == "" {
			return def
		}
		return *p
	}
	port := 5672
	if r.port != 0 {
		port = r.port
	}
	pass := "guest"
	if r.user != nil && r.pass != nil {
		pass = *r.pass
	}
	if pass != "" {
		pass = "xxxxx"
	}
	user := "guest"
	if r.user != nil {
		user = *r.user
	}
	return map[string]any{
		"scheme": "amqp", "host": strings.Trim(or(r.host, "localhost"), "[]"), "port": float64(port),
		"username": user, "password": pass, "vhost": or(r.vhost, "/"),
		"heartbeat": nil, "connection_timeout": float64(0), "channel_max": float64(0), "frame_max": nil,
		"auth_mechanism": nil, "certfile": nil, "cacertfile": nil, "keyfile": nil, "key_password": nil,
		"server_name_indication": nil, "verify": nil, "depth": nil, "fail_if_no_peer_cert": false,
		"customize_hostname_check": nil, "unknown": []any{},
	}
}

func TestAMQPAppendixAJSON(t *testing.T) {
	var stdin strings.Builder
	for _, row := range appendixA {
		stdin.WriteString(row.in + "\n")
	}
	status, out, _ := runCmd(t, stdin.String(), "amqp", "--json")
	if status != record.ExitOK {
		t.Errorf("status %d, want %d", status, record.ExitOK)
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
			"config":   appendixAConfig(i),
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
	want := `{"input":"amqp://:@/","valid":true,"username":"","password":"","host":null,"port":null,"vhost":"","config":{"scheme":"amqp","host":"localhost","port":5672,"username":"","password":"","vhost":"/","heartbeat":null,"connection_timeout":0,"channel_max":0,"frame_max":null,"auth_mechanism":null,"certfile":null,"cacertfile":null,"keyfile":null,"key_password":null,"server_name_indication":null,"verify":null,"depth":null,"fail_if_no_peer_cert":false,"customize_hostname_check":null,"unknown":[]},"lints":[{"code":"empty-vhost","component":"path","offset":9,"message":"the vhost is empty: the vhost \"/\" is written \"/%2F\"","severity":"warning"}],"error":null}
{"input":"amqps://u:xxxxx@h/v","valid":true,"username":"u","password":"xxxxx","host":"h","port":null,"vhost":"v","config":{"scheme":"amqps","host":"h","port":5671,"username":"u","password":"xxxxx","vhost":"v","heartbeat":null,"connection_timeout":0,"channel_max":0,"frame_max":null,"auth_mechanism":null,"certfile":null,"cacertfile":null,"keyfile":null,"key_password":null,"server_name_indication":null,"verify":null,"depth":null,"fail_if_no_peer_cert":false,"customize_hostname_check":null,"unknown":[]},"lints":[],"error":null}
`
	if status != record.ExitOK || out != want {
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
	if status != record.ExitInvalid || out != want {
		t.Errorf("status %d, output (-want +got):\n%s", status, cmp.Diff(want, out))
	}

	status, out, _ = runCmd(t, "", "amqp", "--json", "amqp://user:secret@host:99999/v")
	want = `{"input":"amqp://user:xxxxx@host:99999/v","valid":false,"username":null,"password":null,"host":null,"port":null,"vhost":null,"config":null,"lints":[],"error":{"field":"port","reason":"port out of range 0-65535","hint":"a TCP port is at most 65535","offset":24,"component":"port"}}` + "\n"
	if status != record.ExitInvalid || out != want {
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
	if status != record.ExitInvalid || out != want {
		t.Errorf("status %d, output (-want +got):\n%s", status, cmp.Diff(want, out))
	}
}

// configExample has every kind of config line: a masked password and key
// passphrase, a heartbeat in seconds, a CA file and defaults.
const configExample = "amqps://app:s3cret@broker.example:5671/%2F?heartbeat=30&cacertfile=/etc/ca.pem&password=keypass"

func TestAMQPConfigText(t *testing.T) {
	status, out, _ := runCmd(t, "", "amqp", configExample)
	want := `input     amqps://app:xxxxx@broker.example:5671/%2F?heartbeat=30&cacertfile=/etc/ca.pem&password=xxxxx
secure    true
username  "app"
password  "xxxxx"
host      "broker.example"
port      5671 (default 5671)
vhost     "/"
config    scheme                    amqps
          host                      "broker.example"
          port                      5671
          username                  "app"
          password                  "xxxxx"
          vhost                     "/"
          heartbeat                 30s
          connection_timeout        (absent or 0; default 30s)
          channel_max               0 (negotiated; 2047 when the server also says 0)
          frame_max                 (absent; default 131072 octets)
          auth_mechanism            (absent; default PLAIN)
          certfile                  (absent; no client certificate)
          cacertfile                "/etc/ca.pem"
          keyfile                   (absent; no client certificate)
          key_password              "xxxxx"
          server_name_indication    (absent; the host)
          verify                    (absent; verify_peer)
          depth                     (absent; no limit)
          fail_if_no_peer_cert      false
          customize_hostname_check  (absent; the TLS library's check)
          unknown                   none
lints     none
`
	if status != record.ExitOK || out != want {
		t.Errorf("status %d, output (-want +got):\n%s", status, cmp.Diff(want, out))
	}

	// Defaults, units and every parameter set.
	status, out, _ = runCmd(t, "", "amqp", "amqps://u@[::1]?heartbeat=0&connection_timeout=1500&channel_max=7&frame_max=0&auth_mechanism=plain&auth_mechanism=x&certfile=/c&keyfile=/k&server_name_indication=sni&verify=verify_none&depth=3&fail_if_no_peer_cert=true&customize_hostname_check=https&zz=1&flag")
	want = `config    scheme                    amqps
          host                      "::1"
          port                      5671 (default)
          username                  "u"
          password                  "xxxxx" (default)
          vhost                     "/" (default)
          heartbeat                 0s (none asked; amqp091-go takes the broker's interval)
          connection_timeout        1.5s
          channel_max               7
          frame_max                 0 (no limit)
          auth_mechanism            "plain" "x"
          certfile                  "/c"
          keyfile                   "/k"
          key_password              (absent; the key is not encrypted)
          server_name_indication    "sni"
          verify                    "verify_none"
          depth                     3 certificates
          fail_if_no_peer_cert      true
          customize_hostname_check  "https"
          unknown                   "zz=1"
          unknown                   "flag"
`
	var got strings.Builder
	for _, line := range strings.SplitAfter(out, "\n") {
		if strings.HasPrefix(line, "config ") || got.Len() > 0 && strings.HasPrefix(line, "          ") {
			if !strings.Contains(line, "cacertfile") {
				got.WriteString(line)
			}
		} else if got.Len() > 0 {
			break
		}
	}
	if status != record.ExitOK || got.String() != want {
		t.Errorf("status %d, config block (-want +got):\n%s", status, cmp.Diff(want, got.String()))
	}
}

func TestAMQPConfigJSON(t *testing.T) {
	status, out, _ := runCmd(t, "", "amqp", "--json", configExample)
	want := `{"input":"amqps://app:xxxxx@broker.example:5671/%2F?heartbeat=30&cacertfile=/etc/ca.pem&password=xxxxx","valid":true,"username":"app","password":"xxxxx","host":"broker.example","port":5671,"vhost":"/",` +
		`"config":{"scheme":"amqps","host":"broker.example","port":5671,"username":"app","password":"xxxxx","vhost":"/","heartbeat":30,"connection_timeout":0,"channel_max":0,"frame_max":null,"auth_mechanism":null,"certfile":null,"cacertfile":"/etc/ca.pem","keyfile":null,"key_password":"xxxxx","server_name_indication":null,"verify":null,"depth":null,"fail_if_no_peer_cert":false,"customize_hostname_check":null,"unknown":[]},` +
		`"lints":[],"error":null}` + "\n"
	if status != record.ExitOK || out != want {
		t.Errorf("status %d, output (-want +got):\n%s", status, cmp.Diff(want, out))
	}
}

// TestAMQPConfigError: a parameter that Config rejects leaves the URI
// valid, as amqp.Parse reads it, with no config, Config's error and exit
// status 1.
func TestAMQPConfigError(t *testing.T) {
	status, out, _ := runCmd(t, "", "amqp", "--json", "amqp://u:pw@h/v?heartbeat=abc&auth_mechanism=x")
	want := `{"input":"amqp://u:xxxxx@h/v?heartbeat=abc&auth_mechanism=x","valid":true,"username":"u","password":"xxxxx","host":"h","port":null,"vhost":"v","config":null,` +
		`"lints":[{"code":"unknown-auth-mechanism","component":"query","offset":30,"message":"an auth_mechanism other than plain, amqplain or external: amqp091-go refuses it when dialing","severity":"error"}],` +
		`"error":{"field":"heartbeat","reason":"value is not a decimal integer","hint":"heartbeat is a whole number of seconds from 0 to 65535; 0 asks for no heartbeats, and amqp091-go then takes the broker's interval","offset":16,"component":"query"}}` + "\n"
	if status != record.ExitInvalid || out != want {
		t.Errorf("status %d, output (-want +got):\n%s", status, cmp.Diff(want, out))
	}

	status, out, _ = runCmd(t, "", "amqp", "amqp://u:pw@h/v?password=k3yp4ss&heartbeat=5&heartbeat=6")
	want = `input     amqp://u:xxxxx@h/v?password=xxxxx&heartbeat=5&heartbeat=6
secure    false
username  "u"
password  "xxxxx"
host      "h"
port      (absent; default 5672)
vhost     "v"
error     heartbeat: parameter given more than once (query at offset 45)
          amqp://u:xxxxx@h/v?password=xxxxx&heartbeat=5&heartbeat=6
                                                        ^
hint      give the parameter once: clients disagree on which value wins
lint      tls-param-on-amqp (query at offset 16): a TLS parameter on amqp://, which uses no TLS: use amqps:// or remove it
`
	if status != record.ExitInvalid || out != want {
		t.Errorf("status %d, output (-want +got):\n%s", status, cmp.Diff(want, out))
	}
}

// TestAMQPConfigCutShort: when an "@" after the authority says that the
// port, vhost or query may be a password cut short, the config shows
// neither the port, nor the vhost, nor a parameter before that "@".
// TestAMQPConfigCutShort: a valid URI that only looks like a password
// cut short ("amqp://user:1234?5678=9..." has the host "user", the port
// 1234 and a query) shows as it parses, in the input and the config,
// with the lint credentials-after-authority that says why it may be
// wrong: masking it would print another URI.
func TestAMQPConfigCutShort(t *testing.T) {
	status, out, _ := runCmd(t, "", "amqp", "--json", "amqp://user:1234?5678=9&heartbeat=5&x=@host&channel_max=3&zz=1")
	var got struct {
		Input  string
		Config map[string]any
		Lints  []struct{ Code string }
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil || status != record.ExitOK {
		t.Fatalf("status %d, %v", status, err)
	}
	if got.Input != "amqp://user:1234?5678=9&heartbeat=5&x=@host&channel_max=3&zz=1" {
		t.Errorf("input %q, want it as written", got.Input)
	}
	for k, want := range map[string]any{"port": float64(1234), "heartbeat": float64(5), "channel_max": float64(3), "host": "user"} {
		if v := got.Config[k]; v != want {
			t.Errorf("config %s = %v, want %v", k, v, want)
		}
	}
	if !slices.ContainsFunc(got.Lints, func(l struct{ Code string }) bool { return l.Code == amqp.LintCredentialsAfterAuthority }) {
		t.Errorf("lints %v, want %s", got.Lints, amqp.LintCredentialsAfterAuthority)
	}
	_, out, _ = runCmd(t, "", "amqp", "amqp://user:1234/5678@host")
	for _, line := range []string{"          port                      1234\n", "          vhost                     \"5678@host\"\n", "credentials-after-authority"} {
		if !strings.Contains(out, line) {
			t.Errorf("no line %q in\n%s", line, out)
		}
	}
}

func TestAMQPStatusAndUsage(t *testing.T) {
	if status, _, _ := runCmd(t, "", "amqp", "amqp://h", "amqps://h/v"); status != record.ExitOK {
		t.Errorf("valid inputs: status %d, want %d", status, record.ExitOK)
	}
	if status, _, _ := runCmd(t, "amqp://h\nhttp://h\n", "amqp"); status != record.ExitInvalid {
		t.Errorf("an invalid line on stdin: status %d, want %d", status, record.ExitInvalid)
	}
	if status, _, _ := runCmd(t, "", "amqp", "--nope", "amqp://h"); status != record.ExitUsage {
		t.Errorf("unknown flag: status %d, want %d", status, record.ExitUsage)
	}
	status, out, _ := runCmd(t, "amqps://h:5671\n\namqp://h\n", "amqp", "--json")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if status != record.ExitInvalid || len(lines) != 3 || !strings.Contains(lines[0], `"port":5671`) || !strings.Contains(lines[1], `"valid":false`) {
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
		// The key passphrase, in the query: shown neither in the input
		// nor in the config, whatever it holds.
		{"amqps://app:s3cr3t@broker.example:5671/%2F?heartbeat=30&cacertfile=/etc/ca.pem&password=k3yp4ss", true, []string{"s3cr3t", "k3yp4ss"}},
		{"amqps://h/v?password=k3y%23p4ss", true, []string{"k3y%23p4ss"}},
		{"amqps://h/v?password=k3y%26p4ss&verify=verify_peer", true, []string{"k3y%26p4ss"}},
		{"amqps://h/v?password=k3y%25p4ss", true, []string{"k3y%25p4ss"}},
		{"amqps://h/v?password=k3y%2Bp4ss", true, []string{"k3y%2Bp4ss"}},
		{"amqps://h/v?password=k3y+p4ss&certfile=/c", true, []string{"k3y+p4ss"}},
		{"amqps://h/v?password=k3y#p4ss", false, []string{"k3y#p4ss"}},
		{"amqps://h/v?password=k3y%p4ss", false, []string{"k3y%p4ss"}},
		{"amqps://h/v?password=k3y%zzp4ss&heartbeat=5", false, []string{"k3y%zzp4ss"}},
		// A raw "&" ends the pair: the passphrase is "k3yp", and what
		// follows is another (unknown) parameter.
		{"amqps://h/v?password=k3yp&4ss", true, []string{"k3yp"}},
		// An encoded key names the passphrase too.
		{"amqps://h/v?pass%77ord=k3yp4ss", true, []string{"k3yp4ss"}},
		{"amqps://h/v?pass%77ord=k3yp4ss&heartbeat=abc", true, []string{"k3yp4ss"}},
		// Config fails: the error names the parameter, never a value.
		{"amqps://u:s3cr3tpw@h/v?password=k3yp4ss&heartbeat=abc", true, []string{"s3cr3tpw", "k3yp4ss"}},
		{"amqps://u:s3cr3tpw@h/v?password=k3yp4ss&password=k3yp4ss", true, []string{"s3cr3tpw", "k3yp4ss"}},
		{"amqps://u:s3cr3tpw@h/v?password=k3y;p4ss", true, []string{"s3cr3tpw", "k3y;p4ss"}},
		{"amqps://u:s3cr3tpw@h/v?password", true, []string{"s3cr3tpw"}},
		// A token as the user name, and a credential key of the generic
		// model.
		{"amqp://ghp_0123456789abcdefghij0123456789abcdef@host/v", true, []string{"ghp_0123456789abcdefghij0123456789abcdef"}},
		{"amqp://h/v?token=t0k3nXYZ&heartbeat=5", true, []string{"t0k3nXYZ"}},
	}
	for n, tt := range tests {
		var pieces []string
		for _, s := range tt.secrets {
			forms := []string{s}
			if d, err := url.PathUnescape(s); err == nil {
				forms = append(forms, d)
			}
			if d, err := url.QueryUnescape(s); err == nil {
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
			// A valid URI whose parameters Config rejects has status 1.
			if !tt.valid && status != record.ExitInvalid || status == record.ExitUsage {
				t.Errorf("case %d, args %d: status %d", n, len(args), status)
			}
			if tt.valid != strings.Contains(out, `"valid":true`) && strings.Contains(out, `"valid":`) {
				t.Errorf("case %d, args %d: valid is not %t", n, len(args), tt.valid)
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

// TestAMQPConfigViewsFields: the command line's config view, in text and
// in JSON, and the playground's, show the fields of amqp.Config.Fields,
// in their order, each masked where Fields says it is, for every valid
// URI of testdata/amqp.txt and the parameters of every kind.
func TestAMQPConfigViewsFields(t *testing.T) {
	lines := strings.Split(readTestdata(t, "amqp.txt"), "\n")
	lines = append(lines, "amqp://u@[::1]?heartbeat=0&connection_timeout=1500&channel_max=7&frame_max=0&auth_mechanism=plain&auth_mechanism=x&certfile=/c&keyfile=/k&server_name_indication=sni&verify=verify_none&depth=3&fail_if_no_peer_cert=true&customize_hostname_check=https&zz=1&flag",
		"amqps://app:pw@h/v?password=k3y&cacertfile=/etc/ca.pem")
	// The views that the playground's module gives the page.
	play.Views = []play.SchemeView{{Schemes: amqpcmd.SchemeNames(), Record: amqpcmd.JSONRecord}}
	checked := 0
	for _, line := range lines {
		u, err := amqp.Parse(line)
		if err != nil {
			continue
		}
		c, err := u.Config()
		if err != nil {
			continue
		}
		fields := c.Fields()
		var names []string
		for _, f := range fields {
			names = append(names, f.Name)
		}

		// Text: the names of the "config" block, in order.
		_, out, _ := runCmd(t, "", "amqp", "--", line)
		var text []string
		inConfig := false
		for _, l := range strings.Split(out, "\n") {
			switch {
			case strings.HasPrefix(l, "config    "):
				inConfig = true
				l = "          " + l[len("config    "):]
			case !strings.HasPrefix(l, "          "):
				inConfig = false
			}
			if inConfig {
				if name := strings.Fields(l)[0]; len(text) == 0 || text[len(text)-1] != name {
					text = append(text, name)
				}
				if f := fields[slices.Index(names, strings.Fields(l)[0])]; f.Masked && f.Name != "auth_mechanism" && !strings.Contains(l, `"`+uri.RedactMask+`"`) {
					t.Errorf("%q: the text view shows %s unmasked: %q", line, f.Name, l)
				}
			}
		}
		if !slices.Equal(text, names) {
			t.Errorf("%q: the text view shows the fields %q, Config.Fields %q", line, text, names)
		}

		// JSON, as the command line and the playground write it.
		_, out, _ = runCmd(t, "", "amqp", "--json", "--", line)
		var rec struct {
			Config json.RawMessage `json:"config"`
		}
		if err := json.Unmarshal([]byte(out), &rec); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		var view struct {
			AMQP struct {
				Config json.RawMessage `json:"config"`
			} `json:"amqp"`
		}
		if err := json.Unmarshal([]byte(play.Inspect(line)), &view); err != nil {
			t.Fatalf("%q: the playground's answer: %v", line, err)
		}
		for _, raw := range []json.RawMessage{rec.Config, view.AMQP.Config} {
			dec := json.NewDecoder(bytes.NewReader(raw))
			dec.Token()
			var keys []string
			for dec.More() {
				k, _ := dec.Token()
				keys = append(keys, k.(string))
				var v json.RawMessage
				dec.Decode(&v)
				if f := fields[len(keys)-1]; f.Masked && f.Name != "auth_mechanism" && string(v) != `"`+uri.RedactMask+`"` {
					t.Errorf("%q: the JSON view shows %s unmasked: %s", line, f.Name, v)
				}
			}
			if !slices.Equal(keys, names) {
				t.Errorf("%q: the JSON view shows the fields %q, Config.Fields %q", line, keys, names)
			}
		}
		checked++
	}
	if checked < 10 {
		t.Fatalf("only %d URIs with a config were checked", checked)
	}
}

// TestAMQPShowSecretsConfig: with --show-secrets every field of the
// config shows as written, in text and in JSON alike, those that Config
// masks as text that holds a secret included (a certfile or an unknown
// parameter that holds a URI with a password).
func TestAMQPShowSecretsConfig(t *testing.T) {
	in := "amqps://u:pw1@h/?certfile=https://u:pw1234@z/c.pem&x=https://u:pw9999@y&password=k3y&auth_mechanism=plain"
	for _, args := range [][]string{{"amqp", "--show-secrets", "--", in}, {"amqp", "--show-secrets", "--json", "--", in}} {
		_, out, _ := runCmd(t, "", args...)
		for _, want := range []string{"pw1", "pw1234", "pw9999", "k3y"} {
			if !strings.Contains(out, want) {
				t.Errorf("urikit %q does not show %q:\n%s", args, want, out)
			}
		}
		if strings.Contains(out, uri.RedactMask) {
			t.Errorf("urikit %q masks a value:\n%s", args, out)
		}
	}
}
