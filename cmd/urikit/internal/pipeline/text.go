package pipeline

// This file holds the reading of running text that extract and lint
// --text share: a source (a file, or standard input) is read in chunks
// cut where uri.ExtractCut says, each chunk's URIs found by a
// worker, and the records written in input order. What each match
// becomes is the command's.

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"sync"

	"github.com/urikit/urikit/cmd/urikit/internal/base"
	"github.com/urikit/urikit/cmd/urikit/internal/record"

	"github.com/urikit/urikit/uri"
)

// ChunkTarget and ChunkLimit size the chunks: a chunk is cut at the last
// cut in its first ChunkTarget bytes (or more, until there is one); one
// that finds no cut within ChunkLimit bytes ends the parallel reading of
// its source, whose rest is extracted by one ExtractReader, in bounded
// memory too. At most 2*GOMAXPROCS+2 chunks exist at a time. Only tests
// change them, to make chunks small.
var (
	ChunkTarget = 256 << 10
	ChunkLimit  = 16 << 20
)

// Xsource is one input of extract: a file, or standard input.
type Xsource struct {
	index int
	name  string // as given; "-" or "" for standard input
	stdin bool
	named bool   // FILEs were named: records say which
	Label string // for messages and text records: masked, escaped
	json  []byte // the "file" member's value, a JSON string
}

// Xchunk is a run of a source's text and, once extracted, its
// records.
type Xchunk struct {
	Src        *Xsource
	data       []byte
	Base       int64 // the offset of data[0] in the source
	Line, col  int   // the line of data[0], and the bytes before it on that line
	flush      bool  // flush the output after this chunk
	O          record.Output
	Found      int
	skipped    int
	unreadable bool // the source could not be read
}

var xbufPool = sync.Pool{New: func() any { return new([]byte) }}

// getBuf returns an empty buffer of ChunkTarget bytes at least.
func getBuf() []byte {
	p := xbufPool.Get().(*[]byte)
	if cap(*p) < ChunkTarget {
		return make([]byte, 0, ChunkTarget)
	}
	return (*p)[:0]
}

// putBuf returns a buffer of ChunkTarget bytes to the pool.
func putBuf(b []byte) {
	if cap(b) == ChunkTarget {
		xbufPool.Put(&b)
	}
}

// TextSources returns the sources named by args (FILEs), or standard
// input when there are none.
func TextSources(args []string, showSecrets bool) []*Xsource {
	var srcs []*Xsource
	if len(args) == 0 {
		srcs = []*Xsource{{stdin: true, Label: "standard input"}}
	}
	for i, a := range args {
		shownName := a
		if !showSecrets {
			shownName = record.MaskMessage(a).Text
		}
		srcs = append(srcs, &Xsource{
			index: i, name: a, stdin: a == "-", named: true,
			Label: record.EscapeText(shownName), json: record.AppendString(nil, shownName),
		})
	}
	return srcs
}

// TextRun is one run of a command that reads running text in chunks:
// match appends the record of each match to its chunk's output, given
// the input from m.Offset to m.End (raw, nil if it is not at hand).
type TextRun struct {
	Name  string // the command, for messages
	E     *base.Env
	Opts  uri.ExtractOptions
	Match func(c *Xchunk, m uri.Match, raw []byte)
	// send queues a chunk, to be extracted when its second argument is
	// set; it reports false when the run is over (the output failed).
	send func(c *Xchunk, extract bool) bool
}

// textTotals are what a TextRun found, for its exit status.
type textTotals struct {
	Found      int
	skipped    []int // by source index
	Status     int   // the highest status of the chunks' outputs
	Unreadable bool  // a source could not be read
}

