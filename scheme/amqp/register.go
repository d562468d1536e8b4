package amqp

import (
	"strings"

	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/uri"
)

// The IANA ports of the schemes (spec: "Port" and "The amqps URI scheme").
const (
	PortAMQP  = 5672
	PortAMQPS = 5671
)

// Schemes returns the amqp and amqps schemes for a scheme.Registry: their
// default ports, a Validate hook that applies Parse's checks (its error is
// the *Error of Parse, which errors.As also reads as a *uri.Error whose Err
// is the reason), and a Normalize hook for the port (see below). Importing
// this package registers them in the default registry; a private registry
// takes them with Register. Each call returns new values.
//
// Scheme-based normalization (RFC 3986 6.2.3) of an amqp URI is, on top of
// the generic steps: the default port goes (registry), an empty port goes
// (registry, RFC 3986 3.2.3), and the hook writes the port without leading
// zeros ("amqp://h:0080" and "amqp://h:80" name one port). It never adds or
// removes a vhost and never changes the case of credentials or vhost.
func Schemes() []scheme.Scheme {
	return []scheme.Scheme{
		{Name: "amqp", DefaultPort: PortAMQP, Validate: validate, Normalize: normalize},
		{Name: "amqps", DefaultPort: PortAMQPS, Validate: validate, Normalize: normalize},
	}
}

func init() {
	for _, s := range Schemes() {
		scheme.Register(s)
	}
}

// validate is the Validate hook: Parse's checks on a parsed URI.
func validate(u uri.URI) error {
	if err := check(u); err != nil {
		return err
	}
	return nil
}

// normalize writes the port without leading zeros (the port is a decimal
// number, RFC 3986 3.2.3).
func normalize(u uri.URI) uri.URI {
	p := u.Port()
	if len(p) < 2 || p[0] != '0' {
		return u
	}
	t := strings.TrimLeft(p, "0")
	if t == "" {
		t = "0"
	}
	v, err := u.WithPort(t)
	if err != nil {
		panic("amqp: a port of digits is refused: " + err.Error())
	}
	return v
}
