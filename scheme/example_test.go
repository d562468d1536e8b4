package scheme_test

import (
	"errors"
	"fmt"

	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/uri"
)

// A plugin registers its scheme from an init function. This one is
// gopher (RFC 4266: default port 70); a private Registry keeps the example
// from touching the default one.
func ExampleRegister() {
	r := scheme.NewRegistry()
	r.Register(scheme.Scheme{
		Name:        "gopher",
		DefaultPort: 70,
		Validate: func(u uri.URI) error {
			if u.Host() == "" {
				return &uri.Error{Component: uri.ComponentHost, Err: scheme.ErrEmptyHost}
			}
			return nil
		},
	})
	fmt.Println(r.Normalize(uri.MustParse("GOPHER://Example.ORG:070/1/a")))
	err := r.Validate(uri.MustParse("gopher:///1/a"))
	fmt.Println(errors.Is(err, scheme.ErrEmptyHost))
	s, ok := r.Lookup("Gopher")
	fmt.Println(s.Name, s.DefaultPort, ok)
	// Output:
	// gopher://example.org/1/a
	// true
	// gopher 70 true
}

// The comparison ladder of RFC 3986 6.2: the lowest rung at which two URIs
// are equal says why they match.
func Example_ladder() {
	pairs := [][2]string{
		{"http://example.com/", "http://example.com/"},
		{"example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d"},
		{"http://example.com", "http://example.com:80/"},
		{"mailto:Joe@Example.COM", "mailto:Joe@example.com"},
		{"http://example.com/data", "http://example.com/data/"},
	}
	for _, p := range pairs {
		a, b := uri.MustParse(p[0]), uri.MustParse(p[1])
		fmt.Printf("%-7s %s %s\n", scheme.Ladder(a, b), a, b)
	}
	// Output:
	// string  http://example.com/ http://example.com/
	// syntax  example://a/b/c/%7Bfoo%7D eXAMPLE://a/./b/../b/%63/%7bfoo%7d
	// scheme  http://example.com http://example.com:80/
	// scheme  mailto:Joe@Example.COM mailto:Joe@example.com
	// none    http://example.com/data http://example.com/data/
}

// Scheme-based normalization (RFC 3986 6.2.3) after syntax-based
// normalization (6.2.2).
func ExampleNormalize() {
	for _, s := range []string{
		"HTTP://Example.COM:80",
		"https://example.com:443/a/./b?",
		"file://localhost/etc/hosts",
		"urn:ISBN:0-395-36341-1",
		"foo://h:/x",
	} {
		fmt.Println(scheme.Normalize(uri.MustParse(s)))
	}
	// Output:
	// http://example.com/
	// https://example.com/a/b?
	// file:///etc/hosts
	// urn:isbn:0-395-36341-1
	// foo://h/x
}

// Validate checks what a scheme's specification adds to RFC 3986.
func ExampleValidate() {
	err := scheme.Validate(uri.MustParse("http://:8080/"))
	var e *uri.Error
	fmt.Println(errors.As(err, &e), e.Offset, e.Component, errors.Is(err, scheme.ErrEmptyHost))
	fmt.Println(scheme.Validate(uri.MustParse("ws://example.com/chat#x")))
	fmt.Println(scheme.Validate(uri.MustParse("unknown:anything")))
	// Output:
	// true 7 host true
	// uri: fragment at offset 21: scheme does not allow a fragment
	// <nil>
}

func ExampleRedact() {
	// A URI that parses is masked structurally: no other byte changes.
	fmt.Println(scheme.Redact("https://app:s3cret@api.example/v1?access_token=abc&page=2#top"))
	fmt.Println(scheme.Redact("jdbc:sqlserver://db;user=app;password=s3cret"))
	fmt.Println(scheme.Redact("root:s3cret@tcp(db:3306)/app"))
	// A URI that only looks like a password cut short shows as it parses.
	fmt.Println(scheme.Redact("http://localhost:4873/@types/node"))
	// Text that does not parse gets the text rules.
	fmt.Println(scheme.Redact("connect postgres://app:s3cret failed"))
	// Output:
	// https://app:xxxxx@api.example/v1?access_token=xxxxx&page=2#top
	// jdbc:sqlserver://db;user=app;password=xxxxx
	// root:xxxxx@tcp(db:3306)/app
	// http://localhost:4873/@types/node
	// connect postgres://app:xxxxx failed
}
