// Package normalizecmd is "urikit normalize" and "urikit equiv": the
// normal forms of RFC 3986 6.2.2 and 6.2.3 and the comparison ladder of
// 6.2. CmdNormalize and CmdEquiv are the subcommands; Record and Equiv
// write the record of one input, with no flags to parse.
package normalizecmd

import (
	"errors"
	"strconv"
	"strings"
	"unicode"

	"github.com/urikit/urikit/cmd/urikit/internal/base"
	"github.com/urikit/urikit/cmd/urikit/internal/pipeline"
	"github.com/urikit/urikit/cmd/urikit/internal/record"

	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/uri"
)

// DefaultLevel is the level of both normalize and equiv, so that
// `urikit normalize | sort -u` keeps one line per class of URIs that
// `urikit equiv` finds equal.
const DefaultLevel = scheme.RungScheme

// CmdNormalize is "urikit normalize".
var CmdNormalize = &base.Command{
	Name:    "normalize",
	Summary: "the normal form of each URI, scheme-based (RFC 3986 6.2.3) or syntax-based (6.2.2)",
	Usage:   "normalize [--json] [--show-secrets] [--level scheme|syntax] [URI...]",
	Help: `Prints the normal form of each input, one line per input.

--level scheme (the default, as for equiv) is scheme-based normalization
(RFC 3986 6.2.3): the syntax-based steps, then an empty port dropped, a
registered scheme's default port dropped and its own rules (http's empty
path becomes "/"). It needs URIs (with a scheme). --level syntax is
syntax-based normalization (6.2.2) of any reference, relative ones
included: case, percent-encoding and dot-segments.

Two URIs have the same normal form exactly when equiv, at the same level,
finds them equal: 'urikit normalize | sort -u' keeps one of each class.
Secrets are masked in the output, so two URIs that differ only in a
secret print the same line: 'urikit normalize --show-secrets | sort -u'
is the form for data.

An invalid input prints "error: ..." on its line (a text with spaces,
never a URI) and the details on standard error.`,
	Example: `  $ urikit normalize 'HTTP://Example.COM:80' 'eXAMPLE://a/./b/../b/%63/%7bfoo%7d'
  http://example.com/
  example://a/b/c/%7Bfoo%7D
  $ urikit normalize --level syntax 'HTTP://Example.COM:80' 'a/./b'
  http://example.com:80
  a/./b
`,
	Setup: setupNormalize,
}

// CmdEquiv is "urikit equiv".
var CmdEquiv = &base.Command{
	Name:    "equiv",
	Summary: "the lowest rung of the comparison ladder at which two URIs are equal (RFC 3986 6.2)",
	Usage:   "equiv [--json] [--show-secrets] [--level string|syntax|scheme] [A B]",
	Help: `Prints the lowest rung of the comparison ladder (RFC 3986 6.2) at which the
URIs A and B are equal: string (6.2.1), syntax (6.2.2), scheme (6.2.3),
or none. Without arguments, each line of standard input holds a pair
separated by white space.

The exit status is 0 when every pair is equal at --level (scheme by
default, as for normalize), 1 otherwise. Compare URIs: resolve relative
references first (RFC 3986 6.1).`,
	Example: `  $ urikit equiv 'http://example.com' 'http://example.com:80/'
  scheme
  $ printf 'http://a/%%7e http://a/~\nhttp://a/x http://a/y\n' | urikit equiv --json
  {"a":"http://a/%7e","b":"http://a/~","rung":"syntax","equal":true,"error":null}
  {"a":"http://a/x","b":"http://a/y","rung":null,"equal":false,"error":null}
`,
	Setup: setupEquiv,
}

// levelFlag is a --level flag that accepts the names of some rungs.
type levelFlag struct {
	rung    scheme.Rung
	allowed []scheme.Rung
}

func (l *levelFlag) String() string {
	if l == nil {
		return ""
	}
	return l.rung.String()
}

func (l *levelFlag) Set(s string) error {
	r, err := scheme.ParseRung(s)
	for _, a := range l.allowed {
		if err == nil && r == a {
			l.rung = r
			return nil
		}
	}
	names := make([]string, len(l.allowed))
	for i, a := range l.allowed {
		names[i] = a.String()
	}
	return errors.New("want " + strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1])
}

