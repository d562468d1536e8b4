// Package lintcmd is "urikit lint": the findings of package lint (RFC
// 3986 section 7 and its successors), for one URI per input line, or with
// --text for every URI found in running text, read in chunks on every
// core as extract reads it (package pipeline). CmdLint is the subcommand;
// Record writes the record of one input, with no flags to parse.
package lintcmd

import (
	"bytes"
	"cmp"
	"strconv"

	"github.com/urikit/urikit/cmd/urikit/internal/base"
	"github.com/urikit/urikit/cmd/urikit/internal/extractcmd"
	"github.com/urikit/urikit/cmd/urikit/internal/pipeline"
	"github.com/urikit/urikit/cmd/urikit/internal/record"

	"github.com/urikit/urikit/lint"
	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/uri"
)

// CmdLint is "urikit lint".
var CmdLint = &base.Command{
	Name:    "lint",
	Summary: "report what RFC 3986 section 7 warns about (IPv4 spellings, userinfo tricks, ...)",
	Usage:   "lint [--json] [--show-secrets] [--text] [--registered] [--suffix] [ARG...]",
	Help: `Reports, for each URI, the findings of the security lint (package lint):
host spellings that inet_aton reads as another IPv4 address ("0177.0.0.1",
"0x7f.1", "2130706433", "127.1"), non-canonical and IPv4-embedding IPv6
literals, zone identifiers, mixed-script and invalid Punycode labels, a
host in front of the real one ("http://trusted.com@evil.example/"), a
password in the userinfo, percent-encoded NUL, CR, LF, controls, bidi
controls, slashes, backslashes and dot segments, Windows device names,
well-known, out-of-range and default ports, script schemes, http URIs
without "//", schemes that IANA does not register (and, as info, those
urikit has no rules for), and for amqp and amqps the rules of the
RabbitMQ URI specification. Text that
does not parse gets invalid-uri. Each finding has a stable code, the
component, the byte offset and a fixed message that holds no input text;
'go doc github.com/urikit/urikit/lint' lists the codes.

Without --text, each ARG, or each line of standard input, is one URI: it
is shown, then each finding as "offset N COMPONENT: SEVERITY: CODE:
MESSAGE" with the input again and a caret under the byte. SEVERITY is
error (the URI will not work as meant), warning (it can change the host,
port or file reached, hide what a reader sees or leak a secret), notice
(a spelling to tidy) or info (worth knowing). Text outside US-ASCII that
is an IRI is linted as the URI it maps to (RFC 3987 3.1), plus iri.

With --text, the ARGs are files ("-" is standard input; none means all
of standard input) read as running text, as extract reads them: every URI
found (RFC 3986 Appendix C) is shown as "FILE:LINE:COLUMN: URI" (or
"LINE:COLUMN: URI" for standard input), followed by its findings, their
offsets counted in the file. IRIs are found too (RFC 3987:
"http://аpple.com/" with a Cyrillic "а", "http://www.bücher.test/"),
delimited as extract --iri delimits them: each is shown as the URI it
maps to, marked (iri), and linted as one IRI argument is, its offsets
counted in the file. --registered keeps only the schemes urikit
knows; --suffix also finds suffix references such as "www.example.com/a".
A URI reported both cut at a hyphen and joined across the line break has
each reading's findings.`,
	Example: `  $ urikit lint 'http://0x7f.1:25/a%0D%0Ab'
  http://0x7f.1:25/a%0D%0Ab
    offset 7 host: warning: ipv4-hex: a part with "0x" is hexadecimal to inet_aton and most resolvers, but this host is a reg-name: filter on the numeric address, not on the text
      http://0x7f.1:25/a%0D%0Ab
             ^
    offset 7 host: warning: ipv4-short: two or three numbers are an IPv4 address to inet_aton and most resolvers (the last part fills the remaining bytes), but this host is a reg-name
      http://0x7f.1:25/a%0D%0Ab
             ^
    offset 14 port: warning: well-known-port: a well-known port (0-1023) that is not the scheme's default: the server there may speak another protocol and act on the URI's data
      http://0x7f.1:25/a%0D%0Ab
                    ^
    offset 18 path: warning: encoded-crlf: a percent-encoded CR or LF: a back end that decodes it into a line-based protocol (HTTP headers, SMTP, FTP, logs) reads a new line
      http://0x7f.1:25/a%0D%0Ab
                        ^
  $ printf 'Mirror: ftp://anon:guest@[::ffff:10.0.0.1]/pub\n' | urikit lint --text --json
  {"uri":"ftp://anon:xxxxx@[::ffff:10.0.0.1]/pub","offset":8,"line":1,"column":9,"findings":[{"code":"password-present","component":"userinfo","offset":14,"message":"a password in the userinfo: \"user:password\" is deprecated, and URIs are logged, displayed and bookmarked","severity":"warning"},{"code":"ipv6-embeds-ipv4","component":"host","offset":26,"message":"an IPv4-mapped IPv6 address (::ffff:0:0/96) reaches an IPv4 host: a filter on IPv4 addresses misses it","severity":"warning"}],"error":null}
`,
	Footer: `Passwords show as xxxxx unless --show-secrets is given; findings never
hold input text. Control bytes and terminal escapes are shown escaped.

Without --text, each input gives one record, in input order; a line
longer than 1048576 bytes gives an error record. With --text, the text is
read in any size, in bounded memory, in chunks extracted and linted on
every core, as extract does.

Exit status: 0 when there is no finding, 1 when there is one (or an input
line too long), 2 for a usage error or an input that cannot be read.
`,
	Setup: setupLint,
}

