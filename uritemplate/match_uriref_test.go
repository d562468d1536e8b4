package uritemplate_test

import (
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
