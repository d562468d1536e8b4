package scheme

import (
	"errors"
	"iter"
	"strings"

	"github.com/urikit/urikit/uri"
)

// The reasons that the built-in schemes' Validate hooks give, wrapped in a
// *uri.Error that says where (for errors.Is and errors.As). Each names the
// rule of the scheme's specification that the URI breaks.
var (
	// ErrMissingAuthority: the scheme's grammar requires "//" authority
	// (RFC 9110 4.2.1 and 4.2.2, RFC 6455 3, RFC 1738 3.1). Offset is
	// just after the scheme's ":".
	ErrMissingAuthority = errors.New("scheme requires an authority")
	// ErrAuthorityNotAllowed: the scheme's grammar has no authority (RFC
	// 6068 2, RFC 8141 2). Offset is the first "/" of "//".
	ErrAuthorityNotAllowed = errors.New("scheme does not allow an authority")
	// ErrEmptyHost: the scheme requires a non-empty host (RFC 9110 4.2.1:
	// "A sender MUST NOT generate an "http" URI with an empty host
	// identifier"; RFC 1738 3.1). Offset is where the host would be.
	ErrEmptyHost = errors.New("scheme requires a non-empty host")
	// ErrUserinfoNotAllowed: the scheme's grammar has no userinfo (RFC
	// 6455 3, RFC 8089 2). Offset is the start of the userinfo.
	ErrUserinfoNotAllowed = errors.New("scheme does not allow userinfo")
	// ErrPortNotAllowed: the scheme's grammar has no port (RFC 8089 2).
	// Offset is the port's ":".
	ErrPortNotAllowed = errors.New("scheme does not allow a port")
	// ErrFragmentNotAllowed: the scheme forbids fragments (RFC 6455 3:
	// "Fragment identifiers ... MUST NOT be used on these URIs"). Offset is
	// the "#".
	ErrFragmentNotAllowed = errors.New("scheme does not allow a fragment")
	// ErrSchemePath: the path does not match the scheme's grammar (RFC
	// 8089 2: an absolute path; RFC 6068 2: addr-specs separated by ",";
	// RFC 8141 2: NID ":" NSS). Offset is the first byte of the path that
	// the grammar cannot accept, or the path's end.
	ErrSchemePath = errors.New("path does not match the scheme's grammar")
	// ErrSchemeQuery: the query does not match the scheme's grammar (RFC
	// 8141 2: "?+" r-component and "?=" q-component). Offset is the "?".
	ErrSchemeQuery = errors.New("query does not match the scheme's grammar")
)

// Builtin returns the schemes that the default registry holds from the
// start, each with the rules of its own specification: http and https (RFC
// 9110 4.2), ws and wss (RFC 6455 3), ftp (RFC 1738 3.1, 3.2), file (RFC
// 8089 2), mailto (RFC 6068 2) and urn (RFC 8141 2, 3.1); jdbc, whose
// Secrets hook masks what a JDBC URL's subname holds; and names registered
// with their default ports only, so that Redact does not read them as a
// DSN: sip, sips, xmpp, tag, acct, news, cid, mid, tel and data. "Built-in
// schemes" in the package doc gives each one's rules.
//
// Each call returns new values: changing them changes no registry.
func Builtin() []Scheme {
	return []Scheme{
		{Name: "http", DefaultPort: 80, Validate: validateHTTP, Normalize: emptyPathSlash},
		{Name: "https", DefaultPort: 443, Validate: validateHTTP, Normalize: emptyPathSlash},
		{Name: "ws", DefaultPort: 80, Validate: validateWS, Normalize: emptyPathSlash},
		{Name: "wss", DefaultPort: 443, Validate: validateWS, Normalize: emptyPathSlash},
		{Name: "ftp", DefaultPort: 21, Validate: validateFTP},
		{Name: "file", Validate: validateFile, Normalize: normalizeFile},
		{Name: "mailto", Validate: validateMailto, Normalize: normalizeMailto},
		{Name: "urn", Validate: validateURN, Normalize: normalizeURN},
		{Name: "jdbc", Secrets: jdbcSecrets},
		{Name: "sip", DefaultPort: 5060, Secrets: sipSecrets}, {Name: "sips", DefaultPort: 5061, Secrets: sipSecrets},
		{Name: "xmpp"}, {Name: "tag"}, {Name: "acct"}, {Name: "news"},
		{Name: "cid"}, {Name: "mid"}, {Name: "tel"}, {Name: "data"},
	}
}