// Run reads srcs, writing the records in input order, and returns the
// totals; ok is false when the output failed (a message says so).
func (x *TextRun) Run(srcs []*Xsource) (t textTotals, ok bool) {
	w := bufio.NewWriterSize(x.E.Stdout, readBuffer)
	t = textTotals{skipped: make([]int, len(srcs)+1), Status: record.ExitOK}
	err := ordered(func(send func(*Xchunk, bool) bool) {
		x.send = send
		for _, s := range srcs {
			if !x.readSource(s) {
				return
			}
		}
	}, x.extract, func(c *Xchunk) error {
		if err := writeOut(w, x.E.Stderr, &c.O, c.flush); err != nil {
			return err
		}
		t.Found += c.Found
		t.skipped[c.Src.index] += c.skipped
		t.Status = max(t.Status, c.O.Status)
		t.Unreadable = t.Unreadable || c.unreadable
		putBuf(c.data)
		return nil
	})
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		fmt.Fprintf(x.E.Stderr, "urikit %s: %v\n", x.Name, err)
		return t, false
	}
	return t, true
}

// failed queues the message that s cannot be read.
func (x *TextRun) failed(s *Xsource, err error) bool {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	c := &Xchunk{Src: s, unreadable: true, flush: true}
	c.O.Stderr("urikit " + x.Name + ": " + s.Label + ": " + record.EscapeText(err.Error()) + "\n")
	return x.send(c, false)
}

// readSource reads s in chunks; it reports false when the run is over.
func (x *TextRun) readSource(s *Xsource) bool {
	r := x.E.Stdin
	if !s.stdin {
		f, err := os.Open(s.name)
		if err != nil {
			return x.failed(s, err)
		}
		defer f.Close()
		r = f
	}
	var base int64
	line, col := 1, 0
	buf := getBuf()
	searched := 0 // buf[:searched] holds no cut
	empty := 0
	// cut sends buf[:n] as a chunk and keeps the rest in a new buffer.
	cut := func(n int, flush bool) bool {
		c := &Xchunk{Src: s, data: buf[:n], Base: base, Line: line, col: col, flush: flush}
		data := buf[:n]
		if k := bytes.Count(data, []byte{'\n'}); k > 0 {
			line += k
			col = n - bytes.LastIndexByte(data, '\n') - 1
		} else {
			col += n
		}
		base += int64(n)
		rest := buf[n:]
		buf = getBuf()
		buf = append(buf, rest...)
		searched = 0
		return x.send(c, true)
	}
	for {
		if len(buf) == cap(buf) {
			b := make([]byte, len(buf), 2*cap(buf))
			copy(b, buf)
			putBuf(buf)
			buf = b
		}
		want := cap(buf) - len(buf)
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == nil && n == 0 {
			if empty++; empty >= 100 {
				err = io.ErrNoProgress
			}
		} else {
			empty = 0
		}
		if err != nil {
			if len(buf) > 0 && !cut(len(buf), true) {
				return false
			}
			if err != io.EOF {
				return x.failed(s, fmt.Errorf("reading: %w", err))
			}
			putBuf(buf)
			return true
		}
		// A short read: the next one may wait for the producer, so what
		// can be done now is sent, and flushed.
		short := n < want
		if len(buf) < ChunkTarget && !(short && len(buf) > 0) {
			continue
		}
		if c := uri.ExtractCut(buf, searched, x.Opts); c > 0 {
			if !cut(c, short) {
				return false
			}
			continue
		}
		searched = len(buf)
		if len(buf) >= ChunkLimit {
			return x.sequential(s, buf, r, base, line, col)
		}
	}
}

// sequential extracts the rest of s, buf and then r, with one
// ExtractReader, sending the records as they come.
func (x *TextRun) sequential(s *Xsource, buf []byte, r io.Reader, base int64, line, col int) bool {
	// The Extractor holds less than 4*MaxLen + 64 KiB of input: the bytes
	// of a match are still in a window of that much.
	w := &window{r: io.MultiReader(bytes.NewReader(buf), r), keep: 4*x.Opts.MaxLen + 64<<10}
	ex := uri.ExtractReader(w, x.Opts)
	newChunk := func() *Xchunk {
		return &Xchunk{Src: s, Base: base, Line: line, col: col, flush: true}
	}
	c := newChunk()
	for m := range ex.All() {
		var raw []byte
		if m.Offset >= w.base && m.End <= w.base+len(w.buf) {
			raw = w.buf[m.Offset-w.base : m.End-w.base]
		}
		x.Match(c, m, raw)
		if len(c.O.Out) >= readBuffer {
			if !x.send(c, false) {
				return false
			}
			c = newChunk()
		}
	}
	c.skipped = ex.Skipped()
	if !x.send(c, false) {
		return false
	}
	if err := ex.Err(); err != nil {
		return x.failed(s, fmt.Errorf("reading: %w", err))
	}
	return true
}

