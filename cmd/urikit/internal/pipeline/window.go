package pipeline

// This file holds the reader that keeps the bytes of the matches of the
// one Extractor that reads the text that cannot be cut into chunks.

import (
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
