package varsjson

import (
	"bytes"
	"fmt"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/urikit/urikit/uritemplate"
)

// Decode reads one JSON object of variables from data (RFC 8259); white
// space may surround it, nothing else may follow it. A variable named
// twice is an error; a name that comes twice in an associative array is
// a pair each time, in order. The escape of a lone low surrogate \udc80
// to \udcff reads as the byte 0x80 to 0xFF (the package doc: how Append
// writes bytes that are not UTF-8). The text is strict where
// encoding/json reads U+FFFD: a byte that is not part of valid UTF-8
// (RFC 8259 8.1), and the escape of any other lone surrogate (8.2), is
// an error with its byte offset and the reason; a UTF-8 byte order mark
// at the start is ignored (8.1). It reads the text itself,
// in one pass and with no recursion, so that a program that reads
// variables links no reflection-based decoder (the playground's
// WebAssembly module); the tests check it against encoding/json's
// Decoder.
func Decode(data []byte) (uritemplate.Vars, error) {
	r := reader{s: data}
	// RFC 8259 8.1: a parser may ignore a byte order mark.
	if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		r.i = 3
	}
	r.space()
	if !r.eat('{') {
		return nil, fmt.Errorf("the variables are not a JSON object (at byte %d: no \"{\")", r.i)
	}
	vars := uritemplate.Vars{}
	r.space()
	if !r.eat('}') {
		for {
			r.space()
			name, err := r.str()
			if err != nil {
				return nil, err
			}
			if _, dup := vars[name]; dup {
				return nil, fmt.Errorf("variable \"%s\" is given twice", name)
			}
			r.space()
			if !r.eat(':') {
				return nil, r.syntax()
			}
			r.space()
			v, err := r.value(name)
			if err != nil {
				return nil, err
			}
			vars[name] = v
			r.space()
			if r.eat('}') {
				break
			}
			if !r.eat(',') {
				return nil, r.syntax()
			}
		}
	}
	r.space()
	if r.i < len(r.s) {
		return nil, fmt.Errorf("text after the JSON object of variables (at byte %d)", r.i)
	}
	return vars, nil
}

// reader reads JSON text from s[i:].
type reader struct {
	s []byte
	i int
}

// space skips white space (RFC 8259 2: space, tab, LF, CR).
func (r *reader) space() {
	for r.i < len(r.s) && (r.s[r.i] == ' ' || r.s[r.i] == '\t' || r.s[r.i] == '\n' || r.s[r.i] == '\r') {
		r.i++
	}
}

// eat consumes c if it comes next.
func (r *reader) eat(c byte) bool {
	if r.i < len(r.s) && r.s[r.i] == c {
		r.i++
		return true
	}
	return false
}

// word consumes the literal w if it comes next.
func (r *reader) word(w string) bool {
	if bytes.HasPrefix(r.s[r.i:], []byte(w)) {
		r.i += len(w)
		return true
	}
	return false
}

// syntax is the error of invalid JSON at r.i, or of text cut short. It
// gives the offset, never the text.
func (r *reader) syntax() error {
	if r.i >= len(r.s) {
		return fmt.Errorf("the JSON object of variables is not closed (at byte %d: the text ends)", r.i)
	}
	return fmt.Errorf("the variables are not valid JSON (at byte %d)", r.i)
}

// syntaxWhy is syntax with a reason, for an error inside a string.
func (r *reader) syntaxWhy(at int, why string) error {
	return fmt.Errorf("the variables are not valid JSON (at byte %d: %s)", at, why)
}

// value reads the value of the variable name: a string, a number (its
// text as written), an array or an object of those, or null (undefined).
func (r *reader) value(name string) (uritemplate.Value, error) {
	switch {
	case r.eat('['):
		bad := fmt.Errorf("variable \"%s\": an array holds strings and numbers only (not null, true, false, an array or an object)", name)
		var items []string
		r.space()
		if r.eat(']') {
			return uritemplate.List(), nil
		}
		for {
			r.space()
			s, err := r.scalar(bad)
			if err != nil {
				return uritemplate.Value{}, err
			}
			items = append(items, s)
			r.space()
			if r.eat(']') {
				return uritemplate.List(items...), nil
			}
			if !r.eat(',') {
				return uritemplate.Value{}, r.syntax()
			}
		}
	case r.eat('{'):
		bad := fmt.Errorf("variable \"%s\": an object holds strings and numbers only (not null, true, false, an array or an object)", name)
		var pairs []uritemplate.Pair
		r.space()
		if r.eat('}') {
			return uritemplate.Assoc(), nil
		}
		for {
			r.space()
			k, err := r.str()
			if err != nil {
				return uritemplate.Value{}, err
			}
			r.space()
			if !r.eat(':') {
				return uritemplate.Value{}, r.syntax()
			}
			r.space()
			v, err := r.scalar(bad)
			if err != nil {
				return uritemplate.Value{}, err
			}
			pairs = append(pairs, uritemplate.Pair{Key: k, Value: v})
			r.space()
			if r.eat('}') {
				return uritemplate.Assoc(pairs...), nil
			}
			if !r.eat(',') {
				return uritemplate.Value{}, r.syntax()
			}
		}
	case r.word("null"):
		return uritemplate.Value{}, nil
	}
	bad := fmt.Errorf("variable \"%s\": want a string, a number, an array or an object of strings and numbers, or null", name)
	s, err := r.scalar(bad)
	if err != nil {
		return uritemplate.Value{}, err
	}
	return uritemplate.String(s), nil
}

