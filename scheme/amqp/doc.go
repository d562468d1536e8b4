// Package amqp implements the amqp and amqps URI schemes of the RabbitMQ
// URI specification on top of RFC 3986: Parse checks the spec's grammar
// strictly, the accessors give the spec's values decoded with absent and
// empty kept apart, Build writes the canonical form, Lint reports the
// mistakes operators make, and the password never shows. For dialing,
// Params reads the typed query parameters, Config gives the view with
// defaults that github.com/rabbitmq/amqp091-go v1.16.0 gives, and
// package amqptls builds a crypto/tls configuration from a Config, so
// that a program that only parses links no TLS.
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
//   - A reg-name host with a triplet that decodes to a control character, a
//     space, "%", "\\" or an RFC 3986 delimiter is an error
//     ("amqps://good.com%00.evil.com", "amqp://a%2Fb"; ErrHostOctet): the
//     spec's host is RFC 3986's, which allows any triplet, but no host name
//     holds these octets, and a resolver that stops at the NUL would dial
//     "good.com" while the TLS check reads the whole name.
//
// # Query parameters
//
// The query is RFC 3986's and Parse never reads it (Parse neither fails
// nor allocates because of a parameter). Params, Config and Lint read its
// pairs (uri.QueryPairs, in order, never a map) as Go's url.ParseQuery
// does, and so amqp091-go: split at "&", empty pieces skipped, key and
// value form-decoded ("+" is a space). ParamSpecs is the registry of the
// parameters that the RabbitMQ "URI Query Parameters" page, the Erlang
// client and amqp091-go read: heartbeat (s), connection_timeout (ms),
// channel_max, frame_max (octets), auth_mechanism (the only repeatable
// one), cacertfile, certfile, keyfile, password (the passphrase of keyfile,
// a secret, never the login password), verify, server_name_indication,
// depth, fail_if_no_peer_cert and customize_hostname_check, each with its
// type, unit, range, default and source. An unknown parameter is kept in
// order (Config.Unknown) and linted, never an error.
//
// # Config and amqp091-go
//
// For every URI that both accept, Config's Scheme, Host, Port, Username,
// Password, Vhost, CertFile, CACertFile, KeyFile, ServerName,
// AuthMechanism, Heartbeat (as seconds) and ConnectionTimeout and
// ChannelMax equal what amqp091-go v1.16.0 ParseURI yields: scheme in
// lowercase; host "localhost" when absent, an IPv6 address without
// brackets; port 5672 or 5671 when absent or empty; guest/guest without
// userinfo, the password "guest" for a username without ":"
// ("amqp://user@h"); vhost "/" when absent or empty ("amqp://h/" too,
// where the spec says the empty vhost); ServerName "" and AuthMechanism nil
// when absent; heartbeat in seconds, with HasHeartbeat since heartbeat=0
// disables heartbeats; connection_timeout in milliseconds, 0 meaning the
// default. amqp091-go's dial-time defaults are the Default* constants.
//
// Where one side rejects what the other accepts:
//
//   - Appendix A row 3, "amqp://user%61:%61pass@ho%61st:10000/v%2fhost":
//     amqp091-go rejects it (net/url refuses an encoded ASCII byte in a
//     host); Config gives "usera", "apass", "hoast", 10000, "v/host".
//   - An IPvFuture host ("amqp://[v1.x]"): accepted here (RFC 3986
//     3.2.2); Go 1.26's net/url takes only an IPv6 address in brackets.
//     Hostname and Config.Host keep its brackets, so that a dial fails
//     instead of looking up the name "v1.x".
//   - A port above 65535 ("amqp://h:99999"): amqp091-go takes any port that
//     fits 32 bits; Parse rejects it.
//   - A username, password, host or vhost that decodes to invalid UTF-8
//     ("amqp://u:%FF@h"): amqp091-go takes the octets; Parse rejects them.
//   - An empty host and a vhost that decodes to start with "//"
//     ("amqp:///%2F%2Fvh", both accept): amqp091-go drops the first three
//     bytes of the decoded path when the host is empty, and reads "vh";
//     Config gives "//vh", the spec's value.
//   - A query with a byte RFC 3986 3.4 does not allow or a bad triplet
//     ("amqp://h/v?zz=\"0", "amqp://h/v?a=%zz", "<", ">", "^"): net/url
//     keeps the query as written and amqp091-go drops the pairs it cannot
//     decode; Parse rejects it, at the byte.
//   - The rest of Parse's strictness: an IPv6 zone, a second ":" or a raw
//     "@" in the userinfo, a multi-segment vhost, a fragment, which
//     amqp091-go accepts (see Decisions and Deviations).
//   - Our typed checks of parameters that amqp091-go ignores: frame_max (0
//     or 4096 to 4294967295), verify (verify_peer or verify_none), depth (0
//     to 2147483647), fail_if_no_peer_cert (true or false),
//     customize_hostname_check (https).
//   - A negative connection_timeout ("connection_timeout=-1"), which
//     amqp091-go accepts (and dials with), and one above 9223372036854 ms,
//     whose time.Duration overflows there.
//   - A single-valued parameter given twice ("heartbeat=5&heartbeat=6"):
//     amqp091-go reads the first.
//   - A single-valued parameter without a value ("certfile=", "password"):
//     amqp091-go reads an empty path or server name as absent.
//   - An unencoded ";" in a known parameter ("cacertfile=/a;b"): net/url
//     drops that pair, so amqp091-go ignores the parameter.
//   - More than 10000 pairs: net/url then reads no parameter at all.
//
// The URI values Config checks and amqp091-go rejects too: a heartbeat or
// channel_max that is not 0 to 65535 in digits, a connection_timeout that
// is not an integer.
//
// # TLS
//
// Package amqptls (github.com/urikit/urikit/scheme/amqp/amqptls) builds
// the *tls.Config a client dials amqps with from a Config's TLS
// parameters: amqptls.Config(c). It lives apart so that Parse, Config and
// Lint link neither crypto/tls nor crypto/x509. Its errors are *Error
// values too, whose Field names the parameter and whose offset is the
// pair's (Config.ParamOffset).
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
// show the URI masked by scheme.Redact, the one model of secrets: a URI
// that parses is masked structurally (a non-empty password, a non-empty
// "password" query parameter, the TLS key's passphrase, through this
// package's Secrets hook, and the other secrets of package uri: a
// credential key such as "token", a token-shaped user name, a nested
// URI's password). The spec's grammar has no fragment, so a "#" after the
// last pair's passphrase is masked with it ("?password=ab#cd"). A URI that
// only looks like a password cut short shows as it parses
// ("amqp://user:12/34@host"; lint credentials-after-authority), and so
// does a "password" parameter that an unencoded "&" cut
// ("password=ab&cd": the value is "ab", and the lint password-param-cut
// says why "cd" may be its rest): masking more would show another URI.
// List, Values, Secret, Config (Password and KeyPassword, and every field
// whose text String masks) and Param mask the same. There is no
// UnmarshalText, since reading back a redacted text would change the
// password; Unredacted returns the generic URI with the input. RedactList
// masks the credentials of a list that does not even parse;
// scheme.Redact those of any text.
//
// What no method can cover: fmt (and so log, and slog's TextHandler, which
// prints a struct with %+v) calls no method of a value that it reaches
// through an unexported struct field, since reflection may not call them;
// it prints the value as it is made, field by field. A URI (and so a List)
// is its input and offsets, so %v of struct{ u amqp.URI } prints the input,
// password included; a Config's Password and KeyPassword, a Param's Value
// and a Values' Host, Vhost and Query (which may hold a passphrase, or the
// pieces of a cut password) are strings and print as written; the same
// holds below any unexported field, in a slice, a map or an interface
// there. Only a pointer below the top level prints as an address: a Secret
// holds its text behind one, so the Password of a Values shows nothing
// even there. The other types cannot: a URI stays a comparable value that
// Parse makes without allocating, and Config's fields are the strings a
// client dials with (amqp091-go's). A struct that keeps them in unexported
// fields should keep a pointer instead (*amqp.URI, *amqp.Config, which
// print as addresses), or export the field (fmt then calls its Format), or
// give the struct its own String, Format and LogValue. encoding/json skips
// unexported fields, so JSON is not concerned.
//
// Errors hold no input text. An error that arises inside the userinfo,
// or in credentials cut short by an unencoded "#", "/" or "?", is reported
// at the userinfo's start; an error after the userinfo (a port out of
// range, a second vhost segment) is reported at its byte, so its offset
// tells the length of the userinfo, though none of its bytes: that is the
// price of a caret under the right byte (see uri.Error), and why a parser
// for secret-bearing text should not show offsets to whoever must not
// learn the password's length.
package amqp
