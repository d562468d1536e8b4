package lint

import "github.com/urikit/urikit/uri"

// maxPortDigits bounds the digits read of a port: past it the value is out
// of range whatever follows.
const maxPortDigits = 6

// port reports port-out-of-range, default-port and well-known-port (RFC
// 3986 7.2, 6.2.3) at the port's first digit. The default port comes from
// the scheme registry; a scheme it does not know has none.
func (l *linter) port() {
	start, end, ok := l.span(uri.ComponentPort)
	if !ok || start == end {
		return
	}
	p := l.s[start:end]
	for len(p) > 1 && p[0] == '0' {
		p = p[1:]
	}
	if len(p) >= maxPortDigits {
		l.add(CodePortOutOfRange, uri.ComponentPort, start, 0)
		return
	}
	v := 0
	for i := 0; i < len(p); i++ {
		v = v*10 + int(p[i]-'0')
	}
	if v > 65535 {
		l.add(CodePortOutOfRange, uri.ComponentPort, start, 0)
		return
	}
	def := 0
	if l.registered {
		def = l.sc.DefaultPort
	}
	switch {
	case def != 0 && v == def:
		l.add(CodeDefaultPort, uri.ComponentPort, start, 0)
	case v <= 1023:
		l.add(CodeWellKnownPort, uri.ComponentPort, start, 0)
	}
}
