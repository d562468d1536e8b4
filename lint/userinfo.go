package lint

import (
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"

	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/uri"
)

//go:generate go run gen_tld.go

// userinfo reports password-present (RFC 3986 7.5) and userinfo-host
// (7.6), both at the userinfo's first byte. The password is never read:
// its presence is the ":" in the userinfo.
func (l *linter) userinfo() {
	start, end, ok := l.span(uri.ComponentUserinfo)
	if !ok {
		return
	}
	if strings.IndexByte(l.s[start:end], ':') >= 0 {
		l.add(CodePasswordPresent, uri.ComponentUserinfo, start, 0)
	}
	if user, _ := l.u.Username(); hostLike(user) {
		l.add(CodeUserinfoHost, uri.ComponentUserinfo, start, 0)
	}
	user, _, _ := strings.Cut(l.s[start:end], ":")
	if uri.IsTokenShaped(user) {
		l.add(CodeTokenInUserinfo, uri.ComponentUserinfo, start, 0)
	}
}

// inSecret reports whether the byte at i lies in a span that
// scheme.RedactSpans masks.
func (l *linter) inSecret(i int) bool {
	var buf [8][2]int
	for _, sp := range scheme.Default().AppendRedactSpans(buf[:0], l.s) {
		if sp[0] <= i && i < sp[1] {
			return true
		}
	}
	return false
}

// secrets reports secret-in-query and secret-in-fragment (RFC 3986 7.5)
// where scheme.RedactSpans finds a secret in those components, at the
// first one's start.
func (l *linter) secrets() {
	qs, _, hasQuery := l.span(uri.ComponentQuery)
	fs, _, hasFragment := l.span(uri.ComponentFragment)
	if !hasQuery && !hasFragment {
		return
	}
	var buf [8][2]int
	inQuery, inFragment := false, false
	for _, sp := range scheme.Default().AppendRedactSpans(buf[:0], l.s) {
		switch {
		case hasFragment && sp[0] >= fs:
			if !inFragment {
				l.add(CodeSecretInFragment, uri.ComponentFragment, sp[0], 0)
			}
			inFragment = true
		case hasQuery && sp[0] >= qs && !inQuery:
			l.add(CodeSecretInQuery, uri.ComponentQuery, sp[0], 0)
			inQuery = true
		}
	}
}

// specialTLDs are the special-use top-level names of RFC 2606 and RFC 6761
// (and "internal", "local", "onion"), which the public suffix list leaves
// out but documentation, tests and local networks use as hosts.
var specialTLDs = []string{"example", "internal", "invalid", "local", "localhost", "onion", "test"}

// hostLike reports whether name, decoded text, starts with text that
// a reader takes for a host (RFC 3986 7.6: "ftp://cnn.example.com&story=
// breaking_news@10.0.0.1/top_story.htm"): "localhost", an IPv4 address as
// inet_aton reads it (atonHost), or two or more DNS labels of letters, digits and "-"
// whose last label is a top-level domain (tlds: the ICANN top-level
// suffixes of the public suffix list, as golang.org/x/net/publicsuffix
// holds them) or a special-use name (RFC 6761), or whose first label is
// "www". "first.last" is not host-like; "john.name" is (".name"
// is a top-level domain). A name with non-ASCII characters is read as
// its A-labels ("аpple.com", with a Cyrillic "а", is host-like).
func hostLike(name string) bool {
	n := 0
	for n < len(name) && (isLDH(name[n]) || name[n] == '.' || name[n] >= utf8.RuneSelf) {
		n++
	}
	p := strings.TrimSuffix(name[:n], ".")
	if p == "" {
		return false
	}
	if !isASCII(p) {
		// An internationalized name ("аpple.com", Cyrillic "а") is the
		// host its A-labels name (RFC 5890 2.3.2.1), which IDNA's lookup
		// mapping gives (UTS #46 4; full-width dots become ".").
		a, err := idna.Lookup.ToASCII(p)
		if err != nil || !isASCII(a) {
			return false
		}
		p = strings.TrimSuffix(a, ".")
	}
	if strings.EqualFold(p, "localhost") || atonHost(p) {
		return true
	}
	last := strings.LastIndexByte(p, '.')
	if last <= 0 || strings.Contains(p, "..") {
		return false
	}
	if first := strings.IndexByte(p, '.'); strings.EqualFold(p[:first], "www") {
		return true
	}
	tld := strings.ToLower(p[last+1:])
	if len(tld) < 2 || len(tld) > 63 || !tldChars(tld) {
		return false
	}
	if slices.Contains(specialTLDs, tld) {
		return true
	}
	_, ok := slices.BinarySearch(tlds[:], tld)
	return ok
}

