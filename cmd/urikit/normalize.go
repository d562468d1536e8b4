package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/uri"
)

func init() {
	register(&command{
		name:    "normalize",
		summary: "syntax- or scheme-based normal forms (RFC 3986 6.2.2, 6.2.3)",
		run:     runNormalize,
	})
	register(&command{
		name:    "equiv",
		summary: "the lowest rung of the comparison ladder at which two URIs are equal (RFC 3986 6.2)",
		run:     runEquiv,
	})
}

// normalizeResult is the --json form of one normalized input (DESIGN.md,
// command line): "output" is null when the input is invalid, and "error"
// then says why. Both texts are redacted (RFC 3986 3.2.1).
type normalizeResult struct {
	Input  string     `json:"input"`
	Output *string    `json:"output"`
	Error  *uri.Error `json:"error"`
}

// levelFlag is a --level flag that accepts the names of some rungs.
type levelFlag struct {
	rung    scheme.Rung
	allowed []scheme.Rung
}

func (l *levelFlag) String() string { return l.rung.String() }

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

func runNormalize(args []string, e *env) int {
	fs := flag.NewFlagSet("normalize", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	asJSON := fs.Bool("json", false, `print one JSON object per input: {"input","output","error"}`)
	level := &levelFlag{rung: scheme.RungSyntax, allowed: []scheme.Rung{scheme.RungSyntax, scheme.RungScheme}}
	fs.Var(level, "level", "the normal form: `syntax`-based (RFC 3986 6.2.2, any reference)\nor scheme-based (6.2.3, URIs only)")
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "usage: urikit normalize [--json] [--level syntax|scheme] [URI-REFERENCE...]")
		fmt.Fprintln(e.stderr, "Prints the normal form of each input (or each line of standard input).")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	ins, err := inputs(fs.Args(), e.stdin)
	if err != nil {
		fmt.Fprintln(e.stderr, "urikit normalize:", err)
		return exitUsage
	}
	status := exitOK
	enc := json.NewEncoder(e.stdout)
	enc.SetEscapeHTML(false)
	for _, in := range ins {
		res := normalizeResult{Input: shown(in)}
		var out string
		if level.rung == scheme.RungScheme {
			u, err := uri.Parse(in)
			if err != nil {
				errors.As(err, &res.Error)
			} else {
				out = scheme.Normalize(u).Redacted()
			}
		} else {
			r, err := uri.ParseReference(in)
			if err != nil {
				errors.As(err, &res.Error)
			} else {
				out = r.Normalize().Redacted()
			}
		}
		if res.Error == nil {
			res.Output = &out
		} else {
			status = exitInvalid
		}
		if *asJSON {
			if err := enc.Encode(res); err != nil {
				fmt.Fprintln(e.stderr, "urikit normalize:", err)
				return exitInvalid
			}
			continue
		}
		if res.Error != nil {
			fmt.Fprintf(e.stderr, "urikit normalize: invalid %q: %s at offset %d: %v\n", res.Input, res.Error.Component, res.Error.Offset, res.Error.Err)
			continue
		}
		fmt.Fprintln(e.stdout, out)
	}
	return status
}

// equivResult is the --json form of one compared pair (DESIGN.md, command
// line): "rung" is the lowest rung at which a and b are equal, null when
// they differ at every rung (or an input is invalid); "equal" says whether
// they are equal at the requested level.
type equivResult struct {
	A     string  `json:"a"`
	B     string  `json:"b"`
	Rung  *string `json:"rung"`
	Equal bool    `json:"equal"`
}

func runEquiv(args []string, e *env) int {
	fs := flag.NewFlagSet("equiv", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	asJSON := fs.Bool("json", false, `print one JSON object per pair: {"a","b","rung","equal"}`)
	level := &levelFlag{rung: scheme.RungScheme, allowed: []scheme.Rung{scheme.RungString, scheme.RungSyntax, scheme.RungScheme}}
	fs.Var(level, "level", "the rung at which the URIs must be equal: string (RFC 3986 6.2.1),\nsyntax (6.2.2) or `scheme` (6.2.3)")
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "usage: urikit equiv [--json] [--level string|syntax|scheme] A B")
		fmt.Fprintln(e.stderr, "Prints the lowest rung of the comparison ladder (RFC 3986 6.2) at which the URIs")
		fmt.Fprintln(e.stderr, "A and B are equal: string, syntax, scheme, or none. Without arguments, each line")
		fmt.Fprintln(e.stderr, "of standard input holds a pair separated by white space. The exit status is 0 when")
		fmt.Fprintln(e.stderr, "every pair is equal at the level, 1 otherwise. Compare URIs: resolve relative")
		fmt.Fprintln(e.stderr, "references first (RFC 3986 6.1).")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	var pairs [][2]string
	switch fs.NArg() {
	case 2:
		pairs = [][2]string{{fs.Arg(0), fs.Arg(1)}}
	case 0:
		lines, err := inputs(nil, e.stdin)
		if err != nil {
			fmt.Fprintln(e.stderr, "urikit equiv:", err)
			return exitUsage
		}
		for n, line := range lines {
			f := strings.Fields(line)
			if len(f) != 2 {
				fmt.Fprintf(e.stderr, "urikit equiv: line %d: want two URIs separated by white space\n", n+1)
				return exitUsage
			}
			pairs = append(pairs, [2]string{f[0], f[1]})
		}
	default:
		fs.Usage()
		return exitUsage
	}
	status := exitOK
	enc := json.NewEncoder(e.stdout)
	enc.SetEscapeHTML(false)
	for _, p := range pairs {
		res := equivResult{A: shown(p[0]), B: shown(p[1])}
		a, errA := uri.Parse(p[0])
		b, errB := uri.Parse(p[1])
		rung := scheme.RungNone
		switch {
		case errA != nil:
			reportEquivError(e, "A", res.A, errA)
		case errB != nil:
			reportEquivError(e, "B", res.B, errB)
		default:
			rung = scheme.Ladder(a, b)
		}
		if rung != scheme.RungNone {
			name := rung.String()
			res.Rung = &name
			res.Equal = rung <= level.rung
		}
		if !res.Equal {
			status = exitInvalid
		}
		if *asJSON {
			if err := enc.Encode(res); err != nil {
				fmt.Fprintln(e.stderr, "urikit equiv:", err)
				return exitInvalid
			}
			continue
		}
		if errA == nil && errB == nil {
			fmt.Fprintln(e.stdout, rung)
		}
	}
	return status
}

func reportEquivError(e *env, which, shown string, err error) {
	var ue *uri.Error
	if errors.As(err, &ue) {
		fmt.Fprintf(e.stderr, "urikit equiv: invalid %s %q: %s at offset %d: %v\n", which, shown, ue.Component, ue.Offset, ue.Err)
		return
	}
	fmt.Fprintf(e.stderr, "urikit equiv: invalid %s %q: %v\n", which, shown, err)
}
