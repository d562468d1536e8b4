// Package varsjson reads and writes the variables of a URI Template
// (package uritemplate) as a JSON object (RFC 8259): the format of
// urikit's "template expand --vars FILE" and "template match" records,
// and of the conformance vectors. A member is a variable: a string, an
// array of strings (a list) or an object of strings (an associative
// array, whose members are read and written in order, never through a
// Go map, a name that comes twice included: RFC 8259 4 leaves such an
// object to the reader, and a reader that builds a map keeps one of the
// pairs); null is undefined. A number stands for its text as written.
// Anything else is an error that names the variable, never a value.
//
// Strings are bytes, and JSON text is Unicode (RFC 8259 8.1): a string
// that is not valid UTF-8, which Match reads from a URI such as "%FF",
// is written with each byte that is not part of valid UTF-8 as the
// escape of a lone low surrogate, \udc80 to \udcff for the bytes 0x80
// to 0xFF (the "surrogateescape" of PEP 383), and Decode reads such an
// escape back as that byte: what Append writes, Decode reads back byte
// for byte. A reader that decodes JSON strings to Unicode sees those
// escapes as lone surrogates (encoding/json as U+FFFD).
package varsjson

import (
	"unicode/utf8"

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
		b = AppendString(b, name)
		b = append(b, ':')
		b = AppendValue(b, v)
	}
	return append(b, '}')
}

// AppendValue appends one value as JSON: a string, an array of strings,
// an object of strings with every pair in order, a name that comes twice
// included, or null. Strings are written as AppendString writes them.
func AppendValue(b []byte, v uritemplate.Value) []byte {
	switch v.Kind() {
	case uritemplate.KindString:
		return AppendString(b, v.Text())
	case uritemplate.KindList:
		b = append(b, '[')
		for i, it := range v.Items() {
			if i > 0 {
				b = append(b, ',')
			}
			b = AppendString(b, it)
		}
		return append(b, ']')
	case uritemplate.KindAssoc:
		b = append(b, '{')
		for i, p := range v.Pairs() {
			if i > 0 {
				b = append(b, ',')
			}
			b = AppendString(b, p.Key)
			b = append(b, ':')
			b = AppendString(b, p.Value)
		}
		return append(b, '}')
	}
	return append(b, "null"...)
}

// AppendString appends s as a JSON string (RFC 8259 7), as
// jsontext.AppendString escapes it, except that each byte of s that is
// not part of valid UTF-8 is written as \udc80 to \udcff (the package
// doc), which Decode reads back as that byte.
func AppendString(b []byte, s string) []byte {
	if utf8.ValidString(s) {
		return jsontext.AppendString(b, s)
	}
	b = append(b, '"')
	for len(s) > 0 {
		n := 0
		for n < len(s) {
			r, size := utf8.DecodeRuneInString(s[n:])
			if r == utf8.RuneError && size == 1 {
				break
			}
			n += size
		}
		if n > 0 {
			// The valid run, escaped as jsontext escapes it, quotes
			// taken off.
			start := len(b)
			b = jsontext.AppendString(b, s[:n])
			b = append(b[:start], b[start+1:len(b)-1]...)
		}
		if n < len(s) {
			c := s[n]
			b = append(b, '\\', 'u', 'd', 'c', hexDigits[c>>4], hexDigits[c&15])
			n++
		}
		s = s[n:]
	}
	return append(b, '"')
}

const hexDigits = "0123456789abcdef"
