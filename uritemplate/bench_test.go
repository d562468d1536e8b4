package uritemplate

import (
	"testing"
)

// benchTemplates are level-4 examples of RFC 6570 1.2 and the shapes of
// real templates, with the variables of RFC 6570 3.2.
var benchTemplates = []string{
	"{+path:6}/here", "X{.keys*}", "{/list*,path:4}", "{;keys}", "{?list*}", "{&keys*}",
	"http://example.com/search{?q,lang}", "repo://{owner}/{repo}/issues{?labels,state}",
	"file:///{+path}", "{/who,dub}{?x,y,empty}",
}

var benchVars = Vars{
	"var": String("value"), "hello": String("Hello World!"), "path": String("/foo/bar"),
	"list": List("red", "green", "blue"), "who": String("fred"), "dub": String("me/too"),
	"keys": Assoc(Pair{"semi", ";"}, Pair{"dot", "."}, Pair{"comma", ","}),
	"x":    String("1024"), "y": String("768"), "empty": String(""),
	"q": String("caf\u00e9 cr\u00e8me"), "lang": String("fr"),
	"owner": String("golang"), "repo": String("go"), "labels": List("bug", "help wanted"),
}

var sinkString string

func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range benchTemplates {
			t, _ := Parse(s)
			sinkString = t.text
		}
	}
}

func BenchmarkExpand(b *testing.B) {
	ts := make([]Template, len(benchTemplates))
	for i, s := range benchTemplates {
		ts[i] = MustParse(s)
	}
	b.ReportAllocs()
	for b.Loop() {
		for i := range ts {
			sinkString, _ = ts[i].Expand(benchVars)
		}
	}
}

func BenchmarkAppendExpand(b *testing.B) {
	ts := make([]Template, len(benchTemplates))
	for i, s := range benchTemplates {
		ts[i] = MustParse(s)
	}
	buf := make([]byte, 0, 256)
	b.ReportAllocs()
	for b.Loop() {
		for i := range ts {
			buf, _ = ts[i].AppendExpand(buf[:0], benchVars)
		}
	}
}

func BenchmarkMatch(b *testing.B) {
	var ts []Template
	var us []string
	for _, s := range benchTemplates {
		t := MustParse(s)
		if t.Matchable() != nil {
			continue
		}
		u, err := t.Expand(benchVars)
		if err != nil {
			b.Fatal(err)
		}
		ts, us = append(ts, t), append(us, u)
	}
	b.ReportAllocs()
	for b.Loop() {
		for i := range ts {
			v, _ := ts[i].Match(us[i])
			sinkString = v["path"].str
		}
	}
}

// BenchmarkMatchLong reads a 1 MB path: linear time, no backtracking.
func BenchmarkMatchLong(b *testing.B) {
	t := MustParse("/files/{+path}/raw")
	path := make([]byte, 0, 1<<20)
	for len(path) < 1<<20 {
		path = append(path, "a/b%20c/"...)
	}
	u := "/files/" + string(path) + "/raw"
	b.SetBytes(int64(len(u)))
	b.ReportAllocs()
	for b.Loop() {
		v, _ := t.Match(u)
		sinkString = v["path"].str
	}
}

// bigTemplates are 1 MiB templates of the shapes that cost Parse the most
// per byte: many one-letter expressions, one expression of many distinct
// names (an index for Match), explode and prefix modifiers on distinct
// names, and literals of non-ASCII characters between expressions.
var bigTemplates = func() []struct{ name, text string } {
	const size = 1 << 20
	repeat := func(piece func(i int) string) string {
		var b []byte
		for i := 0; len(b) < size; i++ {
			b = append(b, piece(i)...)
		}
		return string(b)
	}
	name := func(i int) string {
		const letters = "abcdefghijklmnopqrstuvwxyz"
		s := ""
		for ; ; i /= 26 {
			s += string(letters[i%26])
			if i < 26 {
				return s
			}
		}
	}
	return []struct{ name, text string }{
		{"exprs", repeat(func(int) string { return "{x}" })},
		{"exprs_lit", repeat(func(int) string { return "/{x}" })},
		{"names", "{?" + repeat(func(i int) string { return name(i) + "," }) + "z}"},
		{"explode_prefix", repeat(func(i int) string { return "/{" + name(i) + "*}{" + name(i) + "x:1}" })},
		{"distinct", repeat(func(i int) string { return "/{" + name(i) + "}" })},
		{"nonascii", repeat(func(int) string { return "é{x}" })},
	}
}()

// BenchmarkParseLarge: Parse of 1 MiB templates; bytes/op is the memory
// that Parse allocates, which is linear in the template.
func BenchmarkParseLarge(b *testing.B) {
	for _, bt := range bigTemplates {
		b.Run(bt.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(bt.text)))
			for b.Loop() {
				t, err := Parse(bt.text)
				if err != nil {
					b.Fatal(err)
				}
				sinkString = t.text
			}
		})
	}
}
