package uri

import (
	"io"
	"iter"
	"strings"
	"unsafe"

	"github.com/urikit/urikit/internal/class"
)

// This file holds Extract and ExtractReader: finding URIs in running text
// (RFC 3986 Appendix C, "Delimiting a URI in Context") and completing
// suffix references (4.5).

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

// Extractor reads URIs from an io.Reader, delimited as RFC 3986 Appendix C
// describes and as [Extract] finds them in a string, with memory bounded
// by the options' MaxLen: its buffer holds less than 4*MaxLen + 64 KiB of
// input. [ExtractReader] makes one. An Extractor is not safe for
// concurrent use.
type Extractor struct {
	r     io.Reader
	sc    scanner
	buf   []byte
	err   error
	empty int // consecutive reads that returned nothing
}

// ExtractReader returns an Extractor of the URIs in the text r yields, as
// Extract finds them in a string (RFC 3986 Appendix C, 4.5): the same
// matches, offsets counted from the start of the stream. A candidate
// longer than opts.MaxLen is skipped and counted by Skipped, never
// buffered. Every match's Text is a string of its own.
func ExtractReader(r io.Reader, opts ExtractOptions) *Extractor {
	x := &Extractor{r: r}
	x.sc.init(opts)
	x.sc.clone = true
	return x
}

// All returns an iterator over the matches not yet yielded (RFC 3986
// Appendix C, and 4.5 with Suffix): it reads r until its end or its first
// error (see Err). Breaking out of the loop and calling All again goes on
// where it stopped.
func (x *Extractor) All() iter.Seq[Match] {
	return func(yield func(Match) bool) {
		for {
			m, st := x.sc.next()
			switch st {
			case stMatch:
				if !yield(m) {
					return
				}
			case stMore:
				x.fill()
			default:
				return
			}
		}
	}
}

// Err returns the first error r returned other than io.EOF, or
// io.ErrNoProgress after 100 reads in a row that returned nothing. The
// text read before the error was searched for URIs (RFC 3986 Appendix C)
// as if it ended there.
func (x *Extractor) Err() error { return x.err }

// Skipped returns how many candidates (RFC 3986 Appendix C) were skipped
// so far because they cover more than MaxLen bytes of input, a scheme run
// longer than MaxLen included. A skipped hyphen-joined reading counts as
// one; its cut reading may still be reported.
func (x *Extractor) Skipped() int { return x.sc.skipped }

// readChunk is the least free space fill offers a read.
const readChunk = 16 << 10

// fill reads until the buffer reaches the scanner's need or the input
// ends. It keeps the bytes from the scanner's keep on, moves them to the
// front when the buffer is full, and grows the buffer when that frees too
// little.
func (x *Extractor) fill() {
	sc := &x.sc
	for sc.base+len(x.buf) < sc.need && !sc.eof {
		if cap(x.buf)-len(x.buf) < readChunk {
			if k := sc.keep - sc.base; k > 0 {
				sc.countLines(sc.keep)
				n := copy(x.buf, x.buf[k:])
				x.buf = x.buf[:n]
				sc.base = sc.keep
			}
			if cap(x.buf)-len(x.buf) < readChunk {
				b := make([]byte, len(x.buf), 2*cap(x.buf)+readChunk)
				copy(b, x.buf)
				x.buf = b
			}
		}
		n, err := x.r.Read(x.buf[len(x.buf):cap(x.buf)])
		x.buf = x.buf[:len(x.buf)+n]
		switch {
		case err == io.EOF:
			sc.eof = true
		case err != nil:
			x.err = err
			sc.eof = true
		case n == 0:
			x.empty++
			if x.empty >= 100 {
				x.err = io.ErrNoProgress
				sc.eof = true
			}
		default:
			x.empty = 0
		}
	}
	// The scanner reads the buffer as a string that lives until the next
	// fill; every string it hands out is a copy (scanner.clone).
	sc.s = unsafe.String(unsafe.SliceData(x.buf), len(x.buf))
}

// status is what scanner.next returns beside a Match.
type status uint8

const (
	stMatch status = iota // a match
	stMore                // need input up to scanner.need; keep bytes from scanner.keep
	stDone                // the input is done
)

// lookahead is how many bytes past MaxLen a candidate's decisions read,
// for the byte after it and a UTF-8 delimiter.
const lookahead = 16

// seg is one piece [a, b) of a candidate's text in the input, by absolute
// offset.
type seg struct{ a, b int }

