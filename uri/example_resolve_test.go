package uri_test

import (
	"fmt"

	"github.com/urikit/urikit/uri"
)

// The base URI and some of the references of RFC 3986 section 5.4.
func ExampleURI_Resolve() {
	base := uri.MustParse("http://a/b/c/d;p?q")
	for _, ref := range []string{"g", "./g", "../g", "/g", "//g", "?y", "#s", "", "../../../g", "g;x=1/../y", "http:g"} {
		fmt.Printf("%-12q %s\n", ref, base.Resolve(uri.MustParseReference(ref)))
	}
	// The one deviation: a path that would start with "//" without an
	// authority gets "/." (RFC 3986's letter gives "x://y").
	fmt.Println(uri.MustParse("x:/a").Resolve(uri.MustParseReference("..//y")))
	// Output:
	// "g"          http://a/b/c/g
	// "./g"        http://a/b/c/g
	// "../g"       http://a/b/g
	// "/g"         http://a/g
	// "//g"        http://g
	// "?y"         http://a/b/c/d;p?y
	// "#s"         http://a/b/c/d;p?q#s
	// ""           http://a/b/c/d;p?q
	// "../../../g" http://a/g
	// "g;x=1/../y" http://a/b/c/y
	// "http:g"     http:g
	// x:/.//y
}

func ExampleURI_ResolveNonStrict() {
	base := uri.MustParse("http://a/b/c/d;p?q")
	ref := uri.MustParseReference("HTTP:g")
	fmt.Println(base.Resolve(ref))
	fmt.Println(base.ResolveNonStrict(ref))
	// Output:
	// HTTP:g
	// http://a/b/c/g
}

func ExampleURI_Relativize() {
	base := uri.MustParse("http://a/b/c/d;p?q")
	for _, target := range []string{
		"http://a/b/c/g",
		"http://a/b/g?y",
		"http://a/g",
		"http://a/b/",
		"http://a/b/c/d;p?q",
		"http://a/b/c/d;p?q#s",
		"http://a/b/c/a:b",
		"http://g/h",
		"https://a/b/c/g",
		"http://a/b/../g",
	} {
		r, ok := base.Relativize(uri.MustParse(target))
		fmt.Printf("%-22s %q %v\n", target, r, ok)
	}
	// Output:
	// http://a/b/c/g         "g" true
	// http://a/b/g?y         "../g?y" true
	// http://a/g             "/g" true
	// http://a/b/            ".." true
	// http://a/b/c/d;p?q     "" true
	// http://a/b/c/d;p?q#s   "#s" true
	// http://a/b/c/a:b       "./a:b" true
	// http://g/h             "//g/h" true
	// https://a/b/c/g        "https://a/b/c/g" true
	// http://a/b/../g        "" false
}

// The two worked examples of RFC 3986 section 5.2.4, and paths without a
// leading "/".
func ExampleRemoveDotSegments() {
	for _, p := range []string{"/a/b/c/./../../g", "mid/content=5/../6", "../a", "a/../b", "./a:b", "/a/..", "/.//a"} {
		fmt.Printf("%-20q %q\n", p, uri.RemoveDotSegments(p))
	}
	// Output:
	// "/a/b/c/./../../g"   "/a/g"
	// "mid/content=5/../6" "mid/6"
	// "../a"               "a"
	// "a/../b"             "/b"
	// "./a:b"              "a:b"
	// "/a/.."              "/"
	// "/.//a"              "//a"
}
