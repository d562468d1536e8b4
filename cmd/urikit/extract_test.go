package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/urikit/urikit/cmd/urikit/internal/base"
	"github.com/urikit/urikit/cmd/urikit/internal/extractcmd"
	"github.com/urikit/urikit/cmd/urikit/internal/pipeline"
	"github.com/urikit/urikit/cmd/urikit/internal/record"

	"github.com/urikit/urikit/uri"
)

// wholeExtract is what extract must print for text read as one piece: the
// records of one ExtractReader over all of it, and the skipped count.
func wholeExtract(text string, asJSON bool, opts uri.ExtractOptions) (string, int) {
	x := &extractcmd.ExtractRun{Xo: &extractcmd.ExtractOptions{Options: &base.Options{JSON: asJSON}, Opts: opts}}
	c := &pipeline.Xchunk{Src: &pipeline.Xsource{Label: "standard input"}, Line: 1}
	ex := uri.ExtractReader(strings.NewReader(text), opts)
	for m := range ex.All() {
		x.AppendMatch(c, m)
	}
	return string(c.O.Out), ex.Skipped()
}

// pieceReader returns its text in pieces of random sizes: each short
// read makes extract cut what it has.
type pieceReader struct {
	s   string
	rnd *rand.Rand
}

func (r *pieceReader) Read(p []byte) (int, error) {
	if r.s == "" {
		return 0, io.EOF
	}
	n := min(len(p), len(r.s), 1+r.rnd.IntN(40))
	copy(p, r.s[:n])
	r.s = r.s[n:]
	return n, nil
}

// withChunks runs f with chunkTarget and chunkLimit set.
func withChunks(target, limit int, f func()) {
	t0, l0 := pipeline.ChunkTarget, pipeline.ChunkLimit
	pipeline.ChunkTarget, pipeline.ChunkLimit = target, limit
	defer func() { pipeline.ChunkTarget, pipeline.ChunkLimit = t0, l0 }()
	f()
}

// skippedCount reads the count of skipped candidates from extract's
// standard error.
func skippedCount(errOut string) int {
	_, rest, ok := strings.Cut(errOut, "standard input: ")
	if !ok {
		return 0
	}
	n, _ := strconv.Atoi(strings.Fields(rest)[0])
	return n
}

// checkChunked runs extract on text with chunks of many sizes, read
// whole and in random pieces, and compares with wholeExtract.
func checkChunked(t *testing.T, name, text string, maxLen int, suffix, iri bool) {
	t.Helper()
	checkChunkSizes(t, name, text, maxLen, suffix, iri, [][2]int{{1, 1 << 20}, {7, 1 << 20}, {64, 1 << 20}, {300, 1 << 20}, {16, 48}, {5, 5}})
}

// checkChunkSizes is checkChunked with the given chunkTarget and
// chunkLimit pairs.
func checkChunkSizes(t *testing.T, name, text string, maxLen int, suffix, iri bool, sizes [][2]int) {
	t.Helper()
	opts := uri.ExtractOptions{MaxLen: maxLen, Suffix: suffix, IRI: iri}
	args := []string{"extract", "--json", "--max-len", strconv.Itoa(maxLen)}
	if suffix {
		args = append(args, "--suffix")
	}
	if iri {
		args = append(args, "--iri")
	}
	want, wantSkipped := wholeExtract(text, true, opts)
	for _, size := range sizes {
		for _, pieces := range []bool{false, true} {
			var r io.Reader = strings.NewReader(text)
			if pieces {
				r = &pieceReader{s: text, rnd: rand.New(rand.NewPCG(uint64(size[0]), 1))}
			}
			var out, errOut bytes.Buffer
			withChunks(size[0], size[1], func() {
				run(args, &base.Env{Stdin: r, Stdout: &out, Stderr: &errOut})
			})
			if out.String() != want {
				t.Errorf("%s: chunks of %d (limit %d, pieces %t), max-len %d: records differ from one ExtractReader:\n%s",
					name, size[0], size[1], pieces, maxLen, lineDiff(want, out.String()))
				return
			}
			if got := skippedCount(errOut.String()); got != wantSkipped {
				t.Errorf("%s: chunks of %d (limit %d, pieces %t): %d skipped, want %d (stderr %q)", name, size[0], size[1], pieces, got, wantSkipped, errOut.String())
			}
		}
	}
}

