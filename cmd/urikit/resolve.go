package main

import (
	"flag"
	"fmt"
	"sync/atomic"

	"github.com/urikit/urikit/uri"
)

var resolveCmd = &command{
	name:    "resolve",
	summary: "resolve references against a base URI (RFC 3986 5.2)",
	usage:   "resolve [--json] [--show-secrets] [--non-strict] BASE [REFERENCE...]",
	help: `Resolves each REFERENCE (or each line of standard input) against the URI
BASE (RFC 3986 5.2) and prints the target URI, one line per reference.
An invalid reference (or base) prints "error: ..." on its line and the
details on standard error.`,
	example: `  $ urikit resolve 'http://a/b/c/d;p?q' g ../g '#s' '..//y'
  http://a/b/c/g
  http://a/b/g
  http://a/b/c/d;p?q#s
  http://a/b//y
  $ urikit resolve --json 'http://a/b/c/d;p?q' '../g'
  {"base":"http://a/b/c/d;p?q","ref":"../g","output":"http://a/b/g","error":null}
`,
	setup: func(fs *flag.FlagSet) func([]string, *env) int {
		opt := addOptions(fs, `{"base","ref","output","error"}; "error" has "input": "base" or "ref"`)
		nonStrict := fs.Bool("non-strict", false, `ignore a scheme in a reference that equals the base's ("http:g", RFC 3986 5.2.2)`)
		return func(args []string, e *env) int {
			return runPairs(args, e, "resolve", opt, func(base uri.URI, ref parsed) (*uri.Reference, *recordError) {
				var t uri.URI
				if *nonStrict {
					t = base.ResolveNonStrict(ref.ref)
				} else {
					t = base.Resolve(ref.ref)
				}
				r := t.Reference()
				return &r, nil
			})
		}
	},
}

var relativizeCmd = &command{
	name:    "relativize",
	summary: "shortest references from a base URI to target URIs",
	usage:   "relativize [--json] [--show-secrets] BASE [TARGET...]",
	help: `Prints for each TARGET URI (or each line of standard input) the shortest
reference that resolves against BASE to it: "none: ..." on its line when
no reference does (the exit status is then 1; "output" is null in JSON
and "error" too). An empty line of output is the empty reference: the
target is the base.`,
	example: `  $ urikit relativize 'http://a/b/c/d;p?q' 'http://a/b/c/g' 'http://a/g' 'http://a/b/c/a:b'
  g
  /g
  ./a:b
`,
	setup: func(fs *flag.FlagSet) func([]string, *env) int {
		opt := addOptions(fs, `{"base","ref" (the target),"output" (null when no reference exists),"error"}`)
		return func(args []string, e *env) int {
			return runPairs(args, e, "relativize", opt, func(base uri.URI, ref parsed) (*uri.Reference, *recordError) {
				t, ok := ref.ref.URI()
				if !ok {
					return nil, fromURIError(ref.shown.src, &uri.Error{Component: uri.ComponentScheme, Err: uri.ErrMissingScheme})
				}
				r, ok := base.Relativize(t)
				if !ok {
					return nil, nil
				}
				return &r, nil
			})
		}
	},
}

// pairOp computes the output for one valid reference against the base:
// nil and nil when there is none (relativize), or an error.
type pairOp func(base uri.URI, ref parsed) (*uri.Reference, *recordError)

// runPairs runs op on each input: the arguments after BASE, or the lines
// of standard input. When the base is invalid every record says so; when
// there is no input at all, one record does.
func runPairs(args []string, e *env, name string, opt *options, op pairOp) int {
	if len(args) == 0 {
		return usageError(e, "missing BASE")
	}
	base := parseInput(args[0], true, opt.showSecrets)
	if base.err != nil {
		base.err.input = "base"
	}
	baseURI, _ := base.ref.URI()
	if !opt.json {
		// Said once, not on every record.
		for _, w := range base.warnings {
			w.message = "BASE: " + w.message
			fmt.Fprint(e.stderr, warningText(name, input{no: 1, arg: true}, w))
		}
	}
	var records atomic.Int64
	status := stream(e, name, args[1:], func(in input, o *output) {
		records.Add(1)
		pairRecord(in, o, name, opt, base, baseURI, op)
	})
	if records.Load() == 0 && base.err != nil {
		var o output
		pairRecord(input{no: 1, arg: true}, &o, name, opt, base, baseURI, nil)
		return max(status, writeAll(e, name, &o))
	}
	return status
}

// pairRecord writes the record of one input of resolve or relativize; op
// is nil for the record of an invalid base with no input.
func pairRecord(in input, o *output, name string, opt *options, base parsed, baseURI uri.URI, op pairOp) {
	var ref parsed
	var out *uri.Reference
	var err *recordError
	switch {
	case op == nil:
		err = base.err
	case in.long > 0:
		err = longError()
		err.input = "ref"
	default:
		ref = parseInput(in.text, false, opt.showSecrets)
		switch {
		case base.err != nil:
			err = base.err
		case !ref.valid:
			err = ref.err
		default:
			out, err = op(baseURI, ref)
		}
		if err != nil && err != base.err {
			err.input = "ref"
		}
	}
	if out == nil {
		o.fail()
	}
	var outText string
	if out != nil {
		outText = showResult(*out, opt.showSecrets, withSecrets(base.shown, ref.shown)...)
	}
	var ws []warning
	if opt.json {
		ws = append(ws, base.warnings...)
		for i := range ws {
			ws[i].message = "base: " + ws[i].message
		}
	}
	for _, w := range ref.warnings {
		w.message = "ref: " + w.message
		ws = append(ws, w)
	}
	if opt.json {
		b := append(o.out, '{')
		b = key(b, "base")
		b = appendString(b, base.shown.text)
		b = key(b, "ref")
		b = appendOpt(b, ref.shown.text, op != nil)
		b = key(b, "output")
		b = appendOpt(b, outText, out != nil)
		b = key(b, "error")
		b = appendError(b, err)
		b = appendWarnings(b, ws)
		o.out = append(b, '}', '\n')
		return
	}
	switch {
	case err != nil:
		o.out = append(o.out, errorLine(err)...)
		var m *shown
		switch {
		case err.input == "base":
			m = &base.shown
		case in.long == 0:
			m = &ref.shown
		}
		o.stderr(diagnostic(name, in, err, m))
	case out == nil:
		o.out = append(o.out, "none: no reference resolves against the base to this target\n"...)
		o.stderr("urikit " + name + ": " + in.where() + ": no reference resolves against the base to this target\n")
	default:
		o.out = append(o.out, escapeText(outText)...)
		o.out = append(o.out, '\n')
	}
	for _, w := range ws {
		o.stderr(warningText(name, in, w))
	}
}
