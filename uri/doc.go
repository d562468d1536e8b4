// Package uri implements the generic syntax of RFC 3986 (STD 66): a strict
// parser, immutable URI and Reference values, percent-encoding per
// component, reference resolution and syntax-based normalization. It knows
// no scheme: scheme rules live in package scheme and its plugins.
//
// # Terminology
//
// RFC 3986 names four forms, and this package follows its names:
//
//   - URI (section 3): scheme ":" hier-part [ "?" query ] [ "#" fragment ].
//     It always has a scheme. Parse reads it; the type is [URI].
//   - absolute-URI (4.3): a URI without a fragment, the form of a base URI
//     (5.1). [URI.IsAbsolute] tells.
//   - relative-ref (4.2): a reference without a scheme, read against a base:
//     a network-path ("//host/p"), absolute-path ("/p") or relative-path
//     ("p", "./a:b", "") reference.
//   - URI-reference (4.1): a URI or a relative-ref. ParseReference reads it;
//     the type is [Reference].
//
// Every value keeps its input: accessors return the raw, still
// percent-encoded text of a component, String returns the input byte for
// byte, and absent differs from empty for every optional component
// ("http://a" has no query, "http://a?" an empty one; "x:/p" has no
// authority, "x:///p" an empty one; "//h" no port, "//h:" an empty one).
//
// # Rationale
//
// The generic syntax gives structure only where the text has delimiters,
// so these are four different, valid URIs (RFC 3986 3, 3.3):
//
//   - "foo:" has an empty path (path-empty) and no authority;
//   - "foo:/" has the path "/" (path-absolute) and no authority;
//   - "foo://" has an empty authority (its host is the empty reg-name) and
//     an empty path (path-abempty);
//   - "foo:///" has an empty authority and the path "/".
//
// Whether a scheme allows them is that scheme's business (BCP 190), checked
// by package scheme, never by Parse. Likewise the host "01.2.3.4" is not an
// IPv4address (a dec-octet has no leading zero) but it is a valid reg-name,
// and "256.1.1.1" too; an empty port ("host:") is valid and kept.
//
// Parsing is strict: it accepts exactly Appendix A's grammar, never
// repairs, lowercases or decodes, and reports the first byte it cannot
// accept in an [*Error] that carries an offset, a component and a sentinel
// reason, but no text of the input. It is linear in the input, does not
// recurse and does not allocate.
//
// # Extraction
//
// [Extract] and [ExtractReader] find URIs in running text as RFC 3986
// Appendix C describes: delimited by whitespace, double quotes or angle
// brackets (whitespace inside "<...>" removed, a "URL:" prefix dropped),
// each candidate found by its scheme and kept only if Parse accepts it.
// Two rules are this package's own and documented on Extract: outside
// quotes and brackets, trailing punctuation (".", ",", ";", ":", "!",
// "?", an unbalanced ")" or "]", a closing quote) is dropped, although
// each can end a valid URI; and a URI broken over lines after a hyphen,
// which Appendix C leaves open, is reported both cut and joined
// ([Hyphen]). Suffix references such as "www.w3.org/Addressing/" (4.5)
// are completed by [CompleteSuffix] ("www." with "http://", "ftp." with
// "ftp://") only when asked, and are marked Completed. Extraction is
// linear, never buffers a candidate longer than ExtractOptions.MaxLen,
// and costs no allocation per match on a string.
//
// # Cutting text
//
// A reader that extracts in parallel cuts its text into chunks, extracts
// each on its own and puts the matches together, shifted to the chunk's
// place; [ExtractCut] finds where to cut. A position c of the text is a
// cut when:
//
//   - the byte before c is ASCII whitespace (SP, HT, LF, VT, FF, CR).
//     Every candidate of running text ends at whitespace, and so does a
//     candidate skipped as too long; every check that looks back from a
//     candidate's start (its scheme's run, the byte that would put it
//     inside a path or a word, an opening quote, "'", "*" or "_", the
//     boundary before "www.") stops at whitespace, or reads it as it
//     reads the start of the text;
//   - the last byte before c that is not ASCII whitespace is not "-": a
//     candidate that ends with a hyphen may go on across the line break
//     that may follow ([Hyphen]);
//   - the last "<" before c has a ">" after it and before c: a bracketed
//     candidate runs from "<" over whitespace and line breaks to the first
//     ">", and ends at the first other delimiter ("<", a double quote,
//     "`", a control byte), so an earlier "<" is ended by the last one.
//
// A hyphen or a "<" more than MaxLen+16 bytes before c does not count: no
// decision about a candidate reads more than MaxLen+16 bytes past the
// candidate's start. Nothing the extraction carries from one candidate to
// the next (where the last one ended, a candidate too long being skipped)
// then crosses c, and Line and Column count from the last "\n" before
// them, which the reader knows for the chunk's start.
//
// # Secrets
//
// A URI may carry secrets that no display, log or message should show
// (RFC 3986 3.2.1, 7.5). String and MarshalText stay lossless; Redacted,
// LogValue and [Redact] replace each secret with [RedactMask], and
// package scheme adds each scheme's own rules on top (scheme.Redact is
// the one entry point for text that may hold any URI).
//
// Where the text parses as a URI reference, masking is structural: it
// replaces a secret's bytes and changes no other byte, so the masked text
// parses to the same scheme, host, port, path, query keys and fragment
// keys ([Reference.Secrets], [Reference.AppendSecrets]). The secrets are:
//
//   - the userinfo's password, its text after the first ":"
//     ("http://u:pw@h/"; an empty one, "u:@h", stays empty);
//   - the value of each query pair, and of each key=value pair of the
//     fragment, split at "&", whose percent-decoded key matches a
//     credential key ignoring case ([SecretKeys], [IsSecretKey]):
//     password, passwd, pwd, pass and passphrase (the RabbitMQ key
//     passphrase, database drivers, ODBC); secret and client_secret (RFC
//     6749 2.3.1); token, access_token, refresh_token, id_token,
//     auth_token, session_token, private_token and jwt (RFC 6749 4.2.2
//     returns an access_token in the fragment, RFC 6750 2.3 sends one in
//     the query, GitLab reads private_token); api_key, apikey, api-key,
//     access_key and secret_key; and OpenTelemetry's url.query redaction
//     list, AWSAccessKeyId, Signature, sig and X-Goog-Signature, with the
//     version 4 forms X-Amz-Signature, X-Amz-Credential,
//     X-Amz-Security-Token and X-Goog-Credential. In a fragment a key is
//     read after its last "?" too ("#/callback?access_token=...");
//   - the value of each credential key among the ";key=value" parameters
//     of a path segment (RFC 3986 3.3: "/db;password=x"), and, in a
//     relative-path reference, among its key=value pairs split at "&" or
//     ";", which is how a connection string reads ("Password=pw;Server=h");
//   - a user name with the published shape of an access token
//     ([IsTokenShaped]: "https://ghp_...@github.com/o/r.git"), with or
//     without a password: a vendor's prefix and length, never a guess
//     from entropy;
//   - the secrets of a URI nested in a query or fragment value, written
//     or percent-encoded once, twice or three times
//     ("?next=https%3A%2F%2Fu%3Apw%40h%2F"), by these same rules, mapped
//     back to the bytes and triplets of the outer text; a nested text
//     that does not parse gets the text rules ("?next=postgres://app:pw").
//     Nesting is read four levels deep; deeper text gets the text rules.
//
// A valid reference that only looks like a password cut short is masked
// as it parses: "http://u:1234#abc@h/" has the host "u", the port 1234
// and the fragment "abc@h/", and "http://localhost:4873/@types/node" a
// path with an "@". Masking more would print another URI.
//
// Text that does not parse (running text, messages, a mistyped URI) gets
// the text rules of [TextSecrets], which find every URI-like piece of
// the text: "user:password@" after a scheme's ":" or a "//", to the last
// "@" before the next URI of the word (a password cut short by an
// unencoded "#", "/", "?" or "@" is masked whole); a password with no
// "@host" yet, to the end of its word or to an "@" after a space on the
// same line ("postgres://app:s3cret", "http://u:pa ss@h"); a token-shaped
// user name; and the value of each credential key in any key=value text
// ("Password=pw;Server=h"). They err towards masking.
//
// # Deviations
//
// Where this package departs from the letter of RFC 3986, it says so here,
// with the input that motivates the departure:
//
//   - IPv6 zone identifiers are rejected with [ErrZoneID]: RFC 3986 has no
//     zones, and RFC 6874, which added "[fe80::1%25eth0]", is obsoleted by
//     RFC 9844. This is the RFC's letter; it is listed because net/url
//     accepts zones.
//   - Inputs of 4 GiB or more are rejected with [ErrTooLong]: offsets are
//     32-bit. The RFC sets no limit.
//   - [Components.Reference] rejects a path that starts with "//" when there
//     is no authority ([ErrInvalidPath]): recomposed by the letter of 5.3
//     ("x:" + "//y") it would read back with the authority "y".
//   - [URI.Resolve] and [URI.ResolveNonStrict] prefix "/." to a target's
//     path when the letter of 5.2 gives a path that starts with "//" and
//     the target has no authority: "x:/a" with "..//y" gives "x:/.//y",
//     where 5.2 and 5.3 give "x://y", which reads back with the authority
//     "y" and the path "". The prefix is a dot-segment, so
//     remove_dot_segments (5.2.4) turns the path back into "//y". Every
//     other target is the RFC's, including the targets of a base whose
//     path ends with ".." ("http://a/b/c/.." with "g" gives
//     "http://a/b/c/g": 5.2.3 merges with the base path as written).
//   - [URI.Normalize] and [Reference.Normalize] prefix "/." when the
//     normalized path would start with "//" without an authority:
//     "foo:/..//bar" normalizes to "foo:/.//bar", where 6.2.2.3 by the
//     letter gives the path "//bar", and "foo://bar" would read back with
//     the authority "bar". The result stays idempotent.
//   - [URI.WithoutAuthority] and [Reference.WithoutAuthority] prefix "/." to
//     a path that starts with "//": "x://h//p" gives "x:/.//p", for the
//     same reason; [URI.WithPath] rejects such a path without an authority
//     ([ErrInvalidPath]), as Components does.
//   - [FromIRI], [URI.HostASCII] and [URI.HostUnicode] check the DNS limits
//     (RFC 1034 3.1, RFC 5890 2.3.2.1: 63 octets a label, 253 a name) on
//     the A-label form and, to keep the time linear, also before IDNA on
//     the decoded host counted in code points ([ErrHostTooLong]). A label
//     that only UTS #46 mapping would shorten to the limit (one padded with
//     ignored characters such as U+00AD, or in decomposed form) is
//     rejected although its A-label would fit. RFC 3986 3.2.2 itself sets
//     no limit on a reg-name, and Parse sets none.
//
// # net/url
//
// [FromURL] and [URI.URL] bridge to net/url. URL returns
// [ErrNotRepresentable], never a *url.URL that names another reference,
// for what net/url cannot hold: an encoded ":", "[", "]", sub-delim or
// `<>"` in a reg-name ("http://a%3A80/x" would dial the host "a" on port
// 80), userinfo that net/url escapes differently, an empty authority before
// an empty path or without a scheme ("foo://", "///p"), an empty fragment
// ("http://a#"). net/url's IsAbs is [URI.HasScheme] here; [URI.IsAbsolute]
// is RFC 3986's absolute-URI (4.3), a URI without a fragment.
package uri
