package amqp_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/errtest"
	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/scheme/amqp"
	"github.com/urikit/urikit/uri"
)

var errorTests = []struct {
	in     string
	field  string
	reason error
	off    int
	comp   uri.Component
}{
	{"http://h", "scheme", amqp.ErrScheme, 0, uri.ComponentScheme},
	{"amqpx://h", "scheme", amqp.ErrScheme, 0, uri.ComponentScheme},
	{"amq://h", "scheme", amqp.ErrScheme, 0, uri.ComponentScheme},
	{"//h/v", "scheme", amqp.ErrScheme, 0, uri.ComponentScheme},
	{"amqp h", "scheme", amqp.ErrScheme, 0, uri.ComponentScheme},
	{"amqp:h", "host", amqp.ErrNoAuthority, 5, uri.ComponentHost},
	{"amqp:/h/v", "host", amqp.ErrNoAuthority, 5, uri.ComponentHost},
	{"amqps:", "host", amqp.ErrNoAuthority, 6, uri.ComponentHost},
	{"amqp:h v", "host", amqp.ErrNoAuthority, 5, uri.ComponentHost},
	{"amqp://u:p@ss@host/v", "password", amqp.ErrUnencodedAt, 7, uri.ComponentUserinfo},
	{"amqp://u@ser@host/v", "username", amqp.ErrUnencodedAt, 7, uri.ComponentUserinfo},
	{"amqp://u:pa:ss@host/v", "password", amqp.ErrUnencodedColon, 7, uri.ComponentUserinfo},
	{"amqp://u:pa#ss@host/v", "password", amqp.ErrUnencodedDelimiter, 7, uri.ComponentUserinfo},
	{"amqp://u:pa/ss@host/v", "password", amqp.ErrUnencodedDelimiter, 7, uri.ComponentUserinfo},
	{"amqp://u:pa?ss@host/v", "password", amqp.ErrUnencodedDelimiter, 7, uri.ComponentUserinfo},
	{"amqp://us/er:pass@host/v", "username", amqp.ErrUnencodedDelimiter, 7, uri.ComponentUserinfo},
	{"amqp://u:p%zz@host/v", "password", uri.ErrInvalidEscape, 7, uri.ComponentUserinfo},
	{"amqp://u:p ss@host/v", "password", uri.ErrInvalidCharacter, 7, uri.ComponentUserinfo},
	{"amqp://u:pass%@host/v", "password", uri.ErrInvalidEscape, 7, uri.ComponentUserinfo},
	{"amqp://u:%FF@host/v", "password", amqp.ErrInvalidUTF8, 7, uri.ComponentUserinfo},
	{"amqp://%C3@host/v", "username", amqp.ErrInvalidUTF8, 7, uri.ComponentUserinfo},
	{"amqp://k8s-operat%00or:pw@host/v", "username", amqp.ErrCredentialNUL, 7, uri.ComponentUserinfo},
	{"amqp://u:p%00x@host/v", "password", amqp.ErrCredentialNUL, 7, uri.ComponentUserinfo},
	{"amqp://u:%00@host/v", "password", amqp.ErrCredentialNUL, 7, uri.ComponentUserinfo},
	{"amqp://h%FF/v", "host", amqp.ErrInvalidUTF8, 7, uri.ComponentHost},
	{"amqp://h/v%C3%28", "vhost", amqp.ErrInvalidUTF8, 8, uri.ComponentPath},
	{"amqp://host/a/b", "vhost", amqp.ErrVhostSegments, 13, uri.ComponentPath},
	{"amqp://host//", "vhost", amqp.ErrVhostSegments, 12, uri.ComponentPath},
	{"amqp://host/v#frag", "fragment", amqp.ErrFragment, 13, uri.ComponentFragment},
	{"amqp://host#", "fragment", amqp.ErrFragment, 11, uri.ComponentFragment},
	{"amqp://host:99999", "port", amqp.ErrPortRange, 12, uri.ComponentPort},
	{"amqp://host:65536/v", "port", amqp.ErrPortRange, 12, uri.ComponentPort},
	{"amqp://host:5x", "port", uri.ErrInvalidPort, 13, uri.ComponentPort},
	{"amqp://ho st/v", "host", uri.ErrInvalidCharacter, 9, uri.ComponentHost},
	{"amqp://[fe80::1%25en0]/v", "host", uri.ErrZoneID, 15, uri.ComponentHost},
	{"amqp://[::1/v", "host", uri.ErrInvalidIPLiteral, 11, uri.ComponentHost},
	{"amqp://u:12/ss@host/v", "password", amqp.ErrUnencodedDelimiter, 7, uri.ComponentUserinfo},
	{"amqp://user:1234#5678@h", "password", amqp.ErrUnencodedDelimiter, 7, uri.ComponentUserinfo},
	{"amqp://user:99999/x@h", "password", amqp.ErrUnencodedDelimiter, 7, uri.ComponentUserinfo},
	{"amqp://[fe80::1%25eth0]/a@b", "host", uri.ErrZoneID, 15, uri.ComponentHost},
	{"amqp://u:p@[fe80::1%25eth0]:15672/billing@eu", "host", uri.ErrZoneID, 19, uri.ComponentHost},
	{"amqp://u:p@h:99x/a@b", "port", uri.ErrInvalidPort, 15, uri.ComponentPort},
	{"amqp://us%zzer:pw@h", "username", uri.ErrInvalidEscape, 7, uri.ComponentUserinfo},
	{"amqp://user:p%zzw@h", "password", uri.ErrInvalidEscape, 7, uri.ComponentUserinfo},
	{"amqps://good.com%00.evil.com/", "host", amqp.ErrHostOctet, 16, uri.ComponentHost},
	{"amqp://u:p@a%2Fb/v", "host", amqp.ErrHostOctet, 12, uri.ComponentHost},
	{"amqp://a%20b", "host", amqp.ErrHostOctet, 8, uri.ComponentHost},
	{"amqp://ab%3A1", "host", amqp.ErrHostOctet, 9, uri.ComponentHost},
	{"amqp://ab%5C", "host", amqp.ErrHostOctet, 9, uri.ComponentHost},
	{"amqp://ab%7F", "host", amqp.ErrHostOctet, 9, uri.ComponentHost},
	{"amqp://ab%40c", "host", amqp.ErrHostOctet, 9, uri.ComponentHost},
	{"amqp://h/a@b#f", "username", amqp.ErrUnencodedDelimiter, 7, uri.ComponentUserinfo},
	{"amqps://h/v?a=1&password=ab#cd", "password", amqp.ErrFragment, 25, uri.ComponentQuery},
	{"amqps://h/v?pass%77ord=ab#cd", "password", amqp.ErrFragment, 23, uri.ComponentQuery},
	{"amqps://h/?password=SECRET PASS", "password", uri.ErrInvalidCharacter, 20, uri.ComponentQuery},
	{"amqps://h/?password=SEC%zzRET", "password", uri.ErrInvalidEscape, 20, uri.ComponentQuery},
	{"amqps://h/?x=a b", "query", uri.ErrInvalidCharacter, 14, uri.ComponentQuery},
	{"amqp://host/v v", "vhost", uri.ErrInvalidCharacter, 13, uri.ComponentPath},
	{"amqp://host/v?a b", "query", uri.ErrInvalidCharacter, 15, uri.ComponentQuery},
}

