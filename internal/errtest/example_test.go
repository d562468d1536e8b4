package errtest_test

import (
	"fmt"

	"github.com/urikit/urikit/internal/errtest"
)

func ExampleLeak() {
	fmt.Println(errtest.Leak("amqp://u:xxxxx@h", "s3cret"))
	fmt.Println(errtest.Leak("wrong password s3cr...", "s3cret"))
	// Output:
	//  false
	// s3cr true
}
