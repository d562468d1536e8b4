package amqp

import (
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/abnf"
	"github.com/urikit/urikit/internal/testload"
	"github.com/urikit/urikit/uri"
)

// generic is Parse's generic reading of s: uri.Parse, then check.
func generic(s string) (parts, bool) {
	u, err := uri.Parse(s)
	if err != nil || check(u) != nil {
		return parts{}, false
	}
	return partsOf(u), true
}

// checkScan fails t when the one pass accepts s and the generic reading
// does not, or reads other parts; and, wherever it accepts, when an
// accessor differs from the generic URI's.
func checkScan(t *testing.T, s string) {
	t.Helper()
	p, ok := scanFast(s)
	if !ok {
		return
	}
	want, wok := generic(s)
	if !wok {
		t.Fatalf("scanFast(%q) accepts what the generic reading refuses", s)
	}
	if p != want {
		t.Fatalf("scanFast(%q) = %+v, generic reading %+v", s, p, want)
	}
	u, g := URI{s, p}, uri.MustParse(s)
	user, uok := g.Username()
	pass, pok := g.Password()
	for _, c := range []struct {
		name       string
		got, want  string
		gotOK, wok bool
	}{
		{"Username", first(u.Username()), user, second(u.Username()), uok},
		{"Password", first(u.Password()), pass, second(u.Password()), pok},
		{"Hostname", first(u.Hostname()), g.Hostname(), second(u.Hostname()), g.Hostname() != ""},
		{"Host", first(u.Host()), genericHost(g), second(u.Host()), g.Host() != ""},
		{"Query", first(u.Query()), g.Query(), second(u.Query()), g.HasQuery()},
	} {
		if c.got != c.want || c.gotOK != c.wok {
			t.Fatalf("%q: %s = %q, %v; the generic URI's %q, %v", s, c.name, c.got, c.gotOK, c.want, c.wok)
		}
	}
	if port, ok := u.Port(); port != first(g.PortNumber()) || ok != (g.Port() != "") {
		t.Fatalf("%q: Port = %d, %v; the generic URI's %q", s, port, ok, g.Port())
	}
	if v, ok := u.Vhost(); ok != (g.Path() != "") || ok && v != mustDecode(g.Path()[1:]) {
		t.Fatalf("%q: Vhost = %q, %v; the generic path %q", s, v, ok, g.Path())
	}
}

// genericHost is URI.Host read from g: an IP-literal with its brackets,
// a reg-name decoded.
func genericHost(g uri.URI) string {
	switch g.HostKind() {
	case uri.HostIPv6, uri.HostIPvFuture:
		return g.Host()
	}
	return g.Hostname()
}

// checkLiteral fails t when literalHost and the RFC 3986 grammar
// (internal/abnf, rule IPv6address) disagree on the literal "[" a "]".
func checkLiteral(t *testing.T, a string) {
	t.Helper()
	s := "amqp://[" + a + "]"
	end, _ := literalHost(s, len("amqp://"))
	if rfc := rfc3986.Match("IPv6address", a); (end > 0) != rfc {
		t.Fatalf("literalHost(%q) takes it: %v; RFC 3986 IPv6address: %v", s, end > 0, rfc)
	}
}

// rfc3986 is the grammar of RFC 3986, whose rules the tests match text
// against literally.
var rfc3986 = abnf.RFC3986()

// ipv6Seeds are IPv6 addresses and near misses of each shape of the
// IPv6address rule (RFC 3986 3.2.2): "::" at each place, an IPv4 tail,
// leading zeros, too many groups, upper case.
var ipv6Seeds = []string{
	"::", "::1", "1::", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7::", "::2:3:4:5:6:7:8",
	"1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6::7:8", "1::2::3", ":1:2:3:4:5:6:7", "1:2:3:4:5:6:7:",
	"::ffff:1.2.3.4", "::ffff:01.2.3.4", "::ffff:1.2.3", "::ffff:256.1.1.1", "1:2:3:4:5:6:1.2.3.4",
	"1:2:3:4:5:6:7:1.2.3.4", "::1.2.3.4", "1.2.3.4", "ABCD:ef01::1", "abcde::1", "0000::0001",
	"fe80::1", "::g", ":::", "1:::2", "", "1:2:3:4:5::1.2.3.4", "1::1.2.3.4.5",
}

func TestLiteralHostGrammar(t *testing.T) {
	for _, a := range ipv6Seeds {
		checkLiteral(t, a)
	}
}

func first[T any](v T, _ bool) T      { return v }
func second[T any](_ T, ok bool) bool { return ok }

func mustDecode(s string) string {
	d, err := uri.Unescape(s, uri.ComponentPath)
	if err != nil {
		panic(err)
	}
	return d
}

