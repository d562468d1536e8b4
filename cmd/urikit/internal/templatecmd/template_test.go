package templatecmd

import (
	"testing"

	"github.com/urikit/urikit/cmd/urikit/internal/base"
	"github.com/urikit/urikit/cmd/urikit/internal/record"
	"github.com/urikit/urikit/uritemplate"
)

// TestRecords calls the record functions as the playground does, with no
// flags: JSON records, secrets masked, errors with their offsets.
func TestRecords(t *testing.T) {
	vars := uritemplate.Vars{
		"user": uritemplate.String("ana"), "pw": uritemplate.String("s3cret"), "l": uritemplate.List("a", "b"), "x": uritemplate.String("1"),
		"k": uritemplate.Assoc(uritemplate.Pair{Key: "access_token", Value: "s3cret"}, uritemplate.Pair{Key: "x", Value: "1"}),
	}
	opt := &base.Options{JSON: true}
	tests := []struct {
		in, want string
		fail     bool
	}{
		{"/u/{user}{?l*}", `{"input":"/u/{user}{?l*}","output":"/u/ana?l=a&l=b","error":null}` + "\n", false},
		// A template is not a URI: its expressions are never masked, and
		// a secret of its literals is masked byte for byte.
		{"https://{user}:{pw}@h/", `{"input":"https://{user}:{pw}@h/","output":"https://ana:xxxxx@h/","error":null}` + "\n", false},
		{"https://h/?token=s3cret{&x}", `{"input":"https://h/?token=xxxxx{&x}","output":"https://h/?token=xxxxx&x=1","error":null}` + "\n", false},
		{"https://ana:s3cret@h/{x}", `{"input":"https://ana:xxxxx@h/{x}","output":"https://ana:xxxxx@h/1","error":null}` + "\n", false},
		// The pairs of an exploded associative array are apart: only the
		// value of access_token is a secret.
		{"{#k*}", `{"input":"{#k*}","output":"#access_token=xxxxx,x=1","error":null}` + "\n", false},
		{"/{+k*}?{k*}", `{"input":"/{+k*}?{k*}","output":"/access_token=xxxxx,x=1?access_token=xxxxx,x=1","error":null}` + "\n", false},
		{"{?k*}", `{"input":"{?k*}","output":"?access_token=xxxxx&x=1","error":null}` + "\n", false},
		{"?token=s3cret{x", `{"input":"?token=xxxxx{x","output":null,"error":{"offset":13,"component":"template","reason":"unclosed expression"}}` + "\n", true},
		{"{l:1}", `{"input":"{l:1}","output":null,"error":{"offset":2,"component":"template","reason":"prefix modifier on a composite value"}}` + "\n", true},
	}
	for _, tt := range tests {
		var o record.Output
		ExpandRecord(record.Input{Text: tt.in, No: 1, Arg: true}, &o, opt, vars)
		if string(o.Out) != tt.want || (o.Status != 0) != tt.fail {
			t.Errorf("ExpandRecord(%q) = %s (status %d), want %s", tt.in, o.Out, o.Status, tt.want)
		}
	}
	tm := uritemplate.MustParse("https://{user}:{pw}@h{/p*}")
	var o record.Output
	MatchRecord(record.Input{Text: "https://ana:s3cret@h/x/y", No: 1}, &o, opt, tm)
	if want := `{"input":"https://ana:xxxxx@h/x/y","output":{"user":"ana","pw":"xxxxx","p":["x","y"]},"error":null}` + "\n"; string(o.Out) != want {
		t.Errorf("MatchRecord = %s, want %s", o.Out, want)
	}
	// A template that writes the password in its own text matches the
	// URI masked, read with its own secret masked alike.
	o = record.Output{}
	MatchRecord(record.Input{Text: "https://ana:s3cret@h/a", No: 1}, &o, opt, uritemplate.MustParse("https://ana:s3cret@h/{x}"))
	if want := `{"input":"https://ana:xxxxx@h/a","output":{"x":"a"},"error":null}` + "\n"; string(o.Out) != want {
		t.Errorf("MatchRecord of a template with a password = %s, want %s", o.Out, want)
	}
	// The URI is matched as written, whatever the template's literals
	// hold, and what Match reads from a secret's bytes is masked.
	matches := []struct{ tpl, u, want string }{
		{"https://h/?token=s3cret{&x}", "https://h/?token=s3cret&x=1", `{"input":"https://h/?token=xxxxx&x=1","output":{"x":"1"},"error":null}`},
		{"https://h/{?q*}", "https://h/?a=1&access_token=s3cret&a=", `{"input":"https://h/?a=1&access_token=xxxxx&a=","output":{"q":{"a":"1","access_token":"xxxxx","a":""}},"error":null}`},
		{"https://h/{?q}", "https://h/?q=1", `{"input":"https://h/?q=1","output":{"q":"1"},"error":null}`},
		{"https://h/?password={p}", "https://h/?password=a,s3cret", `{"input":"https://h/?password=xxxxx","output":{"p":["xxxxx","xxxxx"]},"error":null}`},
		{"{+u}", "https://u:s3cret@h/", `{"input":"https://u:xxxxx@h/","output":{"u":"xxxxx"},"error":null}`},
	}
	for _, m := range matches {
		o = record.Output{}
		MatchRecord(record.Input{Text: m.u, No: 1}, &o, opt, uritemplate.MustParse(m.tpl))
		if string(o.Out) != m.want+"\n" {
			t.Errorf("MatchRecord(%q) on %q = %s, want %s", m.u, m.tpl, o.Out, m.want)
		}
	}
	o = record.Output{}
	MatchRecord(record.Input{Text: "https://ana:s3cret@h/x/y", No: 1}, &o, &base.Options{ShowSecrets: true}, tm)
	if want := `{"user":"ana","pw":"s3cret","p":["x","y"]}` + "\n"; string(o.Out) != want {
		t.Errorf("MatchRecord --show-secrets = %s, want %s", o.Out, want)
	}
}
