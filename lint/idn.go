package lint

import (
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
// is deterministic and quick for them. It is a literal, not a walk of the
// map unicode.Scripts, so that a program that lints links no code that
// builds the map (50 KB of the playground's WebAssembly); a test checks
// that it holds every table of the map.
var scripts = []*unicode.RangeTable{
	unicode.Common, unicode.Inherited, unicode.Latin, unicode.Cyrillic,
	unicode.Greek, unicode.Han, unicode.Hiragana, unicode.Katakana,
	unicode.Hangul, unicode.Arabic, unicode.Hebrew, unicode.Armenian,
	unicode.Adlam, unicode.Ahom, unicode.Anatolian_Hieroglyphs,
	unicode.Avestan, unicode.Balinese, unicode.Bamum, unicode.Bassa_Vah,
	unicode.Batak, unicode.Bengali, unicode.Bhaiksuki, unicode.Bopomofo,
	unicode.Brahmi, unicode.Braille, unicode.Buginese, unicode.Buhid,
	unicode.Canadian_Aboriginal, unicode.Carian, unicode.Caucasian_Albanian,
	unicode.Chakma, unicode.Cham, unicode.Cherokee, unicode.Chorasmian,
	unicode.Coptic, unicode.Cuneiform, unicode.Cypriot, unicode.Cypro_Minoan,
	unicode.Deseret, unicode.Devanagari, unicode.Dives_Akuru, unicode.Dogra,
	unicode.Duployan, unicode.Egyptian_Hieroglyphs, unicode.Elbasan,
	unicode.Elymaic, unicode.Ethiopic, unicode.Georgian, unicode.Glagolitic,
	unicode.Gothic, unicode.Grantha, unicode.Gujarati, unicode.Gunjala_Gondi,
	unicode.Gurmukhi, unicode.Hanifi_Rohingya, unicode.Hanunoo,
	unicode.Hatran, unicode.Imperial_Aramaic, unicode.Inscriptional_Pahlavi,
	unicode.Inscriptional_Parthian, unicode.Javanese, unicode.Kaithi,
	unicode.Kannada, unicode.Kawi, unicode.Kayah_Li, unicode.Kharoshthi,
	unicode.Khitan_Small_Script, unicode.Khmer, unicode.Khojki,
	unicode.Khudawadi, unicode.Lao, unicode.Lepcha, unicode.Limbu,
	unicode.Linear_A, unicode.Linear_B, unicode.Lisu, unicode.Lycian,
	unicode.Lydian, unicode.Mahajani, unicode.Makasar, unicode.Malayalam,
	unicode.Mandaic, unicode.Manichaean, unicode.Marchen,
	unicode.Masaram_Gondi, unicode.Medefaidrin, unicode.Meetei_Mayek,
	unicode.Mende_Kikakui, unicode.Meroitic_Cursive,
	unicode.Meroitic_Hieroglyphs, unicode.Miao, unicode.Modi,
	unicode.Mongolian, unicode.Mro, unicode.Multani, unicode.Myanmar,
	unicode.Nabataean, unicode.Nag_Mundari, unicode.Nandinagari,
	unicode.New_Tai_Lue, unicode.Newa, unicode.Nko, unicode.Nushu,
	unicode.Nyiakeng_Puachue_Hmong, unicode.Ogham, unicode.Ol_Chiki,
	unicode.Old_Hungarian, unicode.Old_Italic, unicode.Old_North_Arabian,
	unicode.Old_Permic, unicode.Old_Persian, unicode.Old_Sogdian,
	unicode.Old_South_Arabian, unicode.Old_Turkic, unicode.Old_Uyghur,
	unicode.Oriya, unicode.Osage, unicode.Osmanya, unicode.Pahawh_Hmong,
	unicode.Palmyrene, unicode.Pau_Cin_Hau, unicode.Phags_Pa,
	unicode.Phoenician, unicode.Psalter_Pahlavi, unicode.Rejang,
	unicode.Runic, unicode.Samaritan, unicode.Saurashtra, unicode.Sharada,
	unicode.Shavian, unicode.Siddham, unicode.SignWriting, unicode.Sinhala,
	unicode.Sogdian, unicode.Sora_Sompeng, unicode.Soyombo, unicode.Sundanese,
	unicode.Syloti_Nagri, unicode.Syriac, unicode.Tagalog, unicode.Tagbanwa,
	unicode.Tai_Le, unicode.Tai_Tham, unicode.Tai_Viet, unicode.Takri,
	unicode.Tamil, unicode.Tangsa, unicode.Tangut, unicode.Telugu,
	unicode.Thaana, unicode.Thai, unicode.Tibetan, unicode.Tifinagh,
	unicode.Tirhuta, unicode.Toto, unicode.Ugaritic, unicode.Vai,
	unicode.Vithkuqi, unicode.Wancho, unicode.Warang_Citi, unicode.Yezidi,
	unicode.Yi, unicode.Zanabazar_Square,
}

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
