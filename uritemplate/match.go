package uritemplate

import (
	"errors"
	"slices"
	"strings"

	"github.com/urikit/urikit/internal/tmpldecode"
	"github.com/urikit/urikit/uri"
)

// set128 is a set of ASCII bytes.
type set128 [2]uint64

func (s *set128) add(c byte) {
	if c < 128 {
		s[c>>6] |= 1 << (c & 63)
	}
}

func (s *set128) has(c byte) bool { return c < 128 && s[c>>6]&(1<<(c&63)) != 0 }

func (s *set128) meets(o set128) bool { return s[0]&o[0] != 0 || s[1]&o[1] != 0 }

// alphas are the alphabets of expressions: the bytes that an expression
// may write after its operator's first character. For each operator (its
// row in operators), the operator's allowed characters (RFC 6570 3.2.1),
// "%" of the triplets, and "," between a list's items and an associative
// array's names and values; then with the operator's separator (alphaSep:
// several variables, or an explode), with "=" (alphaEq: a named operator,
// or an explode), or both.
var alphas = func() (a [len(operators) * 4]set128) {
	for i, op := range operators {
		var base set128
		for c := 0; c < 128; c++ {
			if class[c]&classUnreserved != 0 || op.reserved && class[c]&classReserved != 0 {
				base.add(byte(c))
			}
		}
		base.add('%')
		if !op.reserved {
			base.add(',')
		}
		for k := range 4 {
			set := base
			if k&alphaSep != 0 {
				set.add(op.sep)
			}
			if k&alphaEq != 0 {
				set.add('=')
			}
			a[4*i+k] = set
		}
	}
	return a
}()

const (
	alphaSep = 1 << iota
	alphaEq
)

// alphaIndex returns the index in alphas of the alphabet of operator op
// with the flags alphaSep and alphaEq.
func alphaIndex(op *operator, flags int) uint8 {
	for i := range operators {
		if &operators[i] == op {
			return uint8(4*i + flags)
		}
	}
	return uint8(flags)
}

// nameIndex is where each name stands among the varspecs of a named
// expression with many variables: at[span[0]:span[1]] are the indexes of
// the varspecs of the name, in order, for spans[name]. It is one map and
// one array, whatever the number of names.
type nameIndex struct {
	spans map[string][2]int32
	at    []int32
}

// newNameIndex returns the nameIndex of specs.
func newNameIndex(specs []varspec) *nameIndex {
	x := &nameIndex{spans: make(map[string][2]int32, len(specs)), at: make([]int32, len(specs))}
	for _, vs := range specs {
		sp := x.spans[vs.name]
		sp[1]++
		x.spans[vs.name] = sp
	}
	n := int32(0)
	for name, sp := range x.spans {
		x.spans[name] = [2]int32{n, n}
		n += sp[1]
	}
	for k, vs := range specs {
		sp := x.spans[vs.name]
		x.at[sp[1]] = int32(k)
		sp[1]++
		x.spans[vs.name] = sp
	}
	return x
}

// indexAbove is the number of variables above which a named expression
// gets a map from name to index, so that reading a piece costs O(1).
const indexAbove = 8

