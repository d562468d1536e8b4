// Package abnf is the independent oracle of urikit: an interpreter for
// grammars written in ABNF (RFC 5234), the grammar of RFC 3986 Appendix A
// that it runs (rfc3986.abnf, with the RFC 5234 B.1 core rules ALPHA, DIGIT
// and HEXDIG), and the generator of the character-class table of the URI
// parser (internal/class), which gen.go derives from that grammar. Only
// tests and "go generate" reach this package: the library links the table,
// never the grammar, its matcher or the generator's go/format and
// text/tabwriter.
//
// The interpreter is deliberately slow and literal: [Grammar.Match] computes,
// for every element of the grammar and every start position, the set of all
// positions where a match of that element can end, so that it follows RFC
// 5234 exactly (every alternative, every repetition count) while staying
// polynomial. Tests of the hand-written parser compare against it.
//
// class.Table is generated: each [Class] bit of byte b is set iff the
// class's RFC 3986 rule matches a short probe ending in b (see
// [DeriveTable]). Run "go generate" in this directory after changing
// rfc3986.abnf or the class list; a test fails while internal/class/table.go
// is stale.
package abnf

//go:generate go run gen.go
