package conformance

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urikit/urikit/internal/varsjson"
)

// fieldType is the JSON type a schema field accepts.
type fieldType uint8

const (
	typeString     fieldType = iota // a JSON string
	typeBool                        // true or false
	typeNullString                  // a JSON string or null (null: the component is absent)
	typeNullInt                     // a JSON integer or null
	typeVars                        // a JSON object of URI Template variables (internal/varsjson)
	typeNullVars                    // the same, or null
)

// field describes one member of a vector object.
type field struct {
	name     string
	typ      fieldType
	required bool     // must be present in every vector of the op
	ifValid  bool     // must be present when "valid" is true
	enum     []string // when set, the only strings allowed
}

// schemas lists every op of SCHEMA.md with its fields besides "op" and
// "source", which every vector has.
var schemas = map[string][]field{
	"parse": {
		{name: "input", typ: typeString, required: true},
		{name: "valid", typ: typeBool, required: true},
		{name: "scheme", typ: typeNullString, ifValid: true},
		{name: "userinfo", typ: typeNullString, ifValid: true},
		{name: "host", typ: typeNullString, ifValid: true},
		{name: "port", typ: typeNullString, ifValid: true},
		{name: "path", typ: typeString, ifValid: true},
		{name: "query", typ: typeNullString, ifValid: true},
		{name: "fragment", typ: typeNullString, ifValid: true},
		{name: "host_type", typ: typeNullString, ifValid: true, enum: []string{"ipv4", "ipv6", "ipvfuture", "regname"}},
		{name: "kind", typ: typeString, enum: []string{"uri", "relative"}},
	},
	"resolve": {
		{name: "base", typ: typeString, required: true},
		{name: "ref", typ: typeString, required: true},
		{name: "target", typ: typeString, required: true},
		{name: "mode", typ: typeString, required: true, enum: []string{"strict", "compat"}},
	},
	"dotseg": {
		{name: "input", typ: typeString, required: true},
		{name: "output", typ: typeString, required: true},
	},
	"normalize": {
		{name: "input", typ: typeString, required: true},
		{name: "level", typ: typeString, required: true, enum: []string{"syntax", "scheme"}},
		{name: "output", typ: typeString, required: true},
	},
	"equiv": {
		{name: "a", typ: typeString, required: true},
		{name: "b", typ: typeString, required: true},
		{name: "level", typ: typeString, required: true, enum: []string{"string", "syntax", "scheme"}},
		{name: "equal", typ: typeBool, required: true},
	},
	"ipv6": {
		{name: "input", typ: typeString, required: true},
		{name: "valid", typ: typeBool, required: true},
	},
	"ipv4": {
		{name: "input", typ: typeString, required: true},
		{name: "valid", typ: typeBool, required: true},
	},
	"amqp": {
		{name: "input", typ: typeString, required: true},
		{name: "valid", typ: typeBool, required: true},
		{name: "username", typ: typeNullString, ifValid: true},
		{name: "password", typ: typeNullString, ifValid: true},
		{name: "host", typ: typeNullString, ifValid: true},
		{name: "port", typ: typeNullInt, ifValid: true},
		{name: "vhost", typ: typeNullString, ifValid: true},
	},
	"template": {
		{name: "template", typ: typeString, required: true},
		{name: "vars", typ: typeVars, required: true},
		{name: "valid", typ: typeBool, required: true},
		{name: "expansion", typ: typeNullString, required: true},
		{name: "error", typ: typeNullString, required: true, enum: templateErrors},
		{name: "offset", typ: typeNullInt, required: true},
	},
	"template_match": {
		{name: "template", typ: typeString, required: true},
		{name: "uri", typ: typeString, required: true},
		{name: "vars", typ: typeNullVars, required: true},
		{name: "error", typ: typeNullString, required: true, enum: templateErrors},
		{name: "offset", typ: typeNullInt, required: true},
	},
}

// Ops returns every op of the schema, sorted.
func Ops() []string {
	ops := make([]string, 0, len(schemas))
	for op := range schemas {
		ops = append(ops, op)
	}
	slices.Sort(ops)
	return ops
}

// Vector is one conformance vector: one line of a .jsonl file, already
// checked against the schema of its op.
type Vector struct {
	File   string // where the vector comes from, for messages
	Line   int    // 1-based line number in File
	Op     string
	Source string // the RFC section or "derived: ..." that the vector exercises

	fields map[string]json.RawMessage
}

// Where returns "file:line".
func (v *Vector) Where() string { return fmt.Sprintf("%s:%d", v.File, v.Line) }

// Has reports whether the vector has the named field (null counts as present).
func (v *Vector) Has(name string) bool {
	_, ok := v.fields[name]
	return ok
}