// scanner finds the candidates of Extract in a window of the input: s
// holds the bytes [base, base+len(s)), and eof says whether the input
// ends there. Positions are absolute offsets. Every decision about a
// candidate that starts near position p reads only bytes in
// [p-maxLen-lookahead, p+maxLen+lookahead); next asks for more input
// (stMore) before it would read past the window, so that a window of any
// size gives the same matches.
type scanner struct {
	s     string
	base  int
	eof   bool
	clone bool // s is a reused buffer: copy what a Match holds

	maxLen int
	keepFn func(URI) bool
	suffix bool
	trig   uint8 // the trigger bits of tab that stop the text scan

	pos      int  // the next byte the text scan looks at
	floor    int  // the end of the last candidate: a run of scheme characters starts at or after it
	skipping bool // in a candidate longer than maxLen: skip to a delimiter
	skipped  int

	lineAt    int // "\n" before lineAt are counted
	line      int // 1 + the "\n" before lineAt
	lineStart int // the offset after the last "\n" before lineAt

	need, keep int // with stMore: read up to need, keep the bytes from keep

	segs       []seg
	pending    [2]Match
	npend, ipd int
}

func (x *scanner) init(opts ExtractOptions) {
	x.maxLen = opts.MaxLen
	if x.maxLen <= 0 {
		x.maxLen = DefaultMaxLen
	}
	x.maxLen = min(x.maxLen, maxMaxLen)
	x.keepFn = opts.Keep
	x.suffix = opts.Suffix
	x.trig = tTrigger
	if x.suffix {
		x.trig |= tDot
	}
	x.line = 1
}

// Byte classes of the scanner, in tab.
const (
	tDelim    = 1 << iota // an ASCII byte that ends a candidate in running text
	tHigh                 // a byte >= 0x80: a UTF-8 delimiter may start here
	tTrigger              // ":" and "<": the text scan stops there
	tDot                  // ".": with Suffix, the text scan stops there
	tSpace                // ASCII whitespace: SP, HT, CR, LF, FF, VT
	tBoundary             // may stand before a suffix reference
	tInside               // before a scheme run, starts no candidate
)

var tab = func() (t [256]uint8) {
	for c := range 256 {
		switch {
		case c < ' ' || c == 0x7F:
			t[c] |= tDelim | tBoundary
		case c >= 0x80:
			t[c] |= tHigh
		}
	}
	for _, c := range []byte(" \"<>`") {
		t[c] |= tDelim
	}
	for _, c := range []byte(" \t\r\n\f\v") {
		t[c] |= tSpace
	}
	for _, c := range []byte(" \"'()[]{}<>=,;*|`") {
		t[c] |= tBoundary
	}
	for _, c := range []byte("/\\@%~&?#") {
		t[c] |= tInside
	}
	t[':'] |= tTrigger
	t['<'] |= tTrigger
	t['.'] |= tDot
	return t
}()

// delimLen returns the length of the delimiter that starts at s[i] in
// running text, or 0: an ASCII delimiter (tDelim) or one of the UTF-8
// sequences Extract documents. The caller makes sure that s holds the
// three bytes from i or ends the input.
func delimLen(s string, i int) int {
	c := s[i]
	if tab[c]&tDelim != 0 {
		return 1
	}
	if c < 0x80 || i+1 >= len(s) {
		return 0
	}
	d := s[i+1]
	switch c {
	case 0xC2: // U+0085, U+00A0, U+00AB, U+00BB
		if d == 0x85 || d == 0xA0 || d == 0xAB || d == 0xBB {
			return 2
		}
		return 0
	case 0xE2, 0xE3, 0xEF:
	default:
		return 0
	}
	if i+2 >= len(s) {
		return 0
	}
	e := s[i+2]
	switch {
	case c == 0xE2 && d == 0x80:
		// U+2000-U+200B spaces, U+2018-U+201E quotes, U+2026, U+2028,
		// U+2029, U+202F, U+2039, U+203A.
		if e <= 0x8B || 0x98 <= e && e <= 0x9E || e == 0xA6 || e == 0xA8 || e == 0xA9 || e == 0xAF || e == 0xB9 || e == 0xBA {
			return 3
		}
	case c == 0xE2 && d == 0x81 && e == 0x9F: // U+205F
		return 3
	case c == 0xE3 && d == 0x80:
		// U+3000-U+3002, U+300C-U+3011.
		if e <= 0x82 || 0x8C <= e && e <= 0x91 {
			return 3
		}
	case c == 0xEF && d == 0xBB && e == 0xBF: // U+FEFF
		return 3
	case c == 0xEF && d == 0xBC:
		// U+FF01-U+FF1F: full-width punctuation, brackets, digits.
		if 0x81 <= e && e <= 0x9F {
			return 3
		}
	}
	return 0
}

