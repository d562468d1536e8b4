package main

// The tests in this file run the built binary, as a user would, on the
// inputs under testdata, and compare what it prints with the golden
// files under testdata/golden (go test -update rewrites them).

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/urikit/urikit/cmd/urikit/internal/record"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// binary is the urikit built for the tests.
var binary string

func TestMain(m *testing.M) {
	flag.Parse()
	dir, err := os.MkdirTemp("", "urikit-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	binary = filepath.Join(dir, "urikit")
	build := exec.Command("go", "build", "-o", binary, ".")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building urikit:", err)
		os.RemoveAll(dir)
		os.Exit(2)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// runBin runs the binary with args and stdin and returns its exit status
// and what it wrote.
func runBin(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0, out.String(), errOut.String()
	case errors.As(err, &exit):
		return exit.ExitCode(), out.String(), errOut.String()
	}
	t.Fatalf("running urikit %q: %v", args, err)
	return 0, "", ""
}

// readTestdata returns the content of testdata/name.
func readTestdata(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	if len(b) == 0 {
		t.Fatalf("testdata/%s is empty", name)
	}
	return string(b)
}

// goldenCases are the commands whose whole output the golden files hold:
// every subcommand, text and JSON, on the inputs under testdata.
var goldenCases = []struct {
	name  string
	stdin string // a file under testdata, or ""
	args  []string
}{
	{"parse-tricky", "tricky.txt", []string{"parse"}},
	{"parse-tricky-json", "tricky.txt", []string{"parse", "--json"}},
	{"parse-corpus-json", "corpus.txt", []string{"parse", "--json"}},
	{"parse-args", "", []string{"parse", "foo://user:secret@example.com:8042/over/there?name=ferret#nose", "http:foo", "http://user:pa ss@host/"}},
	{"normalize-tricky", "tricky.txt", []string{"normalize"}},
	{"normalize-tricky-json", "tricky.txt", []string{"normalize", "--json"}},
	{"normalize-syntax-tricky", "tricky.txt", []string{"normalize", "--level", "syntax"}},
	{"normalize-corpus", "corpus.txt", []string{"normalize"}},
	{"equiv-pairs", "pairs.txt", []string{"equiv"}},
	{"equiv-pairs-json", "pairs.txt", []string{"equiv", "--json"}},
	{"equiv-string-json", "pairs.txt", []string{"equiv", "--json", "--level=string"}},
	{"resolve-refs", "refs.txt", []string{"resolve", "http://u:pw@a/b/c/d;p?q"}},
	{"resolve-refs-json", "refs.txt", []string{"resolve", "--json", "http://u:pw@a/b/c/d;p?q"}},
	{"resolve-cut-short-base", "refs.txt", []string{"resolve", "http://u:1234#5678@h/x"}},
	{"relativize-corpus-json", "corpus.txt", []string{"relativize", "--json", "https://github.com/nodejs/node/"}},
	{"get-edit", "edit.txt", []string{"get", "{scheme}|{user}|{password}|{host}|{:host}|{port}|{default:port}|{path}|{:path}|{query}|{query:a}|{query-all:a}|{:query:a}|{fragment}|{url}"}},
	{"get-edit-json", "edit.txt", []string{"get", "--json", "{{{host}}} {query:a}"}},
	{"get-edit-show-secrets", "edit.txt", []string{"get", "--show-secrets", "{password} {query:token} {:query}"}},
	{"set-edit", "edit.txt", []string{"set", "--set", "host=example.org", "--append-query", "a=1+1", "--delete-query", "utm_source", "--sort-query"}},
	{"set-edit-json", "edit.txt", []string{"set", "--json", "--append-path", "x/y", "--set", "fragment=a b", "--clear", "port", "--set", "password=p@ss"}},
	{"set-edit-errors", "edit.txt", []string{"set", "--set", "port:=8x", "--redirect", "../z"}},
	{"set-edit-redirect", "edit.txt", []string{"set", "--set", "path:=/a/b/c", "--redirect", "../z?q#f"}},
	{"set-usage-secret", "", []string{"set", "--set", "password:hunter2", "https://h/"}},
	{"get-no-placeholder", "", []string{"get", "https://u:hunter2@h/"}},
	{"get-format-text", "", []string{"get", "{host}\t{path}\n{:path}", "http://h/%1B%5B31m"}},
	{"set-host-literal", "", []string{"set", "--set", "host=[::1]", "http://u@h:81/x"}},
	{"set-path-relative", "", []string{"set", "--set", "path=a:b/c:d", "", "?q"}},
	{"extract-registered", "extract/registered.txt", []string{"extract", "--registered"}},
	{"extract-registered-all", "extract/registered.txt", []string{"extract"}},
	{"iri-to-uri", "iri.txt", []string{"iri", "to-uri"}},
	{"iri-to-uri-json", "iri.txt", []string{"iri", "to-uri", "--json"}},
	{"iri-to-iri", "iri.txt", []string{"iri", "to-iri"}},
	{"amqp", "amqp.txt", []string{"amqp"}},
	{"amqp-json", "amqp.txt", []string{"amqp", "--json"}},
	{"path-to-uri-posix", "paths-posix.txt", []string{"path", "to-uri"}},
	{"path-to-uri-posix-json", "paths-posix.txt", []string{"path", "to-uri", "--json"}},
	{"path-to-uri-windows", "paths-windows.txt", []string{"path", "to-uri", "--windows"}},
	{"path-to-uri-windows-json", "paths-windows.txt", []string{"path", "--json", "to-uri", "--windows"}},
	{"path-from-uri", "file-uris.txt", []string{"path", "from-uri"}},
	{"path-from-uri-json", "file-uris.txt", []string{"path", "from-uri", "--json"}},
	{"path-from-uri-remote-json", "file-uris.txt", []string{"path", "from-uri", "--remote-host", "--json"}},
	{"path-from-uri-windows", "file-uris-windows.txt", []string{"path", "from-uri", "--windows"}},
	{"path-from-uri-windows-non-strict-json", "file-uris-windows.txt", []string{"path", "from-uri", "--windows", "--non-strict", "--json"}},
	{"path-args", "", []string{"path", "to-uri", "/home/ana/notes #1.txt", "/srv/u:pw@h/x"}},
	{"extract-notes", "", []string{"extract", "testdata/extract/notes.md"}},
	{"extract-notes-json", "", []string{"extract", "--json", "--suffix", "testdata/extract/notes.md"}},
	{"extract-log", "extract/server.log", []string{"extract"}},
	{"extract-log-json", "extract/server.log", []string{"extract", "--json"}},
	{"extract-log-registered", "extract/server.log", []string{"extract", "--registered"}},
	{"extract-rfc", "extract/rfc.txt", []string{"extract", "--suffix"}},
	{"extract-rfc-json", "extract/rfc.txt", []string{"extract", "--json"}},
	{"extract-mixed", "extract/mixed.txt", []string{"extract", "--suffix"}},
	{"extract-mixed-json", "extract/mixed.txt", []string{"extract", "--json", "--max-len", "30"}},
	{"extract-files", "extract/server.log", []string{"extract", "--registered", "testdata/extract/rfc.txt", "-", "testdata/extract/none.txt", "testdata/extract/notes.md"}},
	{"extract-none", "paths-windows.txt", []string{"extract", "--registered"}},
	{"extract-iri", "", []string{"extract", "--iri", "testdata/extract/iri.txt"}},
	{"extract-iri-json", "extract/iri.txt", []string{"extract", "--iri", "--json"}},
	{"extract-iri-off", "extract/iri.txt", []string{"extract"}},
	{"lint-uris", "lint/uris.txt", []string{"lint"}},
	{"lint-uris-json", "lint/uris.txt", []string{"lint", "--json"}},
	{"lint-args", "", []string{"lint", "http://0x7f.1:25/a%0D%0Ab", "https://example.com/", "ftp://u:Pw9@[::ffff:10.0.0.1]/"}},
	{"lint-clean", "", []string{"lint", "https://example.com/a", "mailto:joe@example.com"}},
	{"lint-text", "", []string{"lint", "--text", "testdata/lint/incident.md"}},
	{"lint-text-json", "lint/incident.md", []string{"lint", "--text", "--json", "--suffix"}},
	{"lint-text-log", "extract/server.log", []string{"lint", "--text", "--registered"}},
	{"lint-text-attacks", "", []string{"lint", "--text", "testdata/lint/attacks.md"}},
	{"lint-text-attacks-json", "lint/attacks.md", []string{"lint", "--text", "--json"}},
	{"lint-text-iri", "", []string{"lint", "--text", "testdata/extract/iri.txt"}},
	{"lint-text-iri-json", "extract/iri.txt", []string{"lint", "--text", "--json"}},
	{"template-expand", "template/templates.txt", []string{"template", "expand", "--vars", "testdata/template/vars.json"}},
	{"template-expand-json", "template/templates.txt", []string{"template", "expand", "--json", "--vars", "testdata/template/vars.json"}},
	{"template-match", "template/uris.txt", []string{"template", "match", "repo://{owner}/{repo}/issues{?labels,state}"}},
	{"template-match-json", "template/uris.txt", []string{"template", "match", "--json", "repo://{owner}/{repo}/issues{?labels,state}"}},
	{"template-match-args", "", []string{"template", "match", "https://{user}:{password}@h{/path*}{?q*}", "https://ana:s3cret@h/a/b%2Fc?x=1&y=", "https://ana:s3cret@h", "https://ana@h/"}},
	{"template-usage-ambiguous", "", []string{"template", "match", "{year}-{month}", "2024-05"}},
	{"template-usage-vars", "", []string{"template", "expand", "{x}"}},
	{"template-usage-secret", "", []string{"template", "match", "https://ana:s3cret@h/{x}{y}", "https://ana:s3cret@h/ab"}},
	{"template-usage-masked", "", []string{"template", "match", "https://h/?token=s3cret{x}-{y}", "https://h/?token=s3cret1-2"}},
	{"template-match-lossless", "", []string{"template", "match", "{?q*}", "?a=1&a=2&b=%FF"}},
	{"template-expand-lossless", "", []string{"template", "expand", "--vars", "testdata/template/matched.json", "{?q*}"}},
	{"template-match-secrets", "", []string{"template", "match", "--json", "https://h/?token=s3cret{&x}", "https://h/?token=s3cret&x=1", "https://h/?token=s3cret&x=%FF"}},
	{"template-match-secrets-q", "", []string{"template", "match", "https://h/{?q*}", "https://h/?a=1&access_token=s3cret&a=2"}},
	{"template-expand-secrets", "", []string{"template", "expand", "--json", "--vars", "testdata/template/matched.json", "https://ana:{pw}@h/{#k*}", "https://h/?token=s3cret{&q*}", "https://h/?password=s3cret{&q*"}},
	{"template-match-secret-bytes", "", []string{"template", "match", "{+u}", "https://ana:hunter2@h/1?access_token=T0KEN#x", "https://ana:pw@h/?x=pw"}},
	{"template-match-secret-nested", "", []string{"template", "match", "--json", "https://h/{?next}", "https://h/?next=https%3A%2F%2Fu%3ANESTPW%40h%2F"}},
	{"template-match-secret-fragment", "", []string{"template", "match", "https://h/#{+f}", "https://h/#state=1&access_token=TKN"}},
	{"template-match-secret-key", "", []string{"template", "match", "--json", "https://h{/p*}", "https://h/password=PW/x=1", "https://h/PASSWORD=PW/x=1/password=PW2"}},
	{"template-match-secret-name", "", []string{"template", "match", "--json", "https://h/{token}{?x}", "https://h/abc?x=1"}},
	{"template-match-secret-prefix", "", []string{"template", "match", "--json", "https://h/{p}?token={p:3}", "https://h/SEKRIT?token=SEK"}},
	{"template-match-secret-show", "", []string{"template", "match", "--json", "--show-secrets", "https://h/{p}?token={p:3}{&q*}", "https://h/SEKRIT?token=SEK&password=PW&a=%FF&a=2"}},
	{"template-expand-secret-keys", "", []string{"template", "expand", "--vars", "internal/templatecmd/testdata/secret-vars.json", "{?m*}", "{;m*}", "{#m*}", "https://h/{/m*}", "{?m}", "https://h/{p}?token={p:3}", "https://h/{token}{?q*}", "{+u}"}},
	{"template-expand-secret-show", "", []string{"template", "expand", "--json", "--show-secrets", "--vars", "internal/templatecmd/testdata/secret-vars.json", "https://h/{/m*}", "{?m}", "https://h/{p}?token={p:3}", "https://h/{token}{?q*}", "{+u}"}},
	{"help", "", []string{"help"}},
	{"help-parse", "", []string{"parse", "--help"}},
	{"help-normalize", "", []string{"help", "normalize"}},
	{"help-equiv", "", []string{"equiv", "-h"}},
	{"help-resolve", "", []string{"help", "resolve"}},
	{"help-relativize", "", []string{"help", "relativize"}},
	{"help-iri", "", []string{"iri", "--help"}},
	{"help-amqp", "", []string{"help", "amqp"}},
	{"help-path", "", []string{"path", "--help"}},
	{"help-extract", "", []string{"help", "extract"}},
	{"help-lint", "", []string{"lint", "--help"}},
	{"help-serve", "", []string{"help", "serve"}},
	{"help-template", "", []string{"help", "template"}},
	{"usage-none", "", nil},
	{"usage-unknown", "", []string{"nope"}},
	{"usage-flag", "", []string{"parse", "--nope"}},
	{"usage-iri", "", []string{"iri", "sideways", "x"}},
	{"usage-path", "", []string{"path", "to-uri", "--remote-host", "/x"}},
	{"usage-extract", "", []string{"extract", "--max-len", "0"}},
	{"usage-lint", "", []string{"lint", "--suffix", "http://h/"}},
	{"usage-serve", "", []string{"serve", "http://u:secret@h/"}},
}

func TestGolden(t *testing.T) {
	for _, tc := range goldenCases {
		t.Run(tc.name, func(t *testing.T) {
			stdin := ""
			if tc.stdin != "" {
				stdin = readTestdata(t, tc.stdin)
			}
			status, out, errOut := runBin(t, stdin, tc.args...)
			cmdline := strings.TrimSpace("$ urikit " + strings.Join(quoteArgs(tc.args), " "))
			if tc.stdin != "" {
				cmdline += " < " + tc.stdin
			}
			got := fmt.Sprintf("%s\nexit %d\n-- stdout --\n%s-- stderr --\n%s", cmdline, status, out, errOut)
			path := filepath.Join("testdata", "golden", tc.name+".golden")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to write it)", err)
			}
			if got != string(want) {
				t.Errorf("urikit %q differs from %s:\n%s", tc.args, path, lineDiff(string(want), got))
			}
		})
	}
}

