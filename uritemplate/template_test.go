package uritemplate

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urikit/urikit/internal/testload"
)

// TestLeanBuild: the package links package uri and nothing that uri
// does not link already, but itself and internal/tmpldecode (its reading
// of an expansion's strings, which the command line shares).
func TestLeanBuild(t *testing.T) {
	linked := map[string]bool{
		"github.com/urikit/urikit/uritemplate":         true,
		"github.com/urikit/urikit/internal/tmpldecode": true,
	}
	for _, p := range testload.Deps(t, "..", "./uri") {
		linked[p] = true
	}
	for _, p := range testload.Deps(t, "..", "./uritemplate") {
		if !linked[p] {
			t.Errorf("uritemplate links %s, which package uri does not", p)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		in     string
		reason error
		offset int
	}{
		{"{", ErrUnclosedExpression, 0},
		{"ab{cd", ErrUnclosedExpression, 2},
		{"{x:12", ErrUnclosedExpression, 0},
		{"{%4", ErrUnclosedExpression, 0},
		{"a}", ErrInvalidLiteral, 1},
		{"\xff", ErrInvalidLiteral, 0},
		{"\U000E0001", ErrInvalidLiteral, 0}, // a tag: neither ucschar nor iprivate
		{"%4g", ErrInvalidEscape, 0},
		{"{@x}", ErrInvalidOperator, 1},
		{"{x.}", ErrInvalidVarname, 3},
		{"{\u00e9}", ErrInvalidVarname, 1},
		{"{x:0}", ErrInvalidPrefix, 3},
		{"{x:12345}", ErrInvalidPrefix, 7},
		{"{x*3}", ErrInvalidModifier, 3},
	}
	for _, tt := range tests {
		_, err := Parse(tt.in)
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, tt.reason) || e.Offset != tt.offset {
			t.Errorf("Parse(%q) = %v; want %v at offset %d", tt.in, err, tt.reason, tt.offset)
		}
	}
	for _, ok := range []string{"", "{x}", "\U000F0000{x}", "\uE000", "{x:9999}", "{a.b%2F_1}", "!#$&()*+,-./:;=?@[]_~"} {
		if _, err := Parse(ok); err != nil {
			t.Errorf("Parse(%q) = %v, want nil", ok, err)
		}
	}
}

func TestTemplate(t *testing.T) {
	tm := MustParse("{x}/{+y}{?x,z*}")
	if got, want := tm.Varnames(), []string{"x", "y", "z"}; !cmp.Equal(got, want) {
		t.Errorf("Varnames() = %q, want %q", got, want)
	}
	var zero Template
	if u, err := zero.Expand(Vars{"x": String("a")}); u != "" || err != nil {
		t.Errorf("zero Template: Expand = %q, %v", u, err)
	}
	if v, err := zero.Match(""); err != nil || len(v) != 0 {
		t.Errorf("zero Template: Match(\"\") = %v, %v", v, err)
	}
	if _, err := zero.Match("a"); !errors.Is(err, ErrNoMatch) {
		t.Errorf("zero Template: Match(\"a\") = %v, want ErrNoMatch", err)
	}
	defer func() {
		if recover() == nil {
			t.Error("MustParse(\"{\") did not panic")
		}
	}()
	MustParse("{")
}

func TestTextMarshal(t *testing.T) {
	var cfg struct{ Link Template }
	if err := json.Unmarshal([]byte(`{"Link":"/users/{id}{?fields*}"}`), &cfg); err != nil {
		t.Fatal(err)
	}
	if u, err := cfg.Link.Expand(Vars{"id": String("7")}); u != "/users/7" || err != nil {
		t.Errorf("Expand = %q, %v", u, err)
	}
	b, err := json.Marshal(cfg)
	if want := `{"Link":"/users/{id}{?fields*}"}`; string(b) != want || err != nil {
		t.Errorf("json.Marshal = %s, %v; want %s", b, err, want)
	}
	if err := json.Unmarshal([]byte(`{"Link":"{x"}`), &cfg); !errors.Is(err, ErrUnclosedExpression) || cfg.Link.String() != "/users/{id}{?fields*}" {
		t.Errorf("json.Unmarshal of a bad template = %v, Link %q", err, cfg.Link)
	}
}

