package amqp

import (
	"fmt"
	"log/slog"
	"strings"

	"github.com/urikit/urikit/internal/masked"
	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/uri"
)

// URI is an amqp or amqps URI that follows the RabbitMQ URI specification:
// a generic RFC 3986 URI and the checks of the spec's grammar. It is an
// immutable, comparable value; its accessors decode on each call.
//
// A URI keeps its input, password included, but shows it to nobody by
// accident: String, GoString, every fmt verb, LogValue, MarshalText and
// MarshalJSON give the redacted text. Unredacted returns the input.
type URI struct {
	s string
	p parts
}

// Parse parses s as an amqp or amqps URI (RabbitMQ URI specification,
// "The amqp URI scheme" and "The amqps URI scheme"; the grammar is in the
// package doc): the scheme in any case, an authority, at most one vhost
// segment, a query that Parse does not read (Config reads its
// parameters), no fragment. Beyond the grammar, a port above 65535 and a
// username, password, host or vhost that decode to invalid UTF-8 are
// errors (see Deviations). The error is an *Error. Parse does not
// allocate when s has no error.
func Parse(s string) (URI, error) {
	if p, ok := scanFast(s); ok {
		return URI{s, p}, nil
	}
	u, err := uri.Parse(s)
	if err != nil {
		return URI{}, diagnose(s, err)
	}
	if err := check(u); err != nil {
		return URI{}, err
	}
	return URI{s, partsOf(u)}, nil
}

// MustParse is Parse for literals in tests and package variables: it
// panics if s is not an amqp or amqps URI. The panic value is the *Error,
// which holds no input text.
func MustParse(s string) URI {
	u, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}

// schemeOf returns the length of an amqp or amqps scheme that starts s,
// compared ignoring case (RFC 3986 3.1), and whether it is amqps; n is 0
// when s starts with neither and its ":".
func schemeOf(s string) (n int, secure bool) {
	// A byte with bit 0x20 set is the lowercase letter only when it is
	// the letter in either case.
	if len(s) < 5 || s[0]|0x20 != 'a' || s[1]|0x20 != 'm' || s[2]|0x20 != 'q' || s[3]|0x20 != 'p' {
		return 0, false
	}
	switch {
	case s[4] == ':':
		return 4, false
	case len(s) >= 6 && s[4]|0x20 == 's' && s[5] == ':':
		return 5, true
	}
	return 0, false
}

// check applies the spec's rules to a URI that RFC 3986 accepts.
func check(u uri.URI) error {
	s := u.String()
	n, _ := schemeOf(s)
	if n == 0 || n != len(u.Scheme()) {
		return newError("scheme", hintScheme, 0, uri.ComponentScheme, ErrScheme)
	}
	if !u.HasAuthority() {
		start, _, _ := u.Span(uri.ComponentPath)
		return newError("host", `write "amqp://" before the host`, start, uri.ComponentHost, ErrNoAuthority)
	}
	if start, _, ok := u.Span(uri.ComponentUserinfo); ok {
		ui := u.Userinfo()
		user, pass, hasPass := strings.Cut(ui, ":")
		if hasPass && strings.IndexByte(pass, ':') >= 0 {
			return newError("password", hintEncodeCredentials, start, uri.ComponentUserinfo, ErrUnencodedColon)
		}
		userUTF8, userNUL := decodeCheck(user)
		passUTF8, passNUL := decodeCheck(pass)
		if !userUTF8 {
			return newError("username", "", start, uri.ComponentUserinfo, ErrInvalidUTF8)
		}
		if !passUTF8 {
			return newError("password", "", start, uri.ComponentUserinfo, ErrInvalidUTF8)
		}
		if userNUL {
			return newError("username", hintCredentialNUL, start, uri.ComponentUserinfo, ErrCredentialNUL)
		}
		if passNUL {
			return newError("password", hintCredentialNUL, start, uri.ComponentUserinfo, ErrCredentialNUL)
		}
	}
	if start, _, _ := u.Span(uri.ComponentHost); !decodesToUTF8(u.Host()) {
		return newError("host", "", start, uri.ComponentHost, ErrInvalidUTF8)
	} else if i := badHostTriplet(u.Host()); i >= 0 {
		return newError("host", "", start+i, uri.ComponentHost, ErrHostOctet)
	}
	// An "@" after the authority may end credentials that an unencoded
	// "/", "?" or "#" cut short ("amqp://us/er:pw@host/v", "amqp://u:12#34@h"):
	// the errors found there are then reported at the authority's start,
	// so that their offset says nothing of the password.
	_, pathStart, _ := u.Span(uri.ComponentHost)
	cutShort := strings.IndexByte(s[pathStart:], '@') >= 0
	if start, _, ok := u.Span(uri.ComponentPort); ok && u.Port() != "" {
		if _, ok := u.PortNumber(); !ok {
			if cutShort {
				return credentialsError(s, ErrUnencodedDelimiter)
			}
			return newError("port", hintPort, start, uri.ComponentPort, ErrPortRange)
		}
	}
	if start, _, _ := u.Span(uri.ComponentPath); u.Path() != "" {
		v := u.Path()[1:]
		if i := strings.IndexByte(v, '/'); i >= 0 {
			if cutShort {
				return credentialsError(s, ErrUnencodedDelimiter)
			}
			return newError("vhost", hintVhostSlash, start+1+i, uri.ComponentPath, ErrVhostSegments)
		}
		if !decodesToUTF8(v) {
			return newError("vhost", "", start, uri.ComponentPath, ErrInvalidUTF8)
		}
	}
	if start, _, ok := u.Span(uri.ComponentFragment); ok {
		if cutShort {
			return credentialsError(s, ErrUnencodedDelimiter)
		}
		if qs, qe, ok := u.Span(uri.ComponentQuery); ok {
			// "?password=ab#cd": a "#" in the TLS key's passphrase. Point
			// at the value's start, not at the "#" inside it.
			last := strings.LastIndexByte(s[qs:qe], '&') + 1
			p := s[qs+last : qe]
			if eq := strings.IndexByte(p, '='); eq >= 0 && isPassphraseKey(p[:eq]) {
				return newError("password", hintFragment, qs+last+eq+1, uri.ComponentQuery, ErrFragment)
			}
		}
		return newError("fragment", hintFragment, start-1, uri.ComponentFragment, ErrFragment)
	}
	return nil
}

