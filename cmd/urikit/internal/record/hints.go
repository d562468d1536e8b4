package record

// This file holds the hints for the common mistakes behind a parse
// error, and the warnings for valid input that may not mean what its
// writer meant. They are fixed texts with offsets: none repeats input.

import (
	"errors"
	"fmt"
	"net/netip"
	"strings"
	"unicode/utf8"

	"github.com/urikit/urikit/internal/jsontext"
	"github.com/urikit/urikit/uri"
)

// hintFor says how to fix the mistake that e reports in s, or "".
func hintFor(s string, e *uri.Error) string {
	if e == nil {
		return ""
	}
	switch {
	case errors.Is(e.Err, uri.ErrInvalidCharacter):
		if e.Offset < 0 || e.Offset >= len(s) {
			return ""
		}
		c := s[e.Offset]
		switch {
		case c == '@' && (e.Component == uri.ComponentHost || e.Component == uri.ComponentPort || e.Component == uri.ComponentUserinfo):
			return `an "@" in a user name or password is written %40`
		case (c == '/' || c == '?' || c == '#') && e.Component == uri.ComponentUserinfo:
			return `in a user name or password write "/" as %2F, "?" as %3F and "#" as %23`
		case c == ' ':
			return "a space is not allowed: write it as %20"
		case c >= 0x80 && jsontext.Unsafe(firstRune(s[e.Offset:])):
			return "a control or bidirectional formatting character (shown escaped) is not allowed: remove it"
		case c >= 0x80:
			if _, err := uri.FromIRI(s); err == nil {
				return `a non-ASCII character: this is an IRI; convert it with "urikit iri to-uri"`
			}
			return `a non-ASCII character: percent-encode its UTF-8 bytes ("é" is %C3%A9), or convert an IRI with "urikit iri to-uri"`
		case c < ' ' || c == 0x7F:
			return "a control character (shown escaped) is not allowed: remove it, or percent-encode it if it is data"
		case c == '\\':
			return `a backslash is not allowed: the separator is "/"; write a backslash that is data as %5C`
		case c == '#' && e.Component == uri.ComponentFragment:
			return `a fragment holds no second "#": write it as %23`
		case (c == '[' || c == ']') && e.Component != uri.ComponentHost:
			return fmt.Sprintf(`"%c" is allowed only around an IP address in the host: write it as %%%02X`, c, c)
		default:
			return fmt.Sprintf(`"%c" is not allowed here: write it as %%%02X`, c, c)
		}
	case errors.Is(e.Err, uri.ErrInvalidPort):
		if unbracketedIPv6(s) {
			return `an IPv6 address is written in brackets: "http://[2001:db8::1]:8080/" (RFC 3986 3.2.2)`
		}
		if atAfterAuthority(s) {
			return `an "@" follows: if the text before it holds a password, write its "/" as %2F, "?" as %3F and "#" as %23`
		}
		return "a port is decimal digits only"
	case errors.Is(e.Err, uri.ErrInvalidEscape):
		return `"%" starts a percent-encoding of two hex digits: write a "%" that is data as %25`
	case errors.Is(e.Err, uri.ErrZoneID):
		return "URIs have no IPv6 zone identifiers (RFC 9844): remove the %25 and what follows it"
	case errors.Is(e.Err, uri.ErrColonInFirstSegment):
		return `write "./" before a relative path whose first segment holds ":"`
	case errors.Is(e.Err, uri.ErrMissingScheme):
		return `a URI starts with a scheme, such as "https:"`
	case errors.Is(e.Err, uri.ErrInvalidScheme):
		return `a scheme is a letter followed by letters, digits, "+", "-" or "."`
	case errors.Is(e.Err, uri.ErrInvalidIPLiteral):
		return `brackets in the host hold an IPv6 address ("[2001:db8::1]") or "v" and a future format`
	case errors.Is(e.Err, uri.ErrIRICharacter):
		return "this character cannot stand in an IRI here (RFC 3987 2.2)"
	}
	return ""
}

// authorityText returns the authority of s, read loosely as Appendix B
// does (after "//", up to "/", "?" or "#"), and where it ends.
func authorityText(s string) (auth string, end int, ok bool) {
	i := strings.Index(s, "//")
	if i < 0 {
		return "", 0, false
	}
	a := i + 2
	end = len(s)
	if j := strings.IndexAny(s[a:], "/?#"); j >= 0 {
		end = a + j
	}
	return s[a:end], end, true
}

// unbracketedIPv6 reports whether the host and port of s read as an IPv6
// address written without its brackets.
func unbracketedIPv6(s string) bool {
	auth, _, ok := authorityText(s)
	if !ok {
		return false
	}
	if i := strings.LastIndexByte(auth, '@'); i >= 0 {
		auth = auth[i+1:]
	}
	if strings.Count(auth, ":") < 2 {
		return false
	}
	if a, err := netip.ParseAddr(auth); err == nil && a.Is6() {
		return true
	}
	i := strings.LastIndexByte(auth, ':')
	a, err := netip.ParseAddr(auth[:i])
	return err == nil && a.Is6()
}

// atAfterAuthority reports whether an "@" follows the authority of s.
func atAfterAuthority(s string) bool {
	_, end, ok := authorityText(s)
	return ok && strings.IndexByte(s[end:], '@') >= 0
}

// CutShortWarnings returns a warning when a valid reference r reads like
// a password cut short by an unencoded "/", "?" or "#": its authority has
// a ":" and an "@" follows the authority ("postgres://user:12#34@host/db"
// has the host "user", the port "12" and the fragment "34@host/db"). The
// reference shows as it parses: masking the text that reads as a
// password would print another URI.
func CutShortWarnings(r *uri.Reference) []Warning {
	// A ":" of the authority stands in a userinfo, before a port or in
	// an IP-literal (RFC 3986 3.2): most URIs have none of them, and are
	// told apart here, inlined, from their flags and host kind.
	if !r.HasPort() && !r.HasUserinfo() && r.HostKind() != uri.HostIPv6 && r.HostKind() != uri.HostIPvFuture {
		return nil
	}
	return cutShortWarnings(*r)
}

// cutShortWarnings is CutShortWarnings for an authority that may hold a
// ":".
func cutShortWarnings(r uri.Reference) []Warning {
	if strings.IndexByte(r.Authority(), ':') < 0 {
		return nil
	}
	end, _, _ := r.Span(uri.ComponentPath)
	s := r.String()
	at := strings.IndexByte(s[end:], '@')
	if at < 0 || end == len(s) {
		return nil
	}
	d := s[end]
	return []Warning{{
		Code:   "password-cut-short",
		Offset: end,
		Message: fmt.Sprintf(`reads like a password cut short: the authority ends at the "%c" at offset %d and an "@" follows at offset %d; in a password write "%c" as %%%02X and "@" as %%40 (shown as it parses)`,
			d, end, end+at, d, d),
	}}
}

// firstRune is the first character of s (utf8.RuneError if none).
func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}
