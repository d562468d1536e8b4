package uri

import (
	"bytes"
	"iter"
	"slices"
	"strings"
	"unsafe"
)

// This file holds the structural secret rules: where a secret lies in a
// parsed reference, by its components. redact.go holds the text rules for
// text that does not parse, and the composition of both.

// RedactMask is the text that replaces each secret in every masked form:
// Redacted, LogValue, [Redact], and the masked output of the packages
// above this one (RFC 3986 3.2.1: a password "SHOULD NOT" be rendered as
// clear text). An empty secret stays empty.
const RedactMask = "xxxxx"

// maxNest bounds how deep a URI nested in a query or fragment value (a
// value that holds a URI that holds a value that holds a URI ...) is read
// for secrets: each level costs one pass over its text, so time stays
// linear, and no call recurses more than this many times. Deeper text gets
// the text rules.
const maxNest = 4

// Secrets returns the spans of u.String() that hold a secret by the
// structural rules of the package doc ("Secrets"): the userinfo's
// password, a user name with the shape of an access token, the value of a
// query parameter, fragment pair or path parameter whose key is a
// credential key, and the secrets of a URI nested in a query or fragment
// value. The spans come in order and apart, as byte offsets; an empty
// secret yields none. [Reference.AppendSecrets] appends them to a
// caller's buffer instead.
func (u URI) Secrets() iter.Seq2[int, int] { return u.Reference().Secrets() }

// Secrets returns the spans of r.String() that hold a secret by the
// structural rules; see [URI.Secrets].
func (r Reference) Secrets() iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		var buf [8][2]int
		for _, sp := range r.AppendSecrets(buf[:0], nil) {
			if !yield(sp[0], sp[1]) {
				return
			}
		}
	}
}

// AppendSecrets appends to dst the spans of r.String() that hold a secret
// by the structural rules ([Reference.Secrets]), in order and apart, each
// as {start, end}, and returns the extended slice. It allocates nothing
// beyond dst's growth unless a query or fragment value holds a
// percent-encoded URI that may hold a secret.
//
// nested, when not nil, finds the secrets of a URI nested in a query or
// fragment value: it is called with the value's percent-decoded text and
// returns that text's secret spans, in order and apart (package scheme
// passes the registry's rules, so that a nested URI gets its scheme's
// rules too). With nil, the nested text gets this package's rules
// ([RedactSpans]). nested is called only for a value that may hold a
// secret: one with an "@", an "=" after a credential key ([IsSecretKey])
// or after a "://", or a "//" whose authority has a ":" before something
// other than a port or a token-shaped user name ([IsTokenShaped]),
// written or percent-encoded.
func (r Reference) AppendSecrets(dst [][2]int, nested func(text string) [][2]int) [][2]int {
	if nested == nil {
		return r.core.appendSecrets(dst, func(v string) [][2]int { return redactNested(v, 1) })
	}
	return r.core.appendSecrets(dst, nested)
}

// appendSecrets appends the structural secrets of c to dst, in order;
// nested reads nested values.
func (c core) appendSecrets(dst [][2]int, nested func(string) [][2]int) [][2]int {
	if c.flags&hasUserinfo != 0 {
		us, ue := int(c.authStart()), int(c.hostStart)-1
		ui := c.s[us:ue]
		colon := strings.IndexByte(ui, ':')
		user := ui
		if colon >= 0 {
			user = ui[:colon]
		}
		if IsTokenShaped(user) {
			dst = append(dst, [2]int{us, us + len(user)})
		}
		if colon >= 0 && colon+1 < len(ui) {
			dst = append(dst, [2]int{us + colon + 1, ue})
		}
	}
	if p := c.s[c.pathStart:c.pathEnd]; strings.IndexByte(p, '=') >= 0 {
		dst = appendPathSecrets(dst, c.s, int(c.pathStart), int(c.pathEnd), c.flags&(hasScheme|hasAuthority) == 0)
	}
	if c.flags&hasQuery != 0 {
		dst = appendPairSecrets(dst, c.s, int(c.pathEnd)+1, int(c.queryEnd), false, nested)
	}
	if c.flags&hasFragment != 0 {
		dst = appendPairSecrets(dst, c.s, int(c.queryEnd)+1, len(c.s), true, nested)
	}
	return dst
}

