package lint

import (
	"slices"

	"github.com/urikit/urikit/scheme"
)

// The codes of the findings. Each is stable: a code is never renamed or
// given another meaning. The package doc and Rules give each its section
// and an example input.
const (
	// RFC 3986 7.4: host spellings that inet_aton and its kin read as an
	// IPv4 address, but RFC 3986 reads as a reg-name.
	CodeIPv4Octal       = "ipv4-octal"        // "http://0177.0.0.1/"
	CodeIPv4Hex         = "ipv4-hex"          // "http://0x7f.1/"
	CodeIPv4Dword       = "ipv4-dword"        // "http://2130706433/"
	CodeIPv4Short       = "ipv4-short"        // "http://127.1/"
	CodeIPv4TrailingDot = "ipv4-trailing-dot" // "http://127.0.0.1./"
	CodeIPv4Encoded     = "ipv4-encoded"      // "http://%31%32%37.0.0.1/"

	// IPv6 literals.
	CodeIPv6NonCanonical = "ipv6-non-canonical" // RFC 5952: "http://[2001:DB8::1]/"
	CodeIPv6EmbedsIPv4   = "ipv6-embeds-ipv4"   // RFC 4291 2.5.5: "http://[::ffff:127.0.0.1]/"
	CodeZoneID           = "zone-id"            // RFC 9844: "http://[fe80::1%25en0]/"

	// Internationalized host names.
	CodeMixedScript     = "mixed-script-label" // RFC 3986 7.6, UTS #39: "http://xn--pple-43d.com/"
	CodeInvalidPunycode = "invalid-punycode"   // RFC 3492: "http://xn--zz-.example/"
	CodeEncodedHostName = "encoded-host-name"  // RFC 3986 6.2.2.2: "http://%6c%6f%63%61%6c%68%6f%73%74/"

	// Userinfo.
	CodeUserinfoHost     = "userinfo-host"      // RFC 3986 7.6: "http://trusted.com@evil.example/"
	CodeAtAfterAuthority = "at-after-authority" // RFC 3986 7.6: "http://evil.example#@good.example/"
	CodePasswordPresent  = "password-present"   // RFC 3986 7.5: "ftp://user:secret@host/"
	CodeTokenInUserinfo  = "token-in-userinfo"  // RFC 3986 7.5: "https://ghp_...@github.com/"

	// Secrets outside the userinfo (RFC 3986 7.5), as package uri reads
	// them: the values of credential keys, a nested URI's secrets.
	CodeSecretInQuery    = "secret-in-query"    // "https://h/?access_token=abc"
	CodeSecretInFragment = "secret-in-fragment" // "https://h/cb#access_token=abc"

	// Percent-encoded octets that a back end may act on (RFC 3986 7.2, 7.3).
	CodeEncodedNUL           = "encoded-nul"            // "http://h/a%00.txt"
	CodeEncodedCRLF          = "encoded-crlf"           // "http://h/a%0D%0ASet-Cookie:x"
	CodeEncodedControl       = "encoded-control"        // "http://h/a%1Bb"
	CodeEncodedBidi          = "encoded-bidi"           // "http://h/a%E2%80%AEb"
	CodeEncodedInvisible     = "encoded-invisible"      // "http://h/a%E2%80%8Bb"
	CodeEncodedHostDelimiter = "encoded-host-delimiter" // "http://a%3A80/"
	CodeEncodedSlash         = "encoded-slash"          // "http://h/a%2Fb"
	CodeEncodedBackslash     = "encoded-backslash"      // "http://h/a%5Cb"
	CodeEncodedDotSegment    = "encoded-dot-segment"    // "http://h/a/%2E%2E/b"
	CodeDoubleEncoded        = "double-encoded"         // "http://h/%252E%252E/"
	CodeOverlongUTF8         = "overlong-utf8"          // "http://h/%C0%AE%C0%AE/"

	// Paths that a file system reads its own way (RFC 3986 7.3).
	CodeDotSegment = "dot-segment" // "http://h/a/../b"
	CodeDeviceName = "device-name" // "file:///c:/aux.txt"

	// Ports (RFC 3986 7.2, 6.2.3).
	CodeWellKnownPort  = "well-known-port"   // "http://h:25/"
	CodePortOutOfRange = "port-out-of-range" // "http://h:65561/"
	CodeDefaultPort    = "default-port"      // "http://h:80/"

	// The scheme.
	CodeScriptScheme       = "script-scheme"       // "javascript:alert(1)"
	CodeMissingAuthority   = "missing-authority"   // "https:evil.example"
	CodeUnregisteredScheme = "unregistered-scheme" // "foo://h/": IANA does not register it
	CodeUncheckedScheme    = "unchecked-scheme"    // "ssh://h/r": IANA registers it, urikit has no rules

	// Text that is an IRI, not a URI (String only).
	CodeIRI = "iri" // "http://аpple.com/"

	// Text that is not a URI (String only).
	CodeInvalidURI = "invalid-uri" // "http://h/a b"
)