// diagnose turns an RFC 3986 error of uri.Parse into an *Error that names
// the user's likely mistake. A mistake at or before the last "@" of an
// input whose authority starts as it should lies in the credentials: it
// is reported at the userinfo's start, so that the offset tells nothing
// about the password. uri.Parse's error is a *uri.Error: a type
// assertion reads it (errors.As would link package reflect's lite twin
// into every program that parses).
func diagnose(s string, err error) error {
	ue, ok := err.(*uri.Error)
	if !ok {
		return err
	}
	n, _ := schemeOf(s)
	if n == 0 {
		return newError("scheme", hintScheme, 0, uri.ComponentScheme, ErrScheme)
	}
	if !strings.HasPrefix(s[n+1:], "//") {
		return newError("host", `write "amqp://" before the host`, n+1, uri.ComponentHost, ErrNoAuthority)
	}
	at := strings.LastIndexByte(s, '@')
	// A userinfo never starts with "[" (RFC 3986 3.2.1): "amqp://[...]/a@b"
	// has an IP-literal host, whatever follows. And an error in the host or
	// port after the authority's own "@" lies there, whatever "@" follows
	// ("amqp://u:p@[fe80::1%25eth0]/v@x" has a zone, no cut-short password).
	if at >= n+3 && ue.Offset <= at && s[n+3] != '[' && !afterUserinfo(s, n+3, ue) {
		ui := s[n+3 : at]
		switch {
		case strings.ContainsAny(ui, "#/?"):
			return credentialsError(s, ErrUnencodedDelimiter)
		case strings.IndexByte(ui, '@') >= 0:
			return credentialsError(s, ErrUnencodedAt)
		}
		// A bad triplet or byte: the password's when it lies after the
		// userinfo's first ":". The offset stays the userinfo's start.
		field := "username"
		if c := strings.IndexByte(ui, ':'); c >= 0 && ue.Offset > n+3+c {
			field = "password"
		}
		return newError(field, hintEncodeCredentials, n+3, uri.ComponentUserinfo, ue.Err)
	}
	if ue.Component == uri.ComponentQuery {
		// An error inside the TLS key's passphrase ("?password=ab cd") is
		// reported at the value's start: an inner offset tells its length.
		for vs, ve := range passphrases(s, true) {
			if vs <= ue.Offset && ue.Offset < ve {
				return newError("password", hintPassphrase, vs, uri.ComponentQuery, ue.Err)
			}
		}
	}
	return &Error{Field: fieldOf(ue.Component), URI: ue}
}

