package uritemplate

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// Template is a parsed URI Template (RFC 6570 2): literals and
// expressions, in order. The zero Template is the empty template, which
// expands to "" and matches "". A Template is safe for concurrent use.
type Template struct {
	text  string
	lits  []string // len(exprs)+1 literals as expanded (3.1); lits[i] precedes exprs[i]
	offs  []int32  // offset of each literal in text
	exprs []expr
	names []string // the variable names, in order of first appearance
	// matchErr is why Match cannot read every URI uniquely, or nil
	// (match.go's analyze).
	matchErr *Error
	// runs is, for Match, the names of the variables of the runs of
	// named expressions (match.go's runTable), or nil.
	runs *runTable
}

// expr is one expression (RFC 6570 2.2). Its specs share one array with
// those of the other expressions of the template.
type expr struct {
	specs []varspec
	op    *operator
	// For Match (match.go): for a named operator with many variables,
	// where each name stands among specs.
	index *nameIndex
	off   int32 // of the "{"
	// alpha is, for Match, the index in alphas of the bytes that may
	// follow the operator's first character in an expansion.
	alpha uint8
	// explode: a varspec of the expression has the explode modifier.
	explode bool
	// byName: Match ends this named expression by the names of its
	// pieces, as the character after it may be its own operator or
	// separator, written by a later named expression (match.go's
	// analyze).
	byName bool
}

