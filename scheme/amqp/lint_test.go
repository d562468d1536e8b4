package amqp_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/urikit/urikit/scheme/amqp"
	"github.com/urikit/urikit/uri"
)

func TestLint(t *testing.T) {
	tests := []struct {
		in    string
		codes []string
	}{
		{"amqp://user:pass@host:10000/vhost", nil},
		{"amqp://host/", []string{amqp.LintGuestRemote, amqp.LintEmptyVhost}},
		{"amqp://host//", []string{amqp.LintDoubleSlash}},
		{"amqp://host/.", []string{amqp.LintGuestRemote, amqp.LintDotVhost}},
		{"amqp://host/%2E%2e", []string{amqp.LintGuestRemote, amqp.LintDotVhost}},
		{"amqps://host:5672/v", []string{amqp.LintTLSOnPlainPort, amqp.LintGuestRemote}},
		{"amqp://host:5671/v", []string{amqp.LintPlainOnTLSPort, amqp.LintGuestRemote}},
		{"amqps://192.0.2.1/v", []string{amqp.LintIPHostTLS, amqp.LintGuestRemote}},
		{"amqps://[2001:db8::1]/v", []string{amqp.LintIPHostTLS, amqp.LintGuestRemote}},
		{"amqp://192.0.2.1/v", []string{amqp.LintGuestRemote}},
		{"amqp://guest:guest@broker.example/v", []string{amqp.LintGuestRemote}},
		{"amqp://guest:guest@localhost/v", nil},
		{"amqp://guest:guest@127.0.0.1/v", nil},
		{"amqp://guest:guest@[::1]/v", nil},
		{"amqp://guest:guest@/v", nil},
		// Without userinfo clients log in as guest:guest (amqp091-go's
		// defaults, Config's DefaultUsername and DefaultPassword).
		{"amqp://remote.example/", []string{amqp.LintGuestRemote, amqp.LintEmptyVhost}},
		{"amqp://remote.example", []string{amqp.LintGuestRemote}},
		{"amqp://", nil},
		{"amqp:///v", nil},
		{"amqp://:10000", []string{amqp.LintPortNoHost}},
		{"amqp://localhost/v", nil},
		{"amqp://user@remote.example/v", nil},
		{"amqp://user:guest@remote.example/v", nil},
		// Loopback: localhost and "localhost." in any case, 127.0.0.0/8
		// in dotted-decimal form, ::1 and ::ffff:127.0.0.0/104, however
		// written; "127.1" is a reg-name that resolvers read differently.
		{"amqp://guest:guest@localhost./v", nil},
		{"amqp://guest:guest@LocalHost/v", nil},
		{"amqp://guest:guest@LocalHost./v", nil},
		{"amqp://guest:guest@127.255.0.9/v", nil},
		{"amqp://guest:guest@%31%327.0.0.1/v", nil},
		{"amqp://guest:guest@[0:0::1]/v", nil},
		{"amqp://guest:guest@[::ffff:127.0.0.1]/v", nil},
		{"amqp://127.0.0.1/v", nil},
		{"amqp://guest:guest@127.1/v", []string{amqp.LintGuestRemote}},
		{"amqp://guest:guest@localhost../v", []string{amqp.LintGuestRemote}},
		{"amqp://guest:guest@localhost.example/v", []string{amqp.LintGuestRemote}},
		{"amqp://guest:guest@128.0.0.1/v", []string{amqp.LintGuestRemote}},
		// A reg-name that decodes to an IP address dials that address.
		{"amqps://u@%31.2.3.4/v", []string{amqp.LintIPHostTLS}},
		{"amqps://u@192.0.2.1/v?server_name_indication=broker.example", nil},
		{"amqps://u@192.0.2.1/v?server_name_indication=", []string{amqp.LintIPHostTLS}},
		{"amqps://u@[v1.x]/v", []string{amqp.LintIPHostTLS}},
		{"amqps://u@1.2.3.4.example/v", nil},
		{"amqp://u:a+b@h/v", []string{amqp.LintPlusInUserinfo}},
		{"amqp://h:/v", []string{amqp.LintEmptyPort, amqp.LintGuestRemote}},
		{"amqp://h:0/v", []string{amqp.LintPortZero, amqp.LintGuestRemote}},
		{"amqp://:10000", []string{amqp.LintPortNoHost}},
		{"amqp://[fe80::1%25en0]/v", []string{amqp.LintZoneID}},
		{"amqp://h%C3%A9st/v", []string{amqp.LintGuestRemote, amqp.LintNonASCIIHost}},
		{"amqp://h\xc3\xa9st/v", []string{amqp.LintNonASCIIHost}},
		{"amqp://user:12/34@host", []string{amqp.LintGuestRemote, amqp.LintCredentialsAfterAuthority}},
		{"amqp://h/v?x=a@b", []string{amqp.LintGuestRemote, amqp.LintCredentialsAfterAuthority, amqp.LintUnknownParam}},
		{"amqps://guest:g+st@10.0.0.1:5672/", []string{amqp.LintTLSOnPlainPort, amqp.LintIPHostTLS, amqp.LintGuestRemote, amqp.LintPlusInUserinfo, amqp.LintEmptyVhost}},
	}
	for _, tt := range tests {
		var codes []string
		for _, f := range amqp.Lint(tt.in) {
			codes = append(codes, f.Code)
			if f.Message == "" || f.Component < uri.ComponentScheme || f.Component > uri.ComponentFragment {
				t.Errorf("Lint(%q): finding %+v lacks a message or component", tt.in, f)
			}
			if strings.Contains(f.Message, "pass") && strings.Contains(tt.in, "pass") {
				t.Errorf("Lint(%q): message %q", tt.in, f.Message)
			}
		}
		if !slices.Equal(codes, tt.codes) {
			t.Errorf("Lint(%q) = %v, want %v", tt.in, codes, tt.codes)
		}
	}
}

