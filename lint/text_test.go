package lint_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/urikit/urikit/lint"
	"github.com/urikit/urikit/uri"
)

// tf is a TextFinding without its message.
type tf struct {
	Code             string
	Offset           int
	Line, Column     int
	URIStart, URIEnd int
	Completed        bool
}

func textFindings(text string, opts uri.ExtractOptions) []tf {
	var out []tf
	for f := range lint.Text(text, opts) {
		out = append(out, tf{f.Code, f.Offset, f.Line, f.Column, f.URIStart, f.URIEnd, f.Completed})
	}
	return out
}

func TestText(t *testing.T) {
	tests := []struct {
		name string
		text string
		opts uri.ExtractOptions
		want []tf
	}{
		{"none", "nothing here, http://example.com/ is fine", uri.ExtractOptions{}, nil},
		{"offsets", "see http://h:25/ and\nthen <foo://x/%00>.", uri.ExtractOptions{}, []tf{
			{"well-known-port", 13, 1, 14, 4, 16, false},
			{"unregistered-scheme", 27, 2, 7, 27, 38, false},
			{"encoded-nul", 35, 2, 15, 27, 38, false},
		}},
		// Whitespace inside "<...>" is removed from the URI and counted
		// back: the port is on the second line.
		{"joined", "x <http://exa\n   mple.com:25/a%00b>", uri.ExtractOptions{}, []tf{
			{"well-known-port", 26, 2, 13, 3, 34, false},
			{"encoded-nul", 30, 2, 17, 3, 34, false},
		}},
		// A completed suffix reference: the findings point into the text.
		{"completed", "go to www.example.com:25/a%00 now", uri.ExtractOptions{Suffix: true}, []tf{
			{"well-known-port", 22, 1, 23, 6, 29, true},
			{"encoded-nul", 26, 1, 27, 6, 29, true},
		}},
		// A line broken after a hyphen is read cut and joined; a finding of
		// both readings is reported once.
		{"hyphen", "see http://h:25/very-\nlong%00 ok", uri.ExtractOptions{}, []tf{
			{"well-known-port", 13, 1, 14, 4, 21, false},
			{"encoded-nul", 26, 2, 5, 4, 29, false},
		}},
		{"amqp", "dial amqps://u@broker.example:5672/%2F", uri.ExtractOptions{}, []tf{
			{"tls-on-plain-port", 30, 1, 31, 5, 38, false},
		}},
		// IRIs (RFC 3987) are found whatever the options say, and linted
		// as String lints them: the homograph's host is flagged.
		{"iri homograph", "see http://\u0430pple.com/ now", uri.ExtractOptions{}, []tf{
			{"iri", 11, 1, 12, 4, 22, false},
			{"mixed-script-label", 11, 1, 12, 4, 22, false},
		}},
		{"iri idn host", "B\u00fccher: \u201chttp://www.b\u00fccher.test:25/\u00e4%00\u201d", uri.ExtractOptions{}, []tf{
			{"iri", 24, 1, 25, 12, 44, false},
			{"well-known-port", 36, 1, 37, 12, 44, false},
			{"encoded-nul", 41, 1, 42, 12, 44, false},
		}},
		{"iri joined", "x <http://b\u00fccher.test/\n   \u00e4:25/a%00>", uri.ExtractOptions{}, []tf{
			{"iri", 11, 1, 12, 3, 37, false},
			{"encoded-nul", 34, 2, 11, 3, 37, false},
		}},
		{"iri hyphen", "see http://\u00fcser:pw@h/lang-\nw\u00f6rter%00 ok", uri.ExtractOptions{}, []tf{
			{"iri", 11, 1, 12, 4, 27, false},
			{"password-present", 11, 1, 12, 4, 27, false},
			{"encoded-nul", 35, 2, 8, 4, 38, false},
		}},
		// A typographic hyphen at a line's end is left out of the joined
		// reading, and counted back.
		{"typographic hyphen", "see http://h/lang\u2010\nwort%00 x", uri.ExtractOptions{}, []tf{
			{"encoded-nul", 25, 2, 5, 4, 28, false},
		}},
		{"iri typographic hyphen", "see http://h/l\u00e4ng\u00ad\nwort%00 x", uri.ExtractOptions{}, []tf{
			{"iri", 14, 1, 15, 4, 18, false},
			{"encoded-nul", 25, 2, 5, 4, 28, false},
		}},
		{"iri cjk", "\u8a73\u3057\u304f\u306fhttp://\u4f8b\u3048.jp:25/\u3002", uri.ExtractOptions{}, []tf{
			{"iri", 19, 1, 20, 12, 32, false},
			{"well-known-port", 29, 1, 30, 12, 32, false},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := textFindings(tt.text, tt.opts)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Text(%q) (-want +got):\n%s", tt.text, diff)
			}
			checkText(t, tt.text, tt.opts)
		})
	}
}

// checkText checks what holds for every finding of Text: its offset lies
// in its match and in text, its line and column are the offset's, and
// (outside a completion's prefix) the byte there is the URI's byte that
// URI's finding points at, or for an IRI the IRI's byte that String's
// finding points at.
func checkText(t *testing.T, text string, opts uri.ExtractOptions) {
	t.Helper()
	opts.IRI = true // as Text sets it
	var matches []uri.Match
	for m := range uri.Extract(text, opts) {
		matches = append(matches, m)
	}
	for f := range lint.Text(text, opts) {
		if !checkPlace(t, text, f) {
			continue
		}
		for _, m := range matches {
			if m.Offset != f.URIStart || m.End != f.URIEnd {
				continue
			}
			ufs, s := lint.URI(m.URI), m.URI.String()
			if m.IRI {
				ufs, s = lint.String(m.Text), m.Text
			}
			for _, uf := range ufs {
				if uf.Code != f.Code || uf.Component != f.Component {
					continue
				}
				prefix := 0
				if m.Completed {
					prefix = len(s) - len(m.Text)
				}
				if uf.Offset >= prefix && uf.Offset < len(s) && f.Offset < len(text) && s[uf.Offset] != text[f.Offset] && !m.Joined {
					t.Errorf("Text(%q): %s at %d reads %q, the URI %q at %d", text, f.Code, f.Offset, text[f.Offset], s[uf.Offset], uf.Offset)
				}
			}
		}
	}
}

// Text stops when the loop breaks.
func TestTextBreak(t *testing.T) {
	n := 0
	for range lint.Text("http://h:25/ http://h:26/ http://h:27/", uri.ExtractOptions{}) {
		n++
		if n == 2 {
			break
		}
	}
	if n != 2 {
		t.Errorf("the loop ran %d times, want 2", n)
	}
}

// checkPlace checks that a finding of Text in text lies inside its match
// and that its line and column (1-based, in bytes) are those of its
// offset; it reports whether the finding lies inside its match.
func checkPlace(t *testing.T, text string, f lint.TextFinding) bool {
	t.Helper()
	if f.Offset < f.URIStart || f.Offset > f.URIEnd || f.URIEnd > len(text) {
		t.Errorf("Text(%q): %s at %d outside its match %d-%d", text, f.Code, f.Offset, f.URIStart, f.URIEnd)
		return false
	}
	line := 1 + strings.Count(text[:f.Offset], "\n")
	col := 1 + f.Offset - (strings.LastIndexByte(text[:f.Offset], '\n') + 1)
	if f.Line != line || f.Column != col {
		t.Errorf("Text(%q): %s at %d is %d:%d, want %d:%d", text, f.Code, f.Offset, f.Line, f.Column, line, col)
	}
	return true
}
