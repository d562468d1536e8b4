package jsontext_test

import (
	"fmt"

	"github.com/urikit/urikit/internal/jsontext"
)

func ExampleAppendString() {
	b := jsontext.AppendString(nil, "tab\there, NUL \x00, bad \xff, RLO \u202e, é")
	fmt.Println(string(b))
	// Output:
	// "tab\there, NUL \u0000, bad \ufffd, RLO \u202e, é"
}