// analyze computes what Match needs of t: each expression's alphabet
// and index, and t.matchErr, the first reason (by template offset) why
// some URI would have more than one reading. It runs once, in Parse, in
// time linear in the template.
func analyze(t *Template) {
	best, why := -1, cause{}
	note := func(off int, c cause) {
		if best < 0 || off < best {
			best, why = off, c
		}
	}
	anyExplode := false
	for i := range t.exprs {
		e := &t.exprs[i]
		op := e.op
		alpha := 0
		explodes := 0
		for k, vs := range e.specs {
			if !vs.explode {
				continue
			}
			explodes++
			if !op.named && k < len(e.specs)-1 || op.named && explodes == 2 {
				note(int(vs.off), cause{reason: ErrAmbiguousExplode})
			}
			if op.named && explodes == 1 {
				// Its own name on another variable of the expression:
				// whose piece is "x=..."? (A second explode is an error
				// already: one scan per expression.) Another name is
				// read by its variable, whose reading expands alike
				// (the package doc).
				for k2, other := range e.specs {
					if k2 != k && other.name == vs.name {
						note(int(vs.off), cause{reason: ErrAmbiguousExplode})
						break
					}
				}
			}
		}
		if len(e.specs) > 1 || explodes > 0 {
			alpha |= alphaSep
			if op.reserved || op.char == '.' {
				note(int(e.off)+1, cause{reason: ErrAmbiguousSeparator, kind: causeSeparator, expr: int(e.off), c: op.sep})
			}
		}
		if op.named || explodes > 0 {
			alpha |= alphaEq
		}
		e.alpha = alphaIndex(op, alpha)
		if op.named && len(e.specs) > indexAbove {
			e.index = newNameIndex(e.specs)
		}
		if explodes > 0 {
			anyExplode = true
			e.explode = true
		}
	}
	// A variable exploded in one place and cut by a prefix modifier in
	// another ("{/a*}{?a:1}"): Match reads an explode as a list, which no
	// prefix applies to (2.4.1), so no URI reads back.
	if anyExplode {
		exploded := map[string]bool{}
		for i := range t.exprs {
			for _, vs := range t.exprs[i].specs {
				if vs.explode {
					exploded[vs.name] = true
				}
			}
		}
		for i := range t.exprs {
			for _, vs := range t.exprs[i].specs {
				if vs.prefix > 0 && exploded[vs.name] {
					note(int(vs.modOff), cause{reason: ErrPrefixComposite})
				}
			}
		}
	}
	t.runs = newRunTable(t)
	// Where each expression ends: the bytes that may follow it, from
	// the last expression to the first. The last one runs to the last
	// literal, which Match strips first, so nothing follows it. An
	// operator's first character must not follow it either, or Match
	// could not tell an undefined expression from a defined one: "/"
	// in "{/a}/b{c}" and "{/a}{/b}"; but a named expression's pieces
	// carry their names, which tell them apart (byNames).
	// at[c] is the template offset of the nearest part after expression
	// i that may start with byte c, among those that can follow it: a
	// literal's first character, or an expression's operator.
	n := len(t.exprs)
	var follow set128
	var at [128]int
	// The run of expression i (the expressions up to the next literal
	// that is not empty): its last expression, the literal that ends
	// it (none for the last literal, which is exempt), and for each
	// of ";", "?" and "&" the nearest later named expression of the
	// run with an explode, whose pieces start with that character.
	runEnd, litOff := n-1, -1
	var litFirst byte
	explodeAt := [3]int{-1, -1, -1}
	for i := n - 2; i >= 0; i-- {
		var f set128
		next := &t.exprs[i+1]
		if l := t.lits[i+1]; l != "" {
			f.add(l[0])
			if l[0] < 128 {
				at[l[0]] = int(t.offs[i+1])
			}
			runEnd, litFirst, litOff = i, l[0], int(t.offs[i+1])
			explodeAt = [3]int{-1, -1, -1}
		} else {
			if next.op.first == 0 {
				note(int(next.off), cause{reason: ErrAdjacent})
			}
			f = follow
			f.add(next.op.first)
			at[next.op.first] = int(next.off) + 1
			if next.op.named && next.explode {
				explodeAt[slotOf(next.op.first)] = i + 1
			}
		}
		follow = f
		e := &t.exprs[i]
		conf := alphas[e.alpha]
		conf[0] &= f[0]
		conf[1] &= f[1]
		if e.op.named {
			// The characters that start this expression's pieces,
			// where a later one's may stand.
			seps := [2]byte{e.op.first, e.op.sep}
			if e.op.sep == e.op.first || e.alpha&alphaSep == 0 {
				seps[1] = 0
			}
			resolved, met := true, false
			for _, c := range seps {
				if c == 0 || !f.has(c) {
					continue
				}
				met = true
				conf[c>>6] &^= 1 << (c & 63)
				if !t.byNames(i, c, runEnd, litFirst, litOff, explodeAt, note) {
					resolved = false
				}
			}
			e.byName = met && resolved
		} else if first := e.op.first; first != 0 && f.has(first) {
			note(at[first], cause{reason: ErrAmbiguousBoundary, kind: causeOwn, expr: int(e.off)})
		}
		if conf != (set128{}) {
			off := -1
			for c := byte(0); c < 128; c++ {
				if conf.has(c) && (off < 0 || at[c] < off) {
					off = at[c]
				}
			}
			note(off, cause{reason: ErrAmbiguousBoundary, kind: causeFollow, expr: int(e.off)})
		}
	}
	if best >= 0 {
		t.matchErr = &Error{Offset: best, Err: why.err(t, best)}
	}
}