// appendPathSecrets appends the values of the credential keys among the
// parameters of the segments of the path s[start:end] (RFC 3986 3.3: a
// segment may hold ";key=value" parameters, "/db;password=x"), and, in a
// relative-path reference (rel: no scheme, no authority), among the
// key=value pairs that "&" or ";" split, which is how a connection string
// reads ("Password=pw;Server=h"). A value runs to the next ";", "/" or
// "&"; its key starts after the one before, or at the segment's start in
// rel.
func appendPathSecrets(dst [][2]int, s string, start, end int, rel bool) [][2]int {
	keyStart := start
	if !rel {
		keyStart = -1 // a key starts after a ";" only
	}
	for i := start; i < end; i++ {
		switch c := s[i]; {
		case c == ';' || rel && c == '&':
			keyStart = i + 1
		case c == '/':
			keyStart = -1
			if rel {
				keyStart = i + 1
			}
		case c == '=' && keyStart >= 0:
			v := i + 1
			for v < end && s[v] != ';' && s[v] != '/' && s[v] != '&' {
				v++
			}
			if v > i+1 && IsSecretKey(s[keyStart:i]) {
				dst = append(dst, [2]int{i + 1, v})
			}
			keyStart = -1
			i = v - 1
		}
	}
	return dst
}

// appendPairSecrets appends the secrets of the key=value pairs of
// s[start:end], a query or a fragment, split at "&" (the convention of
// HTML form encoding that [QueryPairs] reads): the whole value of a pair
// whose key is a credential key ([IsSecretKey]), and the secrets of a URI
// nested in any other value. In a fragment, a key is read after its last
// "?" too ("#/callback?access_token=..."), as single-page applications
// write a query in the fragment.
func appendPairSecrets(dst [][2]int, s string, start, end int, fragment bool, nested func(string) [][2]int) [][2]int {
	for i := start; i <= end; {
		pe := strings.IndexByte(s[i:end], '&')
		if pe < 0 {
			pe = end
		} else {
			pe += i
		}
		p := s[i:pe]
		eq := strings.IndexByte(p, '=')
		if at := strings.IndexByte(p, '@'); at >= 0 && (eq < 0 || at < eq) && startsAuthorityURI(p) {
			// A piece that is a URI with a userinfo, "=" only after its
			// "@": the whole query or fragment ("#https://u:pw@h/",
			// "#https://u:pw@h/?a=1", "?{+url}" of a URI Template),
			// read as a value is.
			dst = appendNested(dst, p, i, nested)
		} else if eq >= 0 {
			key, vs := s[i:i+eq], i+eq+1
			// A key after a ";" of its piece ("a=1;password=x" is read
			// through the nested rules; "x;token=y" here), and in a
			// fragment after a "?".
			if k := strings.LastIndexByte(key, ';'); k >= 0 {
				key = key[k+1:]
			}
			// After a "?" too: a query in the fragment
			// ("#/cb?access_token=..."), a second "?" in the query
			// ("?/cb?token=...", "??token=...").
			if q := strings.LastIndexByte(key, '?'); q >= 0 {
				key = key[q+1:]
			}
			switch {
			case vs == pe:
			case IsSecretKey(key):
				dst = append(dst, [2]int{vs, pe})
			default:
				dst = appendNested(dst, s[vs:pe], vs, nested)
			}
		}
		i = pe + 1
	}
	return dst
}

// startsAuthorityURI reports whether p starts with a scheme and "://"
// (RFC 3986 3.1, 3.2).
func startsAuthorityURI(p string) bool {
	n := parseScheme(p)
	return n > 0 && strings.HasPrefix(p[n:], "://")
}

