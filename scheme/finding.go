package scheme

import (
	"strconv"

	"github.com/urikit/urikit/internal/jsontext"
	"github.com/urikit/urikit/uri"
)

// Finding is one finding of a lint: package lint's for RFC 3986 section 7,
// and a scheme's own through its Lint hook. It never holds text of the
// URI: Message is one of the fixed messages of its code, so no password,
// no userinfo and no other input text can leak through it, its String or
// its JSON encoding; a finding about the userinfo points at the
// userinfo's first byte, never inside it. Its JSON encoding is
// {"code", "component", "offset", "message"}, the component by its RFC
// 3986 name ("host", "port", ...), as uri.Component's MarshalText writes
// it.
type Finding struct {
	// Code is the stable, kebab-case name of the finding ("zone-id",
	// "empty-vhost").
	Code string `json:"code"`
	// Component is the component the finding is about.
	Component uri.Component `json:"component"`
	// Offset is the byte offset in the URI's text (String()) where the
	// finding starts, in the component; a finding about the userinfo is
	// at its first byte, whatever in it the finding is about.
	Offset int `json:"offset"`
	// Message says what is wrong and why, in a fixed text.
	Message string `json:"message"`
	// Severity says how much the finding matters. The JSON records of
	// urikit lint, whose fields are fixed, leave it out.
	Severity Severity `json:"-"`
}

// String returns "offset <n> <component>: <code>: <message>".
func (f Finding) String() string {
	return "offset " + strconv.Itoa(f.Offset) + " " + f.Component.String() + ": " + f.Code + ": " + f.Message
}

// MarshalJSON encodes f as {"code", "component", "offset", "message"}, the
// component by its RFC 3986 name, without Severity: valid JSON whatever
// bytes the texts hold. The struct tags say the same, so that a Finding
// reads back with encoding/json.
func (f Finding) MarshalJSON() ([]byte, error) {
	b := []byte(`{"code":`)
	b = jsontext.AppendString(b, f.Code)
	b = append(b, `,"component":`...)
	b = jsontext.AppendString(b, f.Component.String())
	b = append(b, `,"offset":`...)
	b = strconv.AppendInt(b, int64(f.Offset), 10)
	b = append(b, `,"message":`...)
	b = jsontext.AppendString(b, f.Message)
	return append(b, '}'), nil
}

// Severity ranks a Finding. The zero value is Warning.
type Severity uint8

const (
	// Warning: a likely mistake, or a risk to whoever reads the URI
	// (RFC 3986 section 7).
	Warning Severity = iota
	// Info: worth knowing, and not wrong (a default port written out).
	Info
	// Error: the URI will not work as meant (a port above 65535).
	Error
)

// String returns "warning", "info" or "error".
func (s Severity) String() string {
	switch s {
	case Info:
		return "info"
	case Error:
		return "error"
	}
	return "warning"
}
