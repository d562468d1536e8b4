package scheme

import (
	"errors"
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
// {"code", "component", "offset", "message", "severity"}, the component
// by its RFC 3986 name ("host", "port", ...), as uri.Component's
// MarshalText writes it, and the severity by its name ("warning", ...).
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
	// Severity says how much the finding matters: each code has one,
	// fixed (the package doc of lint lists them, package amqp's its own).
	Severity Severity `json:"severity"`
}

// String returns "offset <n> <component>: <severity>: <code>: <message>".
func (f Finding) String() string {
	return "offset " + strconv.Itoa(f.Offset) + " " + f.Component.String() + ": " + f.Severity.String() + ": " + f.Code + ": " + f.Message
}

// MarshalJSON encodes f as {"code", "component", "offset", "message",
// "severity"}, the component by its RFC 3986 name and the severity by its
// name: valid JSON whatever bytes the texts hold. The struct tags say the
// same, so that a Finding reads back with encoding/json.
func (f Finding) MarshalJSON() ([]byte, error) {
	b := []byte(`{"code":`)
	b = jsontext.AppendString(b, f.Code)
	b = append(b, `,"component":`...)
	b = jsontext.AppendString(b, f.Component.String())
	b = append(b, `,"offset":`...)
	b = strconv.AppendInt(b, int64(f.Offset), 10)
	b = append(b, `,"message":`...)
	b = jsontext.AppendString(b, f.Message)
	b = append(b, `,"severity":`...)
	b = jsontext.AppendString(b, f.Severity.String())
	return append(b, '}'), nil
}

// Severity ranks a Finding (RFC 3986 section 7 says what is a risk; the
// rest is spelling). The zero value is Warning. From the most to the least
// grave: Error, Warning, Notice, Info. The values are not in that order
// (Notice came last): compare gravity with Rank, not with < or >.
type Severity uint8

const (
	// Warning: a risk to whoever reads or acts on the URI (RFC 3986
	// section 7): it can change the host, port or file a reader or a back
	// end reaches, hide what a reader sees, or leak a secret.
	Warning Severity = iota
	// Info: worth knowing, and not wrong (a scheme that IANA registers but
	// that no rule of urikit checks).
	Info
	// Error: the URI will not work as meant (a port above 65535, text
	// that is no URI).
	Error
	// Notice: a spelling to tidy, no risk in itself (a default port
	// written out, an IPv6 literal not in its RFC 5952 form).
	Notice
)

// severityNames holds the name of each Severity, by value.
var severityNames = [...]string{Warning: "warning", Info: "info", Error: "error", Notice: "notice"}

// String returns "error", "warning", "notice" or "info"; a value beyond
// those is "warning", as the zero value is.
func (s Severity) String() string {
	if int(s) < len(severityNames) {
		return severityNames[s]
	}
	return "warning"
}

// Rank orders severities by gravity: 3 for Error, 2 for Warning, 1 for
// Notice, 0 for Info; a value beyond those ranks as Warning, as String
// names it.
func (s Severity) Rank() int {
	switch s {
	case Error:
		return 3
	case Notice:
		return 1
	case Info:
		return 0
	}
	return 2
}

// MarshalText encodes s as its name (String).
func (s Severity) MarshalText() ([]byte, error) {
	return []byte(s.String()), nil
}

// UnmarshalText reads a name that String returns; any other text is an
// error that does not echo it.
func (s *Severity) UnmarshalText(b []byte) error {
	for i, n := range severityNames {
		if string(b) == n {
			*s = Severity(i)
			return nil
		}
	}
	return errUnknownSeverity
}

// errUnknownSeverity is the error of UnmarshalText for a name it does not
// know.
var errUnknownSeverity = errors.New("scheme: unknown severity name")