// Rule documents one code: its RFC section, an example input that String
// reports it for and its severity.
type Rule struct {
	Code     string          // the Finding's Code
	Section  string          // the section of the document that motivates it
	Example  string          // an input that String reports the code for
	Summary  string          // what the code reports, in one line
	Severity scheme.Severity // the Severity of every finding of the code
}

// The severities of the codes (scheme.Severity), short for the table.
const (
	sevError   = scheme.Error
	sevWarning = scheme.Warning
	sevNotice  = scheme.Notice
	sevInfo    = scheme.Info
)

// rules lists every code of this package in the order of the package doc.
// A test checks that String reports each code for its example and that
// the package doc lists each.
var rules = []Rule{
	{CodeIPv4Octal, "RFC 3986 7.4", "http://0177.0.0.1/", "a reg-name host with an octal part (a leading 0) that inet_aton reads as an IPv4 address", sevWarning},
	{CodeIPv4Hex, "RFC 3986 7.4", "http://0x7f.1/", `a reg-name host with a hexadecimal part ("0x") that inet_aton reads as an IPv4 address`, sevWarning},
	{CodeIPv4Dword, "RFC 3986 7.4", "http://2130706433/", "a reg-name host that is one number, read by inet_aton as a 32-bit IPv4 address", sevWarning},
	{CodeIPv4Short, "RFC 3986 7.4", "http://127.1/", "a reg-name host of two or three numbers, whose last part inet_aton reads as 24 or 16 bits", sevWarning},
	{CodeIPv4TrailingDot, "RFC 3986 7.4", "http://127.0.0.1./", "an IPv4 address followed by a dot: a reg-name that WHATWG parsers read as the address", sevWarning},
	{CodeIPv4Encoded, "RFC 3986 7.4, 7.3", "http://%31%32%37.0.0.1/", "a reg-name host whose percent-decoding is an IPv4 address", sevWarning},
	{CodeIPv6NonCanonical, "RFC 5952 4, 5", "http://[2001:DB8::1]/", "an IPv6 literal not in its RFC 5952 text form (case, leading zeros, \"::\", IPv4 notation)", sevNotice},
	{CodeIPv6EmbedsIPv4, "RFC 3986 7.4; RFC 4291 2.5.5; RFC 6052 2.1; RFC 3056 2; RFC 4380 4", "http://[::ffff:127.0.0.1]/", "an IPv6 literal that embeds an IPv4 address (mapped, compatible, translated, NAT64, 6to4 or Teredo)", sevWarning},
	{CodeZoneID, "RFC 9844 (obsoletes RFC 6874); RFC 3986 3.2.2", "http://[fe80::1%25en0]/", "an IPv6 zone identifier, which no URI may hold", sevError},
	{CodeMixedScript, "RFC 3986 7.6; UTS #39 5.2", "http://xn--pple-43d.com/", "a host label whose characters mix scripts (Latin and Cyrillic, ...), the stuff of homograph attacks", sevWarning},
	{CodeInvalidPunycode, "RFC 3492 6.2; RFC 5890 2.3.2.1", "http://xn--zz-.example/", `an "xn--" label that does not decode as Punycode, or that IDNA lookup (UTS #46) rejects`, sevWarning},
	{CodeEncodedHostName, "RFC 3986 7.3, 2.3, 6.2.2.2", "http://%6c%6f%63%61%6c%68%6f%73%74/", `a reg-name with a percent-encoded letter, digit, "-", ".", "_" or "~": decoders dial the name it decodes to, which a filter on the text misses`, sevWarning},
	{CodeUserinfoHost, "RFC 3986 7.6", "http://trusted.com@evil.example/", "a username that looks like a host name or an IPv4 address (any spelling inet_aton reads), in front of the real host", sevWarning},
	{CodeAtAfterAuthority, "RFC 3986 7.6, 3.2", "http://evil.example#@good.example/", `an "@" and a host name in the query or fragment right after the host: a reader who takes the text before the "@" for userinfo reads the wrong host`, sevWarning},
	{CodePasswordPresent, "RFC 3986 7.5, 3.2.1", "ftp://user:secret@host/", `a password in the userinfo ("user:password" is deprecated)`, sevWarning},
	{CodeTokenInUserinfo, "RFC 3986 7.5, 3.2.1", "https://ghp_0123456789abcdefghij0123456789abcdef@github.com/o/r.git", "a user name with the published shape of an access token (GitHub, GitLab, Slack, npm, ...)", sevWarning},
	{CodeSecretInQuery, "RFC 3986 7.5, 3.4", "https://h/?access_token=abc", "a secret in the query: the value of a credential key (password, token, sig, ...) or a nested URI's secret", sevWarning},
	{CodeSecretInFragment, "RFC 3986 7.5, 3.5", "https://h/cb#access_token=abc", "a secret in the fragment: the value of a credential key, as OAuth's implicit flow returns it, or a nested URI's secret", sevWarning},
	{CodeEncodedNUL, "RFC 3986 7.3", "http://h/a%00.txt", `a percent-encoded NUL ("%00"), which cuts strings short in C and file systems`, sevWarning},
	{CodeEncodedCRLF, "RFC 3986 7.2", "http://h/a%0D%0ASet-Cookie:x", `a percent-encoded CR or LF ("%0D", "%0A"), the delimiters of line-based protocols; in the query or fragment only before a header field name and ":"`, sevWarning},
	{CodeEncodedControl, "RFC 3986 7.2, 7.3", "http://h/a%1Bb", `another percent-encoded control character: %01-%1F, %7F, a UTF-8 C1 control or U+2028, U+2029`, sevWarning},
	{CodeEncodedBidi, "RFC 3986 7.6; RFC 3987 4.1", "http://h/a%E2%80%AEb", "a percent-encoded bidirectional control (U+202A-U+202E, U+2066-U+2069, LRM, RLM, ALM), which reorders displayed text", sevWarning},
	{CodeEncodedInvisible, "RFC 3986 7.6; RFC 3987 8; Unicode Default_Ignorable_Code_Point", "http://h/a%E2%80%8Bb", "a percent-encoded invisible character (zero-width space, joiners, BOM, soft hyphen, ...), or a raw one in an IRI's host, which IDNA drops", sevWarning},
	{CodeEncodedHostDelimiter, "RFC 3986 7.3, 3.2.2", "http://a%3A80/", `a reg-name with an encoded ":", "/", "?", "#", "[", "]", "@", "\" or "%", which changes the authority once decoded`, sevWarning},
	{CodeEncodedSlash, "RFC 3986 7.3, 2.2", "http://h/a%2Fb", `an encoded "/" in the path ("%2F"): a server that decodes before it splits sees another segment`, sevWarning},
	{CodeEncodedBackslash, "RFC 3986 7.3", "http://h/a%5Cb", `an encoded "\" in the path ("%5C"), a path separator on Windows`, sevWarning},
	{CodeEncodedDotSegment, "RFC 3986 7.3, 6.2.2.2, 6.2.2.3", "http://h/a/%2E%2E/b", `a path segment that decodes to "." or "..", or holds one behind an encoded "/" or "\"`, sevWarning},
	{CodeDoubleEncoded, "RFC 3986 7.3, 2.4", "http://h/%252E%252E/", `a "%25" before the hex digits of ".", "/", "\" or NUL in the path: decoded twice, it becomes one`, sevWarning},
	{CodeOverlongUTF8, "RFC 3986 7.3; RFC 3629 3, 10", "http://h/%C0%AE%C0%AE/", `a percent-encoded overlong UTF-8 sequence ("%C0%AE" for "."), which lenient decoders read as the short character`, sevWarning},
	{CodeDotSegment, "RFC 3986 7.3, 5.2.4, 6.2.2.3", "http://h/a/../b", `a "." or ".." segment in the path, which resolution and normalization remove`, sevWarning},
	{CodeDeviceName, "RFC 3986 7.3", "file:///c:/aux.txt", `a path segment that names a device on Windows (CON, PRN, AUX, NUL, COM1-9, LPT1-9, CONIN$, CONOUT$)`, sevWarning},
	{CodeWellKnownPort, "RFC 3986 7.2", "http://h:25/", "a port in the well-known range 0-1023 that is not the scheme's default", sevWarning},
	{CodePortOutOfRange, "RFC 3986 7.2, 3.2.3", "http://h:65561/", "a port above 65535, which implementations that keep 16 bits read as another port", sevError},
	{CodeDefaultPort, "RFC 3986 6.2.3, 3.2.3", "http://h:80/", "the scheme's default port written out", sevNotice},
	{CodeScriptScheme, "RFC 3986 7.1; RFC 2397 2; WHATWG HTML javascript: URLs", "javascript:alert(1)", "a scheme whose URI runs script where it is followed: javascript, vbscript, livescript, mocha, or a data URI of HTML, XHTML, SVG, XML or script", sevWarning},
	{CodeMissingAuthority, "RFC 3986 3.2, 3.3; WHATWG URL special authority slashes", "https:evil.example", `an http, https, ws, wss or ftp URI without "//", or with an empty authority, and with a path: browsers read the path's first segment as the host`, sevWarning},
	{CodeUnregisteredScheme, "RFC 3986 3.1; RFC 7595 3, 4", "foo://h/", "a scheme that IANA's URI schemes registry does not list and urikit's scheme registry does not know", sevNotice},
	{CodeUncheckedScheme, "RFC 3986 3.1; RFC 7595 3, 4", "ssh://h/r", "a scheme that IANA registers but urikit's scheme registry has no rules for: nothing beyond RFC 3986 is checked", sevInfo},
	{CodeInvalidURI, "RFC 3986 Appendix A", "http://h/a b", "text that is not a URI (String only), with the parser's reason", sevError},
	{CodeIRI, "RFC 3987 3.1, 2.2", "http://аpple.com/", "text with characters outside US-ASCII that is an IRI: linted as the URI it maps to, its findings at their place in the IRI", sevNotice},
}

