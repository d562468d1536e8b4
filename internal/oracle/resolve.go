package oracle

import "strings"

// This file transcribes RFC 3986 section 5.2 (reference resolution) step by
// step, for tests and for the conformance vector generator. It favours
// resemblance to the RFC's pseudocode over speed: remove_dot_segments uses
// two string buffers exactly as 5.2.4 describes and is quadratic in the
// worst case. Keep inputs small.

// RemoveDotSegments is the remove_dot_segments routine of RFC 3986 section
// 5.2.4, with an input buffer and an output buffer, one rule (A to E) per
// turn of the loop.
func RemoveDotSegments(path string) string {
	// 1. The input buffer is initialized with the now-appended path
	// components and the output buffer is initialized to the empty string.
	in, out := path, ""
	// 2. While the input buffer is not empty, loop as follows:
	for in != "" {
		switch {
		// A. If the input buffer begins with a prefix of "../" or "./",
		// then remove that prefix from the input buffer; otherwise,
		case strings.HasPrefix(in, "../"):
			in = in[len("../"):]
		case strings.HasPrefix(in, "./"):
			in = in[len("./"):]

		// B. if the input buffer begins with a prefix of "/./" or "/.",
		// where "." is a complete path segment, then replace that prefix
		// with "/" in the input buffer; otherwise,
		case strings.HasPrefix(in, "/./"):
			in = "/" + in[len("/./"):]
		case in == "/.":
			in = "/"

		// C. if the input buffer begins with a prefix of "/../" or "/..",
		// where ".." is a complete path segment, then replace that prefix
		// with "/" in the input buffer and remove the last segment and its
		// preceding "/" (if any) from the output buffer; otherwise,
		case strings.HasPrefix(in, "/../"):
			in = "/" + in[len("/../"):]
			out = removeLastSegment(out)
		case in == "/..":
			in = "/"
			out = removeLastSegment(out)

		// D. if the input buffer consists only of "." or "..", then remove
		// that from the input buffer; otherwise,
		case in == "." || in == "..":
			in = ""

		// E. move the first path segment in the input buffer to the end of
		// the output buffer, including the initial "/" character (if any)
		// and any subsequent characters up to, but not including, the next
		// "/" character or the end of the input buffer.
		default:
			start := 0
			if in[0] == '/' {
				start = 1
			}
			end := len(in)
			if i := strings.IndexByte(in[start:], '/'); i >= 0 {
				end = start + i
			}
			out += in[:end]
			in = in[end:]
		}
	}
	// 3. Finally, the output buffer is returned as the result of
	// remove_dot_segments.
	return out
}

// removeLastSegment removes the last segment of the output buffer and its
// preceding "/" (if any), as rule C of RFC 3986 5.2.4 says.
func removeLastSegment(out string) string {
	if i := strings.LastIndexByte(out, '/'); i >= 0 {
		return out[:i]
	}
	return ""
}

// Resolve transforms the reference ref into its target URI against the base
// URI base with the pseudocode of RFC 3986 section 5.2.2, the merge routine
// of 5.2.3 and remove_dot_segments of 5.2.4. Both strings are split with the
// Appendix B expression (5.2.1: "parsed into the five main components"),
// so they should be valid: base an absolute-URI (a fragment is ignored,
// 5.1), ref a URI-reference. The result is the target's components; its
// String method is the recomposition of section 5.3.
//
// With strict false, a scheme in ref equal to the base's is ignored (the
// "non-strict parser" of 5.2.2, example "http:g" of 5.4.2); the comparison
// ignores ASCII case, because schemes are case-insensitive (3.1).
//
// This is the RFC's letter. urikit departs from it in one documented place;
// apply [DotGuard] to the result to get urikit's answer.
func Resolve(base, ref string, strict bool) Split {
	// 5.2.1: pre-parse the base URI. Its fragment is not used.
	b := SplitReference(base)
	// 5.2.2: the URI reference is parsed into the five URI components.
	r := SplitReference(ref)
	var t Split

	// A non-strict parser may ignore a scheme in the reference if it is
	// identical to the base URI's scheme.
	if !strict && r.HasScheme && b.HasScheme && equalFoldASCII(r.Scheme, b.Scheme) {
		r.Scheme, r.HasScheme = "", false
	}

	if r.HasScheme {
		t.Scheme, t.HasScheme = r.Scheme, true
		t.Authority, t.HasAuthority = r.Authority, r.HasAuthority
		t.Path = RemoveDotSegments(r.Path)
		t.Query, t.HasQuery = r.Query, r.HasQuery
	} else {
		if r.HasAuthority {
			t.Authority, t.HasAuthority = r.Authority, true
			t.Path = RemoveDotSegments(r.Path)
			t.Query, t.HasQuery = r.Query, r.HasQuery
		} else {
			if r.Path == "" {
				t.Path = b.Path
				if r.HasQuery {
					t.Query, t.HasQuery = r.Query, true
				} else {
					t.Query, t.HasQuery = b.Query, b.HasQuery
				}
			} else {
				if strings.HasPrefix(r.Path, "/") {
					t.Path = RemoveDotSegments(r.Path)
				} else {
					t.Path = Merge(b, r.Path)
					t.Path = RemoveDotSegments(t.Path)
				}
				t.Query, t.HasQuery = r.Query, r.HasQuery
			}
			t.Authority, t.HasAuthority = b.Authority, b.HasAuthority
		}
		t.Scheme, t.HasScheme = b.Scheme, b.HasScheme
	}
	t.Fragment, t.HasFragment = r.Fragment, r.HasFragment
	return t
}

// Merge is the merge routine of RFC 3986 section 5.2.3: it appends the
// reference's path to the base's path.
func Merge(base Split, refPath string) string {
	// If the base URI has a defined authority component and an empty path,
	// then return a string consisting of "/" concatenated with the
	// reference's path; otherwise,
	if base.HasAuthority && base.Path == "" {
		return "/" + refPath
	}
	// return a string consisting of the reference's path component
	// appended to all but the last segment of the base URI's path (i.e.,
	// excluding any characters after the right-most "/" in the base URI
	// path, or excluding the entire base URI path if it does not contain
	// any "/" characters).
	i := strings.LastIndexByte(base.Path, '/')
	return base.Path[:i+1] + refPath
}

// DotGuard applies urikit's one departure from RFC 3986 section 5 to a
// resolved (or normalized) target: when it has no authority and its path
// starts with "//", the path gets the prefix "/.". By the letter of 5.2
// and 5.3, "x:/a" with "..//y" gives "x://y", which reads back with the
// authority "y"; with the guard it gives "x:/.//y", whose path
// remove_dot_segments turns back into "//y". DotGuard is not part of the
// RFC: it is the expected value of the documented deviation (uri/doc.go).
func DotGuard(t Split) Split {
	if !t.HasAuthority && strings.HasPrefix(t.Path, "//") {
		t.Path = "/." + t.Path
	}
	return t
}

// equalFoldASCII reports whether a and b are equal when ASCII letters are
// compared without case (schemes, RFC 3986 3.1). Unlike strings.EqualFold
// it folds nothing outside ASCII.
func equalFoldASCII(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}
