package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/urikit/urikit/cmd/urikit/internal/base"
	"github.com/urikit/urikit/cmd/urikit/internal/record"

	"github.com/urikit/urikit/lint"
	"github.com/urikit/urikit/uri"
)

// lintTextRecord is a JSON record of lint --text.
type lintTextRecord struct {
	URI      string         `json:"uri"`
	Offset   int            `json:"offset"`
	Findings []lint.Finding `json:"findings"`
	Error    any            `json:"error"`
}

// runLintIn runs lint in this process with chunks of the given size.
func runLintIn(t *testing.T, text string, target, limit int, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	status := 0
	withChunks(target, limit, func() {
		status = run(append([]string{"lint"}, args...), &base.Env{Stdin: strings.NewReader(text), Stdout: &out, Stderr: &errOut})
	})
	return status, out.String(), errOut.String()
}

// placeSet returns the findings as a sorted set of "offset code component".
func placeSet(fs []string) []string {
	slices.Sort(fs)
	return slices.Compact(fs)
}

// TestLintTextChunks: lint --text gives the same records in chunks of
// any size as in one chunk, read sequentially too (a chunk limit that
// finds no cut), and the findings of lint.Text on the whole text, offsets
// included.
func TestLintTextChunks(t *testing.T) {
	texts := map[string]string{}
	for _, name := range []string{"lint/incident.md", "extract/server.log", "extract/notes.md", "extract/mixed.txt", "lint/uris.txt", "extract/iri.txt"} {
		texts[name] = readTestdata(t, name)
	}
	rnd := rand.New(rand.NewPCG(3986, 7))
	tokens := append(slices.Clone(extractTokens), "http://0x7f.1/", "http://h:25/a%0D%0A", "http://trusted.com@evil.example/",
		"amqp://guest:guest@h/", "http://[::ffff:1.2.3.4]/", "www.example.com:80/%2e%2e/x", "ftp://u:pw@h:21/")
	for i := range 40 {
		var b strings.Builder
		for range 40 + rnd.IntN(300) {
			b.WriteString(tokens[rnd.IntN(len(tokens))])
		}
		texts[fmt.Sprintf("random %d", i)] = b.String()
	}
	for name, text := range texts {
		for _, suffix := range []bool{false, true} {
			args := []string{"--text", "--json"}
			opts := uri.ExtractOptions{Suffix: suffix}
			if suffix {
				args = append(args, "--suffix")
			}
			_, want, _ := runLintIn(t, text, 1<<20, 16<<20, args...)
			for _, size := range [][2]int{{1, 1 << 20}, {9, 1 << 20}, {64, 1 << 20}, {5, 5}} {
				_, got, _ := runLintIn(t, text, size[0], size[1], args...)
				if got != want {
					t.Fatalf("%s: chunks of %d (limit %d): records differ from one chunk:\n%s", name, size[0], size[1], lineDiff(want, got))
				}
			}
			var mine, theirs []string
			for _, l := range strings.Split(strings.TrimSuffix(want, "\n"), "\n") {
				if l == "" {
					continue
				}
				var r lintTextRecord
				if err := json.Unmarshal([]byte(l), &r); err != nil {
					t.Fatalf("%s: %v: %s", name, err, l)
				}
				if r.Error != nil || r.Findings == nil {
					t.Errorf("%s: record %s", name, l)
				}
				for _, f := range r.Findings {
					mine = append(mine, fmt.Sprintf("%d %s %s", f.Offset, f.Code, f.Component))
				}
			}
			for f := range lint.Text(text, opts) {
				theirs = append(theirs, fmt.Sprintf("%d %s %s", f.Offset, f.Code, f.Component))
			}
			if m, th := placeSet(mine), placeSet(theirs); !slices.Equal(m, th) {
				t.Errorf("%s (suffix %t): findings differ from lint.Text:\nlint --text: %q\nlint.Text:   %q", name, suffix, m, th)
			}
		}
	}
}

// TestLintExitStatus: 1 with a finding or a line too long, 0 with none, 2
// for a usage error or an unreadable file.
func TestLintExitStatus(t *testing.T) {
	for _, tc := range []struct {
		stdin string
		args  []string
		want  int
	}{
		{"", []string{"https://example.com/a"}, record.ExitOK},
		{"", []string{"http://127.1/"}, record.ExitInvalid},
		{"", []string{"http://h/a b"}, record.ExitInvalid},
		{"https://example.com/\nhttp://h:80/\n", nil, record.ExitInvalid},
		{"https://example.com/\n\n", []string{"--json"}, record.ExitInvalid}, // the empty line is not a URI
		{"https://example.com/\n", nil, record.ExitOK},
		{strings.Repeat("a", record.MaxLine+1) + "\n", nil, record.ExitInvalid},
		{"See https://example.com/ and mailto:joe@example.com.\n", []string{"--text"}, record.ExitOK},
		{"no URI here\n", []string{"--text"}, record.ExitOK},
		{"See http://0x7f.1/.\n", []string{"--text"}, record.ExitInvalid},
		{"", []string{"--text", "testdata/lint/no-such-file"}, record.ExitUsage},
		{"", []string{"--registered", "http://h/"}, record.ExitUsage},
		{"", []string{"--nope"}, record.ExitUsage},
	} {
		status, out, errOut := runBin(t, tc.stdin, append([]string{"lint"}, tc.args...)...)
		if status != tc.want {
			t.Errorf("lint %q < %.40q: status %d, want %d\nstdout: %s\nstderr: %s", tc.args, tc.stdin, status, tc.want, out, errOut)
		}
	}
}

// TestLintRecords: one record per input line in order, "error" set only
// for a line too long, findings with no text of the input.
func TestLintRecords(t *testing.T) {
	in := "http://0177.0.0.1/\nhttp://u:Zx81Qw@h/\n" + strings.Repeat("x", record.MaxLine+5) + "\nhttps://example.com/\n"
	_, out, _ := runBin(t, in, "lint", "--json")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d records, want 4:\n%s", len(lines), out)
	}
	for i, l := range lines {
		var r struct {
			Input    *string        `json:"input"`
			Findings []lint.Finding `json:"findings"`
			Error    *struct {
				Reason string `json:"reason"`
			} `json:"error"`
		}
		if err := json.Unmarshal([]byte(l), &r); err != nil || r.Input == nil || r.Findings == nil {
			t.Fatalf("record %d: %v: %s", i+1, err, l)
		}
		if (r.Error != nil) != (i == 2) {
			t.Errorf("record %d: error %v", i+1, r.Error)
		}
	}
	if strings.Contains(out, "Zx81Qw") || !strings.Contains(lines[1], `"input":"http://u:xxxxx@h/"`) || !strings.Contains(lines[1], `"password-present"`) {
		t.Errorf("record 2: %s", lines[1])
	}
	if !strings.Contains(lines[0], `{"code":"ipv4-octal","component":"host","offset":7,`) {
		t.Errorf("record 1: %s", lines[0])
	}
}
