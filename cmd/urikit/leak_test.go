package main

import (
	"encoding/json"
	"net"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/urikit/urikit/cmd/urikit/internal/record"
)

// leakCases are inputs, valid and not, each with a password: written in
// the userinfo, cut short by an unencoded "#", "/", "?" or "@", inside a
// path or a query, with a quote, a space, a control byte or a
// bidirectional character in it. No 4-byte piece of a password may
// appear anywhere else in the table.
var leakCases = []struct {
	in, password string
	valid        bool // a valid URI-reference
}{
	{"http://alice:hunter2@example.com/", "hunter2", true},
	{"https://bob:Zq9mW4kx@[2001:db8::1]:8443/p?q#f", "Zq9mW4kx", true},
	{"ftp://u:p%40ssW0rd@ftp.example/", "p%40ssW0rd", true},
	{"jdbc:mysql://root:Hj8kLm2n@db/x", "Hj8kLm2n", true},
	{"http://a/?next=ftp://u:Vb5nQw3e@h/", "Vb5nQw3e", true},
	{"mailto:joe:Rt6yUi8o@example.com", "Rt6yUi8o", true},
	{"redis://:Kp3LmN9q@cache:6379/0", "Kp3LmN9q", true},
	{"http://u:p'Wx7Yz9@h/", "p'Wx7Yz9", true},
	{"amqp://guest:Gu3stPa55@broker/vhost", "Gu3stPa55", true},
	{"https://user:%F0%9F%94%91key99@h/", "%F0%9F%94%91key99", true},
	{"http://user:pa%2Fss99@h/", "pa%2Fss99", true},
	{"//user:Rel4tiv3@host/path", "Rel4tiv3", true},
	{"http://user:Mm8nBb7v@host/a@b", "Mm8nBb7v", true},
	{"HTTP://USER:UpP3rCas3@EXAMPLE.COM/", "UpP3rCas3", true},
	{"http://user:Pct%41%42cd@h/", "Pct%41%42cd", true},
	{"ws://user:Wss9Pw7q@h/", "Wss9Pw7q", true},
	{"file://user:F1leP4ss@host/x", "F1leP4ss", true},
	{"http://user:Dot5egPw@h/a/../b/./c", "Dot5egPw", true},
	{"http:/user:Sl4shOne@h/ x", "Sl4shOne", false},
	{"http://user:pa ss99@h/", "pa ss99", false},
	{"http://user:Sp4ceHst@ho st/", "Sp4ceHst", false},
	{"http://user:At@S1gn9@host/", "At@S1gn9", false},
	{"http://user:Ctl\x1bEsc9@host/", "Ctl\x1bEsc9", false},
	{"http://user:Tab\tPw99@h/", "Tab\tPw99", false},
	{"http://user:Uni€Pw99@h/", "Uni€Pw99", false},
	{"http://\u00fcser:Idn4Pa55@b\u00fccher.test/\u00e4", "Idn4Pa55", false},
	{"http://user:Pc%zzPw9@h/", "Pc%zzPw9", false},
	{"http://user:Pw0rt9xQ@host:8x/", "Pw0rt9xQ", false},
	{"http://user:Brk9PwQ@[::1/", "Brk9PwQ", false},
	{"http://user:Hash#In#Pw9@host/", "Hash#In#Pw9", false},
	{`http://user:"Quot3d"@h/`, `"Quot3d"`, false},
	{"http://user:<Angl3Pw>@h/", "<Angl3Pw>", false},
	{"  http://user:Lead1ngSp@h/", "Lead1ngSp", false},
	{"http://user:Zero\x00Byt@h/", "Zero\x00Byt", false},
	{"http://user:Bidi\u202ePw@h/", "Bidi\u202ePw", false},
	{"http://user:Cr\rPw99@h/", "Cr\rPw99", false},
	{"amqp://user:AmqpCut#5678@host/v", "AmqpCut#5678", true},
	{"http://user:Bs\\Pw99@h/", "Bs\\Pw99", false},
	{"postgres://user:NoH0stPw", "NoH0stPw", false},
	{"mysql://root:Mis5ingAt/db", "Mis5ingAt", false},
	// Secrets outside the userinfo, and the schemes' own.
	{"https://h/api?Password=Qp7Wd3Zx&q=1", "Qp7Wd3Zx", true},
	{"https://h/api?PASSWORD=Qp8Wd3Zx", "Qp8Wd3Zx", true},
	{"https://h/api?pwd=Qp9Wd3Zx#top", "Qp9Wd3Zx", true},
	{"https://h/api?passwd=Qq1Wd3Zx", "Qq1Wd3Zx", true},
	{"https://h/api?access_token=Tk4nVr8Lm2", "Tk4nVr8Lm2", true},
	{"https://b.s3.example/o?X-Amz-Credential=AKx&X-Amz-Signature=5ig9Na7Ur3", "5ig9Na7Ur3", true},
	{"https://ghp_Gh7Tk0Qz9Wm3Xn5Bv8Cx1Lk4Jh6Gf2Ds0Aa9@github.com/o/r.git", "ghp_Gh7Tk0Qz9Wm3Xn5Bv8Cx1Lk4Jh6Gf2Ds0Aa9", true},
	{"root:My5qlPw0@tcp(db:3306)/app", "My5qlPw0", true},
	{"jdbc:sqlserver://h;user=u;password=Sq1Srv9w", "Sq1Srv9w", true},
	{"jdbc:oracle:thin:scott/T1ger0rcl@h:1521:x", "T1ger0rcl", true},
	{"https://app/cb#password=Fr4gPw9z", "Fr4gPw9z", true},
	{"https://app/cb#access_token=0Auth7Tk&token_type=bearer", "0Auth7Tk", true},
	{"https://ci/?next=postgres://app:N3xtPw9q", "N3xtPw9q", true},
	{"https://h/?next=https%3A%2F%2Fu%3AEnc0dPw9%40h%2F", "Enc0dPw9", true},
	{"URL:http://u:Pr3fixPw@h/", "Pr3fixPw", true},
	{"view-source:https://u:V1ewSrcP@h/", "V1ewSrcP", true},
	{"amqps://h/v?password=K3yPhr4s#e9", "K3yPhr4s#e9", true},
}

