package main

// This file holds the pieces of records that several subcommands share:
// the error line and the diagnostic of a line-per-input subcommand, and
// the parsing of an input with its masked form.

import (
	"slices"
	"strconv"
	"strings"

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
	masked   []span       // what is masked in the input, even with --show-secrets
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
	m := maskText(s, p.ref, p.valid)
	p.masked = m.spans
	if p.err != nil && p.err.hint != "" && inSpans(m.spans, p.err.offset) {
		// A hint may name the bad byte ("|" is not allowed here) or its
		// class (a space): inside a masked password it must not, even
		// with --show-secrets, so that the record is the same either way.
		p.err.hint = maskedHint
	}
	if p.valid {
		p.warnings = cutShortWarnings(p.ref, m)
	}
	if showSecrets {
		m = reveal(s)
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

// showResult is a result computed from the valid inputs srcs, as
// printed: masked unless showSecrets. Besides its own password and what
// uri.Redact finds in it, each component of the result that may come
// from a part of an input masked outside that input's userinfo is
// masked: where the input's component has the same text, the same bytes;
// otherwise the whole component. A password
// cut short by an unencoded "#" ("http://u:1234#5678@h") leaves a port
// and a fragment that resolution and normalization may keep without the
// "@" that showed where the password ended.
func showResult(out uri.Reference, showSecrets bool, srcs ...parsed) string {
	return resultShown(out, showSecrets, srcs...).text
}

// resultShown is showResult with the masked spans of the result.
func resultShown(out uri.Reference, showSecrets bool, srcs ...parsed) shown {
	s := out.String()
	if showSecrets {
		return reveal(s)
	}
	m := maskText(s, out, true)
	// The spans found below come in no order: sorted and merged once at
	// the end, so that many of them cost O(n log n).
	spans, changed := slices.Clone(m.spans), false
	for _, p := range srcs {
		if !p.valid || len(p.masked) == 0 {
			continue
		}
		src := p.ref.String()
		us, ue, hasUserinfo := p.ref.Span(uri.ComponentUserinfo)
		for c := uri.ComponentUserinfo; c <= uri.ComponentFragment; c++ {
			is, ie, ok := p.ref.Span(c)
			if !ok || is == ie {
				continue
			}
			os, oe, ok := out.Span(c)
			if !ok || os == oe {
				continue
			}
			for _, sp := range p.masked {
				if hasUserinfo && us <= sp.start && sp.end <= ue {
					// The input's own password: the result's own, if it
					// keeps it, is masked as such.
					continue
				}
				a, b := max(sp.start, is), min(sp.end, ie)
				if a >= b {
					continue
				}
				if s[os:oe] == src[is:ie] {
					spans = append(spans, span{os + a - is, os + b - is})
				} else {
					spans = append(spans, span{os, oe})
				}
				changed = true
			}
		}
	}
	if !changed {
		return m
	}
	return newShown(s, mergeSpans(spans))
}
