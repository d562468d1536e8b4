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

	// IRI makes the extraction also find IRIs (RFC 3987 2.2): a
	// candidate may then hold the characters outside US-ASCII that an IRI
	// holds, ucschar and, in the query, iprivate, and is reported when it
	// maps to a URI (FromIRI, RFC 3987 3.1). Their matches have IRI set.
	// Delimiters still end a candidate (RFC 3986 Appendix C), and so do a
	// bidirectional formatting character (RFC 3987 4.1), invalid UTF-8
	// and any other character that no IRI holds where it stands: "IRIs in
	// text" in the package doc gives the rules. A suffix reference (4.5)
	// is still found only in US-ASCII.
	IRI bool
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
//
// With ExtractOptions.IRI, a match may be an IRI (RFC 3987 2.2): IRI is
// set, Text is the IRI as written and URI the URI it maps to (3.1).
type Match struct {
	// URI is the parsed URI: Text itself, for a completed suffix
	// reference the completion of Text, and for an IRI the URI that Text
	// maps to by FromIRI (RFC 3987 3.1).
	URI URI
	// Text is the candidate text as found, delimiters, a "URL:" prefix
	// and the trailing punctuation Extract drops left out. Without
	// Completed or IRI, Text == URI.String().
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
	// IRI reports an IRI (RFC 3987 2.2), found with ExtractOptions.IRI:
	// Text holds characters outside US-ASCII, and URI is what FromIRI
	// maps it to (3.1: "http://bücher.example/" gives
	// "http://xn--bcher-kva.example/"). A match whose text is all
	// US-ASCII is a URI and never has IRI set.
	IRI bool
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
	// HyphenCut: Text ends with the "-" that ends its line, or stands
	// before the typographic hyphen (U+2010, U+00AD) that ends it, or
	// before the trailing punctuation dropped before that hyphen; a
	// HyphenJoined match at the same Offset may go on on the next line.
	HyphenCut
	// HyphenJoined: Text goes on over one or more line breaks that follow
	// a "-", the "-" kept, or a typographic hyphen, left out, and the
	// whitespace around the break removed (Joined is set). Inside "<...>"
	// this is the only reading; outside, a HyphenCut match at the same
	// Offset is the other. The reading without a "-" (a hyphen the
	// typesetter added) is not reported.
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
// reported; opts.Keep filters them further. The package doc says how
// candidates are found and delimited, what to decode first and how
// suffix references are read, under "Extraction" and the headings after.
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
// with "ftp." (in any case), parsed, and false for anything else. s must
// be an authority without userinfo, whose host is the prefix and at least
// two more DNS labels and whose port is digits, then a path and optionally
// a query and fragment: "ftp.log", "www.conf" and
// "www.bank.example@evil.example" are not completed. The scheme is the
// section's "http", not "https": upgrade it with WithScheme if you will.
// "Suffix references" in the package doc gives the rules and why no other
// name is completed. The result costs one allocation.
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
