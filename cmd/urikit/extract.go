package main

// This file holds extract: the URIs found in text (RFC 3986 Appendix C),
// by uri.ExtractReader, on every core.
//
// A source (a file, or standard input) is read in chunks that end at a
// cut: a position where the extraction of the text after it does not
// depend on the text before it, nor the extraction before it on the text
// after it. Each chunk is extracted on its own, by a worker, with the
// offsets, lines and columns of its matches shifted to the chunk's place
// in the source; the records are written in input order. The matches are
// exactly those of one ExtractReader over the whole source: see findCut.

import (
	"bytes"
	"flag"
	"io"
	"strconv"

	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/uri"
)

var extractCmd = &command{
	name:    "extract",
	summary: "find the URIs in text, like grep -o (RFC 3986 Appendix C)",
	usage:   "extract [--json] [--show-secrets] [--registered] [--suffix] [--max-len N] [FILE...]",
	help: `Prints every URI found in the text of each FILE, or of standard input,
one line each, in input order: "FILE:LINE:COLUMN: URI" (like grep -n), or
"LINE:COLUMN: URI" for standard input. LINE and COLUMN count from 1;
COLUMN counts bytes, so a tab or a UTF-8 character counts as its bytes.

URIs are delimited as RFC 3986 Appendix C describes and kept only if they
are valid (uri.ExtractReader): whitespace, double quotes and "<...>" end
them; inside "<...>" whitespace is removed, so a URI broken over lines
comes out whole, and a "URL:" prefix is dropped. In running text, trailing
punctuation (".", ",", ";", ":", "!", "?", an unbalanced ")" or "]") is
dropped, although each can end a URI: such a URI is found whole only in
quotes or angle brackets. A URI whose line ends with "-" is reported both
cut there and joined with the next line's first word.

A mark follows the URI when it is not the text as written:
  (joined)             whitespace inside "<...>" was removed
  (cut at a hyphen)    the reading that ends at the line's final "-"
  (joined at a hyphen) the reading that goes on on the next line
  (completed)          a suffix reference completed by --suffix
In JSON these are "joined": true, "hyphen": "cut" or "joined", and
"completed": true, present only when they apply; "end" is the offset of
the byte after the URI's last one in the input.

Words that the grammar reads as URIs are reported ("localhost:8080",
"main.go:12"): --registered keeps only the schemes urikit knows (http,
https, ws, wss, ftp, file, mailto, urn, jdbc, amqp, amqps, sip, tag, data, ...). Secrets show as
xxxxx unless --show-secrets, masked in each URI found as in one URI.`,
	example: `  $ printf 'Docs: <URL:https://example.org/guide/\n  install.html>, or www.example.net/guide.\n' | urikit extract --suffix
  1:12: https://example.org/guide/install.html (joined)
  2:21: http://www.example.net/guide (completed)
  $ printf 'GET http://u:hunter2@api.example/v1 -> 200 (localhost:8080)\n' | urikit extract --json --registered
  {"uri":"http://u:xxxxx@api.example/v1","offset":4,"line":1,"column":5,"end":35,"error":null}
`,
	footer: `The FILEs are read in turn ("-" is standard input); with none, all of
standard input is read. The text is read as it is, in any size, in
bounded memory: in chunks cut where no URI can span the cut, extracted on
every core, each chunk's URIs written as soon as it and those before it
are done (when standard input waits for more, what has come so far is
done). A candidate longer than --max-len bytes is skipped; standard error
says at the end how many were, for each input. Control bytes and
terminal escapes are shown escaped.

Exit status: 0 when a URI was found, 1 when none was, 2 for a usage error
or an input that cannot be read (like grep).
`,
	setup: setupExtract,
}

// extractOptions are the flags of extract.
type extractOptions struct {
	*options
	opts uri.ExtractOptions
}

