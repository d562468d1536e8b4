package amqp

import (
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"unicode/utf8"
	"unique"

	"github.com/urikit/urikit/internal/masked"
	"github.com/urikit/urikit/uri"
)

// Values are the values of an amqp or amqps URI as the RabbitMQ URI
// specification names them, decoded, each with its presence: absent and
// empty differ for the username, the password and the vhost (spec,
// "Handling of absent components"). Build writes them; URI.Values reads
// them.
type Values struct {
	Secure      bool   // amqps
	Username    string // decoded octets, UTF-8
	HasUsername bool   // a userinfo: "amqp://@h" has the empty username
	Password    Secret // decoded octets, UTF-8 (NewSecret, Reveal)
	HasPassword bool   // a ":" in the userinfo: "amqp://u:@h" has the empty password
	Host        string // decoded; "" is absent; an IP-literal in brackets ("[::1]"), or an IPv6 address without (Build adds them)
	Port        int    // 0-65535
	HasPort     bool
	Vhost       string // decoded: "/" is the vhost named "/"
	HasVhost    bool   // a path: "amqp://h/" has the empty vhost
	Query       string // raw RFC 3986 query text, in order
	HasQuery    bool
}

// String returns the canonical text that Build writes for v, redacted as
// URI.String redacts it (scheme.Redact), so that printing Values shows no
// secret (its password, a "password" query parameter; spec, Security
// considerations). String is "amqp: invalid values" when Build would fail.
func (v Values) String() string {
	u, err := Build(v)
	if err != nil {
		return "amqp: invalid values"
	}
	return u.String()
}

// GoString returns String as a Go string literal, for %#v.
func (v Values) GoString() string { return masked.GoString("", v.String()) }

// Format implements fmt.Formatter: every verb prints String (%q and %#v
// quoted).
func (v Values) Format(f fmt.State, verb rune) { masked.Format(f, verb, v) }

// LogValue implements slog.LogValuer with String.
func (v Values) LogValue() slog.Value { return slog.StringValue(v.String()) }

// MarshalText implements encoding.TextMarshaler, and so JSON, with String.
func (v Values) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// Secret is a password (spec, Security considerations: it "may be
// sensitive"): it prints, logs and marshals as "xxxxx" when not empty, so
// that printing a Values with any fmt verb, slog or encoding/json shows no
// password. NewSecret makes one and Reveal returns the text, to dial with.
//
// Its text is held behind a pointer (a unique.Handle, so that two Secrets
// of the same text are equal and Values stays comparable): fmt calls no
// method of a value reached through an unexported struct field, and
// prints it as it is made, but a pointer below the top level prints as an
// address, so that even a Values kept in an unexported field, or in an
// interface there, shows no password (see Secrets in the package doc for
// what it cannot cover). The zero Secret is the empty one.
type Secret struct {
	h unique.Handle[string]
}

// NewSecret returns the Secret of s, a password (spec, "Username and
// password"); NewSecret("") is the zero Secret.
func NewSecret(s string) Secret {
	if s == "" {
		return Secret{}
	}
	return Secret{unique.Make(s)}
}

// Reveal returns the secret's text, "" for the zero Secret: for dialing,
// never for display.
func (s Secret) Reveal() string {
	if s == (Secret{}) {
		return ""
	}
	return s.h.Value()
}

// String returns "xxxxx", or "" for the empty secret.
func (s Secret) String() string {
	if s == (Secret{}) {
		return ""
	}
	return redacted
}

// GoString returns the masked value as a Go expression, for %#v.
func (s Secret) GoString() string { return masked.GoString("", s.String()) }

// Format implements fmt.Formatter: every verb prints the mask (%q and %#v
// quoted).
func (s Secret) Format(f fmt.State, verb rune) { masked.Format(f, verb, s) }

// LogValue implements slog.LogValuer with the mask.
func (s Secret) LogValue() slog.Value { return slog.StringValue(s.String()) }

// MarshalText implements encoding.TextMarshaler with the mask.
func (s Secret) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Values returns the spec's values of u, decoded.
func (u URI) Values() Values {
	var v Values
	v.Secure = u.Secure()
	v.Username, v.HasUsername = u.Username()
	var pass string
	pass, v.HasPassword = u.Password()
	v.Password = NewSecret(pass)
	v.Host, _ = u.Host()
	v.Port, v.HasPort = u.Port()
	v.Vhost, v.HasVhost = u.Vhost()
	v.Query, v.HasQuery = u.Query()
	return v
}