// extractTokens are the pieces of the random texts of TestExtractChunks:
// URIs and the bytes that delimit, join or break them.
var extractTokens = []string{
	"http://a.example/x", "https://b.example/p?q=1#f", "ftp://c.example/pub/", "urn:isbn:123",
	"mailto:joe@example.com", "www.w3.org/Addressing/", "ftp.example.org/a", "URL:", "<", ">", "<URL:",
	"-", "-\n", "- \n", "\n", "\n\n", " ", "  ", "\t", "\r\n", "\f", `"`, "'", "*", "_", "(", ")", "[", "]",
	".", ",", ";", ":", "a", "b:", "x-", "localhost:8080", "é", "\u00a0", "\u2014", "\u3000", "`", "\x00",
	"/", "@", "user:pw@", "http://u:pw@h/", "http://", "a-b", "%41", "?", "#", "db:", "=", "x:y:pass@",
	"\u4f8b\u3048", "\u202e", "\xff", "\ue000", "\u2010\n", "\u3002", "http://b\u00fccher.test/", "http://\u00fc:pw@h/",
}

// TestExtractChunks: extraction in chunks, cut where uri.ExtractCut says,
// gives exactly the records of one ExtractReader over the whole text, on
// the test files and on random texts dense in the bytes that make URIs
// span lines: brackets, hyphens at line ends, quotes, long candidates.
func TestExtractChunks(t *testing.T) {
	for _, name := range []string{"extract/notes.md", "extract/server.log", "extract/rfc.txt", "extract/mixed.txt", "extract/iri.txt", "tricky.txt", "corpus.txt"} {
		text := readTestdata(t, name)
		checkChunked(t, name, text, uri.DefaultMaxLen, true, false)
		checkChunked(t, name, text, 24, false, false)
		checkChunked(t, name, text, 24, false, true)
	}
	rnd := rand.New(rand.NewPCG(3986, 8089))
	for i := range 150 {
		var b strings.Builder
		for range 40 + rnd.IntN(400) {
			b.WriteString(extractTokens[rnd.IntN(len(extractTokens))])
		}
		checkChunked(t, fmt.Sprintf("random text %d", i), b.String(), 8+rnd.IntN(60), i%2 == 0, i%3 == 1)
	}
}

func FuzzExtractChunks(f *testing.F) {
	for _, name := range []string{"extract/notes.md", "extract/rfc.txt", "extract/server.log"} {
		b, err := readFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, 32)
	}
	f.Add("x <http://a/\n b-\n c>\n<URL: www.a.example/\n>", 10)
	f.Add("see http://\u0430pple.com/ <http://b\u00fccher.test/\n x> http://a/\u00e9-\n\u00e9 \u8a73http://\u4f8b.jp/\u3002\xff", 12)
	f.Fuzz(func(t *testing.T, text string, maxLen int) {
		// Chunks of a few bytes make long texts slow, not harder.
		text = text[:min(len(text), 8<<10)]
		maxLen = 1 + (maxLen&0xffff)%200
		// Two sizes an execution: chunks of one byte cost a goroutine
		// and an Extractor each.
		checkChunkSizes(t, "fuzz", text, maxLen, maxLen%2 == 0, maxLen%3 == 0, [][2]int{{1 + maxLen%13, 1 << 20}, {4 + maxLen%5, 16}})
		// Every record is safe to print and, in JSON, one object with an
		// "error" member.
		for _, asJSON := range []bool{false, true} {
			args := []string{"extract", "--suffix"}
			if asJSON {
				args = append(args, "--json")
			}
			status, out, errOut := runCmd(t, text, args...)
			if status == record.ExitUsage || !utf8.ValidString(out+errOut) {
				t.Fatalf("%q: status %d, output not UTF-8", args, status)
			}
			for _, c := range out + errOut {
				if c < ' ' && c != '\n' || c == 0x7F || c >= 0x80 && c <= 0x9F || c == 0x202E {
					t.Fatalf("%q: raw control character %U in the output", args, c)
				}
			}
			if !asJSON || out == "" {
				continue
			}
			for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
				var rec map[string]json.RawMessage
				if err := json.Unmarshal([]byte(l), &rec); err != nil || string(rec["error"]) != "null" {
					t.Fatalf("record %s: %v", l, err)
				}
			}
		}
	})
}

