// Package oracle holds slow, literal reference implementations of RFC 3986
// used only by tests and by the conformance vector generator.
//
// [SplitReference] runs the regular expression of RFC 3986 Appendix B with Go's
// regexp package, and [SplitAuthority] divides an authority into the parts of
// RFC 3986 section 3.2. Neither validates anything: the Appendix B expression
// accepts every string, including strings that are not URI references, and
// splits them anyway. Validity is the job of the ABNF matcher in
// internal/abnf; use the two oracles together.
package oracle

import (
	"regexp"
	"strings"
)

// AppendixB is the regular expression of RFC 3986 Appendix B, character for
// character, preceded by the flag (?s). The flag makes "." match a newline
// too: in the RFC "." means any character, while Go's "." stops at "\n"
// unless told otherwise. Negated classes such as [^?#] already match "\n" in
// Go. Subexpression numbers are the RFC's: $2 scheme, $4 authority, $5 path,
// $7 query, $9 fragment.
const AppendixB = `(?s)^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`

var appendixB = regexp.MustCompile(AppendixB)

// Split holds the five components of a URI reference as the Appendix B
// expression divides them (RFC 3986 Appendix B). A component whose
// subexpression is <undefined> has its Has flag false and an empty value; a
// component that is present but empty (the query of "http://a?") has its Has
// flag true and an empty value. The path is always defined, possibly empty.
type Split struct {
	Scheme       string // $2
	HasScheme    bool
	Authority    string // $4
	HasAuthority bool
	Path         string // $5, always defined
	Query        string // $7
	HasQuery     bool
	Fragment     string // $9
	HasFragment  bool
}

// SplitReference splits s with the regular expression of RFC 3986 Appendix B.
//
// The expression matches every string, so SplitReference never fails: for a
// string that is not a URI-reference (say "a b#c#d") it still returns a split
// ("a b", fragment "c#d"), which means nothing. Check validity separately,
// with the ABNF matcher, before trusting the result. The components are
// substrings of s and together with their delimiters they rebuild s exactly.
func SplitReference(s string) Split {
	m := appendixB.FindStringSubmatchIndex(s)
	if m == nil || m[0] != 0 || m[1] != len(s) {
		// Cannot happen: the expression matches every string entirely.
		panic("oracle: Appendix B expression did not match the whole input")
	}
	group := func(n int) (string, bool) {
		if m[2*n] < 0 {
			return "", false
		}
		return s[m[2*n]:m[2*n+1]], true
	}
	var sp Split
	sp.Scheme, sp.HasScheme = group(2)
	sp.Authority, sp.HasAuthority = group(4)
	sp.Path, _ = group(5)
	sp.Query, sp.HasQuery = group(7)
	sp.Fragment, sp.HasFragment = group(9)
	return sp
}

// String recomposes the components as RFC 3986 section 5.3 does. For any
// string s, SplitReference(s).String() == s.
func (sp Split) String() string {
	var b strings.Builder
	if sp.HasScheme {
		b.WriteString(sp.Scheme)
		b.WriteByte(':')
	}
	if sp.HasAuthority {
		b.WriteString("//")
		b.WriteString(sp.Authority)
	}
	b.WriteString(sp.Path)
	if sp.HasQuery {
		b.WriteByte('?')
		b.WriteString(sp.Query)
	}
	if sp.HasFragment {
		b.WriteByte('#')
		b.WriteString(sp.Fragment)
	}
	return b.String()
}

// Authority holds the parts of an authority (RFC 3986 section 3.2):
//
//	authority = [ userinfo "@" ] host [ ":" port ]
//
// HasUserinfo and HasPort tell an absent part from an empty one ("@h" has an
// empty userinfo, "h:" an empty port). The host is always present, possibly
// empty (3.2.2: reg-name may be empty), and an IP-literal keeps its brackets.
type Authority struct {
	Userinfo    string
	HasUserinfo bool
	Host        string
	Port        string
	HasPort     bool
}

// SplitAuthority splits an authority that is already known to be valid
// (RFC 3986 section 3.2) into userinfo, host and port:
//
//   - the userinfo is the text before the first "@" (3.2.1); a valid
//     userinfo cannot contain "@", so the first one is the delimiter;
//   - a host starting with "[" is an IP-literal and ends with the first "]"
//     (3.2.2);
//   - otherwise the host ends at the last ":" of what follows the userinfo
//     (a valid reg-name or IPv4address contains no ":"), and the port is the
//     text after that ":" (3.2.3).
//
// For an invalid authority the result is deterministic but meaningless; it
// is always lossless: the parts and their delimiters rebuild auth exactly.
func SplitAuthority(auth string) Authority {
	var a Authority
	hostport := auth
	if i := strings.IndexByte(auth, '@'); i >= 0 {
		a.Userinfo, a.HasUserinfo = auth[:i], true
		hostport = auth[i+1:]
	}
	if strings.HasPrefix(hostport, "[") {
		if i := strings.IndexByte(hostport, ']'); i >= 0 && (i+1 == len(hostport) || hostport[i+1] == ':') {
			a.Host = hostport[:i+1]
			if i+1 < len(hostport) {
				a.Port, a.HasPort = hostport[i+2:], true
			}
			return a
		}
	}
	if i := strings.LastIndexByte(hostport, ':'); i >= 0 {
		a.Host = hostport[:i]
		a.Port, a.HasPort = hostport[i+1:], true
		return a
	}
	a.Host = hostport
	return a
}

// String rebuilds the authority text from its parts (RFC 3986 section 5.3).
func (a Authority) String() string {
	var b strings.Builder
	if a.HasUserinfo {
		b.WriteString(a.Userinfo)
		b.WriteByte('@')
	}
	b.WriteString(a.Host)
	if a.HasPort {
		b.WriteByte(':')
		b.WriteString(a.Port)
	}
	return b.String()
}
