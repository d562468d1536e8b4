// Package jsontext writes JSON strings (RFC 8259 7) that are valid for
// any Go string and safe to show: the one string writer of the error and
// finding types and of the command line's records.
//
// AppendString escapes '"' and '\\'; writes "\n", "\r" and "\t" as such;
// writes every other C0 control (U+0000-U+001F) and DEL (U+007F) as a
// \u00XX escape; writes each byte that is not part of valid UTF-8 as
// \ufffd, since JSON text is Unicode (RFC 8259 8.1); and writes as \uXXXX
// escapes the characters that must not reach a terminal or a JSON
// consumer raw (Unsafe): the C1 controls, the line and paragraph
// separators and the bidirectional formatting characters. Hex digits are
// lowercase. Every other character, spaces and "<", ">", "&" included, is
// written as it is.
package jsontext

import (
	"unicode/utf16"
	"unicode/utf8"
)

const hexDigits = "0123456789abcdef"

// AppendString appends s to dst as a JSON string (RFC 8259 7), quotes
// included, escaped as the package doc says, and returns the extended
// buffer. The result is valid JSON for any s, and json.Unmarshal reads it
// back as s with each invalid byte replaced by U+FFFD.
func AppendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		// Copy a run of bytes that need no escape at once, eight at a
		// time while they last.
		j := i
		for j+8 <= len(s) {
			w := s[j : j+8] // one load, no bounds checks
			if !plain8(uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
				uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56) {
				break
			}
			j += 8
		}
		if j < len(s) && len(s)-j < 8 && len(s) >= 8 {
			// Fewer than eight bytes left: the last eight as one more
			// word (those before j were plain, or the word is not).
			w := s[len(s)-8:]
			if plain8(uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
				uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56) {
				j = len(s)
			}
		}
		for j < len(s) && s[j] >= ' ' && s[j] < 0x7F && s[j] != '"' && s[j] != '\\' {
			j++
		}
		dst = append(dst, s[i:j]...)
		if i = j; i == len(s) {
			break
		}
		c := s[i]
		if c < utf8.RuneSelf {
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, `\n`...)
			case '\r':
				dst = append(dst, `\r`...)
			case '\t':
				dst = append(dst, `\t`...)
			default: // another C0 control, or DEL
				dst = append(dst, `\u00`...)
				dst = append(dst, hexDigits[c>>4], hexDigits[c&15])
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, `\ufffd`...)
		case Unsafe(r) && r > 0xFFFF:
			// Beyond the BMP: the escapes of its UTF-16 surrogate pair
			// (RFC 8259 7).
			hi, lo := utf16.EncodeRune(r)
			dst = appendU(appendU(dst, hi), lo)
		case Unsafe(r):
			dst = appendU(dst, r)
		default:
			dst = append(dst, s[i:i+size]...)
		}
		i += size
	}
	return append(dst, '"')
}

// appendU appends the JSON escape of the BMP code point r, "\\u" and
// four hex digits.
func appendU(dst []byte, r rune) []byte {
	return append(dst, '\\', 'u', hexDigits[r>>12&15], hexDigits[r>>8&15], hexDigits[r>>4&15], hexDigits[r&15])
}

// plain8 reports whether the eight bytes of x are all printable ASCII
// other than '"' and '\\': none below ' ', none at or above DEL. Each
// test sets the high bit of a byte that fails it (and may set it in a
// byte after one that fails, which changes no answer).
func plain8(x uint64) bool {
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	below := (x - lo*' ') &^ x
	quote := x ^ (lo * '"')
	quote = (quote - lo) &^ quote
	backslash := x ^ (lo * '\\')
	backslash = (backslash - lo) &^ backslash
	del := x ^ (lo * 0x7F)
	del = (del - lo) &^ del
	return (below|quote|backslash|del|x)&hi == 0
}

// Unsafe reports whether r, a character beyond ASCII, must not reach a
// terminal or a JSON consumer as it is: a C1 control (U+0080-U+009F;
// U+009B is a CSI), a line or paragraph separator (U+2028, U+2029), a
// bidirectional formatting character (U+061C, U+200E, U+200F,
// U+202A-U+202E, U+2066-U+2069; RFC 3987 4.1: they reorder what a
// terminal shows), or an Invisible character (it hides text, or makes
// two texts look alike).
func Unsafe(r rune) bool {
	switch {
	case r >= 0x80 && r <= 0x9F:
		return true
	case r == 0x061C, r == 0x200E, r == 0x200F, r == 0x2028, r == 0x2029:
		return true
	case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return Invisible(r)
}

// Invisible reports the default ignorable code points (Unicode
// Default_Ignorable_Code_Point) that display as nothing and are neither
// bidi controls nor variation selectors: SOFT HYPHEN U+00AD, COMBINING
// GRAPHEME JOINER U+034F, the Hangul fillers U+115F, U+1160, U+3164 and
// U+FFA0, the Khmer vowels U+17B4 and U+17B5, MONGOLIAN VOWEL SEPARATOR
// U+180E, ZERO WIDTH SPACE, NON-JOINER and JOINER U+200B-U+200D, WORD
// JOINER, the invisible operators and U+2065 (U+2060-U+2065), ZERO WIDTH
// NO-BREAK SPACE (the BOM) U+FEFF, and the tag characters
// U+E0000-U+E007F, which carry hidden ASCII text ("ASCII smuggling").
func Invisible(r rune) bool {
	switch r {
	case 0x00ad, 0x034f, 0x115f, 0x1160, 0x17b4, 0x17b5, 0x180e, 0x3164, 0xfeff, 0xffa0:
		return true
	}
	return 0x200b <= r && r <= 0x200d || 0x2060 <= r && r <= 0x2065 || 0xe0000 <= r && r <= 0xe007f
}
