package scheme

import (
	"errors"

	"github.com/urikit/urikit/uri"
)

// Rung is a rung of the comparison ladder of RFC 3986 6.2: a way to decide
// that two URIs are equivalent, each costlier than the one below and with
// fewer false negatives. The rungs nest: URIs equal at one rung are equal
// at every higher rung. Protocol-based normalization (6.2.4) needs the
// network and is not a rung here.
type Rung uint8

const (
	// RungNone: the URIs differ at every rung; they may still identify
	// the same resource (6.1: comparison avoids false positives, not
	// false negatives).
	RungNone Rung = iota
	// RungString: simple string comparison (6.2.1), the text byte for
	// byte: a == b.
	RungString
	// RungSyntax: equal after syntax-based normalization (6.2.2):
	// a.Normalize() == b.Normalize().
	RungSyntax
	// RungScheme: equal after scheme-based normalization (6.2.3) through
	// the registry: Normalize(a) == Normalize(b).
	RungScheme
)

var rungNames = [...]string{"none", "string", "syntax", "scheme"}

// String returns "string", "syntax" or "scheme" (the levels of the
// command line and the conformance vectors), or "none" for RungNone.
func (r Rung) String() string {
	if int(r) < len(rungNames) {
		return rungNames[r]
	}
	return "invalid"
}

// ErrUnknownRung is the error of ParseRung: the name is not one of the
// rungs of RFC 3986 6.2.1-6.2.3.
var ErrUnknownRung = errors.New("scheme: unknown rung (want string, syntax or scheme)")

// ParseRung returns the rung named "string" (RFC 3986 6.2.1), "syntax"
// (6.2.2) or "scheme" (6.2.3).
func ParseRung(s string) (Rung, error) {
	for r := RungString; r <= RungScheme; r++ {
		if s == rungNames[r] {
			return r, nil
		}
	}
	return RungNone, ErrUnknownRung
}

// Ladder climbs the comparison ladder of RFC 3986 6.2 and returns the
// lowest rung at which a and b are equal, or RungNone if they differ at
// every rung, using the default registry for the scheme rung: it tells
// why two URIs match. See [Registry.Ladder].
func Ladder(a, b uri.URI) Rung { return defaultRegistry.Ladder(a, b) }

// EqualAt reports whether a and b are equal at the given rung of the
// comparison ladder (RFC 3986 6.2), under the default registry: whether
// Ladder(a, b) is that rung or a lower one. See [Registry.EqualAt].
func EqualAt(a, b uri.URI, level Rung) bool { return defaultRegistry.EqualAt(a, b, level) }

// Ladder returns the lowest rung of the comparison ladder (RFC 3986 6.2)
// at which a and b are equal: RungString if their text is the same
// (6.2.1), RungSyntax if they are equal after syntax-based normalization
// (6.2.2), RungScheme if they are equal after scheme-based normalization
// (6.2.3) through r, and RungNone otherwise.
//
// Ladder compares URIs. Relative references are compared only after
// resolution (6.1: "applications should not directly compare relative
// references; instead, convert the references to their respective target
// URIs before comparison"): resolve them against their base with
// uri.URI.Resolve first. Fragments take part in the comparison; drop them
// first when comparing for a network action (6.1).
func (r *Registry) Ladder(a, b uri.URI) Rung {
	if a == b {
		return RungString
	}
	na, nb := a.Normalize(), b.Normalize()
	if na == nb {
		return RungSyntax
	}
	if r.Normalize(na) == r.Normalize(nb) {
		return RungScheme
	}
	return RungNone
}

// EqualAt reports whether a and b are equal at the rung level of the
// comparison ladder (RFC 3986 6.2) under r, climbing no higher than
// level. For RungNone it reports false.
func (r *Registry) EqualAt(a, b uri.URI, level Rung) bool {
	switch level {
	case RungString:
		return a == b
	case RungSyntax:
		return a == b || a.Normalize() == b.Normalize()
	case RungScheme:
		return r.Equivalent(a, b)
	}
	return false
}
