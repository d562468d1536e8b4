package main

// This file holds the pieces of records that several subcommands share:
// the error line and the diagnostic of a line-per-input subcommand, and
// the parsing of an input with its masked form.

import (
	"strconv"
	"strings"

	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/uri"
)

// longError is the error of a line longer than maxLine: the offset is
// the first byte past the limit.
func longError() *recordError {
	return &recordError{offset: maxLine, reason: tooLong}
}

// errorLine is the line of standard output that stands for an invalid
// input in the text form of the one-line-per-input subcommands. It holds
// spaces, so it can never be read as a URI.
func errorLine(e *recordError) string {
	var b strings.Builder
	b.WriteString("error: ")
	if e.input != "" {
		b.WriteString(e.input + ": ")
	}
	if e.component != "" {
		b.WriteString(e.component + " at offset " + strconv.Itoa(e.offset) + ": ")
	}
	b.WriteString(e.reason)
	b.WriteByte('\n')
	return b.String()
}

// diagnostic is the message on standard error for an invalid input of a
// one-line-per-input subcommand: where, what, the input as shown with a
// caret under the bad byte (when m is not nil), and the hint.
func diagnostic(name string, in input, e *recordError, m *shown) string {
	var b strings.Builder
	b.WriteString("urikit " + name + ": " + in.where() + ": ")
	b.WriteString(strings.TrimPrefix(errorLine(e), "error: "))
	if m != nil {
		b.WriteString(caretLines("    ", *m, e.offset))
	}
	if e.hint != "" {
		b.WriteString("    hint: " + e.hint + "\n")
	}
	return b.String()
}

// warningText is the message on standard error for a warning.
func warningText(name string, in input, w warning) string {
	return "urikit " + name + ": " + in.where() + ": warning: " + w.message + "\n"
}

// parsed is one input text read as a URI-reference or a URI, with what
// urikit shows of it.
type parsed struct {
	ref      uri.Reference
	valid    bool
	err      *recordError // nil when valid
	shown    shown        // as printed: masked, unless --show-secrets
	warnings []warning
}

// parseInput parses s as a URI when wantURI, as a URI-reference
// otherwise, and masks it unless showSecrets.
func parseInput(s string, wantURI, showSecrets bool) parsed {
	var p parsed
	var err error
	if wantURI {
		var u uri.URI
		u, err = uri.Parse(s)
		p.ref = u.Reference()
	} else {
		p.ref, err = uri.ParseReference(s)
	}
	p.valid = err == nil
	if err != nil {
		p.err = fromError(s, err)
	}
	var m shown
	if p.valid {
		m = maskRef(p.ref)
	} else {
		m = mask(s)
	}
	if p.err != nil && p.err.hint != "" && inSpans(m.spans, p.err.offset) {
		// A hint may name the bad byte ("|" is not allowed here) or its
		// class (a space): inside a masked password it must not, even
		// with --show-secrets, so that the record is the same either way.
		p.err.hint = maskedHint
	}
	if p.valid {
		p.warnings = cutShortWarnings(p.ref)
	}
	if showSecrets {
		m = shownAs(s)
	}
	p.shown = m
	return p
}

// maskedHint is the hint for an error inside a masked span: it says
// nothing of the character, not even its class.
const maskedHint = `a character under the mask is not allowed as it is: percent-encode it (RFC 3986 2.1), "@" as %40, ":" as %3A, "%" as %25`

// inSpans reports whether the byte at offset i is inside one of spans.
func inSpans(spans []span, i int) bool {
	for _, sp := range spans {
		if sp.start <= i && i < sp.end {
			return true
		}
	}
	return false
}

// showResult is a result computed from the inputs from, as printed:
// masked unless showSecrets (see resultShown).
func showResult(out uri.Reference, showSecrets bool, from ...string) string {
	return resultShown(out, showSecrets, from...).text
}

// resultShown is the text of out, a result computed from the inputs from,
// as printed: with its own secrets masked, and what it holds of a secret
// of an input (scheme.AppendRedactDerived), unless showSecrets.
func resultShown(out uri.Reference, showSecrets bool, from ...string) shown {
	if len(from) == 0 && !showSecrets {
		return maskRef(out)
	}
	return derivedShown(out.String(), showSecrets, from...)
}

// withSecrets returns the texts of the inputs ms that hold a secret, the
// only ones whose secrets a result can hold: nil, without allocating, for
// the inputs of most lines.
func withSecrets(ms ...shown) []string {
	var from []string
	for _, m := range ms {
		if len(m.spans) > 0 {
			from = append(from, m.src)
		}
	}
	return from
}

// derivedShown is resultShown for any text computed from the inputs.
func derivedShown(s string, showSecrets bool, from ...string) shown {
	if showSecrets {
		return shownAs(s)
	}
	return newShown(s, scheme.Default().AppendRedactDerived(nil, s, from...))
}