// appendNested appends, in the offsets of the outer text (v starts at
// base), the secrets of the URI that v, a query or fragment value, may
// hold: nested reads v percent-decoded, and each span of the decoded text
// maps back to the bytes and triplets that wrote it.
func appendNested(dst [][2]int, v string, base int, nested func(string) [][2]int) [][2]int {
	triplets, maybe, _ := nestTrigger(v) // v is query or fragment text: its triplets are valid
	if !maybe {
		return dst
	}
	if triplets == 0 {
		for _, sp := range nested(v) {
			dst = append(dst, [2]int{base + sp[0], base + sp[1]})
		}
		return dst
	}
	// A value may be encoded twice or three times (a URI in a value of a
	// URI in a value): decode until the text has secrets or no triplet.
	var levels [3]string
	levels[0] = v
	for k := 1; k < len(levels); k++ {
		d := unescape(levels[k-1], triplets)
		levels[k] = d
		sp := nested(d)
		if len(sp) > 0 {
			for j := k; j > 0; j-- {
				sp = mapEncoded(levels[j-1], sp)
			}
			for _, x := range sp {
				dst = append(dst, [2]int{base + x[0], base + x[1]})
			}
			return dst
		}
		var valid bool
		if triplets, maybe, valid = nestTrigger(d); triplets == 0 || !maybe || !valid {
			break
		}
	}
	return dst
}

// mapEncoded maps spans of the percent-decoding of enc (in order and
// apart; out-of-order ones are dropped) to the bytes and triplets of enc
// that write them, in place.
func mapEncoded(enc string, spans [][2]int) [][2]int {
	raw, dec := 0, 0 // enc[raw:] decodes to the text from dec on
	out := spans[:0]
	for _, sp := range spans {
		if sp[0] < dec || sp[1] <= sp[0] {
			continue
		}
		for ; dec < sp[0] && raw < len(enc); dec++ {
			raw += rawLen(enc[raw])
		}
		rs := raw
		for ; dec < sp[1] && raw < len(enc); dec++ {
			raw += rawLen(enc[raw])
		}
		out = append(out, [2]int{rs, raw})
	}
	return out
}

// rawLen is the length of the text that writes one decoded octet whose
// text starts with c: 3 for a triplet, else 1.
func rawLen(c byte) int {
	if c == '%' {
		return 3
	}
	return 1
}

// nestTrigger reports whether the value v (valid query or fragment text)
// may hold a nested URI with a secret: a secret needs an "@" (a userinfo),
// an "=" after a credential key (secretKeyBefore) or after a "://" (a
// nested URI's query, which a scheme's Secrets hook may read), or a "//"
// (an authority whose password has no "@host" yet, or whose user name has
// a token's prefix, tokenPrefixAt), written or percent-encoded ("%40",
// "%3D"; "%25" may encode any of them once more). A "//", each "/"
// written or encoded (or a backslash, as the text rules read one), counts
// only when a ":" follows it in the authority with something other than
// a port after it (authorityPassword), so that the common
// "https://example.com/cb" and "https%3A%2F%2Fexample.com%2Fcb" are not
// read again; the authority ends at a written "/", "?" or "#", or at an
// encoded byte that ends a word of text (authorityEnd). triplets counts
// the value's triplets; valid is false when a "%" starts none (a decoded
// value may hold one: "%25zz" decodes to "%zz"), and such text is not
// decoded again.
func nestTrigger(v string) (triplets int, maybe, valid bool) {
	valid = true
	authEnd := 0     // the end of the last authority read
	uriSeen := false // a "://", written or encoded, before i
	for i := 0; i < len(v); i++ {
		if !nestByte[v[i]] {
			continue
		}
		n := 0 // the length of a "/" at i, written or encoded
		switch v[i] {
		case '@':
			maybe = true
		case '=':
			maybe = maybe || uriSeen || secretKeyBefore(v, i)
		case '/', '\\':
			n = 1
		case '%':
			if i+2 >= len(v) || hexPair(v[i+1], v[i+2]) < 0 {
				valid = false
				continue
			}
			triplets++
			switch hexPair(v[i+1], v[i+2]) {
			case 0x40, 0x25:
				maybe = true
			case 0x3D:
				maybe = maybe || uriSeen || secretKeyBefore(v, i)
			case '/', '\\':
				n = 3
			}
		}
		if n == 0 || maybe {
			continue
		}
		m := slashLen(v[i+n:])
		if m == 0 {
			continue
		}
		// A "://": a nested URI, whose query a scheme's own rules may
		// read after an "=" (a Secrets hook).
		uriSeen = uriSeen || i > 0 && v[i-1] == ':' || i >= 3 && v[i-3] == '%' && hexPair(v[i-2], v[i-1]) == ':'
		a := i + n + m
		for a < len(v) {
			if k := slashLen(v[a:]); k > 0 {
				a += k
				continue
			}
			break
		}
		// A user name with the shape of an access token, which the text
		// rules mask whatever follows its ":" (a port, nothing).
		if tokenPrefixAt(v[a:]) {
			maybe = true
			continue
		}
		// A "//" whose authority starts inside one read already ends
		// where it ends: its authority is a suffix of that one, which
		// holds no password either.
		if i+n+m > authEnd {
			end := authorityEnd(v[i+n+m:])
			maybe = authorityPassword(v[i+n+m : i+n+m+end])
			authEnd = i + n + m + end
		}
	}
	return triplets, maybe, valid
}