// Matchable returns nil when t admits no URI with two readings (RFC
// 6570 1.4 leaves matching to implementations; the package doc gives the
// rules, that of runs of named expressions included), and otherwise the *Error that Match returns for every URI: ErrAdjacent,
// ErrAmbiguousBoundary, ErrAmbiguousSeparator or ErrAmbiguousExplode, at
// the template offset of the cause (see the package doc), or
// ErrPrefixComposite at the ":" of a prefix on a variable that another
// expression explodes, which Match reads as a list. Call it where
// templates are registered, as an MCP server does with its resource
// templates.
func (t Template) Matchable() error {
	if t.matchErr == nil {
		return nil
	}
	e := *t.matchErr
	return &e
}

// Match returns the values that t expands to u with (RFC 6570 leaves
// matching to implementations; the package doc gives the rules). The
// values are decoded; a variable that the reading leaves undefined is
// not in the map.
//
// Match is strict. When t admits URIs with more than one reading, Match
// reports why for every u, as an *Error at the template offset that
// causes it: ErrAdjacent, ErrAmbiguousBoundary, ErrAmbiguousSeparator or
// ErrAmbiguousExplode. When u holds more comma-separated pieces than an
// expression of operator none has variables, it is ErrAmbiguousList.
// A u that is not a URI reference (RFC 3986 4.1), which no expansion
// is, is ErrInvalidURI at the byte where it stops being one, wrapping
// the *uri.Error of uri.ParseReference. When no values expand to u, it
// is ErrNoMatch at the first byte of u that differs. Match
// checks its reading by expanding it and comparing with u, so Expand of
// what it returns gives u back, always.
//
// Match reads u once from left to right without backtracking, then
// expands once: its time is linear in len(u) plus the template's length.
func (t Template) Match(u string) (Vars, error) { return t.matchChecked(u, nil) }

// matchChecked is Match; it appends to *parts, when parts is not nil,
// the Parts of the values that it reads (MatchParts).
func (t Template) matchChecked(u string, parts *[]Part) (Vars, error) {
	if t.matchErr != nil {
		e := *t.matchErr
		return nil, &e
	}
	if _, err := uri.ParseReference(u); err != nil {
		// Expand writes only URI references (RFC 3986 4.1): no values
		// expand to u, which stops being one where uri.ParseReference
		// says.
		var ue *uri.Error
		if !errors.As(err, &ue) {
			ue = &uri.Error{Err: err}
		}
		return nil, &Error{Offset: min(max(ue.Offset, 0), len(u)), Err: invalidURIError{ue}}
	}
	return t.match(u, parts)
}

