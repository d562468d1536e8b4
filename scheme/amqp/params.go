package amqp

import (
	"fmt"
	"iter"
	"log/slog"
	"math"
	"strconv"
	"strings"

	"github.com/urikit/urikit/internal/jsontext"
	"github.com/urikit/urikit/internal/masked"
	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/uri"
)

// This file is the registry of the query parameters that RabbitMQ's
// clients read from an amqp or amqps URI, and the reading of them. The
// query itself is RFC 3986's (3.4): the pairs are HTML form encoding's
// convention, read with uri.QueryPairs, in order, never through a map.
//
// Sources: the RabbitMQ "URI Query Parameters" page (heartbeat,
// connection_timeout, channel_max, auth_mechanism, cacertfile, certfile,
// keyfile, password, verify, server_name_indication); the reference Erlang
// client amqp_client's amqp_uri module, which also reads frame_max,
// depth, fail_if_no_peer_cert and customize_hostname_check; and
// github.com/rabbitmq/amqp091-go v1.16.0, whose ParseURI reads certfile,
// keyfile, cacertfile, server_name_indication, auth_mechanism, heartbeat,
// connection_timeout and channel_max and ignores the rest.

// ParamType is the type of a query parameter's value (see ParamSpec).
type ParamType uint8

const (
	// ParamInteger is a decimal integer: ASCII digits, checked against
	// Min and Max, as strconv.ParseUint(v, 10, n) reads it (no sign, no
	// "_", leading zeros allowed). connection_timeout also takes a sign,
	// as strconv.Atoi does (amqp091-go reads it so), and a negative value
	// is out of range.
	ParamInteger ParamType = iota + 1
	// ParamPath is the path of a PEM file, used as written (after
	// decoding).
	ParamPath
	// ParamText is text, used as written (after decoding).
	ParamText
	// ParamEnum is one of Values, compared byte for byte (Erlang reads
	// these as atoms, which are case-sensitive).
	ParamEnum
)

// String returns "integer", "path", "text" or "enum".
func (t ParamType) String() string {
	switch t {
	case ParamInteger:
		return "integer"
	case ParamPath:
		return "path"
	case ParamText:
		return "text"
	case ParamEnum:
		return "enum"
	}
	return "ParamType(" + strconv.Itoa(int(t)) + ")"
}

// ParamSpec describes one query parameter of an amqp or amqps URI: its
// registry name, type, unit, range, default, repeatability and
// sensitivity, and where it is documented. ParamSpecs lists them all.
type ParamSpec struct {
	// Name is the parameter's name in the query, its registry name: the
	// Field of the errors about it.
	Name string
	// Type says how the value is read.
	Type ParamType
	// Unit is the unit of an integer ("s", "ms", "octets",
	// "certificates"), or "".
	Unit string
	// Min and Max bound an integer, inclusive.
	Min, Max int64
	// ZeroOK: the value 0 is accepted besides Min..Max, with its own
	// meaning (frame_max=0: no limit).
	ZeroOK bool
	// Values lists the values of an enum.
	Values []string
	// Default says, in words, what clients use when the parameter is
	// absent.
	Default string
	// Repeatable: the parameter may appear more than once, and every
	// value counts (auth_mechanism). A single-valued parameter that
	// appears twice is an error.
	Repeatable bool
	// Sensitive: the value is a secret (password, the TLS key's
	// passphrase). No output of this package shows it.
	Sensitive bool
	// TLS: a TLS parameter, meaningful on amqps only (Erlang ignores it on
	// amqp; a lint).
	TLS bool
	// Source names the documents that define the parameter.
	Source string
}

