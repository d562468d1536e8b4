package lint

import (
	"strings"

	"github.com/urikit/urikit/scheme/amqp"
	"github.com/urikit/urikit/uri"
)

// scheme reports unregistered-scheme (RFC 3986 3.1, 8): a scheme that the
// default registry of package scheme does not know.
func (l *linter) scheme() {
	if !l.registered {
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
		l.f = appendAMQP(l.f, l.s)
	}
}

// appendAMQP appends the findings of amqp.Lint(s) to f. Their codes are
// amqp's (amqp.LintEmptyVhost, ...); a code that this package has too
// (zone-id) means the same and gets this package's message, so that one
// code has one set of messages. A finding of a component that package uri
// does not name gets the host.
func appendAMQP(f []Finding, s string) []Finding {
	for _, a := range amqp.Lint(s) {
		x := Finding{Code: a.Code, Component: componentByName(a.Component), Offset: a.Offset, Message: a.Message}
		if m, ok := messages[a.Code]; ok && len(m) > 0 {
			x.Message = m[0]
		}
		f = append(f, x)
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
