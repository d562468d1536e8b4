package abnf

import (
	"slices"
	"strings"
	"testing"
)

func mustParse(t *testing.T, text string) *Grammar {
	t.Helper()
	g, err := Parse(text)
	if err != nil {
		t.Fatalf("Parse(%q): %v", text, err)
	}
	return g
}

// TestMatchRFC5234 runs the matcher on the constructs of RFC 5234, one small
// grammar per construct; the rule matched is always "r".
func TestMatchRFC5234(t *testing.T) {
	tests := []struct {
		name    string
		grammar string
		yes, no []string
	}{
		// 3.7: variable repetition n*m, *m, n*, *, and 3.6: specific repetition.
		{"n*m", `r = 2*3"a"`, []string{"aa", "aaa"}, []string{"", "a", "aaaa", "ab"}},
		{"*m", `r = *2"a"`, []string{"", "a", "aa"}, []string{"aaa"}},
		{"n*", `r = 2*"a"`, []string{"aa", "aaaaaaa"}, []string{"", "a"}},
		{"*", `r = *"a"`, []string{"", "a", "aaaa"}, []string{"b", "aab"}},
		{"exact n", `r = 3"ab"`, []string{"ababab"}, []string{"abab", "abababab"}},
		{"n*n", `r = 2*2"a"`, []string{"aa"}, []string{"a", "aaa"}},
		{"0*0", `r = 0*0"a" "b"`, []string{"b"}, []string{"ab"}},
		{"repeat of group", `r = 1*2("a" "b")`, []string{"ab", "abab"}, []string{"", "aba", "ababab"}},
		// Every repetition count is tried: no greedy commitment (3.7).
		{"no greed", `r = *"a" "a"`, []string{"a", "aaa"}, []string{""}},
		{"no greed bounded", `r = 1*3"a" 2"a"`, []string{"aaa", "aaaaa"}, []string{"aa", "aaaaaa"}},
		{"repetition of nullable", `r = *(*"a") "b"`, []string{"b", "aab"}, []string{"a"}},
		{"repetition of nullable min", `r = 3*4("" / "a")`, []string{"", "a", "aaaa"}, []string{"aaaaa"}},
		// 2.3: quoted strings are case-insensitive; RFC 7405 %s and %i.
		{"string", `r = "abc"`, []string{"abc", "ABC", "aBc"}, []string{"ab", "abcd", "abd"}},
		{"string punctuation", `r = "a-1;"`, []string{"a-1;", "A-1;"}, []string{"a_1;"}},
		{"empty string", `r = "" "x"`, []string{"x"}, []string{""}},
		{"no Unicode folding", `r = "k" "s"`, []string{"ks", "KS"}, []string{"\u212As", "k\u017F"}},
		{"%s", `r = %s"aB"`, []string{"aB"}, []string{"ab", "AB"}},
		{"%i", `r = %i"aB"`, []string{"aB", "ab", "AB"}, []string{"a"}},
		// 2.3, 3.4: numeric values are case-sensitive; ranges; dot concatenation.
		{"%x", `r = %x61`, []string{"a"}, []string{"A", ""}},
		{"%X upper", `r = %X6A`, []string{"j"}, []string{"J"}},
		{"%d", `r = %d65`, []string{"A"}, []string{"a"}},
		{"%b", `r = %b1000001`, []string{"A"}, []string{"a"}},
		{"%x range", `r = %x41-43`, []string{"A", "B", "C"}, []string{"@", "D", "a", "AB"}},
		{"%d range", `r = %d48-57`, []string{"0", "9"}, []string{"a"}},
		{"%b range", `r = %b0-1`, []string{"\x00", "\x01"}, []string{"0"}},
		{"%x high bytes", `r = %x80-FF`, []string{"\x80", "\xff"}, []string{"\x7f"}},
		{"dot concatenation", `r = %x41.42.43`, []string{"ABC"}, []string{"abc", "AB", "ABCD"}},
		{"%d dot concatenation", `r = %d13.10`, []string{"\r\n"}, []string{"\n"}},
		// 3.2 alternation, 3.5 groups, 3.8 options.
		{"alternation", `r = "a" / "b" / %x63`, []string{"a", "b", "c"}, []string{"", "ab", "d"}},
		{"ambiguous alternation", `r = ("a" / "ab") "c"`, []string{"ac", "abc"}, []string{"abbc"}},
		{"group", `r = "a" ("b" / "c") "d"`, []string{"abd", "acd"}, []string{"ad", "abcd"}},
		{"group precedence", `r = "a" "b" / "c"`, []string{"ab", "c"}, []string{"ac", "abc"}},
		{"option", `r = "a" ["b"] "c"`, []string{"ac", "abc"}, []string{"abbc", "a"}},
		{"nested option", `r = ["a" ["b"]] "c"`, []string{"c", "ac", "abc"}, []string{"bc"}},
		// Rule references, case-insensitive names (2.1).
		{"reference", "r = x x\nx = \"a\" / \"b\"", []string{"aa", "ab"}, []string{"a"}},
		{"case-insensitive names", "r = Foo-1 FOO-1\nfoo-1 = \"z\"", []string{"zz"}, []string{"z"}},
		// 3.3 incremental alternatives.
		{"=/", "r = \"a\"\nr =/ \"b\" / \"c\"\nr =/ x\nx = \"d\"", []string{"a", "b", "c", "d"}, []string{"e"}},
		{"=/ on alternation", "r = \"a\" / \"b\"\nR =/ \"c\"", []string{"a", "b", "c"}, []string{"ab"}},
		// Prose repeated zero times matches exactly "" (RFC 3986 path-empty).
		{"0<prose>", `r = 0<pchar>`, []string{""}, []string{"a", "%41"}},
		{"0*0<prose>", `r = "a" 0*0<anything at all> "b"`, []string{"ab"}, []string{"a b"}},
		// Right recursion is fine: only left recursion is rejected.
		{"right recursion", `r = "(" r ")" / ""`, []string{"", "()", "((()))"}, []string{"(()", ")("}},
		// 3.9 comments, 4 continuation lines, CRLF.
		{"comments", "r = \";\" / \"<\" ; a comment \"x\"\n; a comment line\n", []string{";", "<"}, []string{"x"}},
		{"semicolon in prose", "r = \"a\" / 0<;> ; comment", []string{"a", ""}, []string{";"}},
		{"continuation", "r = \"a\"\n  / \"b\"\t; c\n\t\"c\"\n\n   ; only a comment\n  \"d\"", []string{"a", "bcd"}, []string{"b", "bc"}},
		{"CRLF", "r = \"a\"\r\n     / \"b\"\r\nx = \"c\"\r\n", []string{"a", "b"}, []string{"c"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := mustParse(t, tt.grammar)
			for _, in := range tt.yes {
				if !g.Match("r", in) {
					t.Errorf("Match(r, %q) = false, want true", in)
				}
			}
			for _, in := range tt.no {
				if g.Match("r", in) {
					t.Errorf("Match(r, %q) = true, want false", in)
				}
			}
		})
	}
}

