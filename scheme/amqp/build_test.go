package amqp_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/urikit/urikit/scheme/amqp"
	"github.com/urikit/urikit/uri"
)

func TestBuild(t *testing.T) {
	tests := []struct {
		v    amqp.Values
		want string
	}{
		{amqp.Values{}, "amqp://"},
		{amqp.Values{Secure: true, Host: "h"}, "amqps://h"},
		{amqp.Values{Host: "h", HasVhost: true}, "amqp://h/"},
		{amqp.Values{Host: "h", Vhost: "/", HasVhost: true}, "amqp://h/%2F"},
		{amqp.Values{Host: "h", Vhost: "a/b c+d", HasVhost: true}, "amqp://h/a%2Fb%20c%2Bd"},
		{amqp.Values{HasUsername: true}, "amqp://@"},
		{amqp.Values{HasUsername: true, HasPassword: true}, "amqp://:@"},
		{amqp.Values{Username: "u", HasUsername: true, Host: "h"}, "amqp://u@h"},
		{amqp.Values{Username: "u", HasUsername: true, HasPassword: true, Host: "h"}, "amqp://u:@h"},
		{amqp.Values{Username: "us:er@x", HasUsername: true, Password: amqp.NewSecret("p@ss:w/rd#?%+"), HasPassword: true, Host: "h"}, "amqp://us%3Aer%40x:p%40ss%3Aw%2Frd%23%3F%25%2B@h"},
		{amqp.Values{Host: "[::1]", Port: 5671, HasPort: true, Secure: true}, "amqps://[::1]:5671"},
		{amqp.Values{Host: "hést", Port: 0, HasPort: true}, "amqp://h%C3%A9st:0"},
		{amqp.Values{Port: 10000, HasPort: true}, "amqp://:10000"},
		{amqp.Values{Host: "h", Query: "heartbeat=10&x", HasQuery: true}, "amqp://h?heartbeat=10&x"},
		{amqp.Values{Host: "h", HasQuery: true}, "amqp://h?"},
	}
	for _, tt := range tests {
		u, err := amqp.Build(tt.v)
		if err != nil || u.Unredacted().String() != tt.want {
			t.Errorf("Build(%s) = %v, %v; want %q", tt.v, u, err, tt.want)
			continue
		}
		if got := u.Values(); got != tt.v {
			t.Errorf("Build(%s).Values() = %s, differs from what was built", tt.v, got)
		}
	}
}

