package amqpdial

import (
	"crypto/tls"
	"errors"
	"net"
	"strconv"
	"strings"
	"time"

	amqp091 "github.com/rabbitmq/amqp091-go"

	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/scheme/amqp"
	"github.com/urikit/urikit/scheme/amqp/amqptls"
	"github.com/urikit/urikit/uri"
)

// Dial parses s as an amqp or amqps URI (amqp.Parse) and opens a
// connection to the broker it names, as the package doc says. Its errors
// hold no secret: Parse's and Config's (see Config), then a dial's
// *Error.
func Dial(s string) (*amqp091.Connection, error) {
	u, err := amqp.Parse(s)
	if err != nil {
		return nil, err
	}
	return DialURI(u)
}

// DialURI opens a connection to the broker that u names: Config, then
// Open.
func DialURI(u amqp.URI) (*amqp091.Connection, error) {
	addr, cfg, err := Config(u)
	if err != nil {
		return nil, err
	}
	return open(u, addr, cfg)
}

// Config returns the address ("host:port", an IPv6 host in brackets) and
// the amqp091.Config that dial u (see the package doc): SASL, Vhost,
// Heartbeat, ChannelMax, FrameSize, Locale, a Dial function that honours
// connection_timeout, and for amqps the TLSClientConfig of amqptls.Config.
// Properties are left to the caller. Open(u, addr, cfg) dials with them.
// Its error is an *amqp.Error (a query parameter, a TLS file) or
// ErrMechanism, none of which holds a secret.
func Config(u amqp.URI) (addr string, cfg amqp091.Config, err error) {
	c, err := u.Config()
	if err != nil {
		return "", amqp091.Config{}, err
	}
	cfg.Locale = "en_US"
	cfg.Vhost = c.Vhost
	cfg.ChannelMax = c.ChannelMax
	switch {
	case !c.HasHeartbeat:
		cfg.Heartbeat = 10 * time.Second // amqp091-go's default
	default:
		cfg.Heartbeat = c.Heartbeat
	}
	switch {
	case !c.HasFrameMax:
		cfg.FrameSize = 131072 // amqp091-go's default, RabbitMQ's own
	case c.FrameMax == 0:
		cfg.FrameSize = amqp091.FrameSizeUnlimited
	default:
		cfg.FrameSize = c.FrameMax
	}
	timeout := c.ConnectionTimeout
	if timeout <= 0 {
		timeout = 30 * time.Second // amqp091-go's default
	}
	cfg.Dial = amqp091.DefaultDial(timeout)
	mechs := c.AuthMechanism
	if mechs == nil {
		mechs = []string{"PLAIN"}
	}
	for _, m := range mechs {
		switch strings.ToUpper(m) {
		case "PLAIN":
			cfg.SASL = append(cfg.SASL, &amqp091.PlainAuth{Username: c.Username, Password: c.Password})
		case "AMQPLAIN":
			cfg.SASL = append(cfg.SASL, &amqp091.AMQPlainAuth{Username: c.Username, Password: c.Password})
		case "EXTERNAL":
			cfg.SASL = append(cfg.SASL, &amqp091.ExternalAuth{})
		default:
			return "", amqp091.Config{}, ErrMechanism
		}
	}
	if u.Secure() {
		if cfg.TLSClientConfig, err = amqptls.Config(c); err != nil {
			return "", amqp091.Config{}, err
		}
	}
	return net.JoinHostPort(c.Host, strconv.Itoa(c.Port)), cfg, nil
}

// ErrMechanism is Config's error for an auth_mechanism that amqp091-go
// does not implement (it implements PLAIN, AMQPLAIN and EXTERNAL; RabbitMQ
// URI spec, "auth_mechanism").
var ErrMechanism = errors.New("amqpdial: auth_mechanism is not PLAIN, AMQPLAIN or EXTERNAL")

// Open dials addr with cfg, as Config returns them for u: TCP through
// cfg.Dial, a TLS handshake when cfg.TLSClientConfig is set, then
// amqp091.Open. Its error is a *Error, which names u masked.
func Open(u amqp.URI, addr string, cfg amqp091.Config) (*amqp091.Connection, error) {
	if cfg.Recovery != nil {
		// amqp091-go recovers only connections that its DialConfig made.
		return nil, ErrRecovery
	}
	return open(u, addr, cfg)
}

// ErrRecovery is Open's error for a Config with Recovery set: amqp091-go
// sets recovery up only in its own DialConfig, so a connection opened
// over a dialed net.Conn would never recover; reconnect by calling Dial
// again.
var ErrRecovery = errors.New("amqpdial: amqp091.Config.Recovery is not supported: dial again to reconnect")

func open(u amqp.URI, addr string, cfg amqp091.Config) (*amqp091.Connection, error) {
	dial := cfg.Dial
	if dial == nil {
		dial = amqp091.DefaultDial(30 * time.Second)
	}
	conn, err := dial("tcp", addr)
	if err != nil {
		return nil, &Error{URI: u, Err: err}
	}
	if cfg.TLSClientConfig != nil {
		tc := tls.Client(conn, cfg.TLSClientConfig)
		if err := tc.Handshake(); err != nil {
			conn.Close()
			return nil, &Error{URI: u, Err: err, Hint: hintFor(u, err)}
		}
		conn = tc
	}
	c, err := amqp091.Open(conn, cfg)
	if err != nil {
		conn.Close()
		return nil, &Error{URI: u, Err: err, Hint: hintFor(u, err)}
	}
	return c, nil
}

// Error is the error of a dial: the URI dialed (masked in every printed
// form, amqp.URI) and the error of the network, of TLS or of amqp091-go,
// none of which saw the URI's text.
type Error struct {
	URI  amqp.URI
	Err  error
	Hint string // what to try, or ""
}

// Error returns "amqpdial: dial URI: reason", with the URI masked, and the
// hint when there is one.
func (e *Error) Error() string {
	s := "amqpdial: dial " + e.URI.String() + ": "
	if e.Err != nil {
		// A broker's reason may echo the user name, which may be a
		// token: what the URI masks is masked here too.
		msg := e.Err.Error()
		s += uri.Mask(msg, scheme.Default().AppendRedactDerived(nil, msg, e.URI.Unredacted().String()))
	} else {
		s += "failed"
	}
	if e.Hint != "" {
		s += "; " + e.Hint
	}
	return s
}

// Unwrap returns the network's, TLS's or amqp091-go's error, for
// errors.Is and errors.As (amqp091.ErrCredentials, *net.OpError, ...).
func (e *Error) Unwrap() error { return e.Err }

// hintFor says what to try when a handshake fails in the way that dialing
// the TLS port without TLS, or the plain port with it, fails.
func hintFor(u amqp.URI, err error) string {
	var rh tls.RecordHeaderError
	switch {
	case u.Secure() && errors.As(err, &rh):
		return "the port answered without TLS: if it is a plain AMQP port, use amqp://; the TLS port is 5671 by default"
	case !u.Secure():
		// A TLS listener answers the AMQP header with a TLS alert, which
		// amqp091-go reads as a frame it cannot take, or closes the
		// connection: a frame error of the client's, never a reason the
		// broker sent (which may name the vhost or the user).
		var ae *amqp091.Error
		if errors.As(err, &ae) && !ae.Server && ae.Code == amqp091.FrameError {
			return "the port did not answer in AMQP: if it is a TLS port (5671 by default), use amqps://"
		}
	}
	return ""
}