// next returns the next match, or asks for input, or says the input is
// done.
func (x *scanner) next() (Match, status) {
	for {
		if x.ipd < x.npend {
			m := x.pending[x.ipd]
			x.pending[x.ipd] = Match{}
			x.ipd++
			return m, stMatch
		}
		x.npend, x.ipd = 0, 0
		end := x.base + len(x.s)
		if x.skipping {
			if !x.skip(end) {
				return x.more(x.pos + 3)
			}
			continue
		}
		s, i := x.s, x.pos-x.base
		for i < len(s) && tab[s[i]]&x.trig == 0 {
			i++
		}
		x.pos = x.base + i
		if i == len(s) {
			if x.eof {
				x.countLines(x.pos)
				return Match{}, stDone
			}
			return x.more(x.pos + 1)
		}
		if !x.eof && x.pos+x.maxLen+lookahead > end {
			return x.more(x.pos + x.maxLen + lookahead)
		}
		switch s[i] {
		case ':':
			x.colon(x.pos, end)
		case '<':
			x.bracket(x.pos, end)
		default:
			x.dot(x.pos, end)
		}
	}
}

// more asks for input up to need, keeping what a candidate near pos may
// read.
func (x *scanner) more(need int) (Match, status) {
	x.need = need
	x.keep = max(x.base, x.pos-x.maxLen-lookahead)
	return Match{}, stMore
}

// skip goes on skipping a candidate longer than maxLen up to its
// delimiter. It reports false when the window ends first.
func (x *scanner) skip(end int) bool {
	s := x.s
	for p := x.pos; p < end; p++ {
		if p+3 > end && !x.eof {
			x.pos = p
			return false
		}
		if tab[s[p-x.base]]&(tDelim|tHigh) != 0 && delimLen(s, p-x.base) > 0 {
			x.pos, x.floor, x.skipping = p, p, false
			return true
		}
	}
	x.pos = end
	if x.eof {
		x.floor, x.skipping = end, false
		return true
	}
	return false
}

// tooLong skips the candidate from p on.
func (x *scanner) tooLong(p int) {
	x.skipped++
	x.pos, x.skipping = p, true
}

// colon handles the ":" at c: the scheme run before it, if it starts a
// candidate.
func (x *scanner) colon(c, end int) {
	s, o := x.s, x.base
	x.pos = c + 1
	lo := max(x.floor, c-x.maxLen-1, 0)
	j := c
	for j > lo && class.Table[s[j-1-o]]&class.Scheme != 0 {
		j--
	}
	if j == c {
		return
	}
	if c-j > x.maxLen {
		x.tooLong(c + 1)
		return
	}
	if j > 0 && tab[s[j-1-o]]&tInside != 0 {
		return // "src/main.go:12", "%41b:c": inside a path or a word
	}
	if j > 1 && s[j-1-o] == '_' && class.Table[s[j-2-o]]&(class.Alpha|class.Digit) != 0 {
		return // "a_b:c", but "_http://a/_" is Markdown's emphasis
	}
	for j < c && class.Table[s[j-o]]&(class.Alpha|class.Digit) == 0 {
		j++
	}
	if j == c || class.Table[s[j-o]]&class.Alpha == 0 {
		return
	}
	x.candidate(j, end)
}

// dot handles the "." at d: with Suffix, the end of a "www." or "ftp."
// that starts a suffix reference.
func (x *scanner) dot(d, end int) {
	x.pos = d + 1
	st := d - 3
	if st < x.floor || st < 0 {
		return
	}
	s, o := x.s, x.base
	if !isSuffixStart(s[st-o : d+1-o]) {
		return
	}
	if st > 0 {
		b := s[st-1-o]
		ok := tab[b]&tBoundary != 0
		if !ok && b >= 0x80 {
			ok = st >= 2 && delimLen(s, st-2-o) == 2 || st >= 3 && delimLen(s, st-3-o) == 3
		}
		if !ok {
			return
		}
	}
	x.candidate(st, end)
}

