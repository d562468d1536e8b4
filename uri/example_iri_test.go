package uri_test

import (
	"errors"
	"fmt"

	"github.com/urikit/urikit/uri"
)

func ExampleFromIRI() {
	for _, s := range []string{
		"http://r\u00e9sum\u00e9.example.org/D\u00fcrst?q=\u00e9",
		"http://a/\u202eevil",
	} {
		r, err := uri.FromIRI(s)
		fmt.Println(r, err)
	}
	r, _ := uri.FromIRI("http://r\u00e9sum\u00e9.example.org/", uri.IRIHostPercentEncoded)
	fmt.Println(r)
	// Output:
	// http://xn--rsum-bpad.example.org/D%C3%BCrst?q=%C3%A9 <nil>
	//  uri: path at offset 9: character not allowed in an IRI
	// http://r%C3%A9sum%C3%A9.example.org/
}

func ExampleURI_IRI() {
	u := uri.MustParse("http://xn--99zt52a.example.org/D%C3%BCrst/%e2%80%ae")
	fmt.Println(u.IRI())
	h, err := u.HostUnicode()
	fmt.Println(h, err)
	// Output:
	// http://納豆.example.org/Dürst/%e2%80%ae
	// 納豆.example.org <nil>
}

func ExampleURI_HostASCII() {
	u := uri.MustParse("http://r%C3%A9sum%C3%A9.Example.ORG/")
	fmt.Println(u.HostASCII())
	_, err := uri.MustParse("http://under_score.example/").HostASCII()
	fmt.Println(errors.Is(err, uri.ErrIDNA), err)
	// Output:
	// xn--rsum-bpad.example.org <nil>
	// true uri: host at offset 7: host is not a valid internationalized domain name
}
