package conformance

import (
	"strconv"

	"github.com/urikit/urikit/uri"
)

// This file checks ops "resolve" and "dotseg" through the public API of
// package uri (RFC 3986 sections 5.2 to 5.4).

func init() {
	Register("resolve", checkResolve)
	Register("dotseg", checkDotseg)
}

// checkResolve checks a "resolve" vector: the base parses with Parse, the
// reference with ParseReference, and Resolve (mode "strict") or
// ResolveNonStrict (mode "compat", the non-strict parser of RFC 3986
// 5.2.2) gives the target, which reads back with Parse to the same value.
func checkResolve(v *Vector) error {
	var ms Mismatches
	base, err := uri.Parse(v.Str("base"))
	if err != nil {
		ms.Add("base", "Parse", "error "+strconv.Quote(err.Error()), "a URI")
		return ms.Err()
	}
	ref, err := uri.ParseReference(v.Str("ref"))
	if err != nil {
		ms.Add("ref", "ParseReference", "error "+strconv.Quote(err.Error()), "a URI-reference")
		return ms.Err()
	}
	var got uri.URI
	via := "Resolve"
	if v.Str("mode") == "compat" {
		via = "ResolveNonStrict"
		got = base.ResolveNonStrict(ref)
	} else {
		got = base.Resolve(ref)
	}
	ms.Check("target", via, strconv.Quote(got.String()), strconv.Quote(v.Str("target")))
	if back, err := uri.Parse(got.String()); err != nil || back != got {
		ms.Add("target", via+" then Parse", "a different value", "the same value")
	}
	return ms.Err()
}

// checkDotseg checks a "dotseg" vector: RemoveDotSegments (RFC 3986 5.2.4)
// of the input is the output.
func checkDotseg(v *Vector) error {
	var ms Mismatches
	got := uri.RemoveDotSegments(v.Str("input"))
	ms.Check("output", "RemoveDotSegments", strconv.Quote(got), strconv.Quote(v.Str("output")))
	return ms.Err()
}
