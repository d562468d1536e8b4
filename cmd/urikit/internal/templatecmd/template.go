// Package templatecmd is "urikit template expand|match": URI Templates
// (RFC 6570, package uritemplate) expanded over variables read from a
// JSON file, and URIs matched against a template, their variables
// printed as JSON. CmdTemplate is the subcommand; ExpandRecord and
// MatchRecord write the record of one input, with no flags to parse, and
// ExpandJSON and MatchJSON its JSON record, for the playground.
package templatecmd

import (
	"errors"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urikit/urikit/cmd/urikit/internal/base"
	"github.com/urikit/urikit/cmd/urikit/internal/normalizecmd"
	"github.com/urikit/urikit/cmd/urikit/internal/pipeline"
	"github.com/urikit/urikit/cmd/urikit/internal/record"

	"github.com/urikit/urikit/internal/varsjson"
	"github.com/urikit/urikit/uri"
	"github.com/urikit/urikit/uritemplate"
)

// CmdTemplate is "urikit template".
var CmdTemplate = &base.Command{
	Name:    "template",
	Summary: "expand URI Templates over variables, or match URIs against one (RFC 6570)",
	Usage:   "template expand|match [--json] [--show-secrets] [--vars FILE] [ARGS...]",
	Help: `template expand --vars FILE [TEMPLATE...] expands each URI Template (RFC
6570, any level: the operators + # . / ; ? &, prefix :N and explode *)
over the variables of FILE, a JSON object whose members are strings,
arrays of strings (lists) or objects of strings (associative arrays,
expanded in the order written); a number stands for its text as written
("1.5e3"); null is undefined; true and false are errors; \udc80 to
\udcff stand for the bytes 0x80 to 0xFF, as match writes them. Each
template gives one line: its expansion, or "error: ..." with the offset in the template
and the reason (an invalid template, a prefix on a list, an expansion
that is not a URI reference). With no TEMPLATE, one template per line of
standard input.

template match TEMPLATE [URI...] reads each URI back against TEMPLATE and
prints its variables, percent-decoded, as one JSON object per line, in
the template's order, in the format that --vars reads: an undefined
variable is left out; an associative array is an object with every pair
in order, a name that comes twice written twice ("?a=1&a=2" with {?q*}
gives {"q":{"a":"1","a":"2"}}: a JSON reader that builds a map keeps
one); a byte that is not part of valid UTF-8 ("%FF") is written as the
escape of a lone surrogate, \udc80 to \udcff for 0x80 to 0xFF, which
--vars reads back as that byte (PEP 383's surrogateescape). So match's
output is expand's input, byte for byte. A URI that no values expand to
gives "error: ...". A TEMPLATE whose URIs could be read
in more than one way ("{x}{y}", "{year}-{month}", "{+base}/{name}") is a
usage error that says where and why: see "go doc
github.com/urikit/urikit/uritemplate" for the rules. Matching is strict:
the URI must be exactly what expansion writes ("?b=1&a=2" does not match
"{?a,b}").

Unless --show-secrets, secrets are masked as every command masks them,
structurally, and each string of a variable's value by where it stands
in the URI: a string that lies in a secret (a password, the value of
access_token ...) shows as xxxxx; a string that holds secrets is masked
as text of its own, only the secrets' bytes changed ({+u} reads
"https://ana:xxxxx@h/?access_token=xxxxx"), or shows as xxxxx if a
secret's bytes, as written or decoded, would still show. Whatever the
operator, the value of a pair whose key is a credential key
(access_token, password ...) and every string of a variable named as
one ({token}, {password}) are secrets, in match's output and expand's.
A secret is masked wherever the template writes it: every byte of the
URI that holds it, in the input match shows and in expand's output
("https://h/{p}?token={p:3}" shows "https://h/xxxxx?token=xxxxx").`,
	Example: `  $ echo '{"user":"ana","tags":["a b","c"]}' | urikit template expand --vars /dev/stdin 'https://h/{user}{?tags*}' '{/tags}'
  https://h/ana?tags=a%20b&tags=c
  /a%20b,c
  $ urikit template match 'repo://{owner}/{repo}{?labels}' 'repo://golang/go?labels=bug,help'
  {"owner":"golang","repo":"go","labels":["bug","help"]}
  $ urikit template match --json '/users/{id}' /users/7
  {"input":"/users/7","output":{"id":"7"},"error":null}
`,
	Setup: setup,
}