// The ids of the registry, in the order of ParamSpecs: the connection
// parameters (heartbeat, connection_timeout, channel_max, frame_max,
// auth_mechanism), then the TLS ones, those of RabbitMQ's "URI Query
// Parameters" page before the Erlang client's own (depth,
// fail_if_no_peer_cert, customize_hostname_check). Each id indexes the
// registry, Config's offsets and the hide bits of the printed forms.
const (
	pHeartbeat = iota
	pConnectionTimeout
	pChannelMax
	pFrameMax
	pAuthMechanism
	pCACertFile
	pCertFile
	pKeyFile
	pPassword
	pVerify
	pServerNameIndication
	pDepth
	pFailIfNoPeerCert
	pCustomizeHostnameCheck
	numParams
)

// maxTimeoutMillis is the largest connection_timeout whose time.Duration
// does not overflow.
const maxTimeoutMillis = math.MaxInt64 / 1_000_000

const (
	srcPage    = `RabbitMQ "URI Query Parameters" page`
	srcErlang  = "Erlang amqp_client amqp_uri (not on the RabbitMQ page)"
	srcAMQP091 = "amqp091-go v1.16.0 ParseURI"
)

var registry = [numParams]ParamSpec{
	pHeartbeat: {Name: "heartbeat", Type: ParamInteger, Unit: "s", Min: 0, Max: math.MaxUint16,
		Default: "10 s (amqp091-go and Erlang); 0 asks for none, and amqp091-go then takes the broker's interval (60 s on RabbitMQ)",
		Source:  srcPage + "; range of " + srcAMQP091 + " (uint16) and AMQP 0-9-1 connection.tune (short)"},
	pConnectionTimeout: {Name: "connection_timeout", Type: ParamInteger, Unit: "ms", Min: 0, Max: maxTimeoutMillis,
		Default: "30 s (amqp091-go; 0 means the default); 60 s (Erlang)",
		Source:  srcPage + "; " + srcAMQP091 + " (strconv.Atoi)"},
	pChannelMax: {Name: "channel_max", Type: ParamInteger, Min: 0, Max: math.MaxUint16,
		Default: "0, negotiated: 2047 when the server also says 0 (amqp091-go); 2047 (Erlang)",
		Source:  srcPage + "; " + srcAMQP091 + " (uint16); AMQP 0-9-1 connection.tune channel-max (short)"},
	pFrameMax: {Name: "frame_max", Type: ParamInteger, Unit: "octets", Min: 4096, Max: math.MaxUint32, ZeroOK: true,
		Default: "131072 (amqp091-go, which ignores the parameter); 0, the server's (Erlang)",
		Source:  srcErlang + "; AMQP 0-9-1 connection.tune frame-max (long, 0 for no limit) and frame-min-size 4096"},
	pAuthMechanism: {Name: "auth_mechanism", Type: ParamText, Repeatable: true,
		Default: "PLAIN (amqp091-go); plain then amqplain (Erlang)",
		Source:  srcPage + "; " + srcAMQP091 + " keeps every value and accepts plain, amqplain and external, in any case, only when dialing"},
	pCACertFile: {Name: "cacertfile", Type: ParamPath, TLS: true,
		Default: "the system's roots",
		Source:  srcPage + "; " + srcAMQP091},
	pCertFile: {Name: "certfile", Type: ParamPath, TLS: true,
		Default: "no client certificate",
		Source:  srcPage + "; " + srcAMQP091},
	pKeyFile: {Name: "keyfile", Type: ParamPath, TLS: true,
		Default: "no client certificate",
		Source:  srcPage + "; " + srcAMQP091},
	pPassword: {Name: "password", Type: ParamText, TLS: true, Sensitive: true,
		Default: "the key file is not encrypted",
		Source:  srcPage + ": the passphrase of keyfile, never the login password (rabbitmq-server#8129); amqp091-go ignores it"},
	pVerify: {Name: "verify", Type: ParamEnum, TLS: true, Values: []string{"verify_peer", "verify_none"},
		Default: "verify_peer (amqp091-go always verifies; Erlang logs a warning and uses OTP's default)",
		Source:  srcPage + "; amqp091-go ignores it"},
	pServerNameIndication: {Name: "server_name_indication", Type: ParamText, TLS: true,
		Default: `the host; "disable" turns SNI off in Erlang`,
		Source:  srcPage + "; " + srcAMQP091},
	pDepth: {Name: "depth", Type: ParamInteger, Unit: "certificates", Min: 0, Max: math.MaxInt32, TLS: true,
		Default: "no limit (crypto/tls); 10 (OTP ssl)",
		Source:  srcErlang + "; OTP ssl option depth: intermediate certificates allowed between the peer's and a root; amqp091-go ignores it"},
	pFailIfNoPeerCert: {Name: "fail_if_no_peer_cert", Type: ParamEnum, TLS: true, Values: []string{"true", "false"},
		Default: "false",
		Source:  srcErlang + "; an OTP ssl server option, which OTP 26 rejects on clients; amqp091-go ignores it"},
	pCustomizeHostnameCheck: {Name: "customize_hostname_check", Type: ParamEnum, TLS: true, Values: []string{"https"},
		Default: "the TLS library's host name check",
		Source:  srcErlang + " (2026); crypto/tls always checks host names as HTTPS does"},
}

