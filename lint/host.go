package lint

import (
	"strings"

	"github.com/urikit/urikit/uri"
)

// host runs the checks of the host's kind: for a reg-name the rare IPv4
// spellings (ipv4.go) and the labels of an internationalized name
// (idn.go), for an IPv6 literal its text form and embedded IPv4 address
// (ipv6.go). Triplets in a reg-name are scanned with the other
// components' (encoding.go); encoded-host-name here.
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
		if !l.ipv4(start, end) {
			l.encodedHostName(start, end)
		}
		l.idn(start, end)
	case uri.HostIPv6:
		l.ipv6(start, end)
	}
}

// encodedHostName reports encoded-host-name (RFC 3986 7.3, 2.3, 6.2.2.2)
// at the first triplet of the reg-name at l.s[start:end] that encodes an
// unreserved character (ALPHA, DIGIT, "-", ".", "_", "~"): decoders, and
// normalization, read "%6c%6f%63%61%6c%68%6f%73%74" as "localhost", which
// a filter on the text misses. A triplet of a non-ASCII octet (an
// internationalized name in UTF-8, 3.2.2) is not one.
func (l *linter) encodedHostName(start, end int) {
	for i := strings.IndexByte(l.s[start:end], '%'); i >= 0 && start+i < end; {
		at := start + i
		if b, ok := tripletAt(l.s, at, end); ok && unreserved(b) {
			l.add(CodeEncodedHostName, uri.ComponentHost, at, 0)
			return
		}
		n := strings.IndexByte(l.s[at+1:end], '%')
		if n < 0 {
			return
		}
		i += n + 1
	}
}

// unreserved matches unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
// (RFC 3986 2.3).
func unreserved(c byte) bool {
	return isLDH(c) || c == '.' || c == '_' || c == '~'
}
