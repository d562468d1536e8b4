package uri

import (
	"errors"
	"net/url"
	"strings"

	"github.com/urikit/urikit/internal/class"
)

// This file holds the bridge to net/url: FromURL and URL.

// ErrNotRepresentable: URL was asked for a reference that a *net/url.URL
// cannot hold faithfully: the text the URL's String method would write
// re-parses to a reference that is not equivalent (RFC 3986 6.2.2) or that
// names another host or port. Offset counts from the start of the
// reference's String(); Component is the component that net/url would
// change: ComponentHost (a reg-name with certain triplets, an IPvFuture,
// an empty authority), ComponentUserinfo or ComponentFragment (an empty
// fragment). "net/url" in the package doc lists the cases and where
// Offset points in each.
var ErrNotRepresentable = errors.New("reference not representable as a net/url URL")

// FromURL converts a *net/url.URL to a Reference by parsing the text its
// String method writes (RFC 3986 4.1). net/url accepts and writes text that
// RFC 3986 does not allow, and FromURL returns an *Error for it: a zone in
// an IPv6 literal (ErrZoneID), a non-ASCII host (convert it with IDNA
// first), a host with "%" that net/url wrote unescaped. Note that net/url
// does not record an empty fragment, so "http://a#" comes back as
// "http://a".
func FromURL(u *url.URL) (Reference, error) {
	return ParseReference(u.String())
}

// URL converts the reference to a *net/url.URL whose String re-parses to an
// equivalent reference (RFC 3986 6.2.2) with the same host and port, and
// whose Hostname and Port equal the reference's. When net/url cannot hold
// the reference so, URL returns an *Error with ErrNotRepresentable instead,
// never a URL that names something else: see ErrNotRepresentable for the
// cases.
//
// The fields it sets: net/url holds the host, the path, the fragment and
// the userinfo decoded; URL sets RawPath and RawFragment whenever net/url's
// own escaping would differ from the reference's text ("!'()*" in a path,
// "'" in a fragment), so that they are written as they are in the
// reference. It keeps a rootless path of a URI in Opaque ("mailto:a@b"),
// sets OmitHost for a URI without an authority (as url.Parse does), and marks an empty query
// with ForceQuery. The query is RawQuery, as written.
func (c core) URL() (*url.URL, error) {
	u := &url.URL{Scheme: c.Scheme()}
	if c.HasAuthority() {
		if c.Host() == "" && !c.HasUserinfo() && !c.HasPort() && (c.Path() == "" || !c.HasScheme()) {
			return nil, &Error{Offset: int(c.authStart()) - 2, Component: ComponentHost, Err: ErrNotRepresentable}
		}
		if c.HasUserinfo() {
			ui := c.Userinfo()
			if i := strings.IndexByte(ui, ':'); i >= 0 {
				u.User = url.UserPassword(mustUnescape(ui[:i]), mustUnescape(ui[i+1:]))
			} else {
				u.User = url.User(mustUnescape(ui))
			}
			if i := firstChanged(ui, u.User.String()); i >= 0 {
				return nil, &Error{Offset: int(c.authStart()) + i, Component: ComponentUserinfo, Err: ErrNotRepresentable}
			}
		}
		h := c.Host()
		if c.kind == HostIPvFuture {
			// net/url's Hostname drops the brackets and names the
			// reg-name inside them; url.Parse refuses the text.
			return nil, &Error{Offset: int(c.hostStart), Component: ComponentHost, Err: ErrNotRepresentable}
		}
		if c.kind == HostRegName {
			h = mustUnescape(h) // net/url holds a reg-name decoded
		}
		if h != "" {
			if i := firstChanged(c.Host(), (&url.URL{Host: h}).String()[len("//"):]); i >= 0 {
				return nil, &Error{Offset: int(c.hostStart) + i, Component: ComponentHost, Err: ErrNotRepresentable}
			}
		}
		u.Host = h
		if c.HasPort() {
			u.Host += ":" + c.Port()
		}
	}
	p := c.Path()
	if c.HasScheme() && !c.HasAuthority() && p != "" && p[0] != '/' {
		u.Opaque = p
	} else {
		u.Path = mustUnescape(p)
		if u.EscapedPath() != p {
			u.RawPath = p
		}
		if u.EscapedPath() != p {
			// Unreachable for a path that the parser accepted: net/url
			// takes RawPath whenever it is valid pchar text (3.3).
			return nil, &Error{Offset: int(c.pathStart), Component: ComponentPath, Err: ErrNotRepresentable}
		}
		u.OmitHost = c.HasScheme() && !c.HasAuthority()
	}
	u.RawQuery = c.Query()
	u.ForceQuery = c.HasQuery() && c.Query() == ""
	if c.HasFragment() {
		f := c.Fragment()
		if f == "" {
			return nil, &Error{Offset: len(c.s) - 1, Component: ComponentFragment, Err: ErrNotRepresentable}
		}
		u.Fragment = mustUnescape(f)
		if u.EscapedFragment() != f {
			u.RawFragment = f
		}
		if u.EscapedFragment() != f {
			// Unreachable, as for the path.
			return nil, &Error{Offset: len(c.s) - len(f), Component: ComponentFragment, Err: ErrNotRepresentable}
		}
	}
	return u, nil
}

// firstChanged compares text as written with the text net/url writes for
// the same decoded bytes, one byte or percent-encoding at a time, after
// the percent-encoding normalization of RFC 3986 6.2.2.2 (hex digits in
// either case, encoded unreserved characters decoded). It returns the
// offset in text of the first byte or "%" that differs, or -1.
func firstChanged(text, written string) int {
	i, j := 0, 0
	for i < len(text) && j < len(written) {
		a, aEnc, an := pctUnit(text, i)
		b, bEnc, bn := pctUnit(written, j)
		if a != b || aEnc != bEnc {
			return i
		}
		i, j = i+an, j+bn
	}
	if i < len(text) || j < len(written) {
		return min(i, len(text))
	}
	return -1
}

// pctUnit returns the byte that s[i:] starts with, decoded when it is a
// pct-encoded triplet; enc reports a triplet that still stands for a byte
// other than an unreserved one after 6.2.2.2, and n its length in s.
func pctUnit(s string, i int) (b byte, enc bool, n int) {
	if s[i] == '%' && i+2 < len(s) && class.Table[s[i+1]]&class.Hexdig != 0 && class.Table[s[i+2]]&class.Hexdig != 0 {
		b = unhex(s[i+1])<<4 | unhex(s[i+2])
		return b, class.Table[b]&class.Unreserved == 0, 3
	}
	return s[i], false, 1
}

// mustUnescape decodes text that the parser has validated.
func mustUnescape(s string) string {
	n := strings.Count(s, "%")
	if n == 0 {
		return s
	}
	return unescape(s, n)
}
