package uri

import (
	"io"
	"iter"
	"unsafe"
)

// This file holds ExtractReader: the extraction of RFC 3986 Appendix C
// over an io.Reader, in a buffer bounded by MaxLen, by the scanner of
// extract_scan.go.

// Extractor reads URIs from an io.Reader, delimited as RFC 3986 Appendix C
// describes and as [Extract] finds them in a string, with memory bounded
// by the options' MaxLen: its buffer holds less than 4*MaxLen + 64 KiB of
// input. [ExtractReader] makes one. An Extractor is not safe for
// concurrent use.
type Extractor struct {
	r     io.Reader
	sc    scanner
	buf   []byte
	err   error
	empty int // consecutive reads that returned nothing
}

// ExtractReader returns an Extractor of the URIs in the text r yields, as
// Extract finds them in a string (RFC 3986 Appendix C, 4.5): the same
// matches, offsets counted from the start of the stream. A candidate
// longer than opts.MaxLen is skipped and counted by Skipped, never
// buffered. Every match's Text is a string of its own.
func ExtractReader(r io.Reader, opts ExtractOptions) *Extractor {
	x := &Extractor{r: r}
	x.sc.init(opts)
	x.sc.clone = true
	return x
}

// All returns an iterator over the matches not yet yielded (RFC 3986
// Appendix C, and 4.5 with Suffix): it reads r until its end or its first
// error (see Err). Breaking out of the loop and calling All again goes on
// where it stopped.
func (x *Extractor) All() iter.Seq[Match] {
	return func(yield func(Match) bool) {
		for {
			m, st := x.sc.next()
			switch st {
			case stMatch:
				if !yield(m) {
					return
				}
			case stMore:
				x.fill()
			default:
				return
			}
		}
	}
}

// Err returns the first error r returned other than io.EOF, or
// io.ErrNoProgress after 100 reads in a row that returned nothing. The
// text read before the error was searched for URIs (RFC 3986 Appendix C)
// as if it ended there.
func (x *Extractor) Err() error { return x.err }

// Skipped returns how many candidates (RFC 3986 Appendix C) were skipped
// so far because they cover more than MaxLen bytes of input, a scheme run
// longer than MaxLen included. A skipped hyphen-joined reading counts as
// one; its cut reading may still be reported.
func (x *Extractor) Skipped() int { return x.sc.skipped }

// readChunk is the least free space fill offers a read.
const readChunk = 16 << 10

// fill reads until the buffer reaches the scanner's need or the input
// ends. It keeps the bytes from the scanner's keep on, moves them to the
// front when the buffer is full, and grows the buffer when that frees too
// little.
func (x *Extractor) fill() {
	sc := &x.sc
	for sc.base+len(x.buf) < sc.need && !sc.eof {
		if cap(x.buf)-len(x.buf) < readChunk {
			if k := sc.keep - sc.base; k > 0 {
				sc.countLines(sc.keep)
				n := copy(x.buf, x.buf[k:])
				x.buf = x.buf[:n]
				sc.base = sc.keep
			}
			if cap(x.buf)-len(x.buf) < readChunk {
				b := make([]byte, len(x.buf), 2*cap(x.buf)+readChunk)
				copy(b, x.buf)
				x.buf = b
			}
		}
		n, err := x.r.Read(x.buf[len(x.buf):cap(x.buf)])
		x.buf = x.buf[:len(x.buf)+n]
		switch {
		case err == io.EOF:
			sc.eof = true
		case err != nil:
			x.err = err
			sc.eof = true
		case n == 0:
			x.empty++
			if x.empty >= 100 {
				x.err = io.ErrNoProgress
				sc.eof = true
			}
		default:
			x.empty = 0
		}
	}
	// The scanner reads the buffer as a string that lives until the next
	// fill; every string it hands out is a copy (scanner.clone).
	sc.s = unsafe.String(unsafe.SliceData(x.buf), len(x.buf))
}
