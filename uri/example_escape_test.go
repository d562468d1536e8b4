package uri_test

import (
	"fmt"

	"github.com/urikit/urikit/uri"
)

func ExampleEscape() {
	fmt.Println(uri.Escape("Laguna Beach/À?", uri.ComponentPath))
	fmt.Println(uri.Escape("q=a&b c#", uri.ComponentQuery))
	fmt.Println(uri.Escape("user@example.com", uri.ComponentUserinfo))
	// Output:
	// Laguna%20Beach/%C3%80%3F
	// q=a&b%20c%23
	// user%40example.com
}

func ExampleUnescape() {
	s, err := uri.Unescape("%E3%82%A2%2Fb", uri.ComponentPath)
	fmt.Println(s, err)
	_, err = uri.Unescape("100%", uri.ComponentQuery)
	fmt.Println(err)
	// Output:
	// ア/b <nil>
	// uri: query at offset 3: invalid percent-encoding
}