func setupNormalize(fs base.Flags) func([]string, *base.Env) int {
	opt := base.AddOptions(fs, `{"input","output","error"}`)
	level := &levelFlag{rung: DefaultLevel, allowed: []scheme.Rung{scheme.RungSyntax, scheme.RungScheme}}
	fs.Var(level, "level", "the normal form: `scheme`-based (RFC 3986 6.2.3, URIs only)\nor syntax-based (6.2.2, any reference)")
	return func(args []string, e *base.Env) int {
		return pipeline.Stream(e, "normalize", args, func(in record.Input, o *record.Output) { Record(in, o, opt, level.rung) })
	}
}

// Record appends to o the record of one input of normalize, in the
// normal form of level (RFC 3986 6.2.2 or 6.2.3), as opt says.
func Record(in record.Input, o *record.Output, opt *base.Options, level scheme.Rung) {
	if !opt.JSON && in.Long == 0 && plainRecord(in.Text, o, opt.ShowSecrets, level) {
		return
	}
	fullRecord(in, o, opt, level)
}

// normal is the normal form of r at level.
func normal(r uri.Reference, level scheme.Rung) uri.Reference {
	if u, ok := r.URI(); ok && level == scheme.RungScheme {
		return scheme.Normalize(u).Reference()
	}
	return r.Normalize()
}

// plainRecord writes the text record of s, as fullRecord would, when s
// is valid with no secret and no warning, the common input, with no
// record.Parsed built; it reports false, having written nothing,
// otherwise.
func plainRecord(s string, o *record.Output, showSecrets bool, level scheme.Rung) bool {
	var out string
	if level == scheme.RungScheme {
		// As a URI throughout, the common case, with no conversion.
		u, err := uri.Parse(s)
		if err != nil {
			return false
		}
		if r := u.Reference(); !showSecrets && record.HasSecrets(&r) || record.CutShortWarnings(&r) != nil {
			return false
		}
		n := scheme.Normalize(u)
		if out = n.String(); !showSecrets && out != s {
			out = record.ShowResult(n.Reference(), false)
		}
	} else {
		r, err := uri.ParseReference(s)
		if err != nil || !showSecrets && record.HasSecrets(&r) || record.CutShortWarnings(&r) != nil {
			return false
		}
		n := r.Normalize()
		if out = n.String(); !showSecrets && out != s {
			out = record.ShowResult(n, false)
		}
	}
	o.Out = append(o.Out, out...)
	o.Out = append(o.Out, '\n')
	return true
}

// fullRecord is Record for any input.
func fullRecord(in record.Input, o *record.Output, opt *base.Options, level scheme.Rung) {
	var p record.Parsed
	out := normalized(&p, &in, o, level, opt.ShowSecrets)
	if opt.JSON {
		JSONRecord(o, &p, out, true)
		return
	}
	LineRecord(in, o, "normalize", &p, out, true)
}

// NormalJSON appends to o the record of text, read as an argument, as
// "urikit normalize --json --level LEVEL" writes it. It links none of
// the text writers.
func NormalJSON(text string, o *record.Output, level scheme.Rung) {
	var p record.Parsed
	in := record.ArgInput(text, 1)
	JSONRecord(o, &p, normalized(&p, &in, o, level, false), true)
}

// normalized reads in into p and returns its normal form at level as
// shown, or marks o failed when it is not valid.
func normalized(p *record.Parsed, in *record.Input, o *record.Output, level scheme.Rung, showSecrets bool) (out string) {
	p.ReadInput(in, level == scheme.RungScheme, showSecrets)
	if p.Valid {
		n := normal(p.Ref, level)
		switch {
		case showSecrets:
			out = n.String()
		case len(p.Shown.Spans) > 0:
			out = record.ShowResult(n, false, p.Shown.Src)
		case n.String() == p.Ref.String():
			// Already normal, and with no secret: shown as it is.
			out = n.String()
		default:
			out = record.ShowResult(n, false)
		}
	} else {
		if p.Err.Reason == uri.ErrMissingScheme.Error() {
			p.Err.Hint += `; use --level syntax for relative references`
		}
		o.Fail()
	}
	return out
}

// JSONRecord writes the JSON record of a one-line-per-input subcommand:
// {"input","output","error"}, with out as "output" when p is valid, and
// "warnings" when there are some. outURI says that out is the text of a
// URI reference, which needs no escape (record.AppendURIString).
func JSONRecord(o *record.Output, p *record.Parsed, out string, outURI bool) {
	b := append(o.Out, '{')
	b = record.Key(b, "input")
	if p.Valid && p.Ref.String() == p.Shown.Src {
		b = record.AppendURIString(b, p.Shown.Text)
	} else {
		b = record.AppendString(b, p.Shown.Text)
	}
	b = record.Key(b, "output")
	switch {
	case !p.Valid:
		b = append(b, "null"...)
	case outURI:
		b = record.AppendURIString(b, out)
	default:
		b = record.AppendString(b, out)
	}
	b = record.Key(b, "error")
	b = record.AppendError(b, p.Err)
	b = record.AppendWarnings(b, p.Warnings)
	o.Out = append(b, '}', '\n')
}

