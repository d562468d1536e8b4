// Package uritemplate compares package
// github.com/urikit/urikit/uritemplate with
// github.com/yosida95/uritemplate/v3, the most used Go implementation of
// RFC 6570, on the level-4 examples of RFC 6570 1.2. It is a nested
// module, so that users of urikit never download yosida95/uritemplate.
//
// TestDifferential requires both to expand every example to the
// expansion that RFC 6570 1.2 gives (yosida95 writes an associative
// array in its own order; the examples have one order each).
// BenchmarkExpand and BenchmarkMatch time each library on the same
// templates and variables, with b.Loop and allocation counts:
//
//	go test -run '^$' -bench . -benchmem -count 6 > new.txt
//	benchstat -col /lib new.txt
package uritemplate
