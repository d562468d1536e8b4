package uri_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime/quotedprintable"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/urikit/urikit/internal/golden"
	"github.com/urikit/urikit/uri"
)

// short describes a match in one line for the tables: position, how it
// was delimited, its flags and its text, and the URI when it differs.
func short(m uri.Match) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d:%d %v", m.Line, m.Column, m.Delim)
	if m.Hyphen != uri.HyphenNone {
		fmt.Fprintf(&b, " %v", m.Hyphen)
	}
	if m.Joined {
		b.WriteString(" joined")
	}
	if m.IRI {
		b.WriteString(" iri")
	}
	fmt.Fprintf(&b, " %s", m.Text)
	if m.Completed || m.IRI {
		fmt.Fprintf(&b, " -> %s", m.URI)
	}
	return b.String()
}

// extractTests: one row, one input; want lists every match in order.
var extractTests = []struct {
	name string
	in   string
	opts uri.ExtractOptions
	want []string
}{
	{
		name: "appendix C",
		in: "Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n" +
			"but you can probably pick it up from <ftp://foo.example.\n" +
			"com/rfc/>. Note the warning in <http://www.ics.uci.edu/pub/\n" +
			"ietf/uri/historical.html#WARNING>.\n",
		want: []string{
			"1:29 quote http://www.w3.org/Addressing/",
			"2:39 angle joined ftp://foo.example.com/rfc/",
			"3:33 angle joined http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
		},
	},
	{name: "whitespace", in: "a http://a/b\tftp://c/d\r\nmailto:x@y", want: []string{
		"1:3 text http://a/b", "1:14 text ftp://c/d", "2:1 text mailto:x@y"}},
	{name: "empty", in: "", want: nil},
	{name: "no scheme", in: "see example.com/a and //b/c or /d:e", want: nil},
	{name: "trailing punctuation", in: "http://a/b. http://a/c, http://a/d; http://a/e: http://a/f! http://a/g?! http://a/h...", want: []string{
		"1:1 text http://a/b", "1:13 text http://a/c", "1:25 text http://a/d", "1:37 text http://a/e",
		"1:49 text http://a/f", "1:61 text http://a/g", "1:74 text http://a/h"}},
	{name: "query kept", in: "http://a/?q=1&r=(x)", want: []string{"1:1 text http://a/?q=1&r=(x)"}},
	{name: "parentheses", in: "(see http://a/b) (http://a/c_(d)) [http://a/e] [http://[::1]/]", want: []string{
		"1:6 text http://a/b", "1:19 text http://a/c_(d)", "1:36 text http://a/e", "1:49 text http://[::1]/"}},
	{name: "quoted keeps punctuation", in: `"http://a/b." 'http://a/c.' "see http://a/d."`, want: []string{
		"1:2 quote http://a/b.", "1:16 text http://a/c", "1:34 text http://a/d"}},
	{name: "emphasis", in: "*http://a/b* **http://a/c** _http://a/d_ http://a/e_", want: []string{
		"1:2 text http://a/b", "1:16 text http://a/c", "1:30 text http://a/d", "1:42 text http://a/e_"}},
	{name: "URL prefix", in: "URL:http://a/b url:ftp://c/ <URL:mailto:x@y> <url: http://d/e> URL: http://f/", want: []string{
		"1:5 text http://a/b", "1:20 text ftp://c/", "1:34 angle mailto:x@y", "1:52 angle http://d/e", "1:69 text http://f/"}},
	{name: "scheme run", in: "url=http://a/ ...http://b/ x-y+z.w:q 2024-01-01T12:00:00Z 12:30 -1a:b", want: []string{
		"1:5 text http://a/", "1:18 text http://b/", "1:28 text x-y+z.w:q"}},
	{name: "colon words", in: "Note: this. e.g.: that. Contact:mailto:a@b", want: []string{
		"1:25 text Contact:mailto:a@b"}},
	{name: "invalid candidates consumed", in: "http://example.com/café http://a/%zz http://a/b%2 x", want: nil},
	{name: "bytes no URI holds", in: "http://a/b|c | http://a/{id} \\url{http://t/x} http://h/^2", want: []string{
		"1:1 text http://a/b", "1:16 text http://a/", "1:35 text http://t/x", "1:47 text http://h/"}},
	{name: "dashes and arrows", in: "http://a/b—see http://c/–d http://e/→f http://g/‐h http://i/\u00adj", want: []string{
		"1:1 text http://a/b", "1:18 text http://c/", "1:32 text http://e/", "1:46 text http://g/", "1:60 text http://i/"}},
	{name: "typographic hyphen at line end", in: "see http://example.com/a/very/long‐\n  path/x and http://b/c\u00ad\nd.", want: []string{
		"1:5 text cut http://example.com/a/very/long", "1:5 text joined joined http://example.com/a/very/longpath/x",
		"2:14 text cut http://b/c", "2:14 text joined joined http://b/cd"}},
	{name: "delimiters", in: "`http://a/` <b>http://c/</b> “http://d/” «http://e/» （http://f/） http://g/…", want: []string{
		"1:2 text http://a/", "1:16 text http://c/", "1:33 text http://d/", "1:48 text http://e/",
		"1:63 text http://f/", "1:76 text http://g/"}},
	{name: "nbsp", in: "go\u00a0http://a/b\u00a0now", want: []string{"1:5 text http://a/b"}},
	{name: "hyphen", in: "see http://a/long-\n  name/x and more", want: []string{
		"1:5 text cut http://a/long-", "1:5 text joined joined http://a/long-name/x"}},
	{name: "hyphen CRLF and spaces", in: "http://a/b- \t\r\n\tc.", want: []string{
		"1:1 text cut http://a/b-", "1:1 text joined joined http://a/b-c"}},
	{name: "hyphen twice", in: "http://a/b-\nc-\nd", want: []string{
		"1:1 text cut http://a/b-", "1:1 text joined joined http://a/b-c-d"}},
	{name: "hyphen blank line", in: "http://a/b-\n\nc", want: []string{"1:1 text http://a/b-"}},
	{name: "hyphen then delimiter", in: "http://a/b-\n<c>", want: []string{"1:1 text http://a/b-"}},
	{name: "hyphen then URI", in: "http://a/b-\nhttp://c/ d-\n e:f", want: []string{
		"1:1 text http://a/b-", "2:1 text http://c/", "3:2 text e:f"}},
	{name: "hyphen no break", in: "http://a/b- c", want: []string{"1:1 text http://a/b-"}},
	{name: "hyphen joined invalid", in: "http://a/b-\n%zz", want: []string{"1:1 text cut http://a/b-"}},
	{name: "hyphen before a delimiter", in: "http://a/b-\n|c", want: []string{"1:1 text http://a/b-"}},
	{name: "hyphen joined trimmed back", in: "http://a/b-\n.", want: []string{"1:1 text cut http://a/b-"}},
	{name: "hyphen in brackets", in: "<http://a/b-\n c>", want: []string{"1:2 angle joined joined http://a/b-c"}},
	{name: "typographic hyphen in brackets", in: "see <https://www.gnu.org/soft\u2010\n  ware/coreutils/> <http://a/b\u00ad\nc> <http://a/b\u2010c>", want: []string{"1:6 angle joined joined https://www.gnu.org/software/coreutils/", "2:21 angle joined joined http://a/bc"}},
	{name: "typographic hyphen in brackets iri", in: "<http://a/b\u2010\n c> <A:\u2010\n>", opts: iriOpts, want: []string{"1:2 angle joined joined http://a/bc", "2:6 angle A:"}},
	{name: "mathematical angle brackets", in: "see \u27e8https://rsync.samba.org/\u27e9. \u27e6http://a/\u27e7", want: []string{"1:8 text https://rsync.samba.org/", "1:40 text http://a/"}},
	{name: "brackets spaces", in: "< http://a/\n  b/ >", want: []string{"1:3 angle joined http://a/b/"}},
	{name: "brackets keep punctuation", in: "<http://a/b.>", want: []string{"1:2 angle http://a/b."}},
	{name: "bracket not a URI", in: "<b>x</b> <a href=\"http://a/\">", want: []string{"1:19 quote http://a/"}},
	{name: "bracket unclosed", in: "<http://a/b and http://c/", want: []string{"1:2 text http://a/b", "1:17 text http://c/"}},
	{name: "bracket blank line", in: "<http://a/\n\nb>", want: []string{"1:2 text http://a/"}},
	{name: "bracket nested", in: "<http://a/ <http://b/>", want: []string{"1:2 text http://a/", "1:13 angle http://b/"}},
	{name: "bracket quote", in: `<http://a/ "t">`, want: []string{"1:2 text http://a/"}},
	{name: "bracket then text", in: "<http://a/>foo:bar", want: []string{"1:2 angle http://a/", "1:12 text foo:bar"}},
	{name: "bracket invalid", in: "<http://a/ b%zz>", want: nil},
	{name: "bracket ended by a byte no URI holds", in: "<http://a/ b|c>", want: []string{"1:2 text http://a/"}},
	{name: "lines and columns", in: "x\n\n  \thttp://a/\r\nÿ http://b/", want: []string{"3:4 text http://a/", "4:4 text http://b/"}},
	{
		name: "suffix",
		in:   "www.example.com/a, (WWW.Example.Com) ftp.example.net/pub. xwww.a.b/ ftp.log www.conf www.a.example@evil.example www.example.com:8080/x www.a-b.example.",
		opts: uri.ExtractOptions{Suffix: true},
		want: []string{
			"1:1 text www.example.com/a -> http://www.example.com/a",
			"1:21 text WWW.Example.Com -> http://WWW.Example.Com",
			"1:38 text ftp.example.net/pub -> ftp://ftp.example.net/pub",
			"1:113 text www.example.com:8080/x -> http://www.example.com:8080/x",
			"1:136 text www.a-b.example -> http://www.a-b.example",
		},
	},
	{name: "suffix off", in: "www.example.com/a www.example.com:8080/x", want: []string{"1:19 text www.example.com:8080/x"}},
	{
		name: "suffix delimited",
		in:   "<www.example.com/a> <URL:www.example.com/b> \"www.example.com/c.\" URL:www.example.com/d «www.example.com/e»",
		opts: uri.ExtractOptions{Suffix: true},
		want: []string{
			"1:2 angle www.example.com/a -> http://www.example.com/a",
			"1:26 angle www.example.com/b -> http://www.example.com/b",
			"1:46 quote www.example.com/c. -> http://www.example.com/c.",
			"1:70 text www.example.com/d -> http://www.example.com/d",
			"1:90 text www.example.com/e -> http://www.example.com/e",
		},
	},
	{name: "suffix in a URI", in: "http://www.example.com/ www.", opts: uri.ExtractOptions{Suffix: true}, want: []string{"1:1 text http://www.example.com/"}},
	{
		name: "keep",
		in:   "http://a/ localhost:8080 jdbc:mysql://db/x mailto:x@y",
		opts: uri.ExtractOptions{Keep: func(u uri.URI) bool { return u.Scheme() == "http" || u.Scheme() == "mailto" }},
		want: []string{"1:1 text http://a/", "1:44 text mailto:x@y"},
	},
	{name: "no keep", in: "localhost:8080 jdbc:mysql://db/x", want: []string{"1:1 text localhost:8080", "1:16 text jdbc:mysql://db/x"}},
	{name: "max len", in: "http://a/bcdef http://a/b <http://a/bcdefghijkl> http://a/-\nbcdef", opts: uri.ExtractOptions{MaxLen: 10},
		want: []string{"1:16 text http://a/b", "1:50 text http://a/-"}},
	{name: "max len scheme run", in: "abcdefghijk:x abc:x", opts: uri.ExtractOptions{MaxLen: 10}, want: []string{"1:15 text abc:x"}},

	// Found by FuzzExtract: the cut reading drops the "!" before the
	// typographic hyphen.
	{name: "typographic hyphen after punctuation", in: "a:b!\u00ad\nc", want: []string{"1:1 text cut a:b", "1:1 text joined joined a:b!c"}},

	// IRIs (ExtractOptions.IRI, RFC 3987 2.2) in prose, their delimiters
	// and the near misses.
	{name: "iri off", in: "see http://\u0430pple.com/ and http://a/caf\u00e9", want: nil},
	{name: "iri homograph", in: "see http://\u0430pple.com/ now", opts: iriOpts, want: []string{"1:5 text iri http://\u0430pple.com/ -> http://xn--pple-43d.com/"}},
	{name: "iri idn host", in: "B\u00fccher: http://www.b\u00fccher.test/.", opts: iriOpts, want: []string{"1:10 text iri http://www.b\u00fccher.test/ -> http://www.xn--bcher-kva.test/"}},
	{name: "iri ascii before a word", in: "http://example.com/ f\u00fcr mehr, http://example.com/\u00a0f\u00fcr", opts: iriOpts, want: []string{"1:1 text http://example.com/", "1:32 text http://example.com/"}},
	{name: "iri cjk after", in: "\u8a73\u3057\u304f\u306fhttp://example.com/\u3092\u53c2\u7167\u3002\u6b21", opts: iriOpts, want: []string{"1:13 text iri http://example.com/\u3092\u53c2\u7167 -> http://example.com/%E3%82%92%E5%8F%82%E7%85%A7"}},
	{name: "iri cjk punctuation", in: "\u30ea\u30f3\u30af\uff1ahttp://\u4f8b\u3048.jp/\u3001http://\u4f8b\u3048.jp/a\uff0chttp://\u4f8b\u3048.jp/b\uff0e http://\u4f8b\u3048.jp/c\u3009 \u3008http://\u4f8b\u3048.jp/d\u3009 http://\u4f8b\u3048.jp/e\uff3dx http://\u4f8b\u3048.jp/f\uff61", opts: iriOpts, want: []string{"1:13 text iri http://\u4f8b\u3048.jp/ -> http://xn--r8jz45g.jp/", "1:33 text iri http://\u4f8b\u3048.jp/a -> http://xn--r8jz45g.jp/a", "1:54 text iri http://\u4f8b\u3048.jp/b -> http://xn--r8jz45g.jp/b", "1:76 text iri http://\u4f8b\u3048.jp/c -> http://xn--r8jz45g.jp/c", "1:101 text iri http://\u4f8b\u3048.jp/d -> http://xn--r8jz45g.jp/d", "1:123 text iri http://\u4f8b\u3048.jp/e -> http://xn--r8jz45g.jp/e", "1:146 text iri http://\u4f8b\u3048.jp/f -> http://xn--r8jz45g.jp/f"}},
	{name: "iri typographic quotes", in: "\u201chttp://\u4f8b\u3048.jp/\u30d1\u30b9\u201d \u00abhttp://b\u00fccher.test/\u00bb \u2018http://b\u00fccher.test/x\u2019 \"http://b\u00fccher.test/y.\"", opts: iriOpts, want: []string{"1:4 text iri http://\u4f8b\u3048.jp/\u30d1\u30b9 -> http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9", "1:33 text iri http://b\u00fccher.test/ -> http://xn--bcher-kva.test/", "1:59 text iri http://b\u00fccher.test/x -> http://xn--bcher-kva.test/x", "1:85 quote iri http://b\u00fccher.test/y. -> http://xn--bcher-kva.test/y."}},
	{name: "iri spaces", in: "http://a/\u00e9\u00a0b http://a/\u00e9\u2000c http://a/\u00e9\u200ad http://a/\u00e9\u3000e http://a/\u00e9\u2028f http://a/\u00e9\u2029g http://a/\u00e9\u0085h", opts: iriOpts, want: []string{"1:1 text iri http://a/\u00e9 -> http://a/%C3%A9", "1:16 text iri http://a/\u00e9 -> http://a/%C3%A9", "1:32 text iri http://a/\u00e9 -> http://a/%C3%A9", "1:48 text iri http://a/\u00e9 -> http://a/%C3%A9", "1:64 text iri http://a/\u00e9 -> http://a/%C3%A9", "1:80 text iri http://a/\u00e9 -> http://a/%C3%A9", "1:96 text iri http://a/\u00e9 -> http://a/%C3%A9"}},
	{name: "iri dashes arrows", in: "http://a/\u00e9\u2014b http://a/\u00e9\u2015c http://a/\u00e9\u2192d http://a/\u00e9\u21ffe", opts: iriOpts, want: []string{"1:1 text iri http://a/\u00e9 -> http://a/%C3%A9", "1:17 text iri http://a/\u00e9 -> http://a/%C3%A9", "1:33 text iri http://a/\u00e9 -> http://a/%C3%A9", "1:49 text iri http://a/\u00e9 -> http://a/%C3%A9"}},
	{name: "iri line-end hyphen", in: "http://b\u00fccher.test/lang-\n  wort ok http://b\u00fccher.test/lang\u2010\nwort http://b\u00fccher.test/k\u00fcr\u00ad\nzer", opts: iriOpts, want: []string{"1:1 text cut iri http://b\u00fccher.test/lang- -> http://xn--bcher-kva.test/lang-", "1:1 text joined joined iri http://b\u00fccher.test/lang-wort -> http://xn--bcher-kva.test/lang-wort", "2:11 text cut iri http://b\u00fccher.test/lang -> http://xn--bcher-kva.test/lang", "2:11 text joined joined iri http://b\u00fccher.test/langwort -> http://xn--bcher-kva.test/langwort", "3:6 text cut iri http://b\u00fccher.test/k\u00fcr -> http://xn--bcher-kva.test/k%C3%BCr", "3:6 text joined joined iri http://b\u00fccher.test/k\u00fcrzer -> http://xn--bcher-kva.test/k%C3%BCrzer"}},
	{name: "iri hyphen before a bidi control", in: "http://a/\u00e9-\n\u202eb", opts: iriOpts, want: []string{"1:1 text iri http://a/\u00e9- -> http://a/%C3%A9-"}},
	{name: "iri bidi controls", in: "http://a/b\u202egnp.exe http://a/\u00e9\u200fc http://a/\u00e9\u2066d http://a/\u00e9\u061ce", opts: iriOpts, want: []string{"1:1 text http://a/b", "1:22 text iri http://a/\u00e9 -> http://a/%C3%A9", "1:38 text iri http://a/\u00e9 -> http://a/%C3%A9", "1:54 text iri http://a/\u00e9 -> http://a/%C3%A9"}},
	{name: "iri invalid utf-8", in: "http://a/\u00e9\xffhttp://b/ http://a/\xe2\x80 x http://a/\u00e9\xc3", opts: iriOpts, want: []string{"1:1 text iri http://a/\u00e9 -> http://a/%C3%A9", "1:13 text http://b/", "1:23 text http://a/", "1:37 text iri http://a/\u00e9 -> http://a/%C3%A9"}},
	{name: "iri not ucschar", in: "http://a/b\ufffdc http://a/\u00e9\u0080d http://a/\u00e9\ufdd0e", opts: iriOpts, want: []string{"1:1 text http://a/b", "1:16 text iri http://a/\u00e9 -> http://a/%C3%A9", "1:31 text iri http://a/\u00e9 -> http://a/%C3%A9"}},
	{name: "iri iprivate", in: "http://a/\ue000?q http://a/?q=\ue000#f\ue000 http://a/?q=\U000f0000", opts: iriOpts, want: []string{"1:1 text http://a/", "1:16 text iri http://a/?q=\ue000#f -> http://a/?q=%EE%80%80#f", "1:37 text iri http://a/?q=\U000f0000 -> http://a/?q=%F3%B0%80%80"}},
	{name: "iri brackets", in: "<http://\u4f8b\u3048.jp/\n  \u30d1\u30b9> <http://a/\u00e9\u00a0b> <http://a/\u00e9\u202ec>", opts: iriOpts, want: []string{"1:2 angle joined iri http://\u4f8b\u3048.jp/\u30d1\u30b9 -> http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9", "2:12 text iri http://a/\u00e9 -> http://a/%C3%A9", "2:29 text iri http://a/\u00e9 -> http://a/%C3%A9"}},
	{name: "iri rejected", in: "http://a_b.\u4f8b/ x http://[::1\u00e9]/ mailto:\u00e9@\u00e9", opts: iriOpts, want: []string{"1:35 text iri mailto:\u00e9@\u00e9 -> mailto:%C3%A9@%C3%A9"}},
	{name: "iri ascii unchanged", in: "(http://a/b). <URL:http://a/c> \"http://a/d.\" www.example.com/\u00e9", opts: uri.ExtractOptions{IRI: true, Suffix: true}, want: []string{"1:2 text http://a/b", "1:20 angle http://a/c", "1:33 quote http://a/d."}},
}

