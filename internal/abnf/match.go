package abnf

import (
	"fmt"
	"slices"
	"strings"
)

// Match reports whether the whole of input matches the rule named rule (rule
// names are case-insensitive, RFC 5234 2.1), with the semantics of RFC
// 5234: every alternative and every repetition count is considered, with
// no first-match-wins and no greedy commitment. Its work is polynomial in
// len(input), its memory len(input) times the grammar's elements tried:
// an oracle for tests and generators, not a parser for untrusted
// megabytes ("Matching" in the package doc). It panics if g has no such
// rule, or if it must match a prose value other than under a repetition
// whose maximum is 0.
func (g *Grammar) Match(rule, input string) bool {
	idx, ok := g.index[strings.ToLower(rule)]
	if !ok {
		panic(fmt.Sprintf("abnf: Match: no rule %q", rule))
	}
	m := newMatcher(g, input)
	return slices.Contains(m.ends(g.rules[idx].body, 0), int32(len(input)))
}

// matcher holds the state of one Match call.
type matcher struct {
	g       *Grammar
	in      string
	memo    [][]int32 // memo[node id][start]: 0 unknown, -1 busy, k > 0 results[k-1]
	results [][]int32 // memoized end sets: sorted, no duplicates, shared
	singles []int32   // singles[i] == i: one-element results without allocation
	free    []*posSet // scratch sets for reuse
}

func newMatcher(g *Grammar, in string) *matcher {
	m := &matcher{g: g, in: in, memo: make([][]int32, g.nodes)}
	m.singles = make([]int32, len(in)+1)
	for i := range m.singles {
		m.singles[i] = int32(i)
	}
	return m
}

// single returns the set {p} without allocating.
func (m *matcher) single(p int) []int32 { return m.singles[p : p+1 : p+1] }

// posSet collects a set of positions: a bitset over the input for membership
// plus the list of its members in insertion order.
type posSet struct {
	bits []uint64
	list []int32
}

func (m *matcher) newSet() *posSet {
	if n := len(m.free); n > 0 {
		s := m.free[n-1]
		m.free = m.free[:n-1]
		return s
	}
	return &posSet{bits: make([]uint64, len(m.in)/64+1)}
}

// add adds p to s and reports whether it was new.
func (s *posSet) add(p int32) bool {
	w, b := p/64, uint64(1)<<(p%64)
	if s.bits[w]&b != 0 {
		return false
	}
	s.bits[w] |= b
	s.list = append(s.list, p)
	return true
}

// done returns the members of s, sorted, in a new slice, and recycles s.
func (m *matcher) done(s *posSet) []int32 {
	var out []int32
	switch len(s.list) {
	case 0:
	case 1:
		out = m.single(int(s.list[0]))
	default:
		out = slices.Clone(s.list)
		slices.Sort(out)
	}
	for _, p := range s.list {
		s.bits[p/64] = 0
	}
	s.list = s.list[:0]
	m.free = append(m.free, s)
	return out
}

// term matches a terminal node at p.
func (m *matcher) term(n *node, p int) (end int, ok bool) {
	switch n.kind {
	case kindRange:
		if p < len(m.in) && n.lo <= m.in[p] && m.in[p] <= n.hi {
			return p + 1, true
		}
	case kindBytes:
		if strings.HasPrefix(m.in[p:], n.text) {
			return p + len(n.text), true
		}
	case kindString:
		if len(m.in)-p < len(n.text) {
			return 0, false
		}
		got := m.in[p : p+len(n.text)]
		if got == n.text || n.fold && asciiFoldEqual(got, n.text) {
			return p + len(n.text), true
		}
	case kindProse:
		panic(fmt.Sprintf("abnf: Match: cannot match the prose value <%s>", n.text))
	}
	return 0, false
}

// asciiFoldEqual reports whether a and b are equal when ASCII letters are
// compared case-insensitively (RFC 5234 2.3), and nothing else is folded.
func asciiFoldEqual(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// ends returns the sorted set of all j such that m.in[p:j] matches n.
// The result is shared: callers must not modify it.
func (m *matcher) ends(n *node, p int) []int32 {
	switch n.kind {
	case kindRange, kindBytes, kindString, kindProse:
		if e, ok := m.term(n, p); ok {
			return m.single(e)
		}
		return nil
	case kindRef:
		return m.ends(m.g.rules[n.ref].body, p)
	}
	memo := m.memo[n.id]
	if memo == nil {
		memo = make([]int32, len(m.in)+1)
		m.memo[n.id] = memo
	}
	switch k := memo[p]; {
	case k > 0:
		return m.results[k-1]
	case k < 0:
		// Parse rejects left recursion, so this cannot happen.
		panic("abnf: Match: left recursion")
	}
	memo[p] = -1
	var out []int32
	switch n.kind {
	case kindAlt:
		out = m.alt(n, p)
	case kindCat:
		out = m.cat(n, p)
	case kindRep:
		out = m.rep(n, p)
	}
	m.results = append(m.results, out)
	memo[p] = int32(len(m.results))
	return out
}

// alt: the union of the end sets of the alternatives (RFC 5234 3.2).
func (m *matcher) alt(n *node, p int) []int32 {
	s := m.newSet()
	for _, sub := range n.subs {
		for _, e := range m.ends(sub, p) {
			s.add(e)
		}
	}
	return m.done(s)
}

// step returns the union of the end sets of n from every position in from.
func (m *matcher) step(n *node, from []int32) []int32 {
	if len(from) == 1 {
		return m.ends(n, int(from[0]))
	}
	s := m.newSet()
	for _, q := range from {
		for _, e := range m.ends(n, int(q)) {
			s.add(e)
		}
	}
	return m.done(s)
}

// cat: the elements one after the other (RFC 5234 3.1).
func (m *matcher) cat(n *node, p int) []int32 {
	cur := m.single(p)
	for _, sub := range n.subs {
		cur = m.step(sub, cur)
		if len(cur) == 0 {
			return nil
		}
	}
	return cur
}

// rep: between min and max occurrences of the element (RFC 5234 3.6, 3.7).
// Once the minimum is reached, a position already reached with fewer
// occurrences is not explored again: whatever follows it was already reached
// with fewer occurrences too, so within any maximum. That bounds the loop by
// len(input)+1 rounds past the minimum, even if the element matches "".
func (m *matcher) rep(n *node, p int) []int32 {
	out := m.newSet()
	cur := m.single(p)
	if n.min == 0 {
		out.add(int32(p))
	}
	for k := 1; n.max < 0 || k <= n.max; k++ {
		next := m.step(n.subs[0], cur)
		if k >= n.min {
			nf := 0
			var fresh []int32
			for _, e := range next {
				if out.add(e) {
					if nf == 0 {
						fresh = m.single(int(e))
					} else {
						if nf == 1 {
							fresh = append(make([]int32, 0, len(next)), fresh[0])
						}
						fresh = append(fresh, e)
					}
					nf++
				}
			}
			next = fresh
		}
		if len(next) == 0 {
			break
		}
		cur = next
	}
	return m.done(out)
}
