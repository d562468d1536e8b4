package uri_test

import (
	"fmt"

	"github.com/urikit/urikit/uri"
)

func ExampleQueryPairs() {
	u := uri.MustParse("https://example.com/search?q=rock%26roll&lang=en&debug&lang=fr&page=")
	for p := range u.QueryPairs() {
		fmt.Printf("%q %q %v\n", p.Key, p.Value, p.HasValue)
	}
	// Output:
	// "q" "rock%26roll" true
	// "lang" "en" true
	// "debug" "" false
	// "lang" "fr" true
	// "page" "" true
}

func ExampleQueryPairsSemicolon() {
	for p := range uri.QueryPairsSemicolon("a=1;b=2&c=3") {
		fmt.Println(p.Key, p.Value)
	}
	// Output:
	// a 1
	// b 2
	// c 3
}

func ExampleQueryPair_Decode() {
	p := uri.QueryPair{Key: "q", Value: "a+b%20c%2B", HasValue: true}
	d, _ := p.Decode()
	fmt.Printf("%q\n", d.Value)
	f, _ := p.DecodeForm()
	fmt.Printf("%q\n", f.Value)
	_, err := uri.QueryPair{Key: "q", Value: "100%", HasValue: true}.Decode()
	fmt.Println(err)
	// Output:
	// "a+b c+"
	// "a b c+"
	// uri: query at offset 5: invalid percent-encoding
}

func ExampleLookupQuery() {
	u := uri.MustParse("https://example.com/?lang=en&q=%C3%A9t%C3%A9&lang=fr")
	if p, ok := u.LookupQuery("lang"); ok {
		fmt.Println(p.Value)
	}
	p, _ := u.LookupQuery("q")
	d, _ := p.Decode()
	fmt.Println(d.Value)
	_, ok := u.LookupQuery("page")
	fmt.Println(ok)
	// Output:
	// en
	// été
	// false
}

func ExampleAppendQuery() {
	u := uri.MustParse("https://example.com/search?lang=en")
	q := []byte(u.Query())
	q = uri.AppendQuery(q, "q", "rock&roll = 100%")
	q = uri.AppendQueryKey(q, "debug")
	u, err := u.WithQuery(string(q))
	fmt.Println(u, err)
	// Output:
	// https://example.com/search?lang=en&q=rock%26roll%20%3D%20100%25&debug <nil>
}