// delimFrom returns the first delimiter of running text in [a, lim), or
// lim, or end.
func (x *scanner) delimFrom(a, lim, end int) int {
	s, o := x.s, x.base
	lim = min(lim, end)
	for p := a; p < lim; p++ {
		if tab[s[p-o]]&(tDelim|tHigh) != 0 && delimLen(s, p-o) > 0 {
			return p
		}
	}
	return lim
}

// candidate reads the candidate of running text that starts at st: up to
// a delimiter, over line breaks after a hyphen, and reports it.
func (x *scanner) candidate(st, end int) {
	s, o := x.s, x.base
	lim := st + x.maxLen + 1 // a candidate reaching lim is too long
	e := x.delimFrom(st, lim, end)
	if e-st > x.maxLen {
		x.tooLong(e)
		return
	}
	x.segs = append(x.segs[:0], seg{st, e})
	joinedTooLong := false
	for e > st && s[e-1-o] == '-' {
		// Appendix C: a line break right after a hyphen; the whitespace
		// around it is ignored. Spaces and tabs may come between.
		p := e
		for p < end && p < lim && tab[s[p-o]]&tSpace != 0 && s[p-o] != '\n' {
			p++
		}
		if p >= end || p >= lim || s[p-o] != '\n' {
			break
		}
		p++
		for p < end && p < lim && tab[s[p-o]]&tSpace != 0 && s[p-o] != '\n' {
			p++
		}
		if p >= end || p >= lim || delimLen(s, p-o) > 0 {
			break // the end, a blank line, or a delimiter opens the next line
		}
		if parseScheme(s[p-o:min(lim, end)-o]) > 0 {
			break // the next line starts a URI of its own
		}
		e2 := x.delimFrom(p, lim, end)
		if e2-st > x.maxLen {
			joinedTooLong = true
			e = e2
			break
		}
		x.segs = append(x.segs, seg{p, e2})
		e = e2
	}
	var opener byte
	openers := 0
	if st > 0 {
		if b := s[st-1-o]; b == '\'' || b == '*' || b == '_' {
			opener = b
			for openers < 3 && st-1-openers >= 0 && s[st-1-openers-o] == b {
				openers++
			}
		}
	}
	last := x.segs[len(x.segs)-1].b
	quoted := st > 0 && s[st-1-o] == '"' && last < end && s[last-o] == '"'
	if len(x.segs) > 1 || joinedTooLong {
		cutQuoted := st > 0 && s[st-1-o] == '"' && x.segs[0].b < end && s[x.segs[0].b-o] == '"'
		x.emit(x.segs[:1], cutQuoted, opener, openers, HyphenCut, DelimText)
	}
	if joinedTooLong {
		x.tooLong(e)
		return
	}
	h := HyphenNone
	if len(x.segs) > 1 {
		h = HyphenJoined
	}
	x.emit(x.segs, quoted, opener, openers, h, DelimText)
	x.pos, x.floor = e, e
}

// bracket handles the "<" at i: a bracketed candidate if a scheme (or
// with Suffix a "www." or "ftp.") follows and a ">" closes it.
func (x *scanner) bracket(i, end int) {
	s, o := x.s, x.base
	x.pos = i + 1
	lim := min(i+1+x.maxLen+1, end) // the text before ">" spans at most maxLen
	skipSpace := func(p int) (int, bool) {
		lf := 0
		for p < lim && tab[s[p-o]]&tSpace != 0 {
			if s[p-o] == '\n' {
				if lf++; lf == 2 {
					return p, false // a blank line
				}
			}
			p++
		}
		return p, p < lim
	}
	p, ok := skipSpace(i + 1)
	if !ok {
		return
	}
	q := p
	if hasPrefixFold(s[q-o:lim-o], "URL:") {
		if q, ok = skipSpace(q + 4); !ok {
			return
		}
	}
	if sch := parseScheme(s[q-o : lim-o]); sch == 0 && !(x.suffix && isSuffixStart(s[q-o:lim-o])) {
		return
	}
	x.segs = x.segs[:0]
	h := HyphenNone
	for {
		a := p
		for p < lim && tab[s[p-o]]&(tSpace|tDelim) == 0 {
			p++
		}
		if a < p {
			x.segs = append(x.segs, seg{a, p})
		}
		if p >= lim {
			return
		}
		switch b := s[p-o]; {
		case b == '>':
			if len(x.segs) == 1 {
				h = HyphenNone // "<a:b-\n>": the line break joins nothing
			}
			if len(x.segs) > 0 {
				x.emit(x.segs, false, 0, 0, h, DelimAngle)
			}
			x.pos, x.floor = p+1, p+1
			return
		case tab[b]&tSpace != 0:
			hy := p > a && s[p-1-o] == '-'
			sp := p
			if p, ok = skipSpace(p); !ok {
				return
			}
			if hy && strings.IndexByte(s[sp-o:p-o], '\n') >= 0 {
				h = HyphenJoined
			}
		default:
			return // "<", a double quote or a control byte: not closed
		}
	}
}

