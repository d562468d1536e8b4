package uri

// Internals of dotseg.go for the external tests.
var (
	DotSegment = dotSegment
	LastSlash  = lastSlash[string]
	ScratchLen = scratchSize
)

// RemoveDotsFrom runs removeDots on a copy of path from i and returns its
// output.
func RemoveDotsFrom(path string, i int) string {
	b := []byte(path)
	return string(b[:removeDots(b, i)])
}
