package abnf

import (
	_ "embed"
	"sync"
)

//go:embed rfc3986.abnf
var rfc3986Text string

// RFC3986 returns the grammar of RFC 3986 Appendix A (Collected ABNF for
// URI), every rule from URI to sub-delims, plus the core rules ALPHA, DIGIT
// and HEXDIG of RFC 5234 Appendix B.1, parsed from the embedded file
// rfc3986.abnf once and shared. It panics if that file does not parse, which
// is a programmer error caught by the tests.
func RFC3986() *Grammar { return rfc3986Grammar() }

var rfc3986Grammar = sync.OnceValue(func() *Grammar {
	g, err := Parse(rfc3986Text)
	if err != nil {
		panic("abnf: rfc3986.abnf: " + err.Error())
	}
	return g
})