// emit reports the candidate made of segs if it is a URI or, with
// Suffix, a suffix reference, after dropping a "URL:" prefix and, in
// running text and not quoted, trailing punctuation.
func (x *scanner) emit(segs []seg, quoted bool, opener byte, openers int, h Hyphen, d Delim) {
	s, o := x.s, x.base
	var text string
	fresh := false // text is a new string, not part of s
	if len(segs) == 1 {
		text = s[segs[0].a-o : segs[0].b-o]
	} else {
		n := 0
		for _, g := range segs {
			n += g.b - g.a
		}
		b := make([]byte, 0, n)
		for _, g := range segs {
			b = append(b, s[g.a-o:g.b-o]...)
		}
		text, fresh = string(b), true
	}
	off, end := 0, len(text)
	if hasPrefixFold(text, "URL:") {
		off = 4
	}
	if d == DelimText && !quoted {
		end = off + trimEnd(text[off:], opener, openers)
	} else if d == DelimText {
		d = DelimQuote
	}
	t := text[off:end]
	if t == "" {
		return
	}
	var u URI
	completed := x.suffix && isSuffixStart(t)
	if !completed {
		if parseScheme(t) == 0 {
			return
		}
		var err error
		if u, err = Parse(t); err != nil {
			return
		}
	} else {
		// The completion is a new string: it never refers to s.
		var ok bool
		if u, ok = CompleteSuffix(t); !ok {
			return
		}
	}
	start, stop := at(segs, off), at(segs, end-1)+1
	if h == HyphenJoined && d != DelimAngle && stop <= segs[0].b {
		return // trimmed back to the cut reading, reported already
	}
	if x.clone && !fresh {
		t = strings.Clone(t)
	}
	if x.clone && !fresh && !completed {
		u, _ = Parse(t)
	}
	if x.keepFn != nil && !x.keepFn(u) {
		return
	}
	x.countLines(start)
	x.pending[x.npend] = Match{
		URI: u, Text: t, Offset: start, End: stop,
		Line: x.line, Column: start - x.lineStart + 1,
		Completed: completed, Joined: stop-start != len(t), Hyphen: h, Delim: d,
	}
	x.npend++
}

// at returns the input offset of the byte at index k of the text that
// segs make.
func at(segs []seg, k int) int {
	for _, g := range segs {
		if k < g.b-g.a {
			return g.a + k
		}
		k -= g.b - g.a
	}
	return segs[len(segs)-1].b // not reached: k < the text's length
}

// trimEnd returns the length of t without its trailing punctuation: the
// heuristic of Extract, which is not RFC 3986's.
func trimEnd(t string, opener byte, openers int) int {
	var paren, bracket int // ")" minus "(", "]" minus "["
	for i := 0; i < len(t); i++ {
		switch t[i] {
		case '(':
			paren--
		case ')':
			paren++
		case '[':
			bracket--
		case ']':
			bracket++
		}
	}
	n := len(t)
	for n > 0 {
		switch c := t[n-1]; {
		case c == '.' || c == ',' || c == ';' || c == ':' || c == '!' || c == '?':
		case c == ')' && paren > 0:
			paren--
		case c == ']' && bracket > 0:
			bracket--
		case openers > 0 && c == opener:
			openers--
		default:
			return n
		}
		n--
	}
	return 0
}

// countLines counts the lines up to p, which is in the window and not
// before lineAt.
func (x *scanner) countLines(p int) {
	if p <= x.lineAt {
		return
	}
	t := x.s[x.lineAt-x.base : p-x.base]
	if n := strings.Count(t, "\n"); n > 0 {
		x.line += n
		x.lineStart = x.lineAt + strings.LastIndexByte(t, '\n') + 1
	}
	x.lineAt = p
}
