package uri

import (
	"bytes"
	"encoding/binary"
	"strings"
	"unsafe"
)

// This file holds remove_dot_segments (RFC 3986 section 5.2.4), the one
// implementation that Resolve, ResolveNonStrict, Normalize, Relativize and
// RemoveDotSegments share, with the one scanner that finds a path's first
// dot-segment and the helpers around the "/." of the documented deviation
// (see Deviations in the package documentation).
//
// 5.2.4 moves segments from an input buffer to an output buffer and takes
// the last one back on "..". The output never grows past what it has read
// of the input, so both can share one buffer: removeDots walks forward over
// a buffer that holds the path and leaves its output at the buffer's start.
// The buffer is the caller's: for Resolve, an array on the stack (short
// paths) or the target's text; for Normalize, the normalized text. Every
// segment up to the next dot-segment is its own output and moves at once,
// so the walk goes from dot-segment to dot-segment. The only step back is
// rule C's, over the last output segment, which then leaves the output:
// linear in all, and nothing recurses.

// RemoveDotSegments removes the dot-segments "." and ".." from path exactly
// as the remove_dot_segments routine of RFC 3986 section 5.2.4 does,
// including its rules A and D for a path that does not start with "/"
// ("../a" gives "a", "a/../b" gives "/b", "." gives ""). Segments that
// merely contain dots ("..a", "%2E") are kept, and the result may start
// with "//" ("/.//a" gives "//a"). It allocates only when path has a
// dot-segment.
func RemoveDotSegments(path string) string {
	i := dotSegment(path)
	if i < 0 {
		return path
	}
	if len(path) <= scratchSize {
		var scratch [scratchSize]byte
		n := copy(scratch[:], path)
		return string(scratch[:removeDots(scratch[:n], i)])
	}
	// Too long for the stack: the copy becomes the result, at the length
	// of path.
	b := []byte(path)
	return unsafe.String(unsafe.SliceData(b), removeDots(b, i))
}

// scratchSize is the longest path whose dot-segments RemoveDotSegments and
// Resolve remove in an array on the stack, so that the result is compared
// or allocated at its length; longer paths are walked in the buffer that
// becomes the result.
const scratchSize = 256

// dotSegment returns the index of the first segment of path that is "." or
// "..", the dot-segments of RFC 3986 5.2.4, or -1 when there is none. A
// segment starts at 0 or after a "/", and ends before a "/" or at the end.
func dotSegment(path string) int {
	for i := 0; ; {
		k := strings.IndexByte(path[i:], '.')
		if k < 0 {
			return -1
		}
		k += i
		if k == 0 || path[k-1] == '/' {
			e := k + 1
			if e < len(path) && path[e] == '.' {
				e++
			}
			if e == len(path) || path[e] == '/' {
				return k
			}
		}
		// No segment starts before the next "/".
		j := strings.IndexByte(path[k+1:], '/')
		if j < 0 {
			return -1
		}
		i = k + 2 + j
	}
}