func TestParseErrors(t *testing.T) {
	for _, tt := range errorTests {
		_, err := amqp.Parse(tt.in)
		var e *amqp.Error
		var ue *uri.Error
		if !errors.As(err, &e) || !errors.As(err, &ue) {
			t.Errorf("Parse(%q) = %v (%T), want an *amqp.Error wrapping a *uri.Error", tt.in, err, err)
			continue
		}
		if e.Field != tt.field || !errors.Is(err, tt.reason) || ue.Offset != tt.off || ue.Component != tt.comp {
			t.Errorf("Parse(%q) = %v; want field %s, reason %v, %s at offset %d", tt.in, err, tt.field, tt.reason, tt.comp, tt.off)
		}
		// The Validate hook says the same for what RFC 3986 accepts.
		if u, perr := uri.Parse(tt.in); perr == nil && tt.reason != amqp.ErrScheme {
			if verr := scheme.Validate(u); verr == nil || verr.Error() != err.Error() {
				t.Errorf("scheme.Validate(%q) = %v, Parse says %v", tt.in, verr, err)
			}
		}
	}
}

// TestQueryNeverFails: no query parameter, known or not, makes Parse fail.
func TestQueryNeverFails(t *testing.T) {
	for _, q := range []string{"", "heartbeat=abc", "heartbeat=1&heartbeat=2", "x", "=", "&&", "a=b=c", "password=x", "auth_mechanism=", "%41=%42", "a+b=c+d", "?/:@"} {
		for _, s := range []string{"amqp://h/v?", "amqps://h?"} {
			if _, err := amqp.Parse(s + q); err != nil {
				t.Errorf("Parse(%q): %v", s+q, err)
			}
		}
	}
}

