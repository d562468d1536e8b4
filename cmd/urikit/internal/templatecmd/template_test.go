package templatecmd

import (
	"strings"
	"testing"

	"github.com/urikit/urikit/cmd/urikit/internal/base"
	"github.com/urikit/urikit/cmd/urikit/internal/record"
	"github.com/urikit/urikit/internal/varsjson"
	"github.com/urikit/urikit/uritemplate"
)

// TestRecords calls the record functions as the playground does, with no
// flags: JSON records, secrets masked, errors with their offsets.
func TestRecords(t *testing.T) {
	vars := uritemplate.Vars{
		"user": uritemplate.String("ana"), "pw": uritemplate.String("s3cret"), "e": uritemplate.String(""), "l": uritemplate.List("a", "b"), "x": uritemplate.String("1"),
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
		// A secret that only the expansion shows as one is masked in the
		// template as shown too.
		{"https://h/?to{e}ken=Zq9Wk7Vb", `{"input":"https://h/?to{e}ken=xxxxx","output":"https://h/?token=xxxxx","error":null}` + "\n", false},
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
		// A string that holds secrets is masked as text of its own: only
		// the secrets' bytes change.
		{"{+u}", "https://u:s3cret@h/", `{"input":"https://u:xxxxx@h/","output":{"u":"https://u:xxxxx@h/"},"error":null}`},
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

// matchOut returns the JSON record of "template match --json tpl u".
func matchOut(t *testing.T, tpl, u string, showSecrets bool) string {
	t.Helper()
	var o record.Output
	MatchRecord(record.Input{Text: u, No: 1}, &o, &base.Options{JSON: true, ShowSecrets: showSecrets}, uritemplate.MustParse(tpl))
	return string(o.Out)
}

// expandOut returns the JSON record of "template expand --json tpl".
func expandOut(tpl string, vars uritemplate.Vars, showSecrets bool) string {
	var o record.Output
	ExpandRecord(record.Input{Text: tpl, No: 1, Arg: true}, &o, &base.Options{JSON: true, ShowSecrets: showSecrets}, vars)
	return string(o.Out)
}

// TestMatchMasksSecretBytes checks that match masks the bytes of each
// secret in the strings it reads, and no more: a string that lies in a
// secret is xxxxx, a string that holds secrets is masked as text of its
// own, and xxxxx when a secret's bytes would still show.
func TestMatchMasksSecretBytes(t *testing.T) {
	tests := []struct{ tpl, u, input, output string }{
		{"{+u}", "https://ana:hunter2@h/1?access_token=T0KEN#x",
			"https://ana:xxxxx@h/1?access_token=xxxxx#x", `{"u":"https://ana:xxxxx@h/1?access_token=xxxxx#x"}`},
		{"https://h/{?next}", "https://h/?next=https%3A%2F%2Fu%3ANESTPW%40h%2F",
			"https://h/?next=https%3A%2F%2Fu%3Axxxxx%40h%2F", `{"next":"https://u:xxxxx@h/"}`},
		{"https://h/{?next}", "https://h/?next=https%3A%2F%2Fu%3AP%2541SS%40h%2F%FF",
			"https://h/?next=https%3A%2F%2Fu%3Axxxxx%40h%2F%FF", `{"next":"https://u:xxxxx@h/\udcff"}`},
		{"https://h/{+p}", "https://h/a%FFb?token=T%FF&x=1", "https://h/a%FFb?token=xxxxx&x=1", `{"p":"a\udcffb?token=xxxxx&x=1"}`},
		{"https://h/#{+f}", "https://h/#state=1&access_token=TKN",
			"https://h/#state=1&access_token=xxxxx", `{"f":"state=1&access_token=xxxxx"}`},
		// The secret's bytes show elsewhere in the string: all of it is
		// masked, in the output and in the input.
		{"{+u}", "https://ana:pw@h/?x=pw", "xxxxx", `{"u":"xxxxx"}`},
		// Decoded, the secret shows: masked.
		{"{+u}", "https://ana:p%77@h/?x=pw", "xxxxx", `{"u":"xxxxx"}`},
		// A prefix that lies in a secret makes its variable a secret:
		// every Part of it is masked in the input.
		{"https://h/{p}?token={p:3}", "https://h/SEKRIT?token=SEK", "https://h/xxxxx?token=xxxxx", `{"p":"xxxxx"}`},
		{"https://h/?token={p:3}&x={p}", "https://h/?token=SEK&x=SEKRIT", "https://h/?token=xxxxx&x=xxxxx", `{"p":"xxxxx"}`},
		// Credential keys, whatever the operator.
		{"https://h{/p*}", "https://h/password=PW/x=1", "https://h/password=xxxxx/x=1", `{"p":{"password":"xxxxx","x":"1"}}`},
		{"https://h{;p*}", "https://h;password=PW;x=1", "https://h;password=xxxxx;x=1", `{"p":{"password":"xxxxx","x":"1"}}`},
		{"https://h{/p*}", "https://h/PASSWORD=PW/Access_Token=AT/x=1", "https://h/PASSWORD=xxxxx/Access_Token=xxxxx/x=1",
			`{"p":{"PASSWORD":"xxxxx","Access_Token":"xxxxx","x":"1"}}`},
		{"https://h/{token}/{x}", "https://h/abc/1", "https://h/xxxxx/1", `{"token":"xxxxx","x":"1"}`},
		{"https://h{/password}", "https://h/a,b", "https://h/xxxxx,xxxxx", `{"password":["xxxxx","xxxxx"]}`},
		{"https://h/{?token,x}", "https://h/?token=&x=1", "https://h/?token=&x=1", `{"token":"","x":"1"}`},
		// Nothing secret: as it is.
		{"https://h/{+u}", "https://h/a/b?c=d#e", "https://h/a/b?c=d#e", `{"u":"a/b?c=d#e"}`},
		// A value that is a URI of its own is masked as one, plain or
		// encoded, and so are the bytes that it was read from, although
		// the URI's own rules see no secret there (a path).
		{"/{+x}", "/https://u:pw@h/", "/https://u:xxxxx@h/", `{"x":"https://u:xxxxx@h/"}`},
		{"/{x}", "/https%3A%2F%2Fu%3Apw%40h", "/https%3A%2F%2Fu%3Axxxxx%40h", `{"x":"https://u:xxxxx@h"}`},
		{"{+x}", "https%3A%2F%2Fu%3Ahunter2%40h%2F", "https%3A%2F%2Fu%3Axxxxx%40h%2F", `{"x":"https%3A%2F%2Fu%3Axxxxx%40h%2F"}`},
		{"https://h/x{/m*}", "https://h/x/next=https%3A%2F%2Fana%3Anested77%40h%2F/r=https%3A%2F%2Fa%3Ab%40h%2F%3Faccess_token%3DDEEP",
			"https://h/x/next=https%3A%2F%2Fana%3Axxxxx%40h%2F/r=https%3A%2F%2Fa%3Axxxxx%40h%2F%3Faccess_token%3Dxxxxx",
			`{"m":{"next":"https://ana:xxxxx@h/","r":"https://a:xxxxx@h/?access_token=xxxxx"}}`},
		{"{#x}", "#https://ana:nested77@h/?api_key=NESTKEY", "#https://ana:xxxxx@h/?api_key=xxxxx", `{"x":"https://ana:xxxxx@h/?api_key=xxxxx"}`},
		// An associative array without explode reads back as a list of
		// names and values: the item after a credential key is a secret.
		{"https://h/{?m}", "https://h/?m=access_token,Zq9Wk7Vb,x,1", "https://h/?m=access_token,xxxxx,x,1", `{"m":["access_token","xxxxx","x","1"]}`},
		{"{/m}", "/password,hunter22", "/password,xxxxx", `{"m":["password","xxxxx"]}`},
		// A "+" or "#" list read as one string: each item as text of its
		// own.
		{"https://h/x{#v}", "https://h/x#k,//ana:Zq9Wk7Vb@h/", "https://h/x#k,//ana:xxxxx@h/", `{"v":"k,//ana:xxxxx@h/"}`},
		{"https://h/x{+w}", "https://h/xa,access_token=Zq9Wk7Vb", "https://h/xa,access_token=xxxxx", `{"w":"a,access_token=xxxxx"}`},
	}
	for _, tt := range tests {
		want := `{"input":"` + tt.input + `","output":` + tt.output + `,"error":null}` + "\n"
		if got := matchOut(t, tt.tpl, tt.u, false); got != want {
			t.Errorf("match %q %q = %s, want %s", tt.tpl, tt.u, got, want)
		}
		got := matchOut(t, tt.tpl, tt.u, true)
		vars, err := uritemplate.MustParse(tt.tpl).Match(tt.u)
		if err != nil {
			t.Fatal(err)
		}
		want = `{"input":` + string(record.AppendString(nil, tt.u)) + `,"output":` +
			string(varsjson.Append(nil, uritemplate.MustParse(tt.tpl).Varnames(), vars)) + `,"error":null}` + "\n"
		if got != want {
			t.Errorf("match --show-secrets %q %q = %s, want %s", tt.tpl, tt.u, got, want)
		}
	}
}

// TestExpandMasksByKey checks that expand masks the value of a pair
// whose key is a credential key, and every string of a variable whose
// name is one, whatever the operator; and every Part of a variable one
// of whose strings is a secret.
func TestExpandMasksByKey(t *testing.T) {
	vars := uritemplate.Vars{
		"m": uritemplate.Assoc(uritemplate.Pair{Key: "access_token", Value: "ASSOCTOK"}, uritemplate.Pair{Key: "x", Value: "1"},
			uritemplate.Pair{Key: "Password", Value: "PWASSOC"}),
		"p":     uritemplate.String("SEKRIT"),
		"token": uritemplate.String("TOKVAL"),
		"pass":  uritemplate.List("PWA", "PWB"),
		"e":     uritemplate.String(""),
		"u":     uritemplate.String("https://ana:pw@h/?x=pw"),
		"v":     uritemplate.String("https://ana:s3cret@h/"),
	}
	tests := []struct{ tpl, want string }{
		{"{?m*}", "?access_token=xxxxx&x=1&Password=xxxxx"},
		{"{;m*}", ";access_token=xxxxx;x=1;Password=xxxxx"},
		{"{#m*}", "#access_token=xxxxx,x=1,Password=xxxxx"},
		{"https://h/{/m*}", "https://h//access_token=xxxxx/x=1/Password=xxxxx"},
		{"{?m}", "?m=access_token,xxxxx,x,1,Password,xxxxx"},
		{"{/m}", "/access_token,xxxxx,x,1,Password,xxxxx"},
		{"https://h/{p}?token={p:3}", "https://h/xxxxx?token=xxxxx"},
		// The query's secret is the whole value, commas included.
		{"https://h/{token}{?pass}", "https://h/xxxxx?pass=xxxxx"},
		{"https://h/{token:3}{/pass*}", "https://h/xxxxx/xxxxx/xxxxx"},
		{"{+v}{?e}", "https://ana:xxxxx@h/?e="},
		// The password shows again in the string: all of it is masked.
		{"{+u}", "xxxxx"},
		// The password's bytes in each Part, as written there.
		{"{+v}/{v}", "https://ana:xxxxx@h//https%3A%2F%2Fana%3Axxxxx%40h%2F"},
	}
	for _, tt := range tests {
		want := `{"input":"` + tt.tpl + `","output":"` + tt.want + `","error":null}` + "\n"
		if got := expandOut(tt.tpl, vars, false); got != want {
			t.Errorf("expand %q = %s, want %s", tt.tpl, got, want)
		}
		s, err := uritemplate.MustParse(tt.tpl).Expand(vars)
		if err != nil {
			t.Fatal(err)
		}
		want = `{"input":"` + tt.tpl + `","output":` + string(record.AppendString(nil, s)) + `,"error":null}` + "\n"
		if got := expandOut(tt.tpl, vars, true); got != want {
			t.Errorf("expand --show-secrets %q = %s, want %s", tt.tpl, got, want)
		}
	}
}

// written returns all that o writes: standard output and standard error.
func written(o *record.Output) string {
	var b strings.Builder
	b.Write(o.Out)
	for _, n := range o.Notes {
		b.WriteString(n.Text)
	}
	return b.String()
}

// showsSecret returns the first of secrets that out shows, as written or
// percent-decoded, or "".
func showsSecret(out string, secrets []string) string {
	for _, d := range decodings(out) {
		for _, s := range secrets {
			if strings.Contains(d, s) {
				return s
			}
		}
	}
	return ""
}

// TestNoSecretShows checks, for a table of templates and URIs (match)
// and of templates over variables (expand), that no secret's bytes show
// in any output, text or JSON, standard output or error, unless
// --show-secrets; and that --show-secrets shows them.
func TestNoSecretShows(t *testing.T) {
	// secrets are those of the URI, masked whatever the template; more
	// are those that a template reads as secrets (a credential key's
	// value, a variable named token), and bytes of a secret that the URI
	// also holds in the clear.
	uris := []struct {
		u       string
		secrets []string
		more    map[string][]string
	}{
		{"https://ana:PWSECRET1@h/a/b?access_token=TOKSECRET2&x=1#id_token=FRAGSECRET3", []string{"PWSECRET1", "TOKSECRET2", "FRAGSECRET3"}, nil},
		{"https://h/?next=https%3A%2F%2Fu%3ANESTSECRET4%40h%2F&x=1", []string{"NESTSECRET4"}, nil},
		{"https://h/password=PATHSECRET5/x=1", nil, map[string][]string{"https://h{/p*}": {"PATHSECRET5"}, "https://h{/p*}{?q*}": {"PATHSECRET5"}}},
		{"https://h/password=PATHSECRET5/x=1?token=QSECRET6", []string{"QSECRET6"}, map[string][]string{"https://h{/p*}{?q*}": {"PATHSECRET5"}}},
		{"https://h/SEKRITX?token=SEK", nil, map[string][]string{"https://h/{p}?token={p:3}": {"SEK"}}},
		{"https://h/TOKPATHSECRET7/1", nil, map[string][]string{"https://h/{token}/{x}": {"TOKPATHSECRET7"}}},
		{"https://ana:PW%53ECRET8@h/?x=1", []string{"PWSECRET8"}, nil},
		{"https://h/#state=1&access_token=FRAGTOK9", []string{"FRAGTOK9"}, nil},
		{"https://ana:pw@h/?x=pw", nil, map[string][]string{"{+u}": {"pw"}}},
		{"https://ana:PWSECRET1@h/?next=https://bob:NESTSECRET4@h2/", []string{"PWSECRET1", "NESTSECRET4"}, nil},
		{"https://h/a,b?password=LISTSECRET10,LISTSECRET11", []string{"LISTSECRET10", "LISTSECRET11"}, nil},
		{"https://h/x?q=1&token=QSECRET6&q=2", []string{"QSECRET6"}, nil},
		{"https://ana:PWSECRET1@h/%FF?access_token=%FFTOKSECRET2", []string{"PWSECRET1", "TOKSECRET2"}, nil},
		{"https://TOKU:PWSECRET1@h/?x=1&Api_Key=KEYSECRET12", []string{"PWSECRET1", "KEYSECRET12"}, nil},
		// URIs of their own in a path, a fragment, a value: read, they
		// are masked as URIs, and so are the bytes they are read from.
		{"https://h/x/next=https%3A%2F%2Fana%3ANESTSECRET13%40h%2F/r=https%3A%2F%2Fa%3Ab%40h%2F%3Faccess_token%3DDEEPSECRET14", nil,
			map[string][]string{"https://h/x{/p*}": {"NESTSECRET13", "DEEPSECRET14"}}},
		{"https://h/#https://ana:NESTSECRET13@h/?api_key=KEYSECRET12", []string{"NESTSECRET13", "KEYSECRET12"}, nil},
		{"https://h/https%253A%252F%252Fu%253ANESTSECRET13%2540h%252F", nil, map[string][]string{"https://h/{+r}": {"NESTSECRET13"}}},
	}
	templates := []string{
		"{+u}", "https://h/{?next,x}", "https://h/#{+f}", "https://h{/p*}", "https://h{/p*}{?q*}",
		"https://h/{p}?token={p:3}", "https://h/{token}/{x}", "https://{user}:{pw}@h{/path*}{?q*}{#f}",
		"https://{user}:{pw}@h{/path*}{?access_token,x}{#f}", "https://{ui}@h{/path*}{?q*}",
		"https://{user}:{pw}@{host}{/path*}{?q*}{#f}", "https://h/{token}{?q*}", "https://ana:{pw}@h/{+rest}", "https://h/{p}{?password}",
		"https://h/{x}{?q}", "https://{user}:{pw}@h/{+rest}", "https://h{/l}{?password}", "https://h/{+r}",
		"https://h{/p*}{?access_token,next}", "https://ana:{pw}@h/{x}{?x,access_token}", "https://h/x{/p*}",
	}
	shown, matched := 0, 0
	for _, tpl := range templates {
		tm, terr := MatchTemplate(tpl)
		if terr != nil {
			t.Errorf("template %q: %v", tpl, terr.Reason)
			continue
		}
		for _, u := range uris {
			for _, json := range []bool{false, true} {
				var o record.Output
				MatchRecord(record.Input{Text: u.u, No: 1}, &o, &base.Options{JSON: json}, tm)
				if json && o.Status == 0 {
					matched++
				}
				if s := showsSecret(written(&o), append(u.secrets, u.more[tpl]...)); s != "" {
					t.Errorf("match --json=%v %q %q shows %q: %s", json, tpl, u.u, s, written(&o))
				}
				o = record.Output{}
				MatchRecord(record.Input{Text: u.u, No: 1}, &o, &base.Options{JSON: json, ShowSecrets: true}, tm)
				if showsSecret(written(&o), append(u.secrets, u.more[tpl]...)) != "" {
					shown++
				}
			}
		}
	}
	if matched < 50 {
		t.Errorf("%d of the URIs matched their templates", matched)
	}
	if shown < len(uris)*len(templates)/2 {
		t.Errorf("--show-secrets showed secrets in %d records of %d", shown, 2*len(uris)*len(templates))
	}

	vars := uritemplate.Vars{
		"token":    uritemplate.String("TOKSECRET1"),
		"password": uritemplate.List("PWSECRET2", "PWSECRET3"),
		"m": uritemplate.Assoc(uritemplate.Pair{Key: "access_token", Value: "ASSOCSECRET4"}, uritemplate.Pair{Key: "x", Value: "1"},
			uritemplate.Pair{Key: "Password", Value: "ASSOCSECRET5"}),
		"u": uritemplate.String("https://ana:USERSECRET6@h/?access_token=QSECRET7#id_token=FSECRET8"),
		"n": uritemplate.Assoc(uritemplate.Pair{Key: "next", Value: "https://ana:NESTSECRET10@h/"},
			uritemplate.Pair{Key: "r", Value: "https%3A%2F%2Fa%3ANESTSECRET11%40h%2F%3Fapi_key%3DKEYSECRET12"}),
		"x": uritemplate.String("1"),
		"l": uritemplate.List("a", "b"),
		"p": uritemplate.String("SEKSECRET9"),
	}
	secrets := []string{"TOKSECRET1", "PWSECRET2", "PWSECRET3", "ASSOCSECRET4", "ASSOCSECRET5", "USERSECRET6", "QSECRET7", "FSECRET8", "SEK",
		"NESTSECRET10", "NESTSECRET11", "KEYSECRET12"}
	expands := []string{
		"https://h/{token}{?password}", "{?m*}", "{;m*}", "{#m*}", "https://h/{/m*}", "{?m}", "{/m}", "{.m*}", "{&m*}",
		"{m}", "{+m}", "{+m*}", "https://h/{token:3}/{password}", "{;password*}", "{#password}", "https://h{.token}",
		"{+u}", "{+u}/{u}", "https://h/?next={u}", "https://h/{p}?token={p:3}", "https://h/{l}{?m*}{#token}",
		"{+u}{&m*}", "https://h/?token={p}&x={p:3}",
		"https://h/x{u}", "https://h/x{#n*}", "https://h/x{.u}", "https://h{/n*}", "https://h{;n}", "{&n*}", "{#n}", "https://h/{+n*}", "https://h/{u:30}",
	}
	for _, tpl := range expands {
		for _, json := range []bool{false, true} {
			var o record.Output
			ExpandRecord(record.Input{Text: tpl, No: 1, Arg: true}, &o, &base.Options{JSON: json}, vars)
			if s := showsSecret(written(&o), secrets); s != "" {
				t.Errorf("expand --json=%v %q shows %q: %s", json, tpl, s, written(&o))
			}
			o = record.Output{}
			ExpandRecord(record.Input{Text: tpl, No: 1, Arg: true}, &o, &base.Options{JSON: json, ShowSecrets: true}, vars)
			if showsSecret(written(&o), secrets) == "" {
				t.Errorf("expand --show-secrets --json=%v %q shows no secret: %s", json, tpl, written(&o))
			}
		}
	}
}
