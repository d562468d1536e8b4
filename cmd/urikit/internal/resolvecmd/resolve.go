// Package resolvecmd is "urikit resolve" and "urikit relativize": the
// target of a reference against a base URI (RFC 3986 5.2) and the
// shortest reference from a base to a target. CmdResolve and
// CmdRelativize are the subcommands; Pair writes the record of one base
// and one reference, with no flags to parse.
package resolvecmd

import (
	"fmt"
	"sync/atomic"

	"github.com/urikit/urikit/cmd/urikit/internal/base"
	"github.com/urikit/urikit/cmd/urikit/internal/pipeline"
	"github.com/urikit/urikit/cmd/urikit/internal/record"

	"github.com/urikit/urikit/uri"
)

// CmdResolve is "urikit resolve".
var CmdResolve = &base.Command{
	Name:    "resolve",
	Summary: "resolve references against a base URI (RFC 3986 5.2)",
	Usage:   "resolve [--json] [--show-secrets] [--non-strict] BASE [REFERENCE...]",
	Help: `Resolves each REFERENCE (or each line of standard input) against the URI
BASE (RFC 3986 5.2) and prints the target URI, one line per reference.
An invalid reference (or base) prints "error: ..." on its line and the
details on standard error.`,
	Example: `  $ urikit resolve 'http://a/b/c/d;p?q' g ../g '#s' '..//y'
  http://a/b/c/g
  http://a/b/g
  http://a/b/c/d;p?q#s
  http://a/b//y
  $ urikit resolve --json 'http://a/b/c/d;p?q' '../g'
  {"base":"http://a/b/c/d;p?q","ref":"../g","output":"http://a/b/g","error":null}
`,
	Setup: func(fs base.Flags) func([]string, *base.Env) int {
		opt := base.AddOptions(fs, `{"base","ref","output","error"}; "error" has "input": "base" or "ref"`)
		nonStrict := fs.Bool("non-strict", false, `ignore a scheme in a reference that equals the base's ("http:g", RFC 3986 5.2.2)`)
		return func(args []string, e *base.Env) int {
			return runPairs(args, e, "resolve", opt, Resolve(*nonStrict))
		}
	},
}

// CmdRelativize is "urikit relativize".
var CmdRelativize = &base.Command{
	Name:    "relativize",
	Summary: "shortest references from a base URI to target URIs",
	Usage:   "relativize [--json] [--show-secrets] BASE [TARGET...]",
	Help: `Prints for each TARGET URI (or each line of standard input) the shortest
reference that resolves against BASE to it: "none: ..." on its line when
no reference does (the exit status is then 1; "output" is null in JSON
and "error" too). An empty line of output is the empty reference: the
target is the base.`,
	Example: `  $ urikit relativize 'http://a/b/c/d;p?q' 'http://a/b/c/g' 'http://a/g' 'http://a/b/c/a:b'
  g
  /g
  ./a:b
`,
	Setup: func(fs base.Flags) func([]string, *base.Env) int {
		opt := base.AddOptions(fs, `{"base","ref" (the target),"output" (null when no reference exists),"error"}`)
		return func(args []string, e *base.Env) int {
			return runPairs(args, e, "relativize", opt, Relativize)
		}
	},
}

// Resolve is the PairOp of resolve: the target of ref against base (RFC
// 3986 5.2.2), with the "http:g" loophole when nonStrict.
func Resolve(nonStrict bool) PairOp {
	return func(base uri.URI, ref record.Parsed) (*uri.Reference, *record.Error) {
		var t uri.URI
		if nonStrict {
			t = base.ResolveNonStrict(ref.Ref)
		} else {
			t = base.Resolve(ref.Ref)
		}
		r := t.Reference()
		return &r, nil
	}
}

// Relativize is the PairOp of relativize: the shortest reference from
// base to the target URI ref, or nil when there is none.
func Relativize(base uri.URI, ref record.Parsed) (*uri.Reference, *record.Error) {
	t, ok := ref.Ref.URI()
	if !ok {
		return nil, record.FromURIError(ref.Shown.Src, &uri.Error{Component: uri.ComponentScheme, Err: uri.ErrMissingScheme})
	}
	r, ok := base.Relativize(t)
	if !ok {
		return nil, nil
	}
	return &r, nil
}

// PairOp computes the output for one valid reference against the base:
// nil and nil when there is none (relativize), or an error.
type PairOp func(base uri.URI, ref record.Parsed) (*uri.Reference, *record.Error)

