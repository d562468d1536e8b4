package uri

import (
	"iter"
	"log/slog"
	"net/netip"
	"strings"
)

// HostKind says which alternative of the host rule (RFC 3986 3.2.2) a
// reference's host matched.
type HostKind uint8

const (
	// HostNone: the reference has no authority, so it has no host.
	HostNone HostKind = iota
	// HostRegName: a registered name. This includes the empty host:
	// reg-name matches "" (RFC 3986 3.2.2), so "file:///x", "http://:80"
	// and "//" have HostRegName.
	HostRegName
	// HostIPv4: an IPv4address in dotted-decimal form with exact
	// dec-octets (RFC 3986 3.2.2: "first-match-wins" over reg-name).
	HostIPv4
	// HostIPv6: an IP-literal holding an IPv6address (RFC 3986 3.2.2).
	HostIPv6
	// HostIPvFuture: an IP-literal holding an IPvFuture (RFC 3986 3.2.2).
	HostIPvFuture
)

var hostKindNames = [...]string{"none", "regname", "ipv4", "ipv6", "ipvfuture"}

// String returns the name of the host kind as the command line and the
// conformance vectors spell it: "none", "regname", "ipv4", "ipv6" or
// "ipvfuture".
func (k HostKind) String() string {
	if int(k) < len(hostKindNames) {
		return hostKindNames[k]
	}
	return "invalid"
}

// Presence bits of core.flags: absent and empty differ for every optional
// component (RFC 3986 5.3).
const (
	hasScheme uint8 = 1 << iota
	hasAuthority
	hasUserinfo
	hasPort
	hasQuery
	hasFragment

	// The case bits, functions of the text that the parser finds on its
	// way, so that normalization (RFC 3986 6.2.2.1) need not read the
	// scheme and the host again, as most need no change: upperScheme is
	// set when the scheme holds a capital letter, caseHost when the host
	// is an IP-literal or holds a capital letter or a pct-encoded triplet.
	// Both are clear in the zero value, as for the empty reference, and
	// every constructor keeps them exact (CheckConsistency in the tests
	// checks them), since == compares them.
	upperScheme
	caseHost
)

// core is the shared representation of URI and Reference: the input text
// and the 32-bit offsets of its components, as the parser found them (see
// "Values" in the package doc for its size and ==).
//
//	foo://user@example.com:8042/over/there?name=ferret#nose
//	   |      |          |    |          |            |
//	   |      hostStart  |    pathStart  pathEnd      queryEnd
//	   schemeEnd         hostEnd
//
// schemeEnd is the index of the ":" after the scheme (0 without scheme).
// The authority starts 2 bytes after the scheme's ":" (or at 2 without a
// scheme); the userinfo, when present, ends at hostStart-1 (the "@"). The
// port, when present, is s[hostEnd+1:pathStart]. The query, when present,
// is s[pathEnd+1:queryEnd]; the fragment, when present, s[queryEnd+1:].
// Without an authority hostStart == hostEnd == pathStart.
type core struct {
	s         string
	schemeEnd uint32
	hostStart uint32
	hostEnd   uint32
	pathStart uint32
	pathEnd   uint32
	queryEnd  uint32
	flags     uint8
	kind      HostKind
}

// URI is an RFC 3986 "URI" (section 3): a reference that has a scheme.
// It may have a fragment; the absolute-URI form (section 4.3) is a URI
// without one.
//
// A URI is an immutable value holding its text and the offsets of its
// components; it is comparable with ==, which compares the text. Accessors
// return the raw, still percent-encoded text of a component. The zero URI
// is not a valid URI: it has no scheme and its String is "".
type URI struct{ core }

// Reference is an RFC 3986 "URI-reference" (section 4.1): either a URI or a
// relative reference (section 4.2).
//
// A Reference is an immutable value holding its text and the offsets of its
// components; it is comparable with ==, which compares the text. The zero
// Reference is the empty reference "", a valid same-document reference
// (section 4.4).
type Reference struct{ core }

// String returns the reference's text: the recomposition of its components
// (RFC 3986 5.3), which is the parsed input byte for byte.
func (c core) String() string { return c.s }

