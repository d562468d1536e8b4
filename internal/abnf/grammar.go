package abnf

import (
	"fmt"
	"strconv"
	"strings"
)

// kind is the type of a node of a parsed rule.
type kind uint8

const (
	kindAlt    kind = iota // alternation, RFC 5234 3.2
	kindCat                // concatenation, 3.1
	kindRep                // repetition n*m, 3.6 and 3.7; option [ ], 3.8
	kindRef                // a rule name, 2.1
	kindString             // quoted string (char-val), 2.3; fold: case-insensitive
	kindBytes              // %b, %d or %x value with "." concatenation, 2.3
	kindRange              // %b, %d or %x value range, 3.4
	kindProse              // prose value <...>, 4 (prose-val)
)

// node is one element of a rule. Every node has a distinct id within its
// Grammar, the key under which the matcher memoizes its end positions.
type node struct {
	kind     kind
	fold     bool   // kindString: compare ASCII letters case-insensitively
	lo, hi   byte   // kindRange
	id       int32  // index for memoization
	min, max int    // kindRep; max < 0 is unbounded
	ref      int    // kindRef: index of the rule in Grammar.rules
	text     string // kindString, kindBytes: the bytes; kindProse: the prose; kindRef: the name
	subs     []*node
	line     int // kindRef: source line, for error messages
}

// rule is one named rule of a Grammar.
type rule struct {
	name string // as first written
	text string // the source of its definition(s), comments removed, one line
	body *node
	line int
}

// Grammar is a parsed RFC 5234 rule set: a list of named rules, each an
// alternation of concatenations of repetitions of elements (RFC 5234 section
// 4). Every rule it references is defined, and no rule is left-recursive, so
// [Grammar.Match] always terminates. A Grammar is immutable and safe for
// concurrent use.
type Grammar struct {
	rules []rule
	index map[string]int // lower-cased rule name -> index in rules
	nodes int32          // number of node ids handed out
}

// Rules returns the names of the rules of g in the order of their first
// definition, spelled as they were first written (rule names are
// case-insensitive, RFC 5234 2.1).
func (g *Grammar) Rules() []string {
	names := make([]string, len(g.rules))
	for i, r := range g.rules {
		names[i] = r.name
	}
	return names
}

// Parse parses ABNF text as defined by RFC 5234 (section 4 gives its own
// grammar), with the string forms of RFC 7405, and returns the rule set;
// "Syntax" in the package doc lists what it accepts. Parse returns an
// error for a syntax error, a rule defined twice with "=", "=/" before
// "=", a reference to an undefined rule, or left recursion (a rule that
// can reach itself without consuming input), which would keep the matcher
// from terminating. Errors name the line.
func Parse(text string) (*Grammar, error) {
	g := &Grammar{index: make(map[string]int)}
	type logical struct {
		text  string
		lines []int // line of each physical line joined into text
	}
	var defs []logical
	for i, raw := range strings.Split(text, "\n") {
		line := i + 1
		raw = strings.TrimSuffix(raw, "\r")
		content := stripComment(raw)
		if strings.TrimLeft(content, " \t") == "" {
			continue
		}
		if content[0] == ' ' || content[0] == '\t' {
			if len(defs) == 0 {
				return nil, fmt.Errorf("abnf: line %d: continuation line before any rule", line)
			}
			d := &defs[len(defs)-1]
			d.text += "\n" + strings.TrimRight(content, " \t")
			d.lines = append(d.lines, line)
			continue
		}
		defs = append(defs, logical{text: strings.TrimRight(content, " \t"), lines: []int{line}})
	}
	for _, d := range defs {
		p := &parser{g: g, s: d.text, lines: d.lines}
		if err := p.rule(); err != nil {
			return nil, err
		}
	}
	if len(g.rules) == 0 {
		return nil, fmt.Errorf("abnf: no rules")
	}
	if err := g.resolve(); err != nil {
		return nil, err
	}
	if err := g.checkLeftRecursion(); err != nil {
		return nil, err
	}
	return g, nil
}

// stripComment removes a comment (RFC 5234 3.9) from one physical line; a
// ";" inside a quoted string or a prose value does not start a comment.
func stripComment(line string) string {
	var in byte // '"' inside a quoted string, '>' inside a prose value
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case in != 0:
			if c == in {
				in = 0
			}
		case c == '"':
			in = '"'
		case c == '<':
			in = '>'
		case c == ';':
			return line[:i]
		}
	}
	return line
}

// parser parses the text of one rule: its physical lines joined by "\n".
type parser struct {
	g     *Grammar
	s     string
	i     int
	lines []int
}

func (p *parser) errorf(format string, args ...any) error {
	line := p.lines[strings.Count(p.s[:min(p.i, len(p.s))], "\n")]
	return fmt.Errorf("abnf: line %d: %s", line, fmt.Sprintf(format, args...))
}

