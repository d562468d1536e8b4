package uri_test

import (
	"errors"
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
	u, err := uri.MustParse("mailto:fred@example.com").URL()
	fmt.Printf("%q %q %v\n", u.Opaque, u.Path, err)

	w, _ := uri.MustParse("https://en.wikipedia.org/wiki/C_(programming_language)").URL()
	fmt.Println(w)

	// net/url would hold the host decoded, "a:80", and dial port 80.
	_, err = uri.MustParse("http://a%3A80/x").URL()
	fmt.Println(errors.Is(err, uri.ErrNotRepresentable), err)
	// Output:
	// "fred@example.com" "" <nil>
	// https://en.wikipedia.org/wiki/C_(programming_language)
	// true uri: host at offset 8: reference not representable as a net/url URL
}