func TestRules(t *testing.T) {
	g := mustParse(t, "b = a\nA = \"x\"\nb =/ c\nc-1 = \"y\"\nc = c-1\n")
	if got, want := g.Rules(), []string{"b", "A", "c-1", "c"}; !slices.Equal(got, want) {
		t.Errorf("Rules() = %q, want %q", got, want)
	}
	rfc := RFC3986().Rules()
	want := []string{
		"URI", "hier-part", "URI-reference", "absolute-URI", "relative-ref", "relative-part",
		"scheme", "authority", "userinfo", "host", "port", "IP-literal", "IPvFuture",
		"IPv6address", "h16", "ls32", "IPv4address", "dec-octet", "reg-name", "path",
		"path-abempty", "path-absolute", "path-noscheme", "path-rootless", "path-empty",
		"segment", "segment-nz", "segment-nz-nc", "pchar", "query", "fragment", "pct-encoded",
		"unreserved", "reserved", "gen-delims", "sub-delims", "ALPHA", "DIGIT", "HEXDIG",
	}
	if !slices.Equal(rfc, want) {
		t.Errorf("RFC3986().Rules() = %q, want %q", rfc, want)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		grammar string
		want    string // in the error message
	}{
		{"", "no rules"},
		{"; only a comment\n\n", "no rules"},
		{"  r = \"a\"", "continuation line before any rule"},
		{"r \"a\"", "expected \"=\""},
		{"1r = \"a\"", "line 1: a rule must start with a rule name"},
		{"r_x = \"a\"", "expected \"=\""},
		{"r = x", "undefined rule x"},
		{"r = \"a\"\n\nr = \"b\"", "line 3: rule r is already defined (line 1)"},
		{"r = \"a\"\nR = \"b\"", "already defined"},
		{"r =/ \"a\"", "before the rule is defined"},
		{"r = r \"a\"", "left recursion: r -> r"},
		{"r = x \"a\"\nx = *\"b\" y\ny = [\"c\"] r", "left recursion: r -> x -> y -> r"},
		{"r = \"\" r", "left recursion"},
		{"r = *(\"a\" / r)", "left recursion"},
		{"r = 3*2\"a\"", "maximum is below the minimum"},
		{"r = 2 \"a\"", "followed directly by an element"},
		{"r = *", "followed directly by an element"},
		{"r = \"a", "unterminated quoted string"},
		{"r = <a", "unterminated prose value"},
		{"r = %x100", "above 255"},
		{"r = %d256", "above 255"},
		{"r = %x", "missing digits"},
		{"r = %b2", "missing digits"},
		{"r = %q41", "expected b, d or x"},
		{"r = %x42-41", "empty range"},
		{"r = ( \"a\"", "missing \")\""},
		{"r = [ \"a\" )", "missing \"]\""},
		{"r = \"a\" )", "unexpected \")\""},
		{"r = \"a\"\"b\"", "unexpected"},
		{"r = \"a\" /", "missing element"},
		{"r =", "missing element"},
		{"r = \"a\"\nx = \"b\"\n  / \"c\" /\n  ?", "line 4: unexpected \"?\""},
	}
	for _, tt := range tests {
		g, err := Parse(tt.grammar)
		if err == nil {
			t.Errorf("Parse(%q) = %v, want an error containing %q", tt.grammar, g.Rules(), tt.want)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%q) error %q, want it to contain %q", tt.grammar, err, tt.want)
		}
	}
}

func mustPanic(t *testing.T, what string, f func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Errorf("%s did not panic", what)
		}
	}()
	f()
}

func TestMatchPanics(t *testing.T) {
	g := mustParse(t, "r = \"a\" / \"b\" <prose>")
	if !g.Match("r", "a") {
		t.Errorf("Match(r, a) = false, want true")
	}
	mustPanic(t, "Match on a reached prose value", func() { g.Match("r", "b") })
	mustPanic(t, "Match on an unknown rule", func() { g.Match("nope", "") })
	mustPanic(t, "RFC3986().Match on an unknown rule", func() { RFC3986().Match("uri-ref", "a") })
}
