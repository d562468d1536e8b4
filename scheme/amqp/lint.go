package amqp

import (
	"net/netip"
	"strings"

	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/uri"
)

// Finding is a lint: a URI that the spec allows but that is probably not
// what its writer meant, or that clients read differently. It holds a
// stable code, the RFC 3986 component, an offset into the input (never
// inside the userinfo: the userinfo's start) and a fixed message: never
// text of the input.
type Finding = scheme.Finding

// The codes of the findings.
const (
	LintEmptyVhost     = "empty-vhost"       // "amqp://host/": the empty vhost, not "/"
	LintDoubleSlash    = "double-slash"      // "amqp://host//": not the vhost "/"
	LintDotVhost       = "dot-vhost"         // "." or "..": normalization removes it
	LintTLSOnPlainPort = "tls-on-plain-port" // amqps on 5672
	LintPlainOnTLSPort = "plain-on-tls-port" // amqp on 5671
	LintIPHostTLS      = "ip-host-tls"       // amqps to an IP address: no SNI
	LintGuestRemote    = "guest-remote"      // guest, or no userinfo, to a host that is not loopback
	LintPlusInUserinfo = "plus-in-userinfo"  // "+": some clients decode a space
	LintEmptyPort      = "empty-port"        // "amqp://h:"
	LintPortZero       = "port-zero"         // port 0
	LintPortNoHost     = "port-without-host" // "amqp://:10000"
	LintZoneID         = "zone-id"           // "[fe80::1%25en0]"
	LintNonASCIIHost   = "non-ascii-host"    // a host that is not ASCII
	// LintCredentialsAfterAuthority: an "@" after the authority
	// ("amqp://user:12/34@host").
	LintCredentialsAfterAuthority = "credentials-after-authority"

	// The findings of query parameters (RabbitMQ "URI Query Parameters";
	// see ParamSpecs), each at the start of its pair.

	LintTLSParamOnAMQP       = "tls-param-on-amqp"      // cacertfile, verify, ... on amqp://
	LintVerifyNone           = "verify-none"            // verify=verify_none: no certificate check
	LintFailIfNoPeerCert     = "fail-if-no-peer-cert"   // a server option; OTP 26 rejects it on clients
	LintPlusInTLSPath        = "plus-in-tls-path"       // "+" in cacertfile, certfile or keyfile
	LintHeartbeatZero        = "heartbeat-zero"         // heartbeat=0 asks for no heartbeats
	LintUnknownParam         = "unknown-param"          // a parameter no client reads
	LintUnknownAuthMechanism = "unknown-auth-mechanism" // not plain, amqplain or external
	LintPasswordParamCut     = "password-param-cut"     // "password=ab&cd": an "&" may cut the passphrase
)

// Lint returns the findings for s, an amqp or amqps URI or text that fails
// to parse as one: for text that parses, the findings of URI.Lint; for
// text that does not, those that a scan of the text itself can make (a
// zone identifier, which Parse rejects, a "//" path and a non-ASCII host).
func Lint(s string) []Finding {
	if u, err := Parse(s); err == nil {
		return u.Lint()
	}
	return lintRaw(s)
}