// Rules returns the codes of this package with their sections and
// examples, in the order of the package doc. The findings of scheme
// plugins (package amqp's Lint) keep their own codes and are not listed.
// Each call returns a new slice.
func Rules() []Rule { return slices.Clone(rules) }

// messages holds the fixed messages of each code; a finding's Message is
// one of them, never text of the input.
var messages = map[string][]string{
	CodeIPv4Octal:       {`a part with a leading "0" is octal to inet_aton and most resolvers, but this host is a reg-name: filter on the numeric address, not on the text`},
	CodeIPv4Hex:         {`a part with "0x" is hexadecimal to inet_aton and most resolvers, but this host is a reg-name: filter on the numeric address, not on the text`},
	CodeIPv4Dword:       {`one number is a 32-bit IPv4 address to inet_aton and most resolvers, but this host is a reg-name: filter on the numeric address, not on the text`},
	CodeIPv4Short:       {`two or three numbers are an IPv4 address to inet_aton and most resolvers (the last part fills the remaining bytes), but this host is a reg-name`},
	CodeIPv4TrailingDot: {`an IPv4 address with a trailing dot is a reg-name to RFC 3986 and the address to WHATWG URL parsers`},
	CodeIPv4Encoded:     {`the host decodes to an IPv4 address: a filter on the text misses it; write the address as dotted decimal`},
	CodeIPv6NonCanonical: {
		`uppercase hex digits in an IPv6 literal: RFC 5952 4.3 writes them in lowercase`,
		`leading zeros in an IPv6 literal: RFC 5952 4.1 omits them`,
		`IPv4 notation in an IPv6 literal that embeds no IPv4 address: RFC 5952 5 writes it in hex`,
		`"::" in an IPv6 literal: RFC 5952 4.2 uses it for the longest run of two or more zero groups, the first on a tie`,
	},
	CodeIPv6EmbedsIPv4: {
		`an IPv4-mapped IPv6 address (::ffff:0:0/96) reaches an IPv4 host: a filter on IPv4 addresses misses it`,
		`an IPv4-compatible IPv6 address (::/96, deprecated by RFC 4291 2.5.5.1) embeds an IPv4 address: a filter on IPv4 addresses misses it`,
		`an IPv4-translated IPv6 address (::ffff:0:0:0/96) embeds an IPv4 address: a filter on IPv4 addresses misses it`,
		`a NAT64 IPv6 address (64:ff9b::/96) reaches an IPv4 host through a translator: a filter on IPv4 addresses misses it`,
		`a 6to4 IPv6 address (2002::/16) embeds the IPv4 address of its relay router: a filter on IPv4 addresses misses it`,
		`a Teredo IPv6 address (2001::/32) embeds the IPv4 addresses of its server and client: a filter on IPv4 addresses misses them`,
	},
	CodeZoneID:      {`an IPv6 zone identifier: no URI holds one (RFC 6874 is obsoleted by RFC 9844), and it names an interface of this host only`},
	CodeMixedScript: {`a host label mixes scripts, as homograph attacks do: check which name it really is`},
	CodeInvalidPunycode: {
		`an "xn--" label that is not valid Punycode: resolvers and browsers may read it differently`,
		`an "xn--" label that IDNA lookup rejects (UTS #46, RFC 5891 5.4): browsers refuse it, other resolvers send it as it is`,
	},
	CodeEncodedHostName:  {`a percent-encoded letter, digit or other unreserved character in the host: decoders dial the name it decodes to, which a filter on the text misses; write the host without triplets`},
	CodeAtAfterAuthority: {`an "@" and a host name after the host, in the query or fragment: a reader who takes the text before the "@" for userinfo takes the wrong host for the server`},
	CodeUserinfoHost:     {`the username looks like a host name or address, but the host is after the "@": a reader may take the wrong one for the server`},
	CodePasswordPresent:  {`a password in the userinfo: "user:password" is deprecated, and URIs are logged, displayed and bookmarked`},
	CodeTokenInUserinfo:  {`the user name has the shape of an access token: URIs are logged, displayed and bookmarked; send the token in a header or a credential helper`},
	CodeSecretInQuery:    {`a secret in the query (a credential key's value or a nested URI's password): URIs are logged by servers and proxies and sent in Referer headers; send it in a header or the body`},
	CodeSecretInFragment: {`a secret in the fragment (a credential key's value or a nested URI's password): scripts of the page read it and the address bar, history and bookmarks keep it`},
	CodeEncodedNUL:       {`a percent-encoded NUL (%00): C strings and file systems stop at it, so the back end may read another name; reject it where no raw data is expected`},
	CodeEncodedCRLF:      {`a percent-encoded CR or LF: a back end that decodes it into a line-based protocol (HTTP headers, SMTP, FTP, logs) reads a new line`},
	CodeEncodedControl: {
		`a percent-encoded control character: a back end that decodes it may act on it or display it misleadingly`,
		`a percent-encoded UTF-8 C1 control or line separator: a back end that decodes it may act on it or display it misleadingly`,
	},
	CodeEncodedBidi: {`a percent-encoded bidirectional control: decoded and displayed, it reorders the text around it`},
	CodeEncodedInvisible: {
		`a percent-encoded invisible character (zero-width space, joiner, BOM, soft hyphen, ...): decoded and displayed, two different names look the same`,
		`an invisible character in the IRI's host (zero-width space, joiner, BOM, soft hyphen, ...): IDNA drops it, so the host is another name than it looks`,
	},
	CodeEncodedHostDelimiter: {`the host decodes to text with a delimiter (":", "/", "?", "#", "[", "]", "@", "\" or "%"): a library that decodes before it splits dials another host or port`},
	CodeEncodedSlash:         {`an encoded "/" (%2F) in the path: a server or proxy that decodes before it splits sees other segments than the URI has`},
	CodeEncodedBackslash:     {`an encoded "\" (%5C) in the path: a Windows path separator once decoded`},
	CodeEncodedDotSegment:    {`a path segment that decodes to "." or "..": normalization and servers that decode first remove it, so a check on the text can be bypassed`},
	CodeDoubleEncoded:        {`"%25" before the hex digits of ".", "/", "\" or NUL in the path: a back end that decodes twice reads that character`},
	CodeOverlongUTF8:         {`a percent-encoded overlong UTF-8 sequence: invalid UTF-8 (RFC 3629 3) that a lenient decoder reads as another character, such as "." or "/", after the checks`},
	CodeDotSegment:           {`a "." or ".." segment: resolution and normalization remove it, so a check on the text can be bypassed; write the path without it`},
	CodeDeviceName:           {`a path segment that names a Windows device: a back-end file system on Windows opens the device, in any directory`},
	CodeWellKnownPort:        {`a well-known port (0-1023) that is not the scheme's default: the server there may speak another protocol and act on the URI's data`},
	CodePortOutOfRange:       {`a port above 65535: no TCP or UDP port is that large, and an implementation that keeps 16 bits connects to another port`},
	CodeDefaultPort:          {`the scheme's default port written out: omit it (RFC 3986 6.2.3)`},
	CodeScriptScheme: {
		`a scheme that runs script where the URI is followed or loaded: allow it only where script from this text is meant to run`,
		`a data URI of a type that runs script (HTML, XHTML, SVG, XML, JavaScript) where it is loaded: allow it only where script from this text is meant to run`,
	},
	CodeMissingAuthority: {
		`no "//" after the scheme, but a path: browsers (WHATWG URL) read its first segment as the host, RFC 3986 as a path; write "//" and the host`,
		`an empty authority before a path: browsers (WHATWG URL) skip the slashes and read the path's first segment as the host, RFC 3986 as a path; write the host after "//"`,
	},
	CodeUnregisteredScheme: {`a scheme that IANA's URI schemes registry does not list and that urikit does not know: nothing beyond RFC 3986 is checked, and readers may not know what it means`},
	CodeUncheckedScheme:    {`a scheme that IANA registers but that urikit has no rules for: nothing beyond RFC 3986 is checked`},
	CodeIRI:                {`an IRI, not a URI: text outside US-ASCII (RFC 3987); linted as the URI it maps to (RFC 3987 3.1), which is the form to send`},
	CodeInvalidURI:         nil, // one message per reason of package uri: see invalidMessage
}