// match is matchChecked, but for its last check: that u is a URI
// reference.
func (t Template) match(u string, parts *[]Part) (Vars, error) {
	vars := make(Vars, len(t.names))
	if len(t.lits) == 0 {
		if u == "" {
			return vars, nil
		}
		return nil, noMatch(0)
	}
	n := len(t.exprs)
	head, tail := t.lits[0], t.lits[n]
	if n == 0 {
		if u == head {
			return vars, nil
		}
		return nil, noMatch(commonPrefix(u, head))
	}
	if !strings.HasPrefix(u, head) {
		return nil, noMatch(commonPrefix(u, head))
	}
	end := len(u) - len(tail)
	if end < len(head) {
		return nil, noMatch(len(u))
	}
	if u[end:] != tail {
		return nil, noMatch(end + commonPrefix(u[end:], tail))
	}
	r := reader{u: u, vars: vars, commas: -1, parts: parts}
	pos := len(head)
	runEnd := -1
	for i := range t.exprs {
		e := &t.exprs[i]
		j := pos
		var err error
		if first := e.op.first; first != 0 {
			if e.byName && i > runEnd {
				runEnd = t.runEnd(i)
			}
			switch {
			case j >= end || u[j] != first:
			case e.byName:
				if k, ok := t.pieces(u, e, i, runEnd, j, end); ok {
					err = r.read(e, pos+1, k)
					j = k
				}
			default:
				j++
				for j < end && alphas[e.alpha].has(u[j]) {
					j++
				}
				err = r.read(e, pos+1, j)
			}
		} else {
			for j < end && alphas[e.alpha].has(u[j]) {
				j++
			}
			if j > pos {
				err = r.read(e, pos, j)
			}
		}
		if err != nil {
			return nil, err
		}
		pos = j
		if i < n-1 {
			lit := t.lits[i+1]
			if !strings.HasPrefix(u[pos:end], lit) {
				return nil, noMatch(pos + commonPrefix(u[pos:end], lit))
			}
			pos += len(lit)
		}
	}
	if pos != end {
		return nil, noMatch(pos)
	}
	// The reading must expand to u: this catches every text that no
	// values write (a piece out of order, an "=" where none is written,
	// a prefix longer than its modifier allows, two readings of one
	// variable that differ, ...).
	w := writer{mode: modeCompare, cmp: u, diff: -1}
	if err := t.expand(&w, vars); err != nil {
		return nil, noMatch(0)
	}
	if w.diff < 0 && w.n == len(u) {
		r.fixParts(0)
		return vars, nil
	}
	if r.commas >= 0 {
		// Comma-separated pieces went to several variables, and some
		// value may have been a list whose items were taken for the
		// next variables' values.
		return nil, &Error{Offset: r.commas, Err: ErrAmbiguousList}
	}
	if w.diff >= 0 {
		return nil, noMatch(w.diff)
	}
	return nil, noMatch(w.n)
}

// pieces returns the end in u of the pieces of the named expression e,
// the i-th of t, whose first character is at u[j], and whether the
// first piece is its: each piece runs to the next character that starts
// a piece, and belongs to e when its name does (fits). The pieces of a
// named expression hold no ";", "&" or "?" of a value (RFC 6570 3.2.7-
// 3.2.9 encode them).
func (t *Template) pieces(u string, e *expr, i, runEnd, j, end int) (int, bool) {
	alpha := &alphas[e.alpha]
	sep := e.op.sep
	for first := true; ; first = false {
		// u[j] starts a piece: its name runs to "=" or its end.
		a := j + 1
		k := a
		for k < end && u[k] != '=' && u[k] != sep && alpha.has(u[k]) {
			k++
		}
		if !t.fits(e, i, runEnd, u[a:k]) {
			return j, !first
		}
		for k < end && u[k] != sep && alpha.has(u[k]) {
			k++
		}
		j = k
		if j >= end || u[j] != sep {
			return j, true
		}
	}
}

// fits reports whether a piece named name may belong to the named
// expression e, the i-th of t, of the run that ends at runEnd: when e
// has a variable of that name, or an explode (an associative array's
// pieces have any name) and no later named expression of the run whose
// pieces start alike has one.
func (t *Template) fits(e *expr, i, runEnd int, name string) bool {
	if e.find(name, 0) >= 0 {
		return true
	}
	if !e.explode {
		return false
	}
	_, a := t.later(i, runEnd, e.op.first, name)
	_, b := t.later(i, runEnd, e.op.sep, name)
	return !a && !b
}

func noMatch(off int) *Error { return &Error{Offset: off, Err: ErrNoMatch} }

// commonPrefix returns the length of the longest common prefix of a and b.
func commonPrefix(a, b string) int {
	k := 0
	for k < len(a) && k < len(b) && a[k] == b[k] {
		k++
	}
	return k
}

// reader holds the readings of one Match.
type reader struct {
	u    string
	vars Vars
	// prefixed holds the variables read so far only through a prefix
	// modifier: a later reading without one replaces theirs.
	prefixed map[string]bool
	// commas is the offset of the first expression of operator none
	// whose comma-separated pieces went to several variables, or -1.
	commas int
	// parts receives the Parts of the readings, when not nil; whole
	// says of each whether its reading was a string (wholePart).
	parts *[]Part
	whole []bool
}

