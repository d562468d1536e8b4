package amqp

// This file is the field table of Config: the one ordered list of its
// fields, from which String, LogValue and MarshalJSON are written, and
// which Fields gives to callers that show a Config their own way.

import (
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/urikit/urikit/internal/jsontext"
	"github.com/urikit/urikit/internal/masked"
)

// Field is one field of a Config as its printed forms show it (see
// Config.Fields): its name, its value with the secrets masked, and
// whether the value is the mask. String, LogValue and MarshalJSON are
// written from the same Fields, so that they show the same fields, in the
// same order, with the same masks (RabbitMQ URI spec, Security
// considerations).
type Field struct {
	// Name is the field's name in every form: "scheme", "host", "port",
	// "username", "password", "vhost", then the query parameters by their
	// registry names (ParamSpec.Name) but for the key passphrase,
	// "key_password", then "unknown".
	Name string
	// Value is the value as shown: a string, an int64 (port, channel_max,
	// frame_max, depth), a time.Duration (heartbeat, connection_timeout), a
	// bool (fail_if_no_peer_cert), a []string (auth_mechanism) or a
	// []Param (unknown); the zero slog.Value when the field is absent.
	Value slog.Value
	// Masked reports that the value shows as the mask "xxxxx" (a string
	// in place of any value; for auth_mechanism, each non-empty element):
	// a secret, or text that URI.String masks (see Config).
	Masked bool
}

// Present reports whether the field has a value: false for an optional
// parameter that is absent (spec, "Handling of absent components"), which
// MarshalJSON writes as null and String and LogValue leave out.
func (f Field) Present() bool { return f.Value.Kind() != slog.KindAny || f.Value.Any() != nil }

// The fields of Config, in the order of every printed form, and the
// field table: each field's name; the kind of its value when neither
// absent nor masked (KindAny: a list); for a duration, the unit that
// MarshalJSON counts in (the registry's: heartbeat "s", connection_timeout
// "ms"); and what MarshalJSON writes when the field is absent: null, but
// for the fields whose zero value is their absence (Config cannot tell
// connection_timeout=0 from none, nor channel_max=0, nor
// fail_if_no_peer_cert=false), which it writes as that zero value.
const (
	fScheme = iota
	fHost
	fPort
	fUsername
	fPassword
	fVhost
	fHeartbeat
	fConnectionTimeout
	fChannelMax
	fFrameMax
	fAuthMechanism
	fCertFile
	fCACertFile
	fKeyFile
	fKeyPassword
	fServerName
	fVerify
	fDepth
	fFailIfNoPeerCert
	fCustomizeHostnameCheck
	fUnknown
	numFields
)

var fieldTable = [numFields]struct {
	name   string
	kind   slog.Kind
	unit   time.Duration
	absent string
}{
	fScheme:                 {"scheme", slog.KindString, 0, "null"},
	fHost:                   {"host", slog.KindString, 0, "null"},
	fPort:                   {"port", slog.KindInt64, 0, "null"},
	fUsername:               {"username", slog.KindString, 0, "null"},
	fPassword:               {"password", slog.KindString, 0, "null"},
	fVhost:                  {"vhost", slog.KindString, 0, "null"},
	fHeartbeat:              {"heartbeat", slog.KindDuration, time.Second, "null"},
	fConnectionTimeout:      {"connection_timeout", slog.KindDuration, time.Millisecond, "0"},
	fChannelMax:             {"channel_max", slog.KindInt64, 0, "0"},
	fFrameMax:               {"frame_max", slog.KindInt64, 0, "null"},
	fAuthMechanism:          {"auth_mechanism", slog.KindAny, 0, "null"},
	fCertFile:               {"certfile", slog.KindString, 0, "null"},
	fCACertFile:             {"cacertfile", slog.KindString, 0, "null"},
	fKeyFile:                {"keyfile", slog.KindString, 0, "null"},
	fKeyPassword:            {"key_password", slog.KindString, 0, "null"},
	fServerName:             {"server_name_indication", slog.KindString, 0, "null"},
	fVerify:                 {"verify", slog.KindString, 0, "null"},
	fDepth:                  {"depth", slog.KindInt64, 0, "null"},
	fFailIfNoPeerCert:       {"fail_if_no_peer_cert", slog.KindBool, 0, "false"},
	fCustomizeHostnameCheck: {"customize_hostname_check", slog.KindString, 0, "null"},
	fUnknown:                {"unknown", slog.KindAny, 0, "[]"},
}

