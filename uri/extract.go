package uri

import (
	"iter"
	"strings"

	"github.com/urikit/urikit/internal/class"
)

// This file holds the API of extraction: finding URIs in running text
// (RFC 3986 Appendix C, "Delimiting a URI in Context") with Extract, what
// it reports (Match, Hyphen, Delim) and how it is configured
// (ExtractOptions), and completing suffix references (4.5). The reader is
// in extract_reader.go, the scanner both share in extract_scan.go.

// DefaultMaxLen is the MaxLen of ExtractOptions left at zero: the longest
// candidate, in bytes of input, that Extract and ExtractReader consider
// when delimiting URIs in text (RFC 3986 Appendix C). 8 KiB is well above
// the URIs people write in text (RFC 9110 4.1 recommends that HTTP
// software support at least 8000 octets) and small enough that a stream
// costs little memory.
const DefaultMaxLen = 8 << 10

// maxMaxLen bounds ExtractOptions.MaxLen: 1 GiB.
const maxMaxLen = 1 << 30

// ExtractOptions configures [Extract] and [ExtractReader]. The zero value
// finds every URI (RFC 3986 section 3: with a scheme) delimited in the
// text as Appendix C describes, of at most DefaultMaxLen bytes, and no
// suffix reference (4.5).
type ExtractOptions struct {
	// MaxLen is the longest span of input a candidate may cover, in bytes,
	// counted from its first byte to its last one, whitespace removed
	// inside "<...>" or across a hyphen's line break included. A longer
	// candidate is skipped (ExtractReader counts it), never buffered. Zero
	// or less means DefaultMaxLen; more than 1 GiB means 1 GiB.
	MaxLen int

	// Keep, when not nil, is asked about every URI found, completed suffix
	// references included; only those it returns true for are reported.
	// The URI's text is the Match's own: Keep may retain it.
	Keep func(URI) bool

	// Suffix makes the extraction also find suffix references (RFC 3986
	// 4.5), such as "www.w3.org/Addressing/", and complete them as
	// CompleteSuffix does. Their matches have Completed set.
	Suffix bool
}

// maxLen returns the MaxLen that extraction uses: DefaultMaxLen for zero
// or less, at most 1 GiB.
func (o ExtractOptions) maxLen() int {
	if o.MaxLen <= 0 {
		return DefaultMaxLen
	}
	return min(o.MaxLen, maxMaxLen)
}

// Match is one URI found in text by [Extract] or [ExtractReader], with
// where it was found and how it was delimited (RFC 3986 Appendix C), or a
// suffix reference (4.5) completed.
//
// Offset, End, Line and Column point into the whole input. Unless Joined,
// the input holds Text at Offset: input[Offset:End] == Text. When Joined,
// Text is input[Offset:End] with its whitespace (space, tab, CR, LF, FF,
// VT) removed.
type Match struct {
	// URI is the parsed URI: Text itself, or for a completed suffix
	// reference the completion of Text.
	URI URI
	// Text is the candidate text as found, delimiters, a "URL:" prefix
	// and the trailing punctuation Extract drops left out. Without
	// Completed, Text == URI.String().
	Text string
	// Offset is the byte offset of Text's first byte in the input; End
	// that of the byte after its last one.
	Offset, End int
	// Line and Column are Offset's position: the line is 1 plus the
	// number of "\n" before Offset (a lone "\r" ends no line), the column
	// 1 plus the number of bytes between the line's start and Offset
	// (bytes, not characters: a tab or a UTF-8 sequence counts as its
	// bytes).
	Line, Column int
	// Completed reports a suffix reference (RFC 3986 4.5) completed by the
	// heuristic of CompleteSuffix: URI is not the text found but a guess.
	Completed bool
	// Joined reports that Text is not contiguous in the input: whitespace
	// inside "<...>" or a line break after a hyphen was removed (Appendix
	// C).
	Joined bool
	// Hyphen tells a match found across, or cut at, a line break after a
	// "-" (Appendix C): such text is reported both ways.
	Hyphen Hyphen
	// Delim tells how the text was delimited.
	Delim Delim
}

// Hyphen tells how a [Match] relates to a line break after a hyphen. RFC
// 3986 Appendix C says that no whitespace should be introduced after a
// "-" but that typesetters do, and that an interpreter should then ignore
// the whitespace around the break, the hyphen being or not being part of
// the URI; it leaves open whether the URI goes on at all. Outside "<...>"
// Extract reports the candidate both ways: cut at the line's end, and
// joined with the next line.
type Hyphen uint8

const (
	// HyphenNone: no line break after a hyphen in or at the end of Text.
	HyphenNone Hyphen = iota
	// HyphenCut: Text ends with the "-" that ends its line; a
	// HyphenJoined match at the same Offset may go on on the next line.
	HyphenCut
	// HyphenJoined: Text goes on over one or more line breaks that follow
	// a "-", the "-" kept and the whitespace around the break removed
	// (Joined is set). Inside "<...>" this is the only reading; outside,
	// a HyphenCut match at the same Offset is the other. The reading
	// without the hyphen (a hyphen the typesetter added) is not reported.
	HyphenJoined
)