// quoteArgs quotes the words that a shell would split or expand.
func quoteArgs(args []string) []string {
	q := make([]string, len(args))
	for i, a := range args {
		if a == "" || strings.ContainsAny(a, " \t'\"#;&?*[]()$<>|\\") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		q[i] = a
	}
	return q
}

// lineDiff shows the first lines where want and got differ.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	shown := 0
	for i := 0; i < max(len(w), len(g)) && shown < 10; i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			fmt.Fprintf(&b, "line %d:\n- %q\n+ %q\n", i+1, wl, gl)
			shown++
		}
	}
	return b.String()
}

// lineCommands are the subcommands that read one input per line, with the
// arguments that come before the inputs.
var lineCommands = [][]string{
	{"parse"},
	{"normalize"},
	{"normalize", "--level", "syntax"},
	{"equiv"},
	{"resolve", "http://a/b/c"},
	{"relativize", "http://a/b/c"},
	{"iri", "to-uri"},
	{"iri", "to-iri"},
	{"amqp"},
	{"path", "to-uri"},
	{"path", "to-uri", "--windows"},
	{"path", "from-uri"},
	{"path", "from-uri", "--windows", "--non-strict", "--remote-host"},
}

// TestOneRecordPerLine: in JSON every input line gives exactly one object,
// in input order, invalid ones included, each with an "error" member; the
// line-per-input subcommands print one line per input in text too.
func TestOneRecordPerLine(t *testing.T) {
	stdin := readTestdata(t, "tricky.txt")
	n := strings.Count(stdin, "\n")
	for _, args := range lineCommands {
		status, out, _ := runBin(t, stdin, append(append([]string{}, args...), "--json")...)
		if status != record.ExitInvalid {
			t.Errorf("%q --json: status %d, want %d", args, status, record.ExitInvalid)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != n {
			t.Errorf("%q --json: %d records for %d lines", args, len(lines), n)
			continue
		}
		for i, l := range lines {
			var rec map[string]json.RawMessage
			if err := json.Unmarshal([]byte(l), &rec); err != nil {
				t.Errorf("%q --json: record %d is not a JSON object: %v", args, i+1, err)
				continue
			}
			if _, ok := rec["error"]; !ok {
				t.Errorf("%q --json: record %d has no \"error\"", args, i+1)
			}
		}
		if args[0] == "parse" || args[0] == "amqp" {
			continue // a block per input
		}
		_, out, _ = runBin(t, stdin, args...)
		if got := strings.Count(out, "\n"); got != n {
			t.Errorf("%q: %d lines for %d inputs", args, got, n)
		}
	}
}

// TestEmptyLines: an empty line is an input like any other in every
// subcommand (the empty reference), and CRLF is a line ending.
func TestEmptyLines(t *testing.T) {
	want := map[string]string{
		"parse":      `"valid":true`,
		"normalize":  `"output":null`, // scheme level: a URI is needed
		"equiv":      `"reason":"want two URIs separated by white space"`,
		"resolve":    `"output":"http://a/b/c"`,
		"relativize": `"reason":"missing scheme"`,
		"iri":        `"output":""`,
		"amqp":       `"valid":false`,
		"path":       `"output":null`,
	}
	for _, args := range lineCommands {
		status, out, _ := runBin(t, "\r\n\n", append(append([]string{}, args...), "--json")...)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != 2 || lines[0] != lines[1] {
			t.Errorf("%q: two empty lines gave %q", args, out)
			continue
		}
		if w := want[args[0]]; args[len(args)-1] != "syntax" && !strings.Contains(lines[0], w) {
			t.Errorf("%q: empty line gave %s, want it to hold %s", args, lines[0], w)
		}
		if args[0] == "normalize" && args[len(args)-1] == "syntax" && (status != record.ExitOK || !strings.Contains(lines[0], `"output":""`)) {
			t.Errorf("%q: empty line gave %s, status %d", args, lines[0], status)
		}
	}
}

func TestExitStatus(t *testing.T) {
	tests := []struct {
		stdin  string
		args   []string
		status int
	}{
		{"", []string{"parse", "http://a/"}, record.ExitOK},
		{"", []string{"parse", "http://a/ b"}, record.ExitInvalid},
		{"", []string{"parse", "http:foo"}, record.ExitInvalid}, // the scheme's rules
		{"http://a/\nx y\nhttp://b/\n", []string{"parse"}, record.ExitInvalid},
		{"http://a/\n", []string{"normalize"}, record.ExitOK},
		{"", []string{"equiv", "http://a/", "http://A/"}, record.ExitOK},
		{"", []string{"equiv", "http://a/", "http://b/"}, record.ExitInvalid},
		{"", []string{"relativize", "http://a/b", "http://a/b/../c"}, record.ExitInvalid},
		{"", []string{"iri", "to-uri", "http://é.example/"}, record.ExitOK},
		{"", []string{"amqp", "amqp://h/v?heartbeat=abc"}, record.ExitInvalid},
		{"", []string{"path", "to-uri", "/a b", `C:\x`}, record.ExitInvalid},
		{"", []string{"path", "to-uri", "--windows", `C:\x`, `\\s\share`}, record.ExitOK},
		{"", []string{"path", "from-uri", "file:///x", "file://h/x"}, record.ExitInvalid},
		{"", []string{"path", "from-uri", "--remote-host", "file:///x", "file://h/x"}, record.ExitOK},
		{"http://a/\n", []string{"extract"}, record.ExitOK},
		{"no URI here\n", []string{"extract"}, record.ExitInvalid},
		{"localhost:8080\n", []string{"extract", "--registered"}, record.ExitInvalid},
		{"", []string{"extract", "/nonexistent/file"}, record.ExitUsage},
		{"", []string{"extract", "--max-len", "-5"}, record.ExitUsage},
		{"", []string{"path"}, record.ExitUsage},
		{"", []string{"path", "sideways"}, record.ExitUsage},
		{"", []string{"path", "to-uri", "--non-strict"}, record.ExitUsage},
		// Warnings and lints leave the status alone.
		{"", []string{"normalize", "postgres://user:12#34@host/db"}, record.ExitOK},
		{"", []string{"amqp", "amqp://guest:guest@10.0.0.5/"}, record.ExitOK},
		{"", []string{"parse", "--nope"}, record.ExitUsage},
		{"", []string{"equiv", "x:"}, record.ExitUsage},
		{"", []string{"resolve"}, record.ExitUsage},
		{"", []string{"iri", "x"}, record.ExitUsage},
		{"", []string{"version", "x"}, record.ExitUsage},
		{"", []string{"help", "nope"}, record.ExitUsage},
		{"", nil, record.ExitUsage},
	}
	for _, tt := range tests {
		if status, _, _ := runBin(t, tt.stdin, tt.args...); status != tt.status {
			t.Errorf("urikit %q: status %d, want %d", tt.args, status, tt.status)
		}
	}
}

func TestFlagsAnywhere(t *testing.T) {
	tests := []struct {
		args []string
		out  string
	}{
		// A flag after an argument applies.
		{[]string{"normalize", "HTTP://A:80/", "--level", "syntax"}, "http://a:80/\n"},
		{[]string{"normalize", "HTTP://A:80/", "--json"}, `{"input":"HTTP://A:80/","output":"http://a/","error":null}` + "\n"},
		{[]string{"resolve", "http://a/b/c", "g", "--json", "h"}, `{"base":"http://a/b/c","ref":"g","output":"http://a/b/g","error":null}` + "\n" +
			`{"base":"http://a/b/c","ref":"h","output":"http://a/b/h","error":null}` + "\n"},
		// "--" ends the flags.
		{[]string{"normalize", "--level", "syntax", "--", "--json", "-x"}, "--json\n-x\n"},
		{[]string{"parse", "--json", "--", "-h"}, `{"input":"-h","valid":true,"scheme":null,"userinfo":null,"host":null,"host_kind":"none","port":null,"path":"-h","query":null,"fragment":null,"error":null,"scheme_error":null}` + "\n"},
	}
	for _, tt := range tests {
		status, out, errOut := runBin(t, "", tt.args...)
		if status != record.ExitOK || out != tt.out || errOut != "" {
			t.Errorf("urikit %q: status %d, stdout %q, stderr %q; want 0, %q", tt.args, status, out, errOut, tt.out)
		}
	}
}

func TestHelp(t *testing.T) {
	for _, c := range commands {
		name := c.Name
		for _, args := range [][]string{{"help", name}, {name, "--help"}, {name, "-h"}, {name, "x", "--help"}} {
			status, out, errOut := runBin(t, "", args...)
			if status != record.ExitOK || errOut != "" {
				t.Errorf("urikit %q: status %d, stderr %q", args, status, errOut)
			}
			for _, want := range []string{"usage: urikit " + name, "\nflags:\n", "\nexample:\n  $ "} {
				if !strings.Contains(out, want) {
					t.Errorf("urikit %q: no %q in\n%s", args, want, out)
				}
			}
			// The first example runs the subcommand, first or after a pipe.
			_, ex, _ := strings.Cut(out, "\nexample:\n  $ ")
			if first, _, _ := strings.Cut(ex, "\n"); !strings.HasPrefix(first, "urikit "+name) && !strings.Contains(first, "| urikit "+name) {
				t.Errorf("urikit %q: the first example does not run urikit %s:\n%s", args, name, out)
			}
			if name != "version" && name != "serve" && !strings.Contains(out, "-json") {
				t.Errorf("urikit %q: --json is not described", args)
			}
		}
	}
	for _, args := range [][]string{{"--help"}, {"-h"}, {"help"}} {
		status, out, errOut := runBin(t, "", args...)
		if status != record.ExitOK || errOut != "" || !strings.Contains(out, "subcommands:") || !strings.Contains(out, "example:") {
			t.Errorf("urikit %q: status %d, stderr %q, stdout:\n%s", args, status, errOut, out)
		}
	}
}

func TestVersion(t *testing.T) {
	status, out, _ := runBin(t, "", "version")
	if status != record.ExitOK || !strings.HasPrefix(out, "urikit ") || !strings.HasSuffix(out, " "+runtime.Version()+"\n") {
		t.Errorf("urikit version: status %d, output %q", status, out)
	}
}

// TestStreaming feeds lines one at a time, as a slow producer does, and
// waits for each answer before writing the next line: the answer must
// come without the end of the input.
func TestStreaming(t *testing.T) {
	for _, tc := range []struct {
		args       []string
		in, answer []string
	}{
		{[]string{"normalize"}, []string{"HTTP://A/", "x y", "http://b:80"}, []string{"http://a/", "error: path at offset 1: invalid character", "http://b/"}},
		{[]string{"parse", "--json"}, []string{"a:b", "http://[::1"}, []string{`{"input":"a:b",`, `{"input":"http://[::1",`}},
		{[]string{"equiv"}, []string{"http://a http://a/", "x"}, []string{"scheme", "error: want two URIs separated by white space"}},
		{[]string{"amqp", "--json"}, []string{"amqp://u:pw@h/v"}, []string{`{"input":"amqp://u:xxxxx@h/v",`}},
	} {
		stdin, lines, wait := startPiped(t, tc.args...)
		for i, in := range tc.in {
			io.WriteString(stdin, in+"\n")
			select {
			case got := <-lines:
				if !strings.HasPrefix(got, tc.answer[i]) {
					t.Errorf("%q: line %d gave %q, want %q", tc.args, i+1, got, tc.answer[i])
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("%q: no answer to line %d before the next line", tc.args, i+1)
			}
		}
		stdin.Close()
		wait()
	}
}

// startPiped starts the urikit binary with args and returns its standard
// input, its standard output line by line, and a function that drains
// the output and waits for the end of the process.
func startPiped(t *testing.T, args ...string) (io.WriteCloser, <-chan string, func()) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	return stdin, lines, func() {
		for range lines {
		}
		cmd.Wait()
	}
}

// TestOrderOnEveryCore runs a batch large enough to span many chunks on
// several workers: the output keeps the input's order.
func TestOrderOnEveryCore(t *testing.T) {
	const n = 200000
	var in, want strings.Builder
	for i := range n {
		if i%7 == 3 {
			fmt.Fprintf(&in, "http://h/ %d\n", i)
			want.WriteString("error: path at offset 9: invalid character\n")
			continue
		}
		fmt.Fprintf(&in, "HTTP://H:80/%d/./x\n", i)
		fmt.Fprintf(&want, "http://h/%d/x\n", i)
	}
	cmd := exec.Command(binary, "normalize")
	cmd.Env = append(os.Environ(), "GOMAXPROCS=4")
	cmd.Stdin = strings.NewReader(in.String())
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != record.ExitInvalid {
		t.Errorf("status: %v, want %d", err, record.ExitInvalid)
	}
	if out.String() != want.String() {
		t.Errorf("output out of order:\n%s", lineDiff(want.String(), out.String()))
	}
	if got := strings.Count(errOut.String(), ": path at offset 9: invalid character\n"); got != (n+3)/7 {
		t.Errorf("%d diagnostics, want %d", got, (n+3)/7)
	}
	// Each diagnostic names its line, in order.
	next := 3
	for _, l := range strings.Split(errOut.String(), "\n") {
		if rest, ok := strings.CutPrefix(l, "urikit normalize: line "); ok {
			no, _, _ := strings.Cut(rest, ":")
			if no != strconv.Itoa(next+1) {
				t.Fatalf("diagnostic for line %s, want line %d", no, next+1)
			}
			next += 7
		}
	}
}

// TestLongLine: a line at the limit is read, a longer one is an error
// record for that line only, and the run goes on.
func TestLongLine(t *testing.T) {
	atLimit := "http://a/" + strings.Repeat("a", record.MaxLine-len("http://a/"))
	over := "http://a/" + strings.Repeat("b", record.MaxLine)
	stdin := "http://a/x\n" + atLimit + "\r\n" + over + "\r\nhttp://a/y"
	status, out, errOut := runBin(t, stdin, "normalize")
	want := "http://a/x\n" + atLimit + "\nerror: line longer than 1048576 bytes\nhttp://a/y\n"
	if status != record.ExitInvalid || out != want {
		t.Errorf("normalize: status %d, output:\n%s", status, lineDiff(want, out))
	}
	if errOut != "urikit normalize: line 3: line longer than 1048576 bytes\n" {
		t.Errorf("normalize: stderr %q", errOut)
	}
	status, out, _ = runBin(t, over+"\nhttp://a/y\n", "parse", "--json")
	want = `{"input":"","valid":false,"scheme":null,"userinfo":null,"host":null,"host_kind":null,"port":null,"path":null,"query":null,"fragment":null,"error":{"offset":1048576,"component":null,"reason":"line longer than 1048576 bytes"},"scheme_error":null}` + "\n"
	if status != record.ExitInvalid || !strings.HasPrefix(out, want) || strings.Count(out, "\n") != 2 {
		t.Errorf("parse --json: status %d, output:\n%.300s", status, out)
	}
}

// TestNormalizeSortAgreesWithEquiv: at their common default level, two
// URIs print the same normal form exactly when equiv finds them equal, so
// that `urikit normalize | sort -u` keeps one URI of each class.
func TestNormalizeSortAgreesWithEquiv(t *testing.T) {
	uris := []string{
		"http://example.com", "http://example.com/", "HTTP://EXAMPLE.COM:80/", "http://example.com:/",
		"http://example.com/%7Euser", "http://example.com/~user", "http://example.com/%7euser", "HTTP://Example.com/~user", "http://example.com/a/./b/../c", "http://example.com/a/c",
		"https://example.com:443/x", "https://example.com/x", "https://example.com:8443/x",
		"mailto:Joe@Example.COM", "mailto:Joe@example.com", "mailto:joe@example.com",
		"urn:ISBN:0-395-36341-1", "urn:isbn:0-395-36341-1", "file://localhost/etc/hosts", "file:///etc/hosts", "file:/etc/hosts",
		"foo://h:/x", "foo://h/x", "foo://H/%61", "foo://h/a", "ftp://h:21/", "ftp://h/",
		"http://a/?q", "http://a/?", "http://a/", "http://a/#", "http://a/#f", "http://[::1]:80/", "http://[::1]/",
	}
	corpus := strings.Split(strings.TrimSpace(readTestdata(t, "corpus.txt")), "\n")
	uris = append(uris, corpus...)
	for _, level := range []string{"", "syntax"} {
		args := []string{"normalize"}
		eargs := []string{"equiv", "--json"}
		if level != "" {
			args = append(args, "--level", level)
			eargs = append(eargs, "--level", level)
		}
		_, out, _ := runBin(t, strings.Join(uris, "\n")+"\n", args...)
		norm := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(norm) != len(uris) {
			t.Fatalf("normalize %q: %d lines for %d URIs", level, len(norm), len(uris))
		}
		var pairs strings.Builder
		var idx [][2]int
		for i := range uris {
			for j := i + 1; j < len(uris); j++ {
				if strings.HasPrefix(norm[i], "error: ") || strings.HasPrefix(norm[j], "error: ") {
					continue
				}
				pairs.WriteString(uris[i] + " " + uris[j] + "\n")
				idx = append(idx, [2]int{i, j})
			}
		}
		_, out, _ = runBin(t, pairs.String(), eargs...)
		recs := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(recs) != len(idx) {
			t.Fatalf("equiv: %d records for %d pairs", len(recs), len(idx))
		}
		agreeing := 0
		for k, rec := range recs {
			var r struct{ Equal bool }
			if err := json.Unmarshal([]byte(rec), &r); err != nil {
				t.Fatal(err)
			}
			i, j := idx[k][0], idx[k][1]
			if same := norm[i] == norm[j]; same != r.Equal {
				t.Errorf("level %q: normalize gives %q and %q for %q and %q, equiv says equal %t", level, norm[i], norm[j], uris[i], uris[j], r.Equal)
			} else if same {
				agreeing++
			}
		}
		if agreeing < 8 {
			t.Errorf("level %q: only %d equal pairs: the test compares too little", level, agreeing)
		}
	}
}

// TestHelpExamples runs the examples of every help text with sh and
// checks that they print what the help says.
func TestHelpExamples(t *testing.T) {
	var b strings.Builder
	mainHelp(&b)
	texts := map[string]string{"urikit help": b.String()[strings.Index(b.String(), "example:"):]}
	for _, c := range commands {
		texts[c.Name] = c.Example
	}
	path := filepath.Dir(binary) + string(os.PathListSeparator) + os.Getenv("PATH")
	for name, text := range texts {
		var cmdline string
		var want strings.Builder
		runExample := func() {
			if cmdline == "" || name == "version" || name == "serve" {
				// version prints the build's own; serve runs until
				// interrupted (serve_test.go runs it).
				return
			}
			cmd := exec.Command("sh", "-c", cmdline)
			cmd.Env = append(os.Environ(), "PATH="+path)
			out, _ := cmd.Output()
			if string(out) != want.String() {
				t.Errorf("%s: example %s:\n%s", name, cmdline, lineDiff(want.String(), string(out)))
			}
		}
		for _, line := range strings.Split(text, "\n") {
			line = strings.TrimPrefix(line, "  ")
			if c, ok := strings.CutPrefix(line, "$ "); ok {
				runExample()
				cmdline = c
				want.Reset()
				continue
			}
			if cmdline != "" && line != "" {
				want.WriteString(line + "\n")
			}
		}
		runExample()
	}
}

// TestREADMEExamples runs the commands of the README's sections that show
// the command line ("$ " lines in their code blocks) with sh, standard
// error merged into standard output, and checks that they print what the
// README shows, and that each section has at least so many.
func TestREADMEExamples(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, sec := range []struct {
		heading string
		min     int
	}{{"## Command line", 5}, {"## Getting and setting components", 4}, {"## File paths", 3}, {"## URIs in text", 3}, {"## Security lint", 4}, {"## URI Templates", 4}} {
		runREADMESection(t, string(readme), sec.heading, sec.min)
	}
}

// runREADMESection runs the "$ " commands of the README section under
// heading and compares their output with the lines that follow each.
func runREADMESection(t *testing.T, readme, heading string, min int) {
	t.Helper()
	_, section, ok := strings.Cut(readme, "\n"+heading+"\n")
	if !ok {
		t.Errorf("README.md has no section %q", heading)
		return
	}
	section, _, _ = strings.Cut(section, "\n## ")
	path := filepath.Dir(binary) + string(os.PathListSeparator) + os.Getenv("PATH")
	var cmdline string
	var want strings.Builder
	ran := 0
	check := func() {
		if cmdline == "" {
			return
		}
		cmd := exec.Command("sh", "-c", cmdline+" 2>&1")
		cmd.Env = append(os.Environ(), "PATH="+path)
		out, _ := cmd.Output()
		if string(out) != want.String() {
			t.Errorf("README.md %s: %s:\n%s", heading, cmdline, lineDiff(want.String(), string(out)))
		}
		ran++
		cmdline = ""
	}
	inBlock := false
	for _, line := range strings.Split(section, "\n") {
		switch {
		case strings.HasPrefix(line, "```"):
			check()
			inBlock = !inBlock
		case !inBlock:
		case strings.HasPrefix(line, "$ "):
			check()
			cmdline = line[2:]
			want.Reset()
		case cmdline != "":
			want.WriteString(line + "\n")
		}
	}
	if ran < min {
		t.Errorf("README.md %s: %d examples run, want at least %d", heading, ran, min)
	}
}

// TestFlagValueMasked: the flag package quotes a bad flag value in its
// error; a password or a terminal escape there is masked and escaped.
func TestFlagValueMasked(t *testing.T) {
	for _, args := range [][]string{
		{"parse", "--json=http://u:SEKRIT@h/"},
		{"normalize", "--level=http://u:SEKRIT@h/"},
		{"extract", "--max-len=http://u:SEKRIT@h/"},
		{"parse", "--\x1b[31mx"},
	} {
		code, stdout, stderr := runBin(t, "", args...)
		if code != record.ExitUsage {
			t.Errorf("%q: exit %d, want %d", args, code, record.ExitUsage)
		}
		if out := stdout + stderr; strings.Contains(out, "SEKRIT") || strings.Contains(out, "\x1b") {
			t.Errorf("%q: output shows the password or a raw escape: %q", args, out)
		}
	}
}

// TestExtractURLPrefixMasked: a "URL:" prefix is not read as the scheme of
// the word that masking looks at, so the URI shown is the URI found.
func TestExtractURLPrefixMasked(t *testing.T) {
	in := "<URL:http://u:pw@h/x>\nURL:http://u:SEKRIT@h/\n<url:http://u:pw@h/\n  y>\n"
	want := "1:6: http://u:xxxxx@h/x\n2:5: http://u:xxxxx@h/\n3:6: http://u:xxxxx@h/y (joined)\n"
	if code, stdout, _ := runBin(t, in, "extract"); code != record.ExitOK || stdout != want {
		t.Errorf("extract = %d, %q; want 0, %q", code, stdout, want)
	}
	if _, stdout, _ := runBin(t, in, "lint", "--text"); !strings.Contains(stdout, "1:6: http://u:xxxxx@h/x\n") || strings.Contains(stdout, "http:xxxxx") {
		t.Errorf("lint --text shows another URI: %q", stdout)
	}
}
