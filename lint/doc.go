// Package lint reports what RFC 3986 section 7 (Security Considerations),
// and the documents that followed it, warn about in a URI: spellings of a
// host that software reads differently, credentials in the text,
// percent-encoded octets that a back end acts on, ports that reach another
// protocol, and names meant to deceive a reader.
//
// [URI] lints one parsed URI, [String] lints text that may not parse (an
// IPv6 zone identifier, which uri.Parse rejects, or anything else), and
// [Text] lints every URI that uri.Extract finds in running text. Each
// [Finding] holds a stable code, the component, a byte offset and a fixed
// message: never text of the input, so that a finding can be logged or
// encoded as JSON without leaking a password. Findings come sorted by
// offset, then code.
//
// A finding is a hint for a reader, not an error: RFC 3986 allows every
// URI reported here except for invalid-uri and zone-id. Filter on the
// codes that matter to the application.
//
// # Severity
//
// Each code has one severity (scheme.Severity, [Rule].Severity), given
// after its section below:
//
//   - error: the URI will not work as meant (invalid-uri, zone-id,
//     port-out-of-range);
//   - warning: a risk to whoever reads or acts on the URI (RFC 3986
//     section 7): what can change the host, port or file that a reader or
//     a back end reaches, hide what a reader sees, run script or leak a
//     secret;
//   - notice: a spelling to tidy, no risk in itself (default-port,
//     ipv6-non-canonical, unregistered-scheme, iri);
//   - info: worth knowing (unchecked-scheme).
//
// # Codes
//
// Host spellings that inet_aton, getaddrinfo and WHATWG URL parsers read
// as an IPv4 address while RFC 3986 reads a reg-name, so that a filter on
// the text misses the address (RFC 3986 7.4: "filter on the numeric
// value"). A host may get several of them ("0x7f.1" is ipv4-hex and
// ipv4-short):
//
//   - ipv4-octal (7.4, warning): a part with a leading zero, "http://0177.0.0.1/",
//     "http://01.2.3.4/";
//   - ipv4-hex (7.4, warning): a part with "0x", "http://0x7f.1/";
//   - ipv4-dword (7.4, warning): one number, a 32-bit address, "http://2130706433/";
//   - ipv4-short (7.4, warning): two or three numbers, the last filling the
//     remaining bytes, "http://127.1/";
//   - ipv4-trailing-dot (7.4, warning): an address and a final dot,
//     "http://127.0.0.1./";
//   - ipv4-encoded (7.4, 7.3, warning): a host whose percent-decoding is an
//     address, "http://%31%32%37.0.0.1/".
//
// IPv6 literals and zones:
//
//   - ipv6-non-canonical (RFC 5952 4, 5, notice): not the RFC 5952 text form:
//     uppercase, leading zeros, "::" not for the longest run of two or more
//     zero groups, IPv4 notation for an address that embeds none;
//     "http://[2001:DB8::1]/", "http://[2001:db8:0:0:0:0:0:1]/",
//     "http://[2001:db8::1.2.3.4]/";
//   - ipv6-embeds-ipv4 (RFC 3986 7.4; RFC 4291 2.5.5; RFC 6052 2.1; RFC
//     3056 2; RFC 4380 4, warning): an IPv4-mapped, IPv4-compatible,
//     IPv4-translated or NAT64 address, which reaches an IPv4 host that a
//     filter on IPv4 addresses misses, "http://[::ffff:127.0.0.1]/"; or a
//     6to4 (2002::/16, "http://[2002:7f00:1::1]/") or Teredo (2001::/32)
//     address, which embeds the IPv4 address of a relay, a server or a
//     client;
//   - zone-id (RFC 9844, which obsoletes RFC 6874; RFC 3986 3.2.2, error): a zone
//     identifier, "http://[fe80::1%25en0]/", reported by String only, since
//     no URI holds one.
//
// Internationalized host names:
//
//   - mixed-script-label (RFC 3986 7.6; UTS #39 5.2, warning): a label, decoded from
//     Punycode ("xn--") or from percent-encoded UTF-8, whose characters
//     belong to more than one script (unicode.Scripts; Common and Inherited
//     ignored), other than the Japanese, Chinese and Korean combinations
//     with Latin that UTS #39's Highly Restrictive level allows: the stuff
//     of homograph attacks, "http://xn--pple-43d.com/" (Cyrillic "а" and
//     Latin "pple"). There is no confusables table: a label wholly in
//     another script ("аррӏе") is not reported;
//   - invalid-punycode (RFC 3492 6.2; RFC 5890 2.3.2.1, warning): an "xn--" label
//     that does not decode, "http://xn--zz-.example/", or that IDNA lookup
//     rejects (idna.Lookup: UTS #46 4; RFC 5891 5.4), "http://xn--a.com/"
//     (U+0080);
//   - encoded-host-name (RFC 3986 7.3, 2.3, 6.2.2.2, warning): a reg-name with a
//     triplet of an unreserved character, which decoders and normalization
//     read as the character: "http://%6c%6f%63%61%6c%68%6f%73%74/" dials
//     localhost, which a filter on the text misses (not when the host
//     decodes to an IPv4 address: that is ipv4-encoded; a triplet of a
//     non-ASCII octet, an internationalized name, is not one).
//
// The userinfo, each at its first byte:
//
//   - userinfo-host (7.6, warning): a username that looks like a host, in front of
//     the real one: "localhost", an IPv4 address in a spelling that
//     inet_aton reads and a reader takes for one (dotted decimal, the
//     forms with a "." or "0x" such as "127.1@" and "0x7f.1@", one number
//     of at least 2^24 such as "2130706433@"; not "12345@"), or labels
//     ending in a top-level domain of the public suffix list's ICANN
//     section or a special-use name (RFC 6761), or starting with "www",
//     "http://trusted.com@evil.example/",
//     "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm"
//     (7.6's own example); a name with non-ASCII characters is read as
//     its A-labels, "http://аpple.com@evil.example/" (Cyrillic "а");
//     "first.last@" is not reported;
//   - at-after-authority (7.6, 3.2, warning): the reverse trick, at the "@": in a
//     URI with an authority and an empty path, an "@" in the query or the
//     fragment before any "/", followed by text that userinfo-host would
//     take for a host once decoded, "http://evil.example#@good.example/",
//     "http://evil.example?@good.example/", "#@good%2Eexample": a reader
//     who takes the text before the "@" for userinfo reads good.example
//     as the host; an "@" inside a secret (a password's value) is not
//     reported, since no finding points into one;
//   - password-present (7.5, 3.2.1, warning): a ":" in the userinfo, the deprecated
//     "user:password" form, "ftp://user:secret@host/". The password itself
//     is never read.
//   - token-in-userinfo (7.5, 3.2.1, warning): a user name with the published shape
//     of an access token (uri.IsTokenShaped),
//     "https://ghp_0123456789abcdefghij0123456789abcdef@github.com/o/r.git".
//
// Secrets outside the userinfo (7.5), where scheme.RedactSpans finds them
// (the value of a credential key of uri.SecretKeys, a nested URI's
// password, a scheme's own such as amqp's key passphrase), each once per
// component, at the first secret's first byte:
//
//   - secret-in-query (7.5, 3.4, warning): "https://h/?access_token=abc";
//   - secret-in-fragment (7.5, 3.5, warning): "https://h/cb#access_token=abc", as
//     OAuth 2.0's implicit grant returns a token (RFC 6749 4.2.2).
//
// Percent-encoded octets that a back end may act on once decoded (7.2,
// 7.3), each once per component, at its first "%" (in the userinfo at
// the userinfo's first byte):
//
//   - encoded-nul (7.3, warning): "%00", "http://h/a%00.txt";
//   - encoded-crlf (7.2; RFC 9112 4, 5, warning): "%0D" or "%0A", the delimiters
//     of line-based protocols, "http://h/a%0D%0ASet-Cookie:x"; in the
//     query and the fragment only where the decoded value would split a
//     header line: the run of CR and LF triplets is followed by a field
//     name (letters, digits and "-", raw or encoded: the characters of
//     every registered field name, RFC 9110 16.3.2.1) and a ":" (raw or
//     "%3A"), "http://h/?next=%0D%0ALocation:%20x", or the run holds two
//     CRLFs, a blank line that ends the headers and starts the body,
//     "?q=%0D%0A%0D%0A%3Cscript%3E"; a newline in a text field of form
//     data ("?code=%0Afn+main()", "%0A%0A") and a line that starts with a
//     URI ("?body=Hi%0D%0Ahttps://example.com", its ":" before "//") are
//     not reported;
//   - encoded-control (7.2, 7.3, warning): another control, "%01"-"%1F" other than
//     those, "%7F", a UTF-8 C1 control ("%C2%80"-"%C2%9F", such as
//     "%C2%85") or U+2028 or U+2029 ("%E2%80%A8", "%E2%80%A9"),
//     "http://h/a%1Bb";
//   - encoded-bidi (7.6; RFC 3987 4.1, warning): a UTF-8 bidirectional control
//     (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069), which
//     reorders the text displayed around it, "http://h/a%E2%80%AEb";
//   - encoded-invisible (7.6; RFC 3987 8; Unicode
//     Default_Ignorable_Code_Point, warning): a UTF-8 character that displays as
//     nothing (U+00AD, U+034F, U+115F, U+1160, U+17B4, U+17B5, U+180E,
//     U+200B-U+200D, U+2060-U+2065, U+3164, U+FEFF, U+FFA0, and the tag
//     characters U+E0000-U+E007F that carry hidden ASCII), so that two
//     names that differ look the same, "http://h/a%E2%80%8Bb" (a zero-width
//     space), "http://h/%EF%BB%BFx" (a BOM); also such a character raw in
//     the host of an IRI, which IDNA drops ("goo\u200bgle.com" maps to
//     "google.com");
//   - encoded-host-delimiter (7.3, 3.2.2, warning): a reg-name with an encoded ":",
//     "/", "?", "#", "[", "]", "@", "\" or "%": a library that decodes
//     before it splits reads another authority, "http://a%3A80/";
//   - overlong-utf8 (7.3; RFC 3629 3, 10, warning): an encoded overlong UTF-8
//     sequence (a lead byte "%C0" or "%C1" before a continuation byte,
//     "%E0" before "%80"-"%9F", or "%F0" before "%80"-"%8F"), invalid
//     UTF-8 that a lenient decoder reads as the short character after the
//     checks were made, "http://h/%C0%AE%C0%AE/" (two dots).
//
// The path, each once, at its first occurrence (not for amqp and amqps,
// whose path is a vhost: "%2F" is how its "/" is written, and package
// amqp reports its dots):
//
//   - encoded-slash (7.3, 2.2, warning): "%2F", "http://h/a%2Fb";
//   - encoded-backslash (7.3, warning): "%5C", "http://h/a%5Cb";
//   - encoded-dot-segment (7.3, 6.2.2.2, 6.2.2.3, warning): a segment that decodes
//     to "." or "..", or holds one behind an encoded "/" or "\", which
//     normalization removes: "http://h/a/%2E%2E/b" normalizes to
//     "http://h/b";
//   - double-encoded (7.3, 2.4, warning): "%25" before the hex digits of ".", "/",
//     "\" or NUL, "http://h/%252E%252E/";
//   - dot-segment (7.3, 5.2.4, 6.2.2.3, warning): a "." or ".." segment,
//     "http://h/a/../b";
//   - device-name (7.3, warning): a segment that names a Windows device (CON, PRN,
//     AUX, NUL, COM1-COM9, LPT1-LPT9, CONIN$, CONOUT$, also before an
//     extension), in a path with an authority or a leading "/",
//     "file:///c:/aux.txt"; "...", a placeholder in documentation, is
//     none.
//
// The port, at its first digit, with the default port of the scheme
// registry (package scheme):
//
//   - well-known-port (7.2, warning): a port of 0-1023 other than the scheme's
//     default, or any such port for a scheme without one: "http://h:25/"
//     may make a user agent talk HTTP to a mail server;
//   - port-out-of-range (7.2, 3.2.3, error): a port above 65535, which an
//     implementation that keeps 16 bits reads as another port
//     ("http://h:65561/" as 25);
//   - default-port (6.2.3, 3.2.3, notice): the scheme's default port written out,
//     "http://h:80/", "http://h:080/".
//
// The scheme, each at its first byte (missing-authority at the path's):
//
//   - script-scheme (RFC 3986 7.1; RFC 2397 2; WHATWG HTML javascript:
//     URLs, warning): a scheme whose URI runs script where it is followed or loaded,
//     "javascript:alert(1)", vbscript, livescript and mocha, or a data URI
//     whose media type runs script (text/html, application/xhtml+xml,
//     image/svg+xml, XML, JavaScript and its legacy and x- types),
//     "data:text/html,%3Cscript%3E"; such a URI gets no
//     unregistered-scheme; text that does not parse but that a browser
//     runs once it has cleaned it (leading controls and spaces, tabs and
//     newlines removed: " javascript:x", "java\tscript:x") gets it beside
//     invalid-uri;
//   - missing-authority (RFC 3986 3.2, 3.3; WHATWG URL special authority
//     slashes state, warning): an http, https, ws, wss or ftp URI without "//"
//     whose path, its leading "/" left out, is not empty,
//     "https:evil.example", "http:/evil.example", or with an empty
//     authority (no userinfo, no port) before such a path,
//     "https:///evil.example": browsers read "evil.example" as the host,
//     RFC 3986 as a path;
//   - unregistered-scheme (RFC 3986 3.1; RFC 7595 3, 4, notice): a scheme that
//     IANA's URI schemes registry does not list (its names are generated
//     into this package: testdata/iana-uri-schemes.txt says from where)
//     and the default scheme registry does not know, "foo://h/",
//     "gs://bucket/x";
//   - unchecked-scheme (RFC 3986 3.1; RFC 7595 3, 4, info): a scheme that IANA
//     registers (Permanent, Provisional or Historical) but the default
//     scheme registry does not know, so that nothing beyond RFC 3986 is
//     checked, "ssh://h/r", "git://h/r", "ldap://h/".
//
// Text that is not a URI (String only):
//
//   - invalid-uri (Appendix A, error): text that uri.Parse rejects, at the offset
//     and in the component of its error (at the userinfo's first byte for
//     an error in the userinfo), the reason in the message, "http://h/a b";
//   - iri (RFC 3987 3.1, 2.2, notice): text outside US-ASCII that uri.FromIRI maps
//     to a URI, "http://аpple.com/" (Cyrillic "а"), at its first byte
//     outside US-ASCII (at the userinfo's first byte when that byte is
//     in the userinfo); the text is linted as that URI ("IRIs" below).
//
// [Rules] lists the codes with their sections and examples.
//
// # Text that does not parse
//
// [String] lints text that uri.Parse rejects as far as the text allows:
//
//   - an IRI (RFC 3987), text outside US-ASCII that uri.FromIRI maps to a
//     URI with a scheme, is linted as that URI: its findings come at the
//     bytes of the IRI they stem from (a triplet at its character, a
//     finding in a host that IDNA converted at the start of the same label
//     of the IRI, "http://аpple.com/" gets mixed-script-label at the
//     host), plus iri and, for an invisible character in the host that
//     IDNA drops, encoded-invisible;
//   - text that fails only because of an IPv6 zone identifier
//     ("http://[fe80::1%25en0]/", RFC 6874, obsoleted by RFC 9844; also the
//     "%en0" form without "25") is linted as the URI without its zone, the
//     offsets counted in the text, plus zone-id at the "%";
//   - any other text gets invalid-uri at the offset and in the component
//     of uri.Parse's error (at the userinfo's first byte when the error is
//     in the userinfo), with the error's reason in its message, and the
//     findings that the text itself shows, its components split as RFC
//     3986 Appendix B splits any string: unregistered-scheme,
//     password-present, the encoded-* findings of the triplets of each
//     component, and for amqp and amqps the findings of package amqp's
//     Lint on text that does not parse.
//
// # Running text
//
// [Text] moves each finding's Offset from the URI's text into the text: a
// match's whitespace removed inside "<...>" or across a hyphen's line
// break (uri.Match.Joined) is counted back, and a finding in the scheme
// that a completed suffix reference got points at the match's first byte.
// Text finds IRIs in the text too (uri.ExtractOptions.IRI, RFC 3987 2.2:
// "http://аpple.com/" with a Cyrillic "а", or "http://www.bücher.test/"),
// and lints each as String lints it (the URI it maps to, RFC 3987 3.1,
// its findings moved back to the IRI's bytes, plus iri), its offsets
// counted in the text's bytes. Extract reports only text that parses or
// maps to a URI, so Text never reports invalid-uri, nor zone-id (lint
// such text with String). A URI broken
// after a hyphen is read both ways (uri.Hyphen): a finding of the second
// reading equal to one of the first (code, component, offset) is reported
// once.
//
// # Scheme plugins
//
// For amqp and amqps URIs, the findings of package amqp's Lint (the
// RabbitMQ URI specification: empty-vhost, guest-remote, verify-none, ...)
// are added with their own codes and messages, documented there; their
// component names become uri.Component values. A code that amqp shares
// with this package (zone-id) means the same and carries this package's
// message.
//
// # Cost
//
// Linting runs in time linear in the length of the URI or text (apart from
// sorting the findings, which number at most a few per component), does
// not recurse and never panics. A URI with a lowercase scheme and without
// triplets, non-ASCII labels or findings costs no allocation.
package lint
