package uri

import (
	"net/url"
	"strings"
)

// This file holds the bridge to net/url: FromURL and URL.

// FromURL converts a *net/url.URL to a Reference by parsing the text its
// String method writes. net/url accepts and writes text that RFC 3986 does
// not allow, and FromURL returns an *Error for it: a zone in an IPv6
// literal (ErrZoneID), a non-ASCII host (convert it with IDNA first), a
// host with "%" that net/url wrote unescaped. Note that net/url does not
// record an empty fragment, so "http://a#" comes back as "http://a".
func FromURL(u *url.URL) (Reference, error) {
	return ParseReference(u.String())
}

// URL converts the reference to a *net/url.URL whose String re-parses to an
// equivalent reference. The differences that matter: net/url stores the
// host, the path, the fragment and the userinfo decoded (the raw path and fragment
// are kept in RawPath and RawFragment), keeps a rootless path of a URI in
// Opaque ("mailto:a@b"), marks an empty query with ForceQuery, and cannot
// represent an empty fragment ("#" is lost), an empty authority before an
// empty path ("foo://" becomes "foo:") or an empty authority without a
// scheme ("///p" becomes "/p", and "////p" becomes "//p", which reads
// back with the authority "p").
func (c core) URL() *url.URL {
	u := &url.URL{Scheme: c.Scheme()}
	if c.HasAuthority() {
		if c.HasUserinfo() {
			ui := c.Userinfo()
			if i := strings.IndexByte(ui, ':'); i >= 0 {
				u.User = url.UserPassword(mustUnescape(ui[:i]), mustUnescape(ui[i+1:]))
			} else {
				u.User = url.User(mustUnescape(ui))
			}
		}
		u.Host = mustUnescape(c.Host()) // net/url holds a reg-name decoded
		if c.HasPort() {
			u.Host += ":" + c.Port()
		}
	}
	p := c.Path()
	if c.HasScheme() && !c.HasAuthority() && p != "" && p[0] != '/' {
		u.Opaque = p
	} else {
		u.Path = mustUnescape(p)
		if u.Path != p {
			u.RawPath = p
		}
		u.OmitHost = !c.HasAuthority()
	}
	u.RawQuery = c.Query()
	u.ForceQuery = c.HasQuery() && c.Query() == ""
	u.Fragment = mustUnescape(c.Fragment())
	if u.Fragment != c.Fragment() {
		u.RawFragment = c.Fragment()
	}
	return u
}

// mustUnescape decodes text that the parser has validated.
func mustUnescape(s string) string {
	n := strings.Count(s, "%")
	if n == 0 {
		return s
	}
	return unescape(s, n)
}
