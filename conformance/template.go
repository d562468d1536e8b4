package conformance

import (
	"errors"
	"strconv"

	"github.com/urikit/urikit/internal/varsjson"
	"github.com/urikit/urikit/uritemplate"
)

// This file checks ops "template" and "template_match" through the
// public API of package uritemplate (RFC 6570).

func init() {
	Register("template", checkTemplate)
	Register("template_match", checkTemplateMatch)
}

// templateErrors are the codes of the "error" field of the template ops,
// and the reason each stands for.
var templateErrors = []string{
	"unclosed-expression", "invalid-literal", "invalid-escape", "invalid-operator",
	"invalid-varname", "invalid-prefix", "invalid-modifier", "prefix-composite",
	"not-uri-reference", "adjacent", "ambiguous-boundary", "ambiguous-separator",
	"ambiguous-explode", "ambiguous-list", "invalid-uri", "no-match",
}

var templateReasons = map[string]error{
	"unclosed-expression": uritemplate.ErrUnclosedExpression,
	"invalid-literal":     uritemplate.ErrInvalidLiteral,
	"invalid-escape":      uritemplate.ErrInvalidEscape,
	"invalid-operator":    uritemplate.ErrInvalidOperator,
	"invalid-varname":     uritemplate.ErrInvalidVarname,
	"invalid-prefix":      uritemplate.ErrInvalidPrefix,
	"invalid-modifier":    uritemplate.ErrInvalidModifier,
	"prefix-composite":    uritemplate.ErrPrefixComposite,
	"not-uri-reference":   uritemplate.ErrNotURIReference,
	"adjacent":            uritemplate.ErrAdjacent,
	"ambiguous-boundary":  uritemplate.ErrAmbiguousBoundary,
	"ambiguous-separator": uritemplate.ErrAmbiguousSeparator,
	"ambiguous-explode":   uritemplate.ErrAmbiguousExplode,
	"ambiguous-list":      uritemplate.ErrAmbiguousList,
	"invalid-uri":         uritemplate.ErrInvalidURI,
	"no-match":            uritemplate.ErrNoMatch,
}

// errorCode returns the code of err's reason, or "" for nil.
func errorCode(err error) string {
	if err == nil {
		return ""
	}
	for _, code := range templateErrors {
		if errors.Is(err, templateReasons[code]) {
			return code
		}
	}
	return "unknown error " + strconv.Quote(err.Error())
}

// checkError compares err (nil, or an *uritemplate.Error) with the
// vector's "error" and "offset".
func checkError(ms *Mismatches, v *Vector, via string, err error) {
	want, _ := v.Opt("error")
	ms.Check("error", via, strconv.Quote(errorCode(err)), strconv.Quote(want))
	got := "null"
	var te *uritemplate.Error
	if errors.As(err, &te) {
		got = strconv.Itoa(te.Offset)
	}
	wantOff := "null"
	if n, ok := v.Int("offset"); ok {
		wantOff = strconv.FormatInt(n, 10)
	}
	ms.Check("offset", via, got, wantOff)
}

// checkTemplate checks a "template" vector: Parse accepts the template
// exactly when "valid" says, Expand over "vars" gives "expansion" or the
// error and offset of the vector; and when the expansion exists and
// Match reads it, Expand of the reading gives the expansion back.
func checkTemplate(v *Vector) error {
	var ms Mismatches
	vars, err := varsjson.Decode(v.Raw("vars"))
	if err != nil {
		ms.Add("vars", "varsjson.Decode", err, "variables")
		return ms.Err()
	}
	t, err := uritemplate.Parse(v.Str("template"))
	ms.Check("valid", "Parse", err == nil, v.Bool("valid"))
	if err != nil {
		checkError(&ms, v, "Parse", err)
		return ms.Err()
	}
	if t.String() != v.Str("template") {
		ms.Add("template", "String", strconv.Quote(t.String()), "the template")
	}
	got, err := t.Expand(vars)
	want, wantOK := v.Opt("expansion")
	gotJSON := "null"
	if err == nil {
		gotJSON = strconv.Quote(got)
	}
	wantJSON := "null"
	if wantOK {
		wantJSON = strconv.Quote(want)
	}
	ms.Check("expansion", "Expand", gotJSON, wantJSON)
	checkError(&ms, v, "Expand", err)
	if err == nil {
		if read, merr := t.Match(got); merr == nil {
			if back, err := t.Expand(read); err != nil || back != got {
				ms.Add("expansion", "Expand(Match(Expand))", strconv.Quote(back), strconv.Quote(got))
			}
		}
	}
	return ms.Err()
}

// checkTemplateMatch checks a "template_match" vector: Match of "uri"
// gives "vars" (null when it fails), or the error and offset.
func checkTemplateMatch(v *Vector) error {
	var ms Mismatches
	t, err := uritemplate.Parse(v.Str("template"))
	if err != nil {
		ms.Add("template", "Parse", err, "a template")
		return ms.Err()
	}
	read, err := t.Match(v.Str("uri"))
	got := "null"
	if err == nil {
		got = string(varsjson.Append(nil, t.Varnames(), read))
	}
	want := "null"
	if raw := v.Raw("vars"); string(raw) != "null" {
		wantVars, _ := varsjson.Decode(raw) // checked by the reader
		want = string(varsjson.Append(nil, t.Varnames(), wantVars))
	}
	ms.Check("vars", "Match", got, want)
	checkError(&ms, v, "Match", err)
	return ms.Err()
}
