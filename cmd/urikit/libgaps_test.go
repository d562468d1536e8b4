//go:build libgaps

package main

// Run with: go test -tags libgaps -run TestRedactLibrary ./cmd/urikit
//
// What uri.Redact should mask by itself. The command line masks these
// already (it reads a line as one word, see maskText); programs that call
// uri.Redact or amqp.Redact on text do not get them masked.

import (
	"testing"

	"github.com/urikit/urikit/scheme/amqp"
	"github.com/urikit/urikit/uri"
)

func TestRedactLibrary(t *testing.T) {
	tests := []struct{ in, want string }{
		// "'" is a sub-delim (RFC 3986 2.2), allowed in a userinfo, and not
		// one of Appendix C's delimiters (double quotes, angle brackets,
		// white space): the password of a valid URI, which Redacted masks.
		{"http://u:p'w@h/", "http://u:xxxxx@h/"},
		{"http://a/?next=ftp://u:p'w@h/", "http://a/?next=ftp:xxxxx@h/"},
		{"see 'http://u:pw@h/' here", "see 'http://u:xxxxx@h/' here"},
	}
	for _, tt := range tests {
		if got := uri.Redact(tt.in); got != tt.want {
			t.Errorf("uri.Redact(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got := amqp.Redact(tt.in); got != tt.want {
			t.Errorf("amqp.Redact(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if r := uri.MustParse("http://u:p'w@h/"); uri.Redact(r.String()) != r.Redacted() {
		t.Errorf("uri.Redact and URI.Redacted disagree on a valid URI with \"'\" in its password")
	}
}
