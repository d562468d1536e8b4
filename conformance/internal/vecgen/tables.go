package main

import (
	"fmt"
	"strings"
)

// classContexts places one character (or escape) into each component, at a
// position where the component's rule decides whether it is allowed. "{}" is
// replaced by the character. The rule named is the one the position exercises.
var classContexts = []struct {
	rule, section, template string
}{
	{"scheme", "3.1", "a{}b:x"},
	{"userinfo", "3.2.1", "s://u{}v@h/"},
	{"reg-name", "3.2.2", "s://h{}i/"},
	{"reg-name (relative-ref)", "3.2.2", "//h{}i"},
	{"port", "3.2.3", "s://h:8{}0/"},
	{"IPvFuture", "3.2.2", "s://[v1.a{}b]/"},
	{"IPv6address", "3.2.2", "s://[1::{}2]/"},
	{"segment (path-abempty)", "3.3", "s://h/a{}b"},
	{"segment (path-absolute)", "3.3", "/a{}b"},
	{"segment-nz (path-rootless)", "3.3", "s:a{}b"},
	{"segment-nz-nc (path-noscheme)", "3.3", "a{}b"},
	{"query", "3.4", "s://h/?a{}b"},
	{"fragment", "3.5", "s://h/#a{}b"},
}

// classChars is every printable ASCII character, a few controls and
// white-space characters, and non-ASCII characters of each UTF-8 length.
func classChars() []string {
	var cs []string
	for c := 0x20; c <= 0x7e; c++ {
		cs = append(cs, string(rune(c)))
	}
	return append(cs, "\x00", "\x01", "\t", "\n", "\r", "\x1f", "\x7f",
		"\u00a0", "é", "日", "😀")
}

// classEscapes are percent-encodings, good and bad (RFC 3986 2.1).
var classEscapes = []string{
	"%41", "%4a", "%4A", "%7e", "%7E", "%25", "%2F", "%3a", "%00", "%FF", "%C3%A9",
	"%", "%4", "%4g", "%G1", "%zz", "%%41", "%-1",
}

// charClass names the RFC 3986 section 2 class of a character, for the
// vector's source text.
func charClass(c string) string {
	switch {
	case len(c) == 1 && ('A' <= c[0] && c[0] <= 'Z' || 'a' <= c[0] && c[0] <= 'z'):
		return "unreserved ALPHA"
	case len(c) == 1 && '0' <= c[0] && c[0] <= '9':
		return "unreserved DIGIT"
	case strings.Contains("-._~", c):
		return "unreserved"
	case strings.Contains("!$&'()*+,;=", c):
		return "sub-delims"
	case strings.Contains(":/?#[]@", c):
		return "gen-delims"
	case c == "%":
		return "percent sign"
	case c == " ":
		return "space, not allowed"
	case len(c) == 1 && (c[0] < 0x20 || c[0] == 0x7f):
		return "control, not allowed"
	case len(c) > 1:
		return "non-ASCII, not allowed"
	}
	return "excluded, not allowed"
}

// classTable puts every character and escape into every context.
func classTable() []item {
	var items []item
	for _, ctx := range classContexts {
		for _, c := range classChars() {
			items = append(items, item{
				op:     "parse",
				input:  strings.Replace(ctx.template, "{}", c, 1),
				source: fmt.Sprintf("derived: %s (RFC 3986 %s), character %+q (%s)", ctx.rule, ctx.section, c, charClass(c)),
				where:  "tables.go classContexts " + ctx.rule,
			})
		}
		for _, e := range classEscapes {
			items = append(items, item{
				op:     "parse",
				input:  strings.Replace(ctx.template, "{}", e, 1),
				source: fmt.Sprintf("derived: %s (RFC 3986 %s), escape %q (pct-encoded, 2.1)", ctx.rule, ctx.section, e),
				where:  "tables.go classContexts " + ctx.rule,
			})
		}
	}
	return items
}

// decOctets are dec-octet boundary values (RFC 3986 3.2.2), valid and not.
var decOctets = []string{
	"0", "9", "10", "99", "100", "199", "200", "249", "250", "255",
	"256", "259", "260", "299", "300", "999", "1000",
	"00", "01", "09", "000", "001", "010", "099", "0255", "",
}

// ipv4Table puts every boundary value into each of the four positions.
func ipv4Table() []item {
	var items []item
	for pos := range 4 {
		for _, v := range decOctets {
			parts := []string{"1", "2", "3", "4"}
			parts[pos] = v
			items = append(items, item{
				op:     "ipv4",
				input:  strings.Join(parts, "."),
				source: fmt.Sprintf("derived: dec-octet %q in position %d (RFC 3986 3.2.2)", v, pos+1),
				where:  "tables.go decOctets",
			})
		}
	}
	return items
}

// h16s are groups of one to four HEXDIG, used in turn.
var h16s = []string{"1", "ab", "C0d", "ef01", "2", "34", "567", "89AB", "f"}

// ipv6Table writes every count of groups before and after "::" (RFC 3986
// 3.2.2: the nine forms of IPv6address), with a hex tail and, when at
// least two groups follow "::", with an IPv4 tail in place of the last two
// groups; and every group count without "::". Counts up to one past the
// limit are included, so both sides of each boundary are present.
func ipv6Table() []item {
	groups := func(n, from int) []string {
		var gs []string
		for i := range n {
			gs = append(gs, h16s[(from+i)%len(h16s)])
		}
		return gs
	}
	var items []item
	add := func(in, what string) {
		items = append(items, item{
			op:     "ipv6",
			input:  in,
			source: "derived: IPv6address " + what + " (RFC 3986 3.2.2)",
			where:  "tables.go ipv6Table",
		})
	}
	for before := 0; before <= 8; before++ {
		for after := 0; before+after <= 8; after++ {
			b := strings.Join(groups(before, 0), ":")
			a := groups(after, before)
			add(b+"::"+strings.Join(a, ":"), fmt.Sprintf("%d groups, \"::\", %d groups", before, after))
			if after >= 2 {
				tail := append(a[:after-2:after-2], "192.0.2.33")
				add(b+"::"+strings.Join(tail, ":"), fmt.Sprintf("%d groups, \"::\", %d groups then an IPv4 tail", before, after-2))
			}
		}
	}
	for n := 1; n <= 9; n++ {
		gs := groups(n, 0)
		add(strings.Join(gs, ":"), fmt.Sprintf("%d groups without \"::\"", n))
		if n >= 2 {
			add(strings.Join(append(gs[:n-2:n-2], "198.51.100.0"), ":"), fmt.Sprintf("%d groups then an IPv4 tail, without \"::\"", n-2))
		}
	}
	return items
}