// ParamSpecs returns the registry of the query parameters, in a fixed
// order: heartbeat, connection_timeout, channel_max, frame_max,
// auth_mechanism, cacertfile, certfile, keyfile, password, verify,
// server_name_indication, depth, fail_if_no_peer_cert,
// customize_hostname_check. The result is a copy.
func ParamSpecs() []ParamSpec {
	out := make([]ParamSpec, numParams)
	for i, s := range registry {
		s.Values = append([]string(nil), s.Values...)
		out[i] = s
	}
	return out
}

// LookupParamSpec returns the registry entry of the parameter name
// (decoded, compared byte for byte, as every client compares it); ok is
// false for an unknown parameter.
func LookupParamSpec(name string) (ParamSpec, bool) {
	id := paramID(name)
	if id < 0 {
		return ParamSpec{}, false
	}
	s := registry[id]
	s.Values = append([]string(nil), s.Values...)
	return s, true
}

// paramID returns the registry index of name, or -1.
func paramID(name string) int {
	switch name {
	case "heartbeat":
		return pHeartbeat
	case "connection_timeout":
		return pConnectionTimeout
	case "channel_max":
		return pChannelMax
	case "frame_max":
		return pFrameMax
	case "auth_mechanism":
		return pAuthMechanism
	case "cacertfile":
		return pCACertFile
	case "certfile":
		return pCertFile
	case "keyfile":
		return pKeyFile
	case "password":
		return pPassword
	case "verify":
		return pVerify
	case "server_name_indication":
		return pServerNameIndication
	case "depth":
		return pDepth
	case "fail_if_no_peer_cert":
		return pFailIfNoPeerCert
	case "customize_hostname_check":
		return pCustomizeHostnameCheck
	}
	return -1
}

// Param is one query parameter of a URI, decoded as HTML form encoding
// decodes it (a "+" is a space), as Go's url.ParseQuery and so amqp091-go
// read it. Its String, Format, LogValue and MarshalJSON mask the value of a
// sensitive parameter (the "password" parameter, the TLS key's
// passphrase), and, in a Param of URI.Params or URI.Config, a value whose
// text URI.String masks (RabbitMQ URI spec, Security considerations; the
// model of scheme.RedactSpans: a credential key such as "token", a URI
// nested in the value). A masked value shows as "xxxxx"; the fields keep
// their values.
type Param struct {
	// Name is the decoded key.
	Name string
	// Value is the decoded value, "" when HasValue is false.
	Value string
	// HasValue: the pair has an "="; "heartbeat" alone has none.
	HasValue bool
	// Offset is the byte offset of the pair in the input.
	Offset int
	// Known: Name is in the registry (LookupParamSpec).
	Known bool

	// hideValue: the value's text lies in a span that String masks.
	hideValue bool
	// src is the URI that p was read from, nil for a Param made by
	// hand, and [vs, ve) its value's text: where p finds, when printed
	// (hidden), whether String masks that text.
	src    *source
	vs, ve int32
}

