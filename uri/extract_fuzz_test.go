package uri_test

import (
	"io"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/urikit/urikit/uri"
)

// chunkReader returns 1 to 7 bytes a read, the sizes drawn from seed.
type chunkReader struct {
	s    string
	seed uint32
}

func (r *chunkReader) Read(p []byte) (int, error) {
	if len(r.s) == 0 {
		return 0, io.EOF
	}
	r.seed = r.seed*1103515245 + 12345
	n := min(int(r.seed>>16)%7+1, len(p), len(r.s))
	copy(p, r.s[:n])
	r.s = r.s[n:]
	return n, nil
}

// extractOpts derives the options of a fuzz case: a small MaxLen unless
// maxLen is 0, Suffix, and a Keep that drops odd-length schemes when keep
// is set.
func extractOpts(suffix bool, maxLen uint16, keep bool) uri.ExtractOptions {
	o := uri.ExtractOptions{Suffix: suffix}
	if maxLen != 0 {
		o.MaxLen = int(maxLen%512) + 1
	}
	if keep {
		o.Keep = func(u uri.URI) bool { return len(u.Scheme())%2 == 0 }
	}
	return o
}

// removeSpace drops ASCII whitespace and the typographic hyphens U+2010
// and U+00AD, what a joined match drops.
func removeSpace(s string) string {
	return strings.Map(func(r rune) rune {
		if strings.ContainsRune(" \t\r\n\f\v\u2010\u00AD", r) {
			return -1
		}
		return r
	}, s)
}

// checkMatches checks the invariants of Extract's matches in text.
func checkMatches(t *testing.T, text string, opts uri.ExtractOptions, ms []uri.Match) {
	t.Helper()
	maxLen := opts.MaxLen
	if maxLen <= 0 {
		maxLen = uri.DefaultMaxLen
	}
	prev := 0
	for i, m := range ms {
		if m.Offset < prev || m.Offset > m.End || m.End > len(text) {
			t.Fatalf("match %d %+v: offsets out of order or range (previous offset %d, input %d bytes)", i, m, prev, len(text))
		}
		prev = m.Offset
		if m.End-m.Offset > maxLen {
			t.Fatalf("match %d %+v: spans %d bytes, more than MaxLen %d", i, m, m.End-m.Offset, maxLen)
		}
		raw := text[m.Offset:m.End]
		if m.Joined {
			if removeSpace(raw) != m.Text || raw == m.Text {
				t.Fatalf("match %d %+v: joined text is not %q without its whitespace", i, m, raw)
			}
		} else if raw != m.Text {
			t.Fatalf("match %d %+v: input at Offset holds %q", i, m, raw)
		}
		if m.Text == "" {
			t.Fatalf("match %d %+v: empty text", i, m)
		}
		line := 1 + strings.Count(text[:m.Offset], "\n")
		col := m.Offset - (strings.LastIndexByte(text[:m.Offset], '\n') + 1) + 1
		if m.Line != line || m.Column != col {
			t.Fatalf("match %d %+v: at %d:%d, want %d:%d", i, m, m.Line, m.Column, line, col)
		}
		if strings.ContainsFunc(m.Text, unicode.IsSpace) {
			t.Fatalf("match %d %+v: white space in the text", i, m)
		}
		switch {
		case m.Completed:
			u, ok := uri.CompleteSuffix(m.Text)
			if !ok || u != m.URI || m.IRI {
				t.Fatalf("match %d %+v: CompleteSuffix(%q) = %q, %v", i, m, m.Text, u, ok)
			}
		case m.IRI:
			// An IRI (RFC 3987 2.2): valid UTF-8 outside US-ASCII, no
			// bidirectional control (4.1), and URI its mapping (3.1).
			if !opts.IRI || !utf8.ValidString(m.Text) || !strings.ContainsFunc(m.Text, func(r rune) bool { return r >= utf8.RuneSelf }) {
				t.Fatalf("match %d %+v: an IRI without the option, or not UTF-8 outside US-ASCII", i, m)
			}
			if strings.ContainsFunc(m.Text, func(r rune) bool {
				return r == 0x061C || r == 0x200E || r == 0x200F || 0x202A <= r && r <= 0x202E || 0x2066 <= r && r <= 0x2069
			}) {
				t.Fatalf("match %d %+v: a bidirectional control in an IRI", i, m)
			}
			r, err := uri.FromIRI(m.Text)
			u, ok := r.URI()
			if err != nil || !ok || u != m.URI {
				t.Fatalf("match %d %+v: FromIRI(%q) = %q, %v", i, m, m.Text, r, err)
			}
		default:
			u, err := uri.Parse(m.Text)
			if err != nil || u != m.URI || u.String() != m.Text {
				t.Fatalf("match %d %+v: Parse(%q) = %q, %v", i, m, m.Text, u, err)
			}
		}
		if opts.Keep != nil && !opts.Keep(m.URI) {
			t.Fatalf("match %d %+v: Keep refuses it", i, m)
		}
		switch m.Hyphen {
		case uri.HyphenCut:
			// The typographic hyphen may follow punctuation that the
			// heuristic dropped ("a:b!\u00ad\nc" is cut at "a:b").
			after := strings.TrimLeft(text[m.End:], ".,;:!?)]'*_")
			if !strings.HasSuffix(m.Text, "-") && !strings.HasPrefix(after, "\u2010") && !strings.HasPrefix(after, "\u00AD") || m.Joined {
				t.Fatalf("match %d %+v: a cut reading must end with its hyphen", i, m)
			}
		case uri.HyphenJoined:
			if !m.Joined {
				t.Fatalf("match %d %+v: a joined reading that is not joined", i, m)
			}
		}
	}
}