// iriOpts finds IRIs.
var iriOpts = uri.ExtractOptions{IRI: true}

func TestExtract(t *testing.T) {
	for _, tt := range extractTests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for m := range uri.Extract(tt.in, tt.opts) {
				got = append(got, short(m))
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Extract(%q) (-want +got):\n%s", tt.in, diff)
			}
			checkMatches(t, tt.in, tt.opts, collect(uri.Extract(tt.in, tt.opts)))
		})
	}
}

// long describes a match for the golden files: short's line with the
// byte offsets.
func long(m uri.Match) string {
	s := short(m)
	pos, rest, _ := strings.Cut(s, " ")
	return fmt.Sprintf("%s %d-%d %s", pos, m.Offset, m.End, rest)
}

// The golden files testdata/extract/NAME.golden list the matches, with
// Suffix set, in testdata/extract/NAME (Markdown, an RFC-style text, a
// quoted-printable mail, log lines, JSON). Rewrite them with
// go test ./uri -run TestExtractGolden -update and review the diff.
func TestExtractGolden(t *testing.T) {
	names, err := filepath.Glob("testdata/extract/*")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, name := range names {
		if strings.HasSuffix(name, ".golden") {
			continue
		}
		n++
		t.Run(filepath.Base(name), func(t *testing.T) {
			in, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			opts := uri.ExtractOptions{Suffix: true}
			ms := collect(uri.Extract(string(in), opts))
			checkMatches(t, string(in), opts, ms)
			var b bytes.Buffer
			for _, m := range ms {
				fmt.Fprintln(&b, long(m))
			}
			golden.Check(t, name+".golden", b.Bytes())
			x := uri.ExtractReader(&chunkReader{string(in), 1}, opts)
			if got := collect(x.All()); !equalMatches(ms, got) || x.Err() != nil {
				t.Errorf("ExtractReader differs from Extract (error %v)", x.Err())
			}
		})
	}
	if n < 5 {
		t.Errorf("found %d inputs in testdata/extract, want 5", n)
	}
}