// varspec is one variable of an expression with its modifier (RFC 6570
// 2.3, 2.4).
type varspec struct {
	name    string // as written, percent-encodings included
	off     int32  // of the name
	modOff  int32  // of the ":" or "*", when there is a modifier
	prefix  uint16 // max-length of a prefix modifier (2.4.1), 0 for none
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

// MaxLen is the length, in bytes, above which Parse refuses a template
// (RFC 6570 2 sets no limit; offsets are 32-bit).
const MaxLen = 1<<31 - 1

// Parse parses a URI Template (RFC 6570 2): literals (2.1) and
// expressions (2.2) of any level up to 4, with their variable names
// (2.3) and modifiers (2.4). It is strict: any text outside the grammar
// is an *Error with the offset of the first byte that cannot be read and
// a reason (ErrUnclosedExpression, ErrInvalidLiteral, ErrInvalidEscape,
// ErrInvalidOperator, ErrInvalidVarname, ErrInvalidPrefix,
// ErrInvalidModifier). A template longer than MaxLen bytes is ErrTooLong
// at offset MaxLen.
//
// Parse is linear in the template, in time and in memory: it counts the
// expressions and variables first and allocates each table once, at its
// size, with no copy of the text but the expansion of the literals that
// hold non-ASCII characters, all in one string. It allocates at most
// about 40 bytes a template byte, for the densest templates (one-letter
// expressions, "{x}{x}...", or thousands of distinct names), and far
// less for templates that are mostly literal text.
func Parse(s string) (Template, error) {
	if len(s) > MaxLen {
		return Template{}, &Error{Offset: MaxLen, Err: ErrTooLong}
	}
	if s == "" {
		return Template{}, nil
	}
	nExprs, nSpecs := count(s)
	t := Template{
		text:  s,
		lits:  make([]string, 0, nExprs+1),
		offs:  make([]int32, 0, nExprs+1),
		exprs: make([]expr, 0, nExprs),
	}
	specs := make([]varspec, 0, nSpecs)
	// The literals that hold non-ASCII characters, encoded (3.1) into
	// one buffer: enc[i] is the end in it of lits[i], -1 for a literal
	// that is text as written.
	var encoded []byte
	var ends []int
	litStart, encodeLit := 0, false
	endLit := func(end int) {
		lit := s[litStart:end]
		if encodeLit {
			if ends == nil {
				ends = make([]int, 0, nExprs+1)
			}
			for len(ends) < len(t.lits) {
				ends = append(ends, -1)
			}
			encoded = encodeLiteral(encoded, lit)
			ends = append(ends, len(encoded))
		}
		t.lits = append(t.lits, lit)
		t.offs = append(t.offs, int32(litStart))
		encodeLit = false
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '{':
			endLit(i)
			e, end, err := parseExpr(s, i, &specs)
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
	if encoded != nil {
		all, start := string(encoded), 0
		for i, end := range ends {
			if end >= 0 {
				t.lits[i] = all[start:end]
				start = end
			}
		}
	}
	t.names = varnames(t.exprs, len(specs))
	analyze(&t)
	return t, nil
}

// count returns how many expressions s holds, and how many varspecs at
// the most: the "{" that open an expression, and one more for each ","
// inside one. Parse allocates its tables at these sizes.
func count(s string) (exprs, specs int) {
	for i := 0; i < len(s); {
		k := strings.IndexByte(s[i:], '{')
		if k < 0 {
			break
		}
		i += k + 1
		exprs++
		specs++
		end := strings.IndexByte(s[i:], '}')
		if end < 0 {
			end = len(s) - i
		}
		specs += strings.Count(s[i:i+end], ",")
		i += end
	}
	return exprs, specs
}

// varnames returns the names of the variables of exprs in order of first
// appearance, each once: by a scan of the names so far for a template of
// a few variables, through a set for a larger one (of at most specs
// names), so that Parse stays linear.
func varnames(exprs []expr, specs int) []string {
	var names []string
	var seen map[string]struct{}
	for i := range exprs {
		for _, vs := range exprs[i].specs {
			if seen == nil && len(names) >= 16 {
				seen = make(map[string]struct{}, specs)
				for _, n := range names {
					seen[n] = struct{}{}
				}
			}
			if seen != nil {
				if _, ok := seen[vs.name]; !ok {
					seen[vs.name] = struct{}{}
					names = append(names, vs.name)
				}
				continue
			}
			if !slices.Contains(names, vs.name) {
				names = append(names, vs.name)
			}
		}
	}
	return slices.Clip(names)
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
// and returns it with the offset just past its "}". Its varspecs are
// appended to *specs, which has room for them: e.specs shares its array.
func parseExpr(s string, i int, specs *[]varspec) (expr, int, error) {
	e := expr{off: int32(i), op: &operators[0]}
	first := len(*specs)
	j := i + 1
	if j >= len(s) {
		return e, 0, unclosed(i)
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
		vs := varspec{off: int32(j)}
		// varname = varchar *( ["."] varchar )
		for {
			if j >= len(s) {
				return e, 0, unclosed(i)
			}
			c := s[j]
			switch {
			case class[c]&classVarchar != 0:
				j++
			case c == '%':
				if j+2 >= len(s) {
					return e, 0, unclosed(i)
				}
				if !isHex(s[j+1]) || !isHex(s[j+2]) {
					return e, 0, &Error{Offset: j, Err: ErrInvalidEscape}
				}
				j += 3
			default:
				return e, 0, &Error{Offset: j, Err: ErrInvalidVarname}
			}
			if j >= len(s) {
				return e, 0, unclosed(i)
			}
			if s[j] == '.' {
				j++
				continue
			}
			if class[s[j]]&classVarchar == 0 && s[j] != '%' {
				break
			}
		}
		vs.name = s[int(vs.off):j]
		switch s[j] {
		case ':':
			vs.modOff = int32(j)
			j++
			n, k := 0, 0
			for ; j < len(s) && k < 4 && '0' <= s[j] && s[j] <= '9'; j, k = j+1, k+1 {
				if k == 0 && s[j] == '0' {
					break
				}
				n = n*10 + int(s[j]-'0')
			}
			if j >= len(s) {
				return e, 0, unclosed(i)
			}
			if k == 0 || '0' <= s[j] && s[j] <= '9' {
				return e, 0, &Error{Offset: j, Err: ErrInvalidPrefix}
			}
			vs.prefix = uint16(n)
		case '*':
			vs.modOff = int32(j)
			vs.explode = true
			j++
		}
		if j >= len(s) {
			return e, 0, unclosed(i)
		}
		*specs = append(*specs, vs)
		switch c := s[j]; {
		case c == ',':
			j++
			continue
		case c == '}':
			e.specs = (*specs)[first:len(*specs):len(*specs)]
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

// unclosed is the error of the expression whose "{" is at offset i when
// the template ends inside it.
func unclosed(i int) error { return &Error{Offset: i, Err: ErrUnclosedExpression} }

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
