// Package pipeline reads the inputs of the subcommands and writes their
// records in input order, on every core, through one ordered pipeline
// (ordered.go): Stream for one input per line of standard input or per
// argument, TextRun for running text read in chunks (text.go).
//
// Stream's reader fills chunks of lines (at most chunkLines lines and
// about chunkBytes bytes) and ends a chunk early when its buffer is
// empty, that is when the next read may block: a slow producer's line
// then travels alone, and the writer flushes after it.
package pipeline

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"sync"

	"github.com/urikit/urikit/cmd/urikit/internal/base"
	"github.com/urikit/urikit/cmd/urikit/internal/record"
)

const (
	// chunkLines and chunkBytes bound a chunk (a chunk may exceed
	// chunkBytes by one line).
	chunkLines = 1024
	chunkBytes = 64 << 10
	// readBuffer is the size of the reader's buffer, and of the writer's.
	readBuffer = 64 << 10
)

// processor turns one input into its record, appended to o. It is called
// from several goroutines at once, each with its own o.
type processor func(in record.Input, o *record.Output)

// Stream runs p on each argument, or on each line of standard input when
// there are no arguments, writes the records in input order, and returns
// the exit status.
func Stream(e *base.Env, name string, args []string, p processor) int {
	if len(args) > 0 {
		var o record.Output
		for i, a := range args {
			p(record.ArgInput(a, i+1), &o)
		}
		return WriteAll(e, name, &o)
	}

	w := bufio.NewWriterSize(e.Stdout, readBuffer)
	status := record.ExitOK
	var readErr error
	err := ordered(func(send func(*chunk, bool) bool) {
		readErr = readChunks(e.Stdin, send)
	}, func(c *chunk) { c.run(p) }, func(c *chunk) error {
		if err := writeOut(w, e.Stderr, &c.o, c.flush); err != nil {
			return err
		}
		status = max(status, c.o.Status)
		putChunk(c)
		return nil
	})
	if err != nil {
		fmt.Fprintf(e.Stderr, "urikit %s: %v\n", name, err)
		return record.ExitUsage
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(e.Stderr, "urikit %s: %v\n", name, err)
		return record.ExitUsage
	}
	if readErr != nil {
		fmt.Fprintf(e.Stderr, "urikit %s: reading standard input: %v\n", name, readErr)
		return record.ExitUsage
	}
	return status
}

// WriteAll writes the records of o and returns the exit status.
func WriteAll(e *base.Env, name string, o *record.Output) int {
	w := bufio.NewWriterSize(e.Stdout, readBuffer)
	if err := writeOut(w, e.Stderr, o, true); err != nil {
		fmt.Fprintf(e.Stderr, "urikit %s: %v\n", name, err)
		return record.ExitUsage
	}
	return o.Status
}

// writeOut writes o to w, flushing w before each message to errw so that
// both streams keep their order on a terminal, and at the end when flush
// is set.
func writeOut(w *bufio.Writer, errw io.Writer, o *record.Output, flush bool) error {
	prev := 0
	for _, n := range o.Notes {
		w.Write(o.Out[prev:n.At])
		prev = n.At
		if err := w.Flush(); err != nil {
			return err
		}
		io.WriteString(errw, n.Text)
	}
	if _, err := w.Write(o.Out[prev:]); err != nil {
		return err
	}
	if flush {
		return w.Flush()
	}
	return nil
}

// chunk is a run of consecutive lines and, once processed, their
// records.
type chunk struct {
	data  []byte     // the lines' bytes, one after the other
	lines []lineSpan // where each line lies in data
	first int        // the number of the first line
	flush bool       // flush the output after this chunk
	o     record.Output
}

// lineSpan is a line of a chunk: data[start:end], or a line of long
// bytes that was too long to keep.
type lineSpan struct {
	start, end int
	long       int64
}

var chunkPool = sync.Pool{New: func() any { return new(chunk) }}

func getChunk() *chunk {
	return chunkPool.Get().(*chunk)
}