// secretKeyBefore reports whether the text of v before i, an "=" written
// or encoded, ends with a credential key ([IsSecretKey]) once its
// triplets are decoded, in any case: what every rule that masks a value
// after an "=" needs (a structural pair, a path parameter, the text
// rules' key=value, and the Secrets hooks of the built-in schemes). The
// run read back holds letters, digits, "_" and "-", the bytes of every
// credential key, written or encoded; an encoded "%" may encode anything
// and reads as yes.
func secretKeyBefore(v string, i int) bool {
	var buf [maxSecretKey]byte
	n := 0 // buf[len(buf)-n:] holds the run read back, lowercase
	for j := i; j > 0 && n < len(buf); {
		c, w := v[j-1], 1
		if j >= 3 && v[j-3] == '%' {
			if h := hexPair(v[j-2], v[j-1]); h >= 0 {
				c, w = byte(h), 3
			}
		}
		if c == '%' && w == 3 {
			return true
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '_' || c == '-') {
			break
		}
		n++
		buf[len(buf)-n] = c
		j -= w
	}
	if n == 0 {
		return false
	}
	run := unsafe.String(&buf[len(buf)-n], n)
	for _, k := range secretKeyList {
		if strings.HasSuffix(run, k) {
			return true
		}
	}
	return false
}

// keyFirst holds the first byte of each key of secretKeys, lowercase, for
// IsSecretKey to reject most keys at their first byte.
var keyFirst = func() (t [256]bool) {
	for k := range secretKeys {
		t[k[0]] = true
	}
	return t
}()

// authorityEnd returns where the authority that starts a, after a "//"
// in a value, ends: at a written "/", "?" or "#" (an encoded one ends it
// only once decoded, and reading it longer finds more), or at a triplet
// that encodes a byte that ends a word of text (endsWord: a space, a
// control byte, a quote, an angle bracket, a backquote): decoded, such
// text does not parse as a URI reference, and the text rules read its
// words apart ("//+a+comment%0Alet+x:+u8"). One pass, so that the
// authorities of a value are read in linear time.
func authorityEnd(a string) int {
	for i := 0; i < len(a); i++ {
		switch a[i] {
		case '/', '?', '#':
			return i
		case '%':
			if i+2 < len(a) {
				if h := hexPair(a[i+1], a[i+2]); h >= 0 && endsWord(byte(h)) {
					return i
				}
			}
		}
	}
	return len(a)
}

// tokenPrefixAt reports whether s, once its triplets are decoded, starts
// with the prefix of an access token (tokenPrefixes, IsTokenShaped).
func tokenPrefixAt(s string) bool {
	var buf [16]byte
	n, _ := decodeInto(buf[:], s[:min(len(s), 3*len(buf))])
	d := unsafe.String(unsafe.SliceData(buf[:]), n)
	for _, t := range tokenPrefixes {
		if strings.HasPrefix(d, t.prefix) {
			return true
		}
	}
	return false
}

// nestByte are the bytes that nestTrigger reads: "@", "=", "/", "\\"
// and "%".
var nestByte = [256]bool{'@': true, '=': true, '/': true, '\\': true, '%': true}

// slashLen returns the length of the "/" that starts s, written (1) or
// encoded (3), or 0. A backslash counts as one, as the text rules read it
// (isSlash: a browser reads "https:\\h" as "https://h").
func slashLen(s string) int {
	switch {
	case s != "" && isSlash(s[0]):
		return 1
	case len(s) >= 3 && s[0] == '%':
		if c := hexPair(s[1], s[2]); c == '/' || c == '\\' {
			return 3
		}
	}
	return 0
}