// Options are the flags of lint.
type Options struct {
	base.Options
	text bool
	opts uri.ExtractOptions
}

func setupLint(fs base.Flags) func([]string, *base.Env) int {
	lo := new(Options)
	fs.BoolVar(&lo.JSON, "json", false, `print one JSON object per record, one per line: {"input","findings","error"}, or with --text
{"file" (when FILEs are named),"uri","offset","line","column","findings","error"}, and "completed", "iri", "joined",
"hyphen" when they apply; each finding is {"code","component","offset","message","severity"}`)
	fs.BoolVar(&lo.ShowSecrets, "show-secrets", false, "print passwords as written instead of xxxxx")
	fs.BoolVar(&lo.text, "text", false, "read the ARGs (files) or standard input as running text and lint every URI found in it")
	registered := fs.Bool("registered", false, "with --text, keep only URIs whose scheme is registered (scheme.Lookup)")
	suffix := fs.Bool("suffix", false, "with --text, also find suffix references such as \"www.w3.org/Addressing/\" (RFC 3986 4.5)")
	return func(args []string, e *base.Env) int {
		if !lo.text && (*registered || *suffix) {
			return base.UsageError(e, "--registered and --suffix apply to --text")
		}
		if !lo.text {
			return pipeline.Stream(e, "lint", args, func(in record.Input, o *record.Output) { Record(in, o, lo) })
		}
		lo.opts = uri.ExtractOptions{Suffix: *suffix, IRI: true}
		if *registered {
			lo.opts.Keep = func(u uri.URI) bool {
				_, ok := scheme.Lookup(u.Scheme())
				return ok
			}
		}
		return runLintText(e, args, lo)
	}
}

// Record appends to o the record of one input line of lint, as lo
// says.
func Record(in record.Input, o *record.Output, lo *Options) {
	findings, m, err := check(in, o, lo.ShowSecrets)
	if lo.JSON {
		appendJSON(o, findings, m, err)
		return
	}
	b := o.Out
	if in.No > 1 {
		b = append(b, '\n')
	}
	if err != nil {
		b = append(b, "("+strconv.FormatInt(in.Long, 10)+" bytes, not shown)\n"...)
		b = append(b, "  error: "+err.Reason+"\n"...)
		o.Out = b
		return
	}
	b = append(b, record.EscapeText(m.Text)...)
	b = append(b, '\n')
	for _, f := range findings {
		b = appendFindingLine(b, f, 0)
		b = append(b, record.CaretLines("    ", m, f.Offset)...)
	}
	o.Out = b
}

// JSONRecord appends to o the record of text, read as an argument, as
// "urikit lint --json" writes it. It links none of the text writers.
func JSONRecord(text string, o *record.Output) {
	findings, m, err := check(record.ArgInput(text, 1), o, false)
	appendJSON(o, findings, m, err)
}

// check lints one input, and reads it for the mask it is shown with; it
// marks o failed when there is a finding or the input is too long.
func check(in record.Input, o *record.Output, showSecrets bool) (findings []lint.Finding, m record.Shown, err *record.Error) {
	if in.Long > 0 {
		o.Fail()
		return nil, m, record.LongError()
	}
	findings = lint.String(in.Text)
	m = record.ParseInput(in.Text, true, showSecrets).Shown
	if len(findings) > 0 {
		o.Fail()
	}
	return findings, m, nil
}

// appendJSON appends the JSON record of one input to o.
func appendJSON(o *record.Output, findings []lint.Finding, m record.Shown, err *record.Error) {
	b := append(o.Out, '{')
	b = record.Key(b, "input")
	b = record.AppendString(b, m.Text)
	b = record.Key(b, "findings")
	b = appendFindings(b, findings, 0)
	b = record.Key(b, "error")
	b = record.AppendError(b, err)
	o.Out = append(b, '}', '\n')
}

