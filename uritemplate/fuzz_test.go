package uritemplate

import (
	"errors"
	"maps"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urikit/urikit/internal/testload"
	"github.com/urikit/urikit/uri"
)

// seedTemplates are templates for the fuzz targets beside the conformance
// vectors.
var seedTemplates = []string{
	"", "x", "{x}", "{x,y}", "{+x}", "{#x}", "{.x}", "{/x}", "{;x}", "{?x}", "{&x}",
	"{x*}", "{/x*}", "{;x*}", "{?x*}", "{x:2}", "{/x,y*}", "{?x,y*}", "{x}/{y}",
	"a{x}b{y}c", "{x}{/y}", "{/x}{/y}", "{x}.json", "{x}{#y}", "{?a,b,c,d,e,f,g,h,i,j}",
	"http://h/{x}/{+y}{?q*}", "caf\u00e9{x}", "{x:1}/{x}", "{x}/{x}", "{/x}/a{y}",
	"{#x*}", "https://h/?token=abc{&x}", "{x}{#x}", "\u00e9{x}\u00e8/{y}\u00e7", "{?a,b,c,d,e,f,g,h,i,a,b}",
	// Runs of named expressions, told apart by the names of their pieces.
	"/search{?q}{&page}{&size}", "{?a,b}{&c}", "/x{;a}{;b}", "{?a}{?b}", "{?a}{&b}", "{?x*}{&a}",
	"{;a,b}{;x*}", "{?a,b}{/p}{&c}", "{;x*}{;b}", "{?a,x*}{&b}{?c}",
}

// seedVars are byte strings for varsFrom.
var seedVars = [][]byte{nil, {0}, {1, 2, 3}, {2, 0, 1, 5}, {3, 1, 2, 3, 4}, {1, 7, 8, 9, 2, 11, 12}}

// conformanceTemplates returns the templates of the conformance vectors.
func conformanceTemplates(tb testing.TB) []string {
	var ts []string
	for _, v := range testload.JSONL[struct{ Op, Template string }](tb, "../conformance/testdata/template.jsonl") {
		ts = append(ts, v.Template)
	}
	if len(ts) == 0 {
		tb.Fatal("no template vector in ../conformance/testdata/template.jsonl")
	}
	return ts
}

func addSeeds(f *testing.F) {
	ts := append(conformanceTemplates(f), seedTemplates...)
	for i, t := range ts {
		f.Add(t, seedVars[i%len(seedVars)])
	}
}

// tokens are the pieces that varsFrom builds strings of: delimiters of
// every operator, escapes valid and not, non-ASCII and invalid UTF-8.
var tokens = []string{"", "a", "b", "/", ",", "=", "&", ";", "?", "#", ".", "%", "%41", "%2F", "%zz", "%c3", "\u00e9", " ", "~", "-", "*", "\xff", "[", ":", "%25", "x"}

// varsFrom builds values for the variables of t from data: for each
// name a kind, then strings made of tokens.
func varsFrom(t Template, data []byte) Vars {
	next := func() int {
		if len(data) == 0 {
			return 0
		}
		c := int(data[0])
		data = data[1:]
		return c
	}
	str := func() string {
		n := next() % 4
		var b strings.Builder
		for range n {
			b.WriteString(tokens[next()%len(tokens)])
		}
		return b.String()
	}
	vars := Vars{}
	for _, name := range t.Varnames() {
		switch next() % 5 {
		case 0: // undefined
		case 1, 4:
			vars[name] = String(str())
		case 2:
			items := make([]string, next()%4)
			for i := range items {
				items[i] = str()
			}
			vars[name] = List(items...)
		case 3:
			pairs := make([]Pair, next()%4)
			for i := range pairs {
				pairs[i] = Pair{str(), str()}
			}
			vars[name] = Assoc(pairs...)
		}
	}
	return vars
}

