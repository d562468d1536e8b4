package uritemplate

import "slices"

// Kind is the type of a variable's value (RFC 6570 2.3): undefined, a
// string, a list of strings or an associative array of (name, value)
// pairs.
type Kind uint8

const (
	KindUndefined Kind = iota // no value: the zero Value, an empty list or an empty associative array (2.3)
	KindString                // a string, possibly empty (an empty string is defined, 2.3)
	KindList                  // a list of one or more strings
	KindAssoc                 // an associative array of one or more (name, value) pairs, in order
)

var kindNames = [...]string{"undefined", "string", "list", "assoc"}

// String returns "undefined", "string", "list" or "assoc", the names of
// RFC 6570 2.3.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind?"
}

// Pair is one (name, value) pair of an associative array (RFC 6570 2.3).
type Pair struct {
	Key, Value string
}

// Value is the value of one variable (RFC 6570 2.3). The zero Value is
// undefined. A Value never changes: the constructors copy their
// arguments, and the accessors return copies.
//
// Strings are Go strings: Expand encodes them as UTF-8 octets (RFC 6570
// 3.2.1); a byte that is not part of valid UTF-8 is percent-encoded as it
// is, and Match gives it back.
type Value struct {
	kind  Kind
	str   string
	items []string // KindList: the items; KindAssoc: key, value, key, value, ...
}

// String returns the string value s (RFC 6570 2.3). The empty string is
// defined: "{;x}" expands to ";x" and "{?x}" to "?x=" (3.2.7, 3.2.8).
func String(s string) Value { return Value{kind: KindString, str: s} }

// List returns the list value of items, in order (RFC 6570 2.3). A list
// with no items is undefined.
func List(items ...string) Value {
	if len(items) == 0 {
		return Value{}
	}
	return Value{kind: KindList, items: slices.Clone(items)}
}

// Assoc returns the associative array of pairs, in the order given, which
// expansion keeps (RFC 6570 2.3, 2.4.2). An array with no pairs is
// undefined.
func Assoc(pairs ...Pair) Value {
	if len(pairs) == 0 {
		return Value{}
	}
	items := make([]string, 0, 2*len(pairs))
	for _, p := range pairs {
		items = append(items, p.Key, p.Value)
	}
	return Value{kind: KindAssoc, items: items}
}

// Kind returns the type of the value (RFC 6570 2.3).
func (v Value) Kind() Kind { return v.kind }

// Defined reports whether the value is defined (RFC 6570 2.3).
func (v Value) Defined() bool { return v.kind != KindUndefined }

// Text returns the string of a KindString value (RFC 6570 2.3), and ""
// for any other.
func (v Value) Text() string { return v.str }

// Items returns a copy of the items of a KindList value, in order (RFC
// 6570 2.3), nil for any other.
func (v Value) Items() []string {
	if v.kind != KindList {
		return nil
	}
	return slices.Clone(v.items)
}

// Pairs returns a copy of the pairs of a KindAssoc value, in order (RFC
// 6570 2.3), nil for any other.
func (v Value) Pairs() []Pair {
	if v.kind != KindAssoc {
		return nil
	}
	pairs := make([]Pair, len(v.items)/2)
	for i := range pairs {
		pairs[i] = Pair{v.items[2*i], v.items[2*i+1]}
	}
	return pairs
}

// Len returns the number of items or pairs of a composite value (RFC
// 6570 2.3: never 0, which is undefined), and 0 for a string or an
// undefined value.
func (v Value) Len() int {
	if v.kind == KindAssoc {
		return len(v.items) / 2
	}
	return len(v.items)
}

// Equal reports whether v and w are the same value (RFC 6570 2.3): same
// kind, same strings in the same order. go-cmp uses it.
func (v Value) Equal(w Value) bool {
	return v.kind == w.kind && v.str == w.str && slices.Equal(v.items, w.items)
}

// Vars are the variables of an expansion, by name (RFC 6570 2.3). A name
// that is missing, or maps to the zero Value, is undefined. Names are
// compared as written in the template, percent-encodings included ("a%2Eb"
// is not "a.b").
type Vars map[string]Value
