package amqp

import (
	"errors"
	"strconv"

	"github.com/urikit/urikit/internal/jsontext"
	"github.com/urikit/urikit/uri"
)

// The reasons of an Error, for errors.Is. Each names the rule of the
// RabbitMQ URI specification (or of RFC 3986, which it builds on) that the
// input breaks; the Error's Field and Hint say where and what to do.
var (
	// ErrScheme: the scheme is neither "amqp" nor "amqps" (spec: amqp_URI
	// and amqps_URI; compared ignoring case, RFC 3986 3.1). Offset 0.
	ErrScheme = errors.New("scheme is not amqp or amqps")
	// ErrNoAuthority: the scheme is not followed by "//" (spec: "amqp://"
	// amqp_authority). Offset is just after the scheme's ":".
	ErrNoAuthority = errors.New(`missing "//" after the scheme`)
	// ErrUnencodedAt: an "@" inside the username or password (spec:
	// username and password are unreserved / pct-encoded / sub-delims).
	// Offset is the start of the userinfo.
	ErrUnencodedAt = errors.New(`unencoded "@" in the credentials`)
	// ErrUnencodedColon: a second ":" in the userinfo, that is, a ":"
	// inside the password (spec: amqp_userinfo = username [ ":" password
	// ]). Offset is the start of the userinfo.
	ErrUnencodedColon = errors.New(`unencoded ":" in the password`)
	// ErrUnencodedDelimiter: an unencoded "#", "/" or "?" inside the
	// credentials ends the authority early (RFC 3986 3.2), so that the rest
	// of the password reads as a host, port, path, query or fragment.
	// Offset is the start of the userinfo.
	ErrUnencodedDelimiter = errors.New(`unencoded "#", "/" or "?" in the credentials`)
	// ErrVhostSegments: a path of more than one segment (spec: vhost =
	// segment; a "/" inside a vhost name is percent-encoded). Offset is the
	// second "/".
	ErrVhostSegments = errors.New("more than one path segment")
	// ErrFragment: a fragment; the spec's grammar has none, and in practice
	// it is an unencoded "#" in a vhost or query. Offset is the "#".
	ErrFragment = errors.New("fragment not allowed")
	// ErrPortRange: a port above 65535, the largest TCP port (the spec's
	// port is RFC 3986's *DIGIT; see Deviations). Offset is the port's
	// first digit.
	ErrPortRange = errors.New("port out of range 0-65535")
	// ErrInvalidUTF8: a username, password, host or vhost whose decoded
	// octets are not UTF-8 (spec: credentials "should be regarded as UTF-8
	// encoded"; the host and vhost rule is ours, see Deviations). Offset is
	// the start of the component (of the userinfo for credentials).
	ErrInvalidUTF8 = errors.New("decodes to invalid UTF-8")
	// ErrCredentialNUL: a username or password that decodes to a NUL
	// octet ("amqp://k8s-operat%00or:pw@h"). SASL PLAIN (RFC 4616 2)
	// separates the authorization identity, the user name and the
	// password with NUL, so the broker would receive another login: one
	// client splits the name into two fields, another cuts it short.
	// Offset is the start of the userinfo (of nothing, from Build).
	ErrCredentialNUL = errors.New("username or password decodes to a NUL octet, which SASL PLAIN uses to separate its fields")
	// ErrHostOctet: a reg-name host with a triplet that decodes to a
	// control character, a space, "%", "\\" or a delimiter of RFC 3986 2.2
	// (":", "/", "?", "#", "[", "]", "@"), which no host name holds
	// ("amqps://good.com%00.evil.com": a resolver would stop at the NUL, the
	// TLS check would not; see Deviations). Offset is the triplet's "%".
	ErrHostOctet = errors.New("host decodes to a control character, space or delimiter")
	// ErrPasswordWithoutUsername: Build was given a password and no
	// username (spec: amqp_userinfo = username [ ":" password ]; the
	// username may be empty but not absent). Offset 0.
	ErrPasswordWithoutUsername = errors.New("a password needs a username, possibly empty")
	// ErrValueWithoutPresence: Build was given a value whose presence flag
	// is false (a Query without HasQuery, a Vhost without HasVhost, a
	// non-zero Port without HasPort, a Username without HasUsername, a
	// Password without HasPassword), which it would otherwise drop without
	// a word: absent and empty differ (spec, "Handling of absent
	// components"). Offset 0.
	ErrValueWithoutPresence = errors.New("a value is set but its presence flag is false")

	// The reasons of the query parameters' errors (Params, Config): the
	// Error's Field is the parameter's registry name (ParamSpec.Name) and
	// Offset is the start of the parameter's pair in the input, never a
	// byte inside its value.

	// ErrParamRepeated: a single-valued parameter appears twice (only
	// auth_mechanism is Repeatable). Go's url.Values.Get, and so
	// amqp091-go, read the first; other clients the last, or fail. Offset
	// is the second pair.
	ErrParamRepeated = errors.New("parameter given more than once")
	// ErrParamEmpty: a single-valued parameter without a value ("heartbeat"
	// or "certfile="); amqp091-go reads an empty path as no path at all.
	ErrParamEmpty = errors.New("parameter has no value")
	// ErrParamInteger: the value of an integer parameter is not a decimal
	// number (ParamInteger).
	ErrParamInteger = errors.New("value is not a decimal integer")
	// ErrParamRange: an integer outside its ParamSpec's Min..Max.
	ErrParamRange = errors.New("value out of range")
	// ErrParamValue: the value of an enum parameter is none of its
	// ParamSpec's Values.
	ErrParamValue = errors.New("value is not one of the parameter's values")
	// ErrParamSemicolon: an unencoded ";" in a known parameter's value:
	// Go's url.ParseQuery (since Go 1.17) drops the whole pair, so
	// amqp091-go would silently ignore the parameter; write ";" as %3B.
	ErrParamSemicolon = errors.New(`unencoded ";" in the parameter`)
	// ErrTooManyParams: more than 10000 pairs in the query; Go's
	// url.ParseQuery then reads none of them, so amqp091-go would ignore
	// every parameter. Field is "query"; Offset is the query's start.
	ErrTooManyParams = errors.New("more than 10000 query parameters")
)