// source is the text of a URI that a Param was read from, for the masks
// that its printed forms follow, found when they are printed: a pointer,
// which fmt prints as an address inside another value, so that the text,
// password included, shows in no form of a Param (a Config keeps its own
// the same way, without the allocation).
type source struct{ text string }

// hidden reports whether p's value is text that the String of the URI
// it was read from masks.
func (p Param) hidden() bool {
	if p.hideValue {
		return true
	}
	if p.src == nil || p.vs == p.ve {
		return false
	}
	var buf [4][2]int
	return masks(scheme.Default().AppendRedactSpans(buf[:0], p.src.text)).overlaps(int(p.vs), int(p.ve))
}

// Sensitive reports whether p's value is a secret.
func (p Param) Sensitive() bool {
	id := paramID(p.Name)
	return id >= 0 && registry[id].Sensitive
}

// shownValue is the value, masked when sensitive or hidden, and non-empty.
func (p Param) shownValue() string {
	if p.Value != "" && (p.Sensitive() || p.hidden()) {
		return redacted
	}
	return p.Value
}

// String returns "name=value", or "name" without a value, with a
// sensitive value masked as "xxxxx", and so the value that URI.String
// masks (see Param). It is text for people, not query text: nothing is
// percent-encoded, but a control byte, invalid UTF-8 and a bidirectional
// formatting character are escaped as masked.EscapeControls escapes them
// ("\n", "\x00"), so that a decoded value cannot forge a log line.
func (p Param) String() string {
	if !p.HasValue {
		return masked.EscapeControls(p.Name)
	}
	return masked.EscapeControls(p.Name + "=" + p.shownValue())
}

// GoString returns String quoted, for %#v.
func (p Param) GoString() string { return masked.GoString("", p.String()) }

// Format implements fmt.Formatter: every verb prints String (%q and %#v
// quoted), so that no verb reaches a sensitive value.
func (p Param) Format(f fmt.State, verb rune) { masked.Format(f, verb, p) }

// LogValue implements slog.LogValuer with String.
func (p Param) LogValue() slog.Value { return slog.StringValue(p.String()) }

// MarshalJSON encodes p as {"name", "value" (null without "="), "offset",
// "known"}, masked as String masks them.
func (p Param) MarshalJSON() ([]byte, error) { return p.appendJSON(nil), nil }

// appendJSON appends the JSON object of MarshalJSON.
func (p Param) appendJSON(b []byte) []byte {
	b = append(b, `{"name":`...)
	b = jsontext.AppendString(b, p.Name)
	b = append(b, `,"value":`...)
	if p.HasValue {
		b = jsontext.AppendString(b, p.shownValue())
	} else {
		b = append(b, "null"...)
	}
	b = append(b, `,"offset":`...)
	b = strconv.AppendInt(b, int64(p.Offset), 10)
	b = append(b, `,"known":`...)
	b = strconv.AppendBool(b, p.Known)
	return append(b, '}')
}

// maxParams is the most pairs a query may hold: Go's url.ParseQuery
// (Go 1.26, GODEBUG urlmaxqueryparams) reads no parameter at all from a
// query with more, so amqp091-go would silently ignore every one.
const maxParams = 10000

// rawParams yields the pairs of u's query with the offset of each in the
// input, skipping empty pieces (as url.ParseQuery does); it allocates
// nothing.
func (u URI) rawParams() iter.Seq2[int, uri.QueryPair] {
	off, ok := u.queryStart()
	return rawPairs(u.s[off:], off, ok)
}

// rawPairs yields the pairs of query, at offset off of its URI's text,
// as URI.rawParams does; none when ok is false.
func rawPairs(query string, off int, ok bool) iter.Seq2[int, uri.QueryPair] {
	return func(yield func(int, uri.QueryPair) bool) {
		if !ok {
			return
		}
		for i := 0; i <= len(query); {
			raw, next := pairAt(query, i)
			if (raw.Key != "" || raw.HasValue) && !yield(off+i, raw) {
				return
			}
			i = next
		}
	}
}