// tldChars reports whether t, lowercase, can be a top-level label: letters,
// or an A-label ("xn--" then letters, digits and "-").
func tldChars(t string) bool {
	if strings.HasPrefix(t, "xn--") {
		return true
	}
	for i := 0; i < len(t); i++ {
		if t[i] < 'a' || t[i] > 'z' {
			return false
		}
	}
	return true
}

func isLDH(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-'
}

// atonHost reports whether s is an IPv4 address in a spelling that
// inet_aton reads (RFC 3986 7.4; see inetAton) and that a reader takes for
// one: dotted decimal, or a form with a "." or "0x" ("127.1", "0x7f.1",
// "0x7f000001"), or one number of at least 2^24 ("2130706433"), so that a
// short numeric user name ("12345") is not one.
func atonHost(s string) bool {
	f, ok := inetAton(s)
	if !ok {
		return false
	}
	if f.parts > 1 || f.hex >= 0 || dottedQuad(s) {
		return true
	}
	v, _, ok := atonPart(strings.TrimSuffix(s, "."))
	return ok && v >= 1<<24
}

// atAfterAuthority reports at-after-authority (RFC 3986 7.6, 3.2): in a
// URI with an authority and an empty path, an "@" in the query or the
// fragment before any "/", followed by text that hostLike takes for a
// host ("http://evil.example#@good.example/",
// "http://evil.example?@good.example/"): a reader who takes the text
// before the "@" for a userinfo, as in "http://u@good.example/", takes the
// wrong host. It is reported at the "@", unless the "@" lies in a secret
// (a password's value in the query), whose bytes no finding points into.
func (l *linter) atAfterAuthority() {
	ps, pe, _ := l.span(uri.ComponentPath)
	if !l.u.HasAuthority() || ps != pe || pe >= len(l.s) {
		return
	}
	rest := l.s[pe:]
	at := strings.IndexByte(rest, '@')
	if at < 0 {
		return
	}
	if slash := strings.IndexByte(rest[:at], '/'); slash >= 0 {
		return
	}
	after := rest[at+1:]
	if n := strings.IndexAny(after, "/?#@"); n >= 0 {
		after = after[:n]
	}
	if !hostLike(percentDecode(after)) || l.inSecret(pe+at) {
		return
	}
	c := uri.ComponentQuery
	if fs, _, ok := l.span(uri.ComponentFragment); ok && pe+at >= fs {
		c = uri.ComponentFragment
	}
	l.add(CodeAtAfterAuthority, c, pe+at, 0)
}

// dottedQuad reports whether s is an IPv4address of RFC 3986 3.2.2: four
// decimal octets 0-255 without leading zeros.
func dottedQuad(s string) bool {
	parts := 0
	for len(s) > 0 {
		i := strings.IndexByte(s, '.')
		p := s
		if i >= 0 {
			p, s = s[:i], s[i+1:]
			if s == "" {
				return false
			}
		} else {
			s = ""
		}
		if !decOctet(p) {
			return false
		}
		parts++
	}
	return parts == 4
}

// decOctet matches dec-octet (RFC 3986 3.2.2): 0-255 without a leading zero.
func decOctet(p string) bool {
	if len(p) == 0 || len(p) > 3 || len(p) > 1 && p[0] == '0' {
		return false
	}
	v := 0
	for i := 0; i < len(p); i++ {
		if p[i] < '0' || p[i] > '9' {
			return false
		}
		v = v*10 + int(p[i]-'0')
	}
	return v <= 255
}