// Lint returns the findings for u (RabbitMQ URI spec; RFC 3986 3.2.3,
// 6.2.2.3): what the spec allows but its writer probably did not mean, or
// what clients read differently. The findings of the authority and vhost
// come first, the port's, the host's, the userinfo's and the vhost's, in
// that order (not sorted by offset), then those of the query parameters in
// their order, each at the start of its pair. A finding's Code is one of
// the Lint* constants, whose meanings Lints in the package doc gives; its
// message never holds text of the input.
func (u URI) Lint() []Finding {
	var f []Finding
	g := u.Unredacted()
	if start, _, ok := g.Span(uri.ComponentPort); ok {
		port, valid := g.PortNumber()
		switch {
		case g.Port() == "":
			f = append(f, Finding{Code: LintEmptyPort, Component: uri.ComponentPort, Offset: start, Message: `the port is empty: omit the ":" or write the port`})
		case valid && port == 0:
			f = append(f, Finding{Code: LintPortZero, Component: uri.ComponentPort, Offset: start, Message: "port 0 names no listening port"})
		}
		if g.Host() == "" && g.Port() != "" {
			f = append(f, Finding{Code: LintPortNoHost, Component: uri.ComponentPort, Offset: start, Message: "a port without a host: the reference Erlang client rejects it"})
		}
		if valid && port == PortAMQPS && !u.Secure() {
			f = append(f, Finding{Code: LintPlainOnTLSPort, Component: uri.ComponentPort, Offset: start, Message: "amqp (no TLS) to port 5671, the amqps port: use amqps:// or port 5672"})
		}
		if valid && port == PortAMQP && u.Secure() {
			f = append(f, Finding{Code: LintTLSOnPlainPort, Component: uri.ComponentPort, Offset: start, Message: "amqps (TLS) to port 5672, the plain amqp port: use amqp:// or port 5671"})
		}
	}
	hostStart, _, _ := g.Span(uri.ComponentHost)
	if u.Secure() && isIPHost(u, g) && !namesServer(g) {
		f = append(f, Finding{Code: LintIPHostTLS, Component: uri.ComponentHost, Offset: hostStart, Message: "amqps to an IP address: TLS sends no SNI for it, so the server certificate needs an IP SAN"})
	}
	if !g.HasUserinfo() && !loopback(u) {
		f = append(f, Finding{Code: LintGuestRemote, Component: uri.ComponentHost, Offset: hostStart, Message: `no credentials, so clients log in as "guest" to a host that is not loopback: RabbitMQ refuses it by default`})
	}
	if start, _, ok := g.Span(uri.ComponentUserinfo); ok {
		if user, _ := u.Username(); user == "guest" && !loopback(u) {
			f = append(f, Finding{Code: LintGuestRemote, Component: uri.ComponentUserinfo, Offset: start, Message: `the user "guest" to a host that is not loopback: RabbitMQ refuses it by default`})
		}
		if strings.IndexByte(g.Userinfo(), '+') >= 0 {
			f = append(f, Finding{Code: LintPlusInUserinfo, Component: uri.ComponentUserinfo, Offset: start, Message: `a "+" in the credentials: some clients decode it as a space; write %2B`})
		}
	}
	if h, _ := u.Hostname(); g.HostKind() == uri.HostRegName && !isASCII(h) {
		f = append(f, Finding{Code: LintNonASCIIHost, Component: uri.ComponentHost, Offset: hostStart, Message: `the host is not ASCII: write its IDNA A-label ("xn--")`})
	}
	if start, _, _ := g.Span(uri.ComponentPath); g.Path() == "/" {
		f = append(f, Finding{Code: LintEmptyVhost, Component: uri.ComponentPath, Offset: start, Message: `the vhost is empty: the vhost "/" is written "/%2F"`})
	} else if v, ok := u.Vhost(); ok && (v == "." || v == "..") {
		f = append(f, Finding{Code: LintDotVhost, Component: uri.ComponentPath, Offset: start, Message: `the vhost "." or "..": normalization removes it as a dot segment`})
	}
	if strings.IndexByte(g.Path(), '@') >= 0 || strings.IndexByte(g.Query(), '@') >= 0 {
		f = append(f, Finding{Code: LintCredentialsAfterAuthority, Component: uri.ComponentHost, Offset: hostStart, Message: `an "@" after the authority: if it ends credentials, percent-encode their "/" and "?" as %2F and %3F`})
	}
	return withSeverity(u.lintParams(f))
}

