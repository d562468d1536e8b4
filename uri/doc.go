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
// # Values
//
// Every value keeps its input: accessors return the raw, still
// percent-encoded text of a component, String returns the input byte for
// byte, and absent differs from empty for every optional component
// ("http://a" has no query, "http://a?" an empty one; "x:/p" has no
// authority, "x:///p" an empty one; "//h" no port, "//h:" an empty one).
//
// A URI or a Reference holds the input text and the 32-bit offsets of its
// components, as the parser found them. On 64-bit platforms it is 48
// bytes: a 16-byte string header, six uint32 offsets (24 bytes), the
// presence bits with two bits that say whether the scheme and the host
// may need case normalization, and the host kind (2 bytes), padded to 48.
// Every field is a function of the text, so == on two values is equality
// of their text.
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
// # Percent-encoding
//
// [Escape] percent-encodes data for use as the whole text of a component
// and keeps every byte the component's rule allows, delimiters of
// subcomponents included: the path keeps "/" and the query keeps "&", "="
// and "+", so Escape("AC/DC", ComponentPath) is two segments and
// Escape("rock&roll=x", ComponentQuery) reads as two parameters. Use
// Escape for text that is the whole component, such as a path whose "/"
// are meant as separators. To escape one value inside a component, use
// the function for that value:
//
//   - [EscapeSegment] for one path segment (3.3): "/" is escaped;
//   - [EscapeUserinfoPart] for a username or a password (3.2.1): ":" is
//     escaped;
//   - [EscapeQueryPart] for one key or value of a query's pairs (3.4):
//     "&", "=", "+", ";" and "#" are escaped.
//
// # Resolution
//
// [URI.Resolve] follows RFC 3986 5.2.2 for a strict parser and recomposes
// as 5.3 says. A base URI has no fragment (5.1), so u's is ignored, and
// the dot-segments of u's path are used as written (5.2.3: "http://a/b/c/.."
// with "g" gives "http://a/b/c/g"). Resolve never fails: every component of
// the target is a component of u or r, and remove_dot_segments only drops
// whole segments. Where the letter of 5.2 gives a path that starts with
// "//" and there is no authority, the path gets the prefix "/." so that
// the result does not read back with an authority: "x:/a" with "..//y"
// gives "x:/.//y", not "x://y" (see Deviations).
//
// Resolution commutes with normalization: u.Resolve(r).Normalize() equals
// u.Normalize().Resolve(r.Normalize()).Normalize(), except when u's last
// path segment is ".." (normalizing u first would drop it and the segment
// before it) or an input holds "%2E", which normalization decodes into a
// dot-segment.
//
// Resolve allocates at most once, the target's text, and not at all when
// that text is the text of u or of r, except in one case: when the text is
// u's and remove_dot_segments has more than 256 bytes of path to walk, the
// buffer is made before that is known. It panics if the target would be 4
// GiB or longer, which takes inputs that long together.
//
// # Relativization
//
// [URI.Relativize] returns the shortest reference r, in bytes, with
// u.Resolve(r) == t, and on a tie the relative-path form (4.2). The forms
// it weighs, from the longest to the shortest, are:
//
//   - t itself, when t has another scheme or nothing shorter works;
//   - a network-path reference ("//host/p?q#f") when only the authority
//     differs;
//   - an absolute-path reference ("/p?q#f"; "/.//p" for a path that starts
//     with "//", which would otherwise read as an authority);
//   - a relative-path reference ("../x/y", "g", "./a:b" when the first
//     segment has a colon, ".//y" when it is empty, "." or ".." for a
//     directory), computed against u's path as 5.2.3 and 5.2.4 read it,
//     dot-segments included;
//   - a reference with an empty path when t's path is u's, as written:
//     "?q", "#f", "?q#f" or the empty reference "".
//
// Resolution removes dot-segments from every path it builds (5.2.4), so a
// target whose path has a dot-segment ("http://h/a/../b") comes back only
// from a reference with an empty path, when its path is u's; otherwise
// Relativize returns ok false. So does it for the zero URI as u or t.
//
// # Normalization
//
// [URI.Normalize] gives the syntax-based normal form (RFC 3986 6.2.2). It
// applies, in this order:
//
//  1. case normalization of the scheme (6.2.2.1): "HTTP:" becomes "http:";
//  2. percent-encoding normalization in every component (6.2.2.1,
//     6.2.2.2): the hex digits of every triplet become uppercase ("%3a"
//     becomes "%3A"), and a triplet that encodes an unreserved character
//     (2.3: ALPHA, DIGIT, "-", ".", "_", "~") is decoded ("%7E" becomes
//     "~"); a triplet that encodes a reserved character (2.2) or any other
//     octet stays encoded, because decoding it could change the meaning;
//  3. case normalization of the host (6.2.2.1), including letters that
//     step 2 decoded ("%45XAMPLE.com" becomes "example.com"); the hex
//     digits of the host's remaining triplets stay uppercase. An
//     IP-literal is lowercased as a whole ("[2001:DB8::1]" becomes
//     "[2001:db8::1]", "[V1.X]" becomes "[v1.x]") and never rewritten to
//     another form of the same address (no RFC 5952 compression);
//  4. path segment normalization (6.2.2.3): [RemoveDotSegments] on the path
//     of every URI, as 5.2.2 does to the path of a reference that has a
//     scheme ("foo:a/../b" becomes "foo:/b"); [Reference.Normalize] spares
//     a relative-path reference (4.2), whose dot segments mean something
//     only against a base.
//
// Dot segments are removed after step 2, so a segment written "%2E" or
// "%2E%2E" (in either case) is the segment "." or ".." (2.3: an
// unreserved character and its encoding are equivalent) and is removed
// like one: "http://h/a/%2E%2E/b" becomes "http://h/b".
//
// Normalize keeps everything that 6.2.2 does not license it to change:
// the case of userinfo, path, query and fragment; an empty query ("?"), an
// empty fragment ("#") and an empty port ("h:"), whose removal is
// scheme-based (6.2.3, see package scheme).
//
// When the result would have no authority and a path starting with "//",
// which would read back as an authority ("foo:/..//bar" whose path becomes
// "//bar"), the path gets the prefix "/." ("foo:/.//bar"), as resolution
// does (see Deviations).
//
// # IRIs
//
// [FromIRI] maps an IRI reference to a URI reference (RFC 3987 3.1):
//
//   - every character outside US-ASCII is pct-encoded as its UTF-8 octets,
//     with uppercase hex digits (3.1 step 2);
//   - a reg-name that holds such characters goes through IDNA instead: it
//     is pct-decoded to UTF-8 and converted with the idna.Lookup profile
//     (RFC 3987 3.1, RFC 5891 5), so "http://résumé.example/" gives
//     "http://xn--rsum-bpad.example/". The result must fit DNS: a label
//     of more than 63 octets or a name of more than 253 is an *Error with
//     ErrHostTooLong, found before IDNA runs when the host as written is
//     already too long. With [IRIHostPercentEncoded] the host is
//     pct-encoded like the rest, and no limit applies.
//
// FromIRI is strict: the result must be a URI-reference (RFC 3986 4.1),
// each non-ASCII character must be a ucschar, or an iprivate in the query
// (RFC 3987 2.2), in a component that allows them (not the scheme, the
// port or an IP-literal), and bidirectional formatting characters are
// rejected (4.1).
//
// [URI.IRI] and [Reference.IRI] go the other way, for display (RFC 3987
// 3.2). They decode the UTF-8 of a ucschar (or of an iprivate, in the
// query) and each triplet that encodes an unreserved character (RFC 3986
// 2.3). Everything else stays encoded as written: "%25", reserved
// characters (decoding them could change the meaning), octets that are
// not valid UTF-8, characters that an IRI cannot hold, bidirectional
// formatting characters (RFC 3987 4.1), and characters that display as
// nothing ("%E2%80%8B", ZERO WIDTH SPACE; the tag characters: RFC 3987 8
// on spoofing). A reg-name with a punycode label
// ("xn--", in any case) is shown through [URI.HostUnicode] when IDNA
// accepts it, and as written (with its triplets decoded as above)
// otherwise. RFC 3987 4.1's rules on the display order of right-to-left
// text are left to the renderer.
//
// # Query pairs
//
// RFC 3986 gives the query no structure beyond its characters (3.4):
// pairs split at "&" and "=" are the convention of HTML form encoding,
// application/x-www-form-urlencoded (WHATWG URL Standard), which
// [QueryPairs] reads without decoding anything. Every piece is a pair,
// empty pieces included, so that joining the Key "=" Value (or the Key
// alone when HasValue is false) of the pairs with "&" gives the query
// back: "a&&b" yields "a", "" and "b", and "&" yields two empty pairs.
// Skip the pairs whose Key is "" and whose HasValue is false to read as
// form encoding does.
//
// [URI.SetQueryParam], [URI.AddQueryParam], [URI.DeleteQueryParam] and
// [URI.SortQuery] edit those pairs in place: a key matches once
// percent-decoded ("%61=1" has the key "a"), new text is escaped with
// [EscapeQueryPart], and every pair that an edit does not touch keeps its
// bytes and its order (url.Values.Encode rewrites and sorts the whole
// query). [URI.QueryParam] and [URI.QueryParamForm] read the first value
// of a key decoded, the latter with "+" as a space. [URI.JoinPath] appends
// path segments as data (each escaped with [EscapeSegment], "/" as "%2F")
// and removes no dot-segment, where net/url's JoinPath does.
//
// # Extraction
//
// [Extract] and [ExtractReader] find URIs in running text as RFC 3986
// Appendix C describes: delimited by whitespace, double quotes or angle
// brackets (whitespace inside "<...>" removed, a "URL:" prefix dropped),
// each candidate found by its scheme and kept only if Parse accepts it.
// Two rules are this package's own and documented below: outside
// quotes and brackets, trailing punctuation (".", ",", ";", ":", "!",
// "?", an unbalanced ")" or "]", a closing quote) is dropped, although
// each can end a valid URI; and a URI broken over lines after a hyphen,
// which Appendix C leaves open, is reported both cut and joined
// ([Hyphen]). Suffix references such as "www.w3.org/Addressing/" (4.5)
// are completed by [CompleteSuffix] ("www." with "http://", "ftp." with
// "ftp://") only when asked, and are marked Completed. IRIs (RFC 3987),
// such as "http://www.bücher.test/", are found only when asked, with
// ExtractOptions.IRI, and are marked IRI. Extraction is linear, never
// buffers a candidate longer than ExtractOptions.MaxLen, and costs no
// allocation per match on a string, except for an IRI.
//
// # Finding URIs in text
//
// A candidate is found by its scheme (RFC 3986 3.1): a ":" after a run of
// scheme characters, ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), that
// starts with a letter once leading ".", "-" and "+" are dropped. The run
// may follow punctuation, so "url=http://a", "(http://a)" and
// "[x](http://a)" hold "http://a"; it may not start with a digit, so
// "2024-01-01T12:00" holds no candidate, nor follow "/", "\", "@", "%",
// "~", "&", "?", "#", or a letter or digit and "_", being then inside a
// path or a word ("src/main.go:12", "a_b:c"). A run longer than MaxLen is
// a candidate too long. With ExtractOptions.Suffix, a candidate also
// starts at "www." or "ftp." (any case) at the start of the text or after
// whitespace or one of ( [ { < > " ' = , ; * | and "`".
//
// Words that the grammar reads as URIs are reported: "localhost:8080"
// (scheme "localhost"), "time:06:45", "main.go:12", "jdbc:mysql://h/d"
// (scheme "jdbc"). ExtractOptions.Keep can keep only known schemes.
//
// A candidate Parse or Keep rejects is consumed all the same: no other
// candidate starts inside it. A candidate that covers more than MaxLen
// bytes is skipped up to its end, also consumed.
//
// # Delimiting URIs in text
//
// In running text a candidate ends where Appendix C's delimiters are: at
// whitespace (ASCII, and Unicode spaces such as U+00A0 and U+3000), at a
// double quote, at "<" or ">"; and also at a control byte, at "`"
// (Markdown's inline code), at "|", "^", "\", "{" and "}", which no URI
// or IRI holds (RFC 3986 2, RFC 3987 2.2: "http://a/b|c" gives
// "http://a/b", a table's cell or LaTeX's \url{http://a} gives its URI),
// and at the soft hyphen U+00AD, the hyphens and dashes U+2010-U+2015,
// the arrows U+2190-U+21FF, the typographic quotes, guillemets, ellipsis
// and full-width brackets and punctuation of U+2018-U+201E, U+00AB,
// U+00BB, U+2039, U+203A, U+2026, the ideographic comma and full stop
// U+3001 and U+3002, the CJK brackets and quotes U+3008-U+3011 and
// U+3014-U+301F, the full-width punctuation, brackets and digits
// U+FF01-U+FF1F, U+FF3B, U+FF3D and U+FF5B-U+FF60, and the half-width
// U+FF61-U+FF64, none of which a URI holds, and which an IRI (RFC 3987
// 2.2) is not read to hold either: in prose they end a sentence, a
// clause or a quotation, not a name ("http://例え.jp/。" ends at "。").
// Any other byte, non-ASCII ones included, stays in the candidate and may
// make Parse reject it: without ExtractOptions.IRI, an IRI
// ("http://example.com/café") is not reported (see "IRIs in text").
//
//   - "<" followed (after optional whitespace and "URL:") by a scheme and
//     ":", or with Suffix by "www." or "ftp.", opens a bracketed
//     candidate that runs to the next ">" with all ASCII whitespace inside
//     removed, so that a URI broken over lines comes out whole
//     (Appendix C's "<ftp://foo.example.\ncom/rfc/>"). Its Offset is that
//     of its first byte: the byte after "<" unless whitespace or "URL:"
//     comes first. A bracket left open, by "<", a double quote, "`", a
//     control byte, a blank line, the end of the input, or MaxLen bytes
//     without ">", is no bracket: the text after the "<" is read as
//     running text.
//   - A "URL:" prefix (any case), the designator Appendix C retires, is
//     dropped, also inside "<URL:...>".
//   - A candidate with a double quote just before it and one just after
//     it ("http://a/b.") is taken whole.
//   - Otherwise trailing punctuation is dropped by this package's own
//     heuristic, which is not Appendix C's: repeatedly, a final ".", ",",
//     ";", ":", "!" or "?"; a final ")" or "]" when the candidate holds
//     more of it than of "(" or "["; and a final "'", "*" or "_" that
//     closes the same byte just before the candidate ('http://a', or
//     Markdown's *http://a* and __http://a__). Each of these characters
//     can end a valid URI ("http://a/b." names another resource than
//     "http://a/b"): such a URI is found whole only in quotes or angle
//     brackets.
//   - A candidate whose line ends with "-" (spaces or tabs may follow)
//     and whose next line, after spaces and tabs, starts with a byte that
//     is no delimiter and not with a scheme and ":" (a URI of its own,
//     read apart) is reported twice (see [Hyphen]): with
//     [HyphenCut], the text up to and including the "-", and with
//     [HyphenJoined], the text joined with the next line's first word,
//     the hyphen kept and the whitespace around the break removed; the
//     joined text may again end with "-" at a line's end and go on. A
//     typographic hyphen at the line's end, U+2010 (which groff writes
//     where it hyphenates a long URL) or U+00AD, ends the candidate and
//     joins it the same way, the hyphen left out of both readings, since
//     no URI holds it. Only the readings Parse accepts are reported; a
//     joined reading longer than MaxLen is skipped.
//
// # IRIs in text
//
// With ExtractOptions.IRI, a candidate also holds the characters outside
// US-ASCII that an IRI holds (RFC 3987 2.2): ucschar anywhere, and
// iprivate in the query (after a "?" and before any "#"). It is found by
// its scheme, delimited and trimmed as above, and when Parse rejects it
// it is reported if [FromIRI] maps it to a URI (RFC 3987 3.1): the
// Match has IRI set, Text the IRI as written and URI the URI, its
// reg-name converted with IDNA ("http://аpple.com/", with a Cyrillic
// "а", gives "http://xn--pple-43d.com/"). Brackets, quotes, "URL:" and a
// hyphen at a line's end work as for a URI. Besides the delimiters above,
// an IRI candidate ends at:
//
//   - a bidirectional formatting character, which RFC 3987 4.1 forbids
//     in an IRI (LRM, RLM, LRE, RLE, PDF, LRO, RLO), or one that Unicode
//     added since (ALM U+061C, the isolates U+2066-U+2069): no reported
//     IRI holds one;
//   - invalid UTF-8: a byte that starts no valid sequence, a sequence cut
//     short, a surrogate or an overlong form;
//   - any other character that no IRI holds where it stands: a C1
//     control, a noncharacter such as U+FDD0 or U+FFFE, U+FFF0-U+FFFF
//     (U+FFFD, the replacement character, included), a tag U+E0000-U+E0FFF,
//     or an iprivate outside the query.
//
// Each of these ends the candidate where it stands, as a space would:
// the text before it is a candidate of its own and the text after it is
// read anew, so that nothing an IRI cannot hold makes a candidate
// swallow what follows. Inside "<...>" such a character, or a delimiter
// of running text outside US-ASCII, leaves the bracket open, and the text
// after the "<" is read as running text.
//
// Prose gives no delimiter between a URI and a word written right after
// it, and an IRI may hold the word's letters: "詳しくはhttp://example.com/を参照。"
// holds the IRI "http://example.com/を参照", whose path holds the
// Japanese words up to the ideographic full stop, and
// "http://example.com/café" is one IRI. A word after a space, as in
// "http://example.com/ für", is not part of it. Text before the scheme
// needs no delimiter: "詳しくはhttp://" starts a candidate at "http".
// Suffix references (4.5) are still found only in US-ASCII: "www." text
// holding other characters is not completed.
//
// # Encoded text
//
// Extraction reads the text as it is, and finds what the text says
// literally:
//
//   - Quoted-printable mail bodies (RFC 2045 6.7) must be decoded first,
//     with mime/quotedprintable.NewReader: a soft line break "=\r\n"
//     splits a URI (the "=" is a sub-delim, so the first part is reported
//     with it), and "=3D" stands for "=".
//   - In JSON, a string's quotes delimit a URI written plainly
//     ("http://a/b" is found), but one written with escapes is cut at the
//     first "\", which no URI holds: "http:\/\/a\/b" gives nothing and
//     "http://a/?q=1\u0026r=2" gives "http://a/?q=1"; decode the JSON first
//     to find those.
//   - HTML character references ("&amp;") are taken as written.
//
// # Suffix references
//
// With ExtractOptions.Suffix, a candidate that starts with "www." or
// "ftp." is completed by [CompleteSuffix] and reported with Completed set,
// never as if the text had said so. With Suffix set, a candidate such as
// "www.example.com:8080/x" is a suffix reference, although the grammar
// would read "www.example.com" as a scheme.
//
// RFC 3986 4.5 gives "www.w3.org/Addressing/" as its example and says that
// most registered names beginning with "www" are likely to have the prefix
// "http://"; "ftp." for "ftp://" is the other completion clients have long
// made. No other name is completed: "example.com/x" could as well be a
// file name, and the section warns that such heuristics are often wrong
// out of context and can be a security problem (RFC 1535).
//
// CompleteSuffix takes text that is an authority without userinfo, then a
// path and optionally a query and fragment: its host, up to the first
// ":", "/", "?" or "#", is the prefix and at least two more non-empty DNS
// labels of letters, digits and "-" (a final "." allowed), so that
// "ftp.log", "www.conf" or "www.bank.example@evil.example" (whose host
// would be "evil.example") are not completed; a port must be digits.
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
//   - the text before c, less its ASCII whitespace, does not end with "-",
//     U+2010 or U+00AD: a candidate that ends with a hyphen may go on
//     across the line break that may follow ([Hyphen]);
//   - the last "<" before c has a ">" after it and before c: a bracketed
//     candidate runs from "<" over whitespace and line breaks to the first
//     ">", and ends at the first other delimiter ("<", a double quote,
//     "`", a control byte), so an earlier "<" is ended by the last one.
//
// The same cuts hold with ExtractOptions.IRI: an IRI candidate also ends
// at ASCII whitespace, and where it is (before or in its query) is read
// from its own start.
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
//     A value is read so only when it can hold a secret: with an "@", an
//     "=" after a credential key or after a "://" (the query of a nested
//     URI, which its scheme's rules may read), or a "//" whose authority
//     has a ":" before something other than a port or a user name with
//     the shape of an access token, each written or encoded; the value of
//     a long form field ("?code=let+x%3D+1") is not read again. A piece
//     with no "=" that starts with a scheme and "://" and holds an "@",
//     the whole query or fragment ("#https://u:pw@h/"), is read as a value
//     is. Nesting is read four levels deep; deeper text gets the text
//     rules.
//
// A valid reference that only looks like a password cut short is masked
// as it parses: "http://u:1234#abc@h/" has the host "u", the port 1234
// and the fragment "abc@h/", and "http://localhost:4873/@types/node" a
// path with an "@". Masking more would print another URI.
//
// Text that does not parse (running text, messages, a mistyped URI) gets
// the text rules of [TextSecrets], which find every URI-like piece of the
// text:
//
//   - the password of each "user:password@" authority after a scheme's
//     ":" or a "//" ("http://u:pw@h", "jdbc:mysql://root:pw@db",
//     "redis:u:pw@h"), from its first ":" to the last "@" before the
//     next URI of the same word, so that a password cut short by an
//     unencoded "#", "/", "?" or "@" is masked whole ("amqp://u:p@ss@h");
//     a ":" followed by digits and then "/", "?" or "#" is a port
//     ("http://h:80/a@b" keeps its port and path);
//   - a password with no "@host" yet, which a space may have cut
//     ("http://u:pa ss@h", masked to that "@" after a space on the same
//     line), or which nothing follows ("postgres://app:s3cret",
//     "postgres://u:pa#ss", masked to the end of the word, since its "#",
//     "/" or "?" may be the password's);
//   - a user name with the shape of an access token ([IsTokenShaped]);
//   - the value of each key=value whose key is a credential key
//     ([IsSecretKey]), anywhere ("Password=pw;Server=h", "?sig=...",
//     "--password=pw"), to the next "&" or the end of the word.
//
// A word ends at a space, a control byte, a double quote, "<", ">" or "`"
// (RFC 3986 Appendix C's delimiters; an apostrophe is a sub-delim, and may
// be in a password). The text rules err towards masking; they cannot find
// a password split over lines or one outside these shapes.
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
//
// The cases of ErrNotRepresentable, by the component that net/url would
// change, and where the *Error's Offset points (counted from the start of
// the reference's String()):
//
//   - ComponentHost: a reg-name (3.2.2) with a percent-encoded byte that
//     net/url, which holds the host decoded, writes unescaped: ":", "[",
//     "]", a sub-delim, or one of `<>"`. Offset is the "%".
//     "http://a%3A80/x" would name host "a", port "80";
//     "http://%5B%3A%3A1%5D/" would name [::1]. (net/url escapes "@", "/",
//     "?", "#", "%", spaces, controls and non-ASCII bytes again, so those
//     stay as they are.)
//   - ComponentHost: an IPvFuture ("http://[v1.evil.com]/"): net/url's
//     Hostname would give "v1.evil.com", a reg-name, and url.Parse refuses
//     the text. Offset is the "[".
//   - ComponentHost: an empty authority that net/url does not write: after
//     a scheme before an empty path ("foo://", "foo://?q"), or without a
//     scheme ("//", "///p", which would read back as "/p"). Offset is the
//     first "/" of "//".
//   - ComponentUserinfo: a user name or password whose encoding net/url
//     changes beyond 6.2.2: it holds them decoded and escapes "!'()*" and
//     ":" in the password, but writes "$&+,;=" unescaped. Offset is the
//     first such byte (the "%" when it is percent-encoded).
//   - ComponentFragment: an empty fragment ("http://a#"), which net/url
//     cannot record. Offset is the "#".
package uri
