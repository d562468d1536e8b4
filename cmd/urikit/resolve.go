package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"

	"github.com/urikit/urikit/uri"
)

func init() {
	register(&command{
		name:    "resolve",
		summary: "resolve references against a base URI (RFC 3986 5.2)",
		run:     runResolve,
	})
	register(&command{
		name:    "relativize",
		summary: "shortest references from a base URI to target URIs",
		run:     runRelativize,
	})
}

// pairResult is the --json form of one resolved or relativized input
// (DESIGN.md, command line). For relativize, "ref" holds the target given
// on the command line, and "output" is null when no reference gives it
// back. Every URI is shown redacted (RFC 3986 3.2.1).
type pairResult struct {
	Base   string     `json:"base"`
	Ref    string     `json:"ref"`
	Output *string    `json:"output"`
	Error  *pairError `json:"error"`
}

// pairError is a *uri.Error ({"offset", "component", "reason"}) with the
// input it belongs to: "base" or "ref".
type pairError struct {
	Input     string        `json:"input"`
	Offset    int           `json:"offset"`
	Component uri.Component `json:"component"`
	Reason    string        `json:"reason"`
}

func newPairError(input string, err error) *pairError {
	var e *uri.Error
	if !errors.As(err, &e) {
		return &pairError{Input: input, Reason: err.Error()}
	}
	return &pairError{Input: input, Offset: e.Offset, Component: e.Component, Reason: e.Err.Error()}
}

// shown is s redacted for display: Redacted for valid input, redactText
// otherwise.
func shown(s string) string {
	if r, err := uri.ParseReference(s); err == nil {
		return r.Redacted()
	}
	red, _ := redactText(s)
	return red
}

func runResolve(args []string, e *env) int {
	fs := flag.NewFlagSet("resolve", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	asJSON := fs.Bool("json", false, `print one JSON object per reference: {"base","ref","output","error"}`)
	nonStrict := fs.Bool("non-strict", false, `ignore a scheme in a reference that equals the base's ("http:g", RFC 3986 5.2.2)`)
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "usage: urikit resolve [--json] [--non-strict] BASE [REFERENCE...]")
		fmt.Fprintln(e.stderr, "Resolves each REFERENCE (or each line of standard input) against BASE (RFC 3986 5.2).")
		fs.PrintDefaults()
	}
	return runPairs(fs, args, e, "resolve", asJSON, func(base uri.URI, in string) (*string, error) {
		ref, err := uri.ParseReference(in)
		if err != nil {
			return nil, err
		}
		var t uri.URI
		if *nonStrict {
			t = base.ResolveNonStrict(ref)
		} else {
			t = base.Resolve(ref)
		}
		s := t.Redacted()
		return &s, nil
	})
}

func runRelativize(args []string, e *env) int {
	fs := flag.NewFlagSet("relativize", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	asJSON := fs.Bool("json", false, `print one JSON object per target: {"base","ref" (the target),"output" (null when impossible),"error"}`)
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "usage: urikit relativize [--json] BASE [TARGET...]")
		fmt.Fprintln(e.stderr, "Prints for each TARGET URI (or each line of standard input) the shortest reference")
		fmt.Fprintln(e.stderr, "that resolves against BASE to it, or reports that none exists (exit status 1).")
		fs.PrintDefaults()
	}
	return runPairs(fs, args, e, "relativize", asJSON, func(base uri.URI, in string) (*string, error) {
		t, err := uri.Parse(in)
		if err != nil {
			return nil, err
		}
		r, ok := base.Relativize(t)
		if !ok {
			return nil, nil
		}
		s := r.Redacted()
		return &s, nil
	})
}

// runPairs parses the flags and the base, then runs op on each input: the
// arguments after BASE, or the lines of stdin. op returns the output, nil
// and nil when there is none (relativize), or an error for invalid input.
// Without --json each output is one line of stdout (the empty reference an
// empty line); an invalid input or an impossible relativization prints no
// line there, a message on stderr, and makes the exit status 1.
func runPairs(fs *flag.FlagSet, args []string, e *env, name string, asJSON *bool,
	op func(base uri.URI, in string) (*string, error)) int {
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return exitUsage
	}
	baseText := fs.Arg(0)
	ins, err := inputs(fs.Args()[1:], e.stdin)
	if err != nil {
		fmt.Fprintf(e.stderr, "urikit %s: %v\n", name, err)
		return exitUsage
	}
	base, baseErr := uri.Parse(baseText)
	if baseErr != nil && len(ins) == 0 {
		// Nothing to resolve, but the base itself is wrong: say so.
		pe := newPairError("base", baseErr)
		if *asJSON {
			enc := json.NewEncoder(e.stdout)
			enc.SetEscapeHTML(false)
			enc.Encode(pairResult{Base: shown(baseText), Error: pe})
		} else {
			fmt.Fprintf(e.stderr, "urikit %s: invalid base %q: %s at offset %d: %s\n",
				name, shown(baseText), pe.Component, pe.Offset, pe.Reason)
		}
		return exitInvalid
	}
	status := exitOK
	enc := json.NewEncoder(e.stdout)
	enc.SetEscapeHTML(false)
	for _, in := range ins {
		res := pairResult{Base: shown(baseText), Ref: shown(in)}
		if baseErr != nil {
			res.Error = newPairError("base", baseErr)
		} else if out, err := op(base, in); err != nil {
			res.Error = newPairError("ref", err)
		} else {
			res.Output = out
		}
		if res.Output == nil {
			status = exitInvalid
		}
		if *asJSON {
			if err := enc.Encode(res); err != nil {
				fmt.Fprintf(e.stderr, "urikit %s: %v\n", name, err)
				return exitInvalid
			}
			continue
		}
		switch {
		case res.Error != nil:
			fmt.Fprintf(e.stderr, "urikit %s: invalid %s %q: %s at offset %d: %s\n",
				name, res.Error.Input, map[string]string{"base": res.Base, "ref": res.Ref}[res.Error.Input],
				res.Error.Component, res.Error.Offset, res.Error.Reason)
		case res.Output == nil:
			fmt.Fprintf(e.stderr, "urikit %s: no reference resolves against %q to %q\n", name, res.Base, res.Ref)
		default:
			fmt.Fprintln(e.stdout, *res.Output)
		}
	}
	return status
}