// scalar reads a string or a number (its text as written); true, false,
// null, an array or an object is bad.
func (r *reader) scalar(bad error) (string, error) {
	if r.i >= len(r.s) {
		return "", r.syntax()
	}
	switch c := r.s[r.i]; {
	case c == '"':
		return r.str()
	case c == '-' || '0' <= c && c <= '9':
		return r.number()
	case c == '[' || c == '{' || r.word("true") || r.word("false") || r.word("null"):
		return "", bad
	}
	return "", r.syntax()
}

// number reads a number (RFC 8259 6: [ "-" ] int [ frac ] [ exp ]) and
// returns its text.
func (r *reader) number() (string, error) {
	start := r.i
	r.eat('-')
	if !r.eat('0') && r.digits() == 0 {
		return "", r.syntax()
	}
	if r.eat('.') && r.digits() == 0 {
		return "", r.syntax()
	}
	if r.eat('e') || r.eat('E') {
		if !r.eat('+') {
			r.eat('-')
		}
		if r.digits() == 0 {
			return "", r.syntax()
		}
	}
	return string(r.s[start:r.i]), nil
}

// digits skips decimal digits and returns how many there were.
func (r *reader) digits() int {
	n := 0
	for r.i < len(r.s) && '0' <= r.s[r.i] && r.s[r.i] <= '9' {
		r.i++
		n++
	}
	return n
}

// str reads a string (RFC 8259 7) and returns its value: escapes
// decoded, a surrogate pair joined, a lone \udc80 to \udcff read as the
// byte 0x80 to 0xFF; the escape of any other lone surrogate (8.2) and a
// byte that is not part of valid UTF-8 (8.1) are errors.
func (r *reader) str() (string, error) {
	if !r.eat('"') {
		return "", r.syntax()
	}
	var b []byte
	for r.i < len(r.s) {
		c := r.s[r.i]
		switch {
		case c == '"':
			r.i++
			return string(b), nil
		case c < 0x20:
			return "", r.syntaxWhy(r.i, "a control character, which a string holds only escaped, RFC 8259 7")
		case c == '\\':
			if r.i+1 >= len(r.s) {
				return "", r.syntax()
			}
			switch e := r.s[r.i+1]; e {
			case '"', '\\', '/':
				b = append(b, e)
			case 'b':
				b = append(b, '\b')
			case 'f':
				b = append(b, '\f')
			case 'n':
				b = append(b, '\n')
			case 'r':
				b = append(b, '\r')
			case 't':
				b = append(b, '\t')
			case 'u':
				u, ok := r.hex4(r.i + 2)
				if !ok {
					return "", r.syntaxWhy(r.i, "a unicode escape wants four hex digits, RFC 8259 7")
				}
				r.i += 4
				if utf16.IsSurrogate(u) {
					// A pair; else a byte (\udc80 to \udcff), and an
					// escape that follows is read on its own; any
					// other lone surrogate is an error.
					d := utf8.RuneError
					if u2, ok := r.hex4(r.i + 4); ok && r.s[r.i+2] == '\\' && r.s[r.i+3] == 'u' {
						d = utf16.DecodeRune(u, u2)
					}
					switch {
					case d != utf8.RuneError:
						r.i += 6
						u = d
					case 0xDC80 <= u && u <= 0xDCFF:
						b = append(b, byte(u))
						r.i += 2
						continue
					default:
						at := r.i - 4
						return "", &textError{fmt.Sprintf("the variables are not valid JSON text (at byte %d: the escape %s is a lone surrogate, RFC 8259 8.2; only \\udc80 to \\udcff stand alone, for the bytes 0x80 to 0xFF)", at, r.s[at:at+6])}
					}
				}
				b = utf8.AppendRune(b, u)
			default:
				return "", r.syntaxWhy(r.i, "an escape that JSON does not have, RFC 8259 7")
			}
			r.i += 2
		case c < utf8.RuneSelf:
			b = append(b, c)
			r.i++
		default:
			u, n := utf8.DecodeRune(r.s[r.i:])
			if u == utf8.RuneError && n == 1 {
				return "", &textError{fmt.Sprintf("the variables are not valid JSON text (at byte %d: invalid UTF-8, RFC 8259 8.1)", r.i)}
			}
			b = append(b, r.s[r.i:r.i+n]...)
			r.i += n
		}
	}
	return "", r.syntax()
}

// textError is the error of JSON text that is not UTF-8 or holds the
// escape of a lone surrogate (RFC 8259 8.1, 8.2), where encoding/json
// reads U+FFFD: the tests tell it from a syntax error.
type textError struct{ msg string }

func (e *textError) Error() string { return e.msg }

// hex4 reads the four hex digits of a \u escape at s[i:].
func (r *reader) hex4(i int) (rune, bool) {
	if i < 0 || i+4 > len(r.s) {
		return 0, false
	}
	var u rune
	for _, c := range r.s[i : i+4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		u = u<<4 | rune(c)
	}
	return u, true
}