// pairAt returns the piece of query text q that starts at i, up to the
// next "&" or the end, as uri.QueryPairs splits it (the key before the
// first "=", the value after it), and where the next piece starts.
func pairAt(q string, i int) (raw uri.QueryPair, next int) {
	end := len(q)
	if j := strings.IndexByte(q[i:], '&'); j >= 0 {
		end = i + j
	}
	if j := strings.IndexByte(q[i:end], '='); j >= 0 {
		return uri.QueryPair{Key: q[i : i+j], Value: q[i+j+1 : end], HasValue: true}, end + 1
	}
	return uri.QueryPair{Key: q[i:end]}, end + 1
}

// decodeParam decodes a raw pair as form encoding does, when decode is
// set (its query holds a triplet or a "+"), and returns it with its
// registry id (-1 when unknown). The query of a parsed URI is valid
// query text, so decoding never fails.
func decodeParam(off int, raw uri.QueryPair, decode bool) (Param, int) {
	name, value := raw.Key, raw.Value
	if decode {
		name, value = decodeForm(name), decodeForm(value)
	}
	id := paramID(name)
	return Param{Name: name, Value: value, HasValue: raw.HasValue, Offset: off, Known: id >= 0}, id
}

// Params returns the query parameters of u (RabbitMQ "URI Query
// Parameters"), decoded as form encoding decodes them, in order, unknown
// parameters included (Known false) and repeated ones kept. Empty pieces
// ("a&&b") are skipped, as url.ParseQuery skips them.
//
// Params checks what Config checks: each known parameter's value against
// its ParamSpec, a single-valued parameter given twice, an unencoded ";"
// in a known parameter, more than 10000 pairs. The error is the first in
// the input's order, an *Error whose Field is the parameter's registry
// name ("query" for too many pairs) and whose *uri.Error has Component
// ComponentQuery and the offset of the pair's start. No error holds a
// value or the name of an unknown parameter. Parse never reads parameters:
// this is where they are read.
func (u URI) Params() ([]Param, error) {
	var out []Param
	err := u.readParams(nil, &source{u.s}, func(p Param, _ int, _ paramValue) {
		out = append(out, p)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// paramValue is a checked value: the integer of an integer parameter.
type paramValue struct {
	n int64
	// dropped: a TLS parameter on amqp:// with an unencoded ";", a pair
	// that net/url, and so amqp091-go, drops (it is not checked there).
	dropped bool
}

// readParams checks every parameter of u and calls f with each, its
// registry id (-1 when unknown) and its checked value, in order, the
// Param's value marked hidden where it meets the spans masked (of
// u.maskedRanges, or nil: Param.hidden finds them when printed, in src,
// u's text, which f sets itself when src is nil). It stops at the first
// error.
func (u URI) readParams(masked masks, src *source, f func(p Param, id int, v paramValue)) error {
	next, ok := u.queryStart()
	if !ok {
		return nil
	}
	// A query of more than maxParams pairs has at least maxParams "&".
	if q := u.s[next:]; len(q) >= maxParams && strings.Count(q, "&")+1 > maxParams {
		return newError("query", hintTooManyParams, next, uri.ComponentQuery, ErrTooManyParams)
	}
	var seen [numParams]bool
	for i := next; i <= len(u.s); {
		off := i
		raw, next := pairAt(u.s, i)
		i = next
		if raw.Key == "" && !raw.HasValue {
			continue // an empty piece
		}
		p, id := decodeParam(off, raw, u.p.pct&formQuery != 0)
		if raw.HasValue {
			vs, ve := next-1-len(raw.Value), next-1
			p.src, p.vs, p.ve = src, int32(vs), int32(ve)
			p.hideValue = masked != nil && masked.overlaps(vs, ve)
		}
		var v paramValue
		// A TLS parameter on amqp:// is read by no client: not checked
		// (lint's tls-param-on-amqp names it); see Config for what it
		// keeps.
		if id >= 0 && registry[id].TLS && !u.Secure() {
			v.dropped = strings.IndexByte(raw.Value, ';') >= 0
		} else if id >= 0 {
			s := &registry[id]
			if seen[id] && !s.Repeatable {
				return newError(s.Name, hintRepeated, off, uri.ComponentQuery, ErrParamRepeated)
			}
			seen[id] = true
			if strings.IndexByte(raw.Value, ';') >= 0 {
				return newError(s.Name, hintSemicolon, off, uri.ComponentQuery, ErrParamSemicolon)
			}
			var err error
			if v, err = checkValue(s, p.Value, off); err != nil {
				return err
			}
		}
		f(p, id, v)
	}
	return nil
}

// checkValue checks p's value against s.
func checkValue(s *ParamSpec, value string, off int) (paramValue, error) {
	if value == "" {
		return paramValue{}, newError(s.Name, hintFor(s), off, uri.ComponentQuery, ErrParamEmpty)
	}
	switch s.Type {
	case ParamInteger:
		n, ok, inRange := parseInteger(value, s.Name == "connection_timeout")
		if !ok {
			return paramValue{}, newError(s.Name, hintFor(s), off, uri.ComponentQuery, ErrParamInteger)
		}
		if !inRange || !(n >= s.Min && n <= s.Max || n == 0 && s.ZeroOK) {
			return paramValue{}, newError(s.Name, hintFor(s), off, uri.ComponentQuery, ErrParamRange)
		}
		return paramValue{n: n}, nil
	case ParamEnum:
		for _, w := range s.Values {
			if value == w {
				return paramValue{}, nil
			}
		}
		return paramValue{}, newError(s.Name, hintFor(s), off, uri.ComponentQuery, ErrParamValue)
	}
	return paramValue{}, nil
}

// parseInteger reads s as ASCII decimal digits (strconv.ParseUint with
// base 10), with an optional "+" or "-" first when signed (strconv.Atoi).
// ok is false when s is not such a number; inRange is false when it does
// not fit an int64.
func parseInteger(s string, signed bool) (n int64, ok, inRange bool) {
	neg := false
	if signed && s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if s == "" {
		return 0, false, false
	}
	var u uint64
	inRange = true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false, false
		}
		if u > (math.MaxUint64-9)/10 {
			inRange = false
			continue
		}
		u = u*10 + uint64(c-'0')
	}
	if !inRange || u > math.MaxInt64 {
		return 0, true, false
	}
	if neg {
		return -int64(u), true, true
	}
	return int64(u), true, true
}

// hintFor is the hint of a value error: the parameter's type, unit and
// range, all fixed text.
func hintFor(s *ParamSpec) string {
	switch s.Name {
	case "heartbeat":
		return "heartbeat is a whole number of seconds from 0 to 65535; 0 asks for no heartbeats, and amqp091-go then takes the broker's interval"
	case "connection_timeout":
		return "connection_timeout is a whole number of milliseconds, 0 or more; 0 means the client's default"
	case "channel_max":
		return "channel_max is a whole number from 0 to 65535; 0 lets the server decide"
	case "frame_max":
		return "frame_max is a number of octets: 0 (no limit) or 4096 to 4294967295"
	case "depth":
		return "depth is a whole number of intermediate certificates, 0 or more"
	case "verify":
		return "verify is verify_peer or verify_none"
	case "fail_if_no_peer_cert":
		return "fail_if_no_peer_cert is true or false (and a server option)"
	case "customize_hostname_check":
		return "customize_hostname_check takes the value https"
	case "password":
		return "password is the passphrase of keyfile; omit it when the key is not encrypted"
	case "server_name_indication":
		return "server_name_indication is a host name; omit it to use the URI's host"
	case "auth_mechanism":
		return "auth_mechanism names a SASL mechanism (PLAIN, AMQPLAIN, EXTERNAL); omit it for PLAIN"
	}
	return s.Name + " is the path of a PEM file; omit the parameter rather than leave it empty"
}