// removeDots runs remove_dot_segments (RFC 3986 5.2.4) on the path in b and
// returns the length of its output, which it leaves in b[:n]: the input
// buffer is b[r:], the output buffer b[:w], and w <= r throughout. i is
// where the work starts: 0, or the index, after a "/", of a segment such
// that no segment of b[:i] is a dot-segment (dotSegment's answer), so that
// b[:i-1] is already the output that rule E would build from it.
//
// Rule E moves one segment at a time; removeDots moves every segment up to
// the next dot-segment at once, as dotSegment finds it.
func removeDots(b []byte, i int) int {
	n := len(b)
	r, w := i-1, i-1
	if i == 0 {
		// Rules A and D apply only while the input does not start with
		// "/": B, C and E leave an input that does.
		r, w = 0, 0
	lead:
		for r < n {
			switch {
			case n-r >= 3 && b[r] == '.' && b[r+1] == '.' && b[r+2] == '/':
				r += 3 // A: "../"
			case n-r >= 2 && b[r] == '.' && b[r+1] == '/':
				r += 2 // A: "./"
			case n-r == 1 && b[r] == '.', n-r == 2 && b[r] == '.' && b[r+1] == '.':
				return 0 // D
			default:
				break lead
			}
		}
		if r < n && b[r] != '/' {
			// E: a first segment without "/", not a dot-segment.
			e := bytes.IndexByte(b[r:], '/')
			if e < 0 {
				return copy(b, b[r:])
			}
			w = copy(b, b[r:r+e])
			r += e
		}
	}
	// The input is empty or starts with "/".
	for r < n {
		if n-r >= 4 && binary.LittleEndian.Uint32(b[r:]) == slashDotDotSlash {
			// C: "/../", the most frequent, read at once.
			w = max(lastSlash(b[:w]), 0)
			r += 3
			continue
		}
		if e, dotdot := dotToken(b, r); e > 0 {
			if dotdot {
				// C: "/../" or "/..": the last output segment goes, with
				// the "/" before it, if any.
				w = max(lastSlash(b[:w]), 0)
			}
			// B: "/./" or "/.", and C: the input keeps the "/"; at the
			// end, E moves it.
			if e == n {
				b[w] = '/'
				return w + 1
			}
			r = e
			continue
		}
		// E: move "/" and the segment, and when no dot-segment follows,
		// every segment up to the next one: the input never changes, and
		// it does not start with a dot-segment after E moves a segment.
		e := r + 1
		for e < n && b[e] != '/' {
			e++
		}
		if e < n {
			if d, _ := dotToken(b, e); d == 0 {
				k := dotSegment(unsafe.String(&b[e], n-e))
				if k < 0 {
					return w + copy(b[w:], b[r:])
				}
				e += k - 1
			}
		}
		w += copy(b[w:], b[r:e])
		r = e
	}
	return w
}

// dotToken reports whether the input b[r:], which starts with "/", starts
// with "/." or "/.." followed by "/" or its end (rules B and C of RFC 3986
// 5.2.4): e is where that ends, 0 if it does not, and dotdot tells "..".
func dotToken(b []byte, r int) (e int, dotdot bool) {
	e = r + 2
	if e > len(b) || b[r+1] != '.' {
		return 0, false
	}
	if e < len(b) && b[e] == '.' {
		e++
		dotdot = true
	}
	if e < len(b) && b[e] != '/' {
		return 0, false
	}
	return e, dotdot
}

// slashDotDotSlash is "/../" as binary.LittleEndian reads it.
const slashDotDotSlash = '/' | '.'<<8 | '.'<<16 | '/'<<24

// needsDotGuard reports whether a path p (the output of remove_dot_segments
// in a value without authority) would read back as an authority, "//"
// first, and so needs the "/." prefix of the documented deviation (RFC 3986
// 5.3, 3.3; see Deviations in the package documentation).
func needsDotGuard(p []byte) bool { return len(p) >= 2 && p[0] == '/' && p[1] == '/' }

// guardDots inserts the "/." prefix of the documented deviation before the
// path in b[:n], which b has room for two more bytes after, and returns the
// new length (RFC 3986 5.3; see Deviations in the package documentation).
func guardDots(b []byte, n int) int {
	copy(b[2:], b[:n])
	b[0], b[1] = '/', '.'
	return n + 2
}

// unguarded returns the path that remove_dot_segments (RFC 3986 5.2.4)
// gave for p, the path of a value as written: p itself, or p without the
// "/." that the documented deviation puts before a path starting with "//"
// when there is no authority. ok is false when p has a dot-segment that
// is not that prefix: remove_dot_segments never gives such a path.
func unguarded(p string, hasAuthority bool) (q string, ok bool) {
	if !hasAuthority && strings.HasPrefix(p, "/.//") {
		p = p[2:]
	}
	return p, dotSegment(p) < 0
}

// lastSlash is strings.LastIndexByte(s, '/'), unrolled: a path's last
// segment, which merge looks past, is often a long file name.
func lastSlash[S string | []byte](s S) int {
	i := len(s)
	for i >= 4 {
		if s[i-1] == '/' {
			return i - 1
		}
		if s[i-2] == '/' {
			return i - 2
		}
		if s[i-3] == '/' {
			return i - 3
		}
		if s[i-4] == '/' {
			return i - 4
		}
		i -= 4
	}
	for i > 0 {
		i--
		if s[i] == '/' {
			return i
		}
	}
	return -1
}
