package lint_test

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/urikit/urikit/lint"
	"github.com/urikit/urikit/uri"
)

// RFC 3986 7.6's semantic attack: the host is 10.0.0.1, not
// cnn.example.com.
func ExampleURI() {
	u := uri.MustParse("ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm")
	for _, f := range lint.URI(u) {
		fmt.Println(f.Offset, f.Component, f.Code)
	}
	// Output:
	// 6 userinfo userinfo-host
}

// A password is reported, never shown; a rare IPv4 spelling and a port
// of another protocol too.
func ExampleURI_findings() {
	u := uri.MustParse("http://admin:hunter2@0x7f.1:25/a/%2e%2e/etc")
	for _, f := range lint.URI(u) {
		fmt.Println(f.Offset, f.Component, f.Code)
	}
	// Output:
	// 7 userinfo password-present
	// 21 host ipv4-hex
	// 21 host ipv4-short
	// 28 port well-known-port
	// 33 path encoded-dot-segment
}

// String lints text that does not parse: a zone identifier, which RFC 3986
// does not allow, is linted as the URI without it; other text gets
// invalid-uri with uri.Parse's reason.
func ExampleString() {
	for _, s := range []string{"http://[fe80::1%25en0]:80/", "http://h/a b"} {
		for _, f := range lint.String(s) {
			fmt.Println(f.Offset, f.Component, f.Code)
		}
	}
	// Output:
	// 15 host zone-id
	// 23 port default-port
	// 10 path invalid-uri
}

// Findings in running text, with their line and column; a joined URI's
// offsets count its removed whitespace.
func ExampleText() {
	const text = `Connect to http://[::ffff:127.0.0.1]:25/ first,
then <http://example.com/
  a%0D%0Ab>.`
	for f := range lint.Text(text, uri.ExtractOptions{}) {
		fmt.Printf("%d:%d %s\n", f.Line, f.Column, f.Code)
	}
	// Output:
	// 1:20 ipv6-embeds-ipv4
	// 1:38 well-known-port
	// 3:4 encoded-crlf
}

// A finding encodes as JSON with the component's name, and never holds
// the password.
func ExampleFinding_json() {
	enc := json.NewEncoder(os.Stdout)
	for _, f := range lint.String("ftp://user:s3cret@host/") {
		enc.Encode(f)
	}
	// Output:
	// {"code":"password-present","component":"userinfo","offset":6,"message":"a password in the userinfo: \"user:password\" is deprecated, and URIs are logged, displayed and bookmarked","severity":"warning"}
}

func ExampleRules() {
	for _, r := range lint.Rules()[:3] {
		fmt.Printf("%s (%s): %s\n", r.Code, r.Section, r.Example)
	}
	// Output:
	// ipv4-octal (RFC 3986 7.4): http://0177.0.0.1/
	// ipv4-hex (RFC 3986 7.4): http://0x7f.1/
	// ipv4-dword (RFC 3986 7.4): http://2130706433/
}