var hyphenNames = [...]string{"none", "cut", "joined"}

// String returns "none", "cut" or "joined", the names of the readings of
// a line break after a hyphen (RFC 3986 Appendix C).
func (h Hyphen) String() string {
	if int(h) < len(hyphenNames) {
		return hyphenNames[h]
	}
	return "invalid"
}

// Delim tells which delimiters of RFC 3986 Appendix C surrounded a
// [Match].
type Delim uint8

const (
	// DelimText: running text. The candidate ran from its scheme (or its
	// "www."/"ftp.") to whitespace or another delimiter, and trailing
	// punctuation was dropped by Extract's heuristic.
	DelimText Delim = iota
	// DelimQuote: a double quote just before the candidate and one just
	// after it, as in "http://example.com/"; nothing was dropped.
	DelimQuote
	// DelimAngle: angle brackets, as in <http://example.com/>, the
	// delimiting style Appendix C recommends; whitespace inside was
	// removed and nothing else dropped.
	DelimAngle
)

var delimNames = [...]string{"text", "quote", "angle"}

// String returns "text", "quote" or "angle", the names of RFC 3986
// Appendix C's delimiting styles.
func (d Delim) String() string {
	if int(d) < len(delimNames) {
		return delimNames[d]
	}
	return "invalid"
}

// Extract returns the URIs found in text, in the order of their offsets,
// delimited as RFC 3986 Appendix C describes and validated by [Parse]:
// only candidates Parse accepts as a URI (section 3: with a scheme), and
// suffix references (4.5) completed when opts.Suffix is set, are
// reported; opts.Keep filters them further.
//
// # Candidates
//
// A candidate is found by its scheme (RFC 3986 3.1): a ":" after a run of
// scheme characters, ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), that
// starts with a letter once leading ".", "-" and "+" are dropped. The run
// may follow punctuation, so "url=http://a", "(http://a)" and
// "[x](http://a)" hold "http://a"; it may not start with a digit, so
// "2024-01-01T12:00" holds no candidate, nor follow "/", "\", "@", "%",
// "~", "&", "?", "#", or a letter or digit and "_", being then inside a
// path or a word ("src/main.go:12", "a_b:c"). A run longer than MaxLen is
// a candidate too long. With opts.Suffix, a candidate also starts at
// "www." or "ftp." (any case) at the start of the text or after
// whitespace or one of ( [ { < > " ' = , ; * | and "`".
//
// Words that the grammar reads as URIs are reported: "localhost:8080"
// (scheme "localhost"), "time:06:45", "main.go:12", "jdbc:mysql://h/d"
// (scheme "jdbc"). opts.Keep can keep only known schemes.
//
// A candidate Parse or Keep rejects is consumed all the same: no other
// candidate starts inside it. A candidate that covers more than MaxLen
// bytes is skipped up to its end, also consumed.
//
// # Delimiting
//
// In running text a candidate ends where Appendix C's delimiters are: at
// whitespace (ASCII, and Unicode spaces such as U+00A0 and U+3000), at a
// double quote, at "<" or ">"; and also at a control byte, at "`"
// (Markdown's inline code), and at the typographic quotes, guillemets,
// ellipsis and full-width brackets and punctuation of U+2018-U+201E,
// U+00AB, U+00BB, U+2039, U+203A, U+2026, U+3001, U+3002, U+300C-U+3011
// and U+FF01-U+FF1F, none of which a URI holds. Any other byte, non-ASCII
// ones included, stays in the candidate and may make Parse reject it: an
// IRI ("http://example.com/café") is not reported, and neither is a
// candidate with "|", "\", "{" or "}" ("http://a/{id}").
//
//   - "<" followed (after optional whitespace and "URL:") by a scheme and
//     ":", or with opts.Suffix by "www." or "ftp.", opens a bracketed
//     candidate that runs to the next ">" with all ASCII whitespace inside
//     removed, so that a URI broken over lines comes out whole
//     (Appendix C's "<ftp://foo.example.\ncom/rfc/>"). Its Offset is that
//     of its first byte: the byte after "<" unless whitespace or "URL:"
//     comes first. A bracket left open, by "<", a double quote, "`", a
//     control byte, a blank line, the end of the input, or MaxLen bytes
//     without ">", is no bracket: the text after the "<" is read as
//     running text.
//   - A "URL:" prefix (any case), the designator Appendix C retires, is
//     dropped, also inside "<URL:...>".
//   - A candidate with a double quote just before it and one just after
//     it ("http://a/b.") is taken whole.
//   - Otherwise trailing punctuation is dropped by this package's own
//     heuristic, which is not Appendix C's: repeatedly, a final ".", ",",
//     ";", ":", "!" or "?"; a final ")" or "]" when the candidate holds
//     more of it than of "(" or "["; and a final "'", "*" or "_" that
//     closes the same byte just before the candidate ('http://a', or
//     Markdown's *http://a* and __http://a__). Each of these characters
//     can end a valid URI ("http://a/b." names another resource than
//     "http://a/b"): such a URI is found whole only in quotes or angle
//     brackets.
//   - A candidate whose line ends with "-" (spaces or tabs may follow)
//     and whose next line, after spaces and tabs, starts with a byte that
//     is no delimiter and not with a scheme and ":" (a URI of its own,
//     read apart) is reported twice (see [Hyphen]): with
//     [HyphenCut], the text up to and including the "-", and with
//     [HyphenJoined], the text joined with the next line's first word,
//     the hyphen kept and the whitespace around the break removed; the
//     joined text may again end with "-" at a line's end and go on. Only
//     the readings Parse accepts are reported; a joined reading longer
//     than MaxLen is skipped.
//
// # Encoded text
//
// Extract reads the text as it is, and finds what the text says literally:
//
//   - Quoted-printable mail bodies (RFC 2045 6.7) must be decoded first,
//     with mime/quotedprintable.NewReader: a soft line break "=\r\n"
//     splits a URI (the "=" is a sub-delim, so the first part is reported
//     with it), and "=3D" stands for "=".
//   - In JSON, a string's quotes delimit a URI written plainly
//     ("http://a/b" is found), but one written with escapes
//     ("http:\/\/a\/b", "\u0026") is not found, the "\" being invalid in
//     a URI; decode the JSON first to find those.
//   - HTML character references ("&amp;") are taken as written.
//
// # Suffix references
//
// With opts.Suffix, a candidate that starts with "www." or "ftp." is
// completed by [CompleteSuffix] and reported with Completed set, never as
// if the text had said so. With Suffix set, a candidate such as
// "www.example.com:8080/x" is a suffix reference, although the grammar
// would read "www.example.com" as a scheme.
//
// # Cost
//
// Extract runs in time linear in len(text), does not recurse and never
// panics. A match's Text is a substring of text and its URI refers to it,
// so a match costs no allocation, except a joined text (one string) and a
// completed suffix reference (one string, by CompleteSuffix). Each call
// of the returned iterator reads text anew; it does not count skipped
// candidates: for that, use [ExtractReader] over a strings.Reader, which
// finds the same matches.
func Extract(text string, opts ExtractOptions) iter.Seq[Match] {
	return func(yield func(Match) bool) {
		var x scanner
		x.init(opts)
		x.s, x.eof = text, true
		for {
			m, st := x.next()
			if st != stMatch || !yield(m) {
				return
			}
		}
	}
}

