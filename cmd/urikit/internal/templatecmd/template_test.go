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
	vars := uritemplate.Vars{"user": uritemplate.String("ana"), "pw": uritemplate.String("s3cret"), "l": uritemplate.List("a", "b")}
	opt := &base.Options{JSON: true}
	tests := []struct {
		in, want string
		fail     bool
	}{
		{"/u/{user}{?l*}", `{"input":"/u/{user}{?l*}","output":"/u/ana?l=a&l=b","error":null}` + "\n", false},
		{"https://{user}:{pw}@h/", `{"input":"https://{user}:xxxxx@h/","output":"https://ana:xxxxx@h/","error":null}` + "\n", false},
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
	o = record.Output{}
	MatchRecord(record.Input{Text: "https://ana:s3cret@h/x/y", No: 1}, &o, &base.Options{ShowSecrets: true}, tm)
	if want := `{"user":"ana","pw":"s3cret","p":["x","y"]}` + "\n"; string(o.Out) != want {
		t.Errorf("MatchRecord --show-secrets = %s, want %s", o.Out, want)
	}
}
