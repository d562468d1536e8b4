package templatecmd

// This file holds what "template" shows of secrets: a template is not a
// URI, and a variable's value is not the URI it was read from, so each
// is masked by its place in a URI, and only a secret's bytes change.

import (
	"slices"
	"strings"

	"github.com/urikit/urikit/cmd/urikit/internal/record"
	"github.com/urikit/urikit/internal/tmpldecode"
	"github.com/urikit/urikit/uri"
	"github.com/urikit/urikit/uritemplate"
)

// ShowTemplate returns the URI Template text (RFC 6570 2) as shown:
// unless showSecrets, with the secrets of its literals masked and no
// other byte changed. A template is not a URI, and its expressions are
// never masked: the secrets are those that record.Mask finds in the
// template with each expression ("{" to the next "}", or to the end of
// an unclosed one) replaced by a placeholder of its length, its
// operator's first character then "x"s, of which only the bytes of
// literals are masked. "https://ana:s3cret@h/{x}" shows as
// "https://ana:xxxxx@h/{x}", "https://h/?token=abc{&x}" as
// "https://h/?token=xxxxx{&x}", "https://{user}:{pw}@h/" as it is.
func ShowTemplate(text string, showSecrets bool) record.Shown {
	if showSecrets {
		return record.ShownAs(text)
	}
	exprs := expressions(text)
	if len(exprs) == 0 {
		return record.Mask(text)
	}
	ph := []byte(text)
	for _, e := range exprs {
		for i := e[0]; i < e[1]; i++ {
			ph[i] = 'x'
		}
		if e[0]+1 < e[1] {
			switch c := text[e[0]+1]; c {
			case '#', '.', '/', ';', '?', '&':
				ph[e[0]] = c
			}
		}
	}
	m := record.Mask(string(ph))
	if len(m.Spans) == 0 {
		return record.ShownAs(text)
	}
	spans := m.Spans[:0:0]
	var raw [][2]int
	k := 0
	for _, sp := range m.Spans {
		// The bytes of sp outside every expression.
		for a := sp.Start; a < sp.End; {
			for k < len(exprs) && exprs[k][1] <= a {
				k++
			}
			b := sp.End
			if k < len(exprs) {
				if exprs[k][0] <= a {
					a = exprs[k][1]
					continue
				}
				b = min(b, exprs[k][0])
			}
			piece := sp
			piece.Start, piece.End = a, b
			spans = append(spans, piece)
			raw = append(raw, [2]int{a, b})
			a = b
		}
	}
	if len(spans) == 0 {
		return record.ShownAs(text)
	}
	return record.Shown{Src: text, Text: uri.Mask(text, raw), Spans: spans}
}

// showTemplateWith returns shown, the template text as ShowTemplate shows
// it, with every occurrence of a secret of its expansion out (the spans
// that out shows masked) masked too: a secret that the template's own
// literals write but that only the expansion shows as one
// ("?to{x}ken=abcd" with x empty writes "?token=abcd"). A secret shorter
// than four bytes is left alone: its occurrences would be any such text.
func showTemplateWith(text string, shown record.Shown, out string, spans [][2]int) record.Shown {
	extra := shownSpans(shown)
	added := false
	for _, sp := range spans {
		secret := out[sp[0]:sp[1]]
		if len(secret) < 4 || secret == uri.RedactMask {
			continue
		}
		for i := 0; ; {
			j := strings.Index(text[i:], secret)
			if j < 0 {
				break
			}
			extra = append(extra, [2]int{i + j, i + j + len(secret)})
			added = true
			i += j + len(secret)
		}
	}
	if !added {
		return shown
	}
	return shownWith(text, uri.SortSpans(extra))
}

// expressions returns where the expressions of the template text stand,
// [start, end) each: from a "{" to just past the next "}", or to the end
// of the text. It reads no more of the grammar, so that an invalid
// template is shown as a valid one is.
func expressions(text string) [][2]int {
	var exprs [][2]int
	for i := 0; i < len(text); i++ {
		if text[i] != '{' {
			continue
		}
		end := len(text)
		for j := i + 1; j < len(text); j++ {
			if text[j] == '}' {
				end = j + 1
				break
			}
		}
		exprs = append(exprs, [2]int{i, end})
		i = end - 1
	}
	return exprs
}

