package main

import (
	"errors"
	"flag"
	"strconv"
	"strings"

	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/uri"
)

// defaultLevel is the level of both normalize and equiv, so that
// `urikit normalize | sort -u` keeps one line per class of URIs that
// `urikit equiv` finds equal.
const defaultLevel = scheme.RungScheme

var normalizeCmd = &command{
	name:    "normalize",
	summary: "the normal form of each URI, scheme-based (RFC 3986 6.2.3) or syntax-based (6.2.2)",
	usage:   "normalize [--json] [--show-secrets] [--level scheme|syntax] [URI...]",
	help: `Prints the normal form of each input, one line per input.

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
	example: `  $ urikit normalize 'HTTP://Example.COM:80' 'eXAMPLE://a/./b/../b/%63/%7bfoo%7d'
  http://example.com/
  example://a/b/c/%7Bfoo%7D
  $ urikit normalize --level syntax 'HTTP://Example.COM:80' 'a/./b'
  http://example.com:80
  a/./b
`,
	setup: setupNormalize,
}

var equivCmd = &command{
	name:    "equiv",
	summary: "the lowest rung of the comparison ladder at which two URIs are equal (RFC 3986 6.2)",
	usage:   "equiv [--json] [--show-secrets] [--level string|syntax|scheme] [A B]",
	help: `Prints the lowest rung of the comparison ladder (RFC 3986 6.2) at which the
URIs A and B are equal: string (6.2.1), syntax (6.2.2), scheme (6.2.3),
or none. Without arguments, each line of standard input holds a pair
separated by white space.

The exit status is 0 when every pair is equal at --level (scheme by
default, as for normalize), 1 otherwise. Compare URIs: resolve relative
references first (RFC 3986 6.1).`,
	example: `  $ urikit equiv 'http://example.com' 'http://example.com:80/'
  scheme
  $ printf 'http://a/%%7e http://a/~\nhttp://a/x http://a/y\n' | urikit equiv --json
  {"a":"http://a/%7e","b":"http://a/~","rung":"syntax","equal":true,"error":null}
  {"a":"http://a/x","b":"http://a/y","rung":null,"equal":false,"error":null}
`,
	setup: setupEquiv,
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

func setupNormalize(fs *flag.FlagSet) func([]string, *env) int {
	opt := addOptions(fs, `{"input","output","error"}`)
	level := &levelFlag{rung: defaultLevel, allowed: []scheme.Rung{scheme.RungSyntax, scheme.RungScheme}}
	fs.Var(level, "level", "the normal form: `scheme`-based (RFC 3986 6.2.3, URIs only)\nor syntax-based (6.2.2, any reference)")
	return func(args []string, e *env) int {
		return stream(e, "normalize", args, func(in input, o *output) { normalizeRecord(in, o, opt, level.rung) })
	}
}

func normalizeRecord(in input, o *output, opt *options, level scheme.Rung) {
	var p parsed
	var out string
	if in.long > 0 {
		p = parsed{err: longError()}
	} else {
		p = parseInput(in.text, level == scheme.RungScheme, opt.showSecrets)
	}
	if p.valid {
		n := p.ref.Normalize()
		if u, ok := p.ref.URI(); ok && level == scheme.RungScheme {
			n = scheme.Normalize(u).Reference()
		}
		out = showResult(n, opt.showSecrets, withSecrets(p.shown)...)
	} else {
		if p.err.reason == uri.ErrMissingScheme.Error() {
			p.err.hint += `; use --level syntax for relative references`
		}
		o.fail()
	}
	if opt.json {
		jsonRecord(o, p, out)
		return
	}
	lineRecord(in, o, "normalize", p, out)
}

// jsonRecord writes the JSON record of a one-line-per-input subcommand:
// {"input","output","error"}, with out as "output" when p is valid, and
// "warnings" when there are some.
func jsonRecord(o *output, p parsed, out string) {
	b := append(o.out, '{')
	b = key(b, "input")
	b = appendString(b, p.shown.text)
	b = key(b, "output")
	b = appendOpt(b, out, p.valid)
	b = key(b, "error")
	b = appendError(b, p.err)
	b = appendWarnings(b, p.warnings)
	o.out = append(b, '}', '\n')
}

// lineRecord writes the text record of a one-line-per-input subcommand:
// out (escaped) on its line when p is valid, an error line otherwise; the
// diagnostic and the warnings go to standard error.
func lineRecord(in input, o *output, name string, p parsed, out string) {
	if !p.valid {
		o.out = append(o.out, errorLine(p.err)...)
		var m *shown
		if in.long == 0 {
			m = &p.shown
		}
		o.stderr(diagnostic(name, in, p.err, m))
		return
	}
	o.out = append(o.out, escapeText(out)...)
	o.out = append(o.out, '\n')
	for _, w := range p.warnings {
		o.stderr(warningText(name, in, w))
	}
}

func setupEquiv(fs *flag.FlagSet) func([]string, *env) int {
	opt := addOptions(fs, `{"a","b","rung","equal","error"}`)
	level := &levelFlag{rung: defaultLevel, allowed: []scheme.Rung{scheme.RungString, scheme.RungSyntax, scheme.RungScheme}}
	fs.Var(level, "level", "the rung at which the URIs must be equal: string (RFC 3986 6.2.1),\nsyntax (6.2.2) or `scheme` (6.2.3)")
	return func(args []string, e *env) int {
		switch len(args) {
		case 0:
			return stream(e, "equiv", nil, func(in input, o *output) {
				if in.long > 0 {
					equivRecord(in, o, opt, level.rung, nil, longError())
					return
				}
				f := strings.Fields(in.text)
				if len(f) != 2 {
					equivRecord(in, o, opt, level.rung, nil, pairShapeError(in.text, f))
					return
				}
				if err := oneURIError(in.text, f); err != nil {
					equivRecord(in, o, opt, level.rung, nil, err)
					return
				}
				equivRecord(in, o, opt, level.rung, f, nil)
			})
		case 2:
			var o output
			equivRecord(input{no: 1, arg: true}, &o, opt, level.rung, args, nil)
			return writeAll(e, "equiv", &o)
		}
		return usageError(e, "want two URIs, or none to read pairs from standard input")
	}
}

// pairShapeError is the error of a line that does not hold two fields:
// the offset is that of the third field, or the end of the line.
func pairShapeError(line string, f []string) *recordError {
	off := len(line)
	if len(f) > 2 {
		off = strings.Index(line, f[1]) + len(f[1])
		off += strings.Index(line[off:], f[2])
	}
	return &recordError{offset: off, reason: "want two URIs separated by white space"}
}

// oneURIError is the error of a line that reads as one URI with white
// space in it rather than two URIs, f its fields: a secret that the mask
// finds in the line runs over the white space between its fields
// ("http://u:pa ss@h/" has a password with a space, not the URIs
// "http://u:pa" and "ss@h/"), or the line holds a secret and a field is
// no URI. Read apart, the second field would show a piece of the secret.
// The offset is that of the white space inside the secret, or of the
// first secret.
func oneURIError(line string, f []string) *recordError {
	m := maskMessage(line)
	for _, sp := range m.spans {
		if i := strings.IndexAny(line[sp.start:sp.end], " \t\v\f\r"); i >= 0 {
			return &recordError{offset: sp.start + i, reason: "one URI with white space in a secret, not two URIs: percent-encode the space as %20"}
		}
	}
	// A secret that a space cut short leaves its rest as a field of its
	// own ("http://h/?password=ab cd" gives "cd"): a line that holds a
	// secret and whose fields are not two URIs is read as one text.
	_, errA := uri.Parse(f[0])
	_, errB := uri.Parse(f[1])
	if len(m.spans) > 0 && (errA != nil || errB != nil) {
		return &recordError{offset: m.spans[0].start, reason: "a secret in a line that is not two URIs: percent-encode its white space as %20"}
	}
	return nil
}

// equivRecord writes the record of one pair of equiv; pair is nil when
// shapeErr says why the input holds no pair.
func equivRecord(in input, o *output, opt *options, level scheme.Rung, pair []string, shapeErr *recordError) {
	var pa, pb parsed
	rung := scheme.RungNone
	var err *recordError
	var bad *parsed
	switch {
	case shapeErr != nil:
		err = shapeErr
	default:
		pa = parseInput(pair[0], true, opt.showSecrets)
		pb = parseInput(pair[1], true, opt.showSecrets)
		switch {
		case !pa.valid:
			err, bad = pa.err, &pa
			err.input = "a"
		case !pb.valid:
			err, bad = pb.err, &pb
			err.input = "b"
		default:
			a, _ := pa.ref.URI()
			b, _ := pb.ref.URI()
			rung = scheme.Ladder(a, b)
		}
	}
	equal := rung != scheme.RungNone && rung <= level
	var ws []warning
	for _, w := range pa.warnings {
		w.message = "a: " + w.message
		ws = append(ws, w)
	}
	for _, w := range pb.warnings {
		w.message = "b: " + w.message
		ws = append(ws, w)
	}
	if !equal {
		o.fail()
	}
	if opt.json {
		b := append(o.out, '{')
		b = key(b, "a")
		b = appendOpt(b, pa.shown.text, pair != nil)
		b = key(b, "b")
		b = appendOpt(b, pb.shown.text, pair != nil)
		b = key(b, "rung")
		b = appendOpt(b, rung.String(), rung != scheme.RungNone)
		b = key(b, "equal")
		b = strconv.AppendBool(b, equal)
		b = key(b, "error")
		b = appendError(b, err)
		b = appendWarnings(b, ws)
		o.out = append(b, '}', '\n')
		return
	}
	if err != nil {
		o.out = append(o.out, errorLine(err)...)
		var m *shown
		if bad != nil {
			m = &bad.shown
		}
		o.stderr(diagnostic("equiv", in, err, m))
		return
	}
	o.out = append(o.out, rung.String()...)
	o.out = append(o.out, '\n')
	for _, w := range ws {
		o.stderr(warningText("equiv", in, w))
	}
}
