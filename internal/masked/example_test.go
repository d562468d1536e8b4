package masked_test

import (
	"fmt"

	"github.com/urikit/urikit/internal/masked"
)

// token holds a secret; every printed form shows its masked text.
type token struct{ value string }

func (t token) String() string                { return "tok_xxxxx" }
func (t token) GoString() string              { return masked.GoString("pkg.Token", t.String()) }
func (t token) Format(f fmt.State, verb rune) { masked.Format(f, verb, t) }

func ExampleFormat() {
	t := token{"tok_s3cr3t"}
	fmt.Printf("%v %+v %s %q %#v\n", t, t, t, t, t)
	// Output:
	// tok_xxxxx tok_xxxxx tok_xxxxx "tok_xxxxx" pkg.Token("tok_xxxxx")
}
