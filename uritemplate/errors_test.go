package uritemplate

import (
	"errors"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/errtest"
	"github.com/urikit/urikit/uri"
)

// TestErrorShared runs the checks every error type of the module passes:
// a usable zero value, valid JSON whatever the reason's bytes.
func TestErrorShared(t *testing.T) {
	errtest.Zero(t, &Error{})
	errtest.JSON(t, &Error{Offset: 3, Err: errors.New(errtest.Hostile)},
		map[string]string{"reason": errtest.Hostile, "in": "template"})
	errtest.JSON(t, &Error{Offset: 3, Err: ErrNoMatch}, map[string]string{"in": "uri"})
}

// TestErrorNoLeak: no error of Parse, Expand or Match shows a piece of a
// value, of the template or of the URI.
func TestErrorNoLeak(t *testing.T) {
	const secret = "hunter2secret"
	check := func(what string, err error) {
		t.Helper()
		if err == nil {
			t.Fatalf("%s: no error", what)
		}
		if piece, leak := errtest.Leak(err.Error(), secret); leak {
			t.Errorf("%s: the error %q shows %q", what, err, piece)
		}
	}
	_, err := Parse("http://u:" + secret + "@h/{x")
	check("Parse", err)
	_, err = MustParse("{+x}").Expand(Vars{"x": String("[" + secret)})
	check("Expand", err)
	var ue *uri.Error
	if !errors.Is(err, ErrNotURIReference) || !errors.As(err, &ue) {
		t.Errorf("Expand: %v does not wrap ErrNotURIReference and a *uri.Error", err)
	}
	_, err = MustParse("/a/{x}").Match("/a/" + secret + "/b")
	check("Match", err)
	if !strings.HasPrefix(err.Error(), "uritemplate: uri offset ") {
		t.Errorf("Match error %q does not say that its offset is in the URI", err)
	}
}
