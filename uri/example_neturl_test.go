package uri_test

import (
	"fmt"
	"net/url"

	"github.com/urikit/urikit/uri"
)

func ExampleFromURL() {
	u, _ := url.Parse("https://example.com/a%20b?q=1")
	r, err := uri.FromURL(u)
	fmt.Println(r.Path(), r.Query(), err)
	// Output: /a%20b q=1 <nil>
}

func ExampleURI_URL() {
	u := uri.MustParse("mailto:fred@example.com").URL()
	fmt.Printf("%q %q\n", u.Opaque, u.Path)
	// Output: "fred@example.com" ""
}
