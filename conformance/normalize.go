package conformance

import (
	"strconv"

	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/uri"
)

// This file checks ops "normalize" and "equiv" through the public API of
// packages uri and scheme (RFC 3986 section 6.2: syntax-based
// normalization, 6.2.2, and scheme-based normalization through the
// default registry, 6.2.3).

func init() {
	Register("normalize", checkNormalize)
	Register("equiv", checkEquiv)
}

// checkNormalize checks a "normalize" vector. Level "syntax": the input
// parses with ParseReference and Normalize gives the output; when it has a
// scheme, URI.Normalize gives the same. Level "scheme": the input parses
// with Parse and scheme.Normalize gives the output. Either way the output
// reads back to the same value and is its own normal form.
func checkNormalize(v *Vector) error {
	var ms Mismatches
	in, want := v.Str("input"), v.Str("output")
	r, err := uri.ParseReference(in)
	if err != nil {
		ms.Add("input", "ParseReference", "error "+strconv.Quote(err.Error()), "a URI-reference")
		return ms.Err()
	}
	if v.Str("level") == "syntax" {
		got := r.Normalize()
		ms.Check("output", "Reference.Normalize", strconv.Quote(got.String()), strconv.Quote(want))
		if u, ok := r.URI(); ok {
			ms.Check("output", "URI.Normalize", strconv.Quote(u.Normalize().String()), strconv.Quote(want))
		}
		if back, err := uri.ParseReference(got.String()); err != nil || back != got || got.Normalize() != got {
			ms.Add("output", "Normalize then ParseReference", "a different value", "the same value")
		}
		return ms.Err()
	}
	u, ok := r.URI()
	if !ok {
		ms.Add("input", "Parse", "a relative reference", "a URI (scheme-based normalization needs a scheme)")
		return ms.Err()
	}
	got := scheme.Normalize(u)
	ms.Check("output", "scheme.Normalize", strconv.Quote(got.String()), strconv.Quote(want))
	if back, err := uri.Parse(got.String()); err != nil || back != got || scheme.Normalize(got) != got {
		ms.Add("output", "scheme.Normalize then Parse", "a different value", "the same value")
	}
	return ms.Err()
}

// checkEquiv checks an "equiv" vector: whether a and b are equal at the
// level's rung of the comparison ladder (RFC 3986 6.2). Two URIs go
// through scheme.EqualAt, and scheme.Ladder must agree with it. Relative
// references can be compared as strings and after syntax-based
// normalization; the scheme rung needs URIs (resolve first, 6.1).
func checkEquiv(v *Vector) error {
	var ms Mismatches
	a, errA := uri.ParseReference(v.Str("a"))
	b, errB := uri.ParseReference(v.Str("b"))
	if errA != nil {
		ms.Add("a", "ParseReference", "error "+strconv.Quote(errA.Error()), "a URI-reference")
	}
	if errB != nil {
		ms.Add("b", "ParseReference", "error "+strconv.Quote(errB.Error()), "a URI-reference")
	}
	if len(ms) > 0 {
		return ms.Err()
	}
	level, _ := scheme.ParseRung(v.Str("level")) // the schema checked the name
	want := v.Bool("equal")
	ua, okA := a.URI()
	ub, okB := b.URI()
	if okA && okB {
		got := scheme.EqualAt(ua, ub, level)
		ms.Check("equal", "scheme.EqualAt", got, want)
		rung := scheme.Ladder(ua, ub)
		if viaLadder := rung != scheme.RungNone && rung <= level; viaLadder != got {
			ms.Add("equal", "scheme.Ladder", "rung "+rung.String(), "a rung that agrees with EqualAt")
		}
		return ms.Err()
	}
	switch level {
	case scheme.RungString:
		ms.Check("equal", "==", a == b, want)
	case scheme.RungSyntax:
		ms.Check("equal", "Reference.Normalize", a.Normalize() == b.Normalize(), want)
	default:
		ms.Add("level", "scheme.EqualAt", "a relative reference", "two URIs (resolve references first, RFC 3986 6.1)")
	}
	return ms.Err()
}
