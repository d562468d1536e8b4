package uritemplate

import (
	"slices"
	"unicode/utf8"
)

// Template is a parsed URI Template (RFC 6570 2): literals and
// expressions, in order. The zero Template is the empty template, which
// expands to "" and matches "". A Template is safe for concurrent use.
type Template struct {
	text  string
	lits  []string // len(exprs)+1 literals as expanded (3.1); lits[i] precedes exprs[i]
	offs  []int    // offset of each literal in text
	exprs []expr
	names []string // the variable names, in order of first appearance
	// matchErr is why Match cannot read every URI uniquely, or nil
	// (match.go's analyze).
	matchErr *Error
}

// expr is one expression (RFC 6570 2.2).
type expr struct {
	off   int // of the "{"
	op    *operator
	specs []varspec
	// For Match (match.go): the bytes that may follow the operator's
	// first character in an expansion, and, for a named operator with
	// many variables, their index by name.
	alpha set128
	index map[string][]int
}

// varspec is one variable of an expression with its modifier (RFC 6570
// 2.3, 2.4).
type varspec struct {
	name    string // as written, percent-encodings included
	off     int    // of the name
	modOff  int    // of the ":" or "*", when there is a modifier
	prefix  int    // max-length of a prefix modifier (2.4.1), 0 for none
	explode bool   // the explode modifier (2.4.2)
}

// operator is one row of the table of RFC 6570 Appendix A (3.2.1).
type operator struct {
	char     byte // the operator in the template; 0 for none
	first    byte // written before the first defined value; 0 for ""
	sep      byte // written between values
	named    bool // values are written as name=value (3.2.7-3.2.9)
	ifemp    bool // an empty value writes "name=" (true) or "name" (false)
	reserved bool // reserved characters and pct-encoded triplets pass (3.2.3, 3.2.4)
}

// operators is RFC 6570 Appendix A's table: none, "+", "#", ".", "/", ";",
// "?", "&".
var operators = [...]operator{
	{char: 0, first: 0, sep: ','},
	{char: '+', first: 0, sep: ',', reserved: true},
	{char: '#', first: '#', sep: ',', reserved: true},
	{char: '.', first: '.', sep: '.'},
	{char: '/', first: '/', sep: '/'},
	{char: ';', first: ';', sep: ';', named: true},
	{char: '?', first: '?', sep: '&', named: true, ifemp: true},
	{char: '&', first: '&', sep: '&', named: true, ifemp: true},
}

// operatorOf returns the operator written as c, or nil.
func operatorOf(c byte) *operator {
	for i := 1; i < len(operators); i++ {
		if operators[i].char == c {
			return &operators[i]
		}
	}
	return nil
}

// Parse parses a URI Template (RFC 6570 2): literals (2.1) and
// expressions (2.2) of any level up to 4, with their variable names
// (2.3) and modifiers (2.4). It is strict: any text outside the grammar
// is an *Error with the offset of the first byte that cannot be read and
// a reason (ErrUnclosedExpression, ErrInvalidLiteral, ErrInvalidEscape,
// ErrInvalidOperator, ErrInvalidVarname, ErrInvalidPrefix,
// ErrInvalidModifier). It is linear in the template, and allocates the
// Template's tables only.
func Parse(s string) (Template, error) {
	t := Template{text: s}
	litStart, encodeLit := 0, false
	endLit := func(end int) {
		lit := s[litStart:end]
		if encodeLit {
			lit = string(encodeLiteral(nil, lit))
		}
		t.lits = append(t.lits, lit)
		t.offs = append(t.offs, litStart)
		encodeLit = false
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '{':
			endLit(i)
			e, end, err := parseExpr(s, i)
			if err != nil {
				return Template{}, err
			}
			t.exprs = append(t.exprs, e)
			i = end
			litStart = end
		case c == '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return Template{}, &Error{Offset: i, Err: ErrInvalidEscape}
			}
			i += 3
		case c < utf8.RuneSelf:
			if class[c]&classLiteral == 0 {
				return Template{}, &Error{Offset: i, Err: ErrInvalidLiteral}
			}
			i++
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 || !ucsOrPrivate(r) {
				return Template{}, &Error{Offset: i, Err: ErrInvalidLiteral}
			}
			encodeLit = true
			i += size
		}
	}
	endLit(len(s))
	if len(t.exprs) == 0 && s == "" {
		return Template{}, nil
	}
	t.names = varnames(t.exprs)
	analyze(&t)
	return t, nil
}