func TestBuildErrors(t *testing.T) {
	tests := []struct {
		v      amqp.Values
		field  string
		reason error
	}{
		{amqp.Values{Password: amqp.NewSecret("p"), HasPassword: true}, "password", amqp.ErrPasswordWithoutUsername},
		{amqp.Values{Port: 65536, HasPort: true}, "port", amqp.ErrPortRange},
		{amqp.Values{Port: -1, HasPort: true}, "port", amqp.ErrPortRange},
		{amqp.Values{Username: "\xff", HasUsername: true}, "username", amqp.ErrInvalidUTF8},
		{amqp.Values{Username: "u", HasUsername: true, Password: amqp.NewSecret("\xc3"), HasPassword: true}, "password", amqp.ErrInvalidUTF8},
		{amqp.Values{Vhost: "\xff", HasVhost: true}, "vhost", amqp.ErrInvalidUTF8},
		{amqp.Values{Username: "a\x00b", HasUsername: true}, "username", amqp.ErrCredentialNUL},
		{amqp.Values{Username: "u", HasUsername: true, Password: amqp.NewSecret("p\x00"), HasPassword: true}, "password", amqp.ErrCredentialNUL},
		{amqp.Values{Host: "[::1"}, "host", nil},
		{amqp.Values{Host: "[fe80::1%25en0]"}, "host", nil},
		{amqp.Values{Query: "a b", HasQuery: true}, "query", nil},
		{amqp.Values{Query: "a#b", HasQuery: true}, "query", nil},
		// A value without its presence flag would be dropped silently.
		{amqp.Values{Host: "h", Query: "heartbeat=5"}, "query", amqp.ErrValueWithoutPresence},
		{amqp.Values{Host: "h", Vhost: "v"}, "vhost", amqp.ErrValueWithoutPresence},
		{amqp.Values{Host: "h", Port: 5672}, "port", amqp.ErrValueWithoutPresence},
		{amqp.Values{Host: "h", Username: "u"}, "username", amqp.ErrValueWithoutPresence},
		{amqp.Values{Host: "h", Username: "u", HasUsername: true, Password: amqp.NewSecret("p")}, "password", amqp.ErrValueWithoutPresence},
		// A host that no URI can hold: an error, never a panic.
		{amqp.Values{Host: "fe80::1%en0"}, "host", nil},
		{amqp.Values{Host: "a/b"}, "host", nil},
		{amqp.Values{Host: "a b"}, "host", nil},
		{amqp.Values{Host: "[v1.x"}, "host", nil},
	}
	for _, tt := range tests {
		_, err := amqp.Build(tt.v)
		var e *amqp.Error
		if !errors.As(err, &e) || e.Field != tt.field || tt.reason != nil && !errors.Is(err, tt.reason) {
			t.Errorf("Build(%s) = %v, want an *amqp.Error on %s (%v)", tt.v, err, tt.field, tt.reason)
		}
		if strings.Contains(err.Error(), "\xc3") || strings.Contains(err.Error(), "en0") {
			t.Errorf("Build error %q holds input text", err)
		}
	}
}

// TestBuildIPv6: an IPv6 address without brackets, as Config.Host and
// Hostname give it, is written in brackets, not as a reg-name.
func TestBuildIPv6(t *testing.T) {
	for host, want := range map[string]string{
		"::1":                 "amqp://[::1]",
		"2001:DB8::7":         "amqp://[2001:DB8::7]",
		"::ffff:192.0.2.1":    "amqp://[::ffff:192.0.2.1]",
		"192.0.2.1":           "amqp://192.0.2.1",
		"[::1]":               "amqp://[::1]",
		"cafe":                "amqp://cafe",
		"2001:db8::7.example": "",
	} {
		u, err := amqp.Build(amqp.Values{Host: host})
		if want == "" {
			if err == nil {
				t.Errorf("Build(Host %q) = %q, want an error", host, u.Unredacted())
			}
			continue
		}
		if err != nil || u.Unredacted().String() != want {
			t.Errorf("Build(Host %q) = %q, %v; want %q", host, u.Unredacted(), err, want)
		}
	}
}

// TestValuesString: Values.String is the canonical text masked as
// URI.String masks it: a URI that only looks like a password cut short
// shows as it parses, the password and the passphrase masked.
func TestValuesString(t *testing.T) {
	tests := []struct {
		in, want string
		secrets  []string
	}{
		// Build writes the vhost's "@" as a triplet, so that the text
		// cannot read as credentials cut short.
		{"amqp://user:1234/secretXYZ@host", "amqp://user:1234/secretXYZ%40host", nil},
		{"amqp://u:p@ssWX/Yx@y", "amqp://u:xxxxx@ssWX/Yx%40y", nil},
		{"amqps://u:Zpw9@h/v?password=Zk3y&heartbeat=5", "amqps://u:xxxxx@h/v?password=xxxxx&heartbeat=5", []string{"Zpw9", "Zk3y"}},
	}
	for _, tt := range tests {
		v := amqp.MustParse(tt.in).Values()
		if got := v.String(); got != tt.want {
			t.Errorf("Values(%q).String() = %q, want %q", tt.in, got, tt.want)
		}
		for _, o := range []string{v.String(), fmt.Sprintf("%v %+v %#v %q", v, v, v, v)} {
			for _, secret := range tt.secrets {
				if strings.Contains(o, secret) {
					t.Errorf("Values(%q): %q shows %q", tt.in, o, secret)
				}
			}
		}
	}
}

