package uri_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urikit/urikit/uri"
)

// TestExtractCut checks ExtractCut's rules on small texts: the last cut
// is after whitespace, not after a hyphen that ends a line, not inside an
// open "<".
func TestExtractCut(t *testing.T) {
	tests := []struct {
		text string
		from int
		want int
	}{
		{"", 0, 0},
		{"http://a/b", 0, 0},
		{"a http://a/b\n", 0, 13},
		{"a http://a/b\nc", 0, 13},
		{"a http://a/b-\nc", 0, 2},
		{"a http://a/b- \t\r\nc", 0, 2},
		{"a http://a/b - \nc", 0, 13},
		{"x <http://a/\nb>\nc", 0, 16},
		{"x <http://a/\nb\nc", 0, 2},
		{"a < b\nc", 0, 2},
		{"a < b > c\nd", 0, 10},
		{"a <b> <c\nd", 0, 6},
		{"a\u00a0b", 0, 0}, // U+00A0 ends a candidate, but is no cut
		{"a\nb\n", 4, 0},
		{"a\nb\n", 3, 4},
		{"a\nb\n", 1, 4},
		{"a\nb\n", -1, 4},
		{"a\nb-\n", 1, 2},
		{"a\nb-\n", 2, 0},
	}
	opts := uri.ExtractOptions{MaxLen: 100}
	for _, tt := range tests {
		if got := uri.ExtractCut([]byte(tt.text), tt.from, opts); got != tt.want {
			t.Errorf("ExtractCut(%q, %d, MaxLen 100) = %d, want %d", tt.text, tt.from, got, tt.want)
		}
	}
	// A hyphen or a "<" further back than MaxLen+16 bytes does not count;
	// MaxLen zero is DefaultMaxLen.
	for _, tt := range []struct {
		name, prefix string
		maxLen       int
		far          bool
	}{
		{"hyphen", "a-", 100, true},
		{"hyphen", "a-", 0, false},
		{"hyphen", "a-", uri.DefaultMaxLen, false},
		{`"<"`, "<a", 100, true},
		{`"<"`, "<a", 0, false},
	} {
		text := []byte(tt.prefix + strings.Repeat(" ", 200) + "\n")
		want := 0
		if tt.far {
			want = len(text)
		}
		if got := uri.ExtractCut(text, 0, uri.ExtractOptions{MaxLen: tt.maxLen}); got != want {
			t.Errorf("ExtractCut after a %s 200 bytes back, MaxLen %d = %d, want %d", tt.name, tt.maxLen, got, want)
		}
	}
}

// shiftMatches returns ms, found in a chunk that starts at offset base of
// the input, on the given line after col bytes of that line, with the
// positions they have in the whole input.
func shiftMatches(ms []uri.Match, base, line, col int) []uri.Match {
	for i := range ms {
		m := &ms[i]
		if m.Line == 1 {
			m.Column += col
		}
		m.Line += line - 1
		m.Offset += base
		m.End += base
	}
	return ms
}

// chunker extracts from text as a parallel reader does: it reads the text
// in pieces, cuts a chunk at the last cut of what it holds once it holds
// target bytes or more (or after a short piece), and extracts each chunk
// on its own with ExtractReader.
type chunker struct {
	opts   uri.ExtractOptions
	target int
	rnd    *rand.Rand // the sizes of the pieces, 1 to 2*target; nil: target

	matches   []uri.Match
	skipped   int
	base      int // the offset of the chunk in the input
	line, col int // its line, and the bytes before it on that line
	chunks    int
}

// extract adds the matches of the chunk b and moves past it.
func (x *chunker) extract(b []byte) {
	r := uri.ExtractReader(bytes.NewReader(b), x.opts)
	x.matches = append(x.matches, shiftMatches(collect(r.All()), x.base, x.line, x.col)...)
	x.skipped += r.Skipped()
	if n := bytes.Count(b, []byte{'\n'}); n > 0 {
		x.line += n
		x.col = len(b) - bytes.LastIndexByte(b, '\n') - 1
	} else {
		x.col += len(b)
	}
	x.base += len(b)
	x.chunks++
}

