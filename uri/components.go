package uri

import (
	"errors"
	"strings"

	"github.com/urikit/urikit/internal/class"
)

// This file holds the Components builder: a reference from the raw text of
// each component (RFC 3986 3), each checked against its rule, and the
// recomposition of 5.3 that joins them.

// ErrAbsent: Components with text for a component whose presence flag is
// false, or with a userinfo, a host or a port but no authority (RFC 3986
// 3.2: they are parts of the authority); likewise WithUserinfo and WithPort
// on a value without an authority. Offset is 0; Component is the component
// that has the text or the flag (the first of userinfo, host and port, in
// that order, when the authority is missing), or the one being edited.
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
		if class.Table[p.Scheme[0]]&class.Alpha == 0 {
			return &Error{Offset: 0, Component: ComponentScheme, Err: ErrInvalidScheme}
		}
		for i := 1; i < len(p.Scheme); i++ {
			if class.Table[p.Scheme[i]]&class.Scheme == 0 {
				return &Error{Offset: i, Component: ComponentScheme, Err: ErrInvalidScheme}
			}
		}
	}
	switch {
	case !p.HasAuthority && p.HasUserinfo:
		return &Error{Offset: 0, Component: ComponentUserinfo, Err: ErrAbsent}
	case !p.HasAuthority && p.Host != "":
		return &Error{Offset: 0, Component: ComponentHost, Err: ErrAbsent}
	case !p.HasAuthority && p.HasPort:
		return &Error{Offset: 0, Component: ComponentPort, Err: ErrAbsent}
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
			if err := scanAll(p.Userinfo, class.Userinfo, ComponentUserinfo); err != nil {
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
		} else if err := scanAll(p.Host, class.RegName, ComponentHost); err != nil {
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
		i = scan(p.Path, 0, class.SegmentNZNC)
		if i < len(p.Path) && p.Path[i] == '%' {
			return stopError(p.Path, i, ComponentPath)
		}
		if i < len(p.Path) && p.Path[i] == ':' {
			return &Error{Offset: i, Component: ComponentPath, Err: ErrColonInFirstSegment}
		}
	}
	if end := scan(p.Path, i, class.Path); end != len(p.Path) {
		return stopError(p.Path, end, ComponentPath)
	}
	if err := scanAll(p.Query, class.Query, ComponentQuery); err != nil {
		return err
	}
	return scanAll(p.Fragment, class.Query, ComponentFragment)
}

// scanAll checks that all of s is bytes of set or pct-encoded.
func scanAll(s string, set class.Class, comp Component) error {
	if i := scan(s, 0, set); i != len(s) {
		return stopError(s, i, comp)
	}
	return nil
}