// lintParams appends the findings of u's query parameters to f.
func (u URI) lintParams(f []Finding) []Finding {
	qe := len(u.s)
	s := u.s
	for off, raw := range u.rawParams() {
		p, id := decodeParam(off, raw, true)
		if id == pPassword {
			// The pair ends at e; a piece without "=" after its "&"?
			e := off + len(raw.Key)
			if raw.HasValue {
				e += 1 + len(raw.Value)
			}
			if e < qe && s[e] == '&' {
				n := strings.IndexByte(s[e+1:qe], '&')
				if n < 0 {
					n = qe - e - 1
				}
				if cutPiece(s[e+1 : e+1+n]) {
					f = append(f, Finding{Code: LintPasswordParamCut, Component: uri.ComponentQuery, Offset: off, Message: `a piece without "=" follows the password parameter: an unencoded "&" may have cut the passphrase; write "&" as %26`})
				}
			}
		}
		if id < 0 {
			f = append(f, Finding{Code: LintUnknownParam, Component: uri.ComponentQuery, Offset: off, Message: "a query parameter that no RabbitMQ client reads: check its spelling"})
			continue
		}
		s := &registry[id]
		if s.TLS && !u.Secure() {
			f = append(f, Finding{Code: LintTLSParamOnAMQP, Component: uri.ComponentQuery, Offset: off, Message: "a TLS parameter on amqp://, which uses no TLS: use amqps:// or remove it"})
		}
		switch id {
		case pVerify:
			if p.Value == "verify_none" {
				f = append(f, Finding{Code: LintVerifyNone, Component: uri.ComponentQuery, Offset: off, Message: "verify=verify_none: the server's certificate is not checked, so anyone on the path can impersonate the broker"})
			}
		case pFailIfNoPeerCert:
			f = append(f, Finding{Code: LintFailIfNoPeerCert, Component: uri.ComponentQuery, Offset: off, Message: "fail_if_no_peer_cert is a TLS server option: OTP 26 rejects it on clients, and others ignore it"})
		case pCACertFile, pCertFile, pKeyFile:
			if strings.IndexByte(raw.Value, '+') >= 0 {
				f = append(f, Finding{Code: LintPlusInTLSPath, Component: uri.ComponentQuery, Offset: off, Message: `a "+" in a TLS file path: the Erlang client keeps it, form decoders read a space; write %2B or %20`})
			}
		case pHeartbeat:
			if n, ok, _ := parseInteger(p.Value, false); ok && n == 0 {
				f = append(f, Finding{Code: LintHeartbeatZero, Component: uri.ComponentQuery, Offset: off, Message: "heartbeat=0 asks for no heartbeats: amqp091-go then takes the broker's interval (60 s on RabbitMQ), and a client that disables them leaves a dead connection unnoticed; omit it for the default, or give the interval"})
			}
		case pAuthMechanism:
			if !knownMechanism(p.Value) {
				f = append(f, Finding{Code: LintUnknownAuthMechanism, Component: uri.ComponentQuery, Offset: off, Message: "an auth_mechanism other than plain, amqplain or external: amqp091-go refuses it when dialing"})
			}
		}
	}
	return f
}

// knownMechanism reports whether m is a SASL mechanism that amqp091-go
// v1.16.0 accepts (Config.setSASL compares in uppercase) and the Erlang
// client knows: plain, amqplain or external.
func knownMechanism(m string) bool {
	return strings.EqualFold(m, "plain") || strings.EqualFold(m, "amqplain") || strings.EqualFold(m, "external")
}

// loopback reports whether u's host is loopback in the sense of the lint
// guest-remote: absent or zero-length (clients dial localhost),
// "localhost" or "localhost." in any case (RFC 6761 6.3), an IPv4 address
// of 127.0.0.0/8 in RFC 3986's dotted-decimal form, or ::1 or an
// IPv4-mapped ::ffff:127.0.0.0/104 however written: the addresses
// RabbitMQ takes for loopback when it lets guest in (loopback_users). A
// reg-name, percent-encoded or not, counts by its decoding. Other
// spellings of 127.0.0.1 ("127.1", "2130706433", "0x7f.1") are reg-names
// that resolvers read differently (RFC 3986 7.4; Go's resolver looks them
// up as names), and names under "localhost." are left to DNS: they do not
// count.
func loopback(u URI) bool {
	h, ok := u.Hostname()
	if !ok || strings.EqualFold(strings.TrimSuffix(h, "."), "localhost") {
		return true
	}
	a, ok := parseIP(h)
	return ok && a.IsLoopback()
}

