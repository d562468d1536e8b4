package lint

import (
	"iter"
	"slices"
	"strconv"
	"strings"

	"github.com/urikit/urikit/uri"
)

// TextFinding is a Finding of a URI found in running text by Text: its
// Offset counts in the whole text, and Line and Column say where that is.
//
// Its JSON encoding adds "line", "column", "uri_start", "uri_end" and,
// when set, "completed" to the Finding's members.
type TextFinding struct {
	// Finding is the finding of the URI, its Offset moved to the byte of
	// the text it points at (see Text).
	Finding
	// Line and Column are Offset's position, counted as uri.Match counts
	// them: the line is 1 plus the number of "\n" before Offset, the
	// column 1 plus the number of bytes between the line's start and
	// Offset.
	Line   int `json:"line"`
	Column int `json:"column"`
	// URIStart and URIEnd are the Offset and End of the uri.Match: where
	// the URI lies in the text.
	URIStart int `json:"uri_start"`
	URIEnd   int `json:"uri_end"`
	// Completed reports a finding of a suffix reference that Extract
	// completed (uri.Match.Completed, RFC 3986 4.5): the URI linted is
	// a guess, and a finding in the text it added (the scheme) points at
	// the match's first byte.
	Completed bool `json:"completed,omitempty"`
}

// MarshalJSON encodes f as the Finding's members (scheme.Finding's
// MarshalJSON) followed by "line", "column", "uri_start", "uri_end" and,
// when set, "completed", as the struct tags say.
func (f TextFinding) MarshalJSON() ([]byte, error) {
	b, _ := f.Finding.MarshalJSON()
	b = append(b[:len(b)-1], `,"line":`...)
	b = strconv.AppendInt(b, int64(f.Line), 10)
	b = append(b, `,"column":`...)
	b = strconv.AppendInt(b, int64(f.Column), 10)
	b = append(b, `,"uri_start":`...)
	b = strconv.AppendInt(b, int64(f.URIStart), 10)
	b = append(b, `,"uri_end":`...)
	b = strconv.AppendInt(b, int64(f.URIEnd), 10)
	if f.Completed {
		b = append(b, `,"completed":true`...)
	}
	return append(b, '}'), nil
}

// Text returns the findings of every URI that uri.Extract finds in text
// with opts (RFC 3986 Appendix C), in the order of the URIs and, for one
// URI, in the order Match gives them, each finding's Offset moved from the
// URI's text into text ("Running text" in the package doc says how). Text
// finds IRIs too, whatever opts.IRI says (it sets it: RFC 3987 2.2), and
// lints each as String lints it: as the URI it maps to (3.1), its
// findings moved back to the IRI's bytes, plus iri. Text never reports
// invalid-uri, nor zone-id: lint text that does not parse with String. A
// finding that both readings of a URI broken after a hyphen share is
// reported once.
//
// Text runs in time linear in len(text) (apart from sorting each URI's
// findings), does not recurse and never panics.
func Text(text string, opts uri.ExtractOptions) iter.Seq[TextFinding] {
	opts.IRI = true
	return func(yield func(TextFinding) bool) {
		// The findings of the last match, for a match that overlaps it;
		// a set of them when there are many.
		var prev, cur []place
		var prevSet map[place]bool
		prevEnd := -1
		for m := range uri.Extract(text, opts) {
			fs := Match(m)
			overlaps := m.Offset < prevEnd && len(prev) > 0
			if overlaps && len(prev) > 16 {
				prevSet = make(map[place]bool, len(prev))
				for _, k := range prev {
					prevSet[k] = true
				}
			}
			cur = cur[:0]
			p := newPositioner(text, m)
			for _, f := range fs {
				tf := TextFinding{Finding: f, URIStart: m.Offset, URIEnd: m.End, Completed: m.Completed}
				tf.Offset, tf.Line, tf.Column = p.at(f.Offset)
				k := place{tf.Offset, tf.Code, tf.Component}
				cur = append(cur, k)
				if overlaps && (prevSet != nil && prevSet[k] || prevSet == nil && slices.Contains(prev, k)) {
					continue
				}
				if !yield(tf) {
					return
				}
			}
			if m.End > prevEnd {
				prevEnd = m.End
			}
			prev, cur = cur, prev
			prevSet = nil
		}
	}
}

