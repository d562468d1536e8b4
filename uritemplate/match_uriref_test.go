package uritemplate_test

import (
	"errors"
	"testing"

	"github.com/urikit/urikit/uritemplate"
)

func TestMatchNotURIReference(t *testing.T) {
	for _, c := range [][2]string{{"{+x}", "["}, {"{#x}", "#a#b"}, {"{x}:y", ":y"}, {"{+x}", "1:2"}, {"{+x}", "http://[::1"}, {"http://h/{+p}", "http://h/a]b"}} {
		vars, err := uritemplate.MustParse(c[0]).Match(c[1])
		if err == nil {
			t.Errorf("Match(%q, %q) = %v, want ErrNoMatch: not a URI reference", c[0], c[1], vars)
		}
	}
	if _, err := uritemplate.MustParse("{+x}").Match("a:b"); err != nil {
		t.Errorf("Match(a:b): %v", err)
	}
}

// TestMatchableExplodeAndPrefix: a variable exploded in one expression
// and cut by a prefix in another can never be read back, and Matchable
// says so at the prefix's ":".
func TestMatchableExplodeAndPrefix(t *testing.T) {
	tpl := uritemplate.MustParse("{/a*}{?a:1}")
	err := tpl.Matchable()
	var e *uritemplate.Error
	if !errors.As(err, &e) || !errors.Is(err, uritemplate.ErrPrefixComposite) || e.Offset != 8 {
		t.Errorf("Matchable() = %v, want ErrPrefixComposite at 8", err)
	}
	if err := uritemplate.MustParse("{/a*}{?b:1}").Matchable(); err != nil {
		t.Errorf("Matchable of distinct variables = %v", err)
	}
}
