package main

// This file holds what every subcommand shares: the command type, the
// environment it runs in, the exit statuses, the common flags and the
// usage error.

import (
	"flag"
	"fmt"
	"io"
)

// A command is one subcommand of urikit.
type command struct {
	name    string
	summary string // one line, for the list of subcommands
	usage   string // the synopsis after "urikit "
	help    string // what it does, its input and output, for --help
	example string // commands with their output, for --help
	// footer, when set, ends the help instead of the text common to the
	// subcommands that read one input per line.
	footer string
	// schemes, for the command of a scheme plugin, are the schemes whose
	// URIs it describes; the playground shows its record for them.
	schemes []string
	// setup defines the subcommand's flags on fs and returns the function
	// that runs it with the arguments left after the flags.
	setup func(fs *flag.FlagSet) func(args []string, e *env) int
}

// env is what a subcommand reads and writes, so tests can run it in
// memory.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// cmd is the subcommand being run, for its usage errors.
	cmd *command
}

// Exit statuses.
const (
	exitOK      = 0 // every input valid (and equal, for equiv)
	exitInvalid = 1 // an invalid input, a scheme error, a mismatch
	exitUsage   = 2 // a usage error, or input that cannot be read
)

// usageError reports a usage mistake on stderr and returns exitUsage.
func usageError(e *env, msg string) int {
	c := e.cmd
	// The flag package quotes the bad value, which may be a URI with a
	// password or hold a terminal escape: masked and escaped as input is.
	msg = escapeText(maskMessage(msg).text)
	fmt.Fprintf(e.stderr, "urikit %s: %s\nusage: urikit %s\nRun 'urikit %s --help' for details.\n", c.name, msg, c.usage, c.name)
	return exitUsage
}

// quoteArg quotes a command-line word for a message, escaped as text is
// shown, and masked: a mistyped subcommand may be a URI with a password.
func quoteArg(s string) string {
	return `"` + escapeText(maskMessage(s).text) + `"`
}

// options are the flags every subcommand that reads inputs takes.
type options struct {
	json, showSecrets bool
}

// addOptions defines --json and --show-secrets on fs; format describes one
// JSON record.
func addOptions(fs *flag.FlagSet, format string) *options {
	o := new(options)
	fs.BoolVar(&o.json, "json", false, "print one JSON object per input, one per line: "+format)
	fs.BoolVar(&o.showSecrets, "show-secrets", false, "print passwords as written instead of xxxxx")
	return o
}
