package masked_test

import (
	"fmt"
	"testing"

	"github.com/urikit/urikit/internal/masked"
)

// secret holds a password; its masked text is "xxxxx".
type secret struct{ pw string }

func (s secret) String() string                { return "xxxxx" }
func (s secret) GoString() string              { return masked.GoString("pkg.Secret", s.String()) }
func (s secret) Format(f fmt.State, verb rune) { masked.Format(f, verb, s) }

func TestFormat(t *testing.T) {
	s := secret{"hunter2"}
	for format, want := range map[string]string{
		"%v": "xxxxx", "%+v": "xxxxx", "%s": "xxxxx", "%d": "xxxxx", "%x": "xxxxx", "%10v": "xxxxx",
		"%q": `"xxxxx"`, "%#v": `pkg.Secret("xxxxx")`,
	} {
		if got := fmt.Sprintf(format, s); got != want {
			t.Errorf("Sprintf(%q) = %q, want %q", format, got, want)
		}
	}
	if got := fmt.Sprintf("%v", struct{ S secret }{s}); got != "{xxxxx}" {
		t.Errorf("Sprintf in a struct = %q", got)
	}
	if got := masked.GoString("", `a"b`); got != `"a\"b"` {
		t.Errorf(`GoString("", ...) = %s`, got)
	}
}
