// Package class holds the character classes of the URI parser: one bit
// per rule of RFC 3986 (sections 2 and 3, Appendix A) and RFC 5234 B.1, and
// the generated 256-entry table of every byte's classes. It imports
// nothing: what a program that parses URIs links is this table, not the
// grammar and the generator that derived it (internal/abnf).
//
// # The table
//
// [Table] is derived from the grammar in rfc3986.abnf by abnf.DeriveTable
// ("go generate" in internal/abnf writes table.go), never written by hand:
// the bit of class C in Table[b] is set iff the rule of C matches the
// probe of C (its prefix followed by the byte b) as a whole. The classes,
// their rules and probes, and the rules' definitions:
//
//	class        rule           probe   definition
//	Alpha        ALPHA          b       ALPHA = %x41-5A / %x61-7A
//	Digit        DIGIT          b       DIGIT = %x30-39
//	Hexdig       HEXDIG         b       HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"
//	Unreserved   unreserved     b       unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
//	SubDelims    sub-delims     b       sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
//	GenDelims    gen-delims     b       gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"
//	Scheme       scheme         "a" b   scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
//	Userinfo     userinfo       b       userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
//	RegName      reg-name       b       reg-name = *( unreserved / pct-encoded / sub-delims )
//	Pchar        pchar          b       pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
//	SegmentNZNC  segment-nz-nc  b       segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
//	Query        query          b       query = *( pchar / "/" / "?" )
//	Path         path-absolute  "/a" b  path-absolute = "/" [ segment-nz *( "/" segment ) ]
//
// Tests in internal/abnf fail while table.go or this list is stale.
package class

import "strconv"

// Class is a set of character classes of the URI parser, one bit per class.
// [Table] gives the classes of every byte. Each class is the set of single
// bytes that one rule of RFC 3986 accepts; classes of rules that also accept
// pct-encoded ("%" HEXDIG HEXDIG, RFC 3986 2.1) contain only the bytes that
// stand for themselves: "%" is in none of them.
type Class uint16

const (
	// Alpha is ALPHA (RFC 5234 B.1): %x41-5A / %x61-7A, "A"-"Z" and "a"-"z".
	Alpha Class = 1 << iota
	// Digit is DIGIT (RFC 5234 B.1): %x30-39, "0"-"9".
	Digit
	// Hexdig is HEXDIG (RFC 5234 B.1): DIGIT / "A" / "B" / "C" / "D" / "E" /
	// "F". Quoted strings are case-insensitive (RFC 5234 2.3), so "a"-"f"
	// are in it too, as RFC 3986 2.1 expects of percent-encodings.
	Hexdig
	// Unreserved is unreserved (RFC 3986 2.3): ALPHA / DIGIT / "-" / "." /
	// "_" / "~".
	Unreserved
	// SubDelims is sub-delims (RFC 3986 2.2): "!" / "$" / "&" / "'" / "(" /
	// ")" / "*" / "+" / "," / ";" / "=".
	SubDelims
	// GenDelims is gen-delims (RFC 3986 2.2): ":" / "/" / "?" / "#" / "[" /
	// "]" / "@".
	GenDelims
	// Scheme is the bytes that may follow the first letter of a scheme (RFC
	// 3986 3.1): ALPHA / DIGIT / "+" / "-" / ".".
	Scheme
	// Userinfo is the bytes of userinfo (RFC 3986 3.2.1) other than
	// pct-encoded: unreserved / sub-delims / ":". It is also the set of the
	// tail of IPvFuture (3.2.2): 1*( unreserved / sub-delims / ":" ).
	Userinfo
	// RegName is the bytes of reg-name (RFC 3986 3.2.2) other than
	// pct-encoded: unreserved / sub-delims.
	RegName
	// Pchar is the bytes of pchar (RFC 3986 3.3) other than pct-encoded:
	// unreserved / sub-delims / ":" / "@".
	Pchar
	// SegmentNZNC is the bytes of segment-nz-nc (RFC 3986 3.3) other than
	// pct-encoded: unreserved / sub-delims / "@", which is pchar minus ":".
	SegmentNZNC
	// Query is the bytes of query (RFC 3986 3.4) and of fragment (3.5)
	// other than pct-encoded: pchar / "/" / "?".
	Query
	// Path is the bytes of a path after its first segment (RFC 3986 3.3)
	// other than pct-encoded: pchar / "/", probed with path-absolute after
	// "/a".
	Path
)

// names are the classes' names, in bit order.
var names = [...]string{"Alpha", "Digit", "Hexdig", "Unreserved", "SubDelims", "GenDelims",
	"Scheme", "Userinfo", "RegName", "Pchar", "SegmentNZNC", "Query", "Path"}

// String returns the names of the classes in c joined by "|", such as
// "Alpha|Hexdig", or "0" for no class; bits of no class print in hex.
func (c Class) String() string {
	if c == 0 {
		return "0"
	}
	var b []byte
	for i, name := range names {
		if c&(1<<i) != 0 {
			if len(b) > 0 {
				b = append(b, '|')
			}
			b = append(b, name...)
		}
	}
	if rest := c &^ (1<<len(names) - 1); rest != 0 {
		if len(b) > 0 {
			b = append(b, '|')
		}
		b = append(b, "0x"...)
		b = strconv.AppendUint(b, uint64(rest), 16)
	}
	return string(b)
}
