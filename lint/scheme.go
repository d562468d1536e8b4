package lint

import (
	"strings"

	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/scheme/amqp"
	"github.com/urikit/urikit/uri"
)

// scheme reports unregistered-scheme (RFC 3986 3.1, 8): a scheme that the
// default registry of package scheme does not know.
func (l *linter) scheme() {
	if _, ok := scheme.Lookup(l.u.Scheme()); !ok {
		l.add(CodeUnregisteredScheme, uri.ComponentScheme, 0, 0)
	}
}

// isAMQP reports whether name is amqp or amqps, in any case.
func isAMQP(name string) bool {
	return strings.EqualFold(name, "amqp") || strings.EqualFold(name, "amqps")
}

// plugin appends the findings of the scheme's own lint: amqp.Lint for amqp
// and amqps.
func (l *linter) plugin() {
	if isAMQP(l.u.Scheme()) {
		l.f = appendAMQP(l.f, l.s, 0)
	}
}

// appendAMQP appends the findings of amqp.Lint(s) to f, their offsets
// moved by shift. Their codes are amqp's (amqp.LintEmptyVhost, ...); a
// finding of a component that package uri does not name keeps the host.
func appendAMQP(f []Finding, s string, shift int) []Finding {
	for _, a := range amqp.Lint(s) {
		f = append(f, Finding{Code: a.Code, Component: componentByName(a.Component), Offset: a.Offset + shift, Message: a.Message})
	}
	return f
}

// componentByName returns the component named name ("scheme", "userinfo",
// ...), or the host for a name it does not know.
func componentByName(name string) uri.Component {
	for c := uri.ComponentScheme; c <= uri.ComponentFragment; c++ {
		if c.String() == name {
			return c
		}
	}
	return uri.ComponentHost
}
