package uri_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urikit/urikit/internal/abnf"
	"github.com/urikit/urikit/internal/oracle"
	"github.com/urikit/urikit/internal/testload"
	"github.com/urikit/urikit/uri"
)

// oracleParts computes what ParseReference must return for s from the two
// slow oracles alone: the ABNF matcher decides validity, the Appendix B
// expression and the 3.2 authority split give the components, the matcher
// gives the host kind.
func oracleParts(s string) (parts, bool) {
	g := abnf.RFC3986()
	if !g.Match("URI-reference", s) {
		return parts{}, false
	}
	sp := oracle.SplitReference(s)
	p := parts{
		Scheme:    optional(sp.Scheme, sp.HasScheme),
		Authority: optional(sp.Authority, sp.HasAuthority),
		Path:      sp.Path,
		Query:     optional(sp.Query, sp.HasQuery),
		Fragment:  optional(sp.Fragment, sp.HasFragment),
	}
	if sp.HasAuthority {
		a := oracle.SplitAuthority(sp.Authority)
		p.Userinfo = optional(a.Userinfo, a.HasUserinfo)
		p.Host = str(a.Host)
		p.Port = optional(a.Port, a.HasPort)
		literal := len(a.Host) >= 2 && a.Host[0] == '[' && a.Host[len(a.Host)-1] == ']'
		switch {
		case g.Match("IPv4address", a.Host):
			p.Kind = uri.HostIPv4
		case literal && g.Match("IPv6address", a.Host[1:len(a.Host)-1]):
			p.Kind = uri.HostIPv6
		case literal && g.Match("IPvFuture", a.Host[1:len(a.Host)-1]):
			p.Kind = uri.HostIPvFuture
		default:
			p.Kind = uri.HostRegName
		}
	}
	return p, true
}

// checkOracle requires ParseReference and Parse to agree with the oracles
// on s, and the parsed value to be consistent and lossless.
func checkOracle(t *testing.T, s string) {
	t.Helper()
	want, valid := oracleParts(s)
	r, err := uri.ParseReference(s)
	if (err == nil) != valid {
		t.Errorf("ParseReference(%q) error = %v; the grammar says valid=%v", s, err, valid)
		return
	}
	u, uerr := uri.Parse(s)
	if isURI := abnf.RFC3986().Match("URI", s); (uerr == nil) != isURI {
		t.Errorf("Parse(%q) error = %v; the grammar says URI=%v", s, uerr, isURI)
	}
	if err != nil {
		if _, ok := err.(*uri.Error); !ok {
			t.Errorf("ParseReference(%q) error %T, want *uri.Error", s, err)
		}
		return
	}
	if diff := cmp.Diff(want, partsOf(r)); diff != "" {
		t.Errorf("ParseReference(%q) differs from the oracles (-oracle +got):\n%s", s, diff)
	}
	if err := uri.CheckConsistency(r); err != nil {
		t.Errorf("ParseReference(%q): %v", s, err)
	}
	if r.String() != s {
		t.Errorf("ParseReference(%q).String() = %q", s, r.String())
	}
	if r2, err := uri.ParseReference(r.String()); err != nil || r2 != r {
		t.Errorf("ParseReference(%q) does not re-parse to itself", s)
	}
	if uerr == nil && u.Reference() != r {
		t.Errorf("Parse(%q) and ParseReference(%q) differ", s, s)
	}
}

// TestOracleEnumerated runs every string of up to four bytes over an
// alphabet with one byte of each role in the grammar.
func TestOracleEnumerated(t *testing.T) {
	const alphabet = "a1:/?#[]@%.vF! "
	var buf [4]byte
	var rec func(n int)
	count := 0
	rec = func(n int) {
		checkOracle(t, string(buf[:n]))
		count++
		if n == len(buf) || t.Failed() {
			return
		}
		for i := 0; i < len(alphabet); i++ {
			buf[n] = alphabet[i]
			rec(n + 1)
		}
	}
	rec(0)
	t.Logf("%d strings checked", count)
}

// TestOracleTables runs the hand-written tables and the conformance
// vectors' inputs through the oracles.
func TestOracleTables(t *testing.T) {
	for _, tt := range parseTests {
		checkOracle(t, tt.in)
	}
	for _, tt := range errorTests {
		checkOracle(t, tt.in)
	}
	for _, s := range conformanceInputs(t) {
		checkOracle(t, s)
	}
}

// conformanceInputs returns the inputs of the parse vectors of
// conformance/testdata; the test fails when there are none.
func conformanceInputs(t testing.TB) []string {
	t.Helper()
	var ins []string
	for _, name := range testload.Glob(t, "../conformance/testdata/*.jsonl") {
		for _, v := range testload.JSONL[struct{ Op, Input string }](t, name) {
			if v.Op == "parse" {
				ins = append(ins, v.Input)
			}
		}
	}
	if len(ins) == 0 {
		t.Fatal("no parse vector in ../conformance/testdata")
	}
	return ins
}
