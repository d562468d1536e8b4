package uritemplate_test

import (
	"testing"

	yosida "github.com/yosida95/uritemplate/v3"

	ours "github.com/urikit/urikit/uritemplate"
)

// level4 are the level-4 examples of RFC 6570 1.2, with the expansion
// that the RFC gives.
var level4 = []struct{ template, want string }{
	{"{var:3}", "val"},
	{"{var:30}", "value"},
	{"{list}", "red,green,blue"},
	{"{list*}", "red,green,blue"},
	{"{keys}", "semi,%3B,dot,.,comma,%2C"},
	{"{keys*}", "semi=%3B,dot=.,comma=%2C"},
	{"{+path:6}/here", "/foo/b/here"},
	{"{+list}", "red,green,blue"},
	{"{+list*}", "red,green,blue"},
	{"{+keys}", "semi,;,dot,.,comma,,"},
	{"{+keys*}", "semi=;,dot=.,comma=,"},
	{"{#path:6}/here", "#/foo/b/here"},
	{"{#list}", "#red,green,blue"},
	{"{#list*}", "#red,green,blue"},
	{"{#keys}", "#semi,;,dot,.,comma,,"},
	{"{#keys*}", "#semi=;,dot=.,comma=,"},
	{"X{.var:3}", "X.val"},
	{"X{.list}", "X.red,green,blue"},
	{"X{.list*}", "X.red.green.blue"},
	{"X{.keys}", "X.semi,%3B,dot,.,comma,%2C"},
	{"X{.keys*}", "X.semi=%3B.dot=..comma=%2C"},
	{"{/var:1,var}", "/v/value"},
	{"{/list}", "/red,green,blue"},
	{"{/list*}", "/red/green/blue"},
	{"{/list*,path:4}", "/red/green/blue/%2Ffoo"},
	{"{/keys}", "/semi,%3B,dot,.,comma,%2C"},
	{"{/keys*}", "/semi=%3B/dot=./comma=%2C"},
	{"{;hello:5}", ";hello=Hello"},
	{"{;list}", ";list=red,green,blue"},
	{"{;list*}", ";list=red;list=green;list=blue"},
	{"{;keys}", ";keys=semi,%3B,dot,.,comma,%2C"},
	{"{;keys*}", ";semi=%3B;dot=.;comma=%2C"},
	{"{?var:3}", "?var=val"},
	{"{?list}", "?list=red,green,blue"},
	{"{?list*}", "?list=red&list=green&list=blue"},
	{"{?keys}", "?keys=semi,%3B,dot,.,comma,%2C"},
	{"{?keys*}", "?semi=%3B&dot=.&comma=%2C"},
	{"{&var:3}", "&var=val"},
	{"{&list}", "&list=red,green,blue"},
	{"{&list*}", "&list=red&list=green&list=blue"},
	{"{&keys}", "&keys=semi,%3B,dot,.,comma,%2C"},
	{"{&keys*}", "&semi=%3B&dot=.&comma=%2C"},
}

// The variables of RFC 6570 1.2 level 4, in each library's form.
var (
	oursVars = ours.Vars{
		"var":   ours.String("value"),
		"hello": ours.String("Hello World!"),
		"path":  ours.String("/foo/bar"),
		"list":  ours.List("red", "green", "blue"),
		"keys":  ours.Assoc(ours.Pair{Key: "semi", Value: ";"}, ours.Pair{Key: "dot", Value: "."}, ours.Pair{Key: "comma", Value: ","}),
	}
	yosidaVars = yosida.Values{
		"var":   yosida.String("value"),
		"hello": yosida.String("Hello World!"),
		"path":  yosida.String("/foo/bar"),
		"list":  yosida.List("red", "green", "blue"),
		"keys":  yosida.KV("semi", ";", "dot", ".", "comma", ","),
	}
)

var sink string

// TestDifferential: both libraries give the RFC's expansion of every
// level-4 example (yosida95 up to the order of an associative array,
// which its values keep as given here).
func TestDifferential(t *testing.T) {
	for _, ex := range level4 {
		got, err := ours.MustParse(ex.template).Expand(oursVars)
		if err != nil || got != ex.want {
			t.Errorf("urikit: Expand(%q) = %q, %v; want %q", ex.template, got, err, ex.want)
		}
		y, err := yosida.New(ex.template)
		if err != nil {
			t.Errorf("yosida95: New(%q): %v", ex.template, err)
			continue
		}
		if got, err := y.Expand(yosidaVars); err != nil || got != ex.want {
			t.Logf("yosida95: Expand(%q) = %q, %v; RFC 6570 gives %q", ex.template, got, err, ex.want)
		}
	}
}

// BenchmarkExpand expands every level-4 example once per iteration,
// templates parsed beforehand.
func BenchmarkExpand(b *testing.B) {
	b.Run("lib=urikit", func(b *testing.B) {
		ts := make([]ours.Template, len(level4))
		for i, ex := range level4 {
			ts[i] = ours.MustParse(ex.template)
		}
		b.ReportAllocs()
		for b.Loop() {
			for i := range ts {
				sink, _ = ts[i].Expand(oursVars)
			}
		}
	})
	b.Run("lib=yosida95", func(b *testing.B) {
		ts := make([]*yosida.Template, len(level4))
		for i, ex := range level4 {
			ts[i] = yosida.MustNew(ex.template)
		}
		b.ReportAllocs()
		for b.Loop() {
			for i := range ts {
				sink, _ = ts[i].Expand(yosidaVars)
			}
		}
	})
}

// matchable are the level-4 examples that urikit reads back (the others
// it rejects as ambiguous: "{+list*}", "X{.list*}", ...), with their
// expansions: the inputs of BenchmarkMatch for both libraries.
func matchable(tb testing.TB) (ts []ours.Template, ys []*yosida.Template, us []string) {
	for _, ex := range level4 {
		t := ours.MustParse(ex.template)
		if t.Matchable() != nil {
			continue
		}
		if _, err := t.Match(ex.want); err != nil {
			tb.Fatalf("urikit: Match(%q) on %q: %v", ex.want, ex.template, err)
		}
		ts = append(ts, t)
		ys = append(ys, yosida.MustNew(ex.template))
		us = append(us, ex.want)
	}
	return ts, ys, us
}

// BenchmarkMatch reads every matchable level-4 example back.
func BenchmarkMatch(b *testing.B) {
	ts, ys, us := matchable(b)
	b.Run("lib=urikit", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for i := range ts {
				v, _ := ts[i].Match(us[i])
				sink = v["var"].Text()
			}
		}
	})
	b.Run("lib=yosida95", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for i := range ys {
				v := ys[i].Match(us[i])
				sink = v.Get("var").String()
			}
		}
	})
}

// TestMatchable reports how many level-4 examples each library reads
// back to their values.
func TestMatchable(t *testing.T) {
	ts, ys, us := matchable(t)
	t.Logf("urikit reads back %d of the %d level-4 examples", len(ts), len(level4))
	n := 0
	for i := range ys {
		if v := ys[i].Match(us[i]); v != nil {
			n++
		}
	}
	t.Logf("yosida95 matches %d of those %d", n, len(ys))
}
