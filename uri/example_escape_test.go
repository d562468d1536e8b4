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

func ExampleEscapeSegment() {
	// Escape keeps "/", which separates segments; EscapeSegment escapes it.
	fmt.Println("/artists/" + uri.Escape("AC/DC", uri.ComponentPath))
	fmt.Println("/artists/" + uri.EscapeSegment("AC/DC"))
	fmt.Println(uri.EscapeSegment("Laguna Beach; 100%"))
	// Output:
	// /artists/AC/DC
	// /artists/AC%2FDC
	// Laguna%20Beach;%20100%25
}

func ExampleEscapeUserinfoPart() {
	user, pass := "alice@example.com", "p:ss/w%rd"
	u := uri.MustParse("amqp://" + uri.EscapeUserinfoPart(user) + ":" + uri.EscapeUserinfoPart(pass) + "@broker/")
	fmt.Println(u.Userinfo())
	fmt.Println(u.Username())
	fmt.Println(u.Password())
	// Output:
	// alice%40example.com:p%3Ass%2Fw%25rd
	// alice@example.com true
	// p:ss/w%rd true
}

func ExampleEscapeQueryPart() {
	// Escape keeps "&", "=" and "+"; EscapeQueryPart escapes them.
	fmt.Println("q=" + uri.Escape("rock&roll=x+y", uri.ComponentQuery))
	fmt.Println("q=" + uri.EscapeQueryPart("rock&roll=x+y"))
	fmt.Println(uri.EscapeQueryPart("a b;c#d"))
	// Output:
	// q=rock&roll=x+y
	// q=rock%26roll%3Dx%2By
	// a%20b%3Bc%23d
}
