package oracle

// SegmentPaths returns every path of one to n segments taken from segs,
// each with and without a leading "/": the inputs with which tests and
// vector generators cover remove_dot_segments (RFC 3986 5.2.4) and merge
// (5.2.3) exhaustively over a small alphabet.
func SegmentPaths(segs []string, n int) []string {
	var out []string
	level := []string{""}
	for i := 0; i < n; i++ {
		var next []string
		for _, p := range level {
			for _, s := range segs {
				next = append(next, p+"/"+s)
			}
		}
		level = next
		for _, p := range level {
			out = append(out, p, p[1:])
		}
	}
	return out
}
