package uri_test

import (
	"fmt"

	"github.com/urikit/urikit/uri"
)

// The example of RFC 3986 6.2.2: the two URIs differ as strings and are
// equal after syntax-based normalization.
func ExampleURI_Normalize() {
	a := uri.MustParse("example://a/b/c/%7Bfoo%7D")
	b := uri.MustParse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")
	fmt.Println(a == b)
	fmt.Println(b.Normalize())
	fmt.Println(a.Normalize() == b.Normalize())
	// Output:
	// false
	// example://a/b/c/%7Bfoo%7D
	// true
}

// Only the scheme and the host are case-insensitive (RFC 3986 6.2.2.1);
// empty components stay (their removal is scheme-based, 6.2.3); a
// relative-path reference keeps its dot segments until it is resolved.
func ExampleReference_Normalize() {
	for _, s := range []string{
		"HTTP://User@Example.COM:/Path/%7euser/../%7Ejoe?#",
		"//[2001:DB8::A]/./x",
		"../a/./%2E%2E/b",
		"foo:/..//bar",
	} {
		fmt.Println(uri.MustParseReference(s).Normalize())
	}
	// Output:
	// http://User@example.com:/Path/~joe?#
	// //[2001:db8::a]/x
	// ../a/./../b
	// foo:/.//bar
}
