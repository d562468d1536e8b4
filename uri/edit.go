package uri

import (
	"strings"

	"github.com/urikit/urikit/internal/class"
)

// This file holds Span and the editing functions: With* replaces one
// component's text (RFC 3986 3), Without* removes an optional one. Each
// returns a new value and never changes its receiver, as netip's WithZone
// does. The new text is checked against its own rule and against the rest
// of the value; the offsets of the result are those of the receiver moved
// by the length the edit adds or removes, so nothing but the new text is
// read.

// Span returns where component c lies in String(): the text of c is
// String()[start:end], without its delimiters (the scheme without ":", the
// userinfo without "@", the port without ":", the query without "?", the
// fragment without "#"). ok is false when c is absent (RFC 3986 5.3: absent
// differs from empty); the path is always present (3.3), and the host is
// present whenever the authority is (3.2.2: it may be empty). Span of any
// other Component value reports ok false.
func (c core) Span(comp Component) (start, end int, ok bool) {
	switch comp {
	case ComponentScheme:
		return 0, int(c.schemeEnd), c.flags&hasScheme != 0
	case ComponentUserinfo:
		if c.flags&hasUserinfo != 0 {
			return int(c.authStart()), int(c.hostStart) - 1, true
		}
	case ComponentHost:
		if c.flags&hasAuthority != 0 {
			return int(c.hostStart), int(c.hostEnd), true
		}
	case ComponentPort:
		if c.flags&hasPort != 0 {
			return int(c.hostEnd) + 1, int(c.pathStart), true
		}
	case ComponentPath:
		return int(c.pathStart), int(c.pathEnd), true
	case ComponentQuery:
		if c.flags&hasQuery != 0 {
			return int(c.pathEnd) + 1, int(c.queryEnd), true
		}
	case ComponentFragment:
		if c.flags&hasFragment != 0 {
			return int(c.queryEnd) + 1, len(c.s), true
		}
	}
	return 0, 0, false
}

// splice returns s with s[a:b] replaced by x followed by y, built in one
// allocation, or an *Error with ErrTooLong, blaming comp, when the result
// would not fit the 32-bit offsets.
func splice(s string, a, b int, x, y string, comp Component) (string, error) {
	n := len(s) - (b - a) + len(x) + len(y)
	if uint64(n) > maxLen {
		return "", &Error{Offset: int(tooLongOffset), Component: comp, Err: ErrTooLong}
	}
	var sb strings.Builder
	sb.Grow(n)
	sb.WriteString(s[:a])
	sb.WriteString(x)
	sb.WriteString(y)
	sb.WriteString(s[b:])
	return sb.String(), nil
}

// shrink returns s without s[a:b]; it never grows and never fails.
func shrink(s string, a, b int) string {
	if b == len(s) {
		return s[:a] // a suffix goes without an allocation
	}
	t, _ := splice(s, a, b, "", "", 0)
	return t
}

// The offsets that an edit may move, in text order: shift(k, d) moves the
// k-th and every later one by d, for an edit before them.
const (
	offHostStart = iota
	offHostEnd
	offPathStart
	offPathEnd
	offQueryEnd
)

// shift moves the offsets from the k-th on (see offHostStart) by d.
func (c *core) shift(k int, d int) {
	m := func(p *uint32) { *p = uint32(int(*p) + d) }
	if k <= offHostStart {
		m(&c.hostStart)
	}
	if k <= offHostEnd {
		m(&c.hostEnd)
	}
	if k <= offPathStart {
		m(&c.pathStart)
	}
	if k <= offPathEnd {
		m(&c.pathEnd)
	}
	m(&c.queryEnd)
}

// withScheme sets the scheme (RFC 3986 3.1): scheme = ALPHA *( ALPHA /
// DIGIT / "+" / "-" / "." ), never empty.
func (c core) withScheme(t string) (core, error) {
	if t == "" {
		return core{}, &Error{Offset: 0, Component: ComponentScheme, Err: ErrInvalidScheme}
	}
	if err := checkScheme(t); err != nil {
		return core{}, err
	}
	a, b, x := 0, int(c.schemeEnd), ""
	if c.flags&hasScheme == 0 {
		x = ":" // a relative reference becomes a URI: its path stays as it is
	}
	s, err := splice(c.s, a, b, t, x, ComponentScheme)
	if err != nil {
		return core{}, err
	}
	n := c
	n.s = s
	n.shift(offHostStart, len(s)-len(c.s))
	n.schemeEnd = uint32(len(t))
	n.flags = n.flags&^upperScheme | hasScheme
	if hasUpper(t) {
		n.flags |= upperScheme
	}
	return n, nil
}

