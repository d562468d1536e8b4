package amqp

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unsafe"

	"github.com/urikit/urikit/internal/masked"
)

// The values that Config fills in for an absent component: those of
// github.com/rabbitmq/amqp091-go v1.16.0 ParseURI (its defaultURI), which
// the RabbitMQ URI spec leaves to clients ("amqp://" might mean guest on
// localhost; spec, "Handling of absent components").
const (
	DefaultHost     = "localhost" // an absent or zero-length host
	DefaultUsername = "guest"     // no userinfo
	DefaultPassword = "guest"     // no userinfo, or a username without ":"
	DefaultVhost    = "/"         // an absent or empty vhost (amqp091-go: path "" or "/")
)

// The dial-time defaults of github.com/rabbitmq/amqp091-go v1.16.0
// (connection.go: defaultHeartbeat, defaultConnectionTimeout,
// defaultFrameSize, defaultChannelMax, defaultLocale; Config.setSASL):
// what DialConfig uses when neither the URI nor amqp091.Config says
// otherwise. Config leaves them out of the view, as ParseURI does; they are
// here for the caller who dials.
const (
	// DefaultHeartbeat is the heartbeat interval proposed when the URI has
	// no heartbeat parameter (the URI's value, even 0, wins over
	// amqp091.Config's). A proposal of 0 does not disable heartbeats with
	// amqp091-go: it takes the broker's interval then (RabbitMQ's is 60 s).
	DefaultHeartbeat = 10 * time.Second
	// DefaultConnectionTimeout bounds the dial when the URI has no
	// connection_timeout, or 0: in amqp091-go (DefaultDial) the TCP
	// connect, and then again, as a deadline set once connected, the TLS
	// and AMQP handshakes (so a dial may take twice as long), and a tiny
	// value fails late in the handshake ("username or password not
	// allowed" when the deadline cuts the login).
	DefaultConnectionTimeout = 30 * time.Second
	// DefaultFrameMax is the frame size proposed when amqp091.Config's
	// FrameSize is 0 (RabbitMQ's own default frame_max); amqp091-go never
	// reads frame_max from the URI.
	DefaultFrameMax = 131072
	// DefaultChannelMax is the channel limit when both sides propose 0
	// (rabbitmq-server#1593).
	DefaultChannelMax = 2047
	// DefaultLocale is the locale of connection.start-ok.
	DefaultLocale = "en_US"
	// DefaultAuthMechanism is the SASL mechanism without auth_mechanism.
	DefaultAuthMechanism = "PLAIN"
)

// Config is the view of an amqp or amqps URI that a client dials with: the
// values of the RabbitMQ URI specification with the defaults of
// github.com/rabbitmq/amqp091-go v1.16.0 ParseURI filled in, and the query
// parameters typed (RabbitMQ "URI Query Parameters"; see ParamSpecs). The
// fields named as amqp091-go's URI fields hold what ParseURI yields for the
// same URI; the others are parameters that amqp091-go ignores.
//
// Its printed forms (String, GoString, every fmt verb, LogValue,
// MarshalJSON) show the fields of Fields: the login password and the key
// passphrase (KeyPassword) as "xxxxx", and in a Config of URI.Config every
// field whose text URI.String masks (see Secrets in the package doc). The
// fields keep their values, for dialing.
type Config struct {
	// Scheme is "amqp" or "amqps", in lowercase.
	Scheme string
	// Host is the host for dialing: an IPv6 address without brackets, a
	// reg-name decoded, DefaultHost when absent or zero-length.
	Host string
	// Port is the port, or 5672 (amqp) or 5671 (amqps) when absent or
	// empty.
	Port int
	// Username is the decoded username (possibly ""), DefaultUsername when
	// there is no userinfo.
	Username string
	// Password is the decoded password (possibly ""), DefaultPassword when
	// there is no userinfo or no ":" in it ("amqp://user@h" gives the
	// password "guest", as amqp091-go does).
	Password string
	// Vhost is the decoded vhost, DefaultVhost when absent or empty
	// ("amqp://h/" gives "/": amqp091-go cannot name the empty vhost).
	Vhost string

	// CertFile, CACertFile and KeyFile are the paths of the parameters
	// certfile, cacertfile and keyfile (PEM files), "" when absent.
	CertFile, CACertFile, KeyFile string
	// ServerName is the parameter server_name_indication, "" when absent
	// (amqptls.Config then uses Host).
	ServerName string
	// AuthMechanism holds every auth_mechanism value in order, as written
	// (decoded); nil when there is none (DefaultAuthMechanism applies).
	AuthMechanism []string
	// Heartbeat is the parameter heartbeat (seconds), 0 when absent;
	// HasHeartbeat tells heartbeat=0, a request for no heartbeats (which
	// amqp091-go answers with the broker's interval), from absent
	// (DefaultHeartbeat applies).
	Heartbeat    time.Duration
	HasHeartbeat bool
	// ConnectionTimeout is the parameter connection_timeout
	// (milliseconds); 0 when absent or 0, which both mean
	// DefaultConnectionTimeout in amqp091-go. It bounds the TCP connect
	// and then the TLS and AMQP handshakes, not the connect alone (see
	// DefaultConnectionTimeout).
	ConnectionTimeout time.Duration
	// ChannelMax is the parameter channel_max, 0 when absent (negotiated).
	ChannelMax uint16

	// FrameMax is the parameter frame_max (octets; 0 is no limit), 0 when
	// absent; HasFrameMax tells which. amqp091-go ignores it.
	FrameMax    int
	HasFrameMax bool
	// KeyPassword is the parameter password: the passphrase of KeyFile,
	// never the login password. amqp091-go ignores it.
	KeyPassword string
	// Verify is the parameter verify: "verify_peer", "verify_none", or ""
	// when absent (amqptls.Config verifies). amqp091-go ignores it.
	Verify string
	// Depth is the parameter depth, the intermediate certificates allowed
	// between the server's certificate and a root; HasDepth false when
	// absent (no limit). amqp091-go ignores it.
	Depth    int
	HasDepth bool
	// FailIfNoPeerCert is the parameter fail_if_no_peer_cert, an OTP ssl
	// server option that a client has no use for (amqptls.Config ignores
	// it).
	FailIfNoPeerCert bool
	// CustomizeHostnameCheck is the parameter customize_hostname_check:
	// "https" or "" (crypto/tls always checks host names as HTTPS does).
	CustomizeHostnameCheck string

	// Unknown holds the parameters that the registry does not know, in
	// order, nil when none (amqp091-go and Erlang ignore them).
	Unknown []Param

	// offsets holds where each known parameter's pair starts in the URI
	// (ParamOffset); zero for a Config not made by URI.Config.
	offsets [numParams]int32
	// hide holds fields that the printed forms mask because String
	// masks their text: bit id for the value of known parameter id, and
	// the hide* bits. Those of the URI src are found when c is printed
	// (hidden), not when it is made: a dialer never prints.
	hide uint32
	// srcData and srcLen are the text of the URI that URI.Config read
	// (source), srcData nil for a Config made by hand. The text is kept
	// behind a pointer, which fmt prints as an address where it reaches
	// c through an unexported field, so that the text (values that
	// Config drops among them: a passphrase with a ";", a second
	// "password") shows in no form of c; unsafe.StringData and
	// unsafe.String keep it there without a copy or an allocation.
	srcData *byte
	srcLen  int
}