// runPairs runs op on each input: the arguments after BASE, or the lines
// of standard input. When the base is invalid every record says so; when
// there is no input at all, one record does.
func runPairs(args []string, e *base.Env, name string, opt *base.Options, op PairOp) int {
	if len(args) == 0 {
		return base.UsageError(e, "missing BASE")
	}
	base, baseURI := parseBase(args[0], opt)
	if !opt.JSON {
		// Said once, not on every record.
		for _, w := range base.Warnings {
			w.Message = "BASE: " + w.Message
			fmt.Fprint(e.Stderr, record.WarningText(name, record.Input{No: 1, Arg: true}, w))
		}
	}
	var records atomic.Int64
	status := pipeline.Stream(e, name, args[1:], func(in record.Input, o *record.Output) {
		records.Add(1)
		pairRecord(in, o, name, opt, base, baseURI, op)
	})
	if records.Load() == 0 && base.Err != nil {
		var o record.Output
		pairRecord(record.Input{No: 1, Arg: true}, &o, name, opt, base, baseURI, nil)
		return max(status, pipeline.WriteAll(e, name, &o))
	}
	return status
}

// parseBase parses the text of BASE.
func parseBase(text string, opt *base.Options) (record.Parsed, uri.URI) {
	b := record.ParseInput(text, true, opt.ShowSecrets)
	if b.Err != nil {
		b.Err.Input = "base"
	}
	u, _ := b.Ref.URI()
	return b, u
}

// PairJSON appends to o the record of resolve or relativize (as op) for
// the base text baseText and the one reference ref, as "urikit NAME
// --json BASE REF" writes it. It links none of the text writers.
func PairJSON(o *record.Output, op PairOp, baseText, ref string) {
	b, u := parseBase(baseText, &base.Options{})
	pairOf(record.ArgInput(ref, 1), o, false, b, u, op).appendJSON(o)
}

// pairRecord writes the record of one input of resolve or relativize; op
// is nil for the record of an invalid base with no input.
func pairRecord(in record.Input, o *record.Output, name string, opt *base.Options, base record.Parsed, baseURI uri.URI, op PairOp) {
	r := pairOf(in, o, opt.ShowSecrets, base, baseURI, op)
	if opt.JSON {
		r.appendJSON(o)
		return
	}
	switch {
	case r.err != nil:
		o.Out = append(o.Out, record.ErrorLine(r.err)...)
		var m *record.Shown
		switch {
		case r.err.Input == "base":
			m = &base.Shown
		case in.Long == 0:
			m = &r.ref.Shown
		}
		o.Stderr(record.Diagnostic(name, in, r.err, m))
	case r.out == nil:
		o.Out = append(o.Out, "none: no reference resolves against the base to this target\n"...)
		o.Stderr("urikit " + name + ": " + in.Where() + ": no reference resolves against the base to this target\n")
	default:
		o.Out = append(o.Out, record.EscapeText(r.outText)...)
		o.Out = append(o.Out, '\n')
	}
	for _, w := range r.ref.Warnings {
		w.Message = "ref: " + w.Message
		o.Stderr(record.WarningText(name, in, w))
	}
}

// pairResult is what resolve or relativize finds of one input.
type pairResult struct {
	base, ref record.Parsed
	hasRef    bool // an input was read: "ref" is not null
	out       *uri.Reference
	outText   string // out as shown
	err       *record.Error
}

// pairOf applies op to the base and the reference of in, and marks o
// failed when there is no target; op is nil for an invalid base with no
// input.
func pairOf(in record.Input, o *record.Output, showSecrets bool, base record.Parsed, baseURI uri.URI, op PairOp) *pairResult {
	r := &pairResult{base: base, hasRef: op != nil}
	switch {
	case op == nil:
		r.err = base.Err
	case in.Long > 0:
		r.err = record.LongError()
		r.err.Input = "ref"
	default:
		r.ref = record.ParseInput(in.Text, false, showSecrets)
		switch {
		case base.Err != nil:
			r.err = base.Err
		case !r.ref.Valid:
			r.err = r.ref.Err
		default:
			r.out, r.err = op(baseURI, r.ref)
		}
		if r.err != nil && r.err != base.Err {
			r.err.Input = "ref"
		}
	}
	if r.out == nil {
		o.Fail()
	} else {
		r.outText = record.ShowResult(*r.out, showSecrets, record.WithSecrets(base.Shown, r.ref.Shown)...)
	}
	return r
}

// appendJSON appends r's JSON record to o: the warnings of the base, then
// those of the reference, each named by its input.
func (r *pairResult) appendJSON(o *record.Output) {
	var ws []record.Warning
	for _, w := range r.base.Warnings {
		w.Message = "base: " + w.Message
		ws = append(ws, w)
	}
	for _, w := range r.ref.Warnings {
		w.Message = "ref: " + w.Message
		ws = append(ws, w)
	}
	b := append(o.Out, '{')
	b = record.Key(b, "base")
	b = record.AppendString(b, r.base.Shown.Text)
	b = record.Key(b, "ref")
	b = record.AppendOpt(b, r.ref.Shown.Text, r.hasRef)
	b = record.Key(b, "output")
	b = record.AppendOpt(b, r.outText, r.out != nil)
	b = record.Key(b, "error")
	b = record.AppendError(b, r.err)
	b = record.AppendWarnings(b, ws)
	o.Out = append(b, '}', '\n')
}