// part notes that the item-th string of the value of variable name was
// read from u[start:end].
func (r *reader) part(name string, item, start, end int) {
	if r.parts != nil {
		*r.parts = append(*r.parts, Part{Name: name, Item: item, Start: start, End: end})
		r.whole = append(r.whole, false)
	}
}

// wholePart notes that the value of variable name was read as a string
// from u[start:end].
func (r *reader) wholePart(name string, start, end int) {
	if r.parts != nil {
		r.part(name, 0, start, end)
		r.whole[len(r.whole)-1] = true
	}
}

// fixParts sets to -1 the Item of each Part of r whose reading is not
// one string of its variable's value: a list or an associative array
// read as one string where an expression of "+" or "#" wrote it whole
// ("{x}{#x}" with x a list).
func (r *reader) fixParts(from int) {
	if r.parts == nil {
		return
	}
	parts := (*r.parts)[from:]
	for i := range parts {
		p := &parts[i]
		v := r.vars[p.Name]
		if r.whole[i] && v.kind != KindString || v.kind == KindString && p.Item != 0 || p.Item >= max(len(v.items), 1) {
			p.Item = -1
		}
	}
}

// read reads the values of expression e from u[start:end], its expansion
// after the operator's first character.
func (r *reader) read(e *expr, start, end int) error {
	if e.op.named {
		return r.readNamed(e, start, end)
	}
	op, specs := e.op, e.specs
	if len(specs) == 1 && !specs[0].explode {
		r.set(&specs[0], r.pieceValue(specs[0].name, start, end, op))
		return nil
	}
	k := 0
	for a := start; ; {
		b := pieceEnd(r.u, a, end, op.sep)
		if k >= len(specs) {
			if op.sep == ',' {
				return &Error{Offset: a, Err: ErrAmbiguousList}
			}
			return noMatch(a)
		}
		vs := &specs[k]
		if vs.explode {
			r.set(vs, r.explodedValue(vs.name, a, end, op.sep))
			return nil
		}
		r.set(vs, r.pieceValue(vs.name, a, b, op))
		k++
		if b == end {
			return nil
		}
		if op.sep == ',' && r.commas < 0 {
			r.commas = start
		}
		a = b + 1
	}
}

// readNamed reads an expression of operator ";", "?" or "&": each piece
// is name, or name=value, in the order of the variables.
func (r *reader) readNamed(e *expr, start, end int) error {
	specs := e.specs
	explode := -1
	for k := range specs {
		if specs[k].explode {
			explode = k
		}
	}
	var pairs []string // the exploded variable's pieces: name, value, ...
	var at []int       // with parts: where each of pairs stands, start and end
	if explode >= 0 {
		// Room for every piece at once: the pieces are at most one more
		// than the separators.
		n := 1 + strings.Count(r.u[start:end], string(e.op.sep))
		pairs = make([]string, 0, 2*n)
		if r.parts != nil {
			at = make([]int, 0, 4*n)
		}
	}
	own := true // every piece of the exploded variable has its name
	cur := 0
	for a := start; ; {
		b := pieceEnd(r.u, a, end, e.op.sep)
		piece := r.u[a:b]
		name, val, _ := strings.Cut(piece, "=")
		valStart := b - len(val)
		switch k := e.find(name, cur); {
		case k >= 0 && specs[k].explode:
			pairs = append(pairs, name, decode(val, false))
			cur = k
		case k >= 0:
			var v Value
			if !e.op.ifemp && val == "" && len(name) < len(piece) {
				// ";x=": only a list or an associative array writes "="
				// before an empty text where ifemp is "" (Appendix A).
				v = Value{kind: KindList, items: []string{""}}
				r.part(name, 0, b, b)
			} else {
				v = r.pieceValue(name, valStart, b, e.op)
			}
			r.set(&specs[k], v)
			cur = k + 1
		case explode >= cur:
			pairs = append(pairs, decode(name, false), decode(val, false))
			own = false
			cur = explode
		default:
			return noMatch(a)
		}
		if r.parts != nil && len(pairs) > len(at)/2 {
			at = append(at, a, a+len(name), valStart, b)
		}
		if b == end {
			break
		}
		a = b + 1
	}
	if explode >= 0 && len(pairs) > 0 {
		vs := &specs[explode]
		if own {
			items := make([]string, len(pairs)/2)
			for i := range items {
				items[i] = pairs[2*i+1]
				if r.parts != nil {
					r.part(vs.name, i, at[4*i+2], at[4*i+3])
				}
			}
			r.set(vs, Value{kind: KindList, items: items})
		} else {
			for i := 0; i < len(pairs); i += 2 {
				if pairs[i] == vs.name {
					pairs[i] = decode(vs.name, false)
				}
			}
			for i := 0; i < len(at); i += 2 {
				r.part(vs.name, i/2, at[i], at[i+1])
			}
			r.set(vs, Value{kind: KindAssoc, items: pairs})
		}
	}
	return nil
}

