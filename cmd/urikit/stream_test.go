package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/urikit/urikit/cmd/urikit/internal/record"
)

// TestStreamInProcess runs a batch of many chunks through the workers in
// this process (under -race too): records come out in input order.
func TestStreamInProcess(t *testing.T) {
	var in, want strings.Builder
	for i := range 30000 {
		fmt.Fprintf(&in, "HTTP://H/%d/../x\n", i)
		want.WriteString("http://h/x\n")
		if i%1000 == 0 {
			in.WriteString("a b\n")
			want.WriteString("error: path at offset 1: invalid character\n")
		}
	}
	status, out, errOut := runCmd(t, in.String(), "normalize", "--level", "syntax")
	if status != record.ExitInvalid || out != want.String() {
		t.Errorf("status %d, output:\n%s", status, lineDiff(want.String(), out))
	}
	if n := strings.Count(errOut, "hint: a space"); n != 30 {
		t.Errorf("%d diagnostics, want 30", n)
	}
}
