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
// # Grammar
//
// Parse reads the spec's grammar ("The amqp URI scheme", "The amqps URI
// scheme"):
//
//	amqp_URI       = "amqp://" amqp_authority [ "/" vhost ] [ "?" query ]
//	amqp_authority = [ amqp_userinfo "@" ] host [ ":" port ]
//	amqp_userinfo  = username [ ":" password ]
//	username       = *( unreserved / pct-encoded / sub-delims )
//	password       = *( unreserved / pct-encoded / sub-delims )
//	vhost          = segment
//
// with host, port, segment and query from RFC 3986; amqps_URI is the same
// after "amqps://". The decisions below read it where the spec is loose.
//
// Parse reads a URI of this grammar in one pass, checking as it goes
// what the spec adds (the UTF-8 and the NUL of the decoded values, the
// port's range), and keeps the offsets of its components, so that the
// accessors only slice, or decode a component that holds a triplet. An
// input that the pass does not take (an error, an IPvFuture or a zone in
// the host) is read again by uri.Parse and the same checks, whose verdict
// and error stand: the errors are the same whichever way a URI is read.
// The two readings agree on every input that the pass accepts (the
// tests' FuzzScan).
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
//   - A username or password that decodes to a NUL octet is an error
//     ("amqp://k8s-operat%00or:pw@h"; ErrCredentialNUL): the spec allows
//     any octet, but SASL PLAIN (RFC 4616) separates its fields with NUL,
//     so the broker would receive another login (amqplib splits the name
//     into two fields, rabbitmq-c cuts it at the NUL).
//
// # Building
//
// Build writes Values in the spec's canonical form: the scheme in
// lowercase; no userinfo when the username is absent, "u@" and "u:@"
// kept apart; the host as given, a reg-name percent-encoded, an
// IP-literal as written, and an IPv6 address without brackets (as
// Config.Host and Hostname give it: "::1") in brackets ("[::1]"), never
// as a reg-name; the port only when present, in decimal; no path when the
// vhost is absent, "/" for the empty vhost, "/%2F" for the vhost "/"
// (never "amqp://host/", which the spec reads as the empty vhost); the
// query as given but for its ":" and "@", written as triplets (which
// decode to the same values). Username, password and vhost are
// percent-encoded with uppercase hex (RFC 3986 2.1) wherever RFC 3986
// requires it and also for "+", which some clients decode as a space, and
// ";"; in the vhost ":" and "@" too, as in the normal form, so that no
// "@" or ":" follows the authority in the text and a reader that takes
// the last "@" for the end of the credentials reads the right host (the
// vhost "a@b:c" is "/a%40b%3Ac"). A value set without its
// presence flag is an error (ErrValueWithoutPresence): absent and empty
// differ, and Build drops nothing silently. A host that Parse refuses
// once encoded is an error: one that decodes to a delimiter, a space or a
// control character, as "a/b", or an IPv6 address with a zone,
// "fe80::1%en0", which RFC 3986 cannot write.
//
// # Failover lists
//
// The spec gives a URI a single authority, so several brokers are several
// URIs: RabbitMQ Federation (the upstream's "uri") and Shovel ("src-uri",
// "dest-uri") take a list and connect to one of its URIs. ParseList reads
// such a list written as text: URIs separated by commas or ASCII white
// space (space, tab, newline, carriage return, vertical tab, form feed),
// amqp and amqps mixed.
//
// A "," always ends an entry, wherever it stands: there are no commas
// inside one authority, so "amqp://h1,h2/v" is the entry "amqp://h1" and
// the entry "h2/v", which is not an amqp URI. In two places that matter
// for secrets, the entry does not end. First, a piece that starts no URI
// (no scheme and "://") but holds an "@" belongs to the entry before it,
// when that entry starts with a scheme and "://" and not an IP-literal
// host: the credentials may hold the separator ("amqp://u:a,b@h", and
// also "amqp://u:ab@cd,ef@h", whose first piece has an "@" of its own),
// so the entry runs on to the last such piece before the next piece that
// starts a URI. Second, when a separator follows the value of a
// "password" query parameter (a value that runs on over an "&" followed
// by a piece without "=", see the lint password-param-cut) and text other
// than a URI follows it, the entry runs on to the end of that text. Such
// an amqp or amqps entry fails with ErrSeparatorInSecret, reported at the
// start of the secret (an entry of another scheme fails with ErrScheme at
// its start), so that neither the secret nor the place of the separator
// in it shows: no entry starts inside it. RedactList masks such a list
// the same way, even when it does not parse.
//
// # Lints
//
// Lint and URI.Lint report, at the port, the host, the userinfo and the
// vhost, in this order:
//
//   - empty-port: "amqp://h:" (RFC 3986 3.2.3: omit an empty port; read
//     as absent, an error in the reference Erlang client);
//   - port-zero: port 0, which no broker listens on;
//   - port-without-host: "amqp://:10000" is valid (spec Appendix A) but
//     the reference Erlang client rejects it;
//   - plain-on-tls-port, tls-on-plain-port: amqp on 5671 or amqps on 5672,
//     the common mistake of a TLS client on a plain port or the reverse;
//   - ip-host-tls: amqps to an IP address (or an IPvFuture literal, which
//     names no DNS name either), written as one or as a reg-name that
//     decodes to one ("%31.2.3.4"): TLS sends no SNI for it, so the
//     certificate needs an IP SAN; not when a non-empty
//     server_name_indication names the server, whose name is then sent
//     and checked;
//   - guest-remote: the username "guest" to a host that is not loopback,
//     which RabbitMQ refuses by default (its loopback_users), at the
//     userinfo; or no userinfo at all to such a host, at the host, since
//     clients then log in as guest:guest (amqp091-go, the Erlang client,
//     Java, .NET, pika: DefaultUsername and DefaultPassword; the spec
//     leaves absent credentials to clients). Loopback is an absent host,
//     "localhost" or "localhost." in any case, 127.0.0.0/8 in
//     dotted-decimal form, ::1 and ::ffff:127.0.0.0/104 (a reg-name by its
//     decoding); "127.1" and the other short forms are not;
//   - plus-in-userinfo: a "+" in the userinfo, which Ruby's and PHP's
//     clients decode as a space;
//   - non-ascii-host: a reg-name that decodes to non-ASCII octets (use the
//     IDNA A-label, "xn--");
//   - empty-vhost: "amqp://host/" names the empty vhost; the vhost "/" is
//     "amqp://host/%2F", and several clients read "/" here instead;
//   - dot-vhost: the vhost "." or "..": scheme.Normalize removes it as a
//     dot segment (RFC 3986 6.2.2.3), "amqp://h/." becoming "amqp://h/";
//   - credentials-after-authority: an "@" in the vhost or the query, which
//     is how credentials read when an unencoded "/" or "?" cut them short
//     ("amqp://user:12/34@host" has the host "user", the port 12 and the
//     vhost "34@host"); String shows such text as it parses;
//
// and then, for the query parameters in their order, each at the start of
// its pair (the message never holds a name or a value of the input):
//
//   - tls-param-on-amqp: a TLS parameter (cacertfile, certfile, keyfile,
//     password, verify, server_name_indication, depth,
//     fail_if_no_peer_cert, customize_hostname_check) on amqp://, where
//     the Erlang client ignores it and Bunny fails;
//   - verify-none: verify=verify_none turns off the check of the server's
//     certificate;
//   - fail-if-no-peer-cert: fail_if_no_peer_cert is an OTP ssl server
//     option, which OTP 26 rejects on a client;
//   - plus-in-tls-path: a "+" in cacertfile, certfile or keyfile, which the
//     Erlang client keeps and form decoders (amqp091-go, Config) read as a
//     space; write %2B for a "+", %20 for a space;
//   - heartbeat-zero: heartbeat=0 asks for no heartbeats (it is not "the
//     default"): amqp091-go then takes the broker's interval (RabbitMQ
//     proposes 60 s), so heartbeats stay on with it, while a client that
//     does disable them leaves a dead peer unnoticed until TCP gives up;
//   - unknown-param: a parameter that no client in the registry reads,
//     perhaps misspelt (the message never names it);
//   - unknown-auth-mechanism: an auth_mechanism other than plain, amqplain
//     or external (in any case: what amqp091-go accepts, only when
//     dialing);
//   - password-param-cut: the "password" parameter (the TLS key's
//     passphrase) followed by a piece without "=" ("password=ab&cd", also
//     "&&" or a trailing "&"): by RFC 3986 and form encoding the value
//     ends at the "&", but no parameter is written that way, so an
//     unencoded "&" has probably cut the passphrase; write it %26. String
//     and the printed forms mask the value up to the "&", as the URI
//     parses; the rest shows.
//
// Text that does not parse gets the findings a scan of the text itself
// can make: a zone identifier (which Parse rejects), a "//" path and a
// non-ASCII host.
//
// Each code has one severity (scheme.Severity): error for what a client
// refuses or cannot reach (port-zero, port-without-host, zone-id,
// non-ascii-host, unknown-auth-mechanism), notice for a spelling to tidy
// (empty-port, heartbeat-zero, unknown-param), and warning for every
// other.
//
// # Query parameters
//
// The query is RFC 3986's and Parse never reads it (Parse neither fails
// nor allocates because of a parameter). Params, Config and Lint read its
// pairs (split as uri.QueryPairs splits them, in order, never a map) as
// Go's url.ParseQuery
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
// is not the default; connection_timeout in milliseconds, 0 meaning the
// default. amqp091-go's dial-time defaults are the Default* constants.
//
// Where one side rejects what the other accepts:
//
//   - No "//" after the scheme ("amqp:h", "amqp:", "amqps:h/v"):
//     amqp091-go accepts it and dials localhost, on the default port, vhost
//     "/", whatever follows; Parse rejects it (ErrNoAuthority).
//   - An IPv6 address without brackets ("amqp://::1"): amqp091-go reads
//     the host ":" and the port 1; Parse rejects the port ("::1" is
//     written "[::1]", RFC 3986 3.2.2).
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
//   - A username or password that decodes to a NUL ("amqp://u%00x:pw@h"):
//     amqp091-go sends it in its SASL PLAIN response; Parse rejects it.
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
//     customize_hostname_check (https); on amqps:// only, since on amqp://
//     no client reads a TLS parameter and Config checks none.
//   - A negative connection_timeout ("connection_timeout=-1"), which
//     amqp091-go accepts (and dials with), and one above 9223372036854 ms,
//     whose time.Duration overflows there.
//   - A single-valued parameter given twice ("heartbeat=5&heartbeat=6"):
//     amqp091-go reads the first.
//   - A single-valued parameter without a value ("certfile=", "password"):
//     amqp091-go reads an empty path or server name as absent.
//   - An auth_mechanism without a value ("auth_mechanism="): amqp091-go
//     offers the broker a mechanism with an empty name.
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
// unreserved characters decoded, the default port and an empty port
// dropped, the port without leading zeros ("amqp://h:0080" and
// "amqp://h:80" name one port), and the triplets of octets that the
// spec's grammar allows as themselves decoded in the credentials, a
// reg-name host and the vhost ("amqp://u%21@h/%41" becomes
// "amqp://u!@h/A": the spec compares decoded values), while "%2F", a
// "%3A" in the userinfo and "%25" stay. The octets that some client reads
// otherwise are written as triplets, encoded or not in the input: "+"
// (a space to pika and Bunny) and ";" in the credentials and the vhost,
// ":" and "@" in the vhost ("amqp://u+1@h/a@b" becomes
// "amqp://u%2B1@h/a%40b"), so that the normal form reads the same in
// every client and, masked, never as another authority. They never add
// or remove a vhost,
// and never change the case of credentials or vhost. But generic
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
// List, Values, Secret, Config and Param mask the same. A Config's
// printed forms are written from one field table (Config.Fields): String,
// LogValue and MarshalJSON show the same fields, in the same order, with
// Password and KeyPassword masked and, in a Config of URI.Config, every
// field whose text in the URI String masks (a token-shaped user name, the
// value of an unknown parameter under a credential key or holding a
// nested URI's password, and the like). A masked string shows as
// "xxxxx", a masked number or bool as "xxxxx" in String and LogValue and
// as null in JSON. There is no
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
// password included; a Config's Password, KeyPassword and the text of
// the URI it was read from (kept for its printed forms), a Param's Value
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
