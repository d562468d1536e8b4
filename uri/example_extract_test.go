package uri_test

import (
	"fmt"
	"strings"

	"github.com/urikit/urikit/uri"
)

// The example of RFC 3986 Appendix C: a URI in double quotes, and two in
// angle brackets broken over lines.
func ExampleExtract() {
	const text = `Yes, Jim, I found it under "http://www.w3.org/Addressing/",
but you can probably pick it up from <ftp://foo.example.
com/rfc/>. Note the warning in <http://www.ics.uci.edu/pub/
ietf/uri/historical.html#WARNING>.`
	for m := range uri.Extract(text, uri.ExtractOptions{}) {
		fmt.Printf("%d:%d %s\n", m.Line, m.Column, m.URI)
	}
	// Output:
	// 1:29 http://www.w3.org/Addressing/
	// 2:39 ftp://foo.example.com/rfc/
	// 3:33 http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING
}

// Trailing punctuation is dropped in running text, but not inside quotes
// or angle brackets; a line break after a hyphen gives two readings.
func ExampleExtract_delimiting() {
	const text = `Read http://example.com/a. (Or "http://example.com/b.",
see http://en.example.org/wiki/Foo_(bar)), and <URL:http://example.com/c!>
or http://example.com/very-
long/path.`
	for m := range uri.Extract(text, uri.ExtractOptions{}) {
		fmt.Printf("%-5v %-6v %s\n", m.Delim, m.Hyphen, m.Text)
	}
	// Output:
	// text  none   http://example.com/a
	// quote none   http://example.com/b.
	// text  none   http://en.example.org/wiki/Foo_(bar)
	// angle none   http://example.com/c!
	// text  cut    http://example.com/very-
	// text  joined http://example.com/very-long/path
}

// Suffix references are completed only when asked, and say so; Keep
// filters what is reported.
func ExampleExtract_suffix() {
	const text = "Visit www.example.com/tides or ftp.example.net/pub, not localhost:8080."
	opts := uri.ExtractOptions{
		Suffix: true,
		Keep:   func(u uri.URI) bool { return u.Scheme() != "localhost" },
	}
	for m := range uri.Extract(text, opts) {
		fmt.Printf("%q completed=%v -> %s\n", m.Text, m.Completed, m.URI)
	}
	// Output:
	// "www.example.com/tides" completed=true -> http://www.example.com/tides
	// "ftp.example.net/pub" completed=true -> ftp://ftp.example.net/pub
}

// IRIs (RFC 3987) in text, found with the IRI option: each is reported as
// written and as the URI it maps to (RFC 3987 3.1). The Cyrillic "а" of
// the first host shows in its punycode; a bidi control ends a candidate.
func ExampleExtract_iri() {
	text := "Sign in at http://\u0430pple.com/login, see \u201chttp://www.b\u00fccher.test/stra\u00dfe\u201d or http://example.com/a\u202eb."
	for m := range uri.Extract(text, uri.ExtractOptions{IRI: true}) {
		fmt.Printf("%d: %s (IRI %t) -> %s\n", m.Offset, m.Text, m.IRI, m.URI)
	}
	// Output:
	// 11: http://аpple.com/login (IRI true) -> http://xn--pple-43d.com/login
	// 43: http://www.bücher.test/straße (IRI true) -> http://www.xn--bcher-kva.test/stra%C3%9Fe
	// 81: http://example.com/a (IRI false) -> http://example.com/a
}

func ExampleExtractReader() {
	r := strings.NewReader("GET https://example.com/a 200\nGET https://example.com/b 404\n")
	x := uri.ExtractReader(r, uri.ExtractOptions{})
	for m := range x.All() {
		fmt.Printf("offset %d line %d: %s\n", m.Offset, m.Line, m.URI.Path())
	}
	if err := x.Err(); err != nil {
		fmt.Println(err)
	}
	fmt.Println("skipped:", x.Skipped())
	// Output:
	// offset 4 line 1: /a
	// offset 34 line 2: /b
	// skipped: 0
}

func ExampleCompleteSuffix() {
	for _, s := range []string{"www.w3.org/Addressing/", "ftp.example.net/pub", "ftp.log", "example.com/x"} {
		u, ok := uri.CompleteSuffix(s)
		fmt.Printf("%-23s %-5v %q\n", s, ok, u)
	}
	// Output:
	// www.w3.org/Addressing/  true  "http://www.w3.org/Addressing/"
	// ftp.example.net/pub     true  "ftp://ftp.example.net/pub"
	// ftp.log                 false ""
	// example.com/x           false ""
}

// A reader that extracts in parallel cuts its text where ExtractCut says,
// here at the last cut in the next 16 bytes or more, and extracts each
// chunk on its own: a URI broken over lines in angle brackets, or after a
// hyphen, is never cut apart.
func ExampleExtractCut() {
	text := []byte("see <https://example.com/\n  a> and https://example.com/b-\nc then\n")
	opts := uri.ExtractOptions{}
	for from := 0; from < len(text); {
		n := min(16, len(text)-from)
		c := uri.ExtractCut(text[from:from+n], 0, opts)
		for c == 0 && from+n < len(text) { // no cut yet: read on
			n++
			c = uri.ExtractCut(text[from:from+n], n-1, opts)
		}
		if c == 0 {
			c = n // the end of the text
		}
		fmt.Printf("chunk %q\n", text[from:from+c])
		for m := range uri.Extract(string(text[from:from+c]), opts) {
			fmt.Printf("\toffset %d: %s (%v)\n", from+m.Offset, m.URI, m.Hyphen)
		}
		from += c
	}
	// Output:
	// chunk "see "
	// chunk "<https://example.com/\n  a> "
	// 	offset 5: https://example.com/a (none)
	// chunk "and "
	// chunk "https://example.com/b-\nc "
	// 	offset 35: https://example.com/b- (cut)
	// 	offset 35: https://example.com/b-c (joined)
	// chunk "then\n"
}