// FuzzParse: Parse never panics; a template it accepts prints as itself,
// and an error has a reason and an offset inside the template.
func FuzzParse(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, s string, _ []byte) {
		tm, err := Parse(s)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Err == nil || e.Offset < 0 || e.Offset >= len(s) {
				t.Fatalf("Parse(%q) = %#v", s, err)
			}
			return
		}
		if tm.String() != s {
			t.Fatalf("Parse(%q).String() = %q", s, tm.String())
		}
	})
}

// FuzzExpand: Expand agrees with expandSlow, the transcription of RFC
// 6570 Appendix A, and its result is a URI-reference, or it says why.
func FuzzExpand(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, s string, data []byte) {
		tm, vars, got, err, ok := expandSeed(s, data)
		if !ok {
			return
		}
		want, ok := expandSlow(s, vars)
		switch {
		case !ok:
			if !errors.Is(err, ErrPrefixComposite) {
				t.Fatalf("Expand(%q, %v) = %q, %v; want ErrPrefixComposite", s, vars, got, err)
			}
		case err == nil:
			if got != want {
				t.Fatalf("Expand(%q, %v) = %q; expandSlow gives %q", s, vars, got, want)
			}
			if _, perr := uri.ParseReference(got); perr != nil {
				t.Fatalf("Expand(%q, %v) = %q, which is not a URI-reference: %v", s, vars, got, perr)
			}
		default:
			_, perr := uri.ParseReference(want)
			if !errors.Is(err, ErrNotURIReference) || perr == nil {
				t.Fatalf("Expand(%q, %v) = %v; expandSlow gives %q (ParseReference: %v)", s, vars, err, want, perr)
			}
		}
		b, aerr := tm.AppendExpand([]byte("pre"), vars)
		if (aerr == nil) != (err == nil) || aerr == nil && string(b) != "pre"+got {
			t.Fatalf("AppendExpand(%q) = %q, %v; Expand gives %q, %v", s, b, aerr, got, err)
		}
		pu, parts, perr := tm.ExpandParts(vars)
		if (perr == nil) != (err == nil) || pu != got {
			t.Fatalf("ExpandParts(%q) = %q, %v; Expand gives %q, %v", s, pu, perr, got, err)
		}
		if err == nil {
			checkParts(t, "ExpandParts", s, pu, vars, parts)
		}
	})
}

// expandSeed parses the template s, builds its variables from data and
// expands them; ok is false when s is not a template.
func expandSeed(s string, data []byte) (tm Template, vars Vars, u string, err error, ok bool) {
	tm, err = Parse(s)
	if err != nil {
		return tm, nil, "", err, false
	}
	vars = varsFrom(tm, data)
	u, err = tm.Expand(vars)
	return tm, vars, u, err, true
}

// checkParts checks the Parts of u, which ExpandParts wrote or
// MatchParts read with the values vars: each lies in u, in order of
// Start, names a string of a value of vars, and holds that string
// encoded, or a prefix of it (a prefix modifier); and every string of
// every value of vars has a Part.
func checkParts(t *testing.T, fn, s, u string, vars Vars, parts []Part) {
	t.Helper()
	type key struct {
		name string
		item int
	}
	seen := map[key]bool{}
	for i, p := range parts {
		if p.Start < 0 || p.Start > p.End || p.End > len(u) || i > 0 && parts[i-1].Start > p.Start {
			t.Fatalf("%s on %q, u = %q: Part %+v out of place (after %+v)", fn, s, u, p, parts[max(i-1, 0)])
		}
		v := vars[p.Name]
		var str string
		switch {
		case p.Item == -1 && v.kind != KindString && fn == "MatchParts":
			continue
		case v.kind == KindString && p.Item == 0:
			str = v.str
		case v.kind != KindString && p.Item >= 0 && p.Item < len(v.items):
			str = v.items[p.Item]
		default:
			t.Fatalf("%s on %q, u = %q: Part %+v names no string of %v", fn, s, u, p, v)
		}
		text := u[p.Start:p.End]
		// "+" and "#" keep the pct-encoded triplets of a value (3.2.3,
		// 3.2.4): its text may be the string as it is.
		holds := strings.HasPrefix(str, decode(text, false)) || strings.HasPrefix(str, decode(text, true)) || strings.HasPrefix(str, text)
		if fn == "ExpandParts" {
			holds = false
		}
		if !holds {
			// The encoding of str, or of a prefix of it (2.4.1).
			for n := 0; n <= len(str) && !holds; n++ {
				pre := prefix(str, n)
				holds = slowEncode(pre, false) == text || slowEncode(pre, true) == text
			}
		}
		if !holds {
			t.Fatalf("%s on %q, u = %q: Part %+v holds %q, not of %q", fn, s, u, p, text, str)
		}
		seen[key{p.Name, p.Item}] = true
	}
	if fn != "MatchParts" {
		return // vars may hold variables that the template does not name
	}
	for name, v := range vars {
		n := len(v.items)
		if v.kind == KindString {
			n = 1
		}
		for i := range n {
			if !seen[key{name, i}] {
				t.Fatalf("%s on %q, u = %q: no Part for string %d of %q", fn, s, u, i, name)
			}
		}
	}
}

