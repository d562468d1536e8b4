package masked_test

import (
	"fmt"
	"testing"

	"github.com/urikit/urikit/internal/masked"
)

// TestFormat: every verb prints the masked text of a token (see
// ExampleFormat), also inside a struct, and GoString quotes it.
func TestFormat(t *testing.T) {
	s := token{"tok_s3cr3t"}
	for format, want := range map[string]string{
		"%v": "tok_xxxxx", "%+v": "tok_xxxxx", "%s": "tok_xxxxx", "%d": "tok_xxxxx", "%x": "tok_xxxxx", "%10v": "tok_xxxxx",
		"%q": `"tok_xxxxx"`, "%#v": `pkg.Token("tok_xxxxx")`,
	} {
		if got := fmt.Sprintf(format, s); got != want {
			t.Errorf("Sprintf(%q) = %q, want %q", format, got, want)
		}
	}
	if got := fmt.Sprintf("%v", struct{ S token }{s}); got != "{tok_xxxxx}" {
		t.Errorf("Sprintf in a struct = %q", got)
	}
	if got := masked.GoString("", `a"b`); got != `"a\"b"` {
		t.Errorf(`GoString("", ...) = %s`, got)
	}
}
