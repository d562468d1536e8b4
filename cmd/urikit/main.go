// Command urikit reads, checks and transforms URIs with the urikit module
// (RFC 3986 and the scheme plugins).
//
// Usage:
//
//	urikit SUBCOMMAND [flags] [ARGS...]
//
// With no ARGS a subcommand reads one input per line from standard input.
// The exit status is 0 when all is well, 1 for invalid input (or findings,
// or "not equal"), 2 for a usage error. With --json each input gives one
// JSON object on one line; absent components are null and empty ones "".
// Passwords are never printed: userinfo after its first ":" shows as
// "xxxxx" (RFC 3986 3.2.1).
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// A command is one subcommand of urikit.
type command struct {
	name    string
	summary string
	// run executes the subcommand with its arguments (flags included) and
	// returns the exit status.
	run func(args []string, e *env) int
}

// env is what a subcommand reads and writes, so tests can run it in
// memory.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

var commands = map[string]*command{}

// register adds a subcommand; each subcommand's file calls it from init.
func register(c *command) {
	if _, dup := commands[c.name]; dup {
		panic("urikit: duplicate subcommand " + c.name)
	}
	commands[c.name] = c
}

// Exit statuses.
const (
	exitOK      = 0
	exitInvalid = 1
	exitUsage   = 2
)

func main() {
	os.Exit(run(os.Args[1:], &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr}))
}

// run dispatches to the subcommand named by args[0].
func run(args []string, e *env) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(e.stderr)
		return exitUsage
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(e.stderr, "urikit: unknown subcommand %q\n", args[0])
		usage(e.stderr)
		return exitUsage
	}
	return c.run(args[1:], e)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: urikit SUBCOMMAND [flags] [ARGS...]")
	fmt.Fprintln(w, "With no ARGS, one input per line is read from standard input.")
	fmt.Fprintln(w, "\nsubcommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-11s %s\n", n, commands[n].summary)
	}
}

// inputs returns args, or when there are none, the lines of stdin (without
// their line endings).
func inputs(args []string, stdin io.Reader) ([]string, error) {
	if len(args) > 0 {
		return args, nil
	}
	var lines []string
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 64*1024), 64*1024*1024)
	for sc.Scan() {
		lines = append(lines, strings.TrimSuffix(sc.Text(), "\r"))
	}
	return lines, sc.Err()
}