// The bits of Config.hide beyond the parameters'.
const (
	hideHost uint32 = 1 << (numParams + iota)
	hidePort
	hideUsername
	hideVhost
)

// Config returns the defaults view of u for dialing (see Config): for
// every URI that both accept, its Scheme, Host, Port, Username, Password,
// Vhost, CertFile, CACertFile, KeyFile, ServerName, AuthMechanism,
// Heartbeat (as seconds), ConnectionTimeout and ChannelMax equal what
// github.com/rabbitmq/amqp091-go v1.16.0 ParseURI yields. The package doc
// lists where one accepts what the other rejects.
//
// The query parameters are read here (Parse never reads them), as Params
// reads them: the error is Params' error, an *Error that names the
// parameter and holds no value. On amqp://, which uses no TLS, the TLS
// parameters are not checked (the lint tls-param-on-amqp names them):
// the first value of cacertfile, certfile, keyfile, password and
// server_name_indication is kept as amqp091-go keeps it, and verify,
// depth, fail_if_no_peer_cert and customize_hostname_check are dropped.
func (u URI) Config() (c Config, err error) {
	if err = u.fill(&c, nil); err != nil {
		return Config{}, err
	}
	return c, nil
}

// hidden returns the hide bits of c: its own and, for a Config of
// URI.Config, those of the fields whose text the URI's String masks,
// found by reading the URI again with its masks.
func (c *Config) hidden() uint32 {
	if c.srcData == nil {
		return c.hide
	}
	u, err := Parse(unsafe.String(c.srcData, c.srcLen))
	if err != nil {
		panic("amqp: the URI of a Config does not parse again: " + err.Error())
	}
	m := u.maskedRanges()
	if m == nil {
		return c.hide
	}
	var full Config
	if err := u.fill(&full, m); err != nil {
		panic("amqp: a URI's Config fails when read again: " + err.Error())
	}
	return c.hide | full.hide
}