// AppendTo appends the reference's text to b and returns the extended
// buffer.
func (c core) AppendTo(b []byte) []byte { return append(b, c.s...) }

// AppendText implements [encoding.TextAppender]; it is [URI.AppendTo] and
// never fails.
func (c core) AppendText(b []byte) ([]byte, error) { return append(b, c.s...), nil }

// MarshalText implements [encoding.TextMarshaler]. The text is the input
// byte for byte, password included: use Redacted for display and logs.
func (c core) MarshalText() ([]byte, error) { return []byte(c.s), nil }

// HasScheme reports whether the reference has a scheme (RFC 3986 3.1), that
// is, whether it is a URI rather than a relative reference (4.2).
func (c core) HasScheme() bool { return c.flags&hasScheme != 0 }

// Scheme returns the scheme as written, without its ":" (RFC 3986 3.1); it
// is "" when absent. Schemes are case-insensitive: Parse does not lowercase.
func (c core) Scheme() string { return c.s[:c.schemeEnd] }

// HasAuthority reports whether the reference has an authority (RFC 3986
// 3.2), that is, whether "//" follows the scheme. The host may still be
// empty.
func (c core) HasAuthority() bool { return c.flags&hasAuthority != 0 }

func (c core) authStart() uint32 {
	if c.flags&hasScheme != 0 {
		return c.schemeEnd + 3
	}
	return 2
}

// Authority returns the authority without its leading "//" (RFC 3986 3.2);
// it is "" when absent or empty: tell them apart with HasAuthority.
func (c core) Authority() string {
	if c.flags&hasAuthority == 0 {
		return ""
	}
	return c.s[c.authStart():c.pathStart]
}

// HasUserinfo reports whether the authority has a userinfo subcomponent
// (RFC 3986 3.2.1): whether an "@" ends one.
func (c core) HasUserinfo() bool { return c.flags&hasUserinfo != 0 }

// Userinfo returns the userinfo as written, without its "@" (RFC 3986
// 3.2.1); it is "" when absent or empty. The text after its first ":" is
// a password in the deprecated "user:password" form: see Redacted.
func (c core) Userinfo() string {
	if c.flags&hasUserinfo == 0 {
		return ""
	}
	return c.s[c.authStart() : c.hostStart-1]
}

// Host returns the host as written (RFC 3986 3.2.2): an IP-literal keeps its
// brackets, a reg-name stays percent-encoded. It is "" when there is no
// authority or the host is empty; HostKind tells them apart.
func (c core) Host() string { return c.s[c.hostStart:c.hostEnd] }

// HostKind returns the alternative of the host rule (RFC 3986 3.2.2) that
// the host matched, or HostNone when there is no authority.
func (c core) HostKind() HostKind { return c.kind }

// Addr returns the host as an IP address when it is an IPv4address or an
// IP-literal holding an IPv6address (RFC 3986 3.2.2); ok is false for a
// reg-name, an IPvFuture or no host. The address never has a zone.
func (c core) Addr() (addr netip.Addr, ok bool) {
	switch c.kind {
	case HostIPv4:
		addr, err := netip.ParseAddr(c.s[c.hostStart:c.hostEnd])
		return addr, err == nil
	case HostIPv6:
		addr, err := netip.ParseAddr(c.s[c.hostStart+1 : c.hostEnd-1])
		return addr, err == nil
	}
	return netip.Addr{}, false
}

// Hostname returns the host ready for net.Dial and net.JoinHostPort (RFC
// 3986 3.2.2): an IPv6 address without its brackets ("[2001:db8::1]" gives
// "2001:db8::1"), an IPvFuture with its brackets ("[v1.x]": no resolver
// knows the format, and without them "v1.x" would be looked up as a
// name, another host), an IPv4address as written, a
// reg-name percent-decoded ("ex%41mple.com" gives "exAmple.com"). It is ""
// when there is no authority or the host is empty. A decoded reg-name may
// hold any octets, "/" and ":" included, and is not checked against DNS
// (RFC 3986 3.2.2 leaves the name's syntax to its registry): check it
// before use, or use HostASCII. It allocates only to decode a reg-name
// that has a triplet.
func (c core) Hostname() string {
	h := c.s[c.hostStart:c.hostEnd]
	switch c.kind {
	case HostIPv6:
		return h[1 : len(h)-1]
	case HostRegName:
		return mustUnescape(h)
	}
	return h
}

