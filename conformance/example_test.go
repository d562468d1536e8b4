package conformance_test

import (
	"fmt"

	"github.com/urikit/urikit/conformance"
)

// Run the suite with "go test ./conformance" ("-v" shows the pass/total
// figures per op and per file). Outside the tests, a vector can be read and
// checked on its own.
func Example() {
	line := `{"op":"ipv4","input":"192.0.2.256","valid":false,"source":"derived: dec-octet 256"}`
	v, err := conformance.ParseLine("example.jsonl", 1, []byte(line))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(v.Where(), v.Op, conformance.Check(v).Outcome)

	_, err = conformance.ParseLine("example.jsonl", 2, []byte(`{"op":"ipv4","input":"1.2.3.4","valid":"yes","source":"derived: x"}`))
	fmt.Println(err)
	// Output:
	// example.jsonl:1 ipv4 pass
	// example.jsonl:2: malformed vector: member "valid": want true or false
}
