// Package abnf is the independent oracle of urikit: an interpreter for
// grammars written in ABNF (RFC 5234), the grammar of RFC 3986 Appendix A
// that it runs (rfc3986.abnf, with the RFC 5234 B.1 core rules ALPHA, DIGIT
// and HEXDIG), and the generator of the character-class table of the URI
// parser (internal/class), which gen.go derives from that grammar. Only
// tests and "go generate" reach this package: the library links the table,
// never the grammar, its matcher or the generator's go/format.
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
// is stale, and another while the list of classes in internal/class's
// package doc is.
//
// # Syntax
//
// [Parse] accepts:
//
//   - rules "name = elements" and incremental alternatives "name =/ elements"
//     (RFC 5234 3.3), which add alternatives to a rule defined earlier in
//     the text;
//   - rule names ALPHA *( ALPHA / DIGIT / "-" ), compared
//     case-insensitively (2.1);
//   - alternation "/" (3.2), concatenation by whitespace (3.1), groups
//     "( )" (3.5), options "[ ]" (3.8), repetition "n*m", "*m", "n*", "*"
//     and exact "n" (3.6, 3.7);
//   - quoted strings, case-insensitive for ASCII letters (2.3), and the RFC
//     7405 forms %s"..." (case-sensitive) and %i"..." (case-insensitive);
//   - numeric values %b, %d and %x (2.3), with ranges "-" (3.4) and "."
//     concatenation (2.3); values above 255 are rejected, since matching
//     works on bytes;
//   - prose values "<...>" (RFC 5234 section 4, prose-val): they parse, but
//     [Grammar.Match] can only skip them under a repetition whose maximum
//     is 0;
//   - comments from ";" to the end of the line (3.9), lines ending in LF or
//     CRLF, and continuation lines, which start with a space or a tab (4,
//     c-wsp).
//
// Blank lines and comment-only lines are ignored wherever they appear, even
// between the continuation lines of one rule (a small leniency: RFC 5234
// ends a rule at an empty line).
//
// # Matching
//
// [Grammar.Match] follows the semantics of RFC 5234: every alternative and
// every repetition count is considered, with no first-match-wins and no
// greedy commitment. For each element e and start position i the matcher
// computes the set of all positions j such that input[i:j] matches e, and
// memoizes it per (element, i), so the work is polynomial in len(input),
// never exponential backtracking. Repetitions and concatenations are
// loops, so the Go stack grows with the nesting depth of the grammar (and
// with the nesting of the input only for a recursive grammar; RFC 3986
// Appendix A is not). Memory grows with len(input) times the number of
// elements of the grammar that are tried: Match is an oracle for tests and
// generators, fine for inputs of a few kilobytes, not a parser for
// untrusted megabytes.
//
// Quoted strings match ASCII letters case-insensitively (RFC 5234 2.3); %b,
// %d and %x values match bytes exactly. A repetition whose maximum is 0,
// such as path-empty = 0<pchar> (RFC 3986 3.3), matches exactly the empty
// string without looking at its element. Match panics if it must match a
// prose value in any other place: prose is an informal description, not a
// matchable rule.
package abnf

//go:generate go run gen.go