// afterUserinfo reports whether error e, of s whose authority starts at a,
// lies in the host or port after the authority's last "@" (RFC 3986 3.2:
// the authority ends at the first "/", "?" or "#").
func afterUserinfo(s string, a int, e *uri.Error) bool {
	end := len(s)
	if i := strings.IndexAny(s[a:], "/?#"); i >= 0 {
		end = a + i
	}
	i := strings.LastIndexByte(s[a:end], '@')
	return i >= 0 && e.Offset > a+i && (e.Component == uri.ComponentHost || e.Component == uri.ComponentPort)
}

// credentialsError is the error of credentials in s, which starts with
// "amqp://" or "amqps://": at the authority's start, whatever the reason,
// and naming the password when a ":" comes before any delimiter.
func credentialsError(s string, reason error) *Error {
	n, _ := schemeOf(s)
	a := n + 3
	field := "username"
	if i := strings.IndexAny(s[a:], ":#/?@"); i >= 0 && s[a+i] == ':' {
		field = "password"
	}
	return newError(field, hintEncodeCredentials, a, uri.ComponentUserinfo, reason)
}

// fieldOf names the spec's value that an RFC 3986 component holds.
func fieldOf(c uri.Component) string {
	switch c {
	case uri.ComponentPath:
		return "vhost"
	case uri.ComponentUserinfo:
		return "username"
	}
	return c.String()
}

// decodesToUTF8 reports whether the percent-decoding (RFC 3986 2.1) of
// valid component text is UTF-8, without allocating or decoding it: parsed
// text is ASCII, so a rune of more than one octet is a run of triplets,
// which decodeCheck follows.
func decodesToUTF8(s string) bool {
	ok, _ := decodeCheck(s)
	return ok
}

// decodeCheck reports whether the percent-decoding of valid component
// text s is UTF-8 (see decodesToUTF8) and whether it holds a NUL ("%00":
// every "%" of valid text starts a triplet): its triplets go through
// decodedOctets, the one pass's check.
func decodeCheck(s string) (utf8OK, nul bool) {
	var o decodedOctets
	for i := strings.IndexByte(s, '%'); i >= 0; {
		o.add(s, i)
		j := strings.IndexByte(s[i+3:], '%')
		if j < 0 {
			break
		}
		i += 3 + j
	}
	return o.utf8(), o.nul
}

// badHostTriplet returns the offset of the first triplet of host text that
// decodes to an octet no host name holds (see ErrHostOctet), or -1.
func badHostTriplet(h string) int {
	for i := 0; ; i += 3 {
		j := strings.IndexByte(h[i:], '%')
		if j < 0 {
			return -1
		}
		i += j
		if refusedHostOctet(unhex(h[i+1])<<4 | unhex(h[i+2])) {
			return i
		}
	}
}

// refusedHostOctet reports whether no host name holds octet c (see
// ErrHostOctet): a control, the space, "%", "\\" and the delimiters.
func refusedHostOctet(c byte) bool {
	switch c {
	case ' ', '%', '\\', ':', '/', '?', '#', '[', ']', '@', 0x7F:
		return true
	}
	return c < ' '
}

// unhex returns the value of a hex digit.
func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// Secure reports whether the scheme is amqps (spec, "The amqps URI
// scheme"): the client starts TLS as soon as TCP is up.
func (u URI) Secure() bool { return len(u.s) > 4 && u.s[4] != ':' }

// authority returns the offset of u's authority, after its "//".
func (u URI) authority() int {
	if u.Secure() {
		return len("amqps://")
	}
	return len("amqp://")
}

// component returns the text s[start:end] of u, decoded when the bit pct
// of u.p.pct says it holds a triplet.
func (u URI) component(start, end uint32, pct uint8) string {
	if u.p.pct&pct != 0 {
		return decode(u.s[start:end])
	}
	return u.s[start:end]
}

// Username returns the username, decoded (spec: "Percent-encoded octets
// are decoded first"); ok is false when absent (no userinfo). A
// zero-length username ("amqp://:pw@h") is not absent.
func (u URI) Username() (string, bool) {
	if u.p.at == 0 {
		return "", false
	}
	end := u.p.at
	if u.p.colon != 0 {
		end = u.p.colon
	}
	return u.component(uint32(u.authority()), end, pctUser), true
}

// Password returns the password, decoded; ok is false when absent (no ":"
// in the userinfo): "amqp://user:@h" has an empty password, "amqp://user@h"
// none. Handle it with care (spec, Security considerations).
func (u URI) Password() (string, bool) {
	if u.p.colon == 0 {
		return "", false
	}
	return u.component(u.p.colon+1, u.p.at, pctPassword), true
}

