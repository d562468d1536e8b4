package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urikit/urikit/cmd/urikit/internal/record"
)

// FuzzRecords runs one line through every subcommand, text and JSON: no
// panic, one JSON object with an "error" member, and no raw control byte,
// bidirectional override or invalid UTF-8 in the output.
func FuzzRecords(f *testing.F) {
	for _, name := range []string{"tricky.txt", "pairs.txt", "refs.txt", "iri.txt", "amqp.txt"} {
		b, err := readFile(name)
		if err != nil {
			f.Fatal(err)
		}
		for _, l := range strings.Split(b, "\n") {
			f.Add(l)
		}
	}
	runs := append([][]string{}, lineCommands...)
	runs = append(runs, []string{"resolve", "http://u:1234#5678@h/x"}, []string{"normalize", "--show-secrets"})
	f.Fuzz(func(t *testing.T, line string) {
		line = strings.NewReplacer("\n", "", "\r", "").Replace(line)
		for _, args := range runs {
			for _, asJSON := range []bool{false, true} {
				a := append([]string{}, args...)
				if asJSON {
					a = append(a, "--json")
				}
				status, out, errOut := runCmd(t, line+"\n", a...)
				if status == record.ExitUsage {
					t.Fatalf("%q: status 2 for an input line", a)
				}
				if !utf8.ValidString(out + errOut) {
					t.Fatalf("%q: output that is not UTF-8", a)
				}
				for _, c := range out + errOut {
					if c < ' ' && c != '\n' || c == 0x7F || c >= 0x80 && c <= 0x9F || c == 0x202E {
						t.Fatalf("%q: raw control character %U in the output", a, c)
					}
				}
				if !asJSON {
					continue
				}
				var rec map[string]json.RawMessage
				if err := json.Unmarshal([]byte(out), &rec); err != nil || strings.Count(out, "\n") != 1 {
					t.Fatalf("%q: not one JSON object: %v", a, err)
				}
				if _, ok := rec["error"]; !ok {
					t.Fatalf("%q: no \"error\"", a)
				}
			}
		}
	})
}

func readFile(name string) (string, error) {
	b, err := os.ReadFile(filepath.Join("testdata", name))
	return string(b), err
}