// Str returns a string field; "" when the field is missing.
func (v *Vector) Str(name string) string {
	s, _ := v.Opt(name)
	return s
}

// Opt returns a nullable string field: ok is false when the field is null or
// missing (the component is absent), true for any string, including "".
func (v *Vector) Opt(name string) (s string, ok bool) {
	raw, present := v.fields[name]
	if !present || string(raw) == "null" {
		return "", false
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		panic("conformance: field " + name + " was not checked: " + err.Error())
	}
	return s, true
}

// Raw returns a field's JSON text as written, nil when the field is
// missing.
func (v *Vector) Raw(name string) json.RawMessage { return v.fields[name] }

// Bool returns a boolean field; false when the field is missing.
func (v *Vector) Bool(name string) bool {
	raw, present := v.fields[name]
	return present && string(raw) == "true"
}

// Int returns a nullable integer field: ok is false when it is null or missing.
func (v *Vector) Int(name string) (n int64, ok bool) {
	raw, present := v.fields[name]
	if !present || string(raw) == "null" {
		return 0, false
	}
	n, err := strconv.ParseInt(string(raw), 10, 64)
	if err != nil {
		panic("conformance: field " + name + " was not checked: " + err.Error())
	}
	return n, true
}

// ParseLine reads one vector from one line of a .jsonl file. It rejects
// anything the schema does not allow: text that is not one JSON object, a
// duplicate or unknown member, a missing op, source or required field, a
// value of the wrong type or outside the field's enumeration. The file and
// line only label the vector and the error.
func ParseLine(file string, line int, text []byte) (*Vector, error) {
	v := &Vector{File: file, Line: line}
	if err := v.parse(text); err != nil {
		return nil, fmt.Errorf("%s: malformed vector: %w", v.Where(), err)
	}
	return v, nil
}

func (v *Vector) parse(text []byte) error {
	if !utf8.Valid(text) {
		return errors.New("not UTF-8")
	}
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return errors.New("not a JSON object")
	}
	v.fields = map[string]json.RawMessage{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return truncated(err)
		}
		name := tok.(string) // object keys are always strings
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return fmt.Errorf("member %q: %v", name, truncated(err))
		}
		if _, dup := v.fields[name]; dup {
			return fmt.Errorf("duplicate member %q", name)
		}
		v.fields[name] = raw
	}
	if _, err := dec.Token(); err != nil {
		return truncated(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("text after the JSON object")
	}

	for _, name := range []string{"op", "source"} {
		raw, ok := v.fields[name]
		if !ok {
			return fmt.Errorf("no %q", name)
		}
		var s string
		if err := json.Unmarshal(raw, &s); err != nil || s == "" {
			return fmt.Errorf("%q must be a non-empty string", name)
		}
		if name == "op" {
			v.Op = s
		} else {
			v.Source = s
		}
	}
	fields, ok := schemas[v.Op]
	if !ok {
		return fmt.Errorf("unknown op %q", v.Op)
	}
	known := map[string]bool{"op": true, "source": true}
	for _, f := range fields {
		known[f.name] = true
	}
	for name := range v.fields {
		if !known[name] {
			return fmt.Errorf("unknown member %q for op %q", name, v.Op)
		}
	}
	valid := false
	if raw, ok := v.fields["valid"]; ok {
		valid = string(raw) == "true"
	}
	for _, f := range fields {
		raw, ok := v.fields[f.name]
		if !ok {
			if f.required || f.ifValid && valid {
				return fmt.Errorf("no %q", f.name)
			}
			continue
		}
		if err := checkType(f, raw); err != nil {
			return fmt.Errorf("member %q: %v", f.name, err)
		}
	}
	return nil
}

// truncated names the end of the line where the JSON decoder says EOF.
func truncated(err error) error {
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return errors.New("the object is not closed before the end of the line")
	}
	return err
}

func checkType(f field, raw json.RawMessage) error {
	s := string(raw)
	if s == "null" {
		if f.typ == typeNullString || f.typ == typeNullInt || f.typ == typeNullVars {
			return nil
		}
		return errors.New("null is not allowed")
	}
	switch f.typ {
	case typeBool:
		if s != "true" && s != "false" {
			return errors.New("want true or false")
		}
	case typeNullInt:
		if _, err := strconv.ParseInt(s, 10, 64); err != nil {
			return errors.New("want an integer or null")
		}
	case typeVars, typeNullVars:
		if _, err := varsjson.Decode(raw); err != nil {
			return err
		}
	case typeString, typeNullString:
		var str string
		if err := json.Unmarshal(raw, &str); err != nil {
			return errors.New("want a string")
		}
		if f.enum != nil && !slices.Contains(f.enum, str) {
			return fmt.Errorf("%q is not one of %q", str, f.enum)
		}
	}
	return nil
}