// CompleteSuffix completes a suffix reference (RFC 3986 4.5): it returns
// "http://" + s when s starts with "www." and "ftp://" + s when it starts
// with "ftp." (in any case), parsed, and false for anything else.
//
// Section 4.5 gives "www.w3.org/Addressing/" as its example and says that
// most registered names beginning with "www" are likely to have the prefix
// "http://"; "ftp." for "ftp://" is the other completion clients have long
// made. No other name is completed: "example.com/x" could as well be a
// file name, and the section warns that such heuristics are often wrong
// out of context and can be a security problem (RFC 1535). The scheme is
// the section's "http", not "https": upgrade it with WithScheme if you
// will.
//
// The text must be an authority without userinfo, then a path and
// optionally a query and fragment: its host, up to the first ":", "/",
// "?" or "#", is the prefix and at least two more non-empty DNS labels of
// letters, digits and "-" (a final "." allowed), so that "ftp.log",
// "www.conf" or "www.bank.example@evil.example" (whose host would be
// "evil.example") are not completed; a port must be digits. The result
// costs one allocation.
func CompleteSuffix(s string) (URI, bool) {
	var prefix string
	switch {
	case hasPrefixFold(s, "www."):
		prefix = "http://"
	case hasPrefixFold(s, "ftp."):
		prefix = "ftp://"
	default:
		return URI{}, false
	}
	h := len(s)
	for i := 4; i < len(s); i++ {
		if c := s[i]; c == ':' || c == '/' || c == '?' || c == '#' {
			h = i
			break
		}
	}
	if !suffixHost(s[4:h]) {
		return URI{}, false
	}
	u, err := Parse(prefix + s)
	if err != nil || u.HasUserinfo() {
		return URI{}, false
	}
	return u, true
}

// suffixHost reports whether h, a host after its "www." or "ftp.", is at
// least two non-empty labels of letters, digits and "-", with an optional
// final ".".
func suffixHost(h string) bool {
	if strings.HasSuffix(h, ".") {
		h = h[:len(h)-1]
	}
	labels, n := 1, 0
	for i := 0; i < len(h); i++ {
		switch c := h[i]; {
		case c == '.':
			if n == 0 {
				return false
			}
			labels, n = labels+1, 0
		case c == '-' || class.Table[c]&(class.Alpha|class.Digit) != 0:
			n++
		default:
			return false
		}
	}
	return n > 0 && labels >= 2
}

// hasPrefixFold reports whether s starts with prefix, ASCII letters
// compared without case.
func hasPrefixFold(s, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		if lower(s[i]) != lower(prefix[i]) {
			return false
		}
	}
	return true
}

// isSuffixStart reports whether s starts with "www." or "ftp.", in any
// case: the starts of the suffix references CompleteSuffix completes.
func isSuffixStart(s string) bool {
	return hasPrefixFold(s, "www.") || hasPrefixFold(s, "ftp.")
}
