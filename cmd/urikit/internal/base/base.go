// Package base holds what every subcommand of urikit shares: the Command
// that main.go's table lists, the environment a command runs in (Env),
// the --json and --show-secrets flags (Options) and the usage error.
package base

import (
	"fmt"
	"io"

	"github.com/urikit/urikit/cmd/urikit/internal/record"
)

// A Command is one subcommand of urikit, as main.go's table lists it.
type Command struct {
	Name    string
	Summary string // one line, for the list of subcommands
	Usage   string // the synopsis after "urikit "
	Help    string // what it does, its input and output, for --help
	Example string // commands with their output, for --help
	// Footer, when set, ends the help instead of the text common to the
	// subcommands that read one input per line.
	Footer string
	// Setup defines the subcommand's flags on fs and returns the function
	// that runs it with the arguments left after the flags.
	Setup func(fs Flags) func(args []string, e *Env) int
}

// Flags is what a subcommand's Setup defines its flags on: the methods of
// *flag.FlagSet that the subcommands use, Var taking a Value. It is an
// interface, which main gives a *flag.FlagSet to, so that the packages of
// the subcommands, whose record functions the playground's module calls,
// do not link package flag.
type Flags interface {
	Bool(name string, value bool, usage string) *bool
	BoolFunc(name, usage string, fn func(string) error)
	BoolVar(p *bool, name string, value bool, usage string)
	Int(name string, value int, usage string) *int
	String(name, value, usage string) *string
	Var(value Value, name, usage string)
}

// Value is the value of a flag that Flags.Var defines, as flag.Value.
type Value interface {
	String() string
	Set(string) error
}

// Env is what a subcommand reads and writes, so tests can run it in
// memory.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Cmd is the subcommand being run, for its usage errors.
	Cmd *Command
}

// UsageError reports a usage mistake on stderr and returns record.ExitUsage.
func UsageError(e *Env, msg string) int {
	c := e.Cmd
	// The flag package quotes the bad value, which may be a URI with a
	// password or hold a terminal escape: masked and escaped as input is.
	msg = record.EscapeText(record.MaskMessage(msg).Text)
	fmt.Fprintf(e.Stderr, "urikit %s: %s\nusage: urikit %s\nRun 'urikit %s --help' for details.\n", c.Name, msg, c.Usage, c.Name)
	return record.ExitUsage
}

// QuoteArg quotes a command-line word for a message, escaped as text is
// shown, and masked: a mistyped subcommand may be a URI with a password.
func QuoteArg(s string) string {
	return `"` + record.EscapeText(record.MaskMessage(s).Text) + `"`
}

// Options are the flags every subcommand that reads inputs takes.
type Options struct {
	JSON, ShowSecrets bool
}

// AddOptions defines --json and --show-secrets on fs; format describes one
// JSON record.
func AddOptions(fs Flags, format string) *Options {
	o := new(Options)
	fs.BoolVar(&o.JSON, "json", false, "print one JSON object per input, one per line: "+format)
	fs.BoolVar(&o.ShowSecrets, "show-secrets", false, "print passwords as written instead of xxxxx")
	return o
}