func setup(fs base.Flags) func([]string, *base.Env) int {
	opt := base.AddOptions(fs, `{"input","output","error"} (match: "output" is the object of variables)`)
	varsFile := fs.String("vars", "", "expand: the JSON `FILE` of variables")
	return func(args []string, e *base.Env) int {
		if len(args) == 0 || args[0] != "expand" && args[0] != "match" {
			return base.UsageError(e, "want expand or match")
		}
		if args[0] == "expand" {
			if *varsFile == "" {
				return base.UsageError(e, "expand wants --vars FILE")
			}
			data, err := os.ReadFile(*varsFile)
			if err != nil {
				return base.UsageError(e, "--vars: "+pathError(err))
			}
			vars, err := varsjson.Decode(data)
			if err != nil {
				return base.UsageError(e, "--vars: "+err.Error())
			}
			return pipeline.Stream(e, "template expand", args[1:], func(in record.Input, o *record.Output) {
				ExpandRecord(in, o, opt, vars)
			})
		}
		if *varsFile != "" {
			return base.UsageError(e, "--vars is for expand")
		}
		if len(args) < 2 {
			return base.UsageError(e, "want TEMPLATE")
		}
		t, terr := MatchTemplate(args[1])
		if terr != nil {
			return templateUsageError(e, args[1], terr, opt.ShowSecrets)
		}
		return pipeline.Stream(e, "template match", args[2:], func(in record.Input, o *record.Output) {
			MatchRecord(in, o, opt, t)
		})
	}
}