// checkScheme checks non-empty text against the scheme rule (RFC 3986
// 3.1), with offsets into it.
func checkScheme(t string) error {
	if class.Table[t[0]]&class.Alpha == 0 {
		return &Error{Offset: 0, Component: ComponentScheme, Err: ErrInvalidScheme}
	}
	for i := 1; i < len(t); i++ {
		if class.Table[t[i]]&class.Scheme == 0 {
			return &Error{Offset: i, Component: ComponentScheme, Err: ErrInvalidScheme}
		}
	}
	return nil
}

// withUserinfo sets the userinfo (RFC 3986 3.2.1), which is part of an
// authority: without one it is ErrAbsent.
func (c core) withUserinfo(t string) (core, error) {
	if c.flags&hasAuthority == 0 {
		return core{}, &Error{Offset: 0, Component: ComponentUserinfo, Err: ErrAbsent}
	}
	if err := scanAll(t, class.Userinfo, ComponentUserinfo); err != nil {
		return core{}, err
	}
	a, b, y := int(c.authStart()), int(c.hostStart), "@"
	s, err := splice(c.s, a, b, t, y, ComponentUserinfo)
	if err != nil {
		return core{}, err
	}
	n := c
	n.s = s
	n.shift(offHostStart, len(s)-len(c.s))
	n.flags |= hasUserinfo
	return n, nil
}

// withoutUserinfo removes the userinfo and its "@".
func (c core) withoutUserinfo() core {
	if c.flags&hasUserinfo == 0 {
		return c
	}
	n := c
	n.s = shrink(c.s, int(c.authStart()), int(c.hostStart))
	n.shift(offHostStart, len(n.s)-len(c.s))
	n.flags &^= hasUserinfo
	return n
}

// withHost sets the host (RFC 3986 3.2.2): an IP-literal with its
// brackets, an IPv4address or a reg-name, possibly empty. Without an
// authority it adds one ("//" and the host) before the path, which must
// then be empty or start with "/" (3.3); otherwise the result is
// ErrInvalidPath at Offset 0.
func (c core) withHost(t string) (core, error) {
	kind, err := checkHost(t)
	if err != nil {
		return core{}, err
	}
	if c.flags&hasAuthority != 0 {
		s, err := splice(c.s, int(c.hostStart), int(c.hostEnd), t, "", ComponentHost)
		if err != nil {
			return core{}, err
		}
		n := c
		n.s = s
		n.shift(offHostEnd, len(s)-len(c.s))
		n.hostEnd = c.hostStart + uint32(len(t))
		n.setHostCase(t, kind)
		return n, nil
	}
	if c.pathStart != c.pathEnd && c.s[c.pathStart] != '/' {
		return core{}, &Error{Offset: 0, Component: ComponentHost, Err: ErrInvalidPath}
	}
	at := int(c.pathStart)
	s, err := splice(c.s, at, at, "//", t, ComponentHost)
	if err != nil {
		return core{}, err
	}
	n := c
	n.s = s
	n.shift(offPathStart, len(s)-len(c.s))
	n.hostStart = uint32(at + 2)
	n.hostEnd = n.hostStart + uint32(len(t))
	n.flags |= hasAuthority
	n.setHostCase(t, kind)
	return n, nil
}

// setHostCase sets the kind of the host t and its caseHost bit.
func (c *core) setHostCase(t string, kind HostKind) {
	c.kind = kind
	c.flags &^= caseHost
	if kind == HostIPv6 || kind == HostIPvFuture || strings.IndexByte(t, '%') >= 0 || hasUpper(t) {
		c.flags |= caseHost
	}
}