// AddrPort returns the host and port as a netip.AddrPort when the host is
// an IPv4address or an IPv6address (RFC 3986 3.2.2) and the port is
// present with a value from 0 to 65535 (3.2.3); ok is false otherwise,
// for a reg-name too: resolving a name is not parsing.
func (c core) AddrPort() (ap netip.AddrPort, ok bool) {
	addr, ok := c.Addr()
	if !ok {
		return netip.AddrPort{}, false
	}
	port, ok := c.PortNumber()
	if !ok {
		return netip.AddrPort{}, false
	}
	return netip.AddrPortFrom(addr, uint16(port)), true
}

// Username returns the userinfo's text before its first ":", decoded (RFC
// 3986 3.2.1, 2.1); ok is false when there is no userinfo. "//u:pw@h" and
// "//u@h" give "u"; "//@h" gives "", true. The result may hold any octets.
// It allocates only to decode a triplet.
func (c core) Username() (user string, ok bool) {
	if c.flags&hasUserinfo == 0 {
		return "", false
	}
	ui := c.s[c.authStart() : c.hostStart-1]
	if i := strings.IndexByte(ui, ':'); i >= 0 {
		ui = ui[:i]
	}
	return mustUnescape(ui), true
}

// Password returns the userinfo's text after its first ":", decoded: the
// password of the deprecated "user:password" form (RFC 3986 3.2.1, 7.5).
// ok is false when there is no userinfo or it has no ":": "//u:@h" has an
// empty password, "//u@h" none. The result may hold any octets. It
// allocates only to decode a triplet.
func (c core) Password() (password string, ok bool) {
	if c.flags&hasUserinfo == 0 {
		return "", false
	}
	ui := c.s[c.authStart() : c.hostStart-1]
	i := strings.IndexByte(ui, ':')
	if i < 0 {
		return "", false
	}
	return mustUnescape(ui[i+1:]), true
}

// HasPort reports whether the authority has a port subcomponent (RFC 3986
// 3.2.3), that is, a ":" after the host. The port may be empty ("host:").
func (c core) HasPort() bool { return c.flags&hasPort != 0 }

// Port returns the port as written, without its ":" (RFC 3986 3.2.3): any
// number of digits, possibly none. It is "" when absent or empty.
func (c core) Port() string {
	if c.flags&hasPort == 0 {
		return ""
	}
	return c.s[c.hostEnd+1 : c.pathStart]
}

// PortNumber returns the port's value (RFC 3986 3.2.3: decimal, leading
// zeros allowed). ok is false when the port is absent, empty or above 65535,
// the largest TCP and UDP port.
func (c core) PortNumber() (port int, ok bool) {
	p := c.Port()
	if p == "" {
		return 0, false
	}
	for i := 0; i < len(p); i++ {
		port = port*10 + int(p[i]-'0')
		if port > 65535 {
			return 0, false
		}
	}
	return port, true
}

// Path returns the path as written (RFC 3986 3.3). Every reference has a
// path; it may be empty.
func (c core) Path() string { return c.s[c.pathStart:c.pathEnd] }

// Segments returns an iterator over the path's segments as written (RFC
// 3986 3.3), split at each "/". A path that starts with "/" does not yield
// an empty first segment; "/" yields one empty segment; an empty path
// yields none. So "/a/b/" yields "a", "b", "" and "a/b" yields "a", "b".
func (c core) Segments() iter.Seq[string] {
	p := c.s[c.pathStart:c.pathEnd]
	return func(yield func(string) bool) {
		if p == "" {
			return
		}
		if p[0] == '/' {
			p = p[1:]
		}
		for {
			i := strings.IndexByte(p, '/')
			if i < 0 {
				yield(p)
				return
			}
			if !yield(p[:i]) {
				return
			}
			p = p[i+1:]
		}
	}
}

