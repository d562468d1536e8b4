package uri_test

import (
	"errors"
	"fmt"

	"github.com/urikit/urikit/uri"
)

// show prints a component, or (absent).
func show(name, v string, present bool) {
	if present {
		fmt.Printf("%-9s %q\n", name, v)
	} else {
		fmt.Printf("%-9s (absent)\n", name)
	}
}

func ExampleParse() {
	u, err := uri.Parse("foo://user@example.com:8042/over/there?#nose")
	if err != nil {
		panic(err)
	}
	show("scheme", u.Scheme(), u.HasScheme())
	show("userinfo", u.Userinfo(), u.HasUserinfo())
	show("host", u.Host(), u.HasAuthority())
	fmt.Printf("%-9s %v\n", "kind", u.HostKind())
	show("port", u.Port(), u.HasPort())
	show("path", u.Path(), true)
	show("query", u.Query(), u.HasQuery())
	show("fragment", u.Fragment(), u.HasFragment())
	// Output:
	// scheme    "foo"
	// userinfo  "user"
	// host      "example.com"
	// kind      regname
	// port      "8042"
	// path      "/over/there"
	// query     ""
	// fragment  "nose"
}

func ExampleParse_error() {
	_, err := uri.Parse("http://user:secret@exa mple.com/")
	var e *uri.Error
	if errors.As(err, &e) {
		fmt.Println(e.Offset, e.Component, errors.Is(err, uri.ErrInvalidCharacter))
	}
	fmt.Println(err)
	// Output:
	// 22 host true
	// uri: host at offset 22: invalid character
}

func ExampleParseReference() {
	for _, s := range []string{"//example.com", "../a/b", "./a:b", "a:b", "a_b:c", "?", ""} {
		r, err := uri.ParseReference(s)
		if err != nil {
			fmt.Printf("%-14q %v\n", s, err)
			continue
		}
		fmt.Printf("%-14q scheme=%v authority=%v path=%q query=%v\n", s, r.HasScheme(), r.HasAuthority(), r.Path(), r.HasQuery())
	}
	// Output:
	// "//example.com" scheme=false authority=true path="" query=false
	// "../a/b"       scheme=false authority=false path="../a/b" query=false
	// "./a:b"        scheme=false authority=false path="./a:b" query=false
	// "a:b"          scheme=true authority=false path="b" query=false
	// "a_b:c"        uri: path at offset 3: colon in first path segment of a relative reference
	// "?"            scheme=false authority=false path="" query=true
	// ""             scheme=false authority=false path="" query=false
}

func ExampleMustParse() {
	var base = uri.MustParse("http://a/b/c/d;p?q")
	fmt.Println(base.Host(), base.Path(), base.Query())
	// Output: a /b/c/d;p q
}

func ExampleMustParseReference() {
	r := uri.MustParseReference("#section-5.4")
	fmt.Println(r.HasScheme(), r.Fragment())
	// Output: false section-5.4
}

func ExampleURI_Redacted() {
	u := uri.MustParse("amqp://guest:hunter2@rabbit.example/%2F")
	fmt.Println(u.Redacted())
	fmt.Println(u.Userinfo()) // the value itself is lossless
	// Output:
	// amqp://guest:xxxxx@rabbit.example/%2F
	// guest:hunter2
}

func ExampleURI_HostKind() {
	for _, s := range []string{"x://1.2.3.4", "x://01.2.3.4", "x://[::1]", "x://[v1.x]", "x://", "x:/p"} {
		fmt.Println(s, uri.MustParse(s).HostKind())
	}
	// Output:
	// x://1.2.3.4 ipv4
	// x://01.2.3.4 regname
	// x://[::1] ipv6
	// x://[v1.x] ipvfuture
	// x:// regname
	// x:/p none
}

func ExampleURI_Addr() {
	addr, ok := uri.MustParse("http://[2001:db8::1]:8080/").Addr()
	fmt.Println(addr, ok, addr.Is6())
	// Output: 2001:db8::1 true true
}

func ExampleURI_PortNumber() {
	for _, s := range []string{"http://h:080", "http://h:", "http://h", "http://h:70000"} {
		p, ok := uri.MustParse(s).PortNumber()
		fmt.Println(s, p, ok)
	}
	// Output:
	// http://h:080 80 true
	// http://h: 0 false
	// http://h 0 false
	// http://h:70000 0 false
}

func ExampleReference_Segments() {
	for seg := range uri.MustParseReference("/a/b%2Fc//d/").Segments() {
		fmt.Printf("%q ", seg)
	}
	fmt.Println()
	// Output: "a" "b%2Fc" "" "d" ""
}

func ExampleRedact() {
	// Structural where the text parses: the password, credential keys,
	// a nested URI, encoded or not.
	fmt.Println(uri.Redact("https://u:pw@h/cb?next=https%3A%2F%2Fa%3Ab%40c%2F#access_token=t"))
	// The text rules elsewhere: every URI-like piece of the text.
	fmt.Println(uri.Redact("copy ftp://u:pw@h/a and http://v:pw2@g/b"))
	// Output:
	// https://u:xxxxx@h/cb?next=https%3A%2F%2Fa%3Axxxxx%40c%2F#access_token=xxxxx
	// copy ftp://u:xxxxx@h/a and http://v:xxxxx@g/b
}