// extract finds the URIs of c.data and writes their records.
func (x *TextRun) extract(c *Xchunk) {
	ex := uri.ExtractReader(bytes.NewReader(c.data), x.Opts)
	for m := range ex.All() {
		x.Match(c, m, c.data[m.Offset:m.End])
	}
	c.skipped = ex.Skipped()
}

// ReportSkipped says on standard error, for each source, how many
// candidates were longer than maxLen bytes and skipped (uri.Extractor's
// Skipped), as both extract and lint --text do.
func ReportSkipped(e *base.Env, name string, srcs []*Xsource, t textTotals, maxLen int, hint string) {
	for _, s := range srcs {
		if n := t.skipped[s.index]; n > 0 {
			what := "candidates"
			if n == 1 {
				what = "candidate"
			}
			fmt.Fprintf(e.Stderr, "urikit %s: %s: %d %s longer than %d bytes skipped%s\n", name, s.Label, n, what, maxLen, hint)
		}
	}
}

// MatchAt returns where m, found in c, lies in its source: the offset of
// its first byte, its line and column (counted from 1, the column in
// bytes).
func MatchAt(c *Xchunk, m uri.Match) (off int64, line, col int) {
	line, col = c.Line+m.Line-1, m.Column
	if m.Line == 1 {
		col += c.col
	}
	return c.Base + int64(m.Offset), line, col
}

// AppendMatchJSON appends the start of the JSON record of m, shown as u:
// "{", "file" when the source is named, "uri", "offset", "line" and
// "column"; the caller adds its own members, then AppendMarksJSON.
func AppendMatchJSON(b []byte, c *Xchunk, u string, off int64, line, col int) []byte {
	b = append(b, '{')
	if c.Src.named {
		b = record.Key(b, "file")
		b = append(b, c.Src.json...)
	}
	b = record.Key(b, "uri")
	b = record.AppendString(b, u)
	b = record.Key(b, "offset")
	b = strconv.AppendInt(b, off, 10)
	b = record.Key(b, "line")
	b = strconv.AppendInt(b, int64(line), 10)
	b = record.Key(b, "column")
	return strconv.AppendInt(b, int64(col), 10)
}

// AppendMarksJSON appends "completed", "iri", "joined" and "hyphen"
// when they apply to m.
func AppendMarksJSON(b []byte, m uri.Match) []byte {
	if m.Completed {
		b = append(b, `,"completed":true`...)
	}
	if m.IRI {
		b = append(b, `,"iri":true`...)
	}
	if m.Joined {
		b = append(b, `,"joined":true`...)
	}
	if m.Hyphen != uri.HyphenNone {
		b = append(b, `,"hyphen":`...)
		b = record.AppendString(b, m.Hyphen.String())
	}
	return b
}

// AppendMatchLine appends the text line of m, shown as u, without its
// newline: "FILE:LINE:COLUMN: URI" (no FILE for standard input) and the
// marks of a text not as written.
func AppendMatchLine(b []byte, c *Xchunk, m uri.Match, u string, line, col int) []byte {
	if c.Src.named {
		b = append(b, c.Src.Label...)
		b = append(b, ':')
	}
	b = strconv.AppendInt(b, int64(line), 10)
	b = append(b, ':')
	b = strconv.AppendInt(b, int64(col), 10)
	b = append(b, ':', ' ')
	b = append(b, record.EscapeText(u)...)
	switch {
	case m.Hyphen == uri.HyphenCut:
		b = append(b, " (cut at a hyphen)"...)
	case m.Hyphen == uri.HyphenJoined:
		b = append(b, " (joined at a hyphen)"...)
	case m.Joined:
		b = append(b, " (joined)"...)
	}
	if m.Completed {
		b = append(b, " (completed)"...)
	}
	if m.IRI {
		b = append(b, " (iri)"...)
	}
	return b
}