// FuzzMatch: the round trip. For values v with u = Expand(v): Match(u)
// fails only with the template's own ambiguity, or ErrAmbiguousList for
// a list in a comma-separated expression, never with ErrNoMatch; what it
// reads expands to u; it is v itself when v is canonical; and it is the
// only reading that any split of u gives (matchSlow).
func FuzzMatch(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, s string, data []byte) {
		tm, vars, u, err, ok := expandSeed(s, data)
		if !ok || err != nil {
			return
		}
		got, err := tm.Match(u)
		if tm.matchErr != nil {
			if !errors.Is(err, tm.matchErr.Err) {
				t.Fatalf("Match on %q = %v; want the template's %v", s, err, tm.matchErr)
			}
			return
		}
		if errors.Is(err, ErrAmbiguousList) || errors.Is(err, ErrNoMatch) && (!definedFirst(tm, vars) || repeatedComposite(tm, vars) || keyNamesVariable(tm, vars)) {
			return
		}
		if err != nil {
			t.Fatalf("Match(%q) on %q (from %v) = %v", u, s, vars, err)
		}
		if back, err := tm.Expand(got); err != nil || back != u {
			t.Fatalf("Expand(Match(%q)) on %q = %q, %v", u, s, back, err)
		}
		pv, parts, perr := tm.MatchParts(u)
		if perr != nil || !maps.EqualFunc(pv, got, Value.Equal) {
			t.Fatalf("MatchParts(%q) on %q = %v, %v; Match gives %v", u, s, pv, perr, got)
		}
		checkParts(t, "MatchParts", s, u, got, parts)
		if canonical(tm, vars) {
			want := trimVars(tm, vars)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("Match(Expand(v)) on %q, u = %q, v canonical (-want +got):\n%s", s, u, diff)
			}
		}
		if len(u) <= 24 && len(tm.exprs) <= 4 {
			all := matchSlow(tm, u)
			for _, other := range all {
				if keyNamesVariable(tm, other) {
					// An exploded associative array whose key names
					// another variable of its expression: the reading
					// Match does not make (the package doc).
					continue
				}
				if diff := cmp.Diff(got, other); diff != "" {
					t.Fatalf("Match(%q) on %q: another split reads differently (-match +other):\n%s", u, s, diff)
				}
			}
		}
	})
}

// definedFirst reports whether, in every unnamed expression, the defined
// variables come before the undefined ones: the reading Match assumes
// when an expression holds fewer pieces than variables.
func definedFirst(t Template, vars Vars) bool {
	for i := range t.exprs {
		e := &t.exprs[i]
		if e.op.named {
			continue
		}
		undef := false
		for _, vs := range e.specs {
			if !vars[vs.name].Defined() {
				undef = true
			} else if undef {
				return false
			}
		}
	}
	return true
}

