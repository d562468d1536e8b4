package uritemplate

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// This file holds the slow, literal references that the fuzz targets
// check the fast code against: expandSlow transcribes the expansion
// algorithm of RFC 6570 Appendix A with the character sets of RFC 3986
// 2.2 and 2.3 written out, and matchSlow tries every split of a URI into
// the template's expressions.

const (
	slowUnreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
	slowReserved   = ":/?#[]@!$&'()*+,;="
)

// slowOp is a row of Appendix A's table.
type slowOp struct {
	first, sep, ifemp string
	named, allowR     bool
}

var slowOps = map[string]slowOp{
	"":  {first: "", sep: ",", ifemp: ""},
	"+": {first: "", sep: ",", ifemp: "", allowR: true},
	".": {first: ".", sep: ".", ifemp: ""},
	"/": {first: "/", sep: "/", ifemp: ""},
	";": {first: ";", sep: ";", ifemp: "", named: true},
	"?": {first: "?", sep: "&", ifemp: "=", named: true},
	"&": {first: "&", sep: "&", ifemp: "=", named: true},
	"#": {first: "#", sep: ",", ifemp: "", allowR: true},
}

// slowEncode is Appendix A's "apply ... encoding": U, or U+R which also
// keeps pct-encoded triplets.
func slowEncode(s string, allowR bool) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case strings.IndexByte(slowUnreserved, c) >= 0:
			b.WriteByte(c)
		case allowR && strings.IndexByte(slowReserved, c) >= 0:
			b.WriteByte(c)
		case allowR && c == '%' && i+2 < len(s) && strings.ContainsRune("0123456789abcdefABCDEF", rune(s[i+1])) && strings.ContainsRune("0123456789abcdefABCDEF", rune(s[i+2])):
			b.WriteString(s[i : i+3])
			i += 2
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// slowLiteral expands a literal (3.1) as written in the template.
func slowLiteral(lit string) string {
	var b strings.Builder
	for _, r := range lit {
		if r < utf8.RuneSelf {
			b.WriteRune(r)
			continue
		}
		for _, c := range []byte(string(r)) {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// expandSlow expands the template text tmpl, assumed valid, following
// Appendix A line by line; ok is false where the fast code must report
// ErrPrefixComposite.
func expandSlow(tmpl string, vars Vars) (string, bool) {
	var out strings.Builder
	for tmpl != "" {
		open := strings.IndexByte(tmpl, '{')
		if open < 0 {
			out.WriteString(slowLiteral(tmpl))
			break
		}
		out.WriteString(slowLiteral(tmpl[:open]))
		closing := strings.IndexByte(tmpl[open:], '}') + open
		body := tmpl[open+1 : closing]
		tmpl = tmpl[closing+1:]
		opName := ""
		if body != "" && strings.IndexByte("+#./;?&", body[0]) >= 0 {
			opName, body = body[:1], body[1:]
		}
		op := slowOps[opName]
		first := true
		for _, spec := range strings.Split(body, ",") {
			name, explode, maxLen := spec, false, 0
			if n, ok := strings.CutSuffix(name, "*"); ok {
				name, explode = n, true
			}
			if n, l, ok := strings.Cut(name, ":"); ok {
				name = n
				fmt.Sscan(l, &maxLen)
			}
			v := vars[name]
			if !v.Defined() {
				continue
			}
			if first {
				out.WriteString(op.first)
				first = false
			} else {
				out.WriteString(op.sep)
			}
			if v.Kind() == KindString {
				s := v.Text()
				if maxLen > 0 {
					rs := []rune(s) // invalid bytes: one rune each, as RuneError
					if len(rs) > maxLen {
						// cut the bytes of the first maxLen characters
						n := 0
						for i := 0; i < maxLen; i++ {
							_, size := utf8.DecodeRuneInString(s[n:])
							n += size
						}
						s = s[:n]
					}
				}
				if op.named {
					out.WriteString(name)
					if s == "" {
						out.WriteString(op.ifemp)
						continue
					}
					out.WriteString("=")
				}
				out.WriteString(slowEncode(s, op.allowR))
				continue
			}
			if maxLen > 0 {
				return "", false
			}
			var parts []string
			if !explode {
				if op.named {
					out.WriteString(name + "=")
				}
				for _, it := range v.Items() {
					parts = append(parts, slowEncode(it, op.allowR))
				}
				for _, p := range v.Pairs() {
					parts = append(parts, slowEncode(p.Key, op.allowR), slowEncode(p.Value, op.allowR))
				}
				out.WriteString(strings.Join(parts, ","))
				continue
			}
			for _, it := range v.Items() {
				if op.named {
					if it == "" {
						parts = append(parts, name+op.ifemp)
					} else {
						parts = append(parts, name+"="+slowEncode(it, op.allowR))
					}
				} else {
					parts = append(parts, slowEncode(it, op.allowR))
				}
			}
			for _, p := range v.Pairs() {
				k := slowEncode(p.Key, op.allowR)
				if op.named && p.Value == "" {
					parts = append(parts, k+op.ifemp)
				} else {
					parts = append(parts, k+"="+slowEncode(p.Value, op.allowR))
				}
			}
			out.WriteString(strings.Join(parts, op.sep))
		}
	}
	return out.String(), true
}

// matchSlow returns every reading of u that Match's per-expression reader
// gives for some split of u into the template's parts, and that expands
// back to u. It tries every split, so it is exponential in the number of
// expressions: for short inputs only. Where Match succeeds, the extent
// that its single scan chose must be the only one that gives a reading.
func matchSlow(t Template, u string) []Vars {
	if len(t.lits) == 0 {
		if u == "" {
			return []Vars{{}}
		}
		return nil
	}
	var found []Vars
	var try func(i, pos int, ends []int)
	try = func(i, pos int, ends []int) {
		lit := t.lits[i]
		if !strings.HasPrefix(u[pos:], lit) {
			return
		}
		pos += len(lit)
		if i == len(t.exprs) {
			if pos != len(u) {
				return
			}
			r := reader{u: u, vars: Vars{}}
			start := len(t.lits[0])
			for k := range t.exprs {
				e := &t.exprs[k]
				a, b := start, ends[k]
				if e.op.first != 0 && a < b {
					if u[a] != e.op.first {
						return
					}
					a++
				} else if e.op.first != 0 {
					a = -1
				}
				if a >= 0 && (e.op.first != 0 || b > a) {
					if err := r.read(e, a, b); err != nil {
						return
					}
				}
				start = b + len(t.lits[k+1])
			}
			w := writer{mode: modeAppend}
			if t.expand(&w, r.vars) == nil && string(w.b) == u {
				found = append(found, r.vars)
			}
			return
		}
		for end := pos; end <= len(u); end++ {
			try(i+1, end, append(ends, end))
		}
	}
	try(0, 0, nil)
	return found
}
