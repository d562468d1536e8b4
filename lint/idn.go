package lint

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/idna"

	"github.com/urikit/urikit/uri"
)

// maxLabel is the longest DNS label (RFC 1034 3.1, RFC 5890 2.3.2.1). A
// longer "xn--" label is not decoded: it is no A-label, and bounding the
// label bounds Punycode's quadratic decoding.
const maxLabel = 63

// idn reports mixed-script-label (RFC 3986 7.6, UTS #39 5.2) and
// invalid-punycode (RFC 3492; an A-label that idna.Lookup rejects, RFC
// 5891 5.4, "xn--a") for the reg-name host at l.s[start:end],
// each at most once, at the first label it applies to. A label is read
// decoded: an "xn--" label (any case) through Punycode, a label with
// triplets percent-decoded (a decoded "." splits it further, all its parts
// then at the raw label's offset).
func (l *linter) idn(start, end int) {
	mixed, invalid := false, false
	for off := start; off <= end && !(mixed && invalid); {
		n := strings.IndexByte(l.s[off:end], '.')
		if n < 0 {
			n = end - off
		}
		label := l.s[off : off+n]
		if strings.IndexByte(label, '%') >= 0 {
			label = percentDecode(label)
		}
		for part := range strings.SplitSeq(label, ".") {
			switch {
			case len(part) >= 4 && strings.EqualFold(part[:4], "xn--"):
				if len(part) > maxLabel {
					continue
				}
				lower := strings.ToLower(part)
				u, err := idna.Punycode.ToUnicode(lower)
				if err != nil {
					if !invalid {
						l.add(CodeInvalidPunycode, uri.ComponentHost, off, 0)
						invalid = true
					}
					continue
				}
				if _, err := idna.Lookup.ToUnicode(lower); err != nil && !invalid {
					l.add(CodeInvalidPunycode, uri.ComponentHost, off, 1)
					invalid = true
				}
				if !mixed && mixedScript(u) {
					l.add(CodeMixedScript, uri.ComponentHost, off, 0)
					mixed = true
				}
			case !mixed && !isASCII(part) && utf8.ValidString(part) && mixedScript(part):
				l.add(CodeMixedScript, uri.ComponentHost, off, 0)
				mixed = true
			}
		}
		off += n + 1
	}
}

// The script sets of UTS #39 5.2's Highly Restrictive level that may mix
// with one another in a label: Latin, Han, Hiragana and Katakana
// (Japanese); Latin, Han and Bopomofo (Chinese); Latin, Han and Hangul
// (Korean).
const (
	scLatin = 1 << iota
	scHan
	scHiragana
	scKatakana
	scBopomofo
	scHangul
	scOther

	scJapanese = scLatin | scHan | scHiragana | scKatakana
	scChinese  = scLatin | scHan | scBopomofo
	scKorean   = scLatin | scHan | scHangul
)

// mixedScript reports whether label holds characters of more than one
// script (Unicode Scripts, through package unicode), Common and Inherited
// ignored, in a combination that UTS #39 5.2's Highly Restrictive level
// rejects: any two scripts, except Latin, Han, Hiragana and Katakana
// together, Latin, Han and Bopomofo together, and Latin, Han and Hangul
// together. It allocates nothing.
func mixedScript(label string) bool {
	set := 0
	var other *unicode.RangeTable
	for _, r := range label {
		if r < utf8.RuneSelf {
			if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' {
				set |= scLatin
			}
			continue
		}
		t := scriptOf(r)
		switch t {
		case nil, unicode.Common, unicode.Inherited:
			continue
		case unicode.Latin:
			set |= scLatin
		case unicode.Han:
			set |= scHan
		case unicode.Hiragana:
			set |= scHiragana
		case unicode.Katakana:
			set |= scKatakana
		case unicode.Bopomofo:
			set |= scBopomofo
		case unicode.Hangul:
			set |= scHangul
		default:
			if other != nil && other != t {
				return true
			}
			other = t
			set |= scOther
		}
	}
	if set&scOther != 0 {
		return set != scOther
	}
	return set&^scJapanese != 0 && set&^scChinese != 0 && set&^scKorean != 0
}

// scripts lists the tables of unicode.Scripts, the most common in host
// names first and the rest in the order of their names, so that scriptOf
// is deterministic and quick for them.
var scripts = func() []*unicode.RangeTable {
	first := []*unicode.RangeTable{unicode.Common, unicode.Inherited, unicode.Latin, unicode.Cyrillic, unicode.Greek, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul, unicode.Arabic, unicode.Hebrew, unicode.Armenian}
	names := make([]string, 0, len(unicode.Scripts))
	for name := range unicode.Scripts {
		names = append(names, name)
	}
	slices.Sort(names)
	t := first
	for _, name := range names {
		if s := unicode.Scripts[name]; !slices.Contains(first, s) {
			t = append(t, s)
		}
	}
	return t
}()

// scriptOf returns the table of unicode.Scripts that holds r, or nil for
// an unassigned code point.
func scriptOf(r rune) *unicode.RangeTable {
	for _, t := range scripts {
		if unicode.Is(t, r) {
			return t
		}
	}
	return nil
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