func TestExtractText(t *testing.T) {
	text := "See <URL:http://a.example/x\n  y> and www.w3.org/Addressing/.\n" +
		"A long line with ftp://ftp.example.net/pub/a-\n  b.txt in it; (http://u:secret@h/p).\n"
	status, out, errOut := runCmd(t, text, "extract", "--suffix")
	want := "1:10: http://a.example/xy (joined)\n" +
		"2:10: http://www.w3.org/Addressing/ (completed)\n" +
		"3:18: ftp://ftp.example.net/pub/a- (cut at a hyphen)\n" +
		"3:18: ftp://ftp.example.net/pub/a-b.txt (joined at a hyphen)\n" +
		"4:17: http://u:xxxxx@h/p\n"
	if status != record.ExitOK || out != want || errOut != "" {
		t.Errorf("extract: status %d, stderr %q, output:\n%s", status, errOut, lineDiff(want, out))
	}
	status, out, _ = runCmd(t, text, "extract", "--json", "--show-secrets")
	want = `{"uri":"http://a.example/xy","offset":9,"line":1,"column":10,"end":31,"joined":true,"error":null}` + "\n" +
		`{"uri":"ftp://ftp.example.net/pub/a-","offset":78,"line":3,"column":18,"end":106,"hyphen":"cut","error":null}` + "\n" +
		`{"uri":"ftp://ftp.example.net/pub/a-b.txt","offset":78,"line":3,"column":18,"end":114,"joined":true,"hyphen":"joined","error":null}` + "\n" +
		`{"uri":"http://u:secret@h/p","offset":123,"line":4,"column":17,"end":142,"error":null}` + "\n"
	if status != record.ExitOK || out != want {
		t.Errorf("extract --json: status %d, output:\n%s", status, lineDiff(want, out))
	}
}

