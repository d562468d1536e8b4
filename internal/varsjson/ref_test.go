package varsjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/urikit/urikit/uritemplate"
)

// decodeRef is Decode through encoding/json's Decoder tokens, the
// reference that FuzzDecode checks Decode against. It reads one JSON object of variables from data; nothing but white
// space may follow it. A duplicate name is an error.
func decodeRef(data []byte) (uritemplate.Vars, error) {
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