// authorityPassword reports whether a, the authority after a "//"
// written or encoded (up to a written "/", "?" or "#": an encoded one
// ends it only once decoded, and reading it longer finds more), has a
// ":", written or encoded, followed by something other than digits: a
// password with no "@host" yet ("postgres://app:pw"), where a port
// ("https://h:8443/cb") or no ":" at all holds no secret.
func authorityPassword(a string) bool {
	for i := 0; i < len(a); i++ {
		switch {
		case a[i] == ':':
			return !allDigits(a[i+1:])
		case a[i] == '%' && i+2 < len(a) && hexPair(a[i+1], a[i+2]) == 0x3A:
			return !allDigits(a[i+3:])
		}
	}
	return false
}

// hexPair returns the octet of two hex digits, or -1 when they are not.
// It is small enough to be inlined in the scans that call it per "%".
func hexPair(a, b byte) int {
	h, l := hexValue[a], hexValue[b]
	if h|l > 0xF {
		return -1
	}
	return int(h<<4 | l)
}

// hexValue is the value of each HEXDIG (RFC 3986 2.1), in either case,
// and 0xFF for any other byte.
var hexValue = func() (t [256]byte) {
	for i := range t {
		t[i] = 0xFF
	}
	for c := byte('0'); c <= '9'; c++ {
		t[c] = c - '0'
	}
	for c := byte('a'); c <= 'f'; c++ {
		t[c], t[c-'a'+'A'] = c-'a'+10, c-'a'+10
	}
	return t
}()

// secretKeyList is the keys whose values are secrets, lowercased, so that
// [IsSecretKey] matches them ignoring case. Each is on the list for the
// reason given; see also the package doc, "Secrets". secretKeyBefore reads
// it in this order.
var secretKeyList = []string{
	// Passwords: the RabbitMQ key passphrase and database drivers
	// (password), Unix and ODBC habits (passwd, pwd, pass), key files.
	"password", "passwd", "pwd", "pass", "passphrase",
	// Shared secrets: OAuth 2.0 client credentials (RFC 6749 2.3.1).
	"secret", "client_secret",
	// Bearer tokens: OAuth 2.0 (RFC 6749 4.2.2 returns access_token in the
	// fragment; RFC 6750 2.3 sends access_token in the query), OpenID
	// Connect's id_token, GitLab's private_token, and the generic names.
	"token", "access_token", "refresh_token", "id_token",
	"auth_token", "session_token", "private_token", "jwt",
	// API keys as services name them.
	"api_key", "apikey", "api-key", "access_key", "secret_key",
	// OpenTelemetry's semantic conventions list these for redaction in
	// url.query: AWS signature version 2 (AWSAccessKeyId, Signature),
	// Azure shared access signatures (sig) and Google Cloud signed URLs
	// (X-Goog-Signature).
	"awsaccesskeyid", "signature", "sig", "x-goog-signature",
	// The same signatures' version 4 forms: AWS SigV4 presigned URLs and
	// Google Cloud V4 signing, whose credential and session token grant
	// access as the signature does.
	"x-amz-signature", "x-amz-credential", "x-amz-security-token",
	"x-goog-credential",
}

// secretKeys holds the keys of secretKeyList, for IsSecretKey.
var secretKeys = func() map[string]struct{} {
	m := make(map[string]struct{}, len(secretKeyList))
	for _, k := range secretKeyList {
		m[k] = struct{}{}
	}
	return m
}()

// maxSecretKey is the length of the longest key of secretKeys.
const maxSecretKey = len("x-amz-security-token")

// SecretKeys returns the credential keys whose values the structural and
// text rules mask, lowercased and sorted (see the package doc,
// "Secrets"). The list is for documentation and tests; [IsSecretKey]
// matches a key against it.
func SecretKeys() []string {
	keys := slices.Clone(secretKeyList)
	slices.Sort(keys)
	return keys
}

