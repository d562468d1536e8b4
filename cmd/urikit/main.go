// Command urikit reads, checks and transforms URIs with the urikit module
// (RFC 3986, RFC 3987 and the scheme plugins).
//
// Usage:
//
//	urikit SUBCOMMAND [flags] [ARGS...]
//	urikit help [SUBCOMMAND]
//	urikit version
//
// With no ARGS a subcommand reads one input per line from standard input
// and writes one record per input, in input order, as soon as it is
// known: each answer is written before the next line is read when the
// input comes slowly, and output is buffered when it does not. Lines end
// with LF or CRLF; a line longer than 1 MiB (1048576 bytes) gives an
// error record for that line and the run goes on. An empty line is an
// input like any other: the empty reference, valid where a relative
// reference is, an error where a URI is required. Large inputs are
// processed on every core, in bounded memory.
//
// The exit status is 0 when every input is valid (and equal, for equiv),
// 1 when one is not, and 2 for a usage error or input that cannot be
// read. With --json each input gives one JSON object on one line, with
// an "error" member (null when there is none); absent components are
// null and empty ones "".
//
// extract differs: it reads the files named, or all of standard input,
// as text, and writes one record per URI found in it (RFC 3986 Appendix
// C), and its exit status is 0 when it found one, 1 when it found none.
//
// serve differs too: it reads nothing and serves the playground page, on
// which urikit compiled to WebAssembly (GOOS=js GOARCH=wasm: package
// internal/playwasm, which serve builds with the go command) answers in
// the browser.
//
// The subcommands live in packages by role, in the manner of cmd/go:
// main.go holds the ordered table of commands and the dispatch;
// internal/base the command type, its environment and its common flags;
// internal/record the record model and its writers; internal/pipeline the
// one ordered parallel pipeline that reads inputs and writes records in
// input order; one package per subcommand or family (parsecmd,
// normalizecmd, resolvecmd, editcmd, iricmd, pathcmd, lintcmd,
// extractcmd, amqpcmd, servecmd, templatecmd, versioncmd), whose record functions need no flags;
// internal/play the playground's answers, made by those functions.
//
// Passwords are never printed unless --show-secrets is given: a
// "user:password@" anywhere in a text shows as "user:xxxxx@", valid URI
// or not (scheme.Redact, through internal/record), and so does a "port" that is not digits in an
// authority with no "@" ("postgres://user:s3cret", whose "@host" is
// missing); control bytes and terminal escape sequences are shown
// escaped, never written as they are.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/urikit/urikit/cmd/urikit/internal/amqpcmd"
	"github.com/urikit/urikit/cmd/urikit/internal/base"
	"github.com/urikit/urikit/cmd/urikit/internal/editcmd"
	"github.com/urikit/urikit/cmd/urikit/internal/extractcmd"
	"github.com/urikit/urikit/cmd/urikit/internal/iricmd"
	"github.com/urikit/urikit/cmd/urikit/internal/lintcmd"
	"github.com/urikit/urikit/cmd/urikit/internal/normalizecmd"
	"github.com/urikit/urikit/cmd/urikit/internal/parsecmd"
	"github.com/urikit/urikit/cmd/urikit/internal/pathcmd"
	"github.com/urikit/urikit/cmd/urikit/internal/record"
	"github.com/urikit/urikit/cmd/urikit/internal/resolvecmd"
	"github.com/urikit/urikit/cmd/urikit/internal/servecmd"
	"github.com/urikit/urikit/cmd/urikit/internal/templatecmd"
	"github.com/urikit/urikit/cmd/urikit/internal/versioncmd"
)

func main() {
	if os.Getenv("GOGC") == "" {
		// The live heap is small and bounded (the pipeline holds a few
		// chunks of lines): collecting at 4x it, not 2x, halves the
		// collector's share of a long run at a few megabytes more.
		debug.SetGCPercent(300)
	}
	os.Exit(run(os.Args[1:], &base.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}))
}

// commands are the subcommands, in the order of the help.
var commands = []*base.Command{
	amqpcmd.CmdAMQP, normalizecmd.CmdEquiv, extractcmd.CmdExtract, editcmd.CmdGet, iricmd.CmdIRI, lintcmd.CmdLint, normalizecmd.CmdNormalize,
	parsecmd.CmdParse, pathcmd.CmdPath, resolvecmd.CmdRelativize, resolvecmd.CmdResolve, servecmd.CmdServe, editcmd.CmdSet,
	templatecmd.CmdTemplate, versioncmd.CmdVersion,
}

// lookup returns the subcommand named name.
func lookup(name string) (*base.Command, bool) {
	for _, c := range commands {
		if c.Name == name {
			return c, true
		}
	}
	return nil, false
}

