package uri

import (
	"errors"
	"net/url"
	"strings"

	"github.com/urikit/urikit/internal/abnf"
)

const upperhex = "0123456789ABCDEF"

// componentClass returns the bytes a component allows as themselves (RFC
// 3986 Appendix A), not counting pct-encoded. The path's set is pchar plus
// "/", handled by the callers, since "/" separates segments.
func componentClass(c Component) abnf.Class {
	switch c {
	case ComponentScheme:
		return abnf.Scheme
	case ComponentUserinfo:
		return abnf.Userinfo
	case ComponentHost:
		return abnf.RegName
	case ComponentPort:
		return abnf.Digit
	case ComponentPath:
		return abnf.Pchar
	case ComponentQuery, ComponentFragment:
		return abnf.Query
	}
	return 0
}

// allowed reports whether component c allows byte b as itself.
func allowed(b byte, c Component, class abnf.Class) bool {
	return abnf.Table[b]&class != 0 || (b == '/' && c == ComponentPath)
}

// Escape percent-encodes data for use as the text of component c (RFC 3986
// 2.1, 2.4): every byte the component does not allow as itself, and every
// "%", becomes "%" and two uppercase hex digits. The path keeps "/" (it
// separates segments: escape each segment's data first if a segment holds
// a "/"), and non-ASCII text is escaped as its UTF-8 bytes (2.5). A scheme
// and a port allow no percent-encoding: escaping data for them gives text
// that validation rejects. Escape returns s itself when nothing needs
// escaping.
func Escape(s string, c Component) string {
	class := componentClass(c)
	n := 0
	for i := 0; i < len(s); i++ {
		if !allowed(s[i], c, class) {
			n++
		}
	}
	if n == 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 2*n)
	for i := 0; i < len(s); i++ {
		if x := s[i]; allowed(x, c, class) {
			b.WriteByte(x)
		} else {
			b.WriteByte('%')
			b.WriteByte(upperhex[x>>4])
			b.WriteByte(upperhex[x&15])
		}
	}
	return b.String()
}

// Unescape decodes the text of component c (RFC 3986 2.1, 2.4): each
// pct-encoded triplet becomes the octet it encodes. It first checks that s
// is valid text of c, every byte allowed in c or part of a pct-encoded
// triplet, and returns an *Error (offsets into s) if not; a host may also be
// an IP-literal, which has no triplets and is returned as it is (3.2.2).
// The result may hold any octets, including invalid UTF-8. Unescape returns
// s itself, without allocating, when s has no "%".
func Unescape(s string, c Component) (string, error) {
	if c == ComponentHost && s != "" && s[0] == '[' {
		// An IP-literal has no pct-encoding (3.2.2): it is its own text.
		end, _, err := parseIPLiteral(s, 0)
		if err != nil {
			return "", err
		}
		if end != len(s) {
			return "", &Error{Offset: end, Component: c, Err: ErrInvalidCharacter}
		}
		return s, nil
	}
	class := componentClass(c)
	n := 0
	for i := 0; i < len(s); {
		switch b := s[i]; {
		case allowed(b, c, class):
			i++
		case b == '%' && c != ComponentScheme && c != ComponentPort:
			if !isPctEncoded(s, i) {
				return "", &Error{Offset: i, Component: c, Err: ErrInvalidEscape}
			}
			n++
			i += 3
		default:
			return "", &Error{Offset: i, Component: c, Err: ErrInvalidCharacter}
		}
	}
	if n == 0 {
		return s, nil
	}
	return unescape(s, n), nil
}

// unescape decodes the n valid pct-encoded triplets of s.
func unescape(s string, n int) string {
	b := make([]byte, 0, len(s)-2*n)
	for i := 0; i < len(s); i++ {
		if s[i] == '%' {
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
		} else {
			b = append(b, s[i])
		}
	}
	return string(b)
}

// unhex returns the value of a HEXDIG.
func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// ErrAbsent: Components with text for a component whose presence flag is
// false, or with a userinfo, a host or a port but no authority (RFC 3986
// 3.2: they are parts of the authority). Offset is 0.
var ErrAbsent = errors.New("text for an absent component")

// Components holds the raw, percent-encoded text of each component of a
// URI reference (RFC 3986 3) and whether it is present: the parts that
// recomposition (5.3) joins. Reference and URI validate every component
// against its rule before they build a value; use Escape to turn data into
// component text.
//
// A scheme cannot be empty (3.1), so an empty Scheme means no scheme. Host
// and Path have no presence flag: the host exists when HasAuthority does,
// and a path always exists (3.3).
type Components struct {
	Scheme       string
	HasAuthority bool
	Userinfo     string
	HasUserinfo  bool
	Host         string // a reg-name, an IPv4address or an IP-literal with its brackets
	Port         string
	HasPort      bool
	Path         string
	Query        string
	HasQuery     bool
	Fragment     string
	HasFragment  bool
}

// Components returns the reference's components as written (RFC 3986 3).
// Components().Reference() gives the reference back.
func (c core) Components() Components {
	return Components{
		Scheme:       c.Scheme(),
		HasAuthority: c.HasAuthority(),
		Userinfo:     c.Userinfo(),
		HasUserinfo:  c.HasUserinfo(),
		Host:         c.Host(),
		Port:         c.Port(),
		HasPort:      c.HasPort(),
		Path:         c.Path(),
		Query:        c.Query(),
		HasQuery:     c.HasQuery(),
		Fragment:     c.Fragment(),
		HasFragment:  c.HasFragment(),
	}
}

