package uri

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/urikit/urikit/internal/class"
)

// This file holds the scanner of Extract and ExtractReader: it finds the
// candidates of RFC 3986 Appendix C in a window of the input, delimits
// them and reports those that Parse accepts. ExtractCut, at its end, says
// by the scanner's own rules where a text can be cut into chunks that
// extract apart.

// status is what scanner.next returns beside a Match.
type status uint8

const (
	stMatch status = iota // a match
	stMore                // need input up to scanner.need; keep bytes from scanner.keep
	stDone                // the input is done
)

// lookahead is how many bytes past MaxLen a candidate's decisions read,
// for the byte after it and a UTF-8 delimiter. ExtractCut counts on it.
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
	iri    bool  // ExtractOptions.IRI: candidates may hold an IRI's characters
	q      uint8 // with iri, where the candidate is: qPath, qQuery or qFragment
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
	x.maxLen = opts.maxLen()
	x.keepFn = opts.Keep
	x.suffix = opts.Suffix
	x.iri = opts.IRI
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
	// Appendix C's delimiters, "`", and the ASCII bytes that no URI or
	// IRI holds, so that "http://a/|b" gives "http://a/" rather than no
	// candidate at all.
	for _, c := range []byte(" \"<>`|^\\{}") {
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
// sequences the package doc lists ("Delimiting URIs in text"). The caller
// makes sure that s holds the three bytes from i or ends the input.
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
	case 0xC2: // U+0085, U+00A0, U+00AB, U+00AD, U+00BB
		if d == 0x85 || d == 0xA0 || d == 0xAB || d == 0xAD || d == 0xBB {
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
		// U+2000-U+200B spaces, U+2010-U+2015 hyphens and dashes,
		// U+2018-U+201E quotes, U+2026, U+2028, U+2029, U+202F, U+2039,
		// U+203A.
		if e <= 0x8B || 0x90 <= e && e <= 0x95 || 0x98 <= e && e <= 0x9E || e == 0xA6 || e == 0xA8 || e == 0xA9 || e == 0xAF || e == 0xB9 || e == 0xBA {
			return 3
		}
	case c == 0xE2 && (d == 0x86 && e >= 0x90 || d == 0x87): // U+2190-U+21FF arrows
		return 3
	case c == 0xE2 && d == 0x9F && 0xA6 <= e && e <= 0xAF:
		// U+27E6-U+27EF: mathematical brackets, "⟨" and "⟩" among them,
		// which groff's man macros put around a URL (.UR).
		return 3
	case c == 0xE2 && d == 0x81 && e == 0x9F: // U+205F
		return 3
	case c == 0xE3 && d == 0x80:
		// U+3000-U+3002, U+3008-U+3011, U+3014-U+301F: ideographic
		// space, comma and full stop, CJK brackets and quotes.
		if e <= 0x82 || 0x88 <= e && e <= 0x91 || 0x94 <= e && e <= 0x9F {
			return 3
		}
	case c == 0xEF && d == 0xBB && e == 0xBF: // U+FEFF
		return 3
	case c == 0xEF && d == 0xBC:
		// U+FF01-U+FF1F: full-width punctuation, brackets, digits;
		// U+FF3B, U+FF3D: full-width square brackets.
		if 0x81 <= e && e <= 0x9F || e == 0xBB || e == 0xBD {
			return 3
		}
	case c == 0xEF && d == 0xBD:
		// U+FF5B-U+FF64: full-width braces, tilde and white parentheses,
		// half-width ideographic full stop, corner brackets and comma.
		if 0x9B <= e && e <= 0xA4 {
			return 3
		}
	}
	return 0
}

// Where an IRI candidate is (scanner.q), for the iprivate characters
// that only a query holds (RFC 3987 2.2).
const (
	qPath     = iota // before the first "?" or "#"
	qQuery           // after a "?", before any "#"
	qFragment        // after a "#"
)

