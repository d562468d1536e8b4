package main

// This file holds the record-processing core that every subcommand shares:
// a reader that splits standard input into lines, a pool of workers that
// turn lines into records, and a writer that prints the records in input
// order.
//
// The reader fills chunks of lines (at most chunkLines lines and about
// chunkBytes bytes) and ends a chunk early when its buffer is empty, that
// is when the next read may block: a slow producer's line then travels
// alone, and the writer flushes after it. Chunks go to the workers and, in
// the same order, to the writer, which waits for each in turn. At most
// 2*GOMAXPROCS+2 chunks exist at a time, so memory stays bounded whatever
// the size of the input.

import (
	"bufio"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"sync"
)

const (
	// maxLine is the longest line read as an input, in bytes, without its
	// line ending. A longer line gives an error record; its bytes are
	// skipped, never held in memory.
	maxLine = 1 << 20
	// chunkLines and chunkBytes bound a chunk (a chunk may exceed
	// chunkBytes by one line).
	chunkLines = 1024
	chunkBytes = 64 << 10
	// readBuffer is the size of the reader's buffer, and of the writer's.
	readBuffer = 64 << 10
)

// input is one input of a subcommand: a line of standard input or an
// argument.
type input struct {
	text string // without its line ending
	no   int    // the line's number, or the argument's, from 1
	arg  bool   // an argument, not a line
	// long is the length of a line longer than maxLine (text is then
	// empty), or 0.
	long int64
}

// where names the input for a message: "line 3" or "argument 2".
func (in input) where() string {
	if in.arg {
		return "argument " + strconv.Itoa(in.no)
	}
	return "line " + strconv.Itoa(in.no)
}

// tooLong is the reason given for a line longer than maxLine.
var tooLong = "line longer than " + strconv.Itoa(maxLine) + " bytes"

// output collects the records of some inputs: the bytes for standard
// output, the messages for standard error (each written after the
// standard output that precedes it), and the exit status.
type output struct {
	out    []byte
	notes  []note
	status int
}

// note is a message for standard error, to be written after out[:at].
type note struct {
	at   int
	text string
}

// stderr queues a message for standard error after what out holds now.
func (o *output) stderr(text string) {
	o.notes = append(o.notes, note{len(o.out), text})
}

// fail records that an input was invalid (exit status 1).
func (o *output) fail() { o.status = max(o.status, exitInvalid) }

// processor turns one input into its record, appended to o. It is called
// from several goroutines at once, each with its own o.
type processor func(in input, o *output)

// stream runs p on each argument, or on each line of standard input when
// there are no arguments, writes the records in input order, and returns
// the exit status.
func stream(e *env, name string, args []string, p processor) int {
	w := bufio.NewWriterSize(e.stdout, readBuffer)
	if len(args) > 0 {
		var o output
		for i, a := range args {
			in := input{text: a, no: i + 1, arg: true}
			if len(a) > maxLine {
				in.text, in.long = "", int64(len(a))
			}
			p(in, &o)
		}
		return writeAll(e, name, &o)
	}

	workers := runtime.GOMAXPROCS(0)
	work := make(chan *chunk, workers)
	order := make(chan *chunk, 2*workers)
	for range workers {
		go func() {
			for c := range work {
				c.run(p)
				close(c.done)
			}
		}()
	}
	var readErr error
	go func() {
		readErr = readChunks(e.stdin, order, work)
		close(work)
		close(order)
	}()
	status := exitOK
	for c := range order {
		<-c.done
		if err := writeOut(w, e.stderr, &c.o, c.flush); err != nil {
			fmt.Fprintf(e.stderr, "urikit %s: %v\n", name, err)
			return exitUsage
		}
		status = max(status, c.o.status)
		putChunk(c)
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(e.stderr, "urikit %s: %v\n", name, err)
		return exitUsage
	}
	if readErr != nil {
		fmt.Fprintf(e.stderr, "urikit %s: reading standard input: %v\n", name, readErr)
		return exitUsage
	}
	return status
}

