package lint

import "github.com/urikit/urikit/uri"

// host runs the checks of the host's kind: for a reg-name the rare IPv4
// spellings (ipv4.go) and the labels of an internationalized name
// (idn.go), for an IPv6 literal its text form and embedded IPv4 address
// (ipv6.go). Triplets in a reg-name are scanned with the other
// components' (encoding.go).
func (l *linter) host() {
	start, end, ok := l.span(uri.ComponentHost)
	if !ok {
		return
	}
	switch l.u.HostKind() {
	case uri.HostRegName:
		if start == end {
			return
		}
		l.ipv4(start, end)
		l.idn(start, end)
	case uri.HostIPv6:
		l.ipv6(start, end)
	}
}