// LineRecord writes the text record of a one-line-per-input subcommand:
// out (escaped, unless outURI says that it is the text of a URI
// reference, which has nothing to escape) on its line when p is valid,
// an error line otherwise; the diagnostic and the warnings go to
// standard error.
func LineRecord(in record.Input, o *record.Output, name string, p *record.Parsed, out string, outURI bool) {
	if !p.Valid {
		o.Out = append(o.Out, record.ErrorLine(p.Err)...)
		var m *record.Shown
		if in.Long == 0 {
			m = &p.Shown
		}
		o.Stderr(record.Diagnostic(name, in, p.Err, m))
		return
	}
	if outURI {
		o.Out = append(o.Out, out...)
	} else {
		o.Out = append(o.Out, record.EscapeText(out)...)
	}
	o.Out = append(o.Out, '\n')
	for _, w := range p.Warnings {
		o.Stderr(record.WarningText(name, in, w))
	}
}

func setupEquiv(fs base.Flags) func([]string, *base.Env) int {
	opt := base.AddOptions(fs, `{"a","b","rung","equal","error"}`)
	level := &levelFlag{rung: DefaultLevel, allowed: []scheme.Rung{scheme.RungString, scheme.RungSyntax, scheme.RungScheme}}
	fs.Var(level, "level", "the rung at which the URIs must be equal: string (RFC 3986 6.2.1),\nsyntax (6.2.2) or `scheme` (6.2.3)")
	return func(args []string, e *base.Env) int {
		switch len(args) {
		case 0:
			return pipeline.Stream(e, "equiv", nil, func(in record.Input, o *record.Output) {
				if in.Long > 0 {
					equivRecord(in, o, opt, level.rung, nil, record.LongError())
					return
				}
				f := strings.Fields(in.Text)
				if len(f) != 2 {
					equivRecord(in, o, opt, level.rung, nil, pairShapeError(in.Text, f))
					return
				}
				if err := oneURIError(in.Text, f); err != nil {
					equivRecord(in, o, opt, level.rung, nil, err)
					return
				}
				equivRecord(in, o, opt, level.rung, f, nil)
			})
		case 2:
			var o record.Output
			equivArgs(&o, opt, level.rung, args[0], args[1])
			return pipeline.WriteAll(e, "equiv", &o)
		}
		return base.UsageError(e, "want two URIs, or none to read pairs from standard input")
	}
}

// equivArgs appends to o the record of equiv for the two URIs a and b at
// the rung level, as "urikit equiv A B" writes it.
func equivArgs(o *record.Output, opt *base.Options, level scheme.Rung, a, b string) {
	equivRecord(record.Input{No: 1, Arg: true}, o, opt, level, []string{a, b}, nil)
}

// EquivJSON appends to o the record of equiv for the two URIs a and b at
// the rung level, as "urikit equiv --json A B" writes it. It links none
// of the text writers.
func EquivJSON(o *record.Output, level scheme.Rung, a, b string) {
	r := compare(o, level, []string{a, b}, nil, false)
	r.appendJSON(o)
}

// pairShapeError is the error of a line that does not hold two fields:
// the offset is that of the third field, or the end of the line.
func pairShapeError(line string, f []string) *record.Error {
	off := len(line)
	if len(f) > 2 {
		off = fieldStart(line, 2)
	}
	return &record.Error{Offset: off, Reason: "want two URIs separated by white space"}
}

// fieldStart returns the offset in line of its field k (from 0), as
// strings.Fields splits it, or len(line).
func fieldStart(line string, k int) int {
	in := false
	for i, r := range line {
		switch {
		case unicode.IsSpace(r):
			in = false
		case !in:
			if k == 0 {
				return i
			}
			k--
			in = true
		}
	}
	return len(line)
}

