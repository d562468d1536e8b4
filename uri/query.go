package uri

import (
	"iter"
	"strings"
	"unsafe"

	"github.com/urikit/urikit/internal/class"
)

// This file reads and writes a query as ordered key/value pairs.
//
// RFC 3986 3.4 gives the query no structure: it is a string of pchar, "/"
// and "?". The "key=value&key=value" convention is HTML's form encoding,
// application/x-www-form-urlencoded (WHATWG URL Standard, section 5), not
// RFC 3986. The functions here read that convention over query text and
// decode each key and value by RFC 3986 2.1, or also with "+" as a space,
// which belongs to form encoding only. Nothing here uses a map: order and
// duplicates are kept.

// QueryPair is one piece of a query split at its separators (RFC 3986 3.4
// gives the query no structure; the pairs are the convention of HTML form
// encoding, application/x-www-form-urlencoded, see [QueryPairs]). The
// piece's text before its first "=" is Key and the text after it is Value.
//
// A piece without "=" has HasValue false and an empty Value: "a" is the key
// "a" without a value, while "a=" is the key "a" with an empty value. An
// empty piece, such as the one between the two "&" of "a&&b", is the pair
// with an empty key and no value.
//
// The pairs that [QueryPairs], [QueryPairsSemicolon] and [LookupQuery] give
// hold raw query text, still percent-encoded; [QueryPair.Decode] and
// [QueryPair.DecodeForm] return the pair with its data decoded.
type QueryPair struct {
	Key      string // the text before the first "="; the whole piece without one
	Value    string // the text after the first "="; "" when HasValue is false
	HasValue bool   // the piece has an "="
}

// QueryPairs returns an iterator over the pairs of query, the text of a
// query (RFC 3986 3.4) without its "?", in order and with duplicates. The
// query is split at every "&" and each piece at its first "=" (see
// [QueryPair]), as HTML form encoding reads it, without decoding anything
// (see "Query pairs" in the package doc). An empty query yields no pair;
// otherwise every piece is a pair, empty pieces included, so that the
// pairs give the query back.
//
// Iterating allocates nothing. The pairs are raw text; query need not be
// valid query text: decoding a pair reports that.
func QueryPairs(query string) iter.Seq[QueryPair] {
	return func(yield func(QueryPair) bool) {
		splitQuery(query, false, yield)
	}
}

// QueryPairsSemicolon is [QueryPairs] with ";" as a second separator: it
// splits query (RFC 3986 3.4, where ";" is a sub-delim, 2.2) at every "&"
// and every ";", for queries written by software that separates pairs with
// ";" (a recommendation of HTML 4.01, B.2.2, that neither the WHATWG URL
// Standard nor net/url, since Go 1.17, follows). So "a=1;b=2&c" yields "a",
// "b" and "c". It allocates nothing.
func QueryPairsSemicolon(query string) iter.Seq[QueryPair] {
	return func(yield func(QueryPair) bool) {
		splitQuery(query, true, yield)
	}
}

// splitQuery yields the pairs of query, split at "&" and, if semicolon is
// set, at ";" too, until yield returns false.
func splitQuery(query string, semicolon bool, yield func(QueryPair) bool) {
	if query == "" {
		return
	}
	for {
		end := nextSeparator(query, semicolon)
		if end < 0 {
			yield(makePair(query))
			return
		}
		if !yield(makePair(query[:end])) {
			return
		}
		query = query[end+1:]
	}
}

// nextSeparator returns the index of the first "&" of s (or ";" when
// semicolon is set), or -1.
func nextSeparator(s string, semicolon bool) int {
	if !semicolon {
		return strings.IndexByte(s, '&')
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '&' || s[i] == ';' {
			return i
		}
	}
	return -1
}

// makePair splits a piece at its first "=".
func makePair(piece string) QueryPair {
	if k, v, ok := strings.Cut(piece, "="); ok {
		return QueryPair{Key: k, Value: v, HasValue: true}
	}
	return QueryPair{Key: piece}
}