// canonical lists inputs in the form Build writes: Parse then Build is the
// identity on them.
var canonical = []string{
	"amqp://",
	"amqps://",
	"amqp://user:pass@host:10000/vhost",
	"amqp://user:passw%23rd@host:10000/vhost",
	"amqp://:@/",
	"amqp://user@",
	"amqp://user:pass@",
	"amqp://host",
	"amqp://:10000",
	"amqp:///vhost",
	"amqp://host/",
	"amqp://host/%2F",
	"amqp://[::1]",
	"amqps://guest:guest@[2001:db8::1]:5671/%2F?heartbeat=10&verify=verify_peer",
	"amqp://h%C3%A9st/v%C3%A9",
	"amqp://u%2Bx:p%2B@h/v%2Bw",
}

func TestParseBuildIdentity(t *testing.T) {
	for _, s := range canonical {
		u := amqp.MustParse(s)
		b, err := amqp.Build(u.Values())
		if err != nil || b != u {
			t.Errorf("Build(Parse(%q).Values()) = %v, %v; want the input", s, b, err)
		}
	}
}

// FuzzBuild: Build never panics; what it builds parses to itself and
// gives back the values, the host in brackets when it was an IPv6
// address without them.
func FuzzBuild(f *testing.F) {
	f.Add("u", "p", "::1", 5672, "v", "heartbeat=5", uint8(0xff))
	f.Add("", "", "a/b", 0, "", "", uint8(0))
	f.Add("us:er", "p@ss", "fe80::1%en0", -1, "/", "a b", uint8(0x55))
	// A vhost and a passphrase that, written raw, read as another
	// authority once the password is masked ("amqp://plain:xxxxx@b:c").
	f.Add("plain", "pw", "h", 0, "a@b:c", "password=k@x:1", uint8(0xff))
	f.Fuzz(func(t *testing.T, user, pass, host string, port int, vhost, query string, flags uint8) {
		v := amqp.Values{
			Secure: flags&1 != 0, Username: user, HasUsername: flags&2 != 0, Password: amqp.NewSecret(pass), HasPassword: flags&4 != 0,
			Host: host, Port: port, HasPort: flags&8 != 0, Vhost: vhost, HasVhost: flags&16 != 0, Query: query, HasQuery: flags&32 != 0,
		}
		u, err := amqp.Build(v)
		if err != nil {
			var e *amqp.Error
			if !errors.As(err, &e) {
				t.Fatalf("Build error %T", err)
			}
			return
		}
		if again, err := amqp.Parse(u.Unredacted().String()); err != nil || again != u {
			t.Fatalf("Build(%#v) = %q, which parses to %v, %v", v, u.Unredacted(), again, err)
		}
		// No "@" follows the authority in the text, masked or not: a
		// reader that takes the last "@" for the end of the credentials
		// ("amqp://plain:xxxxx@b:c" for the vhost "a@b:c") reads the
		// right host.
		if _, hostEnd, ok := u.Unredacted().Span(uri.ComponentHost); ok && strings.IndexByte(u.Unredacted().String()[hostEnd:], '@') >= 0 {
			t.Fatalf("Build(%#v) writes %q, with an \"@\" after the authority", v, u)
		}
		got := u.Values()
		// Build writes a query's ":" and "@" as triplets, which decode to
		// the same values.
		v.Query = strings.NewReplacer(":", "%3A", "@", "%40").Replace(v.Query)
		if got.Host != v.Host && got.Host != "["+v.Host+"]" {
			t.Fatalf("Build(%#v).Values().Host = %q", v, got.Host)
		}
		got.Host = v.Host
		if got != v {
			t.Fatalf("Build(%#v).Values() = %#v", v, got)
		}
	})
}