// fill sets c, a zero Config, to the Config of u, with the hide bits of
// the fields whose text meets m.
func (u URI) fill(c *Config, m masks) error {
	// The source of the unknown parameters, made with the first one
	// that has a value: most Configs have none.
	var src *source
	if u.s != "" { // the zero URI's Config is as one made by hand
		c.srcData, c.srcLen = unsafe.StringData(u.s), len(u.s)
	}
	c.Scheme, c.Port, c.Host, c.Username, c.Password, c.Vhost = "amqp", PortAMQP, DefaultHost, DefaultUsername, DefaultPassword, DefaultVhost
	if u.Secure() {
		c.Scheme, c.Port = "amqps", PortAMQPS
	}
	if h, ok := u.Hostname(); ok {
		c.Host = h
	}
	if p, ok := u.Port(); ok {
		c.Port = p
	}
	if user, ok := u.Username(); ok {
		c.Username = user
		if pw, ok := u.Password(); ok {
			c.Password = pw
		}
	}
	if v, ok := u.Vhost(); ok && v != "" {
		c.Vhost = v
	}
	if m != nil {
		c.hide = u.hiddenFields(m)
	}
	err := u.readParams(m, nil, func(p Param, id int, v paramValue) {
		if id < 0 {
			if p.HasValue {
				if src == nil {
					src = &source{u.s}
				}
				p.src = src
			}
			c.Unknown = append(c.Unknown, p)
			return
		}
		if s := &registry[id]; s.TLS && !u.Secure() && (s.Type != ParamText && s.Type != ParamPath || c.offsets[id] != 0 || v.dropped) {
			// On amqp://, a TLS parameter is not checked (readParams):
			// the first value of a text one is kept, as amqp091-go reads
			// it (not one with a ";", whose pair net/url drops); a typed
			// one, which no client reads there, is dropped.
			return
		}
		if c.offsets[id] == 0 {
			c.offsets[id] = int32(p.Offset)
		}
		if p.hideValue {
			c.hide |= 1 << id
		}
		switch id {
		case pHeartbeat:
			c.Heartbeat, c.HasHeartbeat = time.Duration(v.n)*time.Second, true
		case pConnectionTimeout:
			c.ConnectionTimeout = time.Duration(v.n) * time.Millisecond
		case pChannelMax:
			c.ChannelMax = uint16(v.n)
		case pFrameMax:
			c.FrameMax, c.HasFrameMax = int(v.n), true
		case pAuthMechanism:
			if c.AuthMechanism == nil {
				// Room for a second value, which is common
				// ("auth_mechanism=PLAIN&auth_mechanism=EXTERNAL").
				c.AuthMechanism = make([]string, 0, 2)
			}
			c.AuthMechanism = append(c.AuthMechanism, p.Value)
		case pCACertFile:
			c.CACertFile = p.Value
		case pCertFile:
			c.CertFile = p.Value
		case pKeyFile:
			c.KeyFile = p.Value
		case pPassword:
			c.KeyPassword = p.Value
		case pVerify:
			c.Verify = p.Value
		case pServerNameIndication:
			c.ServerName = p.Value
		case pDepth:
			c.Depth, c.HasDepth = int(v.n), true
		case pFailIfNoPeerCert:
			c.FailIfNoPeerCert = p.Value == "true"
		case pCustomizeHostnameCheck:
			c.CustomizeHostnameCheck = p.Value
		}
	})
	return err
}

// hiddenFields returns the hide bits of the host, port, username and
// vhost of u whose text meets the ranges m that String masks.
func (u URI) hiddenFields(m masks) uint32 {
	var h uint32
	p := u.p
	if p.at != 0 {
		end := p.at
		if p.colon != 0 {
			end = p.colon
		}
		if m.overlaps(u.authority(), int(end)) {
			h |= hideUsername
		}
	}
	for _, f := range [...]struct {
		start, end uint32
		bit        uint32
	}{{p.hostStart, p.hostEnd, hideHost}, {p.hostEnd + 1, p.pathStart, hidePort}, {p.pathStart, p.qmark, hideVhost}} {
		if m.overlaps(int(f.start), int(f.end)) {
			h |= f.bit
		}
	}
	return h
}

// ParamOffset returns the byte offset, in the URI that URI.Config read,
// of the pair (RFC 3986 3.4; RabbitMQ "URI Query Parameters") of the
// known parameter name (its registry name, ParamSpec.Name: "cacertfile",
// "password", ...), where the errors about its value point (those of
// package amqptls among them); the first pair of a repeated one. ok is
// false when the URI has no such pair, for an unknown name, and for a
// Config made by hand.
func (c Config) ParamOffset(name string) (offset int, ok bool) {
	id := paramID(name)
	if id < 0 || c.offsets[id] == 0 {
		return 0, false
	}
	return int(c.offsets[id]), true
}

// Addr returns Host and Port joined for net.Dial ("[::1]:5672"), as
// net.JoinHostPort joins them: a host with a ":" in brackets.
func (c Config) Addr() string {
	if strings.IndexByte(c.Host, ':') >= 0 {
		return "[" + c.Host + "]:" + strconv.Itoa(c.Port)
	}
	return c.Host + ":" + strconv.Itoa(c.Port)
}

// mask returns s, or "xxxxx" when s is not empty.
func mask(s string) string {
	if s == "" {
		return ""
	}
	return redacted
}

// GoString returns "amqp.Config" and String, for %#v.
func (c Config) GoString() string { return "amqp.Config" + c.String() }

// Format implements fmt.Formatter: every verb prints String (%q quoted,
// %#v as GoString), so that no verb reaches a secret.
func (c Config) Format(f fmt.State, verb rune) { masked.Format(f, verb, c) }
