// Package conformance checks urikit against the conformance vectors in
// testdata/*.jsonl, in the format of SCHEMA.md in this directory (one JSON
// object per line; an absent component is null, an empty one "").
//
// Run the whole suite with
//
//	go test ./conformance
//	go test ./conformance -run TestConformance -v   # with per-op pass/total
//
// TestConformance reads every testdata/*.jsonl file, checks each vector
// through the public API of packages uri, scheme, scheme/amqp and
// uritemplate, logs pass
// and fail counts per op and per file, and fails on any failing vector,
// naming its file:line and the field that differs. A vector whose op has
// no checker fails. TestSelfTest runs
// testdata/selftest/wrong.jsonl, vectors with deliberately wrong
// expectations, and requires every one of them to fail on exactly the field
// that its source names; it also requires each line of
// testdata/selftest/malformed.jsonl to be rejected by the reader. A missing
// or empty vector file fails the tests (internal/testload).
//
// The vectors themselves come from the oracles, never from package uri:
// testdata/public.jsonl holds the examples of the source documents (RFC
// 3986 and the RabbitMQ URI specification, as SCHEMA.md says); the parse,
// ipv4 and ipv6 files are written by conformance/internal/vecgen (the ABNF
// matcher and the Appendix B split), resolve.jsonl and dotseg.jsonl by
// conformance/internal/resolvegen (the literal 5.2 transcription), and
// normalize.jsonl and equiv.jsonl are written by hand from RFC 3986 6.2 and
// the schemes' own RFCs, and amqp.jsonl by hand from the RabbitMQ URI
// specification and the rules of package scheme/amqp. template.jsonl holds
// the examples of RFC 6570 (sections 1.1, 1.2, 2.4 and every table of
// 3.2), written by hand from the RFC, with failing templates and derived
// cases, checked through package uritemplate.
//
// # Adding a checker
//
// Each op is checked by one [Checker]. To add one for a new op, write a
// small file of this package that registers it:
//
//	// resolve.go
//	package conformance
//
//	func init() { Register("resolve", checkResolve) }
//
//	func checkResolve(v *Vector) error {
//		var m Mismatches
//		base := uri.MustParse(v.Str("base"))
//		// ...
//		m.Check("target", got, v.Str("target"))
//		return m.Err()
//	}
//
// The reader has already checked the vector's shape against the schema, so
// the accessors ([Vector.Str], [Vector.Opt], [Vector.Bool], [Vector.Int])
// cannot fail. Then add to testdata/selftest/wrong.jsonl at least one vector
// of the new op whose "source" is "selftest: wrong FIELD" and whose FIELD is
// wrong: TestSelfTest insists on one for every registered op.
package conformance
