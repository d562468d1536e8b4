package record

// This file holds how urikit shows text taken from its input: passwords
// masked, control bytes and terminal escapes escaped, and the column of a
// byte for the caret under it.

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/urikit/urikit/internal/masked"
	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/uri"
)

// span is the range [start, end) of bytes of a text.
type span struct{ Start, End int }

// Shown is a text as urikit prints it: src with each of spans (sorted,
// disjoint) replaced by uri.RedactMask.
type Shown struct {
	Src   string
	Text  string
	Spans []span
}

// Mask returns s, one input line, argument or result, with its secrets
// masked as scheme.RedactSpans finds them: structurally when s parses as
// a URI reference, by the text rules when it does not. Mask, maskRef,
// HasSecrets and MaskMessage are the only places where urikit asks what
// to mask, and package scheme answers.
func Mask(s string) Shown {
	var buf [8][2]int
	return newShown(s, scheme.Default().AppendRedactSpans(buf[:0], s))
}

// maskRef is mask of r.String(), for a reference already parsed.
func maskRef(r uri.Reference) Shown {
	var buf [8][2]int
	return newShown(r.String(), scheme.Default().AppendReferenceSpans(buf[:0], r))
}

// HasSecrets reports whether maskRef(r) masks anything.
func HasSecrets(r *uri.Reference) bool {
	var buf [1][2]int // no more is needed to tell
	return len(scheme.Default().AppendReferenceSpans(buf[:0], *r)) > 0
}

// MaskMessage returns s, a message or a piece of one (a file name, a flag
// value, an error's text), masked as scheme.RedactText masks it: what
// mask finds, and what the text rules find whether or not s parses as a
// URI reference.
func MaskMessage(s string) Shown {
	var buf [8][2]int
	return newShown(s, scheme.AppendRedactTextSpans(buf[:0], s))
}

// newShown is s with the spans sp (sorted, apart) masked.
func newShown(s string, sp [][2]int) Shown {
	if len(sp) == 0 {
		return Shown{Src: s, Text: s}
	}
	spans := make([]span, len(sp))
	for i, x := range sp {
		spans[i] = span{x[0], x[1]}
	}
	return Shown{Src: s, Text: uri.Mask(s, sp), Spans: spans}
}

// ShownAs is s shown as written (--show-secrets).
func ShownAs(s string) Shown { return Shown{Src: s, Text: s} }

// Covers reports whether a masked span meets [start, end).
func (m Shown) Covers(start, end int) bool {
	for _, sp := range m.Spans {
		if sp.Start < end && start < sp.End {
			return true
		}
	}
	return false
}

// At returns the offset in m.Text of the byte at offset i of m.Src; a
// byte inside a masked span maps to the mask's first byte.
func (m Shown) At(i int) int {
	delta := 0
	for _, sp := range m.Spans {
		if i < sp.Start {
			break
		}
		if i < sp.End {
			return sp.Start + delta
		}
		delta += len(uri.RedactMask) - (sp.End - sp.Start)
	}
	return i + delta
}

// Part returns m.Src[start:end] with the masked spans that overlap it
// masked: a component as shown.
func (m *Shown) Part(start, end int) string {
	if len(m.Spans) == 0 || start == end {
		return m.Src[start:end]
	}
	var b strings.Builder
	i := start
	for _, sp := range m.Spans {
		if sp.End <= start || sp.Start >= end {
			continue
		}
		b.WriteString(m.Src[i:max(sp.Start, i)])
		b.WriteString(uri.RedactMask)
		i = min(sp.End, end)
	}
	if b.Len() == 0 {
		return m.Src[start:end]
	}
	b.WriteString(m.Src[i:end])
	return b.String()
}

// Component returns component c of r, a valid parse of m.Src, as shown,
// and whether it is present.
func (m *Shown) Component(r uri.Reference, c uri.Component) (string, bool) {
	start, end, ok := r.Span(c)
	if !ok {
		return "", false
	}
	return m.Part(start, end), true
}

// EscapeText returns s for a terminal, as masked.EscapeText escapes it:
// control bytes, invalid UTF-8, C1 controls and bidirectional formatting
// characters never reach the output raw.
func EscapeText(s string) string { return masked.EscapeText(s) }

// Columns returns the width of s on a terminal: nonspacing marks take no
// column, East Asian wide characters two, others one.
func Columns(s string) int {
	n := 0
	for _, r := range s {
		switch {
		case r < 0x300:
			n++
		case unicode.Is(unicode.Mn, r):
		case wide(r):
			n += 2
		default:
			n++
		}
	}
	return n
}

// wide reports whether r takes two columns (the main East Asian wide and
// Fullwidth blocks of Unicode's EastAsianWidth.txt).
func wide(r rune) bool {
	switch {
	case r >= 0x1100 && r <= 0x115F, r >= 0x2E80 && r <= 0x303E, r >= 0x3041 && r <= 0x33FF,
		r >= 0x3400 && r <= 0x4DBF, r >= 0x4E00 && r <= 0x9FFF, r >= 0xA000 && r <= 0xA4CF,
		r >= 0xAC00 && r <= 0xD7A3, r >= 0xF900 && r <= 0xFAFF, r >= 0xFE30 && r <= 0xFE4F,
		r >= 0xFF00 && r <= 0xFF60, r >= 0xFFE0 && r <= 0xFFE6, r >= 0x1F300 && r <= 0x1F64F,
		r >= 0x1F900 && r <= 0x1F9FF, r >= 0x20000 && r <= 0x3FFFD:
		return true
	}
	return false
}

// caretContext is how many bytes of the shown text CaretLines keeps on
// each side of the caret of a long text.
const caretContext = 72

// CaretLines returns the text as shown (escaped) after indent, and under
// it a caret under the byte at offset off of m.Src. A text longer than
// twice caretContext is cut to caretContext bytes on each side of the
// caret (at the nearest character boundary), with "…" where it is cut,
// so that a long input does not flood the terminal.
func CaretLines(indent string, m Shown, off int) string {
	off = min(max(off, 0), len(m.Src))
	at := m.At(off)
	text, lead, tail := m.Text, "", ""
	if len(text) > 2*caretContext {
		start, end := max(at-caretContext, 0), min(at+caretContext, len(text))
		for start > 0 && !utf8.RuneStart(text[start]) {
			start--
		}
		for end < len(text) && !utf8.RuneStart(text[end]) {
			end++
		}
		if start > 0 {
			lead = "…"
		}
		if end < len(text) {
			tail = "…"
		}
		text, at = text[start:end], at-start
	}
	return indent + lead + EscapeText(text) + tail + "\n" + indent + strings.Repeat(" ", Columns(lead+EscapeText(text[:at]))) + "^\n"
}

// Quoted is s quoted for a line of text output: strconv.Quote escapes
// every control byte and every character that unicode.IsPrint rejects,
// the C1 controls and the bidirectional formatting characters included.
func Quoted(s string) string { return strconv.Quote(s) }