func TestAccessors(t *testing.T) {
	tests := []struct {
		in       string
		secure   bool
		hostname string
		hostOK   bool
		port     int
		portOK   bool
		def      int
		query    string
		queryOK  bool
	}{
		{"AMQPS://h", true, "h", true, 0, false, 5671, "", false},
		{"Amqp://h:", false, "h", true, 0, false, 5672, "", false},
		{"amqp://h:0080", false, "h", true, 80, true, 5672, "", false},
		{"amqps://[2001:db8::1]:5671/v?x=1", true, "2001:db8::1", true, 5671, true, 5671, "x=1", true},
		{"amqp://192.0.2.1?", false, "192.0.2.1", true, 0, false, 5672, "", true},
		{"amqp://h%C3%A9st", false, "hést", true, 0, false, 5672, "", false},
		{"amqp://:1", false, "", false, 1, true, 5672, "", false},
	}
	for _, tt := range tests {
		u := amqp.MustParse(tt.in)
		h, ok := u.Hostname()
		p, pok := u.Port()
		q, qok := u.Query()
		if u.Secure() != tt.secure || h != tt.hostname || ok != tt.hostOK || p != tt.port || pok != tt.portOK || u.DefaultPort() != tt.def || q != tt.query || qok != tt.queryOK {
			t.Errorf("Parse(%q): Secure %v, Hostname %q %v, Port %d %v, DefaultPort %d, Query %q %v", tt.in, u.Secure(), h, ok, p, pok, u.DefaultPort(), q, qok)
		}
	}
}

func TestString(t *testing.T) {
	tests := []struct{ in, want string }{
		{"amqp://user:pass@host:10000/vhost", "amqp://user:xxxxx@host:10000/vhost"},
		{"amqp://user:@host", "amqp://user:@host"},
		{"amqp://user@host", "amqp://user@host"},
		{"amqp://:p@h", "amqp://:xxxxx@h"},
		{"amqps://u:p@h/v?cacertfile=/c&password=keypass&verify=verify_peer", "amqps://u:xxxxx@h/v?cacertfile=/c&password=xxxxx&verify=verify_peer"},
		{"amqps://h?password=", "amqps://h?password="},
		{"amqps://h?password", "amqps://h?password"},
		{"amqps://h?xpassword=1", "amqps://h?xpassword=1"},
		{"amqp://[::1]:5672/a@b", "amqp://[::1]:5672/a@b"},
		{"amqps://h/?keyfile=/k.pem&pass%77ord=kpXYZ", "amqps://h/?keyfile=/k.pem&pass%77ord=xxxxx"},
		{"amqps://h/?p%61ssword=kpXYZ&x=1", "amqps://h/?p%61ssword=xxxxx&x=1"},
	}
	for _, tt := range tests {
		u := amqp.MustParse(tt.in)
		if got := u.String(); got != tt.want {
			t.Errorf("Parse(%q).String() = %q, want %q", tt.in, got, tt.want)
		}
		if got := scheme.Redact(tt.in); got != tt.want {
			t.Errorf("Redact(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got := u.Unredacted().String(); got != tt.in {
			t.Errorf("Parse(%q).Unredacted() = %q", tt.in, got)
		}
	}
}

// secretPasswords hold every delimiter a password trips over.
var secretPasswords = []string{"s3cr3t", "p@ss:w0rd", "pa#ss/wd?x", "100%sure", "::::", "p%40ss", "ab/cd#ef", "we?rd@#"}

// leaks reports a 4-byte piece of secret found in text.
func leaks(text, secret string) (string, bool) { return errtest.Leak(text, secret) }

// outputs returns every text form of the result of parsing s: the error's
// message, JSON and fmt forms, or the URI's String, fmt verbs, JSON, text
// and slog forms, its Values in fmt and JSON, and Redact of s.
func outputs(t *testing.T, s string) []string {
	out := []string{scheme.Redact(s)}
	u, err := amqp.Parse(s)
	if err != nil {
		j, _ := json.Marshal(err)
		return append(out, err.Error(), fmt.Sprintf("%v %+v %#v %q", err, err, err, err), string(j))
	}
	var logged bytes.Buffer
	slog.New(slog.NewJSONHandler(&logged, nil)).Info("dial", "uri", u, "values", u.Values())
	j, _ := json.Marshal(map[string]any{"u": u, "v": u.Values()})
	m, _ := u.MarshalText()
	v := u.Values()
	out = append(out, u.String(), u.GoString(), string(m), string(j), logged.String(),
		fmt.Sprintf("%v %+v %#v %s %q %x %10.3v", u, u, u, u, u, u, u),
		fmt.Sprintf("%v %+v %#v", v, v, v),
		fmt.Sprintf("%v %s %q %#v", v.Password, v.Password, v.Password, v.Password))
	if c, err := u.Config(); err == nil {
		out = append(out, configOutputs(c)...)
	}
	return out
}

// configOutputs returns every printed form of c: String, the fmt verbs,
// JSON, slog's text and JSON handlers, and its Fields.
func configOutputs(c amqp.Config) []string {
	var logged bytes.Buffer
	slog.New(slog.NewJSONHandler(&logged, nil)).Info("dial", "config", c)
	slog.New(slog.NewTextHandler(&logged, nil)).Info("dial", "config", c)
	j, _ := json.Marshal(c)
	fs := c.Fields()
	return []string{c.String(), c.GoString(), string(j), logged.String(),
		fmt.Sprintf("%v %+v %#v %s %q %x", c, c, c, c, c, c),
		fmt.Sprintf("%v %+v %#v", fs, fs, fs)}
}

// TestSecretsNeverShow runs every error path, and valid URIs, with
// passwords holding "@", "#", "/", "?", "%" and ":", and requires that no
// 4-byte piece of the password appears in any output.
func TestSecretsNeverShow(t *testing.T) {
	shapes := []string{
		"amqp://user:%s@host/v",
		"amqp://user:%s@host:99999/v",
		"amqp://user:%s@host/a/b",
		"amqp://user:%s@host/v#f",
		"amqp://user:%s@ho st/v",
		"amqp://user:%s@[::1/v",
		"amqp://user:%s@",
		"amqp://user:%s@h?password=%[1]s",
		"amqps://u:%s@h/v?a=1&password=%[1]s&b=2",
		"amqp:/user:%s@host/v",
		"amqp:user:%s@host/v",
		"http://user:%s@host/v",
		"amqp://user:%s@h%%FF/v",
		"amqp://user:%s@host/v%%FF",
		"amqp://user:%s@host/ v",
	}
	for _, pw := range secretPasswords {
		for _, shape := range shapes {
			for _, enc := range []string{pw, uri.EscapeUserinfoPart(pw)} {
				in := fmt.Sprintf(shape, enc)
				for _, o := range outputs(t, in) {
					if piece, bad := leaks(o, pw); bad {
						t.Errorf("input %q: output %q holds %q of the password", in, o, piece)
					}
				}
			}
		}
	}
}

func TestNoAllocs(t *testing.T) {
	const in = "amqps://user:pass@broker.example.com:5671/production?heartbeat=10"
	var u amqp.URI
	if n := testing.AllocsPerRun(100, func() { u, _ = amqp.Parse(in) }); n != 0 {
		t.Errorf("Parse: %v allocations, want 0", n)
	}
	var s string
	var ok bool
	for name, f := range map[string]func(){
		"Username": func() { s, ok = u.Username() },
		"Password": func() { s, ok = u.Password() },
		"Host":     func() { s, ok = u.Host() },
		"Vhost":    func() { s, ok = u.Vhost() },
		"Lint":     func() { ok = u.Lint() == nil },
	} {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s: %v allocations, want 0", name, n)
		}
	}
	_, _ = s, ok
}

