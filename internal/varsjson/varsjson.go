// Package varsjson reads and writes the variables of a URI Template
// (package uritemplate) as a JSON object (RFC 8259): the format of
// urikit's "template expand --vars FILE" and "template match" records,
// and of the conformance vectors. A member is a variable: a string, an
// array of strings (a list) or an object of strings (an associative
// array, whose member order is kept: it is read with json.Decoder
// tokens, never through a Go map); null is undefined. A number stands
// for its text as written. Anything else is an error that names the
// variable, never a value.
package varsjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/urikit/urikit/internal/jsontext"
	"github.com/urikit/urikit/uritemplate"
)

// Decode reads one JSON object of variables from data; nothing but white
// space may follow it. A duplicate name is an error.
func Decode(data []byte) (uritemplate.Vars, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, errors.New("the variables are not a JSON object")
	}
	vars := uritemplate.Vars{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, syntax(err)
		}
		name := tok.(string) // object keys are strings
		if _, dup := vars[name]; dup {
			return nil, fmt.Errorf("variable %q is given twice", name)
		}
		v, err := value(dec, name)
		if err != nil {
			return nil, err
		}
		vars[name] = v
	}
	if _, err := dec.Token(); err != nil {
		return nil, syntax(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("text after the JSON object of variables")
	}
	return vars, nil
}

// value reads the value of the variable name.
func value(dec *json.Decoder, name string) (uritemplate.Value, error) {
	tok, err := dec.Token()
	if err != nil {
		return uritemplate.Value{}, syntax(err)
	}
	bad := fmt.Errorf("variable %q: want a string, an array of strings, an object of strings or null", name)
	switch t := tok.(type) {
	case nil:
		return uritemplate.Value{}, nil
	case string:
		return uritemplate.String(t), nil
	case json.Number:
		return uritemplate.String(t.String()), nil
	case json.Delim:
		switch t {
		case '[':
			var items []string
			for dec.More() {
				s, err := str(dec, bad)
				if err != nil {
					return uritemplate.Value{}, err
				}
				items = append(items, s)
			}
			if _, err := dec.Token(); err != nil {
				return uritemplate.Value{}, syntax(err)
			}
			return uritemplate.List(items...), nil
		case '{':
			var pairs []uritemplate.Pair
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return uritemplate.Value{}, syntax(err)
				}
				v, err := str(dec, bad)
				if err != nil {
					return uritemplate.Value{}, err
				}
				pairs = append(pairs, uritemplate.Pair{Key: k.(string), Value: v})
			}
			if _, err := dec.Token(); err != nil {
				return uritemplate.Value{}, syntax(err)
			}
			return uritemplate.Assoc(pairs...), nil
		}
	}
	return uritemplate.Value{}, bad
}

// str reads one string (or number) member of a composite value.
func str(dec *json.Decoder, bad error) (string, error) {
	tok, err := dec.Token()
	if err != nil {
		return "", syntax(err)
	}
	switch t := tok.(type) {
	case string:
		return t, nil
	case json.Number:
		return t.String(), nil
	}
	return "", bad
}

// syntax words a decoder error without quoting the input.
func syntax(err error) error {
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return errors.New("the JSON object of variables is not closed")
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Errorf("the variables are not valid JSON (at byte %d)", se.Offset)
	}
	return errors.New("the variables are not valid JSON")
}

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
