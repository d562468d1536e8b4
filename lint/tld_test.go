package lint

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/publicsuffix"
)

// The generated table of top-level domains agrees with
// golang.org/x/net/publicsuffix, which the library does not import (it
// imports net/http), is sorted, and holds the names everyone knows.
func TestTLDs(t *testing.T) {
	if !slices.IsSorted(tlds[:]) {
		t.Error("tlds is not sorted")
	}
	if len(tlds) < 1000 {
		t.Errorf("tlds has %d names, want the whole root zone", len(tlds))
	}
	for _, tld := range tlds {
		if s, icann := publicsuffix.PublicSuffix(tld); s != tld || !icann || strings.ToLower(tld) != tld {
			t.Errorf("tlds holds %q, publicsuffix says %q, %v", tld, s, icann)
		}
	}
	for _, tld := range []string{"com", "org", "net", "io", "uk", "de", "name", "xn--p1ai", "app", "dev"} {
		if _, ok := slices.BinarySearch(tlds[:], tld); !ok {
			t.Errorf("tlds lacks %q", tld)
		}
	}
	for _, name := range []string{"doe", "last", "local", "example", "smith", ""} {
		if _, ok := slices.BinarySearch(tlds[:], name); ok {
			t.Errorf("tlds holds %q, which is no top-level domain", name)
		}
	}
}