// putChunk returns c to the pool, unless a long line made it large.
func putChunk(c *chunk) {
	if cap(c.data) > 4*chunkBytes || cap(c.o.Out) > 16*chunkBytes {
		return
	}
	c.data, c.lines = c.data[:0], c.lines[:0]
	c.o = record.Output{Out: c.o.Out[:0]}
	c.first, c.flush = 0, false
	chunkPool.Put(c)
}

func (c *chunk) run(p processor) {
	text := string(c.data)
	for i, l := range c.lines {
		p(record.Input{Text: text[l.start:l.end], No: c.first + i, Long: l.long}, &c.o)
	}
}

// readChunks reads r to its end and sends its lines in chunks, to be
// processed; it stops early when send reports that the run is over.
func readChunks(r io.Reader, send func(*chunk, bool) bool) error {
	br := bufio.NewReaderSize(r, readBuffer)
	no := 0
	c := getChunk()
	for {
		full := func() bool { return len(c.lines) >= chunkLines || len(c.data) >= chunkBytes }
		// The lines that br holds whole are cut from its buffer at once;
		// readLine reads a line that runs past it, the last one and one
		// too long to keep.
		var err error
		if buf, _ := br.Peek(br.Buffered()); bytes.IndexByte(buf, '\n') >= 0 {
			// The lines are copied in one piece, line endings included,
			// which their spans leave out.
			base, used := len(c.data), 0
			for len(c.lines) < chunkLines && base+used < chunkBytes {
				i := bytes.IndexByte(buf[used:], '\n')
				if i < 0 {
					break
				}
				end := used + i
				if i > 0 && buf[end-1] == '\r' {
					end--
				}
				c.lines = append(c.lines, lineSpan{start: base + used, end: base + end})
				used += i + 1
				no++
			}
			c.data = append(c.data, buf[:used]...)
			br.Discard(used)
		} else {
			start := len(c.data)
			var n int64
			n, err = readLine(br, &c.data)
			if n >= 0 {
				no++
				l := lineSpan{start: start, end: len(c.data)}
				if n > record.MaxLine {
					l.end, l.long = start, n
				}
				c.lines = append(c.lines, l)
			}
		}
		// An empty buffer means that the next read may wait for the
		// producer: send what there is now, and have it flushed.
		idle := err != nil || br.Buffered() == 0
		if len(c.lines) > 0 && (idle || full()) {
			c.first = no - len(c.lines) + 1
			c.flush = idle
			if !send(c, true) {
				return nil
			}
			c = getChunk()
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// readLine appends the next line of br to *data without its line ending
// ("\n", "\r\n", or a last "\r" before the end of the input) and returns
// its length; a line longer than record.MaxLine is counted and skipped, and
// *data is left as it was. At the end of the input it returns -1 and
// io.EOF, or the last line (with no "\n") and io.EOF.
func readLine(br *bufio.Reader, data *[]byte) (int64, error) {
	start := len(*data)
	var n int64 // bytes of the line read so far, ending included
	keep := true
	var last [2]byte // the line's last two bytes
	for {
		frag, err := br.ReadSlice('\n')
		if keep && n+int64(len(frag)) > record.MaxLine+2 {
			keep = false
			*data = (*data)[:start]
		}
		if keep {
			*data = append(*data, frag...)
		}
		n += int64(len(frag))
		switch len(frag) {
		case 0:
		case 1:
			last = [2]byte{last[1], frag[0]}
		default:
			last = [2]byte{frag[len(frag)-2], frag[len(frag)-1]}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if n == 0 {
			if err == nil {
				err = io.EOF
			}
			return -1, err
		}
		cut := int64(0)
		if last[1] == '\n' {
			cut++
			if n >= 2 && last[0] == '\r' {
				cut++
			}
		} else if last[1] == '\r' {
			cut++
		}
		switch {
		case n-cut > record.MaxLine:
			*data = (*data)[:start]
		case keep:
			*data = (*data)[:len(*data)-int(cut)]
		}
		return n - cut, err
	}
}