// expansionSpans returns the secrets that record.Mask finds in out, an
// expansion whose Parts are parts, sorted and apart: read with the pairs
// of each exploded associative array apart, as RFC 6570 3.2.1 writes
// them, each its own parameter. "{#k*}" writes "#access_token=abc,x=1":
// the secret is "abc", and ",x=1" is another pair.
func expansionSpans(out string, parts []uritemplate.Part) [][2]int {
	probe := out
	var b []byte
	for i := 1; i < len(parts); i++ {
		p, q := parts[i-1], parts[i]
		// p the value of a pair ("name=value"), q the name of the next
		// pair of the same array, with the operator's separator between.
		if p.Name == q.Name && p.Item%2 == 1 && q.Item == p.Item+1 && q.Start == p.End+1 &&
			p.Start > 0 && out[p.Start-1] == '=' && out[p.End] != '&' && out[p.End] != ';' {
			if b == nil {
				b = []byte(out)
			}
			b[p.End] = '&'
		}
	}
	if b != nil {
		probe = string(b)
	}
	return shownSpans(record.Mask(probe))
}

// shownSpans returns the masked spans of m.
func shownSpans(m record.Shown) [][2]int {
	sp := make([][2]int, len(m.Spans))
	for i, x := range m.Spans {
		sp[i] = [2]int{x.Start, x.End}
	}
	return sp
}

// shownWith returns src shown with the spans sp (sorted, apart) masked.
func shownWith(src string, sp [][2]int) record.Shown {
	m := record.Shown{Src: src, Text: uri.Mask(src, sp)}
	for _, x := range sp {
		m.Spans = append(m.Spans, struct{ Start, End int }{x[0], x[1]})
	}
	return m
}

// strID names one string of a variable's value: the variable, and the
// Item of its Parts (uritemplate.Part); item -1 stands for every string
// of the value.
type strID struct {
	name string
	item int
}

// masking is what "template" masks of a URI, the text of an expansion or
// the URI that Match read, and of the values whose Parts stand in it.
// The rules, for each string of each value:
//
//   - a string whose Part lies in a secret of the URI (record.Mask finds
//     it), or meets one without holding all of it, is a secret;
//   - so is the value of a pair of an associative array whose key is a
//     credential key (uri.IsSecretKey), and every string of a variable
//     whose name is one ("{token}", "{password}"), whatever the operator;
//   - a secret shows as xxxxx (an empty string stays empty), and every
//     byte of the URI that a Part of it covers is masked, wherever the
//     template writes it ("{p}?token={p:3}" masks both);
//   - a string whose Parts hold secrets of the URI is masked as text of
//     its own: the bytes of those secrets, and what record.Mask finds in
//     the string; then if a secret's bytes, as written or decoded, still
//     show in the string or in one of its Parts as shown, it is a secret.
type masking struct {
	text  string
	parts []uritemplate.Part
	vars  uritemplate.Vars
	// spans are the masked spans of text, sorted and apart.
	spans [][2]int
	// secret holds the strings that show as xxxxx.
	secret map[strID]bool
	// own holds, for Match, the strings masked as text of their own.
	own map[strID]string
}

// isSecret reports whether the string item of variable name is a secret.
func (m *masking) isSecret(name string, item int) bool {
	return m.secret[strID{name, -1}] || m.secret[strID{name, item}] || item == -1 && m.anySecret(name)
}

// anySecret reports whether some string of variable name is a secret.
func (m *masking) anySecret(name string) bool {
	for id := range m.secret {
		if id.name == name {
			return true
		}
	}
	return false
}

// of reports whether Part p holds the string id, or all of its value.
func of(p uritemplate.Part, id strID) bool {
	return p.Name == id.name && (p.Item == id.item || p.Item == -1 || id.item == -1)
}