// parseIP is netip.ParseAddr for a host that may be an IP address: only
// text of hex digits, "." and ":" is tried, so that a name costs no error
// allocation.
func parseIP(h string) (netip.Addr, bool) {
	for i := 0; i < len(h); i++ {
		if c := h[i]; !isHex(c) && c != '.' && c != ':' {
			return netip.Addr{}, false
		}
	}
	a, err := netip.ParseAddr(h)
	return a, err == nil
}

// isIPHost reports whether u's host (g is u's generic URI) is an IP
// address for dialing: an IPv4address or IP-literal, or a reg-name whose
// decoding is one ("%31.2.3.4"), which net.Dial and crypto/tls read as
// the address.
func isIPHost(u URI, g uri.URI) bool {
	switch g.HostKind() {
	case uri.HostIPv4, uri.HostIPv6, uri.HostIPvFuture:
		return true
	case uri.HostRegName:
		h, _ := u.Hostname()
		_, ok := parseIP(h)
		return ok
	}
	return false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// lintRaw scans text that does not parse: its authority is taken to run
// from "://" to the first "/", "?" or "#" after the last "@" (or after
// "://" when there is none).
func lintRaw(s string) []Finding {
	var f []Finding
	a := strings.Index(s, "://")
	if a < 0 {
		return nil
	}
	a += 3
	hostStart := a
	if at := strings.LastIndexByte(s, '@'); at >= a {
		hostStart = at + 1
	}
	end := hostStart
	for end < len(s) && s[end] != '/' && s[end] != '?' && s[end] != '#' {
		end++
	}
	host := s[hostStart:end]
	if lb := strings.IndexByte(host, '['); lb >= 0 {
		if rb := strings.IndexByte(host[lb:], ']'); rb > 0 && strings.IndexByte(host[lb:lb+rb], '%') >= 0 {
			f = append(f, Finding{Code: LintZoneID, Component: uri.ComponentHost, Offset: hostStart, Message: "an IPv6 zone identifier: RFC 3986 has none (RFC 6874 is obsoleted by RFC 9844); a zone means nothing to the broker's peers"})
		}
	}
	if !isASCII(host) {
		f = append(f, Finding{Code: LintNonASCIIHost, Component: uri.ComponentHost, Offset: hostStart, Message: `the host is not ASCII: write its IDNA A-label ("xn--")`})
	}
	if strings.HasPrefix(s[end:], "//") {
		f = append(f, Finding{Code: LintDoubleSlash, Component: uri.ComponentPath, Offset: end, Message: `"//" is not the vhost "/": write "/%2F"`})
	}
	return withSeverity(f)
}

// severities holds the severity of each code that is not a
// scheme.Warning ("Lints" in the package doc lists them): Error for what
// a client refuses or cannot reach, Notice for a spelling to tidy.
var severities = map[string]scheme.Severity{
	LintEmptyPort:            scheme.Notice,
	LintPortZero:             scheme.Error,
	LintPortNoHost:           scheme.Error,
	LintZoneID:               scheme.Error,
	LintNonASCIIHost:         scheme.Error,
	LintHeartbeatZero:        scheme.Notice,
	LintUnknownParam:         scheme.Notice,
	LintUnknownAuthMechanism: scheme.Error,
}

// withSeverity sets the Severity of each finding of f from its code.
func withSeverity(f []Finding) []Finding {
	for i := range f {
		f[i].Severity = severities[f[i].Code]
	}
	return f
}

// namesServer reports whether g's query has a non-empty
// server_name_indication, the name amqptls.Config sends and checks
// instead of the host.
func namesServer(g uri.URI) bool {
	p, ok := g.LookupQuery("server_name_indication")
	if !ok {
		return false
	}
	d, err := p.DecodeForm()
	return err == nil && d.Value != ""
}

// lintHook is the Lint hook of amqp and amqps (see scheme.Scheme): Lint
// of g's text.
func lintHook(g uri.URI) []Finding {
	if check(g) != nil {
		return lintRaw(g.String())
	}
	return URI{g.String(), partsOf(g)}.Lint()
}