// TestLintGuestDefault: without userinfo guest-remote points at the host.
func TestLintGuestDefault(t *testing.T) {
	f := amqp.Lint("amqps://remote.example:5671/v")
	if len(f) != 1 || f[0].Code != amqp.LintGuestRemote || f[0].Component != uri.ComponentHost || f[0].Offset != 8 {
		t.Errorf("Lint = %+v", f)
	}
	f = amqp.Lint("amqp://guest@remote.example/v")
	if len(f) != 1 || f[0].Code != amqp.LintGuestRemote || f[0].Component != uri.ComponentUserinfo || f[0].Offset != 7 {
		t.Errorf("Lint = %+v", f)
	}
}

func TestLintParams(t *testing.T) {
	tests := []struct {
		in      string
		codes   []string
		offsets []int
	}{
		{"amqps://h/v?cacertfile=/ca.pem&heartbeat=10&auth_mechanism=PLAIN&auth_mechanism=external", nil, nil},
		{"amqp://h/v?cacertfile=/ca.pem&password=pw", []string{amqp.LintTLSParamOnAMQP, amqp.LintTLSParamOnAMQP}, []int{11, 30}},
		{"amqps://h/v?verify=verify_none", []string{amqp.LintVerifyNone}, []int{12}},
		{"amqps://h/v?verify=verify_peer", nil, nil},
		{"amqps://h/v?fail_if_no_peer_cert=false", []string{amqp.LintFailIfNoPeerCert}, []int{12}},
		{"amqps://h/v?certfile=/my+cert.pem&keyfile=/k%2B.pem", []string{amqp.LintPlusInTLSPath}, []int{12}},
		{"amqp://h/v?heartbeat=0", []string{amqp.LintHeartbeatZero}, []int{11}},
		{"amqp://h/v?heartbeat=000", []string{amqp.LintHeartbeatZero}, []int{11}},
		{"amqp://h/v?heartbeat=1", nil, nil},
		{"amqp://h/v?hearbeat=0&x", []string{amqp.LintUnknownParam, amqp.LintUnknownParam}, []int{11, 22}},
		{"amqp://h/v?&&", nil, nil},
		{"amqp://h/v?auth_mechanism=crdemo&auth_mechanism=&auth_mechanism=AMQPlain", []string{amqp.LintUnknownAuthMechanism, amqp.LintUnknownAuthMechanism}, []int{11, 33}},
		// Lint reads parameters that Config rejects.
		{"amqp://h/v?verify=verify_none&verify=x", []string{amqp.LintTLSParamOnAMQP, amqp.LintVerifyNone, amqp.LintTLSParamOnAMQP}, []int{11, 11, 30}},
		{"amqp://h:/?zz=1", []string{amqp.LintEmptyPort, amqp.LintEmptyVhost, amqp.LintUnknownParam}, []int{9, 9, 11}},
		// A pair without "=" after the passphrase: an "&" may have cut it.
		{"amqps://h?password=ab&cd", []string{amqp.LintPasswordParamCut, amqp.LintUnknownParam}, []int{10, 22}},
		{"amqps://h?password=ab&&x=1", []string{amqp.LintPasswordParamCut, amqp.LintUnknownParam}, []int{10, 23}},
		{"amqps://h?heartbeat=5&pass%77ord=ab&&x=1", []string{amqp.LintPasswordParamCut, amqp.LintUnknownParam}, []int{22, 37}},
		{"amqps://h?password=ab&", []string{amqp.LintPasswordParamCut}, []int{10}},
		{"amqps://h?password=ab&x=1", []string{amqp.LintUnknownParam}, []int{22}},
	}
	for _, tt := range tests {
		var codes []string
		var offsets []int
		for _, f := range amqp.Lint(tt.in) {
			if f.Code == amqp.LintGuestRemote {
				continue // no userinfo: TestLint covers it
			}
			codes = append(codes, f.Code)
			offsets = append(offsets, f.Offset)
			if f.Message == "" || f.Component < uri.ComponentScheme || f.Component > uri.ComponentFragment {
				t.Errorf("Lint(%q): finding %+v lacks a message or component", tt.in, f)
			}
			for _, name := range []string{"hearbeat", "zz", "crdemo", "AMQPlain", "my+cert"} {
				if strings.Contains(f.Message, name) {
					t.Errorf("Lint(%q): message %q shows input", tt.in, f.Message)
				}
			}
		}
		if !slices.Equal(codes, tt.codes) || !slices.Equal(offsets, tt.offsets) {
			t.Errorf("Lint(%q) = %v at %v, want %v at %v", tt.in, codes, offsets, tt.codes, tt.offsets)
		}
	}
}
