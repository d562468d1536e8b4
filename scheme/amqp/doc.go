// Package amqp implements the amqp and amqps URI schemes of the RabbitMQ
// URI specification on top of RFC 3986: Parse checks the spec's grammar
// strictly, the accessors give the spec's values decoded with absent and
// empty kept apart, Build writes the canonical form, Lint reports the
// mistakes operators make, and the password never shows.
//
// Importing the package registers amqp (default port 5672) and amqps
// (5671) in the default scheme registry (see Schemes).
//
// # Values
//
// Appendix A of the spec, row by row, is what the accessors return:
// "amqp://user%61:%61pass@ho%61st:10000/v%2fhost" has the username
// "usera", the password "apass", the host "hoast", the port 10000 and the
// vhost "v/host"; "amqp://" has none of them; "amqp://:@/" has the empty
// username, the empty password and the empty vhost, and no host (a
// zero-length host counts as absent); "amqp://host/" has the empty vhost,
// "amqp://host" none, and "amqp://host/%2f" the vhost "/". The host
// "[::1]" keeps its brackets; Hostname gives "::1" for dialing.
//
// # Decisions
//
//   - The scheme is case-insensitive (RFC 3986 3.1, RFC 5234 2.3):
//     "AMQPS://h" is valid and Secure.
//   - amqps takes a query: the spec's amqps ABNF omits it, but its text
//     says the syntax is that of amqp, and every client reads one.
//   - An empty port ("amqp://h:") is valid RFC 3986 and reads as absent
//     (3.2.3: omit an empty port); it is a lint.
//   - A port without a host ("amqp://:10000", Appendix A row 9) is valid,
//     as the spec says; it is a lint, since the reference Erlang client
//     rejects it.
//   - A fragment is an error: the spec's grammar has none, and in practice
//     it comes from an unencoded "#" in a password or vhost.
//   - Query parameters never make Parse fail.
//   - Errors are *Error values that name the spec's value, give a hint and
//     wrap a *uri.Error with the offset; no error holds input text, and an
//     error in the credentials points at the userinfo's start, never
//     inside it.
//
// # Deviations
//
// Where the package is stricter than the letter of the spec, with the
// input that motivates it:
//
//   - A port above 65535 is an error ("amqp://host:99999"): the spec's port
//     is RFC 3986's *DIGIT, but no TCP port is that large, and clients
//     that accept it fail later or wrap around.
//   - A username, password, host or vhost whose decoded octets are not
//     UTF-8 is an error ("amqp://u:%FF@h"): the spec says credentials
//     "should be regarded as UTF-8 encoded"; for the host and the vhost the
//     rule is ours, since the broker's names are UTF-8 text.
//
// # Normalization and dot segments
//
// scheme.Normalize and scheme.Equivalent apply RFC 3986 6.2.2 and 6.2.3 to
// amqp URIs: the scheme and host in lowercase, hex digits in uppercase,
// unreserved characters decoded, the default port dropped, the port
// without leading zeros. They never add or remove a vhost. But generic
// normalization treats a vhost "." or ".." (also written "%2E") as a dot
// segment (RFC 3986 6.2.2.3), so scheme.Normalize maps "amqp://h/." to
// "amqp://h/", the empty vhost, while Vhost returns "." as written. Such a
// vhost is a lint (dot-vhost). Everywhere else, two amqp URIs are
// equivalent exactly when their spec values are equal (the host compared
// ignoring case, an absent port as the scheme's default).
//
// # Secrets
//
// String, GoString, every fmt verb, LogValue, MarshalText (and so JSON)
// show the URI with a non-empty password, and a non-empty "password" query
// parameter (the TLS key's passphrase), replaced by "xxxxx". There is no
// UnmarshalText, since reading back a redacted text would change the
// password; Unredacted returns the generic URI with the input. Redact
// masks the credentials of text that does not even parse.
package amqp