// checkHost checks text against host = IP-literal / IPv4address /
// reg-name (RFC 3986 3.2.2) and returns its kind.
func checkHost(t string) (HostKind, error) {
	if t != "" && t[0] == '[' {
		end, kind, err := parseIPLiteral(t, 0)
		if err != nil {
			return 0, err
		}
		if end != len(t) {
			return 0, &Error{Offset: end, Component: ComponentHost, Err: ErrInvalidCharacter}
		}
		return kind, nil
	}
	if err := scanAll(t, class.RegName, ComponentHost); err != nil {
		return 0, err
	}
	if isIPv4(t) {
		return HostIPv4, nil
	}
	return HostRegName, nil
}

// withoutAuthority removes the authority and its "//". A path that
// starts with "//" would then read as an authority: it gets the prefix
// "/." (see Deviations in the package doc).
func (c core) withoutAuthority() core {
	if c.flags&hasAuthority == 0 {
		return c
	}
	a, b := int(c.authStart())-2, int(c.pathStart)
	x := ""
	if strings.HasPrefix(c.s[c.pathStart:c.pathEnd], "//") {
		x = "/."
	}
	s, _ := splice(c.s, a, b, x, "", 0) // the result is shorter
	n := c
	n.s = s
	n.shift(offPathEnd, len(s)-len(c.s))
	n.pathStart = uint32(a)
	n.hostStart, n.hostEnd = n.pathStart, n.pathStart
	n.flags &^= hasAuthority | hasUserinfo | hasPort | caseHost
	n.kind = HostNone
	return n
}

// withPort sets the port (RFC 3986 3.2.3: *DIGIT, possibly empty), which is
// part of an authority: without one it is ErrAbsent.
func (c core) withPort(t string) (core, error) {
	if c.flags&hasAuthority == 0 {
		return core{}, &Error{Offset: 0, Component: ComponentPort, Err: ErrAbsent}
	}
	for i := 0; i < len(t); i++ {
		if t[i]-'0' >= 10 {
			return core{}, &Error{Offset: i, Component: ComponentPort, Err: ErrInvalidPort}
		}
	}
	s, err := splice(c.s, int(c.hostEnd), int(c.pathStart), ":", t, ComponentPort)
	if err != nil {
		return core{}, err
	}
	n := c
	n.s = s
	n.shift(offPathStart, len(s)-len(c.s))
	n.flags |= hasPort
	return n, nil
}

// withoutPort removes the port and its ":".
func (c core) withoutPort() core {
	if c.flags&hasPort == 0 {
		return c
	}
	n := c
	n.s = shrink(c.s, int(c.hostEnd), int(c.pathStart))
	n.shift(offPathStart, len(n.s)-len(c.s))
	n.flags &^= hasPort
	return n
}

// withPath sets the path (RFC 3986 3.3), which must fit where it stands:
// with an authority it is empty or starts with "/" (path-abempty); without
// one it does not start with "//" (it would read as an authority); in a
// relative reference without an authority its first segment has no ":"
// (4.2, path-noscheme).
func (c core) withPath(t string) (core, error) {
	if err := c.checkPath(t); err != nil {
		return core{}, err
	}
	s, err := splice(c.s, int(c.pathStart), int(c.pathEnd), t, "", ComponentPath)
	if err != nil {
		return core{}, err
	}
	n := c
	n.s = s
	n.shift(offPathEnd, len(s)-len(c.s))
	n.pathEnd = c.pathStart + uint32(len(t))
	return n, nil
}

// checkPath checks path text against the path rule that c's other
// components select (RFC 3986 3.3, 4.2).
func (c core) checkPath(t string) error {
	i := 0
	switch {
	case c.flags&hasAuthority != 0:
		if t != "" && t[0] != '/' {
			return &Error{Offset: 0, Component: ComponentPath, Err: ErrInvalidPath}
		}
	case strings.HasPrefix(t, "//"):
		return &Error{Offset: 1, Component: ComponentPath, Err: ErrInvalidPath}
	case c.flags&hasScheme == 0:
		i = scan(t, 0, class.SegmentNZNC)
		if i < len(t) && t[i] == ':' {
			return &Error{Offset: i, Component: ComponentPath, Err: ErrColonInFirstSegment}
		}
	}
	if end := scan(t, i, class.Path); end != len(t) {
		return stopError(t, end, ComponentPath)
	}
	return nil
}