// Host returns the host (spec: RFC 3986 3.2.2), decoded; ok is false when
// it is zero-length, which the spec counts as absent. An IP-literal keeps
// its brackets ("[::1]", spec Appendix A); Hostname removes those of an
// IPv6 address.
func (u URI) Host() (string, bool) {
	h := u.component(u.p.hostStart, u.p.hostEnd, pctHost)
	return h, h != ""
}

// Hostname returns the host for dialing (net.JoinHostPort, crypto/tls's
// ServerName): an IPv6 address without brackets ("::1"), a reg-name
// decoded, an IPvFuture with its brackets ("[v1.x]", which no resolver
// reads: without them it would be a name to look up, another host, see
// uri.URI.Hostname); ok is false when the host is zero-length.
func (u URI) Hostname() (string, bool) {
	if u.p.literal == uri.HostIPv6 {
		return u.s[u.p.hostStart+1 : u.p.hostEnd-1], true
	}
	return u.Host()
}

// Port returns the port (spec: "Port"; RFC 3986 3.2.3); ok is false when
// it is absent or empty ("amqp://h:"; RFC 3986 3.2.3 says to omit an empty
// port). Use DefaultPort for the absent port's value.
func (u URI) Port() (int, bool) {
	if u.p.hostEnd+1 >= u.p.pathStart {
		return 0, false
	}
	return portNumber(u.s[u.p.hostEnd+1 : u.p.pathStart]) // Parse checked it
}

// DefaultPort returns the IANA port of the scheme: 5672 for amqp, 5671 for
// amqps (spec: "Port" and "The amqps URI scheme").
func (u URI) DefaultPort() int {
	if u.Secure() {
		return PortAMQPS
	}
	return PortAMQP
}

// Vhost returns the virtual host, decoded (spec: "Virtual host":
// "%2f" gives "/"); ok is false when absent ("amqp://host"), which differs
// from the empty vhost ("amqp://host/"). A vhost "." or ".." is returned as
// written: see the package doc on normalization.
func (u URI) Vhost() (string, bool) {
	if u.p.pathStart == u.p.qmark {
		return "", false
	}
	return u.component(u.p.pathStart+1, u.p.qmark, pctVhost), true
}

// Query returns the raw query (RFC 3986 3.4; spec Appendix B), ok false
// when absent. Its pairs are uri.QueryPairs of it.
func (u URI) Query() (string, bool) {
	if int(u.p.qmark) == len(u.s) {
		return "", false
	}
	return u.s[u.p.qmark+1:], true
}

// queryStart returns the offset of u's query text, after its "?", and
// whether u has one; without one, the text's length.
func (u URI) queryStart() (int, bool) {
	if int(u.p.qmark) == len(u.s) {
		return len(u.s), false
	}
	return int(u.p.qmark) + 1, true
}

// String returns the input with its secrets replaced by "xxxxx" (spec,
// Security considerations: the full URI should not appear in logs or
// messages): scheme.Redact of the input, structural, so a non-empty
// password, the value of a non-empty "password" query parameter (the TLS
// key's passphrase) and the other secrets of package uri's model. A URI
// that only looks like a password cut short shows as it parses
// ("amqp://user:12/34@host" has the port "12" and the vhost "34@host";
// the lint credentials-after-authority reports it). It allocates only
// when it masks.
func (u URI) String() string { return scheme.Redact(u.s) }

// redacted replaces a secret in String.
const redacted = uri.RedactMask

// GoString returns the redacted text as a Go expression, for %#v.
func (u URI) GoString() string { return masked.GoString("amqp.MustParse", u.String()) }

// Format implements fmt.Formatter: every verb prints the redacted text
// (%q quoted, %#v as GoString), so that no fmt verb reaches the password.
func (u URI) Format(f fmt.State, verb rune) { masked.Format(f, verb, u) }

// LogValue implements slog.LogValuer with the redacted text.
func (u URI) LogValue() slog.Value { return slog.StringValue(u.String()) }

// MarshalText implements encoding.TextMarshaler with the redacted text, and
// so JSON. There is no UnmarshalText: reading back a redacted text would
// change the password. Marshal Unredacted() to keep it.
func (u URI) MarshalText() ([]byte, error) { return []byte(u.String()), nil }

// Unredacted returns the generic URI, whose String is the input byte for
// byte, password included (RFC 3986 3.2.1 deprecates showing it: use it
// to dial, never to display). It reads the text again: use the accessors
// for the values.
func (u URI) Unredacted() uri.URI {
	if u.s == "" {
		return uri.URI{}
	}
	return uri.MustParse(u.s) // Parse has accepted it
}
