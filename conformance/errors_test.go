package conformance

import (
	"testing"

	"github.com/urikit/urikit/internal/errtest"
)

// TestErrorsZero: the zero values of the runner's error types can be used.
func TestErrorsZero(t *testing.T) {
	errtest.Zero(t, &Mismatch{})
	errtest.Zero(t, Mismatches(nil))
}
