package uri_test

import (
	"fmt"

	"github.com/urikit/urikit/uri"
)

func ExampleURI_SetQueryParam() {
	u := uri.MustParse("https://example.com/search?q=go%20uri&page=2&q=old#top")
	v, _ := u.SetQueryParam("q", "rfc 3986")
	fmt.Println(v)
	// Output: https://example.com/search?q=rfc%203986&page=2#top
}

func ExampleURI_DeleteQueryParam() {
	u := uri.MustParse("https://example.com/a?utm_source=x&id=%7E7&utm_source=y")
	fmt.Println(u.DeleteQueryParam("utm_source"))
	fmt.Println(u.DeleteQueryParam("utm_source").DeleteQueryParam("id"))
	// Output:
	// https://example.com/a?id=%7E7
	// https://example.com/a
}

func ExampleURI_QueryParam() {
	u := uri.MustParse("https://example.com/?debug&name=a+b%21")
	p, ok := u.QueryParam("debug")
	fmt.Println(p.HasValue, ok)
	p, _ = u.QueryParam("name")
	fmt.Println(p.Value)
	p, _ = u.QueryParamForm("name")
	fmt.Println(p.Value)
	// Output:
	// false true
	// a+b!
	// a b!
}

func ExampleURI_SortQuery() {
	u := uri.MustParse("https://example.com/?b=2&a=1&c=3&a=0")
	fmt.Println(u.SortQuery())
	// Output: https://example.com/?a=1&a=0&b=2&c=3
}

func ExampleURI_JoinPath() {
	u := uri.MustParse("https://example.com")
	v, _ := u.JoinPath("docs", "a/b", "..")
	fmt.Println(v)
	// Output: https://example.com/docs/a%2Fb/..
}