// jdbcSecrets yields the secrets of a jdbc URL's subname (see [Builtin]):
// of the URI written after the subprotocols, from the scheme-like word
// before the first "://" ("mysql://root:pw@db/x",
// "mysql:loadbalance://u:pw@h1,h2/db"), by the generic rules (the text
// rules when it does not parse, as a host list does not); the value of
// each "key=value" property whose key is a credential key, after ";",
// "(", ",", "&", ":" or "/", to the next ";", ")", "," or "&", or after a
// ";" to the next ";" or "&", the ends it shares with the generic rule of
// path parameters, which reads it too (SQL
// Server's "sqlserver://h;user=u;password=pw", MySQL's
// "//(host=h,password=pw)/db", DB2's "//h:50000/db:password=pw;",
// Teradata's "//h/PASSWORD=pw"); and Oracle's "user/password@" after
// "oracle:" and the driver name, in any case.
func jdbcSecrets(u uri.URI) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		p := u.Path()
		if u.HasAuthority() || p == "" || p[0] == '/' {
			// Not "jdbc:" subprotocol ":" subname: the generic rules
			// read it as they read any URI ("jdbc:///://:x" has an empty
			// host and the path "/://:x").
			return
		}
		base, _, _ := u.Span(uri.ComponentPath)
		var sp [][2]int
		if i := strings.Index(p, "://"); i >= 0 {
			j := i
			for j > 0 && (isAlpha(p[j-1]) || '0' <= p[j-1] && p[j-1] <= '9' || p[j-1] == '+' || p[j-1] == '-' || p[j-1] == '.') {
				j--
			}
			for s, e := range uri.RedactSpans(p[j:]) {
				sp = append(sp, [2]int{base + j + s, base + j + e})
			}
		}
		keyStart := -1
		for i := 0; i < len(p); i++ {
			switch c := p[i]; c {
			case ';', '(', ',', '&', ':', '/':
				keyStart = i + 1
			case '=':
				if keyStart < 0 {
					continue
				}
				// A value ends at a ";", ")", "," or "&". But the value of
				// a key after a ";" is also read by the generic rule of
				// path parameters (package uri), which ends it at a ";",
				// "/" or "&": there it ends at a ";" or "&" only, the ends
				// both rules share, so that the mask written over the value
				// hides no end of either and masking it again changes
				// nothing (";pass=)/" and ";pass=/)" are masked whole).
				ends := ";),&"
				if keyStart > 0 && p[keyStart-1] == ';' {
					ends = ";&"
				}
				v := i + 1
				for v < len(p) && strings.IndexByte(ends, p[v]) < 0 {
					v++
				}
				if v > i+1 && uri.IsSecretKey(p[keyStart:i]) {
					sp = append(sp, [2]int{base + i + 1, base + v})
				}
				keyStart = -1
				i = v - 1
			}
		}
		// Oracle: "oracle:" driver ":" user "/" password "@" ...
		if len(p) > len("oracle:") && strings.EqualFold(p[:len("oracle:")], "oracle:") {
			rest := p[len("oracle:"):]
			if c := strings.IndexByte(rest, ':'); c >= 0 {
				creds := rest[c+1:]
				if at := strings.IndexByte(creds, '@'); at > 0 {
					if sl := strings.IndexByte(creds[:at], '/'); sl >= 0 && sl+1 < at {
						off := base + len("oracle:") + c + 1
						sp = append(sp, [2]int{off + sl + 1, off + at})
					}
				}
			}
		}
		for _, s := range uri.SortSpans(sp) {
			if !yield(s[0], s[1]) {
				return
			}
		}
	}
}