// repeatedComposite reports whether a variable that appears more than
// once in t has a list or an associative array, or a value that a "+" or
// "#" occurrence reads back decoded: Match keeps one reading, which the
// other occurrences may not write.
func repeatedComposite(t Template, vars Vars) bool {
	count := map[string]int{}
	reserved := map[string]bool{}
	for i := range t.exprs {
		for _, vs := range t.exprs[i].specs {
			count[vs.name]++
			reserved[vs.name] = reserved[vs.name] || t.exprs[i].op.reserved
		}
	}
	for n, c := range count {
		v := vars[n]
		if c > 1 && (v.Kind() == KindList || v.Kind() == KindAssoc ||
			reserved[n] && decode(slowEncode(v.Text(), true), true) != v.Text()) {
			return true
		}
	}
	return false
}

// keyNamesVariable reports whether an exploded associative array of a
// named expression has a key that names another variable of the
// expression: Match gives such a piece to that variable.
func keyNamesVariable(t Template, vars Vars) bool {
	for i := range t.exprs {
		e := &t.exprs[i]
		if !e.op.named {
			continue
		}
		for _, vs := range e.specs {
			if !vs.explode {
				continue
			}
			for _, p := range vars[vs.name].Pairs() {
				for _, other := range e.specs {
					if other.name == p.Key && other.name != vs.name {
						return true
					}
				}
			}
		}
	}
	return false
}

// runHasName reports whether a named expression of the run of
// expression i (the expressions with no literal between) has a variable
// name.
func runHasName(t Template, i int, name string) bool {
	lo, hi := i, i
	for lo > 0 && t.lits[lo] == "" {
		lo--
	}
	for hi+1 < len(t.exprs) && t.lits[hi+1] == "" {
		hi++
	}
	for k := lo; k <= hi; k++ {
		if !t.exprs[k].op.named {
			continue
		}
		for _, vs := range t.exprs[k].specs {
			if vs.name == name {
				return true
			}
		}
	}
	return false
}

// trimVars keeps the defined variables of t.
func trimVars(t Template, vars Vars) Vars {
	out := Vars{}
	for _, n := range t.names {
		if v := vars[n]; v.Defined() {
			out[n] = v
		}
	}
	return out
}

// canonical reports whether vars are in the form that Match reads back
// (the package doc's list), for every occurrence of every variable.
func canonical(t Template, vars Vars) bool {
	for i := range t.exprs {
		e := &t.exprs[i]
		op := e.op
		w := writer{mode: modeCount}
		e.expand(&w, vars)
		seenUndefined := false
		for k, vs := range e.specs {
			v := vars[vs.name]
			if !v.Defined() {
				seenUndefined = true
				continue
			}
			if !op.named && seenUndefined {
				return false // defined ones first
			}
			if w.n == 0 && op.first == 0 {
				return false // "" for none and "+" reads as undefined
			}
			switch v.Kind() {
			case KindString:
				if vs.explode {
					return false // reads as a one-item list
				}
				if vs.prefix > 0 && prefix(v.Text(), int(vs.prefix)) != v.Text() {
					return false
				}
				if op.reserved && decode(slowEncode(v.Text(), true), true) != v.Text() {
					return false
				}
			case KindList:
				if !vs.explode && (v.Len() < 2 || op.reserved || op.char == 0 && len(e.specs) > 1) {
					return false
				}
				if vs.explode && op.char == 0 && len(e.specs) > 1 && k < len(e.specs)-1 {
					return false
				}
				if op.named && !vs.explode && v.Len() == 1 {
					return false
				}
			case KindAssoc:
				if !vs.explode {
					return false // reads as a list
				}
				for _, p := range v.Pairs() {
					if op.named && runHasName(t, i, p.Key) {
						return false
					}
				}
			}
		}
	}
	// A variable that appears more than once must read the same in each.
	for _, n := range t.names {
		count := 0
		for i := range t.exprs {
			for _, vs := range t.exprs[i].specs {
				if vs.name == n {
					count++
				}
			}
		}
		if count > 1 && vars[n].Kind() != KindString && vars[n].Defined() {
			return false
		}
	}
	return true
}