// run extracts from text in chunks.
func (x *chunker) run(text string) {
	x.line = 1
	var buf []byte
	searched := 0 // buf[:searched] holds no cut
	for text != "" {
		n := min(len(text), x.target)
		if x.rnd != nil {
			n = min(len(text), 1+x.rnd.IntN(2*x.target))
		}
		buf = append(buf, text[:n]...)
		text = text[n:]
		short := x.rnd != nil && n < x.target
		if len(buf) < x.target && !short {
			continue
		}
		if c := uri.ExtractCut(buf, searched, x.opts); c > 0 {
			x.extract(buf[:c])
			buf = append([]byte(nil), buf[c:]...)
			searched = 0
			continue
		}
		searched = len(buf)
	}
	x.extract(buf)
}

// checkChunks extracts from text in chunks of several sizes, read in
// pieces of the target size and of random sizes, and compares with
// Extract over the whole text.
func checkChunks(t *testing.T, name, text string, opts uri.ExtractOptions) {
	t.Helper()
	want := collect(uri.Extract(text, opts))
	whole := uri.ExtractReader(strings.NewReader(text), opts)
	collect(whole.All())
	for _, target := range []int{1, 7, 64, 300, 4096} {
		for seed := range uint64(2) {
			x := &chunker{opts: opts, target: target}
			if seed > 0 {
				x.rnd = rand.New(rand.NewPCG(uint64(target), seed))
			}
			x.run(text)
			if !equalMatches(want, x.matches) {
				t.Fatalf("%s: in %d chunks of %d bytes or more (seed %d), MaxLen %d, Suffix %t:\n got %s\nwant %s",
					name, x.chunks, target, seed, opts.MaxLen, opts.Suffix, shorts(x.matches), shorts(want))
			}
			if x.skipped != whole.Skipped() {
				t.Fatalf("%s: in chunks of %d bytes or more (seed %d): %d skipped, want %d",
					name, target, seed, x.skipped, whole.Skipped())
			}
		}
	}
}

// checkEveryCut splits text at every cut ExtractCut allows, not only the
// last one: Extract over each side gives the matches of the whole text.
func checkEveryCut(t *testing.T, text string, opts uri.ExtractOptions) {
	t.Helper()
	want := collect(uri.Extract(text, opts))
	b := []byte(text)
	for c := 1; c <= len(b); c++ {
		if uri.ExtractCut(b[:c], c-1, opts) != c {
			continue
		}
		before, after := text[:c], text[c:]
		line := 1 + strings.Count(before, "\n")
		col := c - strings.LastIndexByte(before, '\n') - 1
		got := append(collect(uri.Extract(before, opts)), shiftMatches(collect(uri.Extract(after, opts)), c, line, col)...)
		if !equalMatches(want, got) {
			t.Fatalf("%q cut at %d, MaxLen %d, Suffix %t:\n got %s\nwant %s", text, c, opts.MaxLen, opts.Suffix, shorts(got), shorts(want))
		}
	}
}

// shorts describes matches for a failure message.
func shorts(ms []uri.Match) string {
	var b strings.Builder
	for _, m := range ms {
		fmt.Fprintf(&b, "\n\t%d-%d %s", m.Offset, m.End, short(m))
	}
	return b.String()
}

// cutTokens are the pieces of the random texts of the chunk tests: URIs
// and the bytes that delimit, join or break them.
var cutTokens = []string{
	"http://a.example/x", "https://b.example/p?q=1#f", "ftp://c.example/pub/", "urn:isbn:123",
	"mailto:joe@example.com", "www.w3.org/Addressing/", "ftp.example.org/a", "URL:", "<", ">", "<URL:",
	"-", "-\n", "- \n", "\n", "\n\n", " ", "  ", "\t", "\r\n", "\f", `"`, "'", "*", "_", "(", ")", "[", "]",
	".", ",", ";", ":", "a", "b:", "x-", "localhost:8080", "é", "\u00a0", "\u2014", "\u3000", "`", "\x00",
	"/", "@", "user:pw@", "http://u:pw@h/", "http://", "a-b", "%41", "?", "#", "db:", "=", "x:y:pass@",
	// For IRIs: CJK, a bidi control, invalid UTF-8, an iprivate, a
	// typographic hyphen, an ideographic full stop.
	"\u4f8b\u3048", "\u202e", "\xff", "\xe2\x80", "\ue000", "\u2010\n", "\u3002", "http://b\u00fccher.test/",
}

