package lint

import (
	"cmp"
	"slices"

	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/uri"
)

// Finding is one finding: a code, the component, the offset in the URI's
// text and a fixed message, never text of the URI. It is the one Finding
// type of package scheme, which a scheme's Lint hook returns too.
type Finding = scheme.Finding

// URI returns the findings for u in a deterministic order: by offset, then
// by code (then by component and message). Each code is reported at most
// once per component, at its first occurrence, except the findings of a
// scheme plugin (amqp's query parameters, one per pair).
//
// URI runs in time linear in the length of u's text, apart from sorting the
// findings, does not recurse and never panics. The zero URI has no
// findings.
func URI(u uri.URI) []Finding {
	if !u.HasScheme() {
		return nil
	}
	l := linter{u: u, s: u.String()}
	l.sc, l.registered = scheme.Lookup(u.Scheme())
	l.scheme()
	l.userinfo()
	l.atAfterAuthority()
	l.host()
	l.port()
	l.path()
	l.encodings()
	l.secrets()
	l.plugin()
	return l.sorted()
}

// linter collects the findings of one URI.
type linter struct {
	u          uri.URI
	s          string
	sc         scheme.Scheme // the scheme's entry in the default registry
	registered bool          // whether there is one
	f          []Finding
}

// add appends a finding with the message of code at index variant.
func (l *linter) add(code string, c uri.Component, off int, variant int) {
	l.f = append(l.f, newFinding(code, c, off, variant))
}

func newFinding(code string, c uri.Component, off int, variant int) Finding {
	m := messages[code]
	if variant >= len(m) {
		variant = 0
	}
	return Finding{Code: code, Component: c, Offset: off, Message: m[variant], Severity: severities[code]}
}

// severities holds the Severity of each code of rules.
var severities = func() map[string]scheme.Severity {
	m := make(map[string]scheme.Severity, len(rules))
	for _, r := range rules {
		m[r.Code] = r.Severity
	}
	return m
}()

// sorted sorts l.f and removes duplicates.
func (l *linter) sorted() []Finding {
	return sortFindings(l.f)
}

// sortFindings sorts f by offset, code, component and message, and removes
// equal findings.
func sortFindings(f []Finding) []Finding {
	slices.SortFunc(f, compareFindings)
	return slices.Compact(f)
}

func compareFindings(a, b Finding) int {
	if c := cmp.Compare(a.Offset, b.Offset); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Code, b.Code); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Component, b.Component); c != 0 {
		return c
	}
	return cmp.Compare(a.Message, b.Message)
}

// span returns the span of c in l.s.
func (l *linter) span(c uri.Component) (start, end int, ok bool) {
	return l.u.Span(c)
}
