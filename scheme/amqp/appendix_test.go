package amqp_test

import (
	"testing"

	"github.com/urikit/urikit/scheme/amqp"
)

// opt is a spec value: absent (nil) or present.
func opt(s string) *string { return &s }

// appendixA is the table of the spec's Appendix A: decoded values, nil
// for an absent component (a zero-length host counts as absent).
var appendixA = []struct {
	in                      string
	user, pass, host, vhost *string
	port                    int // -1: absent
}{
	{"amqp://user:pass@host:10000/vhost", opt("user"), opt("pass"), opt("host"), opt("vhost"), 10000},
	{"amqp://user:passw%23rd@host:10000/vhost", opt("user"), opt("passw#rd"), opt("host"), opt("vhost"), 10000},
	{"amqp://user%61:%61pass@ho%61st:10000/v%2fhost", opt("usera"), opt("apass"), opt("hoast"), opt("v/host"), 10000},
	{"amqp://", nil, nil, nil, nil, -1},
	{"amqp://:@/", opt(""), opt(""), nil, opt(""), -1},
	{"amqp://user@", opt("user"), nil, nil, nil, -1},
	{"amqp://user:pass@", opt("user"), opt("pass"), nil, nil, -1},
	{"amqp://host", nil, nil, opt("host"), nil, -1},
	{"amqp://:10000", nil, nil, nil, nil, 10000},
	{"amqp:///vhost", nil, nil, nil, opt("vhost"), -1},
	{"amqp://host/", nil, nil, opt("host"), opt(""), -1},
	{"amqp://host/%2f", nil, nil, opt("host"), opt("/"), -1},
	{"amqp://[::1]", nil, nil, opt("[::1]"), nil, -1},
}

func same(got string, ok bool, want *string) bool {
	if want == nil {
		return !ok && got == ""
	}
	return ok && got == *want
}

func TestAppendixA(t *testing.T) {
	for _, tt := range appendixA {
		u, err := amqp.Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if v, ok := u.Username(); !same(v, ok, tt.user) {
			t.Errorf("Parse(%q).Username() = %q, %v", tt.in, v, ok)
		}
		if v, ok := u.Password(); !same(v, ok, tt.pass) {
			t.Errorf("Parse(%q).Password() = %q, %v", tt.in, v, ok)
		}
		if v, ok := u.Host(); !same(v, ok, tt.host) {
			t.Errorf("Parse(%q).Host() = %q, %v", tt.in, v, ok)
		}
		if v, ok := u.Vhost(); !same(v, ok, tt.vhost) {
			t.Errorf("Parse(%q).Vhost() = %q, %v", tt.in, v, ok)
		}
		if p, ok := u.Port(); ok != (tt.port >= 0) || ok && p != tt.port {
			t.Errorf("Parse(%q).Port() = %d, %v; want %d", tt.in, p, ok, tt.port)
		}
	}
	if h, ok := amqp.MustParse("amqp://[::1]").Hostname(); h != "::1" || !ok {
		t.Errorf("Hostname() = %q, %v; want ::1", h, ok)
	}
}
