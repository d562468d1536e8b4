package record

// This file holds the pieces of records that several subcommands share:
// the error line and the diagnostic of a line-per-input subcommand, and
// the parsing of an input with its masked form.

import (
	"strconv"
	"strings"

	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/uri"
)

// LongError is the error of a line longer than MaxLine: the offset is
// the first byte past the limit.
func LongError() *Error {
	return &Error{Offset: MaxLine, Reason: TooLong}
}

// ErrorLine is the line of standard output that stands for an invalid
// input in the text form of the one-line-per-input subcommands. It holds
// spaces, so it can never be read as a URI.
func ErrorLine(e *Error) string {
	var b strings.Builder
	b.WriteString("error: ")
	if e.Input != "" {
		b.WriteString(e.Input + ": ")
	}
	if e.Component != "" {
		b.WriteString(e.Component + " at offset " + strconv.Itoa(e.Offset) + ": ")
	}
	b.WriteString(e.Reason)
	b.WriteByte('\n')
	return b.String()
}

// Diagnostic is the message on standard error for an invalid input of a
// one-line-per-input subcommand: where, what, the input as shown with a
// caret under the bad byte (when m is not nil), and the hint.
func Diagnostic(name string, in Input, e *Error, m *Shown) string {
	var b strings.Builder
	b.WriteString("urikit " + name + ": " + in.Where() + ": ")
	b.WriteString(strings.TrimPrefix(ErrorLine(e), "error: "))
	if m != nil {
		b.WriteString(CaretLines("    ", *m, e.Offset))
	}
	if e.Hint != "" {
		b.WriteString("    hint: " + e.Hint + "\n")
	}
	return b.String()
}

// WarningText is the message on standard error for a warning.
func WarningText(name string, in Input, w Warning) string {
	return "urikit " + name + ": " + in.Where() + ": warning: " + w.Message + "\n"
}

// Parsed is one input text read as a URI-reference or a URI, with what
// urikit shows of it.
type Parsed struct {
	Ref      uri.Reference
	Valid    bool
	Err      *Error // nil when valid
	Shown    Shown  // as printed: masked, unless --show-secrets
	Warnings []Warning
}

// ParseInput parses s as a URI when wantURI, as a URI-reference
// otherwise, and masks it unless showSecrets.
func ParseInput(s string, wantURI, showSecrets bool) Parsed {
	var p Parsed
	p.Parse(s, wantURI, showSecrets)
	return p
}

// ReadInput sets *p, a zero Parsed, to the record of the input in: the
// error of a line too long to read, or Parse of its text.
func (p *Parsed) ReadInput(in *Input, wantURI, showSecrets bool) {
	if in.Long > 0 {
		p.Err = LongError()
		return
	}
	p.Parse(in.Text, wantURI, showSecrets)
}

// Parse sets *p, a zero Parsed, to ParseInput(s, wantURI, showSecrets),
// with no copy of the record.
func (p *Parsed) Parse(s string, wantURI, showSecrets bool) {
	var err error
	if wantURI {
		var u uri.URI
		u, err = uri.Parse(s)
		p.Ref = u.Reference()
	} else {
		p.Ref, err = uri.ParseReference(s)
	}
	if err != nil {
		p.Err = FromError(s, err)
		p.Shown = Mask(s)
		if p.Err.Hint != "" && inSpans(p.Shown.Spans, p.Err.Offset) {
			// A hint may name the bad byte ("|" is not allowed here) or
			// its class (a space): inside a masked password it must not,
			// even with --show-secrets, so that the record is the same
			// either way.
			p.Err.Hint = MaskedHint
		}
	} else {
		p.Valid = true
		p.Shown = maskRef(p.Ref)
		p.Warnings = CutShortWarnings(&p.Ref)
	}
	if showSecrets {
		p.Shown = ShownAs(s)
	}
}

// MaskedHint is the hint for an error inside a masked span: it says
// nothing of the character, not even its class.
const MaskedHint = `a character under the mask is not allowed as it is: percent-encode it (RFC 3986 2.1), "@" as %40, ":" as %3A, "%" as %25`

// inSpans reports whether the byte at offset i is inside one of spans.
func inSpans(spans []span, i int) bool {
	for _, sp := range spans {
		if sp.Start <= i && i < sp.End {
			return true
		}
	}
	return false
}

// ShowResult is a result computed from the inputs from, as printed:
// masked unless showSecrets (see ResultShown).
func ShowResult(out uri.Reference, showSecrets bool, from ...string) string {
	return ResultShown(out, showSecrets, from...).Text
}

// ResultShown is the text of out, a result computed from the inputs from,
// as printed: with its own secrets masked, and what it holds of a secret
// of an input (scheme.AppendRedactDerived), unless showSecrets.
func ResultShown(out uri.Reference, showSecrets bool, from ...string) Shown {
	if len(from) == 0 && !showSecrets {
		return maskRef(out)
	}
	return DerivedShown(out.String(), showSecrets, from...)
}

// WithSecrets returns the texts of the inputs ms that hold a secret, the
// only ones whose secrets a result can hold: nil, without allocating, for
// the inputs of most lines.
func WithSecrets(ms ...Shown) []string {
	var from []string
	for _, m := range ms {
		if len(m.Spans) > 0 {
			from = append(from, m.Src)
		}
	}
	return from
}

// DerivedShown is ResultShown for any text computed from the inputs.
func DerivedShown(s string, showSecrets bool, from ...string) Shown {
	if showSecrets {
		return ShownAs(s)
	}
	return newShown(s, scheme.Default().AppendRedactDerived(nil, s, from...))
}