// randomText returns n tokens drawn from cutTokens and, one in ten, a URI
// of lines.
func randomText(rnd *rand.Rand, n int, lines []string) string {
	var b strings.Builder
	for range n {
		if len(lines) > 0 && rnd.IntN(10) == 0 {
			b.WriteString(lines[rnd.IntN(len(lines))])
			continue
		}
		b.WriteString(cutTokens[rnd.IntN(len(cutTokens))])
	}
	return b.String()
}

// benchLines returns the first n lines of testdata/bench/absolute.txt:
// real URIs, some invalid.
func benchLines(t *testing.T, n int) []string {
	b, err := os.ReadFile("testdata/bench/absolute.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	return lines[:min(n, len(lines))]
}

// TestExtractCutChunks: extraction in chunks cut by ExtractCut gives
// exactly the matches (and skipped counts) of extraction over the whole
// text, on the test files and on random texts dense in the bytes that make
// URIs span lines: brackets, hyphens at line ends, quotes, long
// candidates. On the shorter random texts, every cut is tried.
func TestExtractCutChunks(t *testing.T) {
	names, err := filepath.Glob("testdata/extract/*")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		if strings.HasSuffix(name, ".golden") {
			continue
		}
		text, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		checkChunks(t, name, string(text), uri.ExtractOptions{Suffix: true})
		checkChunks(t, name, string(text), uri.ExtractOptions{MaxLen: 24})
		checkChunks(t, name, string(text), uri.ExtractOptions{IRI: true, MaxLen: 24})
	}
	// A hyphen or a "<" just within MaxLen+16 bytes of a cut, for the
	// shortest candidates that can reach that far.
	for _, maxLen := range []int{8, 9, 24} {
		opts := uri.ExtractOptions{MaxLen: maxLen}
		for n := range maxLen + 24 {
			sp := strings.Repeat(" ", n)
			checkEveryCut(t, "a:-\n"+sp+"b c", opts)
			checkEveryCut(t, "a:-"+sp+"\nb c", opts)
			checkEveryCut(t, "<a:"+sp+"b> c", opts)
			checkEveryCut(t, "<a:\n"+sp+"b> c", opts)
		}
	}
	lines := benchLines(t, 500)
	rnd := rand.New(rand.NewPCG(3986, 8089))
	for i := range 150 {
		opts := uri.ExtractOptions{MaxLen: 8 + rnd.IntN(60), Suffix: i%2 == 0, IRI: i%3 == 1}
		text := randomText(rnd, 40+rnd.IntN(400), lines)
		checkChunks(t, fmt.Sprintf("random text %d", i), text, opts)
		if i%3 == 0 {
			checkEveryCut(t, text[:min(len(text), 1000)], opts)
		}
	}
}

// FuzzExtractChunks: extraction in chunks cut by ExtractCut gives the
// matches of extraction over the whole text, and so does a split at any
// cut.
func FuzzExtractChunks(f *testing.F) {
	for _, tt := range extractTests {
		f.Add(tt.in, uint16(0), tt.opts.Suffix)
	}
	for _, name := range []string{"readme.md", "rfc.txt", "log.txt"} {
		b, err := os.ReadFile(filepath.Join("testdata/extract", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b), uint16(32), true)
	}
	f.Add("x <http://a/\n b-\n c>\n<URL: www.a.example/\n>", uint16(10), true)
	f.Add("a http://a/b-"+strings.Repeat(" ", 30)+"\nc <d:e "+strings.Repeat("f ", 20)+">", uint16(12), false)
	f.Add("a http://a/b\u2010\n c http://d/e\u00ad \n f|g http://h/{i}", uint16(8), false)
	f.Add("a http://\u4f8b.jp/\u30d1-\n \u30b9 <http://b\u00fccher.test/\n \u00e9> http://a/\u00e9\xff \n http://a/?\ue000\u2010\nb", uint16(16), false)
	f.Fuzz(func(t *testing.T, text string, maxLen uint16, suffix bool) {
		// Chunks of a few bytes make long texts slow, not harder.
		text = text[:min(len(text), 4<<10)]
		opts := uri.ExtractOptions{Suffix: suffix}
		if maxLen != 0 {
			opts.MaxLen = int(maxLen%200) + 1
		}
		checkChunks(t, "fuzz", text, opts)
		checkEveryCut(t, text[:min(len(text), 512)], opts)
		opts.IRI = true
		checkChunks(t, "fuzz", text, opts)
		checkEveryCut(t, text[:min(len(text), 512)], opts)
	})
}
