package conformance

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/urikit/urikit/uri"
)

// This file checks ops "parse", "ipv4" and "ipv6" through the public API of
// package uri (RFC 3986 sections 3, 3.2.2 and 4.1).

func init() {
	Register("parse", checkParse)
	Register("ipv4", checkIPv4)
	Register("ipv6", checkIPv6)
}

// components is what URI and Reference share: the accessors of every
// component (RFC 3986 section 3), each a presence flag and raw text.
type components interface {
	Scheme() string
	HasScheme() bool
	HasAuthority() bool
	Userinfo() string
	HasUserinfo() bool
	Host() string
	HostKind() uri.HostKind
	Port() string
	HasPort() bool
	Path() string
	Query() string
	HasQuery() bool
	Fragment() string
	HasFragment() bool
	String() string
}

// opt shows an optional component as the vectors write it: null or a
// quoted string.
func opt(s string, ok bool) string {
	if !ok {
		return "null"
	}
	return strconv.Quote(s)
}

// hostTypes names each HostKind as the vectors' host_type does.
var hostTypes = map[uri.HostKind]string{
	uri.HostNone:      "null",
	uri.HostRegName:   `"regname"`,
	uri.HostIPv4:      `"ipv4"`,
	uri.HostIPv6:      `"ipv6"`,
	uri.HostIPvFuture: `"ipvfuture"`,
}

func hostType(k uri.HostKind) string {
	if s, ok := hostTypes[k]; ok {
		return s
	}
	return "HostKind(" + strconv.Itoa(int(k)) + ")"
}

// checkParse checks a "parse" vector: validity with ParseReference, then,
// for a valid input, every component (null = absent, "" = empty), the host
// type, the kind, String() giving the input back, and Parse agreeing with
// HasScheme and with ParseReference on every component.
func checkParse(v *Vector) error {
	var ms Mismatches
	in := v.Str("input")
	r, err := uri.ParseReference(in)
	if !v.Bool("valid") {
		if err == nil {
			ms.Add("valid", "ParseReference", "success", "an error")
		} else {
			checkErrorType(&ms, "ParseReference", err)
		}
		if _, err := uri.Parse(in); err == nil {
			ms.Add("valid", "Parse", "success", "an error")
		} else {
			checkErrorType(&ms, "Parse", err)
		}
		return ms.Err()
	}
	if err != nil {
		ms.Add("valid", "ParseReference", "error "+strconv.Quote(err.Error()), "success")
		return ms.Err()
	}
	compare(&ms, v, "ParseReference", r)

	wantURI := r.HasScheme()
	if v.Has("kind") {
		got := `"relative"`
		if r.HasScheme() {
			got = `"uri"`
		}
		ms.Check("kind", "ParseReference", got, strconv.Quote(v.Str("kind")))
		wantURI = v.Str("kind") == "uri"
	}
	u, err := uri.Parse(in)
	switch {
	case err == nil && !wantURI:
		ms.Add("kind", "Parse", "success", "an error (no scheme)")
	case err != nil && wantURI:
		ms.Add("kind", "Parse", "error "+strconv.Quote(err.Error()), "success")
	case err != nil:
		checkErrorType(&ms, "Parse", err)
	default:
		compare(&ms, v, "Parse", u)
	}
	return ms.Err()
}

// compare checks every component of c against the vector.
func compare(ms *Mismatches, v *Vector, via string, c components) {
	field := func(name string, got string, gotOK bool) {
		want, wantOK := v.Opt(name)
		ms.Check(name, via, opt(got, gotOK), opt(want, wantOK))
	}
	field("scheme", c.Scheme(), c.HasScheme())
	field("userinfo", c.Userinfo(), c.HasUserinfo())
	field("host", c.Host(), c.HasAuthority())
	field("port", c.Port(), c.HasPort())
	field("path", c.Path(), true)
	field("query", c.Query(), c.HasQuery())
	field("fragment", c.Fragment(), c.HasFragment())
	want, ok := v.Opt("host_type")
	ms.Check("host_type", via, hostType(c.HostKind()), opt(want, ok))
	ms.Check("input", via+" then String", strconv.Quote(c.String()), strconv.Quote(v.Str("input")))
}

// checkErrorType requires the error of a failed parse to be a *uri.Error.
func checkErrorType(ms *Mismatches, via string, err error) {
	var e *uri.Error
	if !errors.As(err, &e) {
		ms.Add("valid", via, fmt.Sprintf("an error of type %T", err), "a *uri.Error")
	}
}

// checkIPv4 checks an "ipv4" vector: the input is an IPv4address (RFC 3986
// 3.2.2) iff "//" + input parses with HostKind HostIPv4 and Host the input.
func checkIPv4(v *Vector) error {
	in := v.Str("input")
	return checkHost(v, "//"+in, in, uri.HostIPv4)
}

// checkIPv6 checks an "ipv6" vector: the input is an IPv6address (RFC 3986
// 3.2.2) iff "//[" + input + "]" parses with HostKind HostIPv6 and Host the
// bracketed input.
func checkIPv6(v *Vector) error {
	in := v.Str("input")
	return checkHost(v, "//["+in+"]", "["+in+"]", uri.HostIPv6)
}

func checkHost(v *Vector, ref, host string, kind uri.HostKind) error {
	var ms Mismatches
	r, err := uri.ParseReference(ref)
	var got string
	switch {
	case err != nil:
		got = "error " + strconv.Quote(err.Error())
	case r.HostKind() != kind:
		got = "host_type " + hostType(r.HostKind())
	case r.Host() != host:
		got = "host " + strconv.Quote(r.Host())
	default:
		got = "host " + strconv.Quote(host) + " of kind " + hostType(kind)
	}
	accepted := err == nil && r.HostKind() == kind && r.Host() == host
	if accepted != v.Bool("valid") {
		want := "host " + strconv.Quote(host) + " of kind " + hostType(kind)
		if accepted {
			want = "anything else"
		}
		ms.Add("valid", "ParseReference("+strconv.Quote(ref)+")", got, want)
	}
	return ms.Err()
}
