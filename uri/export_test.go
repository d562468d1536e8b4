package uri

import (
	"fmt"
	"strings"
	"unicode"
	"unsafe"
)

// CoreSize is the size of the shared representation, for the test that
// keeps it at 48 bytes.
const CoreSize = unsafe.Sizeof(core{})

// CheckConsistency verifies the internal invariants of a value: offsets
// ordered and in range, each delimiter where the offsets say, presence
// bits agreeing with the text. Fuzz targets call it on every parsed value.
func CheckConsistency(r Reference) error {
	c := r.core
	n := uint32(len(c.s))
	switch {
	case !(c.schemeEnd <= c.hostStart && c.hostStart <= c.hostEnd && c.hostEnd <= c.pathStart &&
		c.pathStart <= c.pathEnd && c.pathEnd <= c.queryEnd && c.queryEnd <= n):
		return fmt.Errorf("offsets out of order: %+v", c)
	case (c.flags&hasScheme != 0) != (c.schemeEnd > 0):
		return fmt.Errorf("scheme bit disagrees with schemeEnd %d", c.schemeEnd)
	case c.flags&hasScheme != 0 && c.s[c.schemeEnd] != ':':
		return fmt.Errorf("no ':' at schemeEnd %d", c.schemeEnd)
	}
	afterScheme := uint32(0)
	if c.flags&hasScheme != 0 {
		afterScheme = c.schemeEnd + 1
	}
	if c.flags&hasAuthority != 0 {
		if !strings.HasPrefix(c.s[afterScheme:], "//") {
			return fmt.Errorf("authority without //")
		}
		if c.kind == HostNone {
			return fmt.Errorf("authority with HostNone")
		}
		if c.flags&hasUserinfo != 0 {
			if c.hostStart < c.authStart()+1 || c.s[c.hostStart-1] != '@' {
				return fmt.Errorf("userinfo without '@' before host")
			}
		} else if c.hostStart != c.authStart() {
			return fmt.Errorf("host does not start the authority")
		}
		if c.flags&hasPort != 0 {
			if c.hostEnd == n || c.s[c.hostEnd] != ':' {
				return fmt.Errorf("port without ':'")
			}
		} else if c.hostEnd != c.pathStart {
			return fmt.Errorf("text between host and path")
		}
		if c.pathStart != c.pathEnd && c.s[c.pathStart] != '/' {
			return fmt.Errorf("path after authority does not start with '/'")
		}
	} else {
		if c.flags&(hasUserinfo|hasPort) != 0 || c.kind != HostNone {
			return fmt.Errorf("authority parts without authority")
		}
		if c.hostStart != afterScheme || c.hostEnd != afterScheme || c.pathStart != afterScheme {
			return fmt.Errorf("path does not follow the scheme")
		}
		if strings.HasPrefix(c.Path(), "//") {
			return fmt.Errorf("path starts with // without authority")
		}
	}
	if c.flags&hasQuery != 0 {
		if c.pathEnd == n || c.s[c.pathEnd] != '?' {
			return fmt.Errorf("query without '?'")
		}
	} else if c.pathEnd != c.queryEnd {
		return fmt.Errorf("text between path and fragment")
	}
	if c.flags&hasFragment != 0 {
		if c.queryEnd == n || c.s[c.queryEnd] != '#' {
			return fmt.Errorf("fragment without '#'")
		}
	} else if c.queryEnd != n {
		return fmt.Errorf("text after the query")
	}
	if strings.ContainsAny(c.Path(), "?#") || strings.Contains(c.Query(), "#") || strings.Contains(c.Fragment(), "#") {
		return fmt.Errorf("delimiter inside a component")
	}
	if upper := strings.ContainsFunc(c.s[:c.schemeEnd], unicode.IsUpper); upper != (c.flags&upperScheme != 0) {
		return fmt.Errorf("upperScheme bit %v, scheme %q", !upper, c.s[:c.schemeEnd])
	}
	host := c.s[c.hostStart:c.hostEnd]
	want := c.kind == HostIPv6 || c.kind == HostIPvFuture || strings.ContainsFunc(host, func(r rune) bool { return r == '%' || unicode.IsUpper(r) })
	if want != (c.flags&caseHost != 0) {
		return fmt.Errorf("caseHost bit %v, host %q", !want, host)
	}
	return nil
}

// NestTrigger reports whether a query or fragment value is read for a
// nested URI's secrets (nestTrigger's maybe).
func NestTrigger(v string) bool {
	_, maybe, _ := nestTrigger(v)
	return maybe
}

// NestedSecrets reports whether the nested rules find a secret in what
// appendNested reads of v, with no trigger asked: v itself when it has no
// triplet, else its percent-decoding and, while that has triplets, the
// decoding of that, two levels in all. It is the reference that
// NestTrigger must agree with.
func NestedSecrets(v string) bool {
	triplets, _, valid := nestTrigger(v)
	if triplets == 0 {
		return len(redactNested(v, 1)) > 0
	}
	for range 2 {
		if !valid || triplets == 0 {
			return false
		}
		v = unescape(v, triplets)
		if len(redactNested(v, 1)) > 0 {
			return true
		}
		triplets, _, valid = nestTrigger(v)
	}
	return false
}