// newMasking works out what to mask of text, whose secrets are base
// (sorted, apart), and of vars, whose strings stand in text at parts.
// With values, the strings are those Match read, whose masked text
// (masking.own) is worked out too.
func newMasking(text string, base [][2]int, parts []uritemplate.Part, vars uritemplate.Vars, values bool) *masking {
	base = uri.SortSpans(append(append([][2]int(nil), base...), valueSecrets(text, parts, vars)...))
	m := &masking{text: text, parts: parts, vars: vars, secret: map[strID]bool{}}
	var ids []strID               // the strings that hold secrets, in order
	inner := map[strID][][2]int{} // the secrets of text inside their Parts
	named := map[string]bool{}
	for _, p := range parts {
		if !named[p.Name] {
			named[p.Name] = true
			m.byKey(p.Name)
		}
		id := strID{p.Name, p.Item}
		for _, sp := range base {
			if sp[1] <= p.Start || sp[0] >= p.End {
				continue
			}
			if p.Item >= 0 && p.Start <= sp[0] && sp[1] <= p.End && sp[1]-sp[0] < p.End-p.Start {
				if inner[id] == nil {
					ids = append(ids, id)
				}
				inner[id] = append(inner[id], sp)
			} else {
				m.secret[id] = true
			}
		}
	}
	if values {
		m.own = map[strID]string{}
		for _, id := range ids {
			if s, ok := m.ownText(id, inner[id]); ok {
				m.own[id] = s
			} else {
				m.secret[id] = true
			}
		}
	}
	// Masking a secret's Parts may make another string's secrets show
	// ("xxxxx" holds "x"): check again until nothing changes.
	for {
		m.spans = m.spansOf(base)
		changed := false
		for _, id := range ids {
			if m.isSecret(id.name, id.item) || !m.leaks(id, inner[id]) {
				continue
			}
			m.secret[id] = true
			changed = true
		}
		if !changed {
			return m
		}
	}
}

// valueSecrets returns the spans of text that hold the secrets of the
// strings of vars as text of their own (stringSecrets: a URI with a
// password, "https://ana:pw@h/", plain or percent-encoded), mapped from
// each string to the bytes of text that its Part wrote or read: so that
// "x{u}" with u that URI masks "https%3A%2F%2Fana%3Axxxxx%40h%2F",
// although the path holds no secret of text's own.
func valueSecrets(text string, parts []uritemplate.Part, vars uritemplate.Vars) [][2]int {
	var out [][2]int
	for _, p := range parts {
		s, ok := stringOf(vars[p.Name], p.Item)
		if !ok || p.Start == p.End {
			continue
		}
		secrets := stringSecrets(s, maxDecode)
		if len(secrets) == 0 {
			continue
		}
		raw := text[p.Start:p.End]
		at := partOffsets(raw, s)
		if at == nil {
			// Not the string's text: the whole Part is its secret.
			out = append(out, [2]int{p.Start, p.End})
			continue
		}
		for _, sp := range mapBack(at, len(raw), secrets) {
			out = append(out, [2]int{p.Start + sp[0], p.Start + sp[1]})
		}
	}
	return out
}

// partOffsets returns, for raw, the text of a Part of string s, where
// each of its bytes stands in s (tmpldecode.Decode's offsets), read as
// the expression read it (all triplets decoded, or as "+" and "#" read
// them): the reading that gives s or, under a prefix modifier, a prefix
// of it. It is nil when neither does.
func partOffsets(raw, s string) []int {
	at := make([]int, len(raw)+1)
	for _, reserved := range []bool{false, true} {
		if strings.HasPrefix(s, tmpldecode.Decode(raw, reserved, at)) {
			return at
		}
	}
	return nil
}

// stringSecrets returns the spans of s that hold secrets as text of its
// own: those record.Mask finds in it, or else those of its
// percent-decoding (RFC 3986 2.1), up to depth decodings deep, mapped back
// to the bytes of s that wrote them.
func stringSecrets(s string, depth int) [][2]int {
	var spans [][2]int
	for _, sp := range record.Mask(s).Spans {
		spans = append(spans, [2]int{sp.Start, sp.End})
	}
	if len(spans) == 0 && strings.IndexByte(s, ',') >= 0 {
		// The items of a list that "+" or "#" joined with ","
		// ("k,//ana:pw@h/"), which Match reads as one string: each
		// piece as text of its own.
		off := 0
		for piece := range strings.SplitSeq(s, ",") {
			for _, sp := range stringSecrets(piece, 0) {
				spans = append(spans, [2]int{off + sp[0], off + sp[1]})
			}
			off += len(piece) + 1
		}
	}
	if len(spans) > 0 || depth == 0 || strings.IndexByte(s, '%') < 0 {
		return spans
	}
	at := make([]int, len(s)+1)
	d := tmpldecode.Decode(s, false, at)
	if d == s {
		return nil
	}
	return mapBack(at, len(s), stringSecrets(d, depth-1))
}

