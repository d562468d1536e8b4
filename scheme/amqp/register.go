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
// Parse accepts, decodes each triplet of an octet that the spec's grammar
// allows as itself where it stands: the spec compares decoded values
// ("Percent-encoded octets are decoded first"), so "amqp://u%21@h/%40"
// and "amqp://u!@h/@" name the same credentials and vhost. Username and
// password take unreserved and sub-delims, a reg-name host the same, the
// vhost pchar (":" and "@" too). A triplet of any other octet, such as
// "%2F", "%3A" in the userinfo or "%25", stays.
func normalize(u uri.URI) uri.URI {
	u = normalizePort(u)
	if check(u) != nil {
		return u
	}
	if u.HasUserinfo() {
		ui := u.Userinfo()
		user, pass, hasPass := strings.Cut(ui, ":")
		d := decodeAllowed(user, false)
		if hasPass {
			d += ":" + decodeAllowed(pass, false)
		}
		if d != ui {
			u = must(u.WithUserinfo(d))
		}
	}
	if u.HostKind() == uri.HostRegName {
		if h := u.Host(); strings.IndexByte(h, '%') >= 0 {
			if d := decodeAllowed(h, false); d != h {
				u = must(u.WithHost(d))
			}
		}
	}
	if p := u.Path(); strings.IndexByte(p, '%') >= 0 {
		if d := decodeAllowed(p, true); d != p {
			u = must(u.WithPath(d))
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

// decodeAllowed decodes each triplet of s whose octet is unreserved or a
// sub-delim (RFC 3986 2.2, 2.3), or ":" or "@" when pchar is set (3.3),
// and keeps every other triplet. It returns s when nothing changes.
func decodeAllowed(s string, pchar bool) string {
	var b []byte
	last := 0 // s[:last] is in b
	for i := 0; i+2 < len(s); i++ {
		if s[i] != '%' {
			continue
		}
		c := unhex(s[i+1])<<4 | unhex(s[i+2])
		if allowedAsItself(c, pchar) {
			b = append(append(b, s[last:i]...), c)
			last = i + 3
		}
		i += 2
	}
	if last == 0 {
		return s
	}
	return string(append(b, s[last:]...))
}

// allowedAsItself reports whether octet c is unreserved or a sub-delim
// (RFC 3986 2.2, 2.3), or ":" or "@" when pchar is set.
func allowedAsItself(c byte, pchar bool) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	switch c {
	case '-', '.', '_', '~', '!', '$', '&', '\'', '(', ')', '*', '+', ',', ';', '=':
		return true
	case ':', '@':
		return pchar
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