// IsSecretKey reports whether key, the raw key of a query or fragment pair,
// names a secret: whether, percent-decoded (RFC 3986 2.1), it matches a
// key of [SecretKeys] ignoring ASCII case ("Password", "pass%77ord",
// "X-Amz-Signature"). It allocates nothing.
func IsSecretKey(key string) bool {
	if len(key) == 0 || len(key) > 3*maxSecretKey {
		return false
	}
	if c := key[0] | 0x20; key[0] != '%' && !keyFirst[c] {
		// No credential key starts with this letter: most keys of a
		// query ("q", "id", "utm_source") end here.
		return false
	}
	var buf [maxSecretKey]byte
	n, ok := decodeInto(buf[:], key)
	if !ok {
		return false
	}
	for i, c := range buf[:n] {
		if 'A' <= c && c <= 'Z' {
			buf[i] = c + 'a' - 'A'
		}
	}
	_, ok = secretKeys[string(buf[:n])]
	return ok
}

// tokenPrefixes are the published prefixes of access tokens that are
// written as a user name ("https://TOKEN@host/..."), with the least
// length of what follows the prefix: GitHub (ghp_, gho_, ghu_, ghs_, ghr_:
// 36 characters; github_pat_), GitLab (glpat-, and its deploy, runner,
// trigger and OAuth tokens), Slack (xox?-, xapp-), npm (npm_), PyPI
// (pypi-), Hugging Face (hf_), Docker Hub (dckr_pat_), DigitalOcean
// (dop_v1_), Shopify (shpat_) and Stripe's secret and restricted keys.
var tokenPrefixes = []struct {
	prefix string
	min    int
}{
	{"ghp_", 36}, {"gho_", 36}, {"ghu_", 36}, {"ghs_", 36}, {"ghr_", 36},
	{"github_pat_", 22},
	{"glpat-", 20}, {"gldt-", 20}, {"glrt-", 20}, {"glptt-", 20}, {"gloas-", 20},
	{"xoxb-", 10}, {"xoxp-", 10}, {"xoxa-", 10}, {"xoxr-", 10}, {"xoxs-", 10},
	{"xoxe-", 10}, {"xapp-", 10},
	{"npm_", 36}, {"pypi-", 50}, {"hf_", 30}, {"dckr_pat_", 20},
	{"dop_v1_", 64}, {"shpat_", 32},
	{"sk_live_", 16}, {"rk_live_", 16}, {"sk_test_", 16}, {"rk_test_", 16},
}

// IsTokenShaped reports whether user, the user name of a userinfo as
// written (its triplets decoded: "ghp%5F..." is "ghp_..."), has the
// published shape of an access token: one of the
// prefixes of the package doc ("Secrets"), then at least as many
// characters of [A-Za-z0-9_-] as the vendor's tokens have, and nothing
// else. The shapes are the vendors' own; nothing is guessed from entropy,
// so "git" or "deploy" is never taken for a token.
func IsTokenShaped(user string) bool {
	if len(user) < 13 {
		return false
	}
	if strings.IndexByte(user, '%') >= 0 {
		// Decoded: "ghp%5F..." is the same token.
		var buf [256]byte
		n, ok := decodeInto(buf[:], user)
		if !ok || n == 0 || bytes.IndexByte(buf[:n], '%') >= 0 {
			return false
		}
		return n > 0 && isTokenShaped(unsafe.String(&buf[0], n))
	}
	return isTokenShaped(user)
}

// decodeInto writes s with its valid triplets decoded (RFC 3986 2.1) into
// dst and returns how many bytes it wrote; ok is false when they do not
// fit.
func decodeInto(dst []byte, s string) (n int, ok bool) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) {
			if h := hexPair(s[i+1], s[i+2]); h >= 0 {
				c = byte(h)
				i += 2
			}
		}
		if n == len(dst) {
			return n, false
		}
		dst[n] = c
		n++
	}
	return n, true
}

// isTokenShaped is IsTokenShaped of a user name with no triplet.
func isTokenShaped(user string) bool {
	for _, t := range tokenPrefixes {
		if !strings.HasPrefix(user, t.prefix) || len(user)-len(t.prefix) < t.min {
			continue
		}
		for i := len(t.prefix); i < len(user); i++ {
			c := user[i]
			if !('a' <= c|0x20 && c|0x20 <= 'z' || '0' <= c && c <= '9' || c == '_' || c == '-') {
				return false
			}
		}
		return true
	}
	return false
}
