package amqp_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/urikit/urikit/scheme/amqp"
)

func TestLint(t *testing.T) {
	tests := []struct {
		in    string
		codes []string
	}{
		{"amqp://user:pass@host:10000/vhost", nil},
		{"amqp://host/", []string{amqp.LintEmptyVhost}},
		{"amqp://host//", []string{amqp.LintDoubleSlash}},
		{"amqp://host/.", []string{amqp.LintDotVhost}},
		{"amqp://host/%2E%2e", []string{amqp.LintDotVhost}},
		{"amqps://host:5672/v", []string{amqp.LintTLSOnPlainPort}},
		{"amqp://host:5671/v", []string{amqp.LintPlainOnTLSPort}},
		{"amqps://192.0.2.1/v", []string{amqp.LintIPHostTLS}},
		{"amqps://[2001:db8::1]/v", []string{amqp.LintIPHostTLS}},
		{"amqp://192.0.2.1/v", nil},
		{"amqp://guest:guest@broker.example/v", []string{amqp.LintGuestRemote}},
		{"amqp://guest:guest@localhost/v", nil},
		{"amqp://guest:guest@127.0.0.1/v", nil},
		{"amqp://guest:guest@[::1]/v", nil},
		{"amqp://guest:guest@/v", nil},
		{"amqp://u:a+b@h/v", []string{amqp.LintPlusInUserinfo}},
		{"amqp://h:/v", []string{amqp.LintEmptyPort}},
		{"amqp://h:0/v", []string{amqp.LintPortZero}},
		{"amqp://:10000", []string{amqp.LintPortNoHost}},
		{"amqp://[fe80::1%25en0]/v", []string{amqp.LintZoneID}},
		{"amqp://h%C3%A9st/v", []string{amqp.LintNonASCIIHost}},
		{"amqp://h\xc3\xa9st/v", []string{amqp.LintNonASCIIHost}},
		{"amqp://user:12/34@host", []string{amqp.LintCredentialsAfterAuthority}},
		{"amqp://h/v?x=a@b", []string{amqp.LintCredentialsAfterAuthority}},
		{"amqps://guest:g+st@10.0.0.1:5672/", []string{amqp.LintTLSOnPlainPort, amqp.LintIPHostTLS, amqp.LintGuestRemote, amqp.LintPlusInUserinfo, amqp.LintEmptyVhost}},
	}
	for _, tt := range tests {
		var codes []string
		for _, f := range amqp.Lint(tt.in) {
			codes = append(codes, f.Code)
			if f.Message == "" || f.Component == "" {
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