// mapBack maps spans of a decoded text to the bytes of the text of n
// bytes that wrote them, at[i] being the offset in the decoded text of
// the octet that byte i wrote or is part of (tmpldecode.Decode).
func mapBack(at []int, n int, spans [][2]int) [][2]int {
	var out [][2]int
	for _, sp := range spans {
		if sp[0] >= at[n] {
			continue
		}
		de := min(sp[1], at[n])
		rs := 0
		for rs < n && at[rs] < sp[0] {
			rs++
		}
		re := rs
		for re < n && at[re] < de {
			re++
		}
		out = append(out, [2]int{rs, re})
	}
	return out
}

// MaskString returns the text s, a value of a URI Template's variable
// (RFC 6570 2.3), with the secrets that it holds as text of its own
// masked, as "template" masks a value: a URI's (structural), the text
// rules' (record.Mask), or those of its percent-decoding, mapped back to
// the bytes that wrote them ("https%3A%2F%2Fu%3Axxxxx%40h%2F").
func MaskString(s string) string { return maskString(s) }

// maskString returns s with its own secrets (stringSecrets) masked.
func maskString(s string) string {
	sp := stringSecrets(s, maxDecode)
	if len(sp) == 0 {
		return s
	}
	return uri.Mask(s, uri.SortSpans(sp))
}

// valuesHoldSecrets reports whether a string of vars holds secrets as
// text of its own (stringSecrets).
func valuesHoldSecrets(vars uritemplate.Vars) bool {
	holds := func(s string) bool { return len(stringSecrets(s, maxDecode)) > 0 }
	for _, v := range vars {
		switch v.Kind() {
		case uritemplate.KindString:
			if holds(v.Text()) {
				return true
			}
		case uritemplate.KindList:
			if slices.ContainsFunc(v.Items(), holds) {
				return true
			}
		case uritemplate.KindAssoc:
			for _, pair := range v.Pairs() {
				if holds(pair.Key) || holds(pair.Value) {
					return true
				}
			}
		}
	}
	return false
}

// namedSecret reports whether vars holds a string that is a secret by a
// credential key (see byKey): a variable named as one, a pair of an
// associative array whose key is one, or a list item after one.
func namedSecret(vars uritemplate.Vars) bool {
	for name, v := range vars {
		if uri.IsSecretKey(name) {
			return true
		}
		for _, pair := range v.Pairs() {
			if uri.IsSecretKey(pair.Key) {
				return true
			}
		}
		if items := v.Items(); v.Kind() == uritemplate.KindList && len(items) > 1 && slices.ContainsFunc(items[:len(items)-1], uri.IsSecretKey) {
			return true
		}
	}
	return false
}

// byKey marks the strings of variable name that are secrets by a
// credential key: all of them when name is one, and the value of each
// pair of an associative array whose key is one.
func (m *masking) byKey(name string) {
	if uri.IsSecretKey(name) {
		m.secret[strID{name, -1}] = true
		return
	}
	v := m.vars[name]
	for k, pair := range v.Pairs() {
		if uri.IsSecretKey(pair.Key) {
			m.secret[strID{name, 2*k + 1}] = true
		}
	}
	// A list whose items are names and values, as an associative array
	// without explode writes them and Match reads them back ("{?m}":
	// "m=access_token,abc,x,1"): the item after a credential key.
	items := v.Items()
	for k := 0; k+1 < len(items); k++ {
		if v.Kind() == uritemplate.KindList && uri.IsSecretKey(items[k]) {
			m.secret[strID{name, k + 1}] = true
		}
	}
}

// spansOf returns base and the Parts of every secret's string, as one
// sorted list of spans, apart.
func (m *masking) spansOf(base [][2]int) [][2]int {
	spans := append([][2]int(nil), base...)
	for _, p := range m.parts {
		if p.Start < p.End && m.isSecret(p.Name, p.Item) {
			spans = append(spans, [2]int{p.Start, p.End})
		}
	}
	return uri.SortSpans(spans)
}

// leaks reports whether a secret of secrets, spans of text, shows as
// written or decoded in the string id as masked (Match) or in one of its
// Parts as shown.
func (m *masking) leaks(id strID, secrets [][2]int) bool {
	var forms []string
	for _, sp := range secrets {
		forms = append(forms, decodings(m.text[sp[0]:sp[1]])...)
	}
	shows := func(s string) bool {
		for _, d := range decodings(s) {
			for _, f := range forms {
				if strings.Contains(d, f) {
					return true
				}
			}
		}
		return false
	}
	if s, ok := m.own[id]; ok && shows(s) {
		return true
	}
	for _, p := range m.parts {
		if of(p, id) && shows(m.shownPart(p)) {
			return true
		}
	}
	return false
}

