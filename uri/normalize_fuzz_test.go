package uri_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/oracle"
	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/uri"
)

// normalizeSlow is a literal transcription of RFC 3986 6.2.2 on the
// Appendix B split, the oracle of FuzzNormalize: the scheme lowercased
// (6.2.2.1); in every component the triplets decoded when unreserved and
// uppercased otherwise (6.2.2.1, 6.2.2.2); the host lowercased (an
// IP-literal as a whole); remove_dot_segments (5.2.4, the oracle's
// transcription) on the path of a URI, or of a reference with an authority
// or an absolute path (6.2.2.3); then the documented "/." guard.
func normalizeSlow(s string) string {
	sp := oracle.SplitReference(s)
	sp.Scheme = strings.ToLower(sp.Scheme)
	if sp.HasAuthority {
		a := oracle.SplitAuthority(sp.Authority)
		a.Userinfo = pctSlow(a.Userinfo)
		if strings.HasPrefix(a.Host, "[") {
			a.Host = strings.ToLower(a.Host)
		} else {
			a.Host = upperTriplets(strings.ToLower(pctSlow(a.Host)))
		}
		sp.Authority = a.String()
	}
	sp.Path = pctSlow(sp.Path)
	if sp.HasScheme || sp.HasAuthority || strings.HasPrefix(sp.Path, "/") {
		sp.Path = oracle.RemoveDotSegments(sp.Path)
	}
	sp = oracle.DotGuard(sp)
	sp.Query = pctSlow(sp.Query)
	sp.Fragment = pctSlow(sp.Fragment)
	return sp.String()
}

var triplet = regexp.MustCompile(`%[0-9A-Fa-f]{2}`)

// pctSlow decodes the triplets that encode an unreserved character (RFC
// 3986 2.3) and uppercases the others.
func pctSlow(s string) string {
	return triplet.ReplaceAllStringFunc(s, func(t string) string {
		v, _ := strconv.ParseUint(t[1:], 16, 8)
		c := byte(v)
		if 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || strings.IndexByte("-._~", c) >= 0 {
			return string(c)
		}
		return strings.ToUpper(t)
	})
}

func upperTriplets(s string) string { return triplet.ReplaceAllStringFunc(s, strings.ToUpper) }

// FuzzNormalize (F2): n := r.Normalize() agrees with the slow oracle, is
// consistent, re-parses to itself and is its own normal form; an already
// normal value is returned without allocating; for a URI,
// scheme.Equivalent(u, u.Normalize()) holds and the ladder nests.
func FuzzNormalize(f *testing.F) {
	for _, tt := range normalizeTests {
		f.Add(tt.in)
	}
	for _, s := range goldenInputs {
		f.Add(s)
	}
	for _, s := range conformanceInputs(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := uri.ParseReference(s)
		if err != nil {
			return
		}
		n := r.Normalize()
		if err := uri.CheckConsistency(n); err != nil {
			t.Fatalf("ParseReference(%q).Normalize() = %q: %v", s, n, err)
		}
		if want := normalizeSlow(s); n.String() != want {
			t.Fatalf("ParseReference(%q).Normalize() = %q, want %q (slow oracle)", s, n, want)
		}
		if again, err := uri.ParseReference(n.String()); err != nil || again != n {
			t.Fatalf("ParseReference(%q).Normalize() = %q does not re-parse to itself: %v", s, n, err)
		}
		if nn := n.Normalize(); nn != n {
			t.Fatalf("Normalize not idempotent on %q: %q, then %q", s, n, nn)
		}
		if n == r {
			if a := testing.AllocsPerRun(1, func() { _ = r.Normalize() }); a != 0 {
				t.Fatalf("ParseReference(%q).Normalize() allocates %v times on normal input", s, a)
			}
		}
		u, err := uri.Parse(s)
		if err != nil {
			return
		}
		if u.Normalize().Reference() != n {
			t.Fatalf("Parse(%q).Normalize() = %q, want %q", s, u.Normalize(), n)
		}
		if !scheme.Equivalent(u, u.Normalize()) {
			t.Fatalf("scheme.Equivalent(%q, %q) = false", s, u.Normalize())
		}
		if got := scheme.Ladder(u, u.Normalize()); got != scheme.RungString && got != scheme.RungSyntax {
			t.Fatalf("scheme.Ladder(%q, %q) = %v, want string or syntax", s, u.Normalize(), got)
		}
		sn := scheme.Normalize(u)
		if again := scheme.Normalize(sn); again != sn {
			t.Fatalf("scheme.Normalize not idempotent on %q: %q, then %q", s, sn, again)
		}
	})
}