func collect(seq func(func(uri.Match) bool)) []uri.Match {
	var ms []uri.Match
	for m := range seq {
		ms = append(ms, m)
	}
	return ms
}

// FuzzExtract: no panic; every match lies where its Offset, End, Line and
// Column say, is a valid URI (or the completion of its text, or an IRI
// that maps to it, RFC 3987 3.1) and passes Keep; Extract, a second run of
// its iterator, and ExtractReader fed 1 to 7 bytes a read and in one piece
// agree, skipped counts included. All of this holds with ExtractOptions.IRI
// and without, and the option loses no URI found without it.
func FuzzExtract(f *testing.F) {
	for _, tt := range extractTests {
		f.Add(tt.in, tt.opts.Suffix, uint16(0), false, uint32(1))
	}
	f.Add("<ftp://foo.example.\ncom/rfc/> http://a-\n  b-\n c", true, uint16(9), true, uint32(7))
	f.Add("a:bcdefgh:ijk-\nlmnop \"x:y\" <URL: www.a.b >", true, uint16(5), false, uint32(3))
	f.Add("«www.example.com» “http://a/b.” （http://a/）", true, uint16(0), false, uint32(5))
	f.Add("see http://\u0430pple.com/ \u8a73http://\u4f8b.jp/\u30d1\u3002 <http://b\u00fccher.test/\n x> http://a/\u00e9-\nb\u202e", false, uint16(0), false, uint32(11))
	f.Add("http://a/\u00e9\xff\xe2\x80http://b/?\ue000#\ue000 http://c/\u00e9\u00e9\u00e9\u00e9\u00e9", true, uint16(12), false, uint32(13))
	f.Fuzz(func(t *testing.T, text string, suffix bool, maxLen uint16, keep bool, seed uint32) {
		opts := extractOpts(suffix, maxLen, keep)
		off := checkExtract(t, text, opts, seed)
		// With IRI, the same invariants hold, and every URI found without
		// it is found again: an IRI's delimiters are a superset.
		opts.IRI = true
		on := checkExtract(t, text, opts, seed)
		for _, m := range off {
			if !slices.ContainsFunc(on, func(n uri.Match) bool { return n.Offset == m.Offset && n.Text == m.Text }) {
				t.Fatalf("%+v is found without IRI, not with it:%s", m, shorts(on))
			}
		}
	})
}

// checkExtract checks the matches of text with opts as FuzzExtract says,
// and returns them.
func checkExtract(t *testing.T, text string, opts uri.ExtractOptions, seed uint32) []uri.Match {
	t.Helper()
	ms := collect(uri.Extract(text, opts))
	checkMatches(t, text, opts, ms)
	again := collect(uri.Extract(text, opts))
	if !equalMatches(ms, again) {
		t.Fatalf("Extract's iterator gives other matches on a second run")
	}
	small := uri.ExtractReader(&chunkReader{text, seed}, opts)
	if got := collect(small.All()); !equalMatches(ms, got) {
		t.Fatalf("ExtractReader in chunks of 1-7 bytes:\n got %+v\nwant %+v", got, ms)
	}
	whole := uri.ExtractReader(strings.NewReader(text), opts)
	if got := collect(whole.All()); !equalMatches(ms, got) {
		t.Fatalf("ExtractReader in one piece:\n got %+v\nwant %+v", got, ms)
	}
	if small.Skipped() != whole.Skipped() || small.Err() != nil || whole.Err() != nil {
		t.Fatalf("ExtractReader skipped %d in chunks, %d in one piece (errors %v, %v)",
			small.Skipped(), whole.Skipped(), small.Err(), whole.Err())
	}
	return ms
}

func equalMatches(a, b []uri.Match) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
