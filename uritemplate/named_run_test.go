package uritemplate

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urikit/urikit/uri"
)

// namedRuns are templates whose named expressions follow one another
// with no literal between and whose pieces start with the same
// character ("&" after "&", ";" after ";", "?" after "?"): the names of
// the pieces tell the expressions apart (the package doc's rule).
var namedRuns = []string{
	"/search{?q}{&page}{&size}", "{?a,b}{&c}", "/x{;a}{;b}", "{?a}{?b}", "{?a}{&b}",
	"{?a,b}{/p}{&c}", "{&a}{&b}{&c}", "{?a,b}{?c,d}",
	"{;a}{?b}{&c}", "x{?a}{&b}y", "{?a}{#f}", "{?m*}", "{;a}{?m*}", "{?q*}#{&page}", "{?sort,tags*}", "{?m*,a}", "{?a}{&b*}",
}

func TestMatchableNamedRuns(t *testing.T) {
	for _, s := range namedRuns {
		if err := MustParse(s).Matchable(); err != nil {
			t.Errorf("Matchable(%q) = %v, want nil", s, err)
		}
	}
	for _, c := range []struct {
		s      string
		reason error
		off    int
	}{
		{"{?a,b}{&b}", ErrAmbiguousBoundary, 7},   // b: whose piece?
		{"{?a}{?a}", ErrAmbiguousBoundary, 5},     // a: whose piece?
		{"{?a}{&b}{?a}", ErrAmbiguousBoundary, 9}, // a, through {&b}
		{"{?m*}{&n*}", ErrAmbiguousExplode, 2},    // any name fits both
		// An explode's pieces may have any name, a key named as another
		// variable whose pieces start alike among them.
		{"{?q*}{&page}", ErrAmbiguousExplode, 2},
		{"{?a,b}{&c*}", ErrAmbiguousExplode, 8},
		{"{;a*}{;b}", ErrAmbiguousExplode, 2},
		{"{;a,b}{;c*}", ErrAmbiguousExplode, 8},
		{"{?a,b}&x{y}", ErrAmbiguousBoundary, 6}, // a literal piece
		{"{&a}&b{c}", ErrAmbiguousBoundary, 4},
		{"{x}-{y}", ErrAmbiguousBoundary, 3},
		{"{/a}{/b}", ErrAmbiguousBoundary, 5},
		{"file:///{+path}{?rev}", ErrAmbiguousBoundary, 16},
		{"{+a,b}", ErrAmbiguousSeparator, 1},
		{"X{.a,b}", ErrAmbiguousSeparator, 2},
	} {
		err := MustParse(c.s).Matchable()
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, c.reason) || e.Offset != c.off {
			t.Errorf("Matchable(%q) = %v, want %v at %d", c.s, err, c.reason, c.off)
		}
	}
}

// TestMatchableHints: the reason says which expression, by its offset,
// and names an operator character, never a literal one.
func TestMatchableHints(t *testing.T) {
	for s, want := range map[string]string{
		"{x}-{y}":                   "the expression at offset 0",
		"/search{?q}{&page}{&page}": `"&" of the expression at offset 18`,
		"{+a,b}":                    `the expression at offset 0 of operator "+"`,
		"{/a}{/b}":                  `"/" of the expression at offset 4`,
	} {
		err := MustParse(s).Matchable()
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Matchable(%q) = %v, want it to say %s", s, err, want)
		}
	}
	if err := MustParse("{x}-s3cret{y}").Matchable(); err == nil || strings.Contains(err.Error(), "-") {
		t.Errorf("Matchable = %v: it names a literal character", err)
	}
}

func TestMatchNamedRuns(t *testing.T) {
	tm := MustParse("/search{?q}{&page}{&size}")
	for u, want := range map[string]Vars{
		"/search?q=a&page=2&size=3": {"q": String("a"), "page": String("2"), "size": String("3")},
		"/search&page=2":            {"page": String("2")},
		"/search&size=3":            {"size": String("3")},
		"/search?q=&size=":          {"q": String(""), "size": String("")},
		"/search":                   {},
	} {
		got, err := tm.Match(u)
		if err != nil {
			t.Errorf("Match(%q) = %v", u, err)
			continue
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("Match(%q) (-want +got):\n%s", u, diff)
		}
	}
	if _, err := tm.Match("/search&size=3&page=2"); !errors.Is(err, ErrNoMatch) {
		t.Errorf("Match of pieces out of order = %v, want ErrNoMatch", err)
	}
}