// withQuery sets the query (RFC 3986 3.4), adding "?" when it was absent.
func (c core) withQuery(t string) (core, error) {
	if err := scanAll(t, class.Query, ComponentQuery); err != nil {
		return core{}, err
	}
	a, b := int(c.pathEnd), int(c.queryEnd)
	s, err := splice(c.s, a, b, "?", t, ComponentQuery)
	if err != nil {
		return core{}, err
	}
	n := c
	n.s = s
	n.queryEnd = c.pathEnd + 1 + uint32(len(t))
	n.flags |= hasQuery
	return n, nil
}

// withoutQuery removes the query and its "?".
func (c core) withoutQuery() core {
	if c.flags&hasQuery == 0 {
		return c
	}
	n := c
	n.s = shrink(c.s, int(c.pathEnd), int(c.queryEnd))
	n.queryEnd = c.pathEnd
	n.flags &^= hasQuery
	return n
}

// withFragment sets the fragment (RFC 3986 3.5), adding "#" when it was
// absent.
func (c core) withFragment(t string) (core, error) {
	if err := scanAll(t, class.Query, ComponentFragment); err != nil {
		return core{}, err
	}
	s, err := splice(c.s, int(c.queryEnd), len(c.s), "#", t, ComponentFragment)
	if err != nil {
		return core{}, err
	}
	n := c
	n.s = s
	n.flags |= hasFragment
	return n, nil
}

// withoutFragment removes the fragment and its "#"; it never allocates.
func (c core) withoutFragment() core {
	n := c
	n.s = c.s[:c.queryEnd]
	n.flags &^= hasFragment
	return n
}

// The editing functions of URI and Reference. Each With function takes the
// component's raw, already percent-encoded text (use Escape or the Escape
// functions of one value to make it), checks only that text, against its
// own rule and against the rest of the value, and returns a new value, or
// the zero value and an *Error whose Offset counts from the start of the
// new text. The receiver never changes. An edit allocates the new text
// once; a Without function of an absent component returns the receiver,
// and WithoutFragment (and any removal at the end of the text) allocates
// nothing.

// WithScheme returns u with the scheme t (RFC 3986 3.1), as written: an
// *Error with ErrInvalidScheme if t is empty or not ALPHA *( ALPHA /
// DIGIT / "+" / "-" / "." ).
func (u URI) WithScheme(t string) (URI, error) { c, err := u.withScheme(t); return URI{c}, err }

// WithUserinfo returns u with the userinfo t (RFC 3986 3.2.1), adding "@"
// when it was absent; t may be empty. Build a "user:password" userinfo
// from [EscapeUserinfoPart] of each part. Without an authority it is an
// *Error with ErrAbsent: the userinfo is part of the authority (3.2).
func (u URI) WithUserinfo(t string) (URI, error) { c, err := u.withUserinfo(t); return URI{c}, err }

// WithHost returns u with the host t (RFC 3986 3.2.2): an IP-literal with
// its brackets ("[2001:db8::1]"), an IPv4address or a reg-name, which may
// be empty and is percent-encoded (Escape(name, ComponentHost)). Without an
// authority it adds one, and then the path must be empty or start with "/"
// (3.3), else the result is an *Error with ErrInvalidPath at Offset 0
// ("mailto:a@b" cannot get a host).
func (u URI) WithHost(t string) (URI, error) { c, err := u.withHost(t); return URI{c}, err }

// WithPort returns u with the port t (RFC 3986 3.2.3: digits, possibly
// none), adding ":" when it was absent. Without an authority it is an
// *Error with ErrAbsent: the port is part of the authority (3.2).
func (u URI) WithPort(t string) (URI, error) { c, err := u.withPort(t); return URI{c}, err }

// WithPath returns u with the path t (RFC 3986 3.3). With an authority the
// path must be empty or start with "/" (ErrInvalidPath at Offset 0);
// without one it must not start with "//" (ErrInvalidPath at Offset 1),
// which would read as an authority: write "/.//" instead.
func (u URI) WithPath(t string) (URI, error) { c, err := u.withPath(t); return URI{c}, err }

// WithQuery returns u with the query t (RFC 3986 3.4), adding "?" when it
// was absent; t may be empty ("http://a?"). Build t from pairs with
// [AppendQueryPair] or escape one value with [EscapeQueryPart].
func (u URI) WithQuery(t string) (URI, error) { c, err := u.withQuery(t); return URI{c}, err }

// WithFragment returns u with the fragment t (RFC 3986 3.5), adding "#"
// when it was absent; t may be empty ("http://a#").
func (u URI) WithFragment(t string) (URI, error) { c, err := u.withFragment(t); return URI{c}, err }

