package uri_test

import (
	"flag"
	"net/netip"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/abnf"
	"github.com/urikit/urikit/internal/oracle"
	"github.com/urikit/urikit/uri"
)

// seed adds the hand-written tables and the conformance inputs to a fuzz
// corpus. When fuzzing (not when the seeds run as tests) it takes one
// conformance input in eight, so that gathering the baseline coverage fits
// in a short -fuzztime.
func seed(f *testing.F) {
	for _, tt := range parseTests {
		f.Add(tt.in)
	}
	for _, tt := range errorTests {
		f.Add(tt.in)
	}
	step := 1
	if fl := flag.Lookup("test.fuzz"); fl != nil && fl.Value.String() != "" {
		step = 8
	}
	for i, s := range conformanceInputs(f) {
		if i%step == 0 {
			f.Add(s)
		}
	}
}

// FuzzParseReference (F1): no panic; the value is consistent, lossless and
// re-parses to itself; its split is the Appendix B split; up to 64 bytes,
// acceptance, components and host kind agree with the ABNF matcher.
func FuzzParseReference(f *testing.F) {
	seed(f)
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) <= 64 {
			checkOracle(t, s)
			return
		}
		r, err := uri.ParseReference(s)
		if err != nil {
			return
		}
		if err := uri.CheckConsistency(r); err != nil {
			t.Fatalf("ParseReference(%q): %v", s, err)
		}
		if r.String() != s {
			t.Fatalf("ParseReference(%q).String() = %q", s, r.String())
		}
		sp := oracle.SplitReference(s)
		if sp.Scheme != r.Scheme() || sp.HasScheme != r.HasScheme() || sp.Authority != r.Authority() ||
			sp.HasAuthority != r.HasAuthority() || sp.Path != r.Path() || sp.Query != r.Query() ||
			sp.HasQuery != r.HasQuery() || sp.Fragment != r.Fragment() || sp.HasFragment != r.HasFragment() {
			t.Fatalf("ParseReference(%q) differs from the Appendix B split", s)
		}
	})
}

// FuzzHost (F5): the IP-literal, IPv4address and IPvFuture recognizers
// agree with the ABNF matcher, and net/netip agrees on IPv6 and IPv4
// (zones excluded: RFC 3986 has none).
func FuzzHost(f *testing.F) {
	for _, s := range []string{"::", "::1", "1:2:3:4:5:6:7:8", "::ffff:1.2.3.4", "1::", "1:2:3:4:5:6:7::", "::2:3:4:5:6:7:8",
		"1:2:3:4:5:6:1.2.3.4", "fe80::1%eth0", "1.2.3.4", "01.2.3.4", "255.255.255.255", "256.0.0.0", "v1.x", "V7.a:b", "v.x", "12345::"} {
		f.Add(s)
	}
	g := abnf.RFC3986()
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 64 {
			return
		}
		r, err := uri.ParseReference("//[" + s + "]")
		is6 := err == nil && r.HostKind() == uri.HostIPv6 && r.Host() == "["+s+"]"
		isFuture := err == nil && r.HostKind() == uri.HostIPvFuture && r.Host() == "["+s+"]"
		if want := g.Match("IPv6address", s); is6 != want {
			t.Fatalf("IPv6address %q: parser %v, grammar %v", s, is6, want)
		}
		if want := g.Match("IPvFuture", s); isFuture != want {
			t.Fatalf("IPvFuture %q: parser %v, grammar %v", s, isFuture, want)
		}
		r, err = uri.ParseReference("//" + s)
		is4 := err == nil && r.HostKind() == uri.HostIPv4 && r.Host() == s
		if want := g.Match("IPv4address", s); is4 != want {
			t.Fatalf("IPv4address %q: parser %v, grammar %v", s, is4, want)
		}
		if strings.Contains(s, "%") {
			return
		}
		a, err := netip.ParseAddr(s)
		if ok := err == nil && a.Is6(); ok != is6 {
			t.Fatalf("IPv6address %q: parser %v, net/netip %v", s, is6, ok)
		}
		if ok := err == nil && a.Is4(); ok != is4 {
			t.Fatalf("IPv4address %q: parser %v, net/netip %v", s, is4, ok)
		}
	})
}
