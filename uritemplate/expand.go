package uritemplate

import (
	"errors"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/urikit/urikit/uri"
)

// Expand returns the expansion of t over vars (RFC 6570 3): each literal
// as 3.1 says, each expression as 3.2 and Appendix A say, for every
// operator and modifier; undefined variables are skipped (2.3, 3.2.1).
// Values are encoded as 3.2.1 says: as UTF-8, then each octet outside the
// operator's allowed set as a pct-encoded triplet with uppercase hex
// digits ("+" and "#" let reserved characters and pct-encoded triplets
// through).
//
// Expansion is strict: a prefix modifier on a list or an associative
// array is an *Error with ErrPrefixComposite (2.4.1), and an expansion
// that is not a URI-reference (RFC 3986 4.1), which only "+" and "#" or
// the template's own literals can cause, is an *Error with
// ErrNotURIReference that also wraps the *uri.Error. Expand writes the
// expansion into a buffer that it reuses from call to call (a
// sync.Pool, which the collector may empty now and then), checks it,
// and copies it into the result: one allocation, the result's, and none
// for an empty expansion. It runs in time linear in the template and the values it
// writes.
func (t Template) Expand(vars Vars) (string, error) {
	bp := bufPool.Get().(*[]byte)
	w := writer{b: (*bp)[:0], mode: modeAppend}
	err := t.expand(&w, vars)
	var s string
	if err == nil && len(w.b) > 0 {
		err = t.checkReference(unsafe.String(unsafe.SliceData(w.b), len(w.b)), vars)
		if err == nil {
			s = string(w.b)
		}
	}
	if cap(w.b) <= maxPooled {
		*bp = w.b
		bufPool.Put(bp)
	}
	return s, err
}

// bufPool holds Expand's buffers; one longer than maxPooled is left to
// the collector.
var bufPool = sync.Pool{New: func() any { b := make([]byte, 0, 256); return &b }}

const maxPooled = 64 << 10

// AppendExpand appends the expansion of t over vars to dst, as Expand
// writes it, and returns the extended buffer; it allocates only when dst
// is too short. On an error it returns dst unchanged.
func (t Template) AppendExpand(dst []byte, vars Vars) ([]byte, error) {
	w := writer{b: dst, mode: modeAppend}
	if err := t.expand(&w, vars); err != nil {
		return dst, err
	}
	out := w.b[len(dst):]
	if err := t.checkReference(unsafe.String(unsafe.SliceData(out), len(out)), vars); err != nil {
		return dst, err
	}
	return w.b, nil
}

// checkReference returns nil when s, the expansion of t over vars, is a
// URI-reference, and otherwise an *Error that points at the expression
// whose value made it invalid and names that variable: the one that
// wrote the byte uri.ParseReference rejects; or, when a literal wrote
// it, the nearest expression before it whose value wrote a reserved
// character (RFC 6570 3.2.3, 3.2.4: "+" and "#" let them through), else
// an empty string ("{x}:y" with x = ""); else the literal itself.
func (t Template) checkReference(s string, vars Vars) error {
	_, err := uri.ParseReference(s)
	if err == nil {
		return nil
	}
	var ue *uri.Error
	at := 0
	if errors.As(err, &ue) {
		at = ue.Offset
	}
	// Write the expansion again, with its Parts, up to the part that
	// holds the byte at.
	var parts []Part
	w := writer{mode: modeCount, parts: &parts}
	off := -1
	culprit, name := -1, ""
	reserved, empty := -1, -1  // the nearest Parts so far of each kind
	owner := make([]int, 0, 8) // the expression of each Part
	for i := 0; i <= len(t.exprs) && off < 0; i++ {
		w.str(t.lits[i])
		if w.n > at || i == len(t.exprs) {
			off = int(t.offs[i])
			break
		}
		from := len(parts)
		t.exprs[i].expand(&w, vars)
		for k := from; k < len(parts); k++ {
			owner = append(owner, i)
			p := parts[k]
			switch {
			case p.Start > at:
			case p.Start == p.End:
				empty = k
			case hasReserved(s[p.Start:min(p.End, len(s))]):
				reserved = k
			}
		}
		if w.n > at {
			// The byte is this expression's: the Part that holds it,
			// else the first after it, else the last.
			culprit = i
			name = ""
			for k := from; k < len(parts); k++ {
				name = parts[k].Name
				if parts[k].End > at {
					break
				}
			}
			off = int(t.exprs[i].off)
		}
	}
	if culprit < 0 {
		k := reserved
		if k < 0 {
			k = empty
		}
		if k >= 0 {
			culprit, name = owner[k], parts[k].Name
			off = int(t.exprs[culprit].off)
		}
	}
	return &Error{Offset: max(off, 0), Err: notURIError{uerr: err, name: name}}
}

// hasReserved reports whether s holds a reserved character (RFC 3986
// 2.2).
func hasReserved(s string) bool {
	for i := 0; i < len(s); i++ {
		if class[s[i]]&classReserved != 0 {
			return true
		}
	}
	return false
}

// expand writes the expansion of t into w.
func (t Template) expand(w *writer, vars Vars) error {
	if len(t.lits) == 0 {
		return nil // the zero Template
	}
	for i := range t.exprs {
		w.str(t.lits[i])
		if err := t.exprs[i].expand(w, vars); err != nil {
			return err
		}
	}
	w.str(t.lits[len(t.exprs)])
	return nil
}