// TestNamedRunsRoundTrip: every assignment of undefined, empty and
// hostile strings, lists and associative arrays (where canonical) reads
// back.
func TestNamedRunsRoundTrip(t *testing.T) {
	strs := []Value{{}, String(""), String("a&b=c;d?e,f"), List("x", "y;z"), Assoc(Pair{"k", "v&"}, Pair{"l", ""})}
	for _, s := range namedRuns {
		tm := MustParse(s)
		names := tm.Varnames()
		n := 1
		for range names {
			n *= len(strs)
		}
		for k := range n {
			vars := Vars{}
			for i, c := 0, k; i < len(names); i, c = i+1, c/len(strs) {
				vars[names[i]] = strs[c%len(strs)]
			}
			u, err := tm.Expand(vars)
			if err != nil {
				t.Fatalf("Expand(%q, %v): %v", s, vars, err)
			}
			got, err := tm.Match(u)
			if !canonical(tm, vars) {
				if err == nil {
					if back, _ := tm.Expand(got); back != u {
						t.Errorf("Expand(Match(%q)) on %q = %q", u, s, back)
					}
				}
				continue
			}
			if err != nil {
				t.Errorf("Match(%q) on %q (from %v) = %v", u, s, vars, err)
				continue
			}
			if diff := cmp.Diff(trimVars(tm, vars), got); diff != "" {
				t.Errorf("Match(%q) on %q (-want +got):\n%s", u, s, diff)
			}
		}
	}
}

// TestMatchInvalidURI: a URI that is not a URI reference is ErrInvalidURI
// at the offset uri.ParseReference gives, with its reason.
func TestMatchInvalidURI(t *testing.T) {
	for _, c := range []struct {
		tpl, u string
		off    int
		reason error
	}{
		{"/{x}", "/a b", 2, uri.ErrInvalidCharacter},
		{"/{x}", "/%zz", 1, uri.ErrInvalidEscape},
		{"/{x}", "/a%", 2, uri.ErrInvalidEscape},
		{"https://h/{?access_token,x}", "https://h/?access_token=T0K&x=1%", 31, uri.ErrInvalidEscape},
	} {
		_, err := MustParse(c.tpl).Match(c.u)
		var e *Error
		var ue *uri.Error
		if !errors.As(err, &e) || !errors.Is(err, ErrInvalidURI) || !errors.As(err, &ue) || !errors.Is(err, c.reason) || e.Offset != c.off || !e.InURI() {
			t.Errorf("Match(%q, %q) = %v, want ErrInvalidURI at %d (%v)", c.tpl, c.u, err, c.off, c.reason)
			continue
		}
		if want := ue.Component.String() + " at offset " + itoaTest(c.off) + ": " + c.reason.Error(); !strings.HasSuffix(err.Error(), want) {
			t.Errorf("Match(%q, %q) = %q, want it to end with %q", c.tpl, c.u, err, want)
		}
		if strings.Contains(err.Error(), "T0K") {
			t.Errorf("Match error %q shows the URI", err)
		}
	}
}

func itoaTest(n int) string {
	var b []byte
	for {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
		if n == 0 {
			return string(b)
		}
	}
}

// TestNotURIReferenceNamesValue: the error of an expansion that is not a
// URI reference points at the expression whose value made it so, names
// the variable and the component, and gives no offset in the expansion.
func TestNotURIReferenceNamesValue(t *testing.T) {
	for _, c := range []struct {
		tpl  string
		vars Vars
		off  int
		want string
	}{
		{"http://{+x}/", Vars{"x": String("[")}, 7, `the value of "x" makes the host invalid`},
		{"http://h/{+x}{y}", Vars{"x": String("a#b#"), "y": String("c")}, 9, `the value of "x"`},
		{"{x}:y", Vars{"x": String("")}, 0, `the value of "x"`},
		{"/a{#f,g}", Vars{"f": String("x"), "g": String("#")}, 2, `the value of "g"`},
	} {
		_, err := MustParse(c.tpl).Expand(c.vars)
		var e *Error
		var ue *uri.Error
		if !errors.As(err, &e) || !errors.Is(err, ErrNotURIReference) || !errors.As(err, &ue) || e.Offset != c.off {
			t.Errorf("Expand(%q) = %v, want ErrNotURIReference at %d", c.tpl, err, c.off)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, c.want) || strings.Count(msg, "offset") > 1 {
			t.Errorf("Expand(%q) = %q, want it to say %s and no offset in the expansion", c.tpl, msg, c.want)
		}
	}
}