func (p *parser) line() int { return p.lines[strings.Count(p.s[:p.i], "\n")] }

func (p *parser) newNode(k kind) *node {
	n := &node{kind: k, id: p.g.nodes}
	p.g.nodes++
	return n
}

func (p *parser) eof() bool { return p.i >= len(p.s) }

func (p *parser) peek() byte {
	if p.eof() {
		return 0
	}
	return p.s[p.i]
}

// wsp skips c-wsp (spaces, tabs, and the joins of continuation lines) and
// reports how many bytes it skipped.
func (p *parser) wsp() int {
	start := p.i
	for !p.eof() && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\n') {
		p.i++
	}
	return p.i - start
}

func isAlpha(c byte) bool { return 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' }
func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// rule parses rule = rulename defined-as elements.
func (p *parser) rule() error {
	line := p.line()
	name := p.rulename()
	if name == "" {
		return p.errorf("a rule must start with a rule name")
	}
	p.wsp()
	incremental := false
	switch {
	case strings.HasPrefix(p.s[p.i:], "=/"):
		incremental = true
		p.i += 2
	case strings.HasPrefix(p.s[p.i:], "="):
		p.i++
	default:
		return p.errorf("rule %s: expected \"=\" or \"=/\"", name)
	}
	p.wsp()
	body, err := p.alternation()
	if err != nil {
		return err
	}
	p.wsp()
	if !p.eof() {
		return p.errorf("rule %s: unexpected %q", name, p.s[p.i:p.i+1])
	}
	src := p.s[strings.IndexByte(p.s, '=')+1:]
	if incremental {
		src = src[1:]
	}
	src = strings.TrimSpace(joinLines(src))
	key := strings.ToLower(name)
	idx, defined := p.g.index[key]
	switch {
	case incremental && !defined:
		return p.errorf("rule %s: \"=/\" before the rule is defined with \"=\"", name)
	case !incremental && defined:
		return p.errorf("rule %s is already defined (line %d); use \"=/\" to add alternatives", name, p.g.rules[idx].line)
	case incremental:
		r := &p.g.rules[idx]
		alt := p.newNode(kindAlt)
		alt.subs = append(alternatives(r.body), alternatives(body)...)
		r.body = alt
		r.text += " / " + src
	default:
		p.g.index[key] = len(p.g.rules)
		p.g.rules = append(p.g.rules, rule{name: name, text: src, body: body, line: line})
	}
	return nil
}

// joinLines turns the joined physical lines of a rule into one line.
func joinLines(s string) string {
	parts := strings.Split(s, "\n")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return strings.Join(parts, " ")
}

// alternatives returns the alternatives of n, or n itself if it is no alternation.
func alternatives(n *node) []*node {
	if n.kind == kindAlt {
		return n.subs
	}
	return []*node{n}
}

func (p *parser) rulename() string {
	start := p.i
	if p.eof() || !isAlpha(p.s[p.i]) {
		return ""
	}
	for !p.eof() && (isAlpha(p.s[p.i]) || isDigit(p.s[p.i]) || p.s[p.i] == '-') {
		p.i++
	}
	return p.s[start:p.i]
}

// alternation = concatenation *( *c-wsp "/" *c-wsp concatenation )
func (p *parser) alternation() (*node, error) {
	first, err := p.concatenation()
	if err != nil {
		return nil, err
	}
	subs := []*node{first}
	for {
		save := p.i
		p.wsp()
		if p.peek() != '/' {
			p.i = save
			break
		}
		p.i++
		p.wsp()
		n, err := p.concatenation()
		if err != nil {
			return nil, err
		}
		subs = append(subs, n)
	}
	if len(subs) == 1 {
		return first, nil
	}
	n := p.newNode(kindAlt)
	n.subs = subs
	return n, nil
}

// startsRepetition reports whether c can start a repetition.
func startsRepetition(c byte) bool {
	return isDigit(c) || isAlpha(c) || strings.IndexByte(`*(["%<`, c) >= 0
}

// concatenation = repetition *( 1*c-wsp repetition )
func (p *parser) concatenation() (*node, error) {
	first, err := p.repetition()
	if err != nil {
		return nil, err
	}
	subs := []*node{first}
	for {
		save := p.i
		if p.wsp() == 0 || p.eof() || !startsRepetition(p.peek()) {
			p.i = save
			break
		}
		n, err := p.repetition()
		if err != nil {
			return nil, err
		}
		subs = append(subs, n)
	}
	if len(subs) == 1 {
		return first, nil
	}
	n := p.newNode(kindCat)
	n.subs = subs
	return n, nil
}

// number parses *DIGIT; ok is false if there are no digits.
func (p *parser) number() (v int, ok bool, err error) {
	start := p.i
	for !p.eof() && isDigit(p.s[p.i]) {
		p.i++
	}
	if start == p.i {
		return 0, false, nil
	}
	v, err = strconv.Atoi(p.s[start:p.i])
	if err != nil || v > 1<<20 {
		p.i = start
		return 0, false, p.errorf("repeat count %s is too large", p.s[start:p.i])
	}
	return v, true, nil
}

// repetition = [ repeat ] element; repeat = 1*DIGIT / ( *DIGIT "*" *DIGIT )
func (p *parser) repetition() (*node, error) {
	lo, hasLo, err := p.number()
	if err != nil {
		return nil, err
	}
	star := p.peek() == '*'
	if !hasLo && !star {
		return p.element()
	}
	lo, hi := lo, lo
	if star {
		p.i++
		m, hasHi, err := p.number()
		if err != nil {
			return nil, err
		}
		hi = -1
		if hasHi {
			hi = m
		}
		if hasHi && m < lo {
			return nil, p.errorf("repeat %d*%d: the maximum is below the minimum", lo, m)
		}
	}
	if p.eof() || p.peek() == ' ' || p.peek() == '\t' || p.peek() == '\n' {
		return nil, p.errorf("a repeat count must be followed directly by an element")
	}
	sub, err := p.element()
	if err != nil {
		return nil, err
	}
	n := p.newNode(kindRep)
	n.min, n.max, n.subs = lo, hi, []*node{sub}
	return n, nil
}

// element = rulename / group / option / char-val / num-val / prose-val
func (p *parser) element() (*node, error) {
	if p.eof() {
		return nil, p.errorf("missing element at the end of the rule")
	}
	switch c := p.peek(); {
	case isAlpha(c):
		line := p.line()
		n := p.newNode(kindRef)
		n.text, n.line = p.rulename(), line
		return n, nil
	case c == '(' || c == '[':
		p.i++
		p.wsp()
		alt, err := p.alternation()
		if err != nil {
			return nil, err
		}
		p.wsp()
		end := byte(')')
		if c == '[' {
			end = ']'
		}
		if p.peek() != end {
			return nil, p.errorf("missing %q", string(end))
		}
		p.i++
		if c == '(' {
			return alt, nil
		}
		n := p.newNode(kindRep)
		n.min, n.max, n.subs = 0, 1, []*node{alt}
		return n, nil
	case c == '"':
		return p.charVal(true)
	case c == '%':
		return p.numVal()
	case c == '<':
		end := strings.IndexByte(p.s[p.i:], '>')
		if end < 0 {
			return nil, p.errorf("unterminated prose value")
		}
		text := p.s[p.i+1 : p.i+end]
		for i := 0; i < len(text); i++ {
			if text[i] < 0x20 || text[i] > 0x7E {
				return nil, p.errorf("invalid byte %#02x in a prose value", text[i])
			}
		}
		p.i += end + 1
		n := p.newNode(kindProse)
		n.text = text
		return n, nil
	default:
		return nil, p.errorf("unexpected %q", string(c))
	}
}

// charVal parses DQUOTE *( %x20-21 / %x23-7E ) DQUOTE.
func (p *parser) charVal(fold bool) (*node, error) {
	if p.peek() != '"' {
		return nil, p.errorf("expected a quoted string")
	}
	end := strings.IndexByte(p.s[p.i+1:], '"')
	if end < 0 {
		return nil, p.errorf("unterminated quoted string")
	}
	text := p.s[p.i+1 : p.i+1+end]
	for i := 0; i < len(text); i++ {
		if text[i] < 0x20 || text[i] > 0x7E {
			return nil, p.errorf("invalid byte %#02x in a quoted string", text[i])
		}
	}
	p.i += end + 2
	n := p.newNode(kindString)
	n.text, n.fold = text, fold
	return n, nil
}

// numVal parses "%" ( bin-val / dec-val / hex-val ), and the RFC 7405 forms
// %s"..." and %i"...".
func (p *parser) numVal() (*node, error) {
	p.i++ // "%"
	base := 0
	switch c := p.peek() | 0x20; c {
	case 'b':
		base = 2
	case 'd':
		base = 10
	case 'x':
		base = 16
	case 's', 'i':
		p.i++
		return p.charVal(c == 'i')
	default:
		return nil, p.errorf("expected b, d or x after %%")
	}
	p.i++
	first, err := p.value(base)
	if err != nil {
		return nil, err
	}
	switch p.peek() {
	case '-':
		p.i++
		last, err := p.value(base)
		if err != nil {
			return nil, err
		}
		if last < first {
			return nil, p.errorf("empty range: %d > %d", first, last)
		}
		n := p.newNode(kindRange)
		n.lo, n.hi = first, last
		return n, nil
	case '.':
		b := []byte{first}
		for p.peek() == '.' {
			p.i++
			v, err := p.value(base)
			if err != nil {
				return nil, err
			}
			b = append(b, v)
		}
		n := p.newNode(kindBytes)
		n.text = string(b)
		return n, nil
	}
	n := p.newNode(kindRange)
	n.lo, n.hi = first, first
	return n, nil
}

// value parses 1*BIT, 1*DIGIT or 1*HEXDIG in base.
func (p *parser) value(base int) (byte, error) {
	start := p.i
	for !p.eof() && digitValue(p.s[p.i]) < base {
		p.i++
	}
	if start == p.i {
		return 0, p.errorf("missing digits in a numeric value")
	}
	v, err := strconv.ParseUint(p.s[start:p.i], base, 64)
	if err != nil || v > 0xFF {
		return 0, p.errorf("numeric value %s is above 255: the matcher works on bytes", p.s[start:p.i])
	}
	return byte(v), nil
}

// digitValue returns the value of a binary, decimal or hexadecimal digit
// (either case, RFC 5234 2.3), or 16 for any other byte.
func digitValue(c byte) int {
	switch {
	case isDigit(c):
		return int(c - '0')
	case 'a' <= c|0x20 && c|0x20 <= 'f':
		return int(c|0x20-'a') + 10
	}
	return 16
}

// resolve links every rule reference to its rule.
func (g *Grammar) resolve() error {
	var err error
	var walk func(n *node)
	walk = func(n *node) {
		if n.kind == kindRef {
			idx, ok := g.index[strings.ToLower(n.text)]
			if !ok && err == nil {
				err = fmt.Errorf("abnf: line %d: undefined rule %s", n.line, n.text)
			}
			n.ref = idx
		}
		for _, s := range n.subs {
			walk(s)
		}
	}
	for _, r := range g.rules {
		walk(r.body)
	}
	return err
}

// checkLeftRecursion reports a rule that can reach itself at the position
// where it started, which would send the matcher into endless recursion.
func (g *Grammar) checkLeftRecursion() error {
	// Nullable rules (those that match the empty string), by fixpoint.
	nullable := make([]bool, len(g.rules))
	var isNullable func(n *node) bool
	isNullable = func(n *node) bool {
		switch n.kind {
		case kindAlt:
			for _, s := range n.subs {
				if isNullable(s) {
					return true
				}
			}
			return false
		case kindCat:
			for _, s := range n.subs {
				if !isNullable(s) {
					return false
				}
			}
			return true
		case kindRep:
			return n.min == 0 || n.max == 0 || isNullable(n.subs[0])
		case kindRef:
			return nullable[n.ref]
		case kindString, kindBytes:
			return n.text == ""
		case kindProse:
			return false
		}
		return false
	}
	for changed := true; changed; {
		changed = false
		for i, r := range g.rules {
			if !nullable[i] && isNullable(r.body) {
				nullable[i], changed = true, true
			}
		}
	}
	// The rules each rule may call at its own start position.
	var first func(n *node, out map[int]bool)
	first = func(n *node, out map[int]bool) {
		switch n.kind {
		case kindAlt:
			for _, s := range n.subs {
				first(s, out)
			}
		case kindCat:
			for _, s := range n.subs {
				first(s, out)
				if !isNullable(s) {
					return
				}
			}
		case kindRep:
			if n.max != 0 {
				first(n.subs[0], out)
			}
		case kindRef:
			out[n.ref] = true
		}
	}
	edges := make([][]int, len(g.rules))
	for i, r := range g.rules {
		out := map[int]bool{}
		first(r.body, out)
		for j := range g.rules {
			if out[j] {
				edges[i] = append(edges[i], j)
			}
		}
	}
	// Depth-first search for a cycle.
	const (
		unvisited = iota
		active
		done
	)
	state := make([]int, len(g.rules))
	var path []int
	var visit func(i int) error
	visit = func(i int) error {
		state[i] = active
		path = append(path, i)
		for _, j := range edges[i] {
			switch state[j] {
			case active:
				var names []string
				for k := len(path) - 1; k >= 0; k-- {
					names = append([]string{g.rules[path[k]].name}, names...)
					if path[k] == j {
						break
					}
				}
				names = append(names, g.rules[j].name)
				return fmt.Errorf("abnf: line %d: left recursion: %s", g.rules[j].line, strings.Join(names, " -> "))
			case unvisited:
				if err := visit(j); err != nil {
					return err
				}
			}
		}
		path = path[:len(path)-1]
		state[i] = done
		return nil
	}
	for i := range g.rules {
		if state[i] == unvisited {
			if err := visit(i); err != nil {
				return err
			}
		}
	}
	return nil
}