// sipSecrets yields the password of a sip or sips URI's userinfo, which
// RFC 3261 19.1.1 writes in the path, "sip:user:password@host" (and
// deprecates, as RFC 3986 3.2.1 does): the text after the first ":" of
// what comes before the path's "@", when it has one.
func sipSecrets(u uri.URI) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		p := u.Path()
		at := strings.IndexByte(p, '@')
		if at < 0 {
			return
		}
		if c := strings.IndexByte(p[:at], ':'); c >= 0 && c+1 < at {
			base, _, _ := u.Span(uri.ComponentPath)
			yield(base+c+1, base+at)
		}
	}
}

// schemeError builds the *uri.Error that a Validate hook returns.
func schemeError(off int, c uri.Component, reason error) error {
	return &uri.Error{Offset: off, Component: c, Err: reason}
}

// validateHTTP checks RFC 9110 4.2.1 and 4.2.2: http-URI = "http" "://"
// authority path-abempty [ "?" query ], and "A sender MUST NOT generate an
// "http" URI with an empty host identifier. A recipient that processes
// such a URI reference MUST reject it as invalid."
func validateHTTP(u uri.URI) error {
	if err := requireAuthority(u); err != nil {
		return err
	}
	if start, _, _ := u.Span(uri.ComponentHost); u.Host() == "" {
		return schemeError(start, uri.ComponentHost, ErrEmptyHost)
	}
	return nil
}

// requireAuthority is the error of a URI without the authority that its
// scheme's grammar requires, at the start of the path, just after the
// scheme's ":".
func requireAuthority(u uri.URI) error {
	if u.HasAuthority() {
		return nil
	}
	start, _, _ := u.Span(uri.ComponentPath)
	return schemeError(start, uri.ComponentHost, ErrMissingAuthority)
}

// forbidAuthority is the error of a URI with an authority that its
// scheme's grammar does not have, at the first "/" of its "//", just after
// the scheme's ":".
func forbidAuthority(u uri.URI) error {
	if !u.HasAuthority() {
		return nil
	}
	_, colon, _ := u.Span(uri.ComponentScheme)
	return schemeError(colon+1, uri.ComponentHost, ErrAuthorityNotAllowed)
}

// validateWS checks RFC 6455 3: ws-URI = "ws:" "//" host [ ":" port ] path
// [ "?" query ], the same for wss, and "Fragment identifiers are
// meaningless in the context of WebSocket URIs and MUST NOT be used on
// these URIs."
func validateWS(u uri.URI) error {
	if err := requireAuthority(u); err != nil {
		return err
	}
	if start, _, ok := u.Span(uri.ComponentUserinfo); ok {
		return schemeError(start, uri.ComponentUserinfo, ErrUserinfoNotAllowed)
	}
	if start, _, ok := u.Span(uri.ComponentFragment); ok {
		return schemeError(start-1, uri.ComponentFragment, ErrFragmentNotAllowed) // the "#"
	}
	return nil
}

// validateFTP checks RFC 1738 3.1 and 3.2: "//" [ user [ ":" password ]
// "@" ] host [ ":" port ] [ "/" url-path ], where the host is required.
func validateFTP(u uri.URI) error { return validateHTTP(u) }

// emptyPathSlash is the empty-path rule of http and https (RFC 9110 4.2.3:
// "an empty path component is equivalent to an absolute path of "/"") and
// of ws and wss (RFC 6455 3: the resource name is "/" when the path is
// empty): with an authority, an empty path becomes "/" (RFC 3986 6.2.3).
func emptyPathSlash(u uri.URI) uri.URI {
	if !u.HasAuthority() || u.Path() != "" {
		return u
	}
	return must(u.WithPath("/"))
}