// Match returns the findings of a URI that uri.Extract or
// uri.ExtractReader found in text (RFC 3986 Appendix C), in the order URI
// gives them: those of URI for m.URI, their offsets in m.URI.String()
// (which is m.Text, or for a completed suffix reference the completion of
// m.Text, RFC 3986 4.5); for an IRI (m.IRI, RFC 3987 2.2), those String
// gives for m.Text, their offsets in m.Text: the findings of the URI it
// maps to (3.1) moved back to the IRI's bytes, plus iri. Text moves
// these offsets into the whole text.
func Match(m uri.Match) []Finding {
	if m.IRI {
		return lintIRIAs(m.Text, m.URI)
	}
	return URI(m.URI)
}

// place identifies a finding in the text, for the findings of overlapping
// matches.
type place struct {
	offset    int
	code      string
	component uri.Component
}

// positioner maps offsets in a match's URI text to offsets, lines and
// columns in the whole text. Offsets must be asked for in increasing
// order (findings come sorted); it walks the match's text once.
type positioner struct {
	text      string
	m         uri.Match
	skip      int // bytes of the URI's text not in the input (a completion's prefix)
	uriOff    int // offset in the URI's text reached
	pos       int // the offset in text it maps to
	line, col int // pos's line and column
	joined    bool
}

func newPositioner(text string, m uri.Match) *positioner {
	skip := 0
	if m.Completed {
		if k := len(m.URI.String()) - len(m.Text); k > 0 {
			skip = k
		}
	}
	return &positioner{text: text, m: m, skip: skip, uriOff: skip, pos: m.Offset, line: m.Line, col: m.Column, joined: m.Joined}
}

// at returns the offset, line and column in the text of the byte at
// offset u of the URI's text.
func (p *positioner) at(u int) (off, line, col int) {
	if u < p.skip || u < p.uriOff {
		// In a completion's prefix, or asked out of order: the match's
		// start, or where the walk is.
		if u < p.skip {
			return p.m.Offset, p.m.Line, p.m.Column
		}
		return p.pos, p.line, p.col
	}
	end := p.m.End
	if end > len(p.text) {
		end = len(p.text)
	}
	for p.uriOff < u && p.pos < end {
		if n := p.dropped(end); n > 0 {
			p.pass(n)
			continue
		}
		p.uriOff++
		p.advance(p.text[p.pos])
		// What a joined match removed is skipped before the byte that
		// follows it.
		for p.uriOff == u && p.pos < end {
			n := p.dropped(end)
			if n == 0 {
				break
			}
			p.pass(n)
		}
	}
	return p.pos, p.line, p.col
}

// dropped returns the length of what a joined match removed at p.pos, or
// 0: whitespace, or a typographic hyphen (U+2010, U+00AD) that ended a
// line, which no match's text holds (uri.Extract makes both delimiters).
func (p *positioner) dropped(end int) int {
	if !p.joined {
		return 0
	}
	switch t := p.text[p.pos:end]; {
	case isSpace(t[0]):
		return 1
	case strings.HasPrefix(t, "\u2010"):
		return 3
	case strings.HasPrefix(t, "\u00ad"):
		return 2
	}
	return 0
}

// pass advances over n bytes.
func (p *positioner) pass(n int) {
	for range n {
		p.advance(p.text[p.pos])
	}
}

func (p *positioner) advance(c byte) {
	p.pos++
	if c == '\n' {
		p.line++
		p.col = 1
	} else {
		p.col++
	}
}

// isSpace reports the whitespace that a joined uri.Match drops: space,
// tab, CR, LF, FF and VT.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'
}
