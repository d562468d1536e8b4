package amqp_test

import (
	"testing"

	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/scheme/amqp"
)

// specKey is what two amqp URIs must share to be equivalent: the decoded
// spec values, the host compared ignoring ASCII case (RFC 3986 6.2.2.1,
// which lowercases only the letters A to Z),
// an absent port as the scheme's default (spec, "Port"), and the query
// after syntax-based normalization (the spec gives it no structure).
type specKey struct {
	secure            bool
	user, pass, vhost string
	hasUser, hasPass  bool
	hasVhost          bool
	host              string
	port              int
	query             string
	hasQuery          bool
}

func keyOf(u amqp.URI) specKey {
	var k specKey
	k.secure = u.Secure()
	k.user, k.hasUser = u.Username()
	k.pass, k.hasPass = u.Password()
	k.vhost, k.hasVhost = u.Vhost()
	h, _ := u.Host()
	k.host = asciiLower(h)
	var ok bool
	if k.port, ok = u.Port(); !ok {
		k.port = u.DefaultPort()
	}
	g := u.Unredacted().Normalize()
	k.query, k.hasQuery = g.Query(), g.HasQuery()
	return k
}

// hasDotVhost reports a vhost that generic normalization takes for a dot
// segment (RFC 3986 6.2.2.3): "." or "..", in any encoding.
func hasDotVhost(u amqp.URI) bool {
	v, _ := u.Vhost()
	return v == "." || v == ".."
}

var equivalentInputs = []string{
	"amqp://h", "AMQP://h", "amqp://H", "amqp://h:5672", "amqp://h:05672", "amqp://h:", "amqp://h:5671",
	"amqps://h", "amqps://h:5671", "amqps://h:5672", "amqp://h/", "amqp://h/%2f", "amqp://h/%2F",
	"amqp://h/v", "amqp://h/%76", "amqp://h/V", "amqp://u@h", "amqp://%75@h", "amqp://u:@h", "amqp://u:p@h",
	"amqp://u:%70@h", "amqp://U:p@h", "amqp://ho%61st", "amqp://hoast", "amqp://HOAST:80", "amqp://hoast:080",
	"amqp://[::1]", "amqp://[::1]:5672", "amqp://[0::1]", "amqp://127.0.0.1", "amqp://h?", "amqp://h?a=%41",
	"amqp://h?a=A", "amqp://h?a=a", "amqp://", "amqp://:5672", "amqp://:@/", "amqp://@", "amqp:///",
	"amqp://h/%C3%A9", "amqp://h/%c3%a9", "amqp://h%C3%A9", "amqp://h%c3%a9", "amqp://H%C3%A9",
	"amqp://h/.", "amqp://h/%2E", "amqp://h/..", "amqp://h/%2e%2E",
	// Triplets of octets the grammar allows as themselves, and of some it
	// does not ("%3A" and "%40" in the userinfo, "%2F" in the vhost).
	"amqp://h/%21", "amqp://h/!", "amqp://h/%2B", "amqp://h/+", "amqp://h/%40", "amqp://h/@",
	"amqp://h/%3A", "amqp://h/:", "amqp://h/a%3Bb%3D", "amqp://h/a;b=", "amqp://h/%252F",
	"amqp://u%21:p%24@h", "amqp://u!:p$@h", "amqp://u%3A@h", "amqp://u:p%3A@h", "amqp://u%40:p%40@h",
	"amqp://%2B:%2B@h", "amqp://+:+@h", "amqp://u:p%2b@h", "amqp://h%2Cx", "amqp://h,x",
	"amqp://h%21%24%26", "amqp://h!$&", "amqp://h%3A", "amqp://h%40x", "amqp://h/%C3%89", "amqp://H%C3%89",
}

// TestEquivalentAgreesWithSpecValues: scheme.Equivalent on amqp URIs agrees
// with comparing the spec's values, wherever no dot-segment vhost is
// involved (see the package doc).
func TestEquivalentAgreesWithSpecValues(t *testing.T) {
	for _, a := range equivalentInputs {
		for _, b := range equivalentInputs {
			checkEquivalent(t, a, b)
		}
	}
}

func checkEquivalent(t *testing.T, a, b string) {
	t.Helper()
	ua, err := amqp.Parse(a)
	if err != nil {
		return
	}
	ub, err := amqp.Parse(b)
	if err != nil {
		return
	}
	if hasDotVhost(ua) || hasDotVhost(ub) {
		return
	}
	got := scheme.Equivalent(ua.Unredacted(), ub.Unredacted())
	if want := keyOf(ua) == keyOf(ub); got != want {
		t.Errorf("scheme.Equivalent(%q, %q) = %v, the spec values say %v", a, b, got, want)
	}
}

// TestDotVhostNormalizes pins the documented exception.
func TestDotVhostNormalizes(t *testing.T) {
	u := amqp.MustParse("amqp://h/.")
	if v, _ := u.Vhost(); v != "." {
		t.Errorf("Vhost() = %q, want .", v)
	}
	if got := scheme.Normalize(u.Unredacted()).String(); got != "amqp://h/" {
		t.Errorf("scheme.Normalize = %q, want amqp://h/", got)
	}
}

func FuzzEquivalent(f *testing.F) {
	for i, a := range equivalentInputs {
		f.Add(a, equivalentInputs[(i+1)%len(equivalentInputs)])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		checkEquivalent(t, a, b)
		checkEquivalent(t, a, a)
	})
}

// asciiLower maps the letters A to Z of s to a to z, and nothing else.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// TestNormalFormReadsAlike: the normal form writes "+" and ";" as
// triplets in the credentials and the vhost, and ":" and "@" in the
// vhost, whether they came encoded or not, so that every client reads it
// as the spec does (a "+" is a space to form decoders) and a masked form
// never reads as another authority; it decodes the other octets that the
// grammar allows as themselves.
func TestNormalFormReadsAlike(t *testing.T) {
	for in, want := range map[string]string{
		"amqp://u+1:p%2B2@h/a%40b:c;d":   "amqp://u%2B1:p%2B2@h/a%40b%3Ac%3Bd",
		"amqp://u;x:p@h/a+b":             "amqp://u%3Bx:p@h/a%2Bb",
		"amqp://u%21%41:%7E@h/%41%2F%25": "amqp://u!A:~@h/A%2F%25",
		"amqp://u:p@h/":                  "amqp://u:p@h/",
		"amqp://h/@":                     "amqp://h/%40",
		"amqp://h%2Bx%3By/v":             "amqp://h+x;y/v",
	} {
		u, err := amqp.Parse(in)
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		got := scheme.Normalize(u.Unredacted()).String()
		if got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
		if again := scheme.Normalize(scheme.Normalize(u.Unredacted())).String(); again != got {
			t.Errorf("Normalize is not idempotent on %q: %q then %q", in, got, again)
		}
	}
}