// scanSeeds are inputs on each edge of the one pass: the shapes it
// takes and those it leaves to the generic reading.
var scanSeeds = []string{
	"amqp://", "amqps://", "AMQP://h", "amqp:/h", "amqp:h", "amqpx://h",
	"amqp://h", "amqp://h:", "amqp://h:5672", "amqp://h:65535", "amqp://h:65536",
	"amqp://h:0005672", "amqp://h:56a", "amqp://h:%35", "amqp://:5672",
	"amqp://u@h", "amqp://u:@h", "amqp://:p@h", "amqp://@h", "amqp://u:p:q@h",
	"amqp://u:p@h:1/v?a=b", "amqp://u%00@h", "amqp://u:%00@h", "amqp://%C3%A9:%C3%A9@h",
	"amqp://%C3@h", "amqp://u:%C3@h", "amqp://%ZZ@h", "amqp://u:p@@h", "amqp://u:p@h@i",
	"amqp://h%C3%A9/v", "amqp://h%20/v", "amqp://h%41", "amqp://h%C3",
	"amqp://[::1]", "amqp://[::1]:5672/v", "amqp://u:p@[::1]:1/v", "amqp://[v1.x]",
	"amqp://[fe80::1%25eth0]", "amqp://[::ffff:1.2.3.4]", "amqp://[::1", "amqp://[1.2.3.4]",
	"amqp://[::1]x", "amqp://u@[::1]x", "amqp://[:::1]", "amqp://[1::2::3]", "amqp://[::01.2.3.4]",
	"amqp://10.0.0.1/v", "amqp://h/", "amqp://h/%2f", "amqp://h/a/b", "amqp://h/a%2Fb",
	"amqp://h/%C3", "amqp://h/v#f", "amqp://h#f", "amqp://h?#", "amqp://h?a=%", "amqp://h?a=%zz",
	"amqp://h?q=a/b?c:d@e", "amqp://h/v@x", "amqp://us/er:pw@h/v", "amqp://h:1:2",
	"amqp://h?a b", "amqp://h/v b", "amqp://u b@h", "amqp://h b",
	// UTF-8 at its edges (RFC 3629 4), in each component.
	"amqp://%C0%80@h", "amqp://%C2%80@h", "amqp://u:%E0%80%80@h", "amqp://u:%E0%A0%80@h",
	"amqp://h/%ED%A0%80", "amqp://h/%ED%9F%BF", "amqp://%F0%8F%BF%BF@h", "amqp://%F0%90%80%80@h",
	"amqp://%F4%90%80%80@h", "amqp://%F4%8F%BF%BF@h", "amqp://%F5%80%80%80@h", "amqp://%80@h",
	"amqp://%C3:%A9@h", "amqp://%C3a%A9@h", "amqp://h%C3a%A9", "amqp://h%C3%A9%C3", "amqp://h%C3%A9",
	"amqp://h/%C3%A9x%C3", "amqp://u:%C3%A9%00@h", "amqp://h%00", "amqp://h%7F", "amqp://h%2F",
	"amqp://h%3A1", "amqp://%40@h", "amqp://h/%00", "amqp://h:%C3%A9",
}

func TestScanAgrees(t *testing.T) {
	for _, s := range scanSeeds {
		checkScan(t, s)
	}
	lines := testload.Shared(t, "amqp.txt")
	taken := 0
	for _, s := range lines {
		checkScan(t, s)
		if _, ok := scanFast(s); ok {
			taken++
		}
	}
	// The one pass exists for the common URI: most of the corpus.
	if len(lines) > 0 && taken*10 < len(lines)*9 {
		t.Errorf("the one pass takes %d of %d corpus URIs, want 90%% or more", taken, len(lines))
	}
}

// FuzzScan checks that the one pass and the generic reading agree
// wherever the one pass accepts: the parts and every accessor.
func FuzzScan(f *testing.F) {
	for _, s := range scanSeeds {
		f.Add(s)
	}
	for _, a := range ipv6Seeds {
		f.Add("amqp://[" + a + "]")
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkScan(t, s)
		// An IP-literal as the one pass reads it (netip), against the
		// RFC's rule, for short text of the rule's bytes.
		if _, rest, ok := strings.Cut(s, "["); ok {
			if a, _, ok := strings.Cut(rest, "]"); ok && len(a) <= 48 && strings.Trim(a, "0123456789abcdefABCDEF:.") == "" {
				checkLiteral(t, a)
			}
		}
		// Parse is the one pass or the generic reading: it accepts
		// exactly what the generic reading accepts.
		if _, err := Parse(s); (err == nil) != second(generic(s)) {
			t.Fatalf("Parse(%q): %v; the generic reading accepts: %v", s, err, err != nil)
		}
		if strings.HasPrefix(s, "amqp") {
			return
		}
		checkScan(t, "amqp://"+s)
	})
}