// QueryPairs returns an iterator over the pairs of the query, split at
// "&": it is [QueryPairs] of [URI.Query] (RFC 3986 3.4 gives the query no
// structure; pairs are HTML form encoding's convention). It yields nothing
// when the query is absent or empty, and allocates nothing. The query of a
// parsed value is valid query text, so decoding its pairs never fails.
func (c core) QueryPairs() iter.Seq[QueryPair] {
	return QueryPairs(c.Query())
}

// LookupQuery returns the first pair of the query (RFC 3986 3.4), split at
// "&", whose key percent-decoded equals key: it is the function
// [LookupQuery] on [URI.Query]. It allocates nothing.
func (c core) LookupQuery(key string) (QueryPair, bool) {
	return LookupQuery(c.Query(), key)
}

// LookupQuery returns the first pair of query, split at "&" as
// [QueryPairs] splits it, whose key percent-decoded (RFC 3986 2.1) equals
// key; ok is false if there is none. The pair is raw text, to be decoded
// with [QueryPair.Decode] or [QueryPair.DecodeForm]. A "+" in a key is
// compared as "+", never as a space: to look up a form-encoded key that
// holds one, range over QueryPairs and compare the keys that DecodeForm
// returns. A key that is not valid query text (a "%" without two hex
// digits, a byte the query does not allow) matches nothing. LookupQuery
// allocates nothing.
func LookupQuery(query, key string) (p QueryPair, ok bool) {
	for p := range QueryPairs(query) {
		if keyEqual(p.Key, key) {
			return p, true
		}
	}
	return QueryPair{}, false
}

// keyEqual reports whether raw, percent-decoded, equals key, and raw is
// valid query text.
func keyEqual(raw, key string) bool {
	j := 0
	for i := 0; i < len(raw); i++ {
		b := raw[i]
		switch {
		case class.Table[b]&class.Query != 0:
		case b == '%' && isPctEncoded(raw, i):
			b = unhex(raw[i+1])<<4 | unhex(raw[i+2])
			i += 2
		default:
			return false
		}
		if j == len(key) || key[j] != b {
			return false
		}
		j++
	}
	return j == len(key)
}

// Decode returns the pair with its key and value percent-decoded (RFC 3986
// 2.1): each pct-encoded triplet becomes the octet it encodes, and every
// other byte, "+" included, stays itself. HasValue is kept. The result
// holds data, not query text: it may hold any octets, invalid UTF-8
// included. Decode is the exact inverse of [EscapeQueryPart].
//
// Key and Value must be query text (3.4): an invalid byte or a "%" without
// two hex digits gives an [*Error] with Component ComponentQuery and
// ErrInvalidCharacter or ErrInvalidEscape, whose Offset counts from the
// start of the piece Key "=" Value (for a byte of Value, from len(Key)+1).
// The pairs of a parsed value's query never fail.
//
// Decode allocates nothing when neither Key nor Value holds a "%", and
// once otherwise.
func (p QueryPair) Decode() (QueryPair, error) {
	return p.decode(false)
}

// DecodeForm is [QueryPair.Decode] with "+" read as a space, as HTML form
// encoding (application/x-www-form-urlencoded, WHATWG URL Standard) reads
// it. RFC 3986 gives "+" no such meaning: it is a sub-delim (2.2), and
// data that holds a "+" must be escaped as "%2B" to survive this decoding,
// as [EscapeQueryPart] does. Unlike the WHATWG parser, which keeps a "%"
// it cannot decode and takes any byte, DecodeForm reports both as Decode
// does: it reads query text, never repairs it.
//
// DecodeForm allocates nothing when neither Key nor Value holds a "%" or
// a "+", and once otherwise.
func (p QueryPair) DecodeForm() (QueryPair, error) {
	return p.decode(true)
}