// validateFile checks RFC 8089 2: file-URI = file-scheme ":"
// file-hier-part; file-hier-part = ( "//" auth-path ) / local-path;
// auth-path = [ file-auth ] path-absolute; local-path = path-absolute;
// file-auth = "localhost" / host. There is no userinfo and no port.
func validateFile(u uri.URI) error {
	if start, _, ok := u.Span(uri.ComponentUserinfo); ok {
		return schemeError(start, uri.ComponentUserinfo, ErrUserinfoNotAllowed)
	}
	if start, _, ok := u.Span(uri.ComponentPort); ok {
		return schemeError(start-1, uri.ComponentPort, ErrPortNotAllowed) // the ":"
	}
	if start, _, _ := u.Span(uri.ComponentPath); !strings.HasPrefix(u.Path(), "/") {
		return schemeError(start, uri.ComponentPath, ErrSchemePath)
	}
	return nil
}

// normalizeFile gives a file URI that means the local machine the empty
// authority (RFC 8089 2: "localhost" is interpreted "exactly as if no
// authority was present"; RFC 3986 6.2.3: "the reference should be
// normalized to an empty authority"). "file://localhost/x" and "file:/x"
// become "file:///x". A URI with userinfo or a port keeps its host (6.2.3:
// then "the host should be given explicitly").
func normalizeFile(u uri.URI) uri.URI {
	switch {
	case u.HasAuthority() && u.Host() == "localhost" && !u.HasUserinfo() && !u.HasPort():
		return must(u.WithHost(""))
	case !u.HasAuthority() && strings.HasPrefix(u.Path(), "/"):
		// With an authority the "/." prefix that kept "//" from reading
		// as one is a dot segment again: normalize once more.
		return must(u.WithHost("")).Normalize()
	}
	return u
}

// validateMailto checks RFC 6068 2: mailtoURI = "mailto:" [ to ] [
// hfields ]; to = addr-spec *("," addr-spec ); addr-spec = local-part "@"
// domain. There is no authority.
func validateMailto(u uri.URI) error {
	if err := forbidAuthority(u); err != nil {
		return err
	}
	p := u.Path()
	if p == "" {
		return nil
	}
	off, _, _ := u.Span(uri.ComponentPath)
	for {
		addr, rest, more := strings.Cut(p, ",")
		at := strings.LastIndexByte(addr, '@')
		if at <= 0 || at == len(addr)-1 {
			return schemeError(off, uri.ComponentPath, ErrSchemePath)
		}
		// A local-part is dot-atom-text or a quoted-string (RFC 6068 2,
		// RFC 5322 3.4.1): an unquoted ":" is in neither
		// ("mailto:joe:pw@example.com" is a mistyped userinfo).
		if c := strings.IndexByte(addr[:at], ':'); c >= 0 && !strings.HasPrefix(addr, "%22") {
			return schemeError(off+c, uri.ComponentPath, ErrSchemePath)
		}
		if !more {
			return nil
		}
		off += len(addr) + 1
		p = rest
	}
}

// normalizeMailto lowercases the domain of every addr-spec of the path
// (RFC 6068 2, RFC 5321 2.4: domain names are case-insensitive; RFC 3986
// 6.2.3: "mailto:Joe@Example.COM" is equivalent to
// "mailto:Joe@example.com"). The domain is the text after the last "@" of
// each ","-separated addr-spec; the local part keeps its case, and so do
// the header fields of the query. Triplets keep their uppercase hex.
func normalizeMailto(u uri.URI) uri.URI {
	p := u.Path()
	if !mailtoNeedsLower(p) {
		return u
	}
	b := make([]byte, 0, len(p))
	for i, addr := range strings.Split(p, ",") {
		if i > 0 {
			b = append(b, ',')
		}
		at := strings.LastIndexByte(addr, '@')
		if at < 0 {
			// No domain: the text is a local part, whose case matters.
			b = append(b, addr...)
			continue
		}
		b = append(b, addr[:at+1]...)
		b = appendLowerOutsideTriplets(b, addr[at+1:])
	}
	return must(u.WithPath(string(b)))
}

