package uritemplate_test

import (
	"errors"
	"fmt"

	"github.com/urikit/urikit/uritemplate"
)

func ExampleParse() {
	_, err := uritemplate.Parse("/users/{id:0}")
	fmt.Println(err)
	fmt.Println(errors.Is(err, uritemplate.ErrInvalidPrefix))
	// Output:
	// uritemplate: template offset 11: invalid prefix length
	// true
}

func ExampleTemplate_Expand() {
	t := uritemplate.MustParse("http://example.com/search{?q,lang}")
	u, err := t.Expand(uritemplate.Vars{
		"q":    uritemplate.String("chien méchant"),
		"lang": uritemplate.String("fr"),
	})
	fmt.Println(u, err)
	// Output:
	// http://example.com/search?q=chien%20m%C3%A9chant&lang=fr <nil>
}

// The level-4 examples of RFC 6570 3.2: lists, associative arrays (in
// the order given) and the explode modifier.
func ExampleTemplate_Expand_level4() {
	vars := uritemplate.Vars{
		"list": uritemplate.List("red", "green", "blue"),
		"keys": uritemplate.Assoc(
			uritemplate.Pair{Key: "semi", Value: ";"},
			uritemplate.Pair{Key: "dot", Value: "."},
			uritemplate.Pair{Key: "comma", Value: ","},
		),
		"path": uritemplate.String("/foo/bar"),
	}
	for _, s := range []string{"{/list*}", "{?keys*}", "{+path:6}/here", "X{.keys}"} {
		u, _ := uritemplate.MustParse(s).Expand(vars)
		fmt.Println(u)
	}
	// Output:
	// /red/green/blue
	// ?semi=%3B&dot=.&comma=%2C
	// /foo/b/here
	// X.semi,%3B,dot,.,comma,%2C
}

func ExampleTemplate_Match() {
	t := uritemplate.MustParse("file:///{+path}")
	vars, err := t.Match("file:///home/ana/caf%C3%A9.txt")
	fmt.Println(vars["path"].Text(), err)

	t = uritemplate.MustParse("repo://{owner}/{repo}/issues{?labels}")
	vars, _ = t.Match("repo://golang/go/issues?labels=bug,help")
	fmt.Println(vars["owner"].Text(), vars["repo"].Text(), vars["labels"].Items())
	// Output:
	// home/ana/café.txt <nil>
	// golang go [bug help]
}

// Match says why a template cannot be read back, and where.
func ExampleTemplate_Match_ambiguous() {
	for _, s := range []string{"{x}{y}", "{year}-{month}", "{+base}/{name}", "file:///{+path}{?rev}"} {
		_, err := uritemplate.MustParse(s).Match("2024-05")
		fmt.Println(err)
	}
	_, err := uritemplate.MustParse("/users/{id}").Match("/users/7/edit")
	fmt.Println(err)
	// Output:
	// uritemplate: template offset 3: two expressions with no literal between
	// uritemplate: template offset 6: a character that ends an expression may stand inside it: the character at offset 6, after the expression at offset 0
	// uritemplate: template offset 7: a character that ends an expression may stand inside it: the character at offset 7, after the expression at offset 0
	// uritemplate: template offset 16: a character that ends an expression may stand inside it: the "?" of the expression at offset 15, after the expression at offset 8
	// uritemplate: uri offset 8: the URI does not match the template
}

// Matchable tells, once, whether Match can read a template's URIs back:
// where an MCP server registers its resource templates, for instance.
func ExampleTemplate_Matchable() {
	for _, s := range []string{"users://{id}/profile", "{/path*}", "files://{+dir}/{name}", "X{.a,b}"} {
		fmt.Printf("%-22s %v\n", s, uritemplate.MustParse(s).Matchable())
	}
	// Output:
	// users://{id}/profile   <nil>
	// {/path*}               <nil>
	// files://{+dir}/{name}  uritemplate: template offset 14: a character that ends an expression may stand inside it: the character at offset 14, after the expression at offset 8
	// X{.a,b}                uritemplate: template offset 2: the separator of the operator may stand inside a value: "." in the expression at offset 1 of operator "."
}

func ExampleTemplate_AppendExpand() {
	t := uritemplate.MustParse("{/segments*}{?q}")
	buf := make([]byte, 0, 64)
	buf, err := t.AppendExpand(buf, uritemplate.Vars{
		"segments": uritemplate.List("docs", "a b"),
		"q":        uritemplate.String("x&y"),
	})
	fmt.Println(string(buf), err)
	// Output:
	// /docs/a%20b?q=x%26y <nil>
}

// MatchParts tells where each value stands in the URI, so that a caller
// can tell which values come from bytes it treats apart, such as a
// credential.
func ExampleTemplate_MatchParts() {
	t := uritemplate.MustParse("https://h/{user}{?q*}")
	u := "https://h/ana?a=1&access_token=s3cret"
	vars, parts, err := t.MatchParts(u)
	fmt.Println(vars["q"].Pairs(), err)
	for _, p := range parts {
		fmt.Printf("%s %d %q\n", p.Name, p.Item, u[p.Start:p.End])
	}
	// Output:
	// [{a 1} {access_token s3cret}] <nil>
	// user 0 "ana"
	// q 0 "a"
	// q 1 "1"
	// q 2 "access_token"
	// q 3 "s3cret"
}

// ExpandParts tells where Expand wrote each string of each value (RFC
// 6570 3.2.1); a prefix modifier's Part is the prefix written.
func ExampleTemplate_ExpandParts() {
	t := uritemplate.MustParse("{/list*}{?var:3}")
	u, parts, err := t.ExpandParts(uritemplate.Vars{
		"list": uritemplate.List("red", "a b"),
		"var":  uritemplate.String("value"),
	})
	fmt.Println(u, err)
	for _, p := range parts {
		fmt.Printf("%s %d %q\n", p.Name, p.Item, u[p.Start:p.End])
	}
	// Output:
	// /red/a%20b?var=val <nil>
	// list 0 "red"
	// list 1 "a%20b"
	// var 0 "val"
}