// WithoutUserinfo returns u without its userinfo and its "@" (RFC 3986
// 3.2.1), the way to drop credentials from a URI.
func (u URI) WithoutUserinfo() URI { return URI{u.withoutUserinfo()} }

// WithoutPort returns u without its port and its ":" (RFC 3986 3.2.3).
func (u URI) WithoutPort() URI { return URI{u.withoutPort()} }

// WithoutQuery returns u without its query and its "?" (RFC 3986 3.4).
func (u URI) WithoutQuery() URI { return URI{u.withoutQuery()} }

// WithoutFragment returns u without its fragment and its "#" (RFC 3986
// 3.5): an absolute-URI (4.3), usable as a base (5.1). It never allocates.
func (u URI) WithoutFragment() URI { return URI{u.withoutFragment()} }

// WithoutAuthority returns u without its authority and its "//" (RFC 3986
// 3.2). A path that starts with "//" would then read as an authority, so it
// gets the prefix "/." ("x://h//p" gives "x:/.//p"; see Deviations in the
// package doc).
func (u URI) WithoutAuthority() URI { return URI{u.withoutAuthority()} }

// WithScheme returns r with the scheme t (RFC 3986 3.1), which makes a
// relative reference a URI (4.1); see [URI.WithScheme].
func (r Reference) WithScheme(t string) (Reference, error) {
	c, err := r.withScheme(t)
	return Reference{c}, err
}

// WithUserinfo returns r with the userinfo t (RFC 3986 3.2.1); see
// [URI.WithUserinfo].
func (r Reference) WithUserinfo(t string) (Reference, error) {
	c, err := r.withUserinfo(t)
	return Reference{c}, err
}

// WithHost returns r with the host t (RFC 3986 3.2.2), adding an authority
// when it had none ("/p" becomes the network-path reference "//h/p", 4.2);
// see [URI.WithHost].
func (r Reference) WithHost(t string) (Reference, error) {
	c, err := r.withHost(t)
	return Reference{c}, err
}

// WithPort returns r with the port t (RFC 3986 3.2.3); see [URI.WithPort].
func (r Reference) WithPort(t string) (Reference, error) {
	c, err := r.withPort(t)
	return Reference{c}, err
}

// WithPath returns r with the path t (RFC 3986 3.3), with the rules of
// [URI.WithPath] and one more: in a relative reference without an
// authority the first segment must not contain ":" (4.2: "a:b" would read
// as a scheme; write "./a:b"), an *Error with ErrColonInFirstSegment at the
// ":".
func (r Reference) WithPath(t string) (Reference, error) {
	c, err := r.withPath(t)
	return Reference{c}, err
}

// WithQuery returns r with the query t (RFC 3986 3.4); see [URI.WithQuery].
func (r Reference) WithQuery(t string) (Reference, error) {
	c, err := r.withQuery(t)
	return Reference{c}, err
}

// WithFragment returns r with the fragment t (RFC 3986 3.5); see
// [URI.WithFragment].
func (r Reference) WithFragment(t string) (Reference, error) {
	c, err := r.withFragment(t)
	return Reference{c}, err
}

// WithoutUserinfo returns r without its userinfo and its "@" (RFC 3986
// 3.2.1).
func (r Reference) WithoutUserinfo() Reference { return Reference{r.withoutUserinfo()} }

// WithoutPort returns r without its port and its ":" (RFC 3986 3.2.3).
func (r Reference) WithoutPort() Reference { return Reference{r.withoutPort()} }

// WithoutQuery returns r without its query and its "?" (RFC 3986 3.4).
func (r Reference) WithoutQuery() Reference { return Reference{r.withoutQuery()} }

// WithoutFragment returns r without its fragment and its "#" (RFC 3986
// 3.5). It never allocates.
func (r Reference) WithoutFragment() Reference { return Reference{r.withoutFragment()} }

// WithoutAuthority returns r without its authority and its "//" (RFC 3986
// 3.2): a network-path reference becomes an absolute-path one (4.2). A path
// that starts with "//" gets the prefix "/."; see [URI.WithoutAuthority].
func (r Reference) WithoutAuthority() Reference { return Reference{r.withoutAuthority()} }
