package uri_test

import (
	"errors"
	"fmt"
	"net"

	"github.com/urikit/urikit/uri"
)

func ExampleURI_WithHost() {
	u := uri.MustParse("https://user:secret@old.example:8443/a?b#c")
	v, err := u.WithHost("[2001:db8::1]")
	if err != nil {
		panic(err)
	}
	fmt.Println(v.Redacted())
	fmt.Println(u.Redacted()) // the receiver never changes
	_, err = u.WithHost("evil.example:80@x")
	fmt.Println(err)
	// Output:
	// https://user:xxxxx@[2001:db8::1]:8443/a?b#c
	// https://user:xxxxx@old.example:8443/a?b#c
	// uri: host at offset 12: invalid character
}

func ExampleURI_WithPath() {
	u := uri.MustParse("http://example.com/old?q")
	v, _ := u.WithPath("/docs/" + uri.EscapeSegment("AC/DC"))
	fmt.Println(v)
	_, err := u.WithPath("relative")
	fmt.Println(errors.Is(err, uri.ErrInvalidPath))
	// Output:
	// http://example.com/docs/AC%2FDC?q
	// true
}

func ExampleURI_WithoutUserinfo() {
	u := uri.MustParse("ftp://anonymous:guest@ftp.example.org/pub/")
	fmt.Println(u.WithoutUserinfo().WithoutPort())
	// Output:
	// ftp://ftp.example.org/pub/
}

func ExampleURI_WithoutAuthority() {
	fmt.Println(uri.MustParse("x://h/p").WithoutAuthority())
	fmt.Println(uri.MustParse("x://h//p").WithoutAuthority()) // "//p" would read as an authority
	// Output:
	// x:/p
	// x:/.//p
}

func ExampleReference_WithQuery() {
	r := uri.MustParseReference("/search#results")
	r, _ = r.WithQuery("q=" + uri.EscapeQueryPart("rock&roll"))
	fmt.Println(r)
	fmt.Println(r.WithoutFragment())
	// Output:
	// /search?q=rock%26roll#results
	// /search?q=rock%26roll
}

func ExampleURI_Span() {
	u := uri.MustParse("amqp://user:pw@broker:5672/vhost")
	start, end, ok := u.Span(uri.ComponentPort)
	fmt.Println(start, end, ok, u.String()[start:end])
	_, _, ok = u.Span(uri.ComponentQuery)
	fmt.Println(ok)
	// Output:
	// 22 26 true 5672
	// false
}

func ExampleURI_Hostname() {
	u := uri.MustParse("http://[2001:db8::1]:8080/")
	fmt.Println(u.Hostname())
	fmt.Println(net.JoinHostPort(u.Hostname(), u.Port()))
	ap, ok := u.AddrPort()
	fmt.Println(ap, ok)
	// Output:
	// 2001:db8::1
	// [2001:db8::1]:8080
	// [2001:db8::1]:8080 true
}

func ExampleURI_Password() {
	for _, s := range []string{"amqp://guest:gu%40st@h", "amqp://guest:@h", "amqp://guest@h", "amqp://h"} {
		u := uri.MustParse(s)
		user, hasUser := u.Username()
		pass, hasPass := u.Password()
		fmt.Printf("%q %v %q %v\n", user, hasUser, pass, hasPass)
	}
	// Output:
	// "guest" true "gu@st" true
	// "guest" true "" true
	// "guest" true "" false
	// "" false "" false
}
