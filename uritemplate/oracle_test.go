package uritemplate

import (
	"os"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/urikit/urikit/internal/abnf"
)

// rfc6570 is testdata/rfc6570.abnf, the grammar of RFC 6570 section 2,
// run by the project's ABNF matcher.
var rfc6570 = sync.OnceValues(func() (*abnf.Grammar, error) {
	text, err := os.ReadFile("testdata/rfc6570.abnf")
	if err != nil {
		return nil, err
	}
	return abnf.Parse(string(text))
})

// ucsRanges are ucschar and iprivate of RFC 3987 2.2, as the RFC writes
// them.
var ucsRanges = [][2]rune{
	{0xA0, 0xD7FF}, {0xF900, 0xFDCF}, {0xFDF0, 0xFFEF},
	{0x10000, 0x1FFFD}, {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD},
	{0x40000, 0x4FFFD}, {0x50000, 0x5FFFD}, {0x60000, 0x6FFFD},
	{0x70000, 0x7FFFD}, {0x80000, 0x8FFFD}, {0x90000, 0x9FFFD},
	{0xA0000, 0xAFFFD}, {0xB0000, 0xBFFFD}, {0xC0000, 0xCFFFD},
	{0xD0000, 0xDFFFD}, {0xE1000, 0xEFFFD},
	{0xE000, 0xF8FF}, {0xF0000, 0xFFFFD}, {0x100000, 0x10FFFD}, // iprivate
}

// validSlow reports whether s is a URI Template: the ABNF of RFC 6570 2
// matches it, and each of its non-ASCII characters is a ucschar or an
// iprivate.
func validSlow(tb testing.TB, s string) bool {
	g, err := rfc6570()
	if err != nil {
		tb.Fatal(err)
	}
	if !g.Match("URI-Template", s) {
		return false
	}
	for _, r := range s {
		if r < utf8.RuneSelf {
			continue
		}
		in := false
		for _, rg := range ucsRanges {
			in = in || rg[0] <= r && r <= rg[1]
		}
		if !in {
			return false
		}
	}
	return true
}

// TestParseOracle: Parse accepts exactly what the grammar does, on the
// conformance templates and the seeds.
func TestParseOracle(t *testing.T) {
	for _, s := range append(conformanceTemplates(t), seedTemplates...) {
		_, err := Parse(s)
		if want := validSlow(t, s); (err == nil) != want {
			t.Errorf("Parse(%q) = %v; the RFC 6570 grammar says valid = %v", s, err, want)
		}
	}
}

// FuzzParseOracle: Parse accepts exactly what the ABNF of RFC 6570 2
// accepts, for templates of up to 64 bytes.
func FuzzParseOracle(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, s string, _ []byte) {
		if len(s) > 64 {
			return
		}
		_, err := Parse(s)
		if want := validSlow(t, s); (err == nil) != want {
			t.Fatalf("Parse(%q) = %v; the RFC 6570 grammar says valid = %v", s, err, want)
		}
	})
}