// TestLongUTF8: the UTF-8 check decodes in chunks; runes that straddle a
// chunk's end are checked whole.
func TestLongUTF8(t *testing.T) {
	for pad := 0; pad < 4; pad++ {
		for _, r := range []string{"%C3%A9", "%E2%82%AC", "%F0%9F%90%87"} {
			v := strings.Repeat("a", pad) + strings.Repeat(r, 300)
			if _, err := amqp.Parse("amqp://h/" + v); err != nil {
				t.Errorf("pad %d, rune %s: %v", pad, r, err)
			}
			bad := v[:len(v)-3] // cut the last rune short
			if _, err := amqp.Parse("amqp://h/" + bad); !errors.Is(err, amqp.ErrInvalidUTF8) {
				t.Errorf("pad %d, rune %s cut short: %v, want ErrInvalidUTF8", pad, r, err)
			}
			mid := v[:300] + "%FF" + v[300:]
			if _, err := amqp.Parse("amqp://h/" + mid); !errors.Is(err, amqp.ErrInvalidUTF8) && !errors.Is(err, uri.ErrInvalidEscape) {
				t.Errorf("pad %d, rune %s with %%FF: %v, want ErrInvalidUTF8", pad, r, err)
			}
		}
	}
}

// TestHostnameIPvFuture: an IPvFuture keeps its brackets wherever a dial
// would read the host, so that "v1.evil.com" is never looked up.
func TestHostnameIPvFuture(t *testing.T) {
	u := amqp.MustParse("amqps://[v1.evil.com]:5671/")
	if h, ok := u.Hostname(); h != "[v1.evil.com]" || !ok {
		t.Errorf("Hostname() = %q, %v; want [v1.evil.com], true", h, ok)
	}
	c, err := u.Config()
	if err != nil || c.Host != "[v1.evil.com]" {
		t.Fatalf("Config() = %q, %v; want Host [v1.evil.com]", c.Host, err)
	}
	if _, err := u.Unredacted().URL(); !errors.Is(err, uri.ErrNotRepresentable) {
		t.Errorf("URL() error = %v, want ErrNotRepresentable", err)
	}
}
