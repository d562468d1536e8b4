package uri_test

import (
	"fmt"

	"github.com/urikit/urikit/uri"
)

func ExampleComponents_Reference() {
	r, err := uri.Components{
		Scheme:       "https",
		HasAuthority: true,
		Host:         "example.com",
		Path:         "/" + uri.Escape("a b", uri.ComponentPath),
		Query:        "",
		HasQuery:     true,
	}.Reference()
	fmt.Println(r, err)
	_, err = uri.Components{Scheme: "x", Path: "//not-a-host"}.Reference()
	fmt.Println(err)
	// Output:
	// https://example.com/a%20b? <nil>
	// uri: path at offset 1: path form does not fit the authority or its absence
}