// mailtoNeedsLower reports whether a domain of a mailto path has an
// uppercase letter outside a triplet.
func mailtoNeedsLower(p string) bool {
	for addr := range strings.SplitSeq(p, ",") {
		at := strings.LastIndexByte(addr, '@')
		if at < 0 {
			continue
		}
		if hasUpperOutsideTriplets(addr[at+1:]) {
			return true
		}
	}
	return false
}

// hasUpperOutsideTriplets reports whether s has an uppercase letter that is
// not a hex digit of a pct-encoded triplet.
func hasUpperOutsideTriplets(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '%' {
			i += 2
		} else if 'A' <= s[i] && s[i] <= 'Z' {
			return true
		}
	}
	return false
}

// appendLowerOutsideTriplets appends s with its letters lowercased, except
// the hex digits of its pct-encoded triplets (RFC 3986 6.2.2.1 keeps them
// uppercase).
func appendLowerOutsideTriplets(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) {
			b = append(b, s[i:i+3]...)
			i += 2
			continue
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	return b
}

// validateURN checks RFC 8141 2: namestring = assigned-name [
// rq-components ] [ "#" f-component ]; assigned-name = "urn" ":" NID ":"
// NSS; NID = (alphanum) 0*30(ldh) (alphanum); NSS = pchar *(pchar / "/");
// rq-components = [ "?+" r-component ] [ "?=" q-component ].
func validateURN(u uri.URI) error {
	if err := forbidAuthority(u); err != nil {
		return err
	}
	p := u.Path()
	off, end, _ := u.Span(uri.ComponentPath)
	nid, nss, ok := strings.Cut(p, ":")
	if !validNID(nid) {
		return schemeError(off, uri.ComponentPath, ErrSchemePath)
	}
	if !ok || nss == "" || nss[0] == '/' {
		return schemeError(off+len(nid)+1, uri.ComponentPath, ErrSchemePath)
	}
	if u.HasQuery() && !validURNQuery(u.Query()) {
		return schemeError(end, uri.ComponentQuery, ErrSchemeQuery) // the "?"
	}
	return nil
}

// validURNQuery matches the text after "?" of rq-components (RFC 8141 2):
// "+" r-component [ "?=" q-component ], or "=" q-component, where each
// component is pchar *( pchar / "/" / "?" ). The generic parser has already
// checked every byte, so only the first byte of each component, which must
// be a pchar, is left; an r-component ends at the first "?=".
func validURNQuery(q string) bool {
	startsWithPchar := func(c string) bool { return c != "" && c[0] != '/' && c[0] != '?' }
	switch {
	case strings.HasPrefix(q, "+"):
		r, qc, hasQ := strings.Cut(q[1:], "?=")
		return startsWithPchar(r) && (!hasQ || startsWithPchar(qc))
	case strings.HasPrefix(q, "="):
		return startsWithPchar(q[1:])
	}
	return false
}

// validNID matches NID = (alphanum) 0*30(ldh) (alphanum) (RFC 8141 2).
func validNID(nid string) bool {
	if len(nid) < 2 || len(nid) > 32 || nid[0] == '-' || nid[len(nid)-1] == '-' {
		return false
	}
	for i := 0; i < len(nid); i++ {
		c := nid[i]
		if !isAlpha(c) && !('0' <= c && c <= '9') && c != '-' {
			return false
		}
	}
	return true
}

// normalizeURN lowercases the NID (RFC 8141 3.1: "the "urn" scheme name
// and NID are case-insensitive"), the text before the first ":" of the
// path. The scheme is already lowercase (RFC 3986 6.2.2.1); the NSS keeps
// its case.
func normalizeURN(u uri.URI) uri.URI {
	p := u.Path()
	nid, _, ok := strings.Cut(p, ":")
	if !ok || !hasUpperOutsideTriplets(nid) {
		return u
	}
	b := make([]byte, 0, len(p))
	b = appendLowerOutsideTriplets(b, nid)
	b = append(b, p[len(nid):]...)
	return must(u.WithPath(string(b)))
}
