package amqp_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/urikit/urikit/internal/testload"
	"github.com/urikit/urikit/scheme/amqp"
	"github.com/urikit/urikit/uri"
)

// cfg is a Config with amqp091-go's defaults, changed by edit.
func cfg(edit func(c *amqp.Config)) amqp.Config {
	c := amqp.Config{Scheme: "amqp", Host: "localhost", Port: 5672, Username: "guest", Password: "guest", Vhost: "/"}
	if edit != nil {
		edit(&c)
	}
	return c
}

// TestConfigAppendixA: the spec's Appendix A rows give the amqp091-go
// v1.16.0 column of the research's Table A1 (row 3, which amqp091-go
// rejects, gives the spec's values).
func TestConfigAppendixA(t *testing.T) {
	tests := []struct {
		in   string
		want amqp.Config
	}{
		{"amqp://user:pass@host:10000/vhost", cfg(func(c *amqp.Config) {
			c.Username, c.Password, c.Host, c.Port, c.Vhost = "user", "pass", "host", 10000, "vhost"
		})},
		{"amqp://user:passw%23rd@host:10000/vhost", cfg(func(c *amqp.Config) {
			c.Username, c.Password, c.Host, c.Port, c.Vhost = "user", "passw#rd", "host", 10000, "vhost"
		})},
		{"amqp://user%61:%61pass@ho%61st:10000/v%2fhost", cfg(func(c *amqp.Config) {
			c.Username, c.Password, c.Host, c.Port, c.Vhost = "usera", "apass", "hoast", 10000, "v/host"
		})},
		{"amqp://", cfg(nil)},
		{"amqp://:@/", cfg(func(c *amqp.Config) { c.Username, c.Password = "", "" })},
		{"amqp://user@", cfg(func(c *amqp.Config) { c.Username = "user" })},
		{"amqp://user:pass@", cfg(func(c *amqp.Config) { c.Username, c.Password = "user", "pass" })},
		{"amqp://host", cfg(func(c *amqp.Config) { c.Host = "host" })},
		{"amqp://:10000", cfg(func(c *amqp.Config) { c.Port = 10000 })},
		{"amqp:///vhost", cfg(func(c *amqp.Config) { c.Vhost = "vhost" })},
		{"amqp://host/", cfg(func(c *amqp.Config) { c.Host = "host" })},
		{"amqp://host/%2f", cfg(func(c *amqp.Config) { c.Host = "host" })},
		{"amqp://[::1]", cfg(func(c *amqp.Config) { c.Host = "::1" })},
	}
	for _, tt := range tests {
		got, err := amqp.MustParse(tt.in).Config()
		if err != nil {
			t.Errorf("%s: %v", tt.in, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got, cmpopts.IgnoreUnexported(amqp.Config{}, amqp.Param{})); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.in, diff)
		}
	}
}