// run dispatches to the subcommand named by args[0].
func run(args []string, e *base.Env) int {
	if len(args) == 0 {
		fmt.Fprint(e.Stderr, "usage: urikit SUBCOMMAND [flags] [ARGS...]\nRun 'urikit help' for the subcommands.\n")
		return record.ExitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help":
		mainHelp(e.Stdout)
		return record.ExitOK
	case "help":
		return runHelp(args[1:], e)
	}
	c, ok := lookup(args[0])
	if !ok {
		fmt.Fprintf(e.Stderr, "urikit: unknown subcommand %s\nRun 'urikit help' for the subcommands.\n", base.QuoteArg(args[0]))
		return record.ExitUsage
	}
	fs := flag.NewFlagSet(c.Name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	runner := c.Setup(flags{fs})
	e.Cmd = c
	rest, err := parseFlags(fs, args[1:])
	if errors.Is(err, flag.ErrHelp) {
		commandHelp(e.Stdout, c, fs)
		return record.ExitOK
	}
	if err != nil {
		return base.UsageError(e, err.Error())
	}
	return runner(rest, e)
}

// flags gives a *flag.FlagSet to a subcommand's Setup as base.Flags.
type flags struct{ *flag.FlagSet }

// Var defines a flag with the value v, as flag.FlagSet.Var.
func (f flags) Var(v base.Value, name, usage string) { f.FlagSet.Var(v, name, usage) }

// parseFlags parses the flags of fs anywhere among args, before and after
// the other arguments, and returns those other arguments in order: a flag
// after an argument is applied, never taken as an input. "--" ends the
// flags; every word after it is an argument, even one that starts with
// "-". "-" alone is an argument.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		left := fs.Args()
		if used := len(args) - len(left); used > 0 && args[used-1] == "--" {
			return append(rest, left...), nil
		}
		if len(left) == 0 {
			return rest, nil
		}
		rest = append(rest, left[0])
		args = left[1:]
	}
}

// runHelp is "urikit help [SUBCOMMAND]".
func runHelp(args []string, e *base.Env) int {
	switch len(args) {
	case 0:
		mainHelp(e.Stdout)
		return record.ExitOK
	case 1:
		if c, ok := lookup(args[0]); ok {
			fs := flag.NewFlagSet(c.Name, flag.ContinueOnError)
			c.Setup(flags{fs})
			commandHelp(e.Stdout, c, fs)
			return record.ExitOK
		}
		fmt.Fprintf(e.Stderr, "urikit help: unknown subcommand %s\nRun 'urikit help' for the subcommands.\n", base.QuoteArg(args[0]))
		return record.ExitUsage
	}
	fmt.Fprint(e.Stderr, "usage: urikit help [SUBCOMMAND]\n")
	return record.ExitUsage
}

// common is what every subcommand says about its input and output.
const common = `With no ARGS, each line of standard input is one input; lines end with LF
or CRLF. An empty line is an input like any other (the empty reference).
A line longer than 1048576 bytes gives an error record and the run goes
on. Each input gives exactly one record, in input order, written as soon
as it is known; large inputs are processed on every core.

Secrets show as xxxxx unless --show-secrets is given, valid input or not:
in a valid URI the password, a token used as the user name, the values of
credential keys (password, token, access_token, sig, ...) in the query
and fragment, and the secrets of a URI nested in them, changing no other
byte; in other text every "user:password@" and key=value that reads as
one. Masked output merges inputs that differ only in a secret: for data,
use --show-secrets. Control bytes and terminal escapes are shown escaped.

Exit status: 0 all inputs valid (and equal, for equiv), 1 any invalid
input, scheme error or mismatch, 2 a usage error or unreadable input.
`

func mainHelp(w io.Writer) {
	fmt.Fprint(w, `urikit reads, checks and transforms URIs (RFC 3986) and IRIs (RFC 3987).

usage: urikit SUBCOMMAND [flags] [ARGS...]
       urikit help SUBCOMMAND
       urikit version

subcommands:
`)
	for _, c := range commands {
		fmt.Fprintf(w, "  %-11s %s\n", c.Name, c.Summary)
	}
	fmt.Fprint(w, "\n", common, `
Every subcommand but serve and version takes --json (one JSON object per
input, one per line) and --show-secrets. Flags may come before or after
the arguments; "--" ends them. Run 'urikit help SUBCOMMAND' for a subcommand's flags and
examples. extract is the exception to the above: it reads files or
standard input as text and prints one record per URI found in it. serve
reads nothing: it serves the playground page until interrupted.

example:
  $ urikit normalize 'HTTP://Example.COM:80/a/./b/../c'
  http://example.com/a/c
  $ printf 'http://a/b\nhttp://a/%%62\n' | urikit normalize | sort -u
  http://a/b
`)
}

func commandHelp(w io.Writer, c *base.Command, fs *flag.FlagSet) {
	fmt.Fprintf(w, "usage: urikit %s\n\n%s\n", c.Usage, strings.TrimRight(c.Help, "\n"))
	fmt.Fprint(w, "\nflags:\n")
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
	if c.Example != "" {
		fmt.Fprintf(w, "\nexample:\n%s", c.Example)
	}
	switch {
	case c.Footer != "":
		fmt.Fprint(w, "\n", c.Footer)
	case c.Name != "version":
		fmt.Fprint(w, "\n", common)
	}
}