// HasQuery reports whether the reference has a query (RFC 3986 3.4): a "?"
// before any "#". The query may be empty ("http://a?").
func (c core) HasQuery() bool { return c.flags&hasQuery != 0 }

// Query returns the query as written, without its "?" (RFC 3986 3.4). It is
// "" when absent or empty.
func (c core) Query() string {
	if c.flags&hasQuery == 0 {
		return ""
	}
	return c.s[c.pathEnd+1 : c.queryEnd]
}

// HasFragment reports whether the reference has a fragment (RFC 3986 3.5):
// a "#". The fragment may be empty ("http://a#").
func (c core) HasFragment() bool { return c.flags&hasFragment != 0 }

// Fragment returns the fragment as written, without its "#" (RFC 3986 3.5).
// It is "" when absent or empty.
func (c core) Fragment() string {
	if c.flags&hasFragment == 0 {
		return ""
	}
	return c.s[c.queryEnd+1:]
}

// Redacted returns the text with each secret replaced by [RedactMask]: the
// spans that [URI.Secrets] yields, by the structural rules of the package
// doc ("Secrets"): the userinfo's password (RFC 3986 3.2.1: applications
// should not render it as clear text), a user name shaped like an access
// token, the values of credential keys in the query and fragment, and the
// secrets of a URI nested in a query or fragment value. No other byte
// changes, so the result parses with the same scheme, host, port, path
// and keys. Without a secret Redacted returns String() and does not
// allocate.
func (c core) Redacted() string {
	var buf [8][2]int
	return Mask(c.s, c.appendSecrets(buf[:0], func(v string) [][2]int { return redactNested(v, 1) }))
}

// LogValue implements [slog.LogValuer]: a reference logs as its Redacted
// text, so a secret never reaches a log record (RFC 3986 3.2.1, 7.5).
func (c core) LogValue() slog.Value { return slog.StringValue(c.Redacted()) }

// Reference returns u as a Reference. It never fails: every URI is a
// URI-reference (RFC 3986 4.1).
func (u URI) Reference() Reference { return Reference(u) }

// URI returns r as a URI when it has a scheme (RFC 3986 4.1: a
// URI-reference is a URI or a relative-ref); ok is false for a relative
// reference.
func (r Reference) URI() (u URI, ok bool) {
	if r.flags&hasScheme == 0 {
		return URI{}, false
	}
	return URI(r), true
}

// IsAbsolute reports whether u is an absolute-URI (RFC 3986 4.3): a URI
// without a fragment, the form a base URI must have (5.1). Every URI has a
// scheme; net/url's IsAbs, which asks only for a scheme, is [URI.HasScheme]
// here (always true for a parsed URI) and [Reference.HasScheme] for a
// reference.
func (u URI) IsAbsolute() bool { return u.flags&hasFragment == 0 }

// Equal reports whether u and v have the same text: the comparison of RFC
// 3986 6.2.1 (simple string comparison). It is u == v. For equivalence
// after normalization, compare normalized values.
func (u URI) Equal(v URI) bool { return u == v }

// Equal reports whether r and v have the same text (RFC 3986 6.2.1). It is
// r == v.
func (r Reference) Equal(v Reference) bool { return r == v }

// Compare returns an integer comparing u and v by their text, byte by byte:
// -1, 0 or +1. It orders URIs for [slices.SortFunc] consistently with Equal.
func (u URI) Compare(v URI) int { return strings.Compare(u.s, v.s) }

// Compare returns an integer comparing r and v by their text, byte by byte:
// -1, 0 or +1, consistently with Equal.
func (r Reference) Compare(v Reference) int { return strings.Compare(r.s, v.s) }

// UnmarshalText implements [encoding.TextUnmarshaler] with [Parse]. An
// empty text gives the zero URI, so the zero value round-trips.
func (u *URI) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*u = URI{}
		return nil
	}
	v, err := Parse(string(text))
	if err != nil {
		return err
	}
	*u = v
	return nil
}

// UnmarshalText implements [encoding.TextUnmarshaler] with
// [ParseReference].
func (r *Reference) UnmarshalText(text []byte) error {
	v, err := ParseReference(string(text))
	if err != nil {
		return err
	}
	*r = v
	return nil
}
