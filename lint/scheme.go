package lint

import (
	"github.com/urikit/urikit/uri"
)

// scheme reports unregistered-scheme (RFC 3986 3.1, 8): a scheme that the
// default registry of package scheme does not know.
func (l *linter) scheme() {
	if !l.registered {
		l.add(CodeUnregisteredScheme, uri.ComponentScheme, 0, 0)
	}
}

// plugin appends the findings of the scheme's own Lint hook (see
// scheme.Scheme).
func (l *linter) plugin() {
	if l.sc.Lint != nil {
		l.f = appendHook(l.f, l.sc.Lint(l.u))
	}
}

// appendHook appends the findings of a scheme's hook to f. Their codes are
// the scheme's (amqp's empty-vhost, ...); a code that this package has too
// (zone-id) means the same and gets this package's message, so that one
// code has one set of messages.
func appendHook(f, hook []Finding) []Finding {
	for _, x := range hook {
		if m, ok := messages[x.Code]; ok && len(m) > 0 {
			x.Message = m[0]
		}
		f = append(f, x)
	}
	return f
}