// iriChar returns the length of the character that starts at s[i], a
// byte outside US-ASCII, if an IRI candidate may hold it, or 0 if it ends
// the candidate: a delimiter of delimLen, invalid UTF-8, a bidirectional
// control (RFC 3987 4.1), or a character that is neither ucschar nor,
// in a query (query), iprivate (RFC 3987 2.2). The caller makes sure that
// s holds the four bytes from i or ends the input.
func iriChar(s string, i int, query bool) int {
	if delimLen(s, i) > 0 {
		return 0
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	switch {
	case r == utf8.RuneError && n == 1, isBidiControl(r):
		return 0
	case isUcschar(r), query && isIprivate(r):
		return n
	}
	return 0
}

// isBidiControl reports the bidirectional formatting characters that RFC
// 3987 4.1 forbids in an IRI (LRM, RLM, LRE, RLE, PDF, LRO, RLO) and those
// Unicode added since, which do the same (ALM U+061C, the isolates
// U+2066-U+2069).
func isBidiControl(r rune) bool {
	return isBidiFormat(r) || r == 0x061C || 0x2066 <= r && r <= 0x2069
}

// iriStep moves x.q over the ASCII byte c of an IRI candidate.
func (x *scanner) iriStep(c byte) {
	switch {
	case c == '?' && x.q == qPath:
		x.q = qQuery
	case c == '#':
		x.q = qFragment
	}
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
			if x.iri && !x.iriSkip(end) {
				return x.more(x.pos + 4)
			}
			if !x.iri && !x.skip(end) {
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

// iriSkip is skip for an IRI candidate: it also stops where iriChar
// says, and steps over whole characters.
func (x *scanner) iriSkip(end int) bool {
	s, o := x.s, x.base
	for p := x.pos; p < end; {
		if p+4 > end && !x.eof {
			x.pos = p
			return false
		}
		c := s[p-o]
		n := 1
		if c >= utf8.RuneSelf {
			n = iriChar(s, p-o, x.q == qQuery)
		} else if tab[c]&tDelim != 0 {
			n = 0
		} else {
			x.iriStep(c)
		}
		if n == 0 {
			x.pos, x.floor, x.skipping = p, p, false
			return true
		}
		p += n
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
		x.q = qPath
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

// lineEndAt reports whether s[i:lim] starts with white space that holds
// a line feed, as the space case of bracket reads it.
func lineEndAt(s string, i, lim int) bool {
	for ; i < lim && tab[s[i]]&tSpace != 0; i++ {
		if s[i] == '\n' {
			return true
		}
	}
	return false
}

// typoHyphen returns the length of the typographic hyphen that starts s,
// U+2010 or U+00AD, or 0. s holds up to its first three bytes.
func typoHyphen(s string) int {
	switch {
	case strings.HasPrefix(s, "\u2010"):
		return 3
	case strings.HasPrefix(s, "\u00AD"):
		return 2
	}
	return 0
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

// iriDelimFrom is delimFrom for an IRI candidate: it also stops where
// iriChar says, and moves x.q. The result may pass lim by less than a
// character.
func (x *scanner) iriDelimFrom(a, lim, end int) int {
	s, o := x.s, x.base
	lim = min(lim, end)
	p := a
	for p < lim {
		c := s[p-o]
		if c < utf8.RuneSelf {
			if tab[c]&tDelim != 0 {
				return p
			}
			x.iriStep(c)
			p++
			continue
		}
		n := iriChar(s, p-o, x.q == qQuery)
		if n == 0 {
			return p
		}
		p += n
	}
	return p
}

// candidate reads the candidate of running text that starts at st: up to
// a delimiter, over line breaks after a hyphen, and reports it. Its rules
// for whitespace and hyphens are those ExtractCut cuts by.
func (x *scanner) candidate(st, end int) {
	s, o := x.s, x.base
	lim := st + x.maxLen + 1 // a candidate reaching lim is too long
	var e int
	if x.q = qPath; x.iri {
		e = x.iriDelimFrom(st, lim, end)
	} else {
		e = x.delimFrom(st, lim, end)
	}
	if e-st > x.maxLen {
		x.tooLong(e)
		return
	}
	x.segs = append(x.segs[:0], seg{st, e})
	joinedTooLong := false
	for e > st {
		// Appendix C: a line break right after a hyphen; the whitespace
		// around it is ignored. Spaces and tabs may come between. The
		// hyphen is the candidate's last byte, or a typographic one that
		// ended it (U+2010, or U+00AD, which groff and word processors
		// write where they break a word), which no reading keeps.
		p := e
		if s[e-1-o] != '-' {
			n := typoHyphen(s[e-o : min(end, e+3)-o])
			if n == 0 {
				break
			}
			p += n
		}
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
		if x.iri && s[p-o] >= utf8.RuneSelf && iriChar(s, p-o, x.q == qQuery) == 0 {
			break // a character no IRI holds there opens it
		}
		if parseScheme(s[p-o:min(lim, end)-o]) > 0 {
			break // the next line starts a URI of its own
		}
		var e2 int
		if x.iri {
			e2 = x.iriDelimFrom(p, lim, end)
		} else {
			e2 = x.delimFrom(p, lim, end)
		}
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
// with Suffix a "www." or "ftp.") follows and a ">" closes it. ExtractCut
// makes no cut between a "<" and its ">".
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
	x.q = qPath
	for {
		a := p
		if x.iri {
			// A character no IRI holds leaves the bracket open.
			for p < lim && tab[s[p-o]]&(tSpace|tDelim) == 0 {
				c := s[p-o]
				if c < utf8.RuneSelf {
					x.iriStep(c)
					p++
					continue
				}
				n := iriChar(s, p-o, x.q == qQuery)
				if n == 0 {
					// A typographic hyphen at a line's end is read as
					// without IRI: the space case below drops it.
					if n = typoHyphen(s[p-o : min(lim, p+3)-o]); n == 0 || !lineEndAt(s, p+n-o, lim-o) {
						return
					}
				}
				p += n
			}
		} else {
			for p < lim && tab[s[p-o]]&(tSpace|tDelim) == 0 {
				p++
			}
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
			// A typographic hyphen (U+2010, U+00AD) before a line
			// break joins too, and no reading keeps it, as in running
			// text.
			typo := 0
			if !hy && p-a >= 3 && typoHyphen(s[p-3-o:p-o]) == 3 {
				typo = 3
			} else if !hy && p-a >= 2 && typoHyphen(s[p-2-o:p-o]) == 2 {
				typo = 2
			}
			sp := p
			if p, ok = skipSpace(p); !ok {
				return
			}
			if (hy || typo > 0) && strings.IndexByte(s[sp-o:p-o], '\n') >= 0 {
				if last := &x.segs[len(x.segs)-1]; last.b-last.a == typo {
					// A typographic hyphen alone after a space ("<A: ‐" at
					// a line's end) is no part of a word: it joins
					// nothing, and no reading keeps it.
					x.segs = x.segs[:len(x.segs)-1]
				} else {
					h = HyphenJoined
					last.b -= typo
				}
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
	iri := false
	completed := x.suffix && isSuffixStart(t)
	if !completed {
		if parseScheme(t) == 0 {
			return
		}
		var err error
		if u, err = Parse(t); err != nil {
			if !x.iri || !hasNonASCII(t) {
				return
			}
			// An IRI: the URI it maps to (RFC 3987 3.1), a new string.
			r, err := FromIRI(t)
			if err != nil {
				return
			}
			var ok bool
			if u, ok = r.URI(); !ok {
				return
			}
			iri = true
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
	if x.clone && !fresh && !completed && !iri {
		u, _ = Parse(t)
	}
	if x.keepFn != nil && !x.keepFn(u) {
		return
	}
	x.countLines(start)
	x.pending[x.npend] = Match{
		URI: u, Text: t, Offset: start, End: stop,
		Line: x.line, Column: start - x.lineStart + 1,
		Completed: completed, IRI: iri, Joined: stop-start != len(t), Hyphen: h, Delim: d,
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

// ExtractCut returns the last cut c of b with from < c <= len(b), or 0 if
// there is none. A cut is where a text can be split for extraction (RFC
// 3986 Appendix C) in chunks: [Extract] with opts over b[:c] finds the
// matches it finds before c in the whole input, and over the text from c
// on those it finds from c on, with Offset and End less c and Line and
// Column counted from c (Line 1 is c's line, on which Column 1 is c); the
// Skipped counts of [ExtractReader] add up. b must start at a cut: the
// start of the input, or a position ExtractCut returned. Whether c is a
// cut depends only on b[:c] and opts.MaxLen, so a caller that found no cut
// in b[:n] and has read more passes from = n. ExtractCut reads b from
// MaxLen+16 bytes before from on, in linear time. The package doc gives
// the rules, under "Cutting text".
func ExtractCut(b []byte, from int, opts ExtractOptions) int {
	// A hyphen or a "<" further back than w is read by no candidate that
	// reaches c: a candidate's decisions read less than maxLen+lookahead
	// bytes from its start (scanner).
	w := opts.maxLen() + lookahead
	from = max(from, 0)
	c := len(b)
	for c > from {
		// The byte before a cut is ASCII whitespace, where every candidate
		// of running text ends (candidate) and every look back from a
		// candidate's start stops (colon, dot, candidate).
		for c > from && tab[b[c-1]]&tSpace == 0 {
			c--
		}
		if c <= from {
			break
		}
		// A hyphen before a line break may join the next line (candidate):
		// no cut after it, up to its next word.
		k := c - 1
		for k >= 0 && k >= c-w && tab[b[k]]&tSpace != 0 {
			k--
		}
		if k >= 0 && k >= c-w && (b[k] == '-' || bytes.HasSuffix(b[:k+1], []byte("\u2010")) || bytes.HasSuffix(b[:k+1], []byte("\u00AD"))) {
			c = k
			continue
		}
		// A "<" not yet closed by ">" may open a bracketed candidate that
		// runs over whitespace to its ">" (bracket): no cut after it. An
		// earlier "<" ends at the next one.
		lo := max(0, c-w)
		if lt := bytes.LastIndexByte(b[lo:c], '<'); lt >= 0 {
			lt += lo
			if bytes.IndexByte(b[lt+1:c], '>') < 0 {
				c = lt
				continue
			}
		}
		return c
	}
	return 0
}
