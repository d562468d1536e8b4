package amqp_test

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urikit/urikit/scheme/amqp"
	"github.com/urikit/urikit/uri"
)

// decodesToUTF8Slow is the literal rule: decode, then validate.
func decodesToUTF8Slow(t *testing.T, s string) bool {
	d, err := uri.Unescape(s, uri.ComponentPath)
	if err != nil {
		t.Fatalf("test input %q is not valid path text: %v", s, err)
	}
	return utf8.ValidString(d)
}

// TestDecodesToUTF8 checks the triplet walk against decoding and
// utf8.ValidString: every pair of triplets, every pair with a raw octet
// between or around them, and random runs of up to five triplets drawn
// from the octets that decide UTF-8 validity.
func TestDecodesToUTF8(t *testing.T) {
	const hex = "0123456789ABCDEF"
	trip := func(b int) string { return "%" + string(hex[b>>4]) + string(hex[b&15]) }
	check := func(s string) {
		if got, want := amqp.DecodesToUTF8(s), decodesToUTF8Slow(t, s); got != want {
			t.Fatalf("decodesToUTF8(%q) = %v, want %v", s, got, want)
		}
	}
	for a := range 256 {
		check(trip(a))
		check("x" + trip(a) + "y")
		for b := range 256 {
			check(trip(a) + trip(b))
			check(trip(a) + "z" + trip(b))
		}
	}
	// Octets at the edges of the UTF-8 ranges (lead bytes, continuation
	// bounds, surrogates, overlong forms, above U+10FFFF).
	edges := []int{0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
		0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		var sb strings.Builder
		for range 1 + r.IntN(5) {
			if r.IntN(8) == 0 {
				sb.WriteByte('a')
			}
			sb.WriteString(trip(edges[r.IntN(len(edges))]))
		}
		check(sb.String())
	}
	for _, s := range []string{"", "abc", "%C3%BC", "%c3%bc", "%F0%9F%98%80x", "%ED%A0%80", "%E0%80%80", "%F4%90%80%80"} {
		check(s)
	}
}