// asParsedCases are valid URIs that only look like a password cut short
// by an unencoded "#", "/" or "?": they show as they parse (masking them
// would print another URI), with the warning password-cut-short.
var asParsedCases = []string{
	"postgres://user:12#34@host/db",
	"postgres://user:4321?9876@host/db",
	"http://user:8080/Qy7vXp@host/",
	"https://user:443#Fr4gSecr@host/",
	"http://user:80/Pa7hSecr@host/",
}

func TestAsParsed(t *testing.T) {
	for _, in := range asParsedCases {
		_, out, errOut := runBin(t, "", "normalize", "--level", "syntax", "--json", in)
		var rec struct {
			Input, Output string
			Warnings      []struct{ Code string }
		}
		if err := json.Unmarshal([]byte(out), &rec); err != nil {
			t.Fatalf("%s: %v (%s)", in, err, errOut)
		}
		if rec.Input != in || len(rec.Warnings) != 1 || rec.Warnings[0].Code != "password-cut-short" {
			t.Errorf("normalize %q: %s", in, out)
		}
	}
}

// leakPieces returns every 4-byte piece of each form in which a password
// could be printed: as written, decoded, escaped for text and for JSON.
func leakPieces(pw string) []string {
	forms := []string{pw, record.EscapeText(pw), strconv.Quote(pw)}
	if d, err := url.PathUnescape(pw); err == nil {
		forms = append(forms, d, record.EscapeText(d))
	}
	if j, err := json.Marshal(pw); err == nil {
		forms = append(forms, string(j))
	}
	seen := map[string]bool{}
	var pieces []string
	for _, f := range forms {
		for i := 0; i+4 <= len(f); i++ {
			p := f[i : i+4]
			// A piece of the quoting alone says nothing.
			if !seen[p] && strings.Trim(p, `"\`) != "" {
				seen[p] = true
				pieces = append(pieces, p)
			}
		}
	}
	return pieces
}

// TestLeakTable checks the table itself: no piece of a password appears
// in the text around any password, or in the fixed texts of urikit.
func TestLeakTable(t *testing.T) {
	if len(leakCases) < 30 {
		t.Fatalf("%d cases, want at least 30", len(leakCases))
	}
	for i, c := range leakCases {
		if strings.Count(c.in, c.password) != 1 {
			t.Fatalf("case %d: the password is not in the input once", i)
		}
		for j, d := range leakCases {
			rest := strings.Replace(d.in, d.password, "", 1)
			for _, p := range leakPieces(c.password) {
				if strings.Contains(rest, p) {
					t.Errorf("case %d: piece %q of its password is in the rest of case %d", i, p, j)
				}
			}
		}
	}
}

// TestNoPasswordLeak runs every case through every subcommand, text and
// JSON, from standard input and as arguments, as the input and as the
// base: no 4-byte piece of a password may appear on stdout or stderr.
func TestNoPasswordLeak(t *testing.T) {
	var pieces []string
	var all, argsOK []string
	for _, c := range leakCases {
		pieces = append(pieces, leakPieces(c.password)...)
		all = append(all, c.in)
		if !strings.ContainsAny(c.in, "\x00\n") {
			argsOK = append(argsOK, c.in)
		}
	}
	check := func(what string, out, errOut string) {
		t.Helper()
		for _, p := range pieces {
			if i := strings.Index(out, p); i >= 0 {
				t.Errorf("%s: stdout holds piece %q of a password at byte %d", what, p, i)
			}
			if i := strings.Index(errOut, p); i >= 0 {
				t.Errorf("%s: stderr holds piece %q of a password at byte %d", what, p, i)
			}
		}
	}
	stdin := strings.Join(all, "\n") + "\n"
	var pairs strings.Builder
	for i, in := range all {
		pairs.WriteString(in + " " + all[(i+1)%len(all)] + "\n")
	}
	runs := [][]string{
		{"parse"}, {"normalize"}, {"normalize", "--level", "syntax"},
		{"resolve", "http://example.org/a/b"}, {"resolve", "--non-strict", "http://example.org/a/b"},
		{"relativize", "http://example.org/a/b"},
		{"iri", "to-uri"}, {"iri", "to-iri"}, {"amqp"},
		{"path", "to-uri"}, {"path", "to-uri", "--windows"},
		{"path", "from-uri"}, {"path", "from-uri", "--remote-host"}, {"path", "from-uri", "--windows", "--non-strict"},
		{"lint"}, {"lint", "--text"}, {"lint", "--text", "--suffix"},
	}
	for _, json := range []bool{false, true} {
		for _, args := range runs {
			if json {
				args = append(args, "--json")
			}
			_, out, errOut := runBin(t, stdin, args...)
			check(strings.Join(args, " ")+" < cases", out, errOut)
			_, out, errOut = runBin(t, "", append(append(args, "--"), argsOK...)...)
			check(strings.Join(args, " ")+" CASES...", out, errOut)
		}
		equiv := []string{"equiv"}
		if json {
			equiv = append(equiv, "--json")
		}
		_, out, errOut := runBin(t, pairs.String(), equiv...)
		check(strings.Join(equiv, " ")+" < pairs", out, errOut)
		for _, base := range argsOK {
			for _, cmd := range []string{"resolve", "relativize"} {
				args := []string{cmd}
				if json {
					args = append(args, "--json")
				}
				args = append(args, "--", base, "g", "http://example.org/x", "//h/y?z#f")
				_, out, errOut := runBin(t, "", args...)
				check(cmd+" with a case as the base", out, errOut)
			}
		}
	}
}

// TestShowSecrets: --show-secrets prints the input as written, and the
// leak test's detector finds the password then.
func TestShowSecrets(t *testing.T) {
	for _, c := range leakCases[:3] {
		_, out, _ := runBin(t, "", "parse", "--json", "--show-secrets", c.in)
		if !strings.Contains(out, `"input":"`+c.in+`"`) {
			t.Errorf("parse --show-secrets %q: %s", c.in, out)
		}
		found := false
		for _, p := range leakPieces(c.password) {
			found = found || strings.Contains(out, p)
		}
		if !found {
			t.Errorf("parse --show-secrets %q: the detector finds no piece of the password", c.in)
		}
	}
	_, out, _ := runBin(t, "", "normalize", "--show-secrets", "HTTPS://u:pw@H:443/")
	if out != "https://u:pw@h/\n" {
		t.Errorf("normalize --show-secrets: %q", out)
	}
}

// TestNoPasswordLeakMessages: the texts that are no input record (usage
// errors quoting a flag value, an unknown subcommand, a file name that
// cannot be opened, serve's listen error) hold no piece of a secret.
func TestNoPasswordLeakMessages(t *testing.T) {
	var pieces []string
	for _, c := range leakCases {
		pieces = append(pieces, leakPieces(c.password)...)
	}
	var runs [][]string
	for _, c := range leakCases {
		if strings.ContainsAny(c.in, "\x00\n") {
			continue
		}
		runs = append(runs,
			[]string{"normalize", "--level=" + c.in},
			[]string{"equiv", "--level", c.in, "http://a/", "http://a/"},
			[]string{"extract", "--max-len=" + c.in},
			[]string{c.in},
			[]string{"extract", "/nonexistent/" + c.in},
			[]string{"lint", "--text", "--json", "/nonexistent/" + c.in},
		)
		// serve only with an address whose port does not parse, so that
		// net.Listen fails before it resolves a host name.
		if _, port, err := net.SplitHostPort(c.in); err != nil || strings.Trim(port, "0123456789") != "" {
			runs = append(runs, []string{"serve", "--addr", c.in})
		}
	}
	for _, args := range runs {
		status, out, errOut := runBin(t, "", args...)
		if status == 0 {
			t.Errorf("urikit %s: status 0", args[0])
		}
		for _, p := range pieces {
			if strings.Contains(out, p) || strings.Contains(errOut, p) {
				// The message names the run and the piece, not the
				// output: that would print the leak again.
				t.Errorf("urikit %s ...: the output holds the piece %q of a password", args[0], p)
				break
			}
		}
	}
}