func setupExtract(fs *flag.FlagSet) func([]string, *env) int {
	opt := new(options)
	fs.BoolVar(&opt.json, "json", false, `print one JSON object per URI found, one per line: {"file" (when FILEs are named),"uri",
"offset","line","column","end","error"}, and "completed", "joined", "hyphen" when they apply`)
	fs.BoolVar(&opt.showSecrets, "show-secrets", false, "print passwords as written instead of xxxxx")
	registered := fs.Bool("registered", false, "keep only URIs whose scheme is registered (scheme.Lookup): http, https, ws, wss,\nftp, file, mailto, urn, jdbc, amqp, amqps, and names such as sip, tag and data")
	suffix := fs.Bool("suffix", false, "also find suffix references such as \"www.w3.org/Addressing/\" (RFC 3986 4.5),\ncompleted with \"http://\" or \"ftp://\"")
	maxLen := fs.Int("max-len", uri.DefaultMaxLen, "the longest candidate, in `bytes` of input: a longer one is skipped and counted")
	return func(args []string, e *env) int {
		if *maxLen < 1 || *maxLen > 1<<30 {
			return usageError(e, "--max-len wants a number of bytes from 1 to 1073741824")
		}
		xo := &extractOptions{options: opt, opts: uri.ExtractOptions{MaxLen: *maxLen, Suffix: *suffix}}
		if *registered {
			xo.opts.Keep = func(u uri.URI) bool {
				_, ok := scheme.Lookup(u.Scheme())
				return ok
			}
		}
		return runExtract(e, args, xo)
	}
}

// extractRun is one run of extract: its options, and the record of each
// match.
type extractRun struct {
	xo *extractOptions
}

func runExtract(e *env, args []string, xo *extractOptions) int {
	srcs := textSources(args, xo.showSecrets)
	x := &extractRun{xo: xo}
	tr := &textRun{name: "extract", e: e, opts: xo.opts, match: func(c *xchunk, m uri.Match, _ []byte) {
		x.appendMatch(c, m)
	}}
	t, ok := tr.run(srcs)
	if !ok {
		return exitUsage
	}
	reportSkipped(e, "extract", srcs, t, xo.opts.MaxLen, " (--max-len)")
	switch {
	case t.unreadable:
		return exitUsage
	case t.found > 0:
		return exitOK
	}
	return exitInvalid
}

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

// appendMatch writes the record of m, found in c.
func (x *extractRun) appendMatch(c *xchunk, m uri.Match) {
	c.found++
	off, line, col := matchAt(c, m)
	u := m.URI.String()
	if !x.xo.showSecrets {
		u = maskMatch(m)
	}
	if x.xo.json {
		b := appendMatchJSON(c.o.out, c, u, off, line, col)
		b = key(b, "end")
		b = strconv.AppendInt(b, c.base+int64(m.End), 10)
		b = appendMarksJSON(b, m)
		c.o.out = append(b, `,"error":null}`+"\n"...)
		return
	}
	c.o.out = append(appendMatchLine(c.o.out, c, m, u, line, col), '\n')
}

// maskMatch returns the URI of m as shown: masked as every URI of urikit
// (mask), structurally, since a match is a valid URI. A match that starts
// inside a word whose start would make it a password ("db:user:pw@host/x"
// gives the URI "user:pw@host/x") is a DSN of an unregistered scheme, whose
// rootless path the rules mask up to its "@".
func maskMatch(m uri.Match) string { return mask(m.URI.String()).text }

// cutSpace are the bytes that may end the text before a cut: the ASCII
// whitespace of uri.Extract (SP, HT, LF, VT, FF, CR), each a delimiter
// of URIs in running text (RFC 3986 Appendix C).
var cutSpace = [256]bool{' ': true, '\t': true, '\n': true, '\v': true, '\f': true, '\r': true}

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
func findCut(b []byte, from, maxLen int) int {
	w := maxLen + 64
	c := len(b)
	for c > from {
		for c > from && !cutSpace[b[c-1]] {
			c--
		}
		if c <= from {
			break
		}
		k := c - 1
		for k >= 0 && k >= c-w && cutSpace[b[k]] {
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