func TestExtractFiles(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.txt")
	b := filepath.Join(dir, "b.md")
	if err := os.WriteFile(a, []byte("one http://a.example/1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(b, []byte("[two](https://b.example/2) main.go:12\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	status, out, errOut := runCmd(t, "stdin http://c.example/3\n", "extract", a, "-", filepath.Join(dir, "none.txt"), b, "--registered")
	want := a + ":1:5: http://a.example/1\n-:1:7: http://c.example/3\n" + b + ":1:7: https://b.example/2\n"
	if status != record.ExitUsage || out != want || errOut != "urikit extract: "+filepath.Join(dir, "none.txt")+": no such file or directory\n" {
		t.Errorf("extract FILES: status %d, stderr %q, output:\n%s", status, errOut, lineDiff(want, out))
	}
	status, out, _ = runCmd(t, "", "extract", "--json", b)
	want = `{"file":` + strconv.Quote(b) + `,"uri":"https://b.example/2","offset":6,"line":1,"column":7,"end":25,"error":null}` + "\n" +
		`{"file":` + strconv.Quote(b) + `,"uri":"main.go:12","offset":27,"line":1,"column":28,"end":37,"error":null}` + "\n"
	if status != record.ExitOK || out != want {
		t.Errorf("extract --json FILE: status %d, output:\n%s", status, lineDiff(want, out))
	}
	if status, _, errOut := runCmd(t, "", "extract", dir); status != record.ExitUsage || !strings.Contains(errOut, "is a directory") {
		t.Errorf("extract DIR: status %d, stderr %q", status, errOut)
	}
}

func TestExtractSkipped(t *testing.T) {
	text := "a http://a.example/" + strings.Repeat("x", 100) + " b http://b.example/ c http://c.example/" + strings.Repeat("y", 100) + "\n"
	status, out, errOut := runCmd(t, text, "extract", "--max-len", "50")
	if status != record.ExitOK || out != "1:123: http://b.example/\n" ||
		errOut != "urikit extract: standard input: 2 candidates longer than 50 bytes skipped (--max-len)\n" {
		t.Errorf("extract --max-len 50: status %d, stdout %q, stderr %q", status, out, errOut)
	}
	for _, n := range []string{"0", "-1", "1073741825", "x"} {
		if status, _, _ := runCmd(t, "", "extract", "--max-len", n); status != record.ExitUsage {
			t.Errorf("extract --max-len %s: status %d, want %d", n, status, record.ExitUsage)
		}
	}
}

// TestExtractSequential: a source with no cut within chunkLimit bytes
// (one long line of words without whitespace) is read on by one
// ExtractReader, with the same records.
func TestExtractSequential(t *testing.T) {
	var b strings.Builder
	for i := range 300 {
		fmt.Fprintf(&b, "\"http://a.example/%d\",", i)
	}
	b.WriteString("\nnext http://b.example/\n")
	text := b.String()
	want, _ := wholeExtract(text, false, uri.ExtractOptions{})
	var out, errOut bytes.Buffer
	withChunks(64, 256, func() {
		run([]string{"extract"}, &base.Env{Stdin: strings.NewReader(text), Stdout: &out, Stderr: &errOut})
	})
	if out.String() != want || strings.Count(want, "\n") != 301 {
		t.Errorf("sequential: output:\n%s", lineDiff(want, out.String()))
	}
}

// TestExtractStreaming: a line written to extract's standard input gives
// its URIs before the next line comes.
func TestExtractStreaming(t *testing.T) {
	stdin, lines, wait := startPiped(t, "extract", "--json")
	defer wait()
	defer stdin.Close()
	for i, line := range []string{"GET http://a.example/1 200", "<http://b.example/\n2>", "x-", "http://c.example/3"} {
		io.WriteString(stdin, line+"\n")
		if i == 2 {
			continue // a line ending with "-" waits for the next one
		}
		want := "/" + strconv.Itoa(min(i+1, 3))
		select {
		case got := <-lines:
			var rec map[string]any
			if err := json.Unmarshal([]byte(got), &rec); err != nil || !strings.HasSuffix(fmt.Sprint(rec["uri"]), want) {
				t.Errorf("line %d: got %q", i+1, got)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("no record for line %d before the next line", i+1)
		}
	}
}

// TestNoPasswordLeakExtract runs extract on the cases of the leak test,
// alone on their lines and inside prose, Markdown, logs and brackets,
// from standard input and from a file, text and JSON: no 4-byte piece of
// a password may appear on stdout or stderr.
func TestNoPasswordLeakExtract(t *testing.T) {
	var pieces []string
	var text strings.Builder
	for _, c := range leakCases {
		pieces = append(pieces, leakPieces(c.password)...)
		for _, f := range []string{"%s\n", "See %s.\n", "[link](%s) and more\n", "<%s>\n", "<URL:\n  %s>\n",
			"\"%s\"\n", "url=%s&x\n", "db:%s\n", "GET %s 200\n", "(%s)\n", "*%s*\n", "`%s`\n", "x-\n%s\n"} {
			fmt.Fprintf(&text, f, c.in)
		}
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "cases.txt"), []byte(text.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, args := range [][]string{{"extract"}, {"extract", "--json"}, {"extract", "--suffix", "--json"}, {"extract", "--registered"}, {"extract", "--max-len", "20"},
		{"extract", "--iri"}, {"extract", "--iri", "--json"}} {
		for _, fromFile := range []bool{false, true} {
			a := append([]string{}, args...)
			stdin := text.String()
			if fromFile {
				a, stdin = append(a, "cases.txt"), ""
			}
			cmd := exec.Command(binary, a...)
			cmd.Dir = dir
			cmd.Stdin = strings.NewReader(stdin)
			var out, errOut bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errOut
			cmd.Run()
			found += strings.Count(out.String(), "\n")
			for _, p := range pieces {
				if i := strings.Index(out.String(), p); i >= 0 {
					t.Errorf("%q: stdout holds piece %q of a password: %q", a, p, out.String()[max(0, i-60):min(out.Len(), i+20)])
				}
				if i := strings.Index(errOut.String(), p); i >= 0 {
					t.Errorf("%q: stderr holds piece %q of a password", a, p)
				}
			}
		}
	}
	if found < 1000 {
		t.Errorf("only %d URIs found: the test checks too little", found)
	}
}