// shownPart returns the text of Part p as shown: with m.spans masked.
func (m *masking) shownPart(p uritemplate.Part) string {
	var rel [][2]int
	for _, sp := range m.spans {
		if sp[1] > p.Start && sp[0] < p.End {
			rel = append(rel, [2]int{max(sp[0], p.Start) - p.Start, min(sp[1], p.End) - p.Start})
		}
	}
	return uri.Mask(m.text[p.Start:p.End], rel)
}

// ownText returns the string id that Match read, masked as text of its
// own: the secrets (spans of the URI inside its Parts) carried into the
// decoded string, and what record.Mask finds in it. It is false when a
// Part does not decode to the string, or to a prefix of it.
func (m *masking) ownText(id strID, secrets [][2]int) (string, bool) {
	s, ok := stringOf(m.vars[id.name], id.item)
	if !ok {
		return "", false
	}
	spans := shownSpans(record.Mask(s))
	for _, p := range m.parts {
		if p.Name != id.name || p.Item != id.item {
			continue
		}
		var in [][2]int
		for _, sp := range secrets {
			if p.Start <= sp[0] && sp[1] <= p.End {
				in = append(in, sp)
			}
		}
		if len(in) == 0 {
			continue
		}
		raw := m.text[p.Start:p.End]
		at := partOffsets(raw, s)
		if at == nil {
			return "", false
		}
		for _, sp := range in {
			a, b := sp[0]-p.Start, sp[1]-p.Start
			end := at[b]
			if b > 0 && at[b] == at[b-1] {
				end++ // b inside a triplet: its octet is in
			}
			spans = append(spans, [2]int{at[a], end})
		}
	}
	return uri.Mask(s, uri.SortSpans(spans)), true
}

// stringOf returns the string item of v, numbered as Part.Item numbers
// it, and whether v has it.
func stringOf(v uritemplate.Value, item int) (string, bool) {
	switch v.Kind() {
	case uritemplate.KindString:
		return v.Text(), item == 0
	case uritemplate.KindList:
		if l := v.Items(); 0 <= item && item < len(l) {
			return l[item], true
		}
	case uritemplate.KindAssoc:
		if ps := v.Pairs(); 0 <= item && item < 2*len(ps) {
			if item%2 == 0 {
				return ps[item/2].Key, true
			}
			return ps[item/2].Value, true
		}
	}
	return "", false
}

// maxDecode bounds how many times decodings decodes a text: as deep as
// the secrets of nested URIs are read.
const maxDecode = 4

// decodings returns s and its percent-decodings (RFC 3986 2.1), one
// after the other while each changes the text, at most maxDecode.
func decodings(s string) []string {
	out := []string{s}
	for range maxDecode {
		d := tmpldecode.Decode(s, false, nil)
		if d == s {
			break
		}
		out = append(out, d)
		s = d
	}
	return out
}

// maskVars returns vars, which Match read, as m masks them: a secret is
// xxxxx (an empty string stays empty), a string that holds secrets is
// masked as text of its own.
func (m *masking) maskVars() uritemplate.Vars {
	out := make(uritemplate.Vars, len(m.vars))
	for name, v := range m.vars {
		mask := func(i int, s string) string {
			if s != "" && m.isSecret(name, i) {
				return uri.RedactMask
			}
			if t, ok := m.own[strID{name, i}]; ok {
				return t
			}
			// A value that is a URI of its own ("/{+x}" reads
			// "https://u:pw@h/" from a path, where the URI's own
			// secrets are none), plain or encoded, is masked as one.
			return maskString(s)
		}
		switch v.Kind() {
		case uritemplate.KindString:
			out[name] = uritemplate.String(mask(0, v.Text()))
		case uritemplate.KindList:
			list := v.Items()
			for i := range list {
				list[i] = mask(i, list[i])
			}
			out[name] = uritemplate.List(list...)
		case uritemplate.KindAssoc:
			pairs := v.Pairs()
			for i := range pairs {
				pairs[i].Key = mask(2*i, pairs[i].Key)
				pairs[i].Value = mask(2*i+1, pairs[i].Value)
			}
			out[name] = uritemplate.Assoc(pairs...)
		default:
			out[name] = v
		}
	}
	return out
}
