package uri_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/abnf"
	"github.com/urikit/urikit/uri"
)

// completions are what any prefix of an IPv6address or an IPvFuture (RFC
// 3986 3.2.2) lacks, one of them at least: nothing for a match; "::" after
// fewer than eight pieces and no "::" (or "0" after a "::" and a ":"); ":"
// after a ":" that is not part of a "::"; "0", "0.0" or "0.0.0" after the
// "." of a started IPv4address or "v"; ".0", ".0.0" or ".0.0.0" after a
// dec-octet or the digits of "v1".
var completions = []string{"", "0", ":", "::", "0.0", "0.0.0", ".0", ".0.0", ".0.0.0"}

// literalRule is the rule of RFC 3986 3.2.2 that the text inside "[" and
// "]" must match: IPvFuture when it starts with "v", else IPv6address.
func literalRule(lit string) string {
	if lit != "" && (lit[0] == 'v' || lit[0] == 'V') {
		return "IPvFuture"
	}
	return "IPv6address"
}

// viableSlow reports whether p is a prefix of some string that matches
// rule, by asking the ABNF matcher about every completion.
func viableSlow(rule, p string) bool {
	g := abnf.RFC3986()
	for _, c := range completions {
		if g.Match(rule, p+c) {
			return true
		}
	}
	return false
}

// literalOffsetSlow returns -1 when lit matches its rule, otherwise the
// offset of the first byte such that lit up to and including it is no
// prefix of a match (len(lit) when all of lit is one).
func literalOffsetSlow(lit string) int {
	rule := literalRule(lit)
	if abnf.RFC3986().Match(rule, lit) {
		return -1
	}
	for k := 1; k <= len(lit); k++ {
		if !viableSlow(rule, lit[:k]) {
			return k - 1
		}
	}
	return len(lit)
}

// literalOffset parses "//[" + lit + "]/" and returns the offset of its
// error inside lit, or -1 when it parses.
func literalOffset(t *testing.T, lit string) int {
	t.Helper()
	s := "//[" + lit + "]/"
	_, err := uri.ParseReference(s)
	if err == nil {
		return -1
	}
	var e *uri.Error
	if !errors.As(err, &e) || e.Component != uri.ComponentHost ||
		!errors.Is(err, uri.ErrInvalidIPLiteral) && !errors.Is(err, uri.ErrZoneID) {
		t.Fatalf("ParseReference(%q) = %v, want an IP-literal error", s, err)
	}
	return e.Offset - len("//[")
}

// TestIPLiteralOffsets compares the offset of IP-literal errors with the
// slow rule: the first byte that no prefix of a valid literal allows.
func TestIPLiteralOffsets(t *testing.T) {
	lits := []string{
		"8.1.1.1", "::280.1.1.1", "::1.2.3.04", "::01.2.3.4", "::1.2.3", "::1.2.3.4.5",
		"::1.2.3.256", "::1.2.3.4:", "1:2:3:4:5:6:1.2.3.4", "1:2:3:4:5:1.2.3.4",
		"1:2:3:4:5:6:7:1.2.3.4", "::1:2:3:4:5:1.2.3.4", "::1:2:3:4:5:6:1.2.3.4",
		"1::2:3:4:5:6:1.2.3.4", "1::1.2.3.4", "::ffff:1.2.3.4", "::a.2.3.4",
		"::1234.1.1.1", "::12345", "12345::", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7:8::",
		"::1:2:3:4:5:6:7", "::1:2:3:4:5:6:7:", "::1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7::",
		"1:2:3:4:5:6:7::1", "1::2::3", ":::", ":1", ":", "", "1", "1:", "1:2", "fe80::1%25eth0",
		"fe80::1%eth0", "::g", "1:2:3:4:5:6:7:8.", "::0.0.0.0", "::00.0.0.0", "::1.2.3.4x",
		"v", "v.", "v1", "v1.", "v1.x", "V1.x:y!", "vg.x", "v1.x%20", "v1.x y", "1.2.3.4",
		"::1:2.3.4.5", "::1.2..3", "::1..", "::255.255.255.255", "::255.255.255.2555",
	}
	for _, lit := range lits {
		if got, want := literalOffset(t, lit), literalOffsetSlow(lit); got != want {
			t.Errorf("ParseReference(%q): error offset %d in the literal, want %d", "//["+lit+"]/", got, want)
		}
	}
}

// TestIPLiteralOffsetsEnumerated walks every prefix of a valid literal up
// to five bytes over an alphabet with a byte of each role, and checks the
// offset of each string that ends one byte past such a prefix.
func TestIPLiteralOffsetsEnumerated(t *testing.T) {
	const alphabet = "0125a:.%x"
	const max = 5 // 7 checks 233181 literals in 45 s, and passes
	count := 0
	var walk func(p string)
	walk = func(p string) {
		if len(p) == max || t.Failed() {
			return
		}
		for i := 0; i < len(alphabet); i++ {
			q := p + alphabet[i:i+1]
			count++
			got := literalOffset(t, q)
			if !viableSlow("IPv6address", q) {
				if got != len(p) {
					t.Errorf("ParseReference(%q): error offset %d in the literal, want %d", "//["+q+"]/", got, len(p))
				}
				continue
			}
			want := len(q)
			if abnf.RFC3986().Match("IPv6address", q) {
				want = -1
			}
			if got != want {
				t.Errorf("ParseReference(%q): error offset %d in the literal, want %d", "//["+q+"]/", got, want)
			}
			walk(q)
		}
	}
	walk("")
	t.Logf("%d literals checked", count)
}

// FuzzIPLiteralOffset: for short literals, the error offset is the first
// byte that no prefix of a valid literal allows.
func FuzzIPLiteralOffset(f *testing.F) {
	for _, s := range []string{"8.1.1.1", "::280.1.1.1", "v1.x", "1:2:3:4:5:6:7:8", "fe80::1%25x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, lit string) {
		if len(lit) > 24 || strings.ContainsAny(lit, "[]/?#") {
			return
		}
		if got, want := literalOffset(t, lit), literalOffsetSlow(lit); got != want {
			t.Errorf("ParseReference(%q): error offset %d in the literal, want %d", "//["+lit+"]/", got, want)
		}
	})
}
