// Package extractcmd is "urikit extract": the URIs found in text (RFC
// 3986 Appendix C), by uri.ExtractReader, on every core.
//
// A source (a file, or standard input) is read in chunks that end at a
// cut: a position where the extraction of the text after it does not
// depend on the text before it, nor the extraction before it on the text
// after it. Each chunk is extracted on its own, by a worker, with the
// offsets, lines and columns of its matches shifted to the chunk's place
// in the source; the records are written in input order (package
// pipeline). The matches are exactly those of one ExtractReader over the
// whole source. CmdExtract is the subcommand.
package extractcmd

import (
	"strconv"

	"github.com/urikit/urikit/cmd/urikit/internal/base"
	"github.com/urikit/urikit/cmd/urikit/internal/pipeline"
	"github.com/urikit/urikit/cmd/urikit/internal/record"

	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/uri"
)

// CmdExtract is "urikit extract".
var CmdExtract = &base.Command{
	Name:    "extract",
	Summary: "find the URIs in text, like grep -o (RFC 3986 Appendix C)",
	Usage:   "extract [--json] [--show-secrets] [--registered] [--suffix] [--iri] [--max-len N] [FILE...]",
	Help: `Prints every URI found in the text of each FILE, or of standard input,
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

With --iri, IRIs are found too (RFC 3987): text such as
"http://www.bücher.test/" or "http://аpple.com/" (a Cyrillic "а"), which
runs to the same delimiters and also ends at a bidi control, at invalid
UTF-8 and at any character an IRI cannot hold. Each is shown as the URI it
maps to (RFC 3987 3.1: "http://www.xn--bcher-kva.test/"), which tells a
look-alike host from the real one, marked (iri); LINE and COLUMN are those
of the IRI as written.

A mark follows the URI when it is not the text as written:
  (joined)             whitespace inside "<...>" was removed
  (cut at a hyphen)    the reading that ends at the line's final "-"
  (joined at a hyphen) the reading that goes on on the next line
  (completed)          a suffix reference completed by --suffix
  (iri)                an IRI found by --iri, shown as the URI it maps to
In JSON these are "joined": true, "hyphen": "cut" or "joined",
"completed": true and "iri": true, present only when they apply; "end" is
the offset of the byte after the URI's last one in the input.

Words that the grammar reads as URIs are reported ("localhost:8080",
"main.go:12"): --registered keeps only the schemes urikit knows (http,
https, ws, wss, ftp, file, mailto, urn, jdbc, amqp, amqps, sip, tag, data, ...),
and of those only the URIs that their scheme's rules accept (scheme.Validate:
"http://" has no host). Secrets show as
xxxxx unless --show-secrets, masked in each URI found as in one URI.`,
	Example: `  $ printf 'Docs: <URL:https://example.org/guide/\n  install.html>, or www.example.net/guide.\n' | urikit extract --suffix
  1:12: https://example.org/guide/install.html (joined)
  2:21: http://www.example.net/guide (completed)
  $ printf 'GET http://u:hunter2@api.example/v1 -> 200 (localhost:8080)\n' | urikit extract --json --registered
  {"uri":"http://u:xxxxx@api.example/v1","offset":4,"line":1,"column":5,"end":35,"error":null}
`,
	Footer: `The FILEs are read in turn ("-" is standard input); with none, all of
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
	Setup: setupExtract,
}

// ExtractOptions are the flags of extract.
type ExtractOptions struct {
	*base.Options
	Opts uri.ExtractOptions
}

func setupExtract(fs base.Flags) func([]string, *base.Env) int {
	opt := new(base.Options)
	fs.BoolVar(&opt.JSON, "json", false, `print one JSON object per URI found, one per line: {"file" (when FILEs are named),"uri",
"offset","line","column","end","error"}, and "completed", "iri", "joined", "hyphen" when they apply`)
	fs.BoolVar(&opt.ShowSecrets, "show-secrets", false, "print passwords as written instead of xxxxx")
	registered := fs.Bool("registered", false, "keep only URIs whose scheme is registered (scheme.Lookup): http, https, ws, wss,\nftp, file, mailto, urn, jdbc, amqp, amqps, and names such as sip, tag and data,\nand that its rules accept (scheme.Validate)")
	suffix := fs.Bool("suffix", false, "also find suffix references such as \"www.w3.org/Addressing/\" (RFC 3986 4.5),\ncompleted with \"http://\" or \"ftp://\"")
	iri := fs.Bool("iri", false, "also find IRIs such as \"http://www.bücher.test/\" (RFC 3987), shown as the URIs they map to")
	maxLen := fs.Int("max-len", uri.DefaultMaxLen, "the longest candidate, in `bytes` of input: a longer one is skipped and counted")
	return func(args []string, e *base.Env) int {
		if *maxLen < 1 || *maxLen > 1<<30 {
			return base.UsageError(e, "--max-len wants a number of bytes from 1 to 1073741824")
		}
		xo := &ExtractOptions{Options: opt, Opts: uri.ExtractOptions{MaxLen: *maxLen, Suffix: *suffix, IRI: *iri}}
		if *registered {
			// A registered scheme, and a URI its rules accept: "http://"
			// (no host) and "file:line" are words, not URIs to follow.
			xo.Opts.Keep = func(u uri.URI) bool {
				_, ok := scheme.Lookup(u.Scheme())
				return ok && scheme.Validate(u) == nil
			}
		}
		return runExtract(e, args, xo)
	}
}

// ExtractRun is one run of extract: its options, and the record of each
// match.
type ExtractRun struct {
	Xo *ExtractOptions
}

func runExtract(e *base.Env, args []string, xo *ExtractOptions) int {
	srcs := pipeline.TextSources(args, xo.ShowSecrets)
	x := &ExtractRun{Xo: xo}
	tr := &pipeline.TextRun{Name: "extract", E: e, Opts: xo.Opts, Match: func(c *pipeline.Xchunk, m uri.Match, _ []byte) {
		x.AppendMatch(c, m)
	}}
	t, ok := tr.Run(srcs)
	if !ok {
		return record.ExitUsage
	}
	pipeline.ReportSkipped(e, "extract", srcs, t, xo.Opts.MaxLen, " (--max-len)")
	switch {
	case t.Unreadable:
		return record.ExitUsage
	case t.Found > 0:
		return record.ExitOK
	}
	return record.ExitInvalid
}

// AppendMatch writes the record of m, found in c.
func (x *ExtractRun) AppendMatch(c *pipeline.Xchunk, m uri.Match) {
	c.Found++
	off, line, col := pipeline.MatchAt(c, m)
	u := m.URI.String()
	if !x.Xo.ShowSecrets {
		u = MaskMatch(m)
	}
	if x.Xo.JSON {
		b := pipeline.AppendMatchJSON(c.O.Out, c, u, off, line, col)
		b = record.Key(b, "end")
		b = strconv.AppendInt(b, c.Base+int64(m.End), 10)
		b = pipeline.AppendMarksJSON(b, m)
		c.O.Out = append(b, `,"error":null}`+"\n"...)
		return
	}
	c.O.Out = append(pipeline.AppendMatchLine(c.O.Out, c, m, u, line, col), '\n')
}

// MaskMatch returns the URI of m as shown: masked as every URI of urikit
// (mask), structurally, since a match is a valid URI; for an IRI, the URI
// it maps to (RFC 3987 3.1), whose secrets are those of the IRI. A match that starts
// inside a word whose start would make it a password ("db:user:pw@host/x"
// gives the URI "user:pw@host/x") is a DSN of an unregistered scheme, whose
// rootless path the rules mask up to its "@".
func MaskMatch(m uri.Match) string { return record.Mask(m.URI.String()).Text }