// decode implements Decode and DecodeForm: it checks both parts, then
// decodes those that need it into one buffer.
func (p QueryPair) decode(plus bool) (QueryPair, error) {
	nk, err := scanQueryPart(p.Key, 0, plus)
	if err != nil {
		return QueryPair{}, err
	}
	nv, err := scanQueryPart(p.Value, len(p.Key)+1, plus)
	if err != nil {
		return QueryPair{}, err
	}
	if nk < 0 && nv < 0 {
		return p, nil
	}
	size := 0
	if nk >= 0 {
		size += nk
	}
	if nv >= 0 {
		size += nv
	}
	buf := make([]byte, size)
	n := 0
	if nk >= 0 {
		n = decodeQueryPart(buf, p.Key, plus)
	}
	if nv >= 0 {
		decodeQueryPart(buf[n:], p.Value, plus)
	}
	// buf is never written again: the string may share its bytes.
	s := unsafe.String(unsafe.SliceData(buf), len(buf))
	if nk >= 0 {
		p.Key, s = s[:n], s[n:]
	}
	if nv >= 0 {
		p.Value = s
	}
	return p, nil
}

// What scanQueryPart does with each byte.
const (
	scanKeep    = iota // a byte of query (RFC 3986 3.4) other than "%" and "+"
	scanPlus           // "+", a space to form decoding
	scanPercent        // "%", which must start a pct-encoded triplet
	scanInvalid        // a byte that query text does not allow
)

// queryScan gives the scan action of every byte.
var queryScan = func() (t [256]uint8) {
	for b := range t {
		switch {
		case b == '+':
			t[b] = scanPlus
		case b == '%':
			t[b] = scanPercent
		case class.Table[b]&class.Query != 0:
			t[b] = scanKeep
		default:
			t[b] = scanInvalid
		}
	}
	return t
}()

// scanQueryPart checks that s is query text (RFC 3986 3.4) and returns the
// length of its decoding, or -1 when decoding would not change it (no "%",
// and no "+" when plus is set). Error offsets are base plus the index in s.
func scanQueryPart(s string, base int, plus bool) (int, error) {
	changed := false
	n := 0
	for i := 0; i < len(s); i++ {
		switch queryScan[s[i]] {
		case scanKeep:
		case scanPlus:
			changed = changed || plus
		case scanPercent:
			if !isPctEncoded(s, i) {
				return 0, &Error{Offset: base + i, Component: ComponentQuery, Err: ErrInvalidEscape}
			}
			changed = true
			n += 2
			i += 2
		default:
			return 0, &Error{Offset: base + i, Component: ComponentQuery, Err: ErrInvalidCharacter}
		}
	}
	if !changed {
		return -1, nil
	}
	return len(s) - n, nil
}

// decodeQueryPart writes the decoding of s, valid query text, to dst, which
// has room for it, and returns its length.
func decodeQueryPart(dst []byte, s string, plus bool) int {
	j := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) {
			c = unhex(s[i+1])<<4 | unhex(s[i+2])
			i += 2
		} else if c == '+' && plus {
			c = ' '
		}
		if j < len(dst) {
			dst[j] = c
		}
		j++
	}
	return j
}

// AppendQuery appends the pair key "=" value to dst, the text of a query
// (RFC 3986 3.4) without its "?", and returns the extended buffer. Key and
// value are data: they are escaped with [EscapeQueryPart], so that
// [QueryPairs] reads them back as one pair and [QueryPair.Decode] and
// [QueryPair.DecodeForm] both give key and value back. An "&" goes before
// the pair when dst is not empty. The pairs are HTML form encoding's
// convention (application/x-www-form-urlencoded), not RFC 3986's, though
// the text written is valid query text; a space is written "%20", never
// "+". Appending to a buffer with room allocates nothing.
//
// An empty query holds no pair: an empty key without value (written by
// [AppendQueryKey]) appended to an empty dst leaves it empty.
func AppendQuery(dst []byte, key, value string) []byte {
	dst = AppendQueryKey(dst, key)
	dst = append(dst, '=')
	return appendEscaped(dst, value, queryPartKeep)
}

// AppendQueryKey appends key without a value to dst, the text of a query
// (RFC 3986 3.4) without its "?", and returns the extended buffer: the pair
// that [QueryPairs] reads with HasValue false. Otherwise it is
// [AppendQuery]: key is escaped with [EscapeQueryPart] and an "&" goes
// before it when dst is not empty. An empty key appended to an empty dst
// leaves it empty, since an empty query holds no pair.
func AppendQueryKey(dst []byte, key string) []byte {
	if len(dst) > 0 {
		dst = append(dst, '&')
	}
	return appendEscaped(dst, key, queryPartKeep)
}