// TestExtractQuotedPrintable: the mail's URIs come out whole once its
// body is decoded, as the package doc advises; undecoded, the golden file
// shows them cut at the soft line breaks.
func TestExtractQuotedPrintable(t *testing.T) {
	in, err := os.ReadFile("testdata/extract/mail.eml")
	if err != nil {
		t.Fatal(err)
	}
	_, body, ok := bytes.Cut(in, []byte("\r\n\r\n"))
	if !ok {
		t.Fatal("mail.eml has no body")
	}
	x := uri.ExtractReader(quotedprintable.NewReader(bytes.NewReader(body)), uri.ExtractOptions{Suffix: true})
	var got []string
	for m := range x.All() {
		got = append(got, m.URI.String())
	}
	if x.Err() != nil {
		t.Fatal(x.Err())
	}
	want := []string{
		"https://data.example.net/gauges/brest.csv?fmt=csv&tz=UTC",
		"https://dash.example.net/harbour/overview/tides/today",
		"https://dash.example.net/harbour/",
		"http://old.example.net/",
		"https://quoted.example.net/a",
		"http://www.harbour.example.org",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("decoded mail (-want +got):\n%s", diff)
	}
}

// TestExtractJSON: decoding the JSON first finds the URIs written with
// escapes, which Extract on the raw text finds cut at the first escape, or
// not at all (see data.json.golden).
func TestExtractJSON(t *testing.T) {
	in, err := os.ReadFile("testdata/extract/data.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct{ Feeds []string }
	if err := json.Unmarshal(in, &doc); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range doc.Feeds {
		for m := range uri.Extract(f, uri.ExtractOptions{}) {
			got = append(got, m.Text)
		}
	}
	want := []string{
		"https://data.example.net/gauges/brest.csv",
		"https://data.example.net/gauges/cuxhaven.csv",
		"https://data.example.net/search?q=tide&limit=5",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("decoded JSON (-want +got):\n%s", diff)
	}
	var raw []string
	for m := range uri.Extract(string(in), uri.ExtractOptions{}) {
		if strings.Contains(m.Text, "data.example.net") {
			raw = append(raw, m.Text)
		}
	}
	// In the raw text an escape ends a candidate: "https:\/\/..." gives
	// none, and "...?q=tide\u0026limit=5" the URI cut at its "\".
	if diff := cmp.Diff([]string{want[0], "https://data.example.net/search?q=tide"}, raw); diff != "" {
		t.Errorf("raw JSON (-want +got):\n%s", diff)
	}
}

func TestCompleteSuffix(t *testing.T) {
	tests := []struct {
		in, want string // want "" for false
	}{
		{"www.w3.org/Addressing/", "http://www.w3.org/Addressing/"},
		{"WWW.Example.COM", "http://WWW.Example.COM"},
		{"ftp.example.net/pub/x.tar.gz", "ftp://ftp.example.net/pub/x.tar.gz"},
		{"www.example.com:8080/a?b#c", "http://www.example.com:8080/a?b#c"},
		{"www.example.com.", "http://www.example.com."},
		{"www.ex-ample.co.uk/", "http://www.ex-ample.co.uk/"},
		{"www.example.com:/x", "http://www.example.com:/x"},
		{"www.example", ""},                // one label after the prefix
		{"ftp.log", ""},                    // a file name
		{"www.", ""},                       // no host
		{"www..example.com", ""},           // an empty label
		{"www.example..com", ""},           // an empty label
		{"www.example.com..", ""},          // an empty label
		{"www.a.example@evil.example", ""}, // userinfo: the host would be evil.example
		{"www.a.example:pw@evil.example/", ""},
		{"www.exa_mple.com", ""},     // not a DNS name
		{"www.ex%41mple.com", ""},    // encoded
		{"www.example.com:80a/", ""}, // bad port
		{"www.example.com/a b", ""},  // invalid path
		{"example.com/x", ""},        // no prefix
		{"mail.example.com", ""},     // not completed
		{"http://www.example.com/", ""},
		{"", ""},
	}
	for _, tt := range tests {
		u, ok := uri.CompleteSuffix(tt.in)
		if got := u.String(); ok != (tt.want != "") || got != tt.want {
			t.Errorf("CompleteSuffix(%q) = %q, %v; want %q", tt.in, got, ok, tt.want)
		}
	}
}

// TestExtractAllocs: a match costs Extract no allocation, unless its text
// is joined or completed.
func TestExtractAllocs(t *testing.T) {
	one := "see http://a/b, <mailto:x@y> and \"urn:x:y\".\n"
	n := 0
	allocs := func(text string) float64 {
		return testing.AllocsPerRun(20, func() {
			for m := range uri.Extract(text, uri.ExtractOptions{}) {
				n += m.Offset
			}
		})
	}
	if a, b := allocs(one), allocs(strings.Repeat(one, 50)); a != b {
		t.Errorf("Extract allocates %v times on 3 matches, %v times on 150", a, b)
	}
	x := uri.ExtractReader(strings.NewReader(strings.Repeat("<http://a/\n b>\n", 50)), uri.ExtractOptions{})
	n = 0
	for m := range x.All() {
		n++
		if m.Text != "http://a/b" || !m.Joined {
			t.Fatalf("ExtractReader: %+v", m)
		}
	}
	if n != 50 {
		t.Errorf("ExtractReader found %d matches, want 50", n)
	}
}

// TestExtractLinear runs inputs built to make a careless scanner
// quadratic: each must take about as long as plain text of its size.
func TestExtractLinear(t *testing.T) {
	const size = 1 << 20
	rep := func(s string) string { return strings.Repeat(s, size/len(s)) }
	inputs := map[string]string{
		"plain":         rep("the quick brown fox jumps over the lazy dog "),
		"open brackets": rep("<a:"),
		"open bracket":  "<a:" + rep("b "),
		"colons":        rep("a:"),
		"scheme runs":   rep("abcdefgh-"),
		"digits colons": rep("1:"),
		"hyphens":       rep("a:b-\n"),
		"suffixes":      rep("www."),
		"www words":     rep(" www.a.b"),
		"parentheses":   "a:" + rep(")"),
		"quotes":        rep("\"a:b\""),
		"unicode":       rep("a:«»"),
		"hyphen lines":  rep("a:b-\n\n"),
		"bracket lines": rep("<http://a/b-\n"),
		"hyphen only":   rep("-\n"),
		"iri letters":   rep("a:\u00e9"),
		"iri cjk":       "a:" + rep("\u4f8b"),
		"iri invalid":   rep("a:b\xff"),
		"iri bidi":      rep("http://a/\u00e9\u202e"),
		"iri private":   rep("a:?\ue000#\ue000"),
		"iri hosts":     rep("http://\u4f8b."),
	}
	var plain time.Duration
	for _, name := range []string{"plain", "open brackets", "open bracket", "colons", "scheme runs", "digits colons",
		"hyphens", "suffixes", "www words", "parentheses", "quotes", "unicode", "hyphen lines", "bracket lines", "hyphen only",
		"iri letters", "iri cjk", "iri invalid", "iri bidi", "iri private", "iri hosts"} {
		in := inputs[name]
		start := time.Now()
		for range uri.Extract(in, uri.ExtractOptions{Suffix: true, MaxLen: 1 << 16}) {
		}
		for range uri.Extract(in, uri.ExtractOptions{Suffix: true, MaxLen: 1 << 16, IRI: true}) {
		}
		d := time.Since(start)
		if name == "plain" {
			plain = max(d, time.Millisecond)
			continue
		}
		if d > 100*plain {
			t.Errorf("%s: %v for %d bytes, plain text %v", name, d, len(in), plain)
		}
	}
}