// pathError words an error of reading the vars file without repeating
// its path, which the user gave.
func pathError(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// templateUsageError reports the error terr of TEMPLATE, the text t,
// as a usage error: worded as a record's error, with the template as
// shown and a caret under the byte at the offset, and a hint that names
// that character unless it is masked.
func templateUsageError(e *base.Env, t string, terr *record.Error, showSecrets bool) int {
	terr.Input = "TEMPLATE"
	var te *uritemplate.Error
	if tm, err := uritemplate.Parse(t); err == nil && errors.As(tm.Matchable(), &te) {
		terr.Hint = matchHint(t, te)
	}
	var b strings.Builder
	b.WriteString("urikit " + e.Cmd.Name + ": ")
	b.WriteString(strings.TrimPrefix(record.ErrorLine(terr), "error: "))
	if len(t) <= record.MaxLine {
		m := ShowTemplate(t, showSecrets)
		b.WriteString(record.CaretLines("    ", m, terr.Offset))
		if terr.Hint != "" && m.Covers(terr.Offset, terr.Offset+1) {
			terr.Hint = "" // it names the character, which is masked
		}
	}
	if terr.Hint != "" {
		b.WriteString("    hint: " + terr.Hint + "\n")
	}
	b.WriteString("usage: urikit " + e.Cmd.Usage + "\nRun 'urikit " + e.Cmd.Name + " --help' for details.\n")
	io.WriteString(e.Stderr, b.String())
	return record.ExitUsage
}

// matchHint is the hint of the error err of an unmatchable template t:
// it names the character at the offset, and what to change.
func matchHint(t string, err *uritemplate.Error) string {
	if err.Offset < 0 || err.Offset >= len(t) {
		return ""
	}
	r, _ := utf8.DecodeRuneInString(t[err.Offset:])
	c := strconv.Quote(string(r))
	e := expressionAt(t, err.Offset)
	switch {
	case errors.Is(err, uritemplate.ErrAdjacent):
		return "the expression " + e + " follows another with no literal between: put a literal between them, or give it an operator such as \"/\""
	case errors.Is(err, uritemplate.ErrAmbiguousBoundary) && e != "" && err.Offset > 0 && t[err.Offset-1] == '{' && strings.IndexByte(";?&", t[err.Offset]) >= 0:
		return c + " starts the expression " + e + " but may also start a piece of a named expression before it, which has a variable of the same name: give each variable one expression"
	case errors.Is(err, uritemplate.ErrAmbiguousBoundary) && e != "" && err.Offset > 0 && t[err.Offset-1] == '{':
		return c + " starts the expression " + e + ", but the expression before it may write it too, or write nothing: put between them a literal that the one before never writes"
	case errors.Is(err, uritemplate.ErrAmbiguousBoundary):
		return c + " ends an expression but may also stand inside it: end it with a character its expansion never writes"
	case errors.Is(err, uritemplate.ErrAmbiguousSeparator):
		return "the expression " + e + " has several variables or an explode, and its separator " + strconv.Quote(separator(e)) + " may stand inside a value: give each variable an expression of its own"
	case errors.Is(err, uritemplate.ErrAmbiguousExplode):
		return "the explode modifier in " + e + " cannot be told from the pieces of another variable, since an associative array's pieces may have any name: give the exploded variable an expression of its own, with a literal between it and the next named expression"
	case errors.Is(err, uritemplate.ErrPrefixComposite):
		return "the prefix at " + c + " is on a variable that another expression explodes"
	}
	return ""
}

// separator returns the separator of expression e's operator (RFC 6570
// 3.2.1, Appendix A: "sep").
func separator(e string) string {
	if len(e) > 1 {
		switch e[1] {
		case '.', '/', ';':
			return e[1:2]
		case '?', '&':
			return "&"
		}
	}
	return ","
}

// expressionAt returns the expression of template text t (RFC 6570 2.2)
// that holds byte i or starts there, "{" to "}", or "" when i is in a
// literal. A template's expressions hold no secret: they are shown as
// written.
func expressionAt(t string, i int) string {
	start := strings.LastIndexByte(t[:i+1], '{')
	if start < 0 || strings.IndexByte(t[start:i], '}') >= 0 {
		return ""
	}
	end := strings.IndexByte(t[start:], '}')
	if end < 0 {
		return ""
	}
	return t[start : start+end+1]
}

// templateError is the record error of a uritemplate error: its
// "component" is "template" or "uri", the text its offset counts in.
func templateError(err error) *record.Error {
	var te *uritemplate.Error
	if !errors.As(err, &te) {
		return &record.Error{Reason: err.Error()}
	}
	reason := "invalid"
	if te.Err != nil {
		reason = te.Err.Error()
	}
	where := "template"
	if te.InURI() {
		where = "uri"
	}
	return &record.Error{Offset: te.Offset, Component: where, Reason: reason}
}

// ExpandRecord appends to o the record of one input of "template
// expand": the template in.Text expanded over vars (RFC 6570 3), as opt
// says.
func ExpandRecord(in record.Input, o *record.Output, opt *base.Options, vars uritemplate.Vars) {
	var p record.Parsed
	out := expand(&p, in, o, opt.ShowSecrets, vars)
	if opt.JSON {
		normalizecmd.JSONRecord(o, &p, out, true)
		return
	}
	normalizecmd.LineRecord(in, o, "template expand", &p, out, true)
}

// ExpandJSON appends to o the record of the template text expanded over
// vars, as "urikit template expand --json" writes it, secrets masked. It
// links none of the text writers.
func ExpandJSON(text string, o *record.Output, vars uritemplate.Vars) {
	var p record.Parsed
	out := expand(&p, record.ArgInput(text, 1), o, false, vars)
	normalizecmd.JSONRecord(o, &p, out, true)
}

// expand reads the template of in into p and returns its expansion over
// vars as shown, or marks o failed.
func expand(p *record.Parsed, in record.Input, o *record.Output, showSecrets bool, vars uritemplate.Vars) (out string) {
	if in.Long > 0 {
		p.Err = record.LongError()
	} else {
		p.Shown = ShowTemplate(in.Text, showSecrets)
		t, err := uritemplate.Parse(in.Text)
		var parts []uritemplate.Part
		if err == nil {
			out, parts, err = t.ExpandParts(vars)
		}
		if err != nil {
			p.Err = templateError(err)
		} else {
			p.Valid = true
			if !showSecrets {
				spans := newMasking(out, expansionSpans(out, parts), parts, vars, false).spans
				p.Shown = showTemplateWith(in.Text, p.Shown, out, spans)
				out = uri.Mask(out, spans)
			}
		}
	}
	if !p.Valid {
		o.Fail()
	}
	return out
}

// MatchRecord appends to o the record of one input of "template match":
// the variables that t reads from the URI in.Text, as opt says. Unless
// opt.ShowSecrets, the URI is shown with its secrets masked, and so is
// every string of a variable's value that Match reads from the bytes of
// a secret (maskVars).
func MatchRecord(in record.Input, o *record.Output, opt *base.Options, t uritemplate.Template) {
	var p record.Parsed
	out := match(&p, in, o, opt.ShowSecrets, t)
	if opt.JSON {
		appendMatchJSON(o, &p, out)
		return
	}
	if !p.Valid {
		o.Out = append(o.Out, record.ErrorLine(p.Err)...)
		var m *record.Shown
		if in.Long == 0 {
			m = &p.Shown
		}
		o.Stderr(record.Diagnostic("template match", in, p.Err, m))
		return
	}
	o.Out = append(o.Out, out...)
	o.Out = append(o.Out, '\n')
}

// MatchJSON appends to o the record of the URI text matched against t, as
// "urikit template match --json" writes it, secrets masked. It links none
// of the text writers.
func MatchJSON(text string, o *record.Output, t uritemplate.Template) {
	var p record.Parsed
	out := match(&p, record.ArgInput(text, 1), o, false, t)
	appendMatchJSON(o, &p, out)
}

// MatchTemplate parses the template of "template match" and checks that
// its URIs have one reading each (uritemplate.Template.Matchable); the
// error is the command's.
func MatchTemplate(text string) (uritemplate.Template, *record.Error) {
	t, err := uritemplate.Parse(text)
	if err == nil {
		err = t.Matchable()
	}
	if err != nil {
		return t, templateError(err)
	}
	return t, nil
}

// match reads the URI of in into p and returns its variables as a JSON
// object, or marks o failed. The URI is matched as written; what is
// shown of it and of the variables is masked unless showSecrets.
func match(p *record.Parsed, in record.Input, o *record.Output, showSecrets bool, t uritemplate.Template) (out []byte) {
	if in.Long > 0 {
		p.Err = record.LongError()
	} else {
		p.Shown = record.Mask(in.Text)
		if showSecrets {
			p.Shown = record.ShownAs(in.Text)
		}
		vars, err := t.Match(in.Text)
		var parts []uritemplate.Part
		if err == nil && !showSecrets && (len(p.Shown.Spans) > 0 || namedSecret(vars) || valuesHoldSecrets(vars)) {
			// Where each string stands, only when a secret may lie in
			// one: the Parts of a long URI take far more memory.
			vars, parts, err = t.MatchParts(in.Text)
		}
		if err != nil {
			p.Err = templateError(err)
		} else {
			p.Valid = true
			if !showSecrets {
				m := newMasking(in.Text, shownSpans(p.Shown), parts, vars, true)
				p.Shown = shownWith(in.Text, m.spans)
				vars = m.maskVars()
			}
			out = varsjson.Append(nil, t.Varnames(), vars)
		}
	}
	if !p.Valid {
		o.Fail()
	}
	return out
}

// appendMatchJSON appends the JSON record of a match to o:
// {"input","output","error"}, "output" the object of variables.
func appendMatchJSON(o *record.Output, p *record.Parsed, out []byte) {
	b := append(o.Out, '{')
	b = record.Key(b, "input")
	b = record.AppendString(b, p.Shown.Text)
	b = record.Key(b, "output")
	if p.Valid {
		b = append(b, out...)
	} else {
		b = append(b, "null"...)
	}
	b = record.Key(b, "error")
	b = record.AppendError(b, p.Err)
	o.Out = append(b, '}', '\n')
}
