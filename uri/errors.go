package uri

import (
	"errors"
	"strconv"

	"github.com/urikit/urikit/internal/jsontext"
)

// Component names a component of a URI reference (RFC 3986 3): where an
// Error was found, or which character set Escape uses.
type Component uint8

const (
	ComponentScheme   Component = iota + 1 // scheme (3.1)
	ComponentUserinfo                      // userinfo (3.2.1)
	ComponentHost                          // host (3.2.2)
	ComponentPort                          // port (3.2.3)
	ComponentPath                          // path (3.3)
	ComponentQuery                         // query (3.4)
	ComponentFragment                      // fragment (3.5)
)

var componentNames = [...]string{"", "scheme", "userinfo", "host", "port", "path", "query", "fragment"}

// String returns the component's RFC 3986 name: "scheme", "userinfo",
// "host", "port", "path", "query" or "fragment".
func (c Component) String() string {
	if int(c) < len(componentNames) && c != 0 {
		return componentNames[c]
	}
	return "component(" + strconv.Itoa(int(c)) + ")"
}

// MarshalText implements [encoding.TextMarshaler] with String, so that a
// JSON encoding of an Error names the component.
func (c Component) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText implements [encoding.TextUnmarshaler]: it reads the RFC
// 3986 names that String gives ("scheme" to "fragment"), so that a JSON
// encoding of an Error or of a finding reads back. Any other text is an
// error that names no input.
func (c *Component) UnmarshalText(text []byte) error {
	for i := 1; i < len(componentNames); i++ {
		if string(text) == componentNames[i] {
			*c = Component(i)
			return nil
		}
	}
	return errors.New("uri: not the name of an RFC 3986 component")
}

// The reasons of an Error, for errors.Is. Each documents where Error.Offset
// points.
var (
	// ErrInvalidCharacter: a byte that the component's rule does not allow
	// (RFC 3986 2, Appendix A): a space, a control, a non-ASCII byte, a
	// gen-delim out of place. Offset is that byte.
	ErrInvalidCharacter = errors.New("invalid character")
	// ErrInvalidEscape: a "%" not followed by two hex digits (RFC 3986
	// 2.1). Offset is the "%".
	ErrInvalidEscape = errors.New("invalid percent-encoding")
	// ErrInvalidPort: a port with a byte other than a digit (RFC 3986
	// 3.2.3). Offset is that byte.
	ErrInvalidPort = errors.New("invalid port")
	// ErrInvalidIPLiteral: an IP-literal that is neither an IPv6address nor
	// an IPvFuture, or a "[" that is not closed (RFC 3986 3.2.2). Offset is
	// the first byte inside the brackets that the grammar cannot accept, or
	// the end of the authority when "]" is missing.
	ErrInvalidIPLiteral = errors.New("invalid IP literal")
	// ErrZoneID: an IPv6 zone identifier ("[fe80::1%25eth0]"). RFC 3986 has
	// no zones; RFC 6874 added them and RFC 9844 obsoletes it. Offset is
	// the "%".
	ErrZoneID = errors.New("IPv6 zone identifiers are not allowed")
	// ErrColonInFirstSegment: a relative reference whose first path
	// segment contains ":" (RFC 3986 4.2: it would read as a scheme; write
	// "./a:b"). Offset is the ":".
	ErrColonInFirstSegment = errors.New("colon in first path segment of a relative reference")
	// ErrMissingScheme: Parse was given a relative reference (RFC 3986 3:
	// a URI has a scheme). Offset is 0.
	ErrMissingScheme = errors.New("missing scheme")
	// ErrInvalidScheme: text before the first ":" that is not a scheme
	// (RFC 3986 3.1: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )), found by
	// Parse. Offset is the first byte that cannot be part of a scheme (0
	// for an empty scheme).
	ErrInvalidScheme = errors.New("invalid scheme")
	// ErrInvalidPath: path text that cannot stand where it is (RFC 3986
	// 3.3): with an authority it must be empty or start with "/"; without
	// one it must not start with "//". Only Components.Reference and
	// Components.URI report it (in parsed text the rule is structural).
	// Offset is 0 or 1 in the path text.
	ErrInvalidPath = errors.New("path form does not fit the authority or its absence")
	// ErrTooLong: an input of 4 GiB or more; offsets are 32-bit. Offset is
	// 1<<32 - 1, the last offset a value can hold.
	ErrTooLong = errors.New("input too long")
)

// Error is the error of Parse, ParseReference and the functions that
// validate component text. It holds no text taken from the input, so a
// password can never leak through an error, a log line or a JSON encoding
// of one.
type Error struct {
	// Offset is the byte offset of the first byte that could not be
	// accepted: in the input of Parse and ParseReference, in the component
	// text for Components and Unescape. Each reason says where it points.
	Offset int `json:"offset"`
	// Component is the component being read when the error was found.
	Component Component `json:"component"`
	// Err is the reason, one of the Err* sentinels of this package (or a
	// scheme plugin's own reason, wrapped by that plugin).
	Err error `json:"-"`
}

// Error returns "uri: <component> at offset <n>: <reason>".
func (e *Error) Error() string {
	return "uri: " + e.Component.String() + " at offset " + strconv.Itoa(e.Offset) + ": " + e.reason()
}

// reason returns the text of Err, or "invalid" for an Error built without
// one.
func (e *Error) reason() string {
	if e.Err == nil {
		return "invalid"
	}
	return e.Err.Error()
}

// Unwrap returns the reason, for errors.Is and errors.As.
func (e *Error) Unwrap() error { return e.Err }

// MarshalJSON encodes the error as {"offset":N,"component":"...",
// "reason":"..."}: only the reason text, the component name and a number,
// valid JSON whatever bytes a plugin's reason holds.
func (e *Error) MarshalJSON() ([]byte, error) {
	b := append([]byte(`{"offset":`), strconv.Itoa(e.Offset)...)
	b = append(b, `,"component":`...)
	b = jsontext.AppendString(b, e.Component.String())
	b = append(b, `,"reason":`...)
	b = jsontext.AppendString(b, e.reason())
	return append(b, '}'), nil
}