// varnames returns the names of the variables of exprs in order of first
// appearance, each once: by a scan of the names so far for a template of
// a few variables, through a set for a larger one, so that Parse stays
// linear.
func varnames(exprs []expr) []string {
	var names []string
	var seen map[string]bool
	for i := range exprs {
		for _, vs := range exprs[i].specs {
			if seen == nil && len(names) >= 16 {
				seen = make(map[string]bool, 2*len(names))
				for _, n := range names {
					seen[n] = true
				}
			}
			if seen != nil {
				if !seen[vs.name] {
					seen[vs.name] = true
					names = append(names, vs.name)
				}
				continue
			}
			if !slices.Contains(names, vs.name) {
				names = append(names, vs.name)
			}
		}
	}
	return names
}

// MustParse is Parse (RFC 6570 2) for templates known to be valid, such
// as package variables and tests: it panics on an error.
func MustParse(s string) Template {
	t, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return t
}

// String returns the template as parsed (RFC 6570 2), byte for byte.
func (t Template) String() string { return t.text }

// MarshalText implements [encoding.TextMarshaler]: the template as
// parsed (RFC 6570 2).
func (t Template) MarshalText() ([]byte, error) { return []byte(t.text), nil }

// UnmarshalText implements [encoding.TextUnmarshaler] with Parse (RFC
// 6570 2), so that a template can be a field of a configuration file; on
// an error *t is unchanged.
func (t *Template) UnmarshalText(text []byte) error {
	p, err := Parse(string(text))
	if err != nil {
		return err
	}
	*t = p
	return nil
}

// Varnames returns the names of the template's variables in order of
// first appearance, each once (RFC 6570 2.3), as a new slice.
func (t Template) Varnames() []string { return append([]string(nil), t.names...) }

// parseExpr parses the expression whose "{" is at s[i] (RFC 6570 2.2)
// and returns it with the offset just past its "}".
func parseExpr(s string, i int) (expr, int, error) {
	e := expr{off: i, op: &operators[0]}
	j := i + 1
	unclosed := &Error{Offset: i, Err: ErrUnclosedExpression}
	if j >= len(s) {
		return e, 0, unclosed
	}
	switch s[j] {
	case '=', ',', '!', '@', '|':
		return e, 0, &Error{Offset: j, Err: ErrInvalidOperator}
	default:
		if op := operatorOf(s[j]); op != nil {
			e.op = op
			j++
		}
	}
	for {
		vs := varspec{off: j}
		// varname = varchar *( ["."] varchar )
		for {
			if j >= len(s) {
				return e, 0, unclosed
			}
			c := s[j]
			switch {
			case class[c]&classVarchar != 0:
				j++
			case c == '%':
				if j+2 >= len(s) {
					return e, 0, unclosed
				}
				if !isHex(s[j+1]) || !isHex(s[j+2]) {
					return e, 0, &Error{Offset: j, Err: ErrInvalidEscape}
				}
				j += 3
			default:
				return e, 0, &Error{Offset: j, Err: ErrInvalidVarname}
			}
			if j >= len(s) {
				return e, 0, unclosed
			}
			if s[j] == '.' {
				j++
				continue
			}
			if class[s[j]]&classVarchar == 0 && s[j] != '%' {
				break
			}
		}
		vs.name = s[vs.off:j]
		switch s[j] {
		case ':':
			vs.modOff = j
			j++
			n, k := 0, 0
			for ; j < len(s) && k < 4 && '0' <= s[j] && s[j] <= '9'; j, k = j+1, k+1 {
				if k == 0 && s[j] == '0' {
					break
				}
				n = n*10 + int(s[j]-'0')
			}
			if j >= len(s) {
				return e, 0, unclosed
			}
			if k == 0 || '0' <= s[j] && s[j] <= '9' {
				return e, 0, &Error{Offset: j, Err: ErrInvalidPrefix}
			}
			vs.prefix = n
		case '*':
			vs.modOff = j
			vs.explode = true
			j++
		}
		if j >= len(s) {
			return e, 0, unclosed
		}
		e.specs = append(e.specs, vs)
		switch c := s[j]; {
		case c == ',':
			j++
			continue
		case c == '}':
			return e, j + 1, nil
		case vs.modOff != 0 && (c == ':' || c == '*'):
			return e, 0, &Error{Offset: j, Err: ErrInvalidModifier}
		case vs.prefix != 0:
			return e, 0, &Error{Offset: j, Err: ErrInvalidPrefix}
		case vs.explode:
			return e, 0, &Error{Offset: j, Err: ErrInvalidModifier}
		default:
			return e, 0, &Error{Offset: j, Err: ErrInvalidVarname}
		}
	}
}

