package templatecmd

// This file holds what "template" shows of secrets: a template is not a
// URI, and a variable's value is not the URI it was read from, so each
// is masked by its place in a URI, and only a secret's bytes change.

import (
	"maps"

	"github.com/urikit/urikit/cmd/urikit/internal/record"
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

// maskExpansion returns out, an expansion whose Parts are parts, with its
// secrets masked: those that record.Mask finds in out, read with the
// pairs of each exploded associative array apart, as RFC 6570 3.2.1
// writes them, each its own parameter. "{#k*}" writes
// "#access_token=abc,x=1": the secret is "abc", and ",x=1" is another
// pair.
func maskExpansion(out string, parts []uritemplate.Part) string {
	var probe []byte
	for i := 1; i < len(parts); i++ {
		p, q := parts[i-1], parts[i]
		// p the value of a pair ("name=value"), q the name of the next
		// pair of the same array, with the operator's separator between.
		if p.Name == q.Name && p.Item%2 == 1 && q.Item == p.Item+1 && q.Start == p.End+1 &&
			p.Start > 0 && out[p.Start-1] == '=' && out[p.End] != '&' && out[p.End] != ';' {
			if probe == nil {
				probe = []byte(out)
			}
			probe[p.End] = '&'
		}
	}
	if probe == nil {
		return record.Mask(out).Text
	}
	m := record.Mask(string(probe))
	raw := make([][2]int, len(m.Spans))
	for i, sp := range m.Spans {
		raw[i] = [2]int{sp.Start, sp.End}
	}
	return uri.Mask(out, raw)
}

// maskVars returns vars, which Match read from the URI shown, with each
// string masked that Match read from bytes that shown masks (its Parts,
// parts); an empty string stays empty. A Part that holds a whole list or
// associative array masks all of its strings.
func maskVars(vars uritemplate.Vars, parts []uritemplate.Part, shown record.Shown) uritemplate.Vars {
	if len(shown.Spans) == 0 {
		return vars
	}
	var secret map[string]map[int]bool // item -1: all
	for _, p := range parts {
		if !shown.Covers(p.Start, p.End) {
			continue
		}
		if secret == nil {
			secret = map[string]map[int]bool{}
		}
		if secret[p.Name] == nil {
			secret[p.Name] = map[int]bool{}
		}
		secret[p.Name][p.Item] = true
	}
	if secret == nil {
		return vars
	}
	out := maps.Clone(vars)
	for name, items := range secret {
		mask := func(i int, s string) string {
			if s != "" && (items[i] || items[-1]) {
				return uri.RedactMask
			}
			return s
		}
		switch v := vars[name]; v.Kind() {
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
		}
	}
	return out
}
