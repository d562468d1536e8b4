package uri_test

import (
	"strings"
	"testing"

	"github.com/urikit/urikit/uri"
)

// TestNestTriggerConservative: a query or fragment value that the
// trigger does not read for a nested URI holds no secret by the rules of
// the package, asked directly (NestedSecrets), written or decoded. The values
// are made of the pieces that make nested secrets (delimiters written and
// encoded, a port, a password with no "@host").
func TestNestTriggerConservative(t *testing.T) {
	pieces := []string{"/", "//", ":", "a", "pw", "1", "80", "@", "=", "%3A", "%3a", "%2F", "%2f", "%40", "%3D",
		"%25", "?", "[", "]", "-", ".", ";", "%20", "%3F", "%23", "x:", "u:p", "token", "http:", "%5C", "%5c",
		// Credential keys, whole, cut, in other cases and encoded, before
		// the "=" that the trigger reads only after one.
		"password", "PassWord", "pass", "word", "%70ass", "pass%2577ord", "%2570", "sig", "Signature", "x-amz-",
		"client_", "secret", "%5F", "_", "--", "+", "&", "%26", "%3B", "%3d",
		// Encoded bytes that end a word of text, and so an authority.
		"%0A", "%0a", "%22", "%3C", "%60", "%7F", "%09",
		// Access tokens as user names, which the text rules mask before
		// a port or nothing.
		"ghp_abcdefghijklmnopqrstuvwxyz0123456789", "xoxb-1234567890", "gh%70_", "%3A443"}
	seed := uint32(7)
	rnd := func(n int) int {
		seed = seed*1103515245 + 12345
		return int(seed>>8) % n
	}
	// Values that read as a password with no "@host" once decoded, a
	// backslash read as a "/" ("%5C/u:p//1", found by this test).
	for _, v := range []string{"%5C/u:p//1", "%5C%5Cu:pw", "%2F%5Cu:pw", "%5c%2fu:pw",
		// A token-shaped user name before a port, and one inside the
		// authority of an earlier "//".
		"https%3A%2F%2Fghp_abcdefghijklmnopqrstuvwxyz0123456789%3A443%20x",
		"%2F%2Fx%2F%2Fghp_abcdefghijklmnopqrstuvwxyz0123456789%3A1"} {
		if !uri.NestTrigger(v) {
			t.Errorf("the value %q is not read as nested", v)
		}
	}
	skipped := 0
	for range 200000 {
		var b strings.Builder
		for range 1 + rnd(10) {
			b.WriteString(pieces[rnd(len(pieces))])
		}
		v := b.String()
		if uri.NestTrigger(v) {
			continue
		}
		if _, err := uri.ParseReference("http://h/?x=" + v); err != nil {
			continue
		}
		skipped++
		if uri.NestedSecrets(v) {
			t.Fatalf("the value %q is not read as nested, but it holds a secret", v)
		}
	}
	if skipped == 0 {
		t.Fatal("no value was left unread: the test checks nothing")
	}
}
