// Package varsjson reads and writes the variables of a URI Template
// (package uritemplate) as a JSON object (RFC 8259): the format of
// urikit's "template expand --vars FILE" and "template match" records,
// and of the conformance vectors. A member is a variable: a string, an
// array of strings (a list) or an object of strings (an associative
// array, whose member order is kept: it is read in order, never through
// a Go map); null is undefined. A number stands
// for its text as written. Anything else is an error that names the
// variable, never a value.
package varsjson

import (
	"github.com/urikit/urikit/internal/jsontext"
	"github.com/urikit/urikit/uritemplate"
)

// Append appends vars to b as one JSON object, one member per name of
// names that vars defines, in that order (package uritemplate's
// Template.Varnames gives the template's order).
func Append(b []byte, names []string, vars uritemplate.Vars) []byte {
	b = append(b, '{')
	first := true
	for _, name := range names {
		v := vars[name]
		if !v.Defined() {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = jsontext.AppendString(b, name)
		b = append(b, ':')
		b = AppendValue(b, v)
	}
	return append(b, '}')
}

// AppendValue appends one value as JSON: a string, an array of strings,
// an object of strings in the pairs' order, or null.
func AppendValue(b []byte, v uritemplate.Value) []byte {
	switch v.Kind() {
	case uritemplate.KindString:
		return jsontext.AppendString(b, v.Text())
	case uritemplate.KindList:
		b = append(b, '[')
		for i, it := range v.Items() {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsontext.AppendString(b, it)
		}
		return append(b, ']')
	case uritemplate.KindAssoc:
		b = append(b, '{')
		for i, p := range v.Pairs() {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsontext.AppendString(b, p.Key)
			b = append(b, ':')
			b = jsontext.AppendString(b, p.Value)
		}
		return append(b, '}')
	}
	return append(b, "null"...)
}