// find returns the index of the first variable of e at or after cur whose
// name is name, or -1.
func (e *expr) find(name string, cur int) int {
	if e.index != nil {
		sp, ok := e.index.spans[name]
		if !ok {
			return -1
		}
		ks := e.index.at[sp[0]:sp[1]]
		if i, _ := slices.BinarySearch(ks, int32(cur)); i < len(ks) {
			return int(ks[i])
		}
		return -1
	}
	for k := cur; k < len(e.specs); k++ {
		if e.specs[k].name == name {
			return k
		}
	}
	return -1
}

// set records the reading v of the variable of vs. The first reading of
// a variable stands, except that a reading without a prefix modifier
// replaces one with, and a longer reading through a prefix modifier a
// shorter one; Match's final check rejects readings that disagree.
func (r *reader) set(vs *varspec, v Value) {
	prev, seen := r.vars[vs.name]
	switch {
	case !seen:
		r.vars[vs.name] = v
		if vs.prefix > 0 {
			if r.prefixed == nil {
				r.prefixed = map[string]bool{}
			}
			r.prefixed[vs.name] = true
		}
	case r.prefixed[vs.name] && vs.prefix == 0:
		r.vars[vs.name] = v
		delete(r.prefixed, vs.name)
	case r.prefixed[vs.name] && len(v.str) > len(prev.str):
		r.vars[vs.name] = v
	}
}

// pieceEnd returns the offset of the next sep in u[a:end], or end.
func pieceEnd(u string, a, end int, sep byte) int {
	if k := strings.IndexByte(u[a:end], sep); k >= 0 {
		return a + k
	}
	return end
}

// pieceValue reads u[start:end], the text of variable name without the
// explode modifier: a list when the operator encodes "," in values and
// the text holds one, a string otherwise.
func (r *reader) pieceValue(name string, start, end int, op *operator) Value {
	s := r.u[start:end]
	if op.reserved || strings.IndexByte(s, ',') < 0 {
		r.wholePart(name, start, end)
		return String(decode(s, op.reserved))
	}
	n := strings.Count(s, ",") + 1
	items := make([]string, 0, n)
	for a := start; ; {
		b := pieceEnd(r.u, a, end, ',')
		r.part(name, len(items), a, b)
		items = append(items, decode(r.u[a:b], false))
		if b == end {
			break
		}
		a = b + 1
	}
	return Value{kind: KindList, items: items}
}

// explodedValue reads u[start:end], the pieces of the exploded variable
// name of an unnamed operator, separated by sep: an associative array
// when every piece holds "=", a list otherwise.
func (r *reader) explodedValue(name string, start, end int, sep byte) Value {
	s := r.u[start:end]
	n := strings.Count(s, string(sep)) + 1
	assoc := strings.Count(s, "=") >= n
	if assoc {
		for rest := s; ; {
			piece, r, more := strings.Cut(rest, string(sep))
			if strings.IndexByte(piece, '=') < 0 {
				assoc = false
				break
			}
			if !more {
				break
			}
			rest = r
		}
	}
	var items []string
	if assoc {
		items = make([]string, 0, 2*n)
	} else {
		items = make([]string, 0, n)
	}
	for a := start; ; {
		b := pieceEnd(r.u, a, end, sep)
		piece := r.u[a:b]
		if assoc {
			k, v, _ := strings.Cut(piece, "=")
			r.part(name, len(items), a, a+len(k))
			r.part(name, len(items)+1, b-len(v), b)
			items = append(items, decode(k, false), decode(v, false))
		} else {
			r.part(name, len(items), a, b)
			items = append(items, decode(piece, false))
		}
		if b == end {
			break
		}
		a = b + 1
	}
	if assoc {
		return Value{kind: KindAssoc, items: items}
	}
	return Value{kind: KindList, items: items}
}