// Fields returns the fields of c in the order of its printed forms, each
// with its value masked as String masks it (see Field; spec, Security
// considerations): every field, absent ones included, so that a caller
// shows the same fields as String, LogValue and MarshalJSON. A field
// whose zero value means the default (connection_timeout and channel_max
// 0, fail_if_no_peer_cert false, unknown empty) is absent then. The
// secrets are masked: dial with c's fields.
func (c Config) Fields() []Field {
	hidden := c.hidden()
	fs := make([]Field, numFields)
	for i := range fs {
		fs[i].Name = fieldTable[i].name
	}
	// set gives field i the value v, or the mask when the field is a
	// secret or hidden (Config.hidden) and v is not "".
	set := func(i int, secret bool, hide uint32, v slog.Value) {
		if (secret || hidden&hide != 0) && !(v.Kind() == slog.KindString && v.String() == "") {
			fs[i].Value, fs[i].Masked = slog.StringValue(redacted), true
		} else {
			fs[i].Value = v
		}
	}
	text := func(i int, secret bool, hide uint32, v string) { set(i, secret, hide, slog.StringValue(v)) }
	optional := func(i int, secret bool, hide uint32, v string) {
		if v != "" {
			text(i, secret, hide, v)
		}
	}
	number := func(i int, hide uint32, present bool, v slog.Value) {
		if present || hidden&hide != 0 {
			set(i, false, hide, v)
		}
	}
	text(fScheme, false, 0, c.Scheme)
	text(fHost, false, hideHost, c.Host)
	number(fPort, hidePort, true, slog.IntValue(c.Port))
	text(fUsername, false, hideUsername, c.Username)
	text(fPassword, true, 0, c.Password)
	text(fVhost, false, hideVhost, c.Vhost)
	number(fHeartbeat, 1<<pHeartbeat, c.HasHeartbeat, slog.DurationValue(c.Heartbeat))
	number(fConnectionTimeout, 1<<pConnectionTimeout, c.ConnectionTimeout != 0, slog.DurationValue(c.ConnectionTimeout))
	number(fChannelMax, 1<<pChannelMax, c.ChannelMax != 0, slog.Int64Value(int64(c.ChannelMax)))
	number(fFrameMax, 1<<pFrameMax, c.HasFrameMax, slog.Int64Value(int64(c.FrameMax)))
	if c.AuthMechanism != nil {
		ms := c.AuthMechanism
		if hidden&(1<<pAuthMechanism) != 0 {
			ms = make([]string, len(c.AuthMechanism))
			for i, m := range c.AuthMechanism {
				ms[i] = mask(m)
			}
			fs[fAuthMechanism].Masked = true
		}
		fs[fAuthMechanism].Value = slog.AnyValue(ms)
	}
	optional(fCertFile, false, 1<<pCertFile, c.CertFile)
	optional(fCACertFile, false, 1<<pCACertFile, c.CACertFile)
	optional(fKeyFile, false, 1<<pKeyFile, c.KeyFile)
	optional(fKeyPassword, true, 0, c.KeyPassword)
	optional(fServerName, false, 1<<pServerNameIndication, c.ServerName)
	optional(fVerify, false, 1<<pVerify, c.Verify)
	number(fDepth, 1<<pDepth, c.HasDepth, slog.Int64Value(int64(c.Depth)))
	number(fFailIfNoPeerCert, 1<<pFailIfNoPeerCert, c.FailIfNoPeerCert, slog.BoolValue(c.FailIfNoPeerCert))
	optional(fCustomizeHostnameCheck, false, 1<<pCustomizeHostnameCheck, c.CustomizeHostnameCheck)
	if len(c.Unknown) > 0 {
		fs[fUnknown].Value = slog.AnyValue(c.Unknown)
	}
	return fs
}