// Build writes v in the canonical form of the RabbitMQ URI specification
// (see Building in the package doc: "/%2F" for the vhost "/", "u@" and
// "u:@" kept apart, an IPv6 address put in brackets, the values
// percent-encoded with uppercase hex, RFC 3986 2.1) and parses it.
//
// The error is an *Error, with offset 0 or an offset into the value: a
// password without a username (ErrPasswordWithoutUsername), a value
// without its presence flag (ErrValueWithoutPresence), a value that is
// not UTF-8, a port out of range, a query that is not RFC 3986 query
// text, a host that Parse refuses once encoded ("a/b", an IPv6 zone).
// Build never panics.
func Build(v Values) (URI, error) {
	if v.HasPassword && !v.HasUsername {
		return URI{}, newError("password", "set HasUsername, with an empty Username if need be", 0, uri.ComponentUserinfo, ErrPasswordWithoutUsername)
	}
	for _, f := range [...]struct {
		name string
		set  bool
	}{
		{"username", v.Username != "" && !v.HasUsername},
		{"password", v.Password != Secret{} && !v.HasPassword},
		{"port", v.Port != 0 && !v.HasPort},
		{"vhost", v.Vhost != "" && !v.HasVhost},
		{"query", v.Query != "" && !v.HasQuery},
	} {
		if f.set {
			return URI{}, newError(f.name, "set its Has flag, or leave the value zero for an absent "+f.name, 0, componentOfField(f.name), ErrValueWithoutPresence)
		}
	}
	for _, f := range [...]struct{ name, s string }{{"username", v.Username}, {"password", v.Password.Reveal()}, {"host", v.Host}, {"vhost", v.Vhost}} {
		if !utf8.ValidString(f.s) {
			return URI{}, newError(f.name, "", 0, componentOfField(f.name), ErrInvalidUTF8)
		}
		if f.name == "username" || f.name == "password" {
			if strings.IndexByte(f.s, 0) >= 0 {
				return URI{}, newError(f.name, hintCredentialNUL, 0, componentOfField(f.name), ErrCredentialNUL)
			}
		}
	}
	if v.HasPort && (v.Port < 0 || v.Port > 65535) {
		return URI{}, newError("port", hintPort, 0, uri.ComponentPort, ErrPortRange)
	}
	host := v.Host
	switch a, ok := parseIP(host); {
	case strings.HasPrefix(host, "["):
		if _, err := uri.Unescape(host, uri.ComponentHost); err != nil {
			return URI{}, &Error{Field: "host", URI: err.(*uri.Error)}
		}
	case ok && a.Is6():
		host = "[" + host + "]"
	default:
		host = uri.Escape(host, uri.ComponentHost)
	}
	if host != "" {
		// The host alone, so that its error says nothing of the rest.
		if _, err := Parse("amqp://" + host); err != nil {
			var e *Error
			if errors.As(err, &e) {
				return URI{}, newError("host", e.Hint, 0, uri.ComponentHost, e.URI.Err)
			}
			return URI{}, newError("host", "", 0, uri.ComponentHost, err)
		}
	}
	if v.HasQuery {
		if _, err := uri.Unescape(v.Query, uri.ComponentQuery); err != nil {
			return URI{}, &Error{Field: "query", URI: err.(*uri.Error)}
		}
	}
	var b strings.Builder
	if v.Secure {
		b.WriteString("amqps://")
	} else {
		b.WriteString("amqp://")
	}
	if v.HasUsername {
		b.WriteString(escapeAlike(uri.EscapeUserinfoPart(v.Username), uri.ComponentUserinfo))
		if v.HasPassword {
			b.WriteByte(':')
			b.WriteString(escapeAlike(uri.EscapeUserinfoPart(v.Password.Reveal()), uri.ComponentUserinfo))
		}
		b.WriteByte('@')
	}
	b.WriteString(host)
	if v.HasPort {
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(v.Port))
	}
	if v.HasVhost {
		b.WriteByte('/')
		b.WriteString(escapeAlike(uri.EscapeSegment(v.Vhost), uri.ComponentPath))
	}
	if v.HasQuery {
		b.WriteByte('?')
		b.WriteString(escapeAlike(v.Query, uri.ComponentQuery))
	}
	// Every value has been checked; should Parse still refuse the text, its
	// error is Build's, not a panic.
	return Parse(b.String())
}

// componentOfField names the RFC 3986 component that holds a spec value.
func componentOfField(f string) uri.Component {
	switch f {
	case "username", "password":
		return uri.ComponentUserinfo
	case "vhost":
		return uri.ComponentPath
	case "port":
		return uri.ComponentPort
	}
	return uri.ComponentHost
}

// escapeAlike writes as triplets, in s (text of component c that RFC 3986
// accepts), the octets that some client reads otherwise, as the normal
// form does (see normalize): "+", which Ruby's, PHP's and Python's clients
// decode as a space, and ";" in the credentials and the vhost; ":" and
// "@" in the vhost and the query, which would read as another authority
// once a secret before them is masked ("amqp://u:xxxxx@b:c" for the vhost
// "a@b:c"). A triplet decodes to the same octet, so the values stay.
func escapeAlike(s string, c uri.Component) string {
	var b []byte
	last := 0 // s[:last] is in b
	for i := 0; i < len(s); i++ {
		if ch := s[i]; c == uri.ComponentQuery && (ch == ':' || ch == '@') || c != uri.ComponentQuery && encodedAlways(ch, c) {
			b = append(append(b, s[last:i]...), '%', upperHex[ch>>4], upperHex[ch&15])
			last = i + 1
		}
	}
	if last == 0 {
		return s
	}
	return string(append(b, s[last:]...))
}