// decode percent-decodes s (RFC 3986 2.1); a "%" not followed by two hex
// digits stays as it is (Match's final check rejects it). Without a "%"
// it returns s itself.
//
// With reserved, s is the text of a "+" or "#" expansion (RFC 6570 3.2.3,
// 3.2.4), which keeps the pct-encoded triplets of its values: decode
// decodes a triplet only where expansion would write the decoded octet
// back as that very triplet (uppercase hex digits, an octet outside
// unreserved and reserved, and a "%" not followed by two hex digits),
// and keeps any other triplet as it is.
func decode(s string, reserved bool) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	return tmpldecode.Decode(s, reserved, nil)
}

// runTable holds, for Match, the names of the variables of the named
// expressions of each run: a run is the expressions from one literal
// that is not empty to the next, and a piece of a named expression
// ("&name=value") may belong to any named expression of its run whose
// pieces start with that character (RFC 6570 3.2.7-3.2.9: values encode
// ";", "&", "?" and "=", so only the names tell such pieces apart).
type runTable struct {
	// names maps a run (the index of its last expression) and a name to,
	// for each of ";", "?" and "&" (slotOf), one more than the index of
	// the last named expression of the run that has a variable of that
	// name and whose operator is that character; 0 for none.
	names map[runKey][3]int32
}

type runKey struct {
	run  int32
	name string
}

// slotOf is the index in runTable.names's arrays of the character that
// starts the pieces of a named expression.
func slotOf(c byte) int {
	switch c {
	case ';':
		return 0
	case '?':
		return 1
	}
	return 2
}

// newRunTable returns the runTable of t, or nil when no run holds two
// named expressions. It is linear in the template.
func newRunTable(t *Template) *runTable {
	var rt *runTable
	n := len(t.exprs)
	for s := 0; s < n; {
		e := s
		named := 0
		for {
			if t.exprs[e].op.named {
				named++
			}
			if e+1 >= n || t.lits[e+1] != "" {
				break
			}
			e++
		}
		if named >= 2 {
			if rt == nil {
				rt = &runTable{names: map[runKey][3]int32{}}
			}
			for k := s; k <= e; k++ {
				x := &t.exprs[k]
				if !x.op.named {
					continue
				}
				for _, vs := range x.specs {
					key := runKey{int32(e), vs.name}
					v := rt.names[key]
					v[slotOf(x.op.first)] = int32(k + 1)
					rt.names[key] = v
				}
			}
		}
		s = e + 1
	}
	return rt
}

// runEnd returns the index of the last expression of the run of
// expression i.
func (t *Template) runEnd(i int) int {
	for i+1 < len(t.exprs) && t.lits[i+1] == "" {
		i++
	}
	return i
}

// later reports whether a named expression after expression i in the
// run that ends at runEnd, whose pieces start with c, has a variable
// name; and returns the index of the last such expression.
func (t *Template) later(i, runEnd int, c byte, name string) (int, bool) {
	if t.runs == nil {
		return 0, false
	}
	k := int(t.runs.names[runKey{int32(runEnd), name}][slotOf(c)]) - 1
	return k, k > i
}

