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

// Schemes returns the amqp and amqps schemes for a scheme.Registry (spec:
// "Port" and "The amqps URI scheme"): their default ports, a Validate
// hook with Parse's checks (its error is Parse's *Error), a Normalize hook
// (RFC 3986 6.2.3: the port without leading zeros, the triplets of octets
// the spec's grammar allows as themselves decoded; see Normalization in
// the package doc), a Secrets hook for the key passphrase, the Lint and
// LintText hooks of Lint, and OpaquePath (the path is the vhost).
// Importing this package registers them in the default registry; a
// private registry takes them with Register. Each call returns new values.
func Schemes() []scheme.Scheme {
	return []scheme.Scheme{
		{Name: "amqp", DefaultPort: PortAMQP, Validate: validate, Normalize: normalize,
			Secrets: secrets, Lint: lintHook, LintText: lintRaw, OpaquePath: true},
		{Name: "amqps", DefaultPort: PortAMQPS, Validate: validate, Normalize: normalize,
			Secrets: secrets, Lint: lintHook, LintText: lintRaw, OpaquePath: true},
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

// normalize is the Normalize hook. It writes the port without leading
// zeros (the port is a decimal number, RFC 3986 3.2.3) and, on a URI that
// Parse accepts, decodes each triplet of an octet that every client reads
// the same written or encoded, where the spec's grammar allows it as
// itself: the spec compares decoded values ("Percent-encoded octets are
// decoded first"), so "amqp://u%21@h/%41" and "amqp://u!@h/A" name the
// same credentials and vhost. Username, password, a reg-name host and the
// vhost take unreserved and sub-delims but "+" and ";", which are written
// as triplets whether they came encoded or not: "+" is a space to the
// clients that decode form text (pika, Bunny), and a ";" splits a pair
// for others. So are ":" and "@" in the vhost, which would read as
// another authority once the userinfo is masked ("amqp://u:xxxxx@h/a@b:c").
// A triplet of any other octet stays ("%2F", "%25").
func normalize(u uri.URI) uri.URI {
	u = normalizePort(u)
	if check(u) != nil {
		return u
	}
	if u.HasUserinfo() {
		ui := u.Userinfo()
		user, pass, hasPass := strings.Cut(ui, ":")
		d := normalText(user, uri.ComponentUserinfo)
		if hasPass {
			d += ":" + normalText(pass, uri.ComponentUserinfo)
		}
		if d != ui {
			u = must(u.WithUserinfo(d))
		}
	}
	if u.HostKind() == uri.HostRegName {
		if h := u.Host(); strings.IndexByte(h, '%') >= 0 {
			if d := normalText(h, uri.ComponentHost); d != h {
				u = must(u.WithHost(d))
			}
		}
	}
	if p := u.Path(); len(p) > 1 {
		// The vhost, after the path's "/" (Parse allows one segment).
		if d := normalText(p[1:], uri.ComponentPath); d != p[1:] {
			u = must(u.WithPath("/" + d))
		}
	}
	return u
}

// normalizePort writes the port without leading zeros.
func normalizePort(u uri.URI) uri.URI {
	p := u.Port()
	if len(p) < 2 || p[0] != '0' {
		return u
	}
	t := strings.TrimLeft(p, "0")
	if t == "" {
		t = "0"
	}
	return must(u.WithPort(t))
}

// normalText returns s, the text of a username, password, reg-name host
// or vhost, with each triplet of an octet that allowedAsItself accepts
// decoded, and each octet that reads differently in some client written
// as a triplet (encoded): "+" and ";" anywhere but in a host, and ":"
// and "@" in the vhost. It returns s when nothing changes.
func normalText(s string, c uri.Component) string {
	var b []byte
	last := 0 // s[:last] is in b
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; {
		case ch == '%' && i+2 < len(s):
			// In a host, "+" and ";" read the same everywhere: decoded,
			// as the other sub-delims.
			if d := unhex(s[i+1])<<4 | unhex(s[i+2]); allowedAsItself(d) || c == uri.ComponentHost && (d == '+' || d == ';') {
				b = append(append(b, s[last:i]...), d)
				last = i + 3
			}
			i += 2
		case encodedAlways(ch, c):
			b = append(append(b, s[last:i]...), '%', upperHex[ch>>4], upperHex[ch&15])
			last = i + 1
		}
	}
	if last == 0 {
		return s
	}
	return string(append(b, s[last:]...))
}

// encodedAlways reports whether normalText writes ch, found as itself in
// component c, as a triplet.
func encodedAlways(ch byte, c uri.Component) bool {
	switch ch {
	case '+', ';':
		return c != uri.ComponentHost
	case ':', '@':
		return c == uri.ComponentPath
	}
	return false
}

const upperHex = "0123456789ABCDEF"

// allowedAsItself reports whether normalize decodes a triplet of c.
func allowedAsItself(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	switch c {
	case '-', '.', '_', '~', '!', '$', '&', '\'', '(', ')', '*', ',', '=':
		return true
	}
	return false
}

// must returns u; an error means the hook built text that RFC 3986
// refuses, a defect of this package.
func must(u uri.URI, err error) uri.URI {
	if err != nil {
		panic("amqp: normalization built an invalid URI: " + err.Error())
	}
	return u
}