// Error is the error of Parse, Build, the amqp schemes' Validate hook,
// Params, Config and package amqptls:
// which value of the RabbitMQ URI specification is wrong (Field), what to
// do about it (Hint), and the *uri.Error that says where and why (URI:
// Offset, Component and the reason, one of the Err* values of this package
// or of package uri). It holds no text taken from the input, and an error
// inside the userinfo points at the userinfo's start, never inside it, so
// that neither the password nor its length can leak through an error, a
// log line or a JSON encoding of one.
type Error struct {
	// Field is the spec's name of the value: "scheme", "username",
	// "password", "host", "port", "vhost", "query" or "fragment"; or the
	// registry name of a query parameter (ParamSpec.Name: "heartbeat",
	// "cacertfile", ...; "password" is then the key passphrase, and the
	// Component is ComponentQuery).
	Field string
	// Hint says how to write the value, or "".
	Hint string
	// URI locates the mistake and carries the reason.
	URI *uri.Error
}

// Error returns "amqp: <field>: <reason> (<component> at offset <n>);
// <hint>". An Error without URI reads as "invalid" at offset 0.
func (e *Error) Error() string {
	return "amqp: " + e.Field + ": " + e.located("")
}

// located returns "<reason> (<component> at offset <n><where>); <hint>",
// the part of the message that Error and EntryError share.
func (e *Error) located(where string) string {
	loc := e.location()
	s := reasonText(loc) + " (" + loc.Component.String() + " at offset " + strconv.Itoa(loc.Offset) + where + ")"
	if e.Hint != "" {
		s += "; " + e.Hint
	}
	return s
}

// noLocation stands for the *uri.Error of an Error built without one.
var noLocation uri.Error

// location returns e.URI, or an empty *uri.Error when it is nil.
func (e *Error) location() *uri.Error {
	if e.URI == nil {
		return &noLocation
	}
	return e.URI
}

func reasonText(e *uri.Error) string {
	if e.Err == nil {
		return "invalid"
	}
	return e.Err.Error()
}

// Unwrap returns the *uri.Error, so that errors.As finds it and errors.Is
// finds its reason; nil when there is none.
func (e *Error) Unwrap() error {
	if e.URI == nil {
		return nil
	}
	return e.URI
}

// MarshalJSON encodes the error as {"field", "reason", "hint", "offset",
// "component"}: names, numbers and fixed texts only, valid JSON whatever
// bytes they hold; "component" is null for an error of no component.
func (e *Error) MarshalJSON() ([]byte, error) {
	loc := e.location()
	b := []byte(`{"field":`)
	b = jsontext.AppendString(b, e.Field)
	b = append(b, `,"reason":`...)
	b = jsontext.AppendString(b, reasonText(loc))
	b = append(b, `,"hint":`...)
	b = jsontext.AppendString(b, e.Hint)
	b = append(b, `,"offset":`...)
	b = strconv.AppendInt(b, int64(loc.Offset), 10)
	b = append(b, `,"component":`...)
	if loc.Component == 0 {
		// No component: an error about the input as a whole (a line
		// too long to read).
		b = append(b, "null"...)
	} else {
		b = jsontext.AppendString(b, loc.Component.String())
	}
	return append(b, '}'), nil
}

// Hints, fixed texts that name characters, never input.
const (
	hintEncodeCredentials = `percent-encode it in the username or password: "@" as %40, ":" as %3A, "#" as %23, "/" as %2F, "?" as %3F, "%" as %25`
	hintVhostSlash        = `a "/" inside a vhost name is written %2F: "amqp://host/%2F" names the vhost "/"`
	hintFragment          = `an unencoded "#" starts a fragment: write it as %23`
	hintPassphrase        = `percent-encode the passphrase as a query value: a space as %20, "%" as %25, "&" as %26`
	hintScheme            = `use amqp:// or amqps://`
	hintPort              = "a TCP port is at most 65535"
	hintCredentialNUL     = "no username or password can hold a NUL: the broker would read another login"
	hintRepeated          = "give the parameter once: clients disagree on which value wins"
	hintSemicolon         = `write ";" as %3B: net/url-based clients drop a pair that holds one`
	hintTooManyParams     = "Go's net/url reads no parameter of a query with more than 10000 pairs"
)

// newError builds an *Error.
func newError(field, hint string, off int, c uri.Component, reason error) *Error {
	return &Error{Field: field, Hint: hint, URI: &uri.Error{Offset: off, Component: c, Err: reason}}
}
