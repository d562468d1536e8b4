package uritemplate

import (
	"cmp"
	"slices"
)

// Part is where one string of a variable's value stands in a URI: the
// text, still percent-encoded, that Expand wrote it as or Match read it
// from (RFC 6570 3.2.1 encodes each string of a value on its own). A
// caller that masks secrets by their place in the URI, as urikit's
// command line does, learns from the Parts which values hold those bytes.
type Part struct {
	// Name is the variable's name, as written in the template.
	Name string
	// Item tells which string of the value (RFC 6570 2.3): 0 for a
	// string; the index of the item in a list; 2k for the name and 2k+1
	// for the value of the k-th pair of an associative array. It is -1
	// where Match read the whole of a list or an associative array as
	// one string, in an expression of "+" or "#" ("{x}{#x}"), which
	// does not tell its strings apart.
	Item int
	// Start and End are the byte offsets in the URI of the text,
	// [Start, End); an empty string has Start == End.
	Start, End int
}

// ExpandParts is Expand (RFC 6570 3), with the Parts of the expansion:
// where each string of each value that the expansion writes stands in
// it, in order. A prefix modifier's Part is the prefix written (2.4.1);
// a variable in several expressions has a Part in each.
func (t Template) ExpandParts(vars Vars) (string, []Part, error) {
	var parts []Part
	w := writer{mode: modeAppend, parts: &parts}
	if err := t.expand(&w, vars); err != nil {
		return "", nil, err
	}
	s := string(w.b)
	if err := t.checkReference(s, vars); err != nil {
		return "", nil, err
	}
	return s, parts, nil
}

// MatchParts is Match (RFC 6570 leaves matching to implementations; the
// package doc gives the rules), with the Parts of u: where each string
// of each value stands in u, in order of Start. A variable that Match
// reads in several expressions has a Part for each reading.
func (t Template) MatchParts(u string) (Vars, []Part, error) {
	var parts []Part
	vars, err := t.matchChecked(u, &parts)
	if err != nil {
		return nil, nil, err
	}
	slices.SortStableFunc(parts, func(a, b Part) int { return cmp.Compare(a.Start, b.Start) })
	return vars, parts, nil
}