// appendFindings appends findings as a JSON array, their offsets moved
// by base.
func appendFindings(b []byte, findings []lint.Finding, base int64) []byte {
	b = append(b, '[')
	for i, f := range findings {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '{')
		b = record.Key(b, "code")
		b = record.AppendString(b, f.Code)
		b = record.Key(b, "component")
		b = record.AppendString(b, f.Component.String())
		b = record.Key(b, "offset")
		b = strconv.AppendInt(b, base+int64(f.Offset), 10)
		b = record.Key(b, "message")
		b = record.AppendString(b, f.Message)
		b = record.Key(b, "severity")
		b = record.AppendString(b, f.Severity.String())
		b = append(b, '}')
	}
	return append(b, ']')
}

// appendFindingLine appends "  offset N COMPONENT: SEVERITY: CODE: MESSAGE".
func appendFindingLine(b []byte, f lint.Finding, base int64) []byte {
	b = append(b, "  offset "...)
	b = strconv.AppendInt(b, base+int64(f.Offset), 10)
	b = append(b, ' ')
	b = append(b, f.Component.String()...)
	b = append(b, ": "...)
	b = append(b, f.Severity.String()...)
	b = append(b, ": "...)
	b = append(b, record.EscapeText(f.Code)...)
	b = append(b, ": "...)
	b = append(b, record.EscapeText(f.Message)...)
	return append(b, '\n')
}

// lintRun is one run of lint --text: extract's reading in chunks (see
// pipeline.TextRun), each chunk's URIs linted by a worker.
type lintRun struct {
	lo *Options
}

func runLintText(e *base.Env, args []string, lo *Options) int {
	lo.opts.MaxLen = uri.DefaultMaxLen
	srcs := pipeline.TextSources(args, lo.ShowSecrets)
	x := &lintRun{lo: lo}
	tr := &pipeline.TextRun{Name: "lint", E: e, Opts: lo.opts, Match: x.appendMatch}
	t, ok := tr.Run(srcs)
	if !ok {
		return record.ExitUsage
	}
	pipeline.ReportSkipped(e, "lint", srcs, t, cmp.Or(lo.opts.MaxLen, uri.DefaultMaxLen), "")
	if t.Unreadable {
		return record.ExitUsage
	}
	return t.Status
}

// textOffset returns the offset in the input of the byte at offset u of
// the URI's text of m (of m.Text for an IRI, as lint.Match counts them),
// as lint.Text counts it: a byte of a completion's
// prefix is at the match's first byte, and the whitespace removed from a
// joined match is counted back. raw is the input from m.Offset to m.End
// (nil if it is not at hand: the offset is then counted in m.Text).
func textOffset(m uri.Match, raw []byte, u int) int {
	if m.Completed {
		skip := max(len(m.URI.String())-len(m.Text), 0)
		if u < skip {
			return m.Offset
		}
		u -= skip
	}
	if !m.Joined || raw == nil {
		return min(m.Offset+u, m.End)
	}
	n := 0
	for i := 0; i < len(raw); {
		// A joined match dropped whitespace, and the typographic hyphen
		// (U+2010, U+00AD) that ended a line, which no match holds.
		switch {
		case space[raw[i]]:
			i++
			continue
		case bytes.HasPrefix(raw[i:], []byte("\u2010")):
			i += 3
			continue
		case bytes.HasPrefix(raw[i:], []byte("\u00ad")):
			i += 2
			continue
		}
		if n == u {
			return m.Offset + i
		}
		n++
		i++
	}
	return m.End
}

// appendMatch writes the record of m, found in c, with its findings.
func (x *lintRun) appendMatch(c *pipeline.Xchunk, m uri.Match, raw []byte) {
	findings := lint.Match(m)
	for i := range findings {
		findings[i].Offset = textOffset(m, raw, findings[i].Offset)
	}
	if len(findings) > 0 {
		c.O.Fail()
	}
	off, line, col := pipeline.MatchAt(c, m)
	u := m.URI.String()
	if !x.lo.ShowSecrets {
		u = extractcmd.MaskMatch(m)
	}
	if x.lo.JSON {
		b := pipeline.AppendMarksJSON(pipeline.AppendMatchJSON(c.O.Out, c, u, off, line, col), m)
		b = record.Key(b, "findings")
		b = appendFindings(b, findings, c.Base)
		c.O.Out = append(b, `,"error":null}`+"\n"...)
		return
	}
	b := append(pipeline.AppendMatchLine(c.O.Out, c, m, u, line, col), '\n')
	for _, f := range findings {
		b = appendFindingLine(b, f, c.Base)
	}
	c.O.Out = b
}

// space are the ASCII whitespace bytes of uri.Extract (SP, HT, LF, VT, FF,
// CR), each a delimiter of URIs in running text (RFC 3986 Appendix C).
var space = [256]bool{' ': true, '\t': true, '\n': true, '\v': true, '\f': true, '\r': true}