// Reference validates every component against its rule (RFC 3986 3,
// Appendix A) and returns the reference they recompose to (5.3). An
// *Error's Offset is relative to the text of the component it names.
//
// The path must fit where it stands (3.3): with an authority it must be
// empty or start with "/"; without one it must not start with "//" (it
// would read as an authority: write "/.//x", RFC 3986 5.3 leaves this
// case open); without a scheme or an authority its first segment must not
// contain ":" (4.2: write "./a:b").
func (p Components) Reference() (Reference, error) {
	if err := p.validate(); err != nil {
		return Reference{}, err
	}
	n := len(p.Path)
	if p.Scheme != "" {
		n += len(p.Scheme) + 1
	}
	if p.HasAuthority {
		n += 2 + len(p.Host)
		if p.HasUserinfo {
			n += len(p.Userinfo) + 1
		}
		if p.HasPort {
			n += len(p.Port) + 1
		}
	}
	if p.HasQuery {
		n += len(p.Query) + 1
	}
	if p.HasFragment {
		n += len(p.Fragment) + 1
	}
	var b strings.Builder
	b.Grow(n)
	if p.Scheme != "" {
		b.WriteString(p.Scheme)
		b.WriteByte(':')
	}
	if p.HasAuthority {
		b.WriteString("//")
		if p.HasUserinfo {
			b.WriteString(p.Userinfo)
			b.WriteByte('@')
		}
		b.WriteString(p.Host)
		if p.HasPort {
			b.WriteByte(':')
			b.WriteString(p.Port)
		}
	}
	b.WriteString(p.Path)
	if p.HasQuery {
		b.WriteByte('?')
		b.WriteString(p.Query)
	}
	if p.HasFragment {
		b.WriteByte('#')
		b.WriteString(p.Fragment)
	}
	return ParseReference(b.String())
}

// URI is Reference for components that have a scheme (RFC 3986 3); without
// one it returns an *Error with ErrMissingScheme.
func (p Components) URI() (URI, error) {
	if p.Scheme == "" {
		return URI{}, &Error{Component: ComponentScheme, Err: ErrMissingScheme}
	}
	r, err := p.Reference()
	if err != nil {
		return URI{}, err
	}
	return URI(r), nil
}

// validate checks each component's text against its rule (RFC 3986
// Appendix A), with offsets relative to that text.
func (p Components) validate() error {
	if p.Scheme != "" {
		if abnf.Table[p.Scheme[0]]&abnf.Alpha == 0 {
			return &Error{Offset: 0, Component: ComponentScheme, Err: ErrInvalidScheme}
		}
		for i := 1; i < len(p.Scheme); i++ {
			if abnf.Table[p.Scheme[i]]&abnf.Scheme == 0 {
				return &Error{Offset: i, Component: ComponentScheme, Err: ErrInvalidScheme}
			}
		}
	}
	switch {
	case !p.HasAuthority && (p.HasUserinfo || p.Host != "" || p.HasPort):
		return &Error{Offset: 0, Component: ComponentHost, Err: ErrAbsent}
	case !p.HasUserinfo && p.Userinfo != "":
		return &Error{Offset: 0, Component: ComponentUserinfo, Err: ErrAbsent}
	case !p.HasPort && p.Port != "":
		return &Error{Offset: 0, Component: ComponentPort, Err: ErrAbsent}
	case !p.HasQuery && p.Query != "":
		return &Error{Offset: 0, Component: ComponentQuery, Err: ErrAbsent}
	case !p.HasFragment && p.Fragment != "":
		return &Error{Offset: 0, Component: ComponentFragment, Err: ErrAbsent}
	}
	if p.HasAuthority {
		if p.HasUserinfo {
			if err := scanAll(p.Userinfo, abnf.Userinfo, ComponentUserinfo); err != nil {
				return err
			}
		}
		if p.Host != "" && p.Host[0] == '[' {
			end, _, err := parseIPLiteral(p.Host, 0)
			if err != nil {
				return err
			}
			if end != len(p.Host) {
				return &Error{Offset: end, Component: ComponentHost, Err: ErrInvalidCharacter}
			}
		} else if err := scanAll(p.Host, abnf.RegName, ComponentHost); err != nil {
			return err
		}
		for i := 0; i < len(p.Port); i++ {
			if p.Port[i] < '0' || p.Port[i] > '9' {
				return &Error{Offset: i, Component: ComponentPort, Err: ErrInvalidPort}
			}
		}
		if p.Path != "" && p.Path[0] != '/' {
			return &Error{Offset: 0, Component: ComponentPath, Err: ErrInvalidPath}
		}
	} else if strings.HasPrefix(p.Path, "//") {
		return &Error{Offset: 1, Component: ComponentPath, Err: ErrInvalidPath}
	}
	i := 0
	if p.Scheme == "" && !p.HasAuthority {
		i = scan(p.Path, 0, abnf.SegmentNZNC)
		if i < len(p.Path) && p.Path[i] == '%' {
			return stopError(p.Path, i, ComponentPath)
		}
		if i < len(p.Path) && p.Path[i] == ':' {
			return &Error{Offset: i, Component: ComponentPath, Err: ErrColonInFirstSegment}
		}
	}
	if end := scan(p.Path, i, abnf.Path); end != len(p.Path) {
		return stopError(p.Path, end, ComponentPath)
	}
	if err := scanAll(p.Query, abnf.Query, ComponentQuery); err != nil {
		return err
	}
	return scanAll(p.Fragment, abnf.Query, ComponentFragment)
}

// scanAll checks that all of s is bytes of class or pct-encoded.
func scanAll(s string, class abnf.Class, comp Component) error {
	if i := scan(s, 0, class); i != len(s) {
		return stopError(s, i, comp)
	}
	return nil
}

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
