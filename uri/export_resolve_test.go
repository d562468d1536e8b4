package uri

// Internals of resolve.go for the external tests.
var (
	HasDotSegment       = hasDotSegment
	HasDotSegmentInName = hasDotSegmentInName
)

var LastSlash = lastSlash
