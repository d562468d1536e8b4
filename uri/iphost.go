package uri

import "github.com/urikit/urikit/internal/class"

// This file holds the IP hosts of RFC 3986 3.2.2: IP-literal (an
// IPv6address or an IPvFuture, in brackets) and IPv4address. The third
// kind of host, reg-name, is read by the parser (parse.go).

// parseIPLiteral reads IP-literal = "[" ( IPv6address / IPvFuture ) "]"
// (RFC 3986 3.2.2) at s[i] == '[' and returns the index after the "]" and
// the kind of host it holds.
func parseIPLiteral(s string, i int) (int, HostKind, error) {
	start := i + 1
	end := start
	for end < len(s) && s[end] != ']' && s[end] != '/' && s[end] != '?' && s[end] != '#' {
		end++
	}
	lit := s[start:end]
	kind := HostIPv6
	bad := -1
	if len(lit) > 0 && (lit[0] == 'v' || lit[0] == 'V') {
		kind = HostIPvFuture
		bad = checkIPvFuture(lit)
	} else {
		bad = checkIPv6(lit)
	}
	if bad >= 0 {
		if kind == HostIPv6 && bad < len(lit) && lit[bad] == '%' {
			return start + bad, 0, &Error{Offset: start + bad, Component: ComponentHost, Err: ErrZoneID}
		}
		return start + bad, 0, &Error{Offset: start + bad, Component: ComponentHost, Err: ErrInvalidIPLiteral}
	}
	if end == len(s) || s[end] != ']' {
		return end, 0, &Error{Offset: end, Component: ComponentHost, Err: ErrInvalidIPLiteral}
	}
	return end + 1, kind, nil
}

// checkIPvFuture matches IPvFuture = "v" 1*HEXDIG "." 1*( unreserved /
// sub-delims / ":" ) (RFC 3986 3.2.2; "v" is case-insensitive, RFC 5234
// 2.3). It returns -1 on a match, otherwise the offset of the first byte
// that cannot be accepted (len(s) when s ends too early).
func checkIPvFuture(s string) int {
	i := 1
	for i < len(s) && class.Table[s[i]]&class.Hexdig != 0 {
		i++
	}
	if i == 1 || i == len(s) || s[i] != '.' {
		return i
	}
	i++
	if i == len(s) {
		return i
	}
	for ; i < len(s); i++ {
		if class.Table[s[i]]&class.Userinfo == 0 {
			return i
		}
	}
	return -1
}

// checkIPv6 matches IPv6address (RFC 3986 3.2.2), all nine forms: eight
// h16 pieces, or fewer with one "::" standing for at least one zero piece,
// the last two pieces optionally written as an IPv4address. It returns -1
// on a match, otherwise the offset of the first byte that cannot be
// accepted: the first byte such that s up to and including it is not a
// prefix of any IPv6address (len(s) when all of s is such a prefix but
// ends too early). A run of digits is read as an h16 until a "." makes it
// the first dec-octet of an IPv4address: "8.1.1.1" fails at the ".", and
// so does "::280.1.1.1" ("280" is a valid h16, but no dec-octet).
func checkIPv6(s string) int {
	n := len(s)
	groups := 0 // pieces read, an IPv4address counting as two
	ellipsis := false
	i := 0
	if n > 0 && s[0] == ':' {
		if n < 2 || s[1] != ':' {
			return 1
		}
		ellipsis = true
		i = 2
		if i == n {
			return -1
		}
	}
	for {
		if ellipsis && groups == 7 {
			return i // "::" already stands for at least one piece
		}
		start := i
		for i < n && i-start < 4 && class.Table[s[i]]&class.Hexdig != 0 {
			i++
		}
		if i == start {
			return i
		}
		if i < n && s[i] == '.' {
			// ls32 as IPv4address: the last two pieces. The run read so
			// far was a valid h16; the "." is the first byte to reject
			// when an IPv4address cannot stand here or the run is no
			// dec-octet.
			if (!ellipsis && groups != 6) || (ellipsis && groups > 5) || !isDecOctet(s[start:i]) {
				return i
			}
			if bad := checkIPv4(s[start:]); bad >= 0 {
				return start + bad
			}
			return -1
		}
		groups++
		if i == n {
			break
		}
		if s[i] != ':' || (groups == 8 && !ellipsis) || (groups == 7 && ellipsis) {
			// After eight pieces, or seven and a "::" (which stands for
			// at least one), neither a piece nor "::" can follow.
			return i
		}
		i++
		if i < n && s[i] == ':' {
			if ellipsis {
				return i
			}
			ellipsis = true
			i++
			if i == n {
				break
			}
		} else if i == n {
			return i
		}
	}
	if !ellipsis && groups != 8 {
		return n
	}
	return -1
}

// checkIPv4 matches IPv4address = dec-octet "." dec-octet "." dec-octet "."
// dec-octet (RFC 3986 3.2.2), where a dec-octet is 0-255 without leading
// zeros. It returns -1 on a match, otherwise the offset of the first byte
// that cannot be accepted.
func checkIPv4(s string) int {
	i := 0
	for part := 0; part < 4; part++ {
		if part > 0 {
			if i == len(s) || s[i] != '.' {
				return i
			}
			i++
		}
		start, v := i, 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			if i > start && s[start] == '0' {
				return i // "01": dec-octet has no leading zeros
			}
			v = v*10 + int(s[i]-'0')
			if v > 255 {
				return i
			}
			i++
		}
		if i == start {
			return i
		}
	}
	if i != len(s) {
		return i
	}
	return -1
}

// isDecOctet reports whether s is a dec-octet (RFC 3986 3.2.2): a number
// from 0 to 255 without leading zeros.
func isDecOctet(s string) bool {
	if len(s) == 0 || len(s) > 3 || len(s) > 1 && s[0] == '0' {
		return false
	}
	v := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
		v = v*10 + int(s[i]-'0')
	}
	return v <= 255
}

// isIPv4 reports whether a host matches IPv4address; RFC 3986 3.2.2 reads
// such a host as an IPv4 address, not a reg-name ("first-match-wins").
func isIPv4(h string) bool {
	return len(h) >= 7 && len(h) <= 15 && h[0] >= '0' && h[0] <= '9' && checkIPv4(h) < 0
}
