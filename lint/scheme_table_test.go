package lint

import (
	"bufio"
	"os"
	"slices"
	"strings"
	"testing"
)

// TestIANASchemes: the generated table of IANA's URI schemes is up to
// date with its source, testdata/iana-uri-schemes.txt (go generate
// rewrites it), is sorted, and holds the schemes that the corpus showed
// as registered and none that IANA leaves out.
func TestIANASchemes(t *testing.T) {
	f, err := os.Open("testdata/iana-uri-schemes.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var want []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if s := strings.TrimSpace(sc.Text()); s != "" && !strings.HasPrefix(s, "#") {
			want = append(want, strings.ToLower(s))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	slices.Sort(want)
	want = slices.Compact(want)
	if !slices.Equal(ianaSchemes[:], want) {
		t.Errorf("scheme_table.go is not up to date with testdata/iana-uri-schemes.txt: run go generate in lint/")
	}
	if !slices.IsSorted(ianaSchemes[:]) {
		t.Error("ianaSchemes is not sorted")
	}
	for _, s := range []string{"tag", "data", "tel", "ldap", "ssh", "git", "http", "mailto", "about", "SSH", "Git"} {
		if !ianaRegistered(s) {
			t.Errorf("ianaRegistered(%q) = false, want true", s)
		}
	}
	for _, s := range []string{"gs", "s3", "maven", "javascript", "vbscript", "foo", "", strings.Repeat("a", 100), "ssh2", "gi"} {
		if ianaRegistered(s) {
			t.Errorf("ianaRegistered(%q) = true, want false", s)
		}
	}
}