func TestValues(t *testing.T) {
	items := []string{"a", "b"}
	l := List(items...)
	items[0] = "changed"
	if got := l.Items(); got[0] != "a" || l.Kind() != KindList || l.Len() != 2 {
		t.Errorf("List copies its items: got %q", got)
	}
	if List().Defined() || Assoc().Defined() || (Value{}).Defined() {
		t.Error("an empty list, an empty associative array and the zero Value must be undefined (RFC 6570 2.3)")
	}
	if !String("").Defined() {
		t.Error(`String("") must be defined (RFC 6570 2.3)`)
	}
	if !Assoc(Pair{"k", "v"}).Equal(Assoc(Pair{"k", "v"})) || String("a").Equal(List("a")) {
		t.Error("Equal")
	}
}

func TestErrorJSON(t *testing.T) {
	_, err := MustParse("{x}{y}").Match("ab")
	b, _ := json.Marshal(err)
	if want := `{"offset":3,"in":"template","reason":"two expressions with no literal between"}`; string(b) != want {
		t.Errorf("json.Marshal = %s, want %s", b, want)
	}
	_, err = MustParse("a{x}").Match("b")
	b, _ = json.Marshal(err)
	if want := `{"offset":0,"in":"uri","reason":"the URI does not match the template"}`; string(b) != want {
		t.Errorf("json.Marshal = %s, want %s", b, want)
	}
}

// TestMatchLinear: a long URI against a template whose expressions have
// many variables reads in one pass (a quadratic reader would take
// seconds here).
func TestMatchLinear(t *testing.T) {
	var names []string
	for i := range 2000 {
		names = append(names, "v"+strings.Repeat("x", i%7)+string(rune('a'+i%26))+strings.Repeat("1", i/26))
	}
	tm := MustParse("{?" + strings.Join(names, ",") + "}")
	vars := Vars{}
	for _, n := range names {
		vars[n] = String(strings.Repeat("z", 50))
	}
	u, err := tm.Expand(vars)
	if err != nil {
		t.Fatal(err)
	}
	got, err := tm.Match(u)
	if err != nil || len(got) != len(names) {
		t.Fatalf("Match = %d vars, %v", len(got), err)
	}
}

// TestParseLinear: Parse's checks for Match stay linear on templates
// built to make a careless check quadratic (100,000 expressions: a
// quadratic one would not finish).
func TestParseLinear(t *testing.T) {
	var b strings.Builder
	b.WriteString("{x}")
	for range 100000 {
		b.WriteString("{/a}")
	}
	b.WriteString("{.q}")
	tm, err := Parse(b.String())
	if err != nil {
		t.Fatal(err)
	}
	if err := tm.Matchable(); !errors.Is(err, ErrAmbiguousBoundary) || err.(*Error).Offset != 8 {
		t.Errorf("Matchable() = %v, want ErrAmbiguousBoundary at offset 8 (the operator of the second {/a})", err)
	}
	b.Reset()
	b.WriteString("{?")
	for i := range 50000 {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("a*")
	}
	b.WriteString("}")
	if tm, err := Parse(b.String()); err != nil || !errors.Is(tm.Matchable(), ErrAmbiguousExplode) {
		t.Errorf("Parse = %v, Matchable = %v", err, tm.Matchable())
	}
}

// TestVarnamesLinear: 200,000 distinct names (a quadratic scan would not
// finish), in order.
func TestVarnamesLinear(t *testing.T) {
	var b strings.Builder
	b.WriteString("{")
	for i := range 200000 {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("v" + strconv.Itoa(i))
	}
	b.WriteString("}{v7}")
	tm := MustParse(b.String())
	names := tm.Varnames()
	if len(names) != 200000 || names[0] != "v0" || names[199999] != "v199999" {
		t.Errorf("Varnames() has %d names", len(names))
	}
}
