package pipeline

// This file holds where running text may be cut into chunks that are
// extracted apart, and the reader that keeps the bytes of the matches of
// the one Extractor that reads what cannot be cut.

import (
	"bytes"
	"io"
)

// window is a reader that keeps the last bytes it returned, at least
// keep of them, so that the bytes of a match of an Extractor reading it
// can be found.
type window struct {
	r      io.Reader
	keep   int
	buf    []byte // the input from base on
	base   int
	served int // the offset of the next byte to return
	err    error
}

// fill reads more of r into w.buf.
func (w *window) fill() {
	if w.err != nil {
		return
	}
	if cap(w.buf)-len(w.buf) < readBuffer {
		// Drop what is more than keep bytes behind the reader.
		if drop := w.served - w.keep - w.base; drop > len(w.buf)/2 {
			w.buf = append(w.buf[:0], w.buf[drop:]...)
			w.base += drop
		}
		if cap(w.buf)-len(w.buf) < readBuffer {
			b := make([]byte, len(w.buf), 2*cap(w.buf)+readBuffer)
			copy(b, w.buf)
			w.buf = b
		}
	}
	for range 100 {
		n, err := w.r.Read(w.buf[len(w.buf):cap(w.buf)])
		w.buf = w.buf[:len(w.buf)+n]
		if err != nil {
			w.err = err
			return
		}
		if n > 0 {
			return
		}
	}
	w.err = io.ErrNoProgress
}

func (w *window) Read(p []byte) (int, error) {
	if w.served == w.base+len(w.buf) {
		w.fill()
	}
	n := copy(p, w.buf[w.served-w.base:])
	w.served += n
	if n == 0 {
		return 0, w.err
	}
	return n, nil
}

// CutSpace are the bytes that may end the text before a cut: the ASCII
// whitespace of uri.Extract (SP, HT, LF, VT, FF, CR), each a delimiter
// of URIs in running text (RFC 3986 Appendix C).
var CutSpace = [256]bool{' ': true, '\t': true, '\n': true, '\v': true, '\f': true, '\r': true}

// findCut returns the last cut c of b with from < c <= len(b), or 0 if
// there is none, for an extraction with the given MaxLen. b starts at a
// cut (the start of the input, or a position findCut returned).
//
// A cut c is a position where ExtractReader over the text b[:c] finds
// exactly the matches that it finds before c over the whole input, and
// over b[c:] those it finds after c, shifted by c. It holds when:
//
//  1. b[c-1] is ASCII whitespace. Every candidate of running text ends at
//     whitespace, and each check that looks back from a candidate's start
//     (the scheme's run of characters, the byte before it that may make
//     it part of a path or a word, an opening quote or "*", "_" or "'",
//     the boundary before "www.") stops at whitespace, or reads it as
//     the start of the text does.
//  2. The last byte before c that is not ASCII whitespace is not "-", or
//     is more than MaxLen+64 bytes before c: otherwise a candidate that
//     ends with that hyphen may go on across the line break that may
//     follow it (Appendix C), up to MaxLen bytes from its start.
//  3. The last "<" before c has a ">" after it and before c, or is more
//     than MaxLen+64 bytes before c: a bracketed candidate runs from "<"
//     over whitespace and line breaks up to MaxLen bytes, to the first
//     ">", and ends at the first other delimiter ("<", a double quote,
//     "`", a control byte); an earlier "<" is ended by the last one.
//
// The state ExtractReader carries from one candidate to the next (where
// the last one ended, a candidate too long being skipped) then ends
// before c: a skipped candidate ends at whitespace too. Line numbers and
// columns count from the previous "\n", which the chunk's line and col
// give.
func FindCut(b []byte, from, maxLen int) int {
	w := maxLen + 64
	c := len(b)
	for c > from {
		for c > from && !CutSpace[b[c-1]] {
			c--
		}
		if c <= from {
			break
		}
		k := c - 1
		for k >= 0 && k >= c-w && CutSpace[b[k]] {
			k--
		}
		if k >= 0 && k >= c-w && b[k] == '-' {
			c = k // every cut after the hyphen and up to c follows it
			continue
		}
		lo := max(0, c-w)
		if lt := bytes.LastIndexByte(b[lo:c], '<'); lt >= 0 {
			lt += lo
			if bytes.IndexByte(b[lt+1:c], '>') < 0 {
				c = lt // every cut after the "<" and up to c follows it
				continue
			}
		}
		return c
	}
	return 0
}