// writeAll writes the records of o and returns the exit status.
func writeAll(e *env, name string, o *output) int {
	w := bufio.NewWriterSize(e.stdout, readBuffer)
	if err := writeOut(w, e.stderr, o, true); err != nil {
		fmt.Fprintf(e.stderr, "urikit %s: %v\n", name, err)
		return exitUsage
	}
	return o.status
}

// writeOut writes o to w, flushing w before each message to errw so that
// both streams keep their order on a terminal, and at the end when flush
// is set.
func writeOut(w *bufio.Writer, errw io.Writer, o *output, flush bool) error {
	prev := 0
	for _, n := range o.notes {
		w.Write(o.out[prev:n.at])
		prev = n.at
		if err := w.Flush(); err != nil {
			return err
		}
		io.WriteString(errw, n.text)
	}
	if _, err := w.Write(o.out[prev:]); err != nil {
		return err
	}
	if flush {
		return w.Flush()
	}
	return nil
}

// chunk is a run of consecutive lines and, once done is closed, their
// records.
type chunk struct {
	data  []byte     // the lines' bytes, one after the other
	lines []lineSpan // where each line lies in data
	first int        // the number of the first line
	flush bool       // flush the output after this chunk
	o     output
	done  chan struct{}
}

// lineSpan is a line of a chunk: data[start:end], or a line of long
// bytes that was too long to keep.
type lineSpan struct {
	start, end int
	long       int64
}

var chunkPool = sync.Pool{New: func() any { return new(chunk) }}

func getChunk() *chunk {
	c := chunkPool.Get().(*chunk)
	c.done = make(chan struct{})
	return c
}

// putChunk returns c to the pool, unless a long line made it large.
func putChunk(c *chunk) {
	if cap(c.data) > 4*chunkBytes || cap(c.o.out) > 16*chunkBytes {
		return
	}
	c.data, c.lines = c.data[:0], c.lines[:0]
	c.o = output{out: c.o.out[:0]}
	c.first, c.flush, c.done = 0, false, nil
	chunkPool.Put(c)
}

func (c *chunk) run(p processor) {
	text := string(c.data)
	for i, l := range c.lines {
		p(input{text: text[l.start:l.end], no: c.first + i, long: l.long}, &c.o)
	}
}

// readChunks reads r to its end and sends its lines in chunks to order
// and, in the same order, to work.
func readChunks(r io.Reader, order, work chan<- *chunk) error {
	br := bufio.NewReaderSize(r, readBuffer)
	no := 0
	c := getChunk()
	for {
		start := len(c.data)
		n, err := readLine(br, &c.data)
		if n >= 0 {
			no++
			l := lineSpan{start: start, end: len(c.data)}
			if n > maxLine {
				l.end, l.long = start, n
			}
			c.lines = append(c.lines, l)
		}
		// An empty buffer means that the next read may wait for the
		// producer: send what there is now, and have it flushed.
		idle := err != nil || br.Buffered() == 0
		if len(c.lines) > 0 && (idle || len(c.lines) >= chunkLines || len(c.data) >= chunkBytes) {
			c.first = no - len(c.lines) + 1
			c.flush = idle
			order <- c
			work <- c
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
// its length; a line longer than maxLine is counted and skipped, and
// *data is left as it was. At the end of the input it returns -1 and
// io.EOF, or the last line (with no "\n") and io.EOF.
func readLine(br *bufio.Reader, data *[]byte) (int64, error) {
	start := len(*data)
	var n int64 // bytes of the line read so far, ending included
	keep := true
	var last [2]byte // the line's last two bytes
	for {
		frag, err := br.ReadSlice('\n')
		if keep && n+int64(len(frag)) > maxLine+2 {
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
		case n-cut > maxLine:
			*data = (*data)[:start]
		case keep:
			*data = (*data)[:len(*data)-int(cut)]
		}
		return n - cut, err
	}
}
