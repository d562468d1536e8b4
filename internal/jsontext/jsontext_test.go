package jsontext_test

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urikit/urikit/internal/errtest"
	"github.com/urikit/urikit/internal/jsontext"
)

// cliAppendString is the literal reference of AppendString: the command
// line's own JSON string writer (its appendString, unsafeRune and hex4)
// as it was before AppendString replaced it, byte by byte, with no fast
// path. The command line's golden files were written by it, so
// AppendString must match it byte for byte.
func cliAppendString(b []byte, s string) []byte {
	const hexDigits = "0123456789abcdef"
	hex4 := func(r rune) string {
		return string([]byte{hexDigits[r>>12&15], hexDigits[r>>8&15], hexDigits[r>>4&15], hexDigits[r&15]})
	}
	unsafeRune := func(r rune) bool {
		switch {
		case r >= 0x80 && r <= 0x9F:
			return true
		case r == 0x061C, r == 0x200E, r == 0x200F, r == 0x2028, r == 0x2029:
			return true
		case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069:
			return true
		}
		// The invisible characters, range by range.
		for _, rg := range [][2]rune{{0xad, 0xad}, {0x34f, 0x34f}, {0x115f, 0x1160}, {0x17b4, 0x17b5}, {0x180e, 0x180e},
			{0x200b, 0x200d}, {0x2060, 0x2065}, {0x3164, 0x3164}, {0xfeff, 0xfeff}, {0xffa0, 0xffa0}, {0xe0000, 0xe007f}} {
			if rg[0] <= r && r <= rg[1] {
				return true
			}
		}
		return false
	}
	b = append(b, '"')
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j] >= ' ' && s[j] < 0x7F && s[j] != '"' && s[j] != '\\' {
			j++
		}
		b = append(b, s[i:j]...)
		if i = j; i == len(s) {
			break
		}
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, `\n`...)
			case c == '\r':
				b = append(b, `\r`...)
			case c == '\t':
				b = append(b, `\t`...)
			case c < ' ' || c == 0x7F:
				b = append(b, `\u00`...)
				b = append(b, hexDigits[c>>4], hexDigits[c&15])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, `\ufffd`...)
		case unsafeRune(r) && r > 0xFFFF:
			// A surrogate pair (RFC 8259 7), computed as the Unicode
			// standard writes it (3.9, D91).
			v := r - 0x10000
			b = append(b, `\u`+hex4(0xD800+v>>10)+`\u`+hex4(0xDC00+v&0x3FF)...)
		case unsafeRune(r):
			b = append(b, `\u`...)
			b = append(b, hex4(r)...)
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}

// check compares AppendString with the reference on s and requires valid
// JSON that reads back as s, each invalid byte as U+FFFD.
func check(t *testing.T, s string) {
	t.Helper()
	got := jsontext.AppendString([]byte("x"), s)
	if want := cliAppendString([]byte("x"), s); string(got) != string(want) {
		t.Fatalf("AppendString(%q) = %s, want %s (the command line's)", s, got[1:], want[1:])
	}
	got = got[1:]
	if !json.Valid(got) {
		t.Fatalf("AppendString(%q) = %s, not valid JSON", s, got)
	}
	var back string
	if err := json.Unmarshal(got, &back); err != nil {
		t.Fatalf("AppendString(%q) = %s: %v", s, got, err)
	}
	if back != errtest.Decoded(s) {
		t.Fatalf("AppendString(%q) reads back as %q", s, back)
	}
}

func TestAppendStringExamples(t *testing.T) {
	for in, want := range map[string]string{
		"":                         `""`,
		"plain <&> text":           `"plain <&> text"`,
		`q"b\`:                     `"q\"b\\"`,
		"\n\r\t":                   `"\n\r\t"`,
		"\x00\x08\x0c\x1b\x1f\x7f": `"\u0000\u0008\u000c\u001b\u001f\u007f"`,
		"a\xffb\xc3":               `"a\ufffdb\ufffd"`,
		"\xed\xa0\x80":             `"\ufffd\ufffd\ufffd"`, // a surrogate, not UTF-8
		"\u0085\u009b":             `"\u0085\u009b"`,
		"\u061c\u200e\u200f":       `"\u061c\u200e\u200f"`,
		"\u2028\u2029":             `"\u2028\u2029"`,
		"\u202a\u202e\u2066\u2069": `"\u202a\u202e\u2066\u2069"`,
		"pay\u200bpal\u00ad\ufeff": `"pay\u200bpal\u00ad\ufeff"`,
		"a\U000e0041\U000e007f":    `"a\udb40\udc41\udb40\udc7f"`,
		"ünï ア 😀 \ufffd \u00a0":    "\"ünï ア 😀 \ufffd \u00a0\"",
	} {
		if got := string(jsontext.AppendString(nil, in)); got != want {
			t.Errorf("AppendString(%q) = %s, want %s", in, got, want)
		}
		check(t, in)
	}
}

// TestAppendStringEveryRune compares every byte alone and every Unicode
// code point, alone and between ASCII, with the command line's writer.
func TestAppendStringEveryRune(t *testing.T) {
	for b := 0; b < 256; b++ {
		check(t, string([]byte{byte(b)}))
		check(t, "a"+string([]byte{byte(b)})+"z")
	}
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		s := string(r)
		if got, want := jsontext.AppendString(nil, s), cliAppendString(nil, s); string(got) != string(want) {
			t.Fatalf("AppendString(%U) = %s, want %s", r, got, want)
		}
		if r < 0x3000 || r%251 == 0 {
			check(t, "<"+s+">")
		}
	}
}

// TestAppendStringRandom compares random strings of every rune class and
// of bytes that are not UTF-8.
func TestAppendStringRandom(t *testing.T) {
	pieces := []string{"a", " ", `"`, `\`, "\n", "\r", "\t", "\x00", "\x1f", "\x7f", "\x80", "\xbf", "\xc0", "\xc3", "\xe2\x80", "\xf0\x9f", "\xff",
		"é", "\u0085", "\u009f", "\u00a0", "\u061c", "\u200b", "\u200e", "\u2028", "\u202e", "\u2066", "\u2069", "\ufeff", "\ufffd", "😀", "<", "&"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b strings.Builder
		for range rng.IntN(12) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		check(t, b.String())
	}
}

func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "a\"b", "\x00\xff", "\u2028\u202e", "ü\x80"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { check(t, s) })
}

// BenchmarkAppendString writes an error's reason, with quotes to escape,
// and a URI, the command line's most common string: a long run of bytes
// that need no escape.
func BenchmarkAppendString(b *testing.B) {
	for _, bb := range []struct{ name, s string }{
		{"reason", "amqp: password: unencoded \"#\", \"/\" or \"?\" in the credentials"},
		{"uri", "https://docs.example.com/aws-backup/latest/devguide/restoring-docdb.html?lang=en&v=2#docdb-restore-cli"},
	} {
		b.Run(bb.name, func(b *testing.B) {
			buf := make([]byte, 0, 256)
			b.ReportAllocs()
			b.SetBytes(int64(len(bb.s)))
			for b.Loop() {
				buf = jsontext.AppendString(buf[:0], bb.s)
			}
		})
	}
}