// oneURIError is the error of a line that reads as one URI with white
// space in it rather than two URIs, f its fields: a secret that the mask
// finds in the line runs over the white space between its fields
// ("http://u:pa ss@h/" has a password with a space, not the URIs
// "http://u:pa" and "ss@h/"), or the line holds a secret and a field is
// no URI. Read apart, the second field would show a piece of the secret.
// The offset is that of the white space inside the secret, or of the
// first secret.
func oneURIError(line string, f []string) *record.Error {
	m := record.MaskMessage(line)
	for _, sp := range m.Spans {
		if i := strings.IndexAny(line[sp.Start:sp.End], " \t\v\f\r"); i >= 0 {
			return &record.Error{Offset: sp.Start + i, Reason: "one URI with white space in a secret, not two URIs: percent-encode the space as %20"}
		}
	}
	// A secret that a space cut short leaves its rest as a field of its
	// own ("http://h/?password=ab cd" gives "cd"): a line that holds a
	// secret and whose fields are not two URIs is read as one text.
	_, errA := uri.Parse(f[0])
	_, errB := uri.Parse(f[1])
	if len(m.Spans) > 0 && (errA != nil || errB != nil) {
		return &record.Error{Offset: m.Spans[0].Start, Reason: "a secret in a line that is not two URIs: percent-encode its white space as %20"}
	}
	return nil
}

// equivRecord writes the record of one pair of equiv; pair is nil when
// shapeErr says why the input holds no pair.
func equivRecord(in record.Input, o *record.Output, opt *base.Options, level scheme.Rung, pair []string, shapeErr *record.Error) {
	r := compare(o, level, pair, shapeErr, opt.ShowSecrets)
	if opt.JSON {
		r.appendJSON(o)
		return
	}
	if r.err != nil {
		o.Out = append(o.Out, record.ErrorLine(r.err)...)
		var m *record.Shown
		if r.bad != nil {
			m = &r.bad.Shown
		}
		o.Stderr(record.Diagnostic("equiv", in, r.err, m))
		return
	}
	o.Out = append(o.Out, r.rung.String()...)
	o.Out = append(o.Out, '\n')
	for _, w := range r.ws {
		o.Stderr(record.WarningText("equiv", in, w))
	}
}

// equivResult is what equiv finds of one pair.
type equivResult struct {
	pa, pb record.Parsed
	pair   bool // a pair was read: "a" and "b" are not null
	rung   scheme.Rung
	equal  bool
	err    *record.Error
	bad    *record.Parsed // the input err is about, or nil
	ws     []record.Warning
}

// compare reads the pair and finds the rung at which its URIs are equal;
// pair is nil when shapeErr says why the input holds no pair. It marks o
// failed when they are not equal at level.
func compare(o *record.Output, level scheme.Rung, pair []string, shapeErr *record.Error, showSecrets bool) *equivResult {
	r := &equivResult{rung: scheme.RungNone, pair: pair != nil}
	switch {
	case shapeErr != nil:
		r.err = shapeErr
	default:
		r.pa = record.ParseInput(pair[0], true, showSecrets)
		r.pb = record.ParseInput(pair[1], true, showSecrets)
		switch {
		case !r.pa.Valid:
			r.err, r.bad = r.pa.Err, &r.pa
			r.err.Input = "a"
		case !r.pb.Valid:
			r.err, r.bad = r.pb.Err, &r.pb
			r.err.Input = "b"
		default:
			a, _ := r.pa.Ref.URI()
			b, _ := r.pb.Ref.URI()
			r.rung = scheme.Ladder(a, b)
		}
	}
	r.equal = r.rung != scheme.RungNone && r.rung <= level
	for _, w := range r.pa.Warnings {
		w.Message = "a: " + w.Message
		r.ws = append(r.ws, w)
	}
	for _, w := range r.pb.Warnings {
		w.Message = "b: " + w.Message
		r.ws = append(r.ws, w)
	}
	if !r.equal {
		o.Fail()
	}
	return r
}

// appendJSON appends r's JSON record to o.
func (r *equivResult) appendJSON(o *record.Output) {
	b := append(o.Out, '{')
	b = record.Key(b, "a")
	b = record.AppendOpt(b, r.pa.Shown.Text, r.pair)
	b = record.Key(b, "b")
	b = record.AppendOpt(b, r.pb.Shown.Text, r.pair)
	b = record.Key(b, "rung")
	b = record.AppendOpt(b, r.rung.String(), r.rung != scheme.RungNone)
	b = record.Key(b, "equal")
	b = strconv.AppendBool(b, r.equal)
	b = record.Key(b, "error")
	b = record.AppendError(b, r.err)
	b = record.AppendWarnings(b, r.ws)
	o.Out = append(b, '}', '\n')
}