// expand writes the expansion of one expression (RFC 6570 3.2.1 and
// Appendix A).
func (e *expr) expand(w *writer, vars Vars) error {
	op := e.op
	wrote := false
	for i := range e.specs {
		vs := &e.specs[i]
		v := vars[vs.name]
		if v.kind == KindUndefined {
			continue
		}
		if v.kind != KindString && vs.prefix > 0 {
			return &Error{Offset: int(vs.modOff), Err: ErrPrefixComposite}
		}
		if !wrote {
			if op.first != 0 {
				w.byte(op.first)
			}
			wrote = true
		} else {
			w.byte(op.sep)
		}
		switch {
		case v.kind == KindString:
			s := v.str
			if vs.prefix > 0 {
				s = prefix(s, int(vs.prefix))
			}
			w.named(op, vs.name, 0, s)
		case !vs.explode:
			// A composite value is never empty: it would be undefined.
			// An associative array writes its keys and values alike.
			if op.named {
				w.str(vs.name)
				w.byte('=')
			}
			for k, it := range v.items {
				if k > 0 {
					w.byte(',')
				}
				w.value(vs.name, k, it, op.reserved)
			}
		case v.kind == KindList: // explode (2.4.2)
			for k, it := range v.items {
				if k > 0 {
					w.byte(op.sep)
				}
				w.named(op, vs.name, k, it)
			}
		default: // an exploded associative array
			for k := 0; k+1 < len(v.items); k += 2 {
				if k > 0 {
					w.byte(op.sep)
				}
				w.value(vs.name, k, v.items[k], op.reserved)
				w.valueAfterName(op, vs.name, k+1, v.items[k+1])
			}
		}
	}
	return nil
}

// named writes s, the item-th string of the value of variable name (see
// Part), as operator op writes one value (RFC 6570 3.2.1, Appendix A):
// for a named operator, after the name and "=".
func (w *writer) named(op *operator, name string, item int, s string) {
	if !op.named {
		w.value(name, item, s, op.reserved)
		return
	}
	w.str(name)
	w.valueAfterName(op, name, item, s)
}

// valueAfterName writes "=" and s, the item-th string of the value of
// variable name, after a name (a variable's, or an exploded associative
// array's): a named operator whose ifemp is "" writes no "=" before an
// empty string (RFC 6570 3.2.7, Appendix A).
func (w *writer) valueAfterName(op *operator, name string, item int, s string) {
	if !op.named || s != "" || op.ifemp {
		w.byte('=')
	}
	w.value(name, item, s, op.reserved)
}

// value writes s, the item-th string of the value of variable name,
// encoded (encode), and notes where it stands when w keeps the Parts.
func (w *writer) value(name string, item int, s string, reserved bool) {
	start := w.n
	encode(w, s, reserved)
	if w.parts != nil {
		*w.parts = append(*w.parts, Part{Name: name, Item: item, Start: start, End: w.n})
	}
}

// prefix returns the first n characters of s (RFC 6570 2.4.1: of the
// value as a Unicode string); a byte that is not part of valid UTF-8
// counts as one character.
func prefix(s string, n int) string {
	for i, k := 0, 0; i < len(s); k++ {
		if k == n {
			return s[:i]
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return s
}

// encode writes s as RFC 6570 3.2.1 encodes a value: unreserved
// characters as they are, and with reserved also the reserved characters
// and the pct-encoded triplets; every other octet as a pct-encoded
// triplet.
func encode(w *writer, s string, reserved bool) {
	allowed := uint8(classUnreserved)
	if reserved {
		allowed |= classReserved
	}
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if class[c]&allowed != 0 {
			continue
		}
		if reserved && c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			i += 2
			continue
		}
		w.str(s[start:i])
		w.pct(c)
		start = i + 1
	}
	w.str(s[start:])
}

// writer modes: count the bytes of an expansion, append them, or compare
// them with a text (Match's check of its reading).
const (
	modeCount = iota
	modeAppend
	modeCompare
)

// writer receives an expansion: one code path measures, writes and
// compares, so that the three cannot disagree.
type writer struct {
	b     []byte
	parts *[]Part // where each value's strings stand, when not nil
	n     int     // bytes received
	mode  uint8
	cmp   string // modeCompare: the text to compare with
	diff  int    // modeCompare: offset of the first difference, -1 while none
}

func (w *writer) str(s string) {
	switch w.mode {
	case modeAppend:
		w.b = append(w.b, s...)
	case modeCompare:
		if w.diff < 0 {
			rest := w.cmp[min(w.n, len(w.cmp)):]
			k := 0
			for k < len(s) && k < len(rest) && s[k] == rest[k] {
				k++
			}
			if k < len(s) {
				w.diff = w.n + k
			}
		}
	}
	w.n += len(s)
}

func (w *writer) byte(c byte) {
	switch w.mode {
	case modeAppend:
		w.b = append(w.b, c)
	case modeCompare:
		if w.diff < 0 && (w.n >= len(w.cmp) || w.cmp[w.n] != c) {
			w.diff = w.n
		}
	}
	w.n++
}

func (w *writer) pct(c byte) {
	if w.mode == modeAppend {
		w.b = append(w.b, '%', upperHex[c>>4], upperHex[c&15])
		w.n += 3
		return
	}
	w.byte('%')
	w.byte(upperHex[c>>4])
	w.byte(upperHex[c&15])
}