// ReadFile reads every vector of a .jsonl file, one per line (a blank line
// is malformed too). Every malformed line is reported, joined in one error,
// and the well-formed ones are returned all the same.
func ReadFile(path string) ([]*Vector, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var vs []*Vector
	var errs []error
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 16<<20)
	for n := 1; sc.Scan(); n++ {
		v, err := ParseLine(path, n, sc.Bytes())
		if err != nil {
			errs = append(errs, err)
			continue
		}
		vs = append(vs, v)
	}
	if err := sc.Err(); err != nil {
		errs = append(errs, fmt.Errorf("%s: %v", path, err))
	}
	return vs, errors.Join(errs...)
}

// A Checker checks one vector against the code under test. It returns nil
// when the code agrees with every expectation of the vector, and otherwise an
// error describing each disagreement, preferably a [Mismatches]. It may
// assume that the vector has the shape its op's schema requires.
type Checker func(v *Vector) error

var checkers = map[string]Checker{}

// Register makes c the checker of op. Call it from an init function of a
// small file of this package, one file per op. It panics when op is not an op
// of the schema or already has a checker. Every registered op needs at least
// one vector in testdata/selftest/wrong.jsonl (see the package doc).
func Register(op string, c Checker) {
	if _, ok := schemas[op]; !ok {
		panic("conformance: Register of unknown op " + strconv.Quote(op))
	}
	if _, dup := checkers[op]; dup {
		panic("conformance: second checker for op " + strconv.Quote(op))
	}
	checkers[op] = c
}

// HasChecker reports whether op has a registered checker.
func HasChecker(op string) bool {
	_, ok := checkers[op]
	return ok
}

// Outcome is the verdict on one vector.
type Outcome uint8

const (
	Pass Outcome = iota // the code under test agrees with the vector
	Fail                // it disagrees, panicked, or its op has no checker
)

// String returns the outcome as the report prints it.
func (o Outcome) String() string {
	switch o {
	case Pass:
		return "pass"
	case Fail:
		return "FAIL"
	}
	return "Outcome(" + strconv.Itoa(int(o)) + ")"
}

// Result is the outcome of checking one vector; Err says why it failed.
type Result struct {
	Vector  *Vector
	Outcome Outcome
	Err     error
}

// errNoChecker is the Err of a failing Result whose vector's op has no
// checker (see Check).
var errNoChecker = errors.New("no checker for the op of this vector")

// Check runs the checker of v's op. A panic in the code under test is a
// failure, reported with the panic value. A vector whose op has no checker
// fails with errNoChecker, so that no vector passes unchecked.
func Check(v *Vector) (res Result) {
	res.Vector = v
	c, ok := checkers[v.Op]
	if !ok {
		res.Outcome = Fail
		res.Err = errNoChecker
		return res
	}
	defer func() {
		if p := recover(); p != nil {
			res.Outcome = Fail
			res.Err = fmt.Errorf("panic: %v", p)
		}
	}()
	if err := c(v); err != nil {
		res.Outcome = Fail
		res.Err = err
		return res
	}
	res.Outcome = Pass
	return res
}

// Mismatch is one disagreement between a vector and the code under test.
type Mismatch struct {
	Field string // the vector's field, such as "scheme" or "valid"
	Via   string // the call that gave Got, such as "ParseReference"
	Got   string
	Want  string
}

// Error describes the mismatch: the field, what the API gives and what the
// vector expects (SCHEMA.md).
func (m *Mismatch) Error() string {
	return fmt.Sprintf("%s: %s gives %s, want %s", m.Field, m.Via, m.Got, m.Want)
}

// Mismatches collects the disagreements found on one vector.
type Mismatches []*Mismatch

// Error joins the mismatches of one vector.
func (ms Mismatches) Error() string {
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = m.Error()
	}
	return strings.Join(parts, "; ")
}

// Check records a mismatch on field when got differs from want; got and want
// are shown with %v, so pass them already quoted where that helps.
func (ms *Mismatches) Check(field, via string, got, want any) {
	g, w := fmt.Sprint(got), fmt.Sprint(want)
	if g != w {
		*ms = append(*ms, &Mismatch{Field: field, Via: via, Got: g, Want: w})
	}
}

// Add records a mismatch unconditionally.
func (ms *Mismatches) Add(field, via string, got, want any) {
	*ms = append(*ms, &Mismatch{Field: field, Via: via, Got: fmt.Sprint(got), Want: fmt.Sprint(want)})
}

// Err returns nil when nothing was recorded, else ms itself.
func (ms Mismatches) Err() error {
	if len(ms) == 0 {
		return nil
	}
	return ms
}