// byNames reports whether the named expression i and the later parts of
// its run that may start with c, its own operator or separator, are
// told apart by the names of their pieces: c starts no literal of the
// run, no later named expression of the run with operator c has one of
// the names of expression i, and neither has an explode (whose pieces
// may have any name). Otherwise it notes why.
func (t *Template) byNames(i int, c byte, runEnd int, litFirst byte, litOff int, explodeAt [3]int, note func(int, cause)) bool {
	e := &t.exprs[i]
	ok := true
	if litFirst == c {
		note(litOff, cause{reason: ErrAmbiguousBoundary, kind: causeLitPiece, expr: int(e.off)})
		ok = false
	}
	for _, vs := range e.specs {
		if k, ok2 := t.later(i, runEnd, c, vs.name); ok2 {
			other := &t.exprs[k]
			note(int(other.off)+1, cause{reason: ErrAmbiguousBoundary, kind: causeNames, expr: int(e.off), other: int(other.off), c: c, name: vs.name})
			ok = false
		}
	}
	// An explode's pieces may have any name (an associative array's
	// keys): no other expression of the run may start its pieces alike.
	k := explodeAt[slotOf(c)]
	if k <= i && e.explode {
		k = t.startsWith(i, runEnd, c)
	}
	if k > i && (e.explode || t.exprs[k].explode) {
		other := &t.exprs[k]
		x := other
		if e.explode {
			x = e
		}
		off := int(x.off)
		for _, vs := range x.specs {
			if vs.explode {
				off = int(vs.off)
				break
			}
		}
		kind := uint8(causeExplodeRun)
		if !e.explode || !other.explode {
			kind = causeExplodeNames
		}
		note(off, cause{reason: ErrAmbiguousExplode, kind: kind, expr: int(e.off), other: int(other.off), c: c})
		ok = false
	}
	return ok
}

// startsWith returns the first named expression after i, up to runEnd,
// whose pieces start with c, or -1.
func (t *Template) startsWith(i, runEnd int, c byte) int {
	for k := i + 1; k <= runEnd && k < len(t.exprs); k++ {
		if op := t.exprs[k].op; op.named && op.first == c {
			return k
		}
	}
	return -1
}

// cause is why analyze refuses a template: the reason, and what the
// words of the error need (cause.err). analyze notes many, and keeps
// the first by template offset; only that one becomes an error.
type cause struct {
	reason error
	kind   uint8
	// expr and other are the template offsets of the expressions
	// concerned; c an operator or separator character, name a
	// variable's.
	expr, other int
	c           byte
	name        string
}

// The kinds of cause whose error says more than its reason.
const (
	causePlain     = iota
	causeSeparator // c, the separator of the expression at expr, may stand inside a value
	causeFollow    // the character at the offset follows the expression at expr and may stand inside it
	causeOwn       // the character at the offset is the first character of the expression at expr
	causeLitPiece  // the literal character at the offset may start a piece of the named expression at expr
	causeNames     // the operator c of the expression at other may start a piece of the one at expr: both have name
	causeExplodeRun
	causeExplodeNames
)

// err returns the reason of c, with the words that say where it lies
// when it has any: offsets, operator characters and a variable's name,
// never a literal character, which may be part of a secret.
func (c cause) err(t *Template, off int) error {
	what := "the character at offset " + itoa(off)
	if off > 0 && off < len(t.text) && t.text[off-1] == '{' {
		what = "the " + quoteByte(t.text[off]) + " of the expression at offset " + itoa(off-1)
	}
	expr := itoa(c.expr)
	var text string
	switch c.kind {
	case causeSeparator:
		text = quoteByte(c.c) + " in the expression at offset " + expr + " of operator " + quoteByte(t.text[c.expr+1])
	case causeFollow:
		text = what + ", after the expression at offset " + expr
	case causeOwn:
		text = what + " is also the first character of the expression at offset " + expr + ", which may write nothing"
	case causeLitPiece:
		text = what + ", after the expression at offset " + expr + ", may also start a piece of it"
	case causeNames:
		text = what + " may also start a piece of the expression at offset " + expr + ": both have a variable " + quoteString(c.name)
	case causeExplodeRun:
		text = "the expressions at offsets " + expr + " and " + itoa(c.other) + " both have an explode, whose pieces may have any name, and their pieces start with " + quoteByte(c.c)
	case causeExplodeNames:
		text = "of the expressions at offsets " + expr + " and " + itoa(c.other) + ", whose pieces start with " + quoteByte(c.c) + ", one has an explode, whose pieces may have any name, that of a variable of the other among them"
	default:
		return c.reason
	}
	return &detail{c.reason, text}
}