// String returns the fields that are present, as "{name:value ...}" in
// the order of Fields ("{scheme:amqp host:localhost port:5672 ...}"),
// the secrets and the text that URI.String masks shown as "xxxxx", and
// each value's control bytes, invalid UTF-8 and bidirectional
// formatting characters escaped as masked.EscapeControls escapes them
// ("vhost:a\nb"), so that a decoded value cannot forge a log line.
func (c Config) String() string {
	var b strings.Builder
	b.WriteByte('{')
	for _, f := range c.Fields() {
		if !f.Present() {
			continue
		}
		if b.Len() > 1 {
			b.WriteByte(' ')
		}
		b.WriteString(f.Name)
		b.WriteByte(':')
		// Decoded values may hold control bytes: escaped, a value cannot
		// forge a line or a field of a log.
		b.WriteString(masked.EscapeControls(f.Value.String()))
	}
	b.WriteByte('}')
	return b.String()
}

// LogValue implements slog.LogValuer: a group of the fields that are
// present, in the order of Fields, masked as String masks them.
func (c Config) LogValue() slog.Value {
	fs := c.Fields()
	attrs := make([]slog.Attr, 0, len(fs))
	for _, f := range fs {
		if f.Present() {
			attrs = append(attrs, slog.Attr{Key: f.Name, Value: f.Value})
		}
	}
	return slog.GroupValue(attrs...)
}

// MarshalJSON encodes c as one JSON object of every field of Fields, in
// order, masked as String masks them: strings as JSON strings, numbers
// and bools as themselves ("heartbeat" in seconds, "connection_timeout" in
// milliseconds, their registry units), "auth_mechanism" an array of
// strings, "unknown" an array of Param. An absent field is null, but for
// connection_timeout 0, channel_max 0, fail_if_no_peer_cert false and
// unknown [], whose zero value is their absence. A masked string is
// "xxxxx", a masked number or bool null.
func (c Config) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 512)
	for i, f := range c.Fields() {
		if i == 0 {
			b = append(b, '{')
		} else {
			b = append(b, ',')
		}
		b = jsontext.AppendString(b, f.Name)
		b = append(b, ':')
		b = appendFieldJSON(b, i, f)
	}
	return append(b, '}'), nil
}

// appendFieldJSON appends the JSON value of field i of Config.Fields.
func appendFieldJSON(b []byte, i int, f Field) []byte {
	v, kind := f.Value, fieldTable[i].kind
	switch {
	case !f.Present():
		return append(b, fieldTable[i].absent...)
	case f.Masked && kind != slog.KindString && kind != slog.KindAny:
		return append(b, "null"...) // a masked number or bool
	}
	switch kind {
	case slog.KindString:
		return jsontext.AppendString(b, v.String())
	case slog.KindInt64:
		return strconv.AppendInt(b, v.Int64(), 10)
	case slog.KindDuration:
		return strconv.AppendInt(b, int64(v.Duration()/fieldTable[i].unit), 10)
	case slog.KindBool:
		return strconv.AppendBool(b, v.Bool())
	}
	b = append(b, '[')
	switch l := v.Any().(type) {
	case []string:
		for j, s := range l {
			if j > 0 {
				b = append(b, ',')
			}
			b = jsontext.AppendString(b, s)
		}
	case []Param:
		for j, p := range l {
			if j > 0 {
				b = append(b, ',')
			}
			b = p.appendJSON(b)
		}
	}
	return append(b, ']')
}