// TestConfig covers the rules amqp091-go v1.16.0 ParseURI follows beyond
// Appendix A, and the parameters.
func TestConfig(t *testing.T) {
	tests := []struct {
		in   string
		want amqp.Config
	}{
		{"amqps://h", cfg(func(c *amqp.Config) { c.Scheme, c.Host, c.Port = "amqps", "h", 5671 })},
		{"AMQPS://H:0005672", cfg(func(c *amqp.Config) { c.Scheme, c.Host, c.Port = "amqps", "H", 5672 })},
		{"amqp://h:", cfg(func(c *amqp.Config) { c.Host = "h" })},
		{"amqp://h:0", cfg(func(c *amqp.Config) { c.Host, c.Port = "h", 0 })},
		{"amqp://@h", cfg(func(c *amqp.Config) { c.Host, c.Username = "h", "" })},
		{"amqp://bob@h", cfg(func(c *amqp.Config) { c.Host, c.Username = "h", "bob" })},
		{"amqp://bob:@h", cfg(func(c *amqp.Config) { c.Host, c.Username, c.Password = "h", "bob", "" })},
		{"amqp://u:a+b@h/v+h", cfg(func(c *amqp.Config) { c.Host, c.Username, c.Password, c.Vhost = "h", "u", "a+b", "v+h" })},
		{"amqp://h%C3%A9st/%2F%2F", cfg(func(c *amqp.Config) { c.Host, c.Vhost = "hést", "//" })},
		{"amqp://[2001:DB8::1]:1/", cfg(func(c *amqp.Config) { c.Host, c.Port = "2001:DB8::1", 1 })},
		{"amqp://192.0.2.1", cfg(func(c *amqp.Config) { c.Host = "192.0.2.1" })},
		{"amqp://h?heartbeat=0", cfg(func(c *amqp.Config) { c.Host, c.HasHeartbeat = "h", true })},
		{"amqp://h?heartbeat=065535&channel_max=2047&connection_timeout=%2B1500", cfg(func(c *amqp.Config) {
			c.Host, c.Heartbeat, c.HasHeartbeat, c.ChannelMax, c.ConnectionTimeout = "h", 65535*time.Second, true, 2047, 1500*time.Millisecond
		})},
		{"amqp://h?connection_timeout=-0&channel_max=0", cfg(func(c *amqp.Config) { c.Host = "h" })},
		{"amqp://h?connection_timeout=9223372036854", cfg(func(c *amqp.Config) {
			c.Host, c.ConnectionTimeout = "h", 9223372036854*time.Millisecond
		})},
		{"amqp://h?auth_mechanism=external&auth_mechanism=PLAIN", cfg(func(c *amqp.Config) {
			c.Host, c.AuthMechanism = "h", []string{"external", "PLAIN"}
		})},
		{"amqps://h?cacertfile=/ca.pem&certfile=/c.pem&keyfile=/k.pem&password=pw&verify=verify_peer&server_name_indication=broker&depth=2&fail_if_no_peer_cert=true&customize_hostname_check=https&frame_max=0",
			cfg(func(c *amqp.Config) {
				c.Scheme, c.Host, c.Port = "amqps", "h", 5671
				c.CACertFile, c.CertFile, c.KeyFile, c.KeyPassword = "/ca.pem", "/c.pem", "/k.pem", "pw"
				c.Verify, c.ServerName, c.Depth, c.HasDepth, c.FailIfNoPeerCert = "verify_peer", "broker", 2, true, true
				c.CustomizeHostnameCheck, c.HasFrameMax = "https", true
			})},
		{"amqp://h?frame_max=131072&b=1&a&b=2", cfg(func(c *amqp.Config) {
			c.Host, c.FrameMax, c.HasFrameMax = "h", 131072, true
			c.Unknown = []amqp.Param{
				{Name: "b", Value: "1", HasValue: true, Offset: 26},
				{Name: "a", Offset: 30},
				{Name: "b", Value: "2", HasValue: true, Offset: 32},
			}
		})},
	}
	for _, tt := range tests {
		got, err := amqp.MustParse(tt.in).Config()
		if err != nil {
			t.Errorf("%s: %v", tt.in, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got, cmpopts.IgnoreUnexported(amqp.Config{}, amqp.Param{})); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestConfigAddr(t *testing.T) {
	for in, want := range map[string]string{
		"amqp://":               "localhost:5672",
		"amqps://[::1]:99/":     "[::1]:99",
		"amqp://b%C3%BCcher.de": "bücher.de:5672",
	} {
		c, err := amqp.MustParse(in).Config()
		if err != nil || c.Addr() != want {
			t.Errorf("%s: Addr() = %q, %v; want %q", in, c.Addr(), err, want)
		}
	}
}

// TestConfigRedacted: every text form masks the login password and the
// key passphrase, and keeps the rest.
func TestConfigRedacted(t *testing.T) {
	c, err := amqp.MustParse("amqps://bob:s3cr3tpw@h/v?password=k3yphr4se&certfile=/c.pem&keyfile=/k.pem&heartbeat=5&x=1").Config()
	if err != nil {
		t.Fatal(err)
	}
	var logged bytes.Buffer
	slog.New(slog.NewJSONHandler(&logged, nil)).Info("dial", "config", c)
	j, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	if !json.Valid(j) {
		t.Fatalf("invalid JSON %s", j)
	}
	var m map[string]any
	if err := json.Unmarshal(j, &m); err != nil {
		t.Fatal(err)
	}
	if m["password"] != "xxxxx" || m["key_password"] != "xxxxx" || m["heartbeat"] != 5.0 || m["certfile"] != "/c.pem" || m["frame_max"] != nil {
		t.Errorf("JSON %s", j)
	}
	outs := []string{c.String(), c.GoString(), string(j), logged.String(),
		fmt.Sprintf("%v %+v %#v %s %q %x %d", c, c, c, c, c, c, c), fmt.Sprint(&c)}
	for _, o := range outs {
		for _, secret := range []string{"s3cr3tpw", "k3yphr4se"} {
			if strings.Contains(o, secret) {
				t.Errorf("output shows %s: %s", secret, o)
			}
		}
	}
	want := "{scheme:amqps host:h port:5671 username:bob password:xxxxx vhost:v heartbeat:5s certfile:/c.pem keyfile:/k.pem key_password:xxxxx unknown:[x=1]}"
	if c.String() != want {
		t.Errorf("String() = %s\nwant       %s", c, want)
	}
}

// TestConfigMasksCutShort: where String masks text that a Config field
// or a parameter holds (a password cut short by an unencoded "/" or "?",
// a passphrase cut by an unencoded "&"), the Config's and the Params'
// printed forms mask that field, and the fields keep their values.
// TestConfigMasks: the printed forms of Config and Params mask what
// String masks, by the one model of scheme.RedactSpans; a URI that only
// looks like a password cut short shows as it parses.
func TestConfigMasks(t *testing.T) {
	tests := []struct {
		in      string
		want    string   // Config.String
		params  string   // fmt.Sprint of Params
		secrets []string // pieces no printed form may show
	}{
		// Host "user", port 1234, vhost "secretXYZ@host": shown as it
		// parses (the lint credentials-after-authority reports it).
		{"amqp://user:1234/secretXYZ@host",
			"{scheme:amqp host:user port:1234 username:guest password:xxxxx vhost:secretXYZ@host}", "[]",
			nil},
		// The passphrase ends at its "&", as the query parses.
		{"amqps://h?password=Kab&Kcd&Kx=K1&heartbeat=5",
			"{scheme:amqps host:h port:5671 username:guest password:xxxxx vhost:/ heartbeat:5s key_password:xxxxx unknown:[Kcd Kx=K1]}",
			"[password=xxxxx Kcd Kx=K1 heartbeat=5]",
			[]string{"Kab"}},
		{"amqps://u:p@h?password=a@b",
			"{scheme:amqps host:h port:5671 username:u password:xxxxx vhost:/ key_password:xxxxx}", "[password=xxxxx]",
			[]string{"a@b"}},
		// A credential key of the generic model, and a nested URI.
		{"amqp://u:p@h?token=Ztok&next=http://a:Zpw@b/",
			"{scheme:amqp host:h port:5672 username:u password:xxxxx vhost:/ unknown:[token=xxxxx next=xxxxx]}",
			"[token=xxxxx next=xxxxx]",
			[]string{"Ztok", "Zpw"}},
		// A token as the user name.
		{"amqp://ghp_0123456789abcdefghij0123456789abcdef@h/v",
			"{scheme:amqp host:h port:5672 username:xxxxx password:xxxxx vhost:v}", "[]",
			[]string{"ghp_0123"}},
	}
	for _, tt := range tests {
		u := amqp.MustParse(tt.in)
		c, err := u.Config()
		if err != nil {
			t.Errorf("%s: %v", tt.in, err)
			continue
		}
		if got := c.String(); got != tt.want {
			t.Errorf("%s: String() = %s\nwant         %s", tt.in, got, tt.want)
		}
		ps, err := u.Params()
		if err != nil {
			t.Errorf("%s: Params: %v", tt.in, err)
		}
		if got := fmt.Sprint(ps); got != tt.params && !(got == "[]" && tt.params == "[]") {
			t.Errorf("%s: Params = %s, want %s", tt.in, got, tt.params)
		}
		j, err := json.Marshal(c)
		if err != nil || !json.Valid(j) {
			t.Errorf("%s: JSON %s, %v", tt.in, j, err)
		}
		pj, _ := json.Marshal(ps)
		var logged bytes.Buffer
		slog.New(slog.NewJSONHandler(&logged, nil)).Info("dial", "config", c, "params", ps)
		outs := []string{c.String(), c.GoString(), string(j), string(pj), logged.String(), u.String(),
			fmt.Sprintf("%v %+v %#v %s %q", c, c, c, c, c), fmt.Sprintf("%v %+v %#v %s %q", ps, ps, ps, ps, ps)}
		for _, o := range outs {
			for _, secret := range tt.secrets {
				if strings.Contains(o, secret) {
					t.Errorf("%s: output shows %q: %s", tt.in, secret, o)
				}
			}
		}
	}
	// The fields keep their values for dialing.
	c, _ := amqp.MustParse("amqp://user:1234/secretXYZ@host").Config()
	if c.Host != "user" || c.Port != 1234 || c.Vhost != "secretXYZ@host" || c.Addr() != "user:1234" {
		t.Errorf("fields %q %d %q", c.Host, c.Port, c.Vhost)
	}
	var m map[string]any
	j, _ := json.Marshal(c)
	if err := json.Unmarshal(j, &m); err != nil || m["port"] != 1234.0 || m["vhost"] != "secretXYZ@host" || m["host"] != "user" {
		t.Errorf("JSON %s", j)
	}
}

// TestParseIgnoresParams: Parse reads no parameter: no allocation and no
// error for a query whose parameters Config rejects.
func TestParseIgnoresParams(t *testing.T) {
	in := "amqps://u:p@h/v?heartbeat=x&heartbeat=1&certfile=&verify=no&password=s3cr3t&a;b"
	if n := testing.AllocsPerRun(100, func() { amqp.MustParse(in) }); n != 0 {
		t.Errorf("Parse allocates %v times", n)
	}
	if _, err := amqp.MustParse(in).Config(); err == nil {
		t.Error("Config accepts the parameters")
	}
}

func FuzzConfig(f *testing.F) {
	for _, tt := range paramErrors[:len(paramErrors)-1] {
		f.Add(tt.in)
	}
	f.Add("amqps://u:p@[::1]:1/v?heartbeat=0&auth_mechanism=x+y&password=s%40c&z=1&cacertfile=/a+b")
	f.Add("amqp://h?connection_timeout=%2B12&channel_max=7&frame_max=0&depth=3&verify=verify_none")
	f.Fuzz(func(t *testing.T, s string) {
		u, err := amqp.Parse(s)
		if err != nil {
			return
		}
		c, cerr := u.Config()
		ps, perr := u.Params()
		u.Lint()
		if (cerr == nil) != (perr == nil) {
			t.Fatalf("Config error %v, Params error %v", cerr, perr)
		}
		if cerr != nil {
			var e *amqp.Error
			if !errors.As(cerr, &e) || e.URI.Component != uri.ComponentQuery || e.URI.Offset < 1 || e.URI.Offset > len(s) ||
				(s[e.URI.Offset-1] != '?' && s[e.URI.Offset-1] != '&') || cerr.Error() != perr.Error() {
				t.Fatalf("error %v (%#v) is not at a pair's start", cerr, e)
			}
			if _, ok := amqp.LookupParamSpec(e.Field); !ok && e.Field != "query" {
				t.Fatalf("error field %q", e.Field)
			}
			return
		}
		if c.Host == "" || c.Vhost == "" || (c.Scheme != "amqp" && c.Scheme != "amqps") {
			t.Fatalf("Config %v", c)
		}
		checkLazyMasks(t, u, c, ps)
		known := 0
		for _, p := range ps {
			if p.Known {
				known++
			}
		}
		if len(ps)-known != len(c.Unknown) {
			t.Fatalf("%d params, %d known, %d unknown", len(ps), known, len(c.Unknown))
		}
		j, err := json.Marshal(c)
		if err != nil || !json.Valid(j) {
			t.Fatalf("JSON %s: %v", j, err)
		}
		if c.KeyPassword != "" && len(c.KeyPassword) >= 4 {
			// The fixed texts of the outputs (field names, defaults) may
			// hold a piece of a passphrase too: the outputs for an empty
			// configuration name them all.
			var zero amqp.Config
			zj, _ := json.Marshal(zero)
			// And the same configuration without its passphrase: a piece
			// found there comes from another value as the output writes it
			// (a NUL in a parameter name is "\u0000" in JSON, next to
			// "00": "Amqp://?%0000&password=000000").
			other := c
			other.KeyPassword = ""
			oj, _ := json.Marshal(other)
			// And the input as it prints, the passphrase masked: a
			// piece of the other pairs ("heartbeat=0" holds "at=0").
			fixed := zero.String() + string(zj) + other.String() + string(oj) + u.String()
			// Each Param apart: printed as a list, the space between two
			// may join a piece of another value ("Amqp://?000&password=000+":
			// "[000 password=xxxxx]").
			outs := []string{c.String(), string(j)}
			for _, p := range ps {
				outs = append(outs, p.String(), fmt.Sprintf("%#v", p))
			}
			for _, o := range outs {
				if piece, bad := leaks(o, c.KeyPassword); bad && !strings.Contains(fixed, piece) && !strings.Contains(c.Host+c.Vhost+c.Username+c.CertFile+c.KeyFile+c.CACertFile+c.ServerName+fmt.Sprint(c.AuthMechanism, c.Unknown, c.Verify), piece) {
					t.Fatalf("output %q holds %q of the passphrase", o, piece)
				}
			}
		}
	})
}

// TestConfigSecretsNeverShow runs every parameter error of Config, with
// login passwords and key passphrases that hold "@", "#", "/", "?", "%"
// and ":", and requires that no 4-byte piece of them appears in any
// output of the Config or of its error (package amqptls runs its own
// errors the same way).
func TestConfigSecretsNeverShow(t *testing.T) {
	for _, pw := range secretPasswords {
		enc := uri.EscapeQueryPart(pw)
		inputs := []string{"amqps://u:" + uri.EscapeUserinfoPart(pw) + "@h?password=" + enc + "&certfile=/c.pem&keyfile=/k.pem"}
		for _, tt := range paramErrors {
			inputs = append(inputs, strings.Replace(tt.in, "amqp://h", "amqp://user:"+uri.EscapeUserinfoPart(pw)+"@h", 1)+"&password="+enc)
		}
		for _, in := range inputs {
			u, err := amqp.Parse(in)
			if err != nil {
				t.Fatalf("%q: %v", in, err)
			}
			var outs []string
			c, err := u.Config()
			if err == nil {
				outs = configOutputs(c)
			} else {
				j, _ := json.Marshal(err)
				outs = append(outs, err.Error(), fmt.Sprintf("%v %+v %#v", err, err, err), string(j))
			}
			for _, o := range outs {
				if piece, bad := leaks(o, pw); bad {
					t.Errorf("%q: output %q holds %q of a secret", in, o, piece)
				}
			}
		}
	}
}

// TestParamOffset: where the pair of each known parameter starts, the
// first of a repeated one; nothing for an absent or unknown parameter or
// a Config made by hand.
func TestParamOffset(t *testing.T) {
	c, err := amqp.MustParse("amqps://h/v?x=1&cacertfile=/a&auth_mechanism=a&auth_mechanism=b").Config()
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]int{"cacertfile": 16, "auth_mechanism": 30, "keyfile": -1, "x": -1, "nonsense": -1} {
		got, ok := c.ParamOffset(name)
		if want < 0 && (ok || got != 0) || want >= 0 && (!ok || got != want) {
			t.Errorf("ParamOffset(%q) = %d, %v; want %d", name, got, ok, want)
		}
	}
	if _, ok := (amqp.Config{CACertFile: "/a"}).ParamOffset("cacertfile"); ok {
		t.Error("ParamOffset of a Config made by hand: ok")
	}
}

// TestTLSParamsOnAMQP: on amqp://, which uses no TLS, no client reads the
// TLS parameters: Config neither checks nor keeps them, and the lint
// tls-param-on-amqp names each.
func TestTLSParamsOnAMQP(t *testing.T) {
	u := amqp.MustParse("amqp://h/v?verify=v&certfile=/c.pem&depth=x&password=&heartbeat=5&certfile=/d.pem")
	c, err := u.Config()
	if err != nil {
		t.Fatalf("Config: %v", err)
	}
	if c.Verify != "" || c.CertFile != "/c.pem" || c.HasDepth || c.KeyPassword != "" || c.Heartbeat != 5*time.Second {
		t.Errorf("Config = %v, want the first certfile kept as amqp091-go keeps it, verify and depth dropped, the heartbeat kept", c)
	}
	n := 0
	for _, f := range u.Lint() {
		if f.Code == amqp.LintTLSParamOnAMQP {
			n++
		}
	}
	if n != 5 {
		t.Errorf("%d tls-param-on-amqp findings, want 5", n)
	}
	if _, err := amqp.MustParse("amqps://h/v?verify=v").Config(); !errors.Is(err, amqp.ErrParamValue) {
		t.Errorf("amqps with verify=v: %v, want ErrParamValue", err)
	}
}

// checkLazyMasks fails t when the printed forms of c and ps, u's Config
// and Params, whose masks are found when printed, differ from those whose
// masks are found as u is read.
func checkLazyMasks(t *testing.T, u amqp.URI, c amqp.Config, ps []amqp.Param) {
	t.Helper()
	fields, params := amqp.EagerForms(u)
	if fmt.Sprint(c.Fields()) != fmt.Sprint(fields) {
		t.Fatalf("Config of %v: fields %v, masked as read %v", u, c.Fields(), fields)
	}
	got := make([]string, len(ps))
	for i, p := range ps {
		got[i] = p.String()
	}
	if !slices.Equal(got, params) {
		t.Fatalf("Params of %v: %q, masked as read %q", u, got, params)
	}
}

// TestLazyMasks checks the masks found when printed against those found
// as read, over the amqp corpus and the command line's amqp inputs.
func TestLazyMasks(t *testing.T) {
	ins := append(testload.Lines(t, "../../cmd/urikit/testdata/amqp.txt"), testload.Lines(t, "../../conformance/amqp091/testdata/amqp.txt")...)
	ins = append(ins, testload.Shared(t, "amqp.txt")...)
	n := 0
	for _, s := range ins {
		u, err := amqp.Parse(s)
		if err != nil {
			continue
		}
		c, cerr := u.Config()
		ps, perr := u.Params()
		if cerr != nil || perr != nil {
			continue
		}
		n++
		checkLazyMasks(t, u, c, ps)
	}
	if n == 0 {
		t.Fatal("no input read")
	}
}
