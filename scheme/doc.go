// Package scheme holds what RFC 3986 leaves to each scheme: a registry of
// schemes with their default ports, validation rules and scheme-based
// normalization (RFC 3986 6.2.3), and the comparison ladder (6.2) that
// needs them.
//
// Package uri is generic and knows no scheme; this package is the only
// place that does. The default registry holds the built-in schemes (http,
// https, ws, wss, ftp, file, mailto, urn, jdbc and more; see [Builtin]);
// plugins such as scheme/amqp add theirs with [Register] when they are
// imported. A [Registry] made with [NewRegistry] holds a private set.
//
// No scheme gets structure that its own specification does not give it
// (BCP 190): a scheme that is not registered gets only the steps that RFC
// 3986 licenses for every scheme.
//
// [Redact] and [RedactSpans] are the one model of secrets that everything
// shown uses (package uri's doc, "Secrets", states the generic rules):
// structural where the text parses, each registered scheme adding its own
// through its Secrets hook (jdbc's subprotocol properties, amqp's key
// passphrase), the rootless DSN of an unregistered scheme
// ("root:pw@tcp(db:3306)/app") masked up to its "@"; the text rules where
// the text does not parse. A scheme's own lint findings come through its
// Lint hook, as the one [Finding] type.
//
// # Built-in schemes
//
// [Builtin] gives the schemes of the default registry, with these rules:
//
//   - http (RFC 9110 4.2.1) and https (4.2.2): default ports 80 and 443; an
//     authority with a non-empty host is required; an empty path is
//     equivalent to "/" (4.2.3), so it normalizes to "/".
//   - ws and wss (RFC 6455 3): default ports 80 and 443; an authority is
//     required, without userinfo; no fragment; an empty path means "/"
//     (the resource name is "/" when the path is empty), so it normalizes
//     to "/".
//   - ftp (RFC 1738 3.1, 3.2): default port 21; a non-empty host is
//     required.
//   - file (RFC 8089 2): no userinfo, no port, an absolute path; the host
//     "localhost" and an absent authority both mean the local machine,
//     "exactly as if no authority was present" (RFC 8089 2), so both
//     normalize to the empty authority, as RFC 3986 6.2.3 recommends
//     ("file://localhost/x" and "file:/x" become "file:///x").
//   - mailto (RFC 6068 2): no authority; the path is addr-specs separated
//     by ","; the domain of each is case-insensitive and normalizes to
//     lowercase (RFC 3986 6.2.3's example: "mailto:Joe@Example.COM" is
//     "mailto:Joe@example.com").
//   - urn (RFC 8141 2, 3.1): no authority; the path is NID ":" NSS; the
//     NID is case-insensitive and normalizes to lowercase. The r-, q- and
//     f-components are kept: RFC 3986 6.2.3 keeps fragments, and a URN
//     with them is a different URI even if it names the same resource.
//   - jdbc (Java's JDBC URLs, "jdbc:" subprotocol ":" subname): no rules
//     of syntax, since each driver defines its subname; its Secrets hook
//     masks what the subname holds: the secrets of a URI written after
//     the subprotocols ("jdbc:mysql://root:pw@db/x",
//     "jdbc:mysql:loadbalance://u:pw@h1:1,h2:2/db"), the values of
//     "password=" and the other credential keys of uri.SecretKeys among
//     its properties (SQL Server's "jdbc:sqlserver://h;user=u;password=pw",
//     MySQL's "jdbc:mysql://(host=h,password=pw)/db"), and Oracle's
//     "user/password@" ("jdbc:oracle:thin:scott/tiger@h:1521:x").
//   - names whose rootless path holds an "@" that is no password, so
//     that Redact does not read them as a DSN (see Secrets below),
//     registered with their default ports and no other rule: sip (RFC
//     3261 19.1.1, port 5060) and sips (port 5061), whose Secrets hook
//     masks the deprecated "sip:user:password@host", xmpp (RFC 5122), tag
//     (RFC 4151), acct (RFC 7565), news (RFC 5538), cid and mid (RFC
//     2392), tel (RFC 3966) and data (RFC 2397).
//
// # Scheme-based normalization
//
// [Registry.Normalize] gives the scheme-based normal form (RFC 3986
// 6.2.3), the third rung of the comparison ladder, in this order:
//
//  1. syntax-based normalization: u.Normalize() (6.2.2);
//  2. for every scheme, registered or not, an empty port and its ":" are
//     dropped (3.2.3: "URI producers and normalizers should omit the port
//     component and its ":" delimiter if port is empty");
//  3. for a scheme registered in the registry with a DefaultPort, a port
//     whose value is that default ("80", "080") is dropped with its ":"
//     (3.2.3, 6.2.3);
//  4. the scheme's Normalize hook, if it has one.
//
// Nothing else is generic: "an empty path becomes /" is a rule of http,
// https, ws and wss (see [Builtin]), not of every scheme with an
// authority. Empty queries and fragments stay (6.2.3: "Normalization
// should not remove delimiters when their associated component is empty
// unless licensed to do so by the scheme specification").
//
// # Secrets
//
// [Registry.RedactSpans] finds the secrets that [Registry.Redact] masks.
// When text parses as a URI reference, the spans are structural: a
// secret's bytes and nothing else, so that the masked text parses to the
// same scheme, host, port, path, query keys and fragment keys. They are
// the generic secrets of package uri ([uri.Reference.AppendSecrets]: the
// password, a token-shaped user name, the values of credential keys, the
// secrets of a URI nested in a query or fragment value, read by these same
// rules); the spans of the scheme's Secrets hook; and, for a scheme that
// is not registered in the registry, a rootless path with an "@" before
// any "/" (a DSN written without "//": "root:pw@tcp(db:3306)/app",
// "user:pw@host/db"), masked up to that "@", or a rootless path that
// starts a URI ("URL:http://u:pw@h/", "view-source:https://u:pw@h/"),
// whose secrets, with the query and fragment that follow, are read by
// these rules. A URI whose scheme's Validate hook rejects it and that has
// an "@" after its authority is a mistyped URI of that scheme
// ("amqp:/user:pw@host/v", "http:user:pw@host"): the text rules find its
// secrets too.
//
// Text that does not parse gets the text rules of [uri.TextSecrets], the
// rootless-DSN rule above read in text ("dsn root:pw@tcp(h)/db failed",
// for a scheme-like word that the registry does not register), and these
// rules for each of its words that parses. A valid URI that only looks like a
// password cut short ("http://u:1234#abc@h/" has the host "u", the port
// 1234 and the fragment "abc@h/") is masked as it parses: masking more
// would show another URI.
package scheme