// encodeLiteral appends lit to dst as RFC 6570 3.1 expands a literal:
// URI characters and pct-encoded triplets as they are, every other
// character as the pct-encoded octets of its UTF-8 form.
func encodeLiteral(dst []byte, lit string) []byte {
	for i := 0; i < len(lit); i++ {
		if c := lit[i]; c < utf8.RuneSelf {
			dst = append(dst, c)
		} else {
			dst = append(dst, '%', upperHex[c>>4], upperHex[c&15])
		}
	}
	return dst
}

// ucsOrPrivate reports whether r is a ucschar or an iprivate of RFC 3987
// 2.2, the non-ASCII characters RFC 6570 2.1 allows in literals.
func ucsOrPrivate(r rune) bool {
	switch {
	case r < 0xA0:
		return false
	case r <= 0xD7FF:
		return true
	case r < 0xE000: // surrogates
		return false
	case r <= 0xF8FF: // iprivate
		return true
	case r <= 0xFDCF:
		return true // F900-FDCF
	case r < 0xFDF0:
		return false
	case r <= 0xFFEF:
		return true
	case r < 0x10000:
		return false
	}
	// Planes 1 to 16: xFFFE and xFFFF of each plane are excluded; E0000-
	// E0FFF (tags) is neither ucschar nor iprivate.
	if r&0xFFFF >= 0xFFFE {
		return false
	}
	return r < 0xE0000 || r >= 0xE1000
}

// Character classes (RFC 3986 2.2, 2.3; RFC 6570 2.1, 2.3).
const (
	classUnreserved = 1 << iota // ALPHA DIGIT - . _ ~
	classReserved               // gen-delims and sub-delims
	classLiteral                // the ASCII characters of RFC 6570 2.1 literals
	classVarchar                // ALPHA DIGIT _ (RFC 6570 2.3, pct-encoded aside)
)

var class = func() (t [256]uint8) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] |= classUnreserved | classVarchar
		t[c-'a'+'A'] |= classUnreserved | classVarchar
	}
	for c := '0'; c <= '9'; c++ {
		t[c] |= classUnreserved | classVarchar
	}
	t['_'] |= classVarchar
	for _, c := range "-._~" {
		t[c] |= classUnreserved
	}
	for _, c := range ":/?#[]@!$&'()*+,;=" {
		t[c] |= classReserved
	}
	// literals: %x21 / %x23-24 / %x26 / %x28-3B / %x3D / %x3F-5B / %x5D /
	// %x5F / %x61-7A / %x7E: the URI characters but "'" and "%".
	for c := 0; c < 128; c++ {
		if t[c]&(classUnreserved|classReserved) != 0 && c != '\'' {
			t[c] |= classLiteral
		}
	}
	return t
}()

const upperHex = "0123456789ABCDEF"

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}
