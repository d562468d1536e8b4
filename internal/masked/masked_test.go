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

// TestEscapeControlsInvisible: characters that display as nothing are
// escaped as Go escapes them, those beyond the BMP with \U.
func TestEscapeControlsInvisible(t *testing.T) {
	for in, want := range map[string]string{
		"pay\u200bpal":            `pay\u200bpal`,
		"a\u00adb\ufeff":          `a\u00adb\ufeff`,
		"tag\U000E0041\U000E007F": `tag\U000e0041\U000e007f`,
		"ünï 😀":                   "ünï 😀",
	} {
		if got := masked.EscapeControls(in); got != want {
			t.Errorf("EscapeControls(%q) = %q, want %q", in, got, want)
		}
	}
}
