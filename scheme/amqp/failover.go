package amqp

import (
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"

	"github.com/urikit/urikit/internal/masked"
	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/uri"
)

// List is a failover list: complete amqp or amqps URIs in the order
// written. The RabbitMQ URI specification gives a URI a single authority,
// so several brokers are several URIs: RabbitMQ Federation (the upstream's
// "uri", Federation Reference) and Shovel ("src-uri" and "dest-uri",
// Dynamic Shovels) take a string or a list of strings and connect to one
// URI of the list, picked at random, so that a link finds another node of
// a cluster when one fails. ParseList reads such a list written as text.
// Which entry to dial, and in what order, is the caller's choice; List
// keeps the order of the text.
//
// Like URI, a List shows no password by accident: String, GoString, every
// fmt verb, LogValue and MarshalText (and so JSON) give each entry
// redacted, joined by a single space. Each entry's Unredacted returns its
// input.
type List []URI

// ErrSeparatorInSecret is the reason of an entry whose credentials, or
// whose "password" query parameter (the TLS key's passphrase), hold an
// unencoded "," or white space: that byte ends the entry, as it ends every
// entry of a failover list, so the secret must percent-encode it ("," as
// %2C, a space as %20). The RabbitMQ URI spec allows a raw "," in a
// password (sub-delims), but not inside a list. The entry's error points
// at the start of its userinfo, or of the parameter's value.
var ErrSeparatorInSecret = errors.New(`unencoded "," or white space in a secret ends the list entry`)

// ErrEmptyList is the error of ParseList on a text with no entry: only
// separators, or nothing. A failover list needs a URI to dial (RabbitMQ
// Federation's upstream "uri" is mandatory).
var ErrEmptyList = errors.New("amqp: no URI in the list")

// hintListSeparator says how to write a "," or white space inside an entry.
const hintListSeparator = `a "," or white space ends an entry of a URI list: percent-encode it inside a URI, "," as %2C and a space as %20`

// ParseList parses a failover list (see List): complete amqp or amqps URIs
// separated by commas or ASCII white space, each read by Parse; a run of
// separators is one, so empty entries are skipped ("a, b", "a,b" and one
// URI per line are the same list). A "," inside a URI of a list must be
// written %2C: where a separator would cut a secret, the entry runs on
// and fails with ErrSeparatorInSecret (see Failover lists in the package
// doc). Every entry is parsed; the error is a ListError with an
// *EntryError for each entry that failed, in order, or ErrEmptyList when
// there is no entry. On error the List is nil.
func ParseList(s string) (List, error) {
	l, errs := ParseListValid(s)
	switch {
	case errs != nil:
		return nil, errs
	case l == nil:
		return nil, ErrEmptyList
	}
	return l, nil
}

// ParseListValid parses s as ParseList does, but keeps the entries that
// parse when others fail, so that a caller can still reach a live node of
// a list with a mistyped entry ("amqp://h1:99999, amqp://h2" gives
// "amqp://h2"): it returns the entries that parse, in order, and a
// ListError with an *EntryError for each entry that failed, in order, or
// nil. When s holds no entry at all, both are nil (where ParseList
// returns ErrEmptyList).
func ParseListValid(s string) (List, ListError) {
	var l List
	var errs ListError
	for i, e := 0, 0; ; i++ {
		start, end, cut, at := nextEntry(s, e)
		if start == len(s) {
			return l, errs
		}
		e = end
		if u, err := parseEntry(s[start:end], cut, at); err != nil {
			errs = append(errs, &EntryError{Index: i, Offset: start, Err: err})
		} else {
			l = append(l, u)
		}
	}
}

// MustParseList is ParseList for literals in tests and package variables:
// it panics if s is not a failover list. The panic value is the error,
// which holds no input text.
func MustParseList(s string) List {
	l, err := ParseList(s)
	if err != nil {
		panic(err)
	}
	return l
}

// The ways an entry's secret may be cut by a separator (see ParseList).
const (
	entryWhole          = iota
	entryCutCredentials // a separator inside the userinfo
	entryCutParam       // a separator inside a "password" query parameter
)

// isListSeparator reports whether b separates the entries of a list: a
// comma or ASCII white space.
func isListSeparator(b byte) bool {
	switch b {
	case ',', ' ', '\t', '\n', '\r', '\v', '\f':
		return true
	}
	return false
}

// listPiece returns the text from i, after any separators, to the next
// separator or the end of s: [start, end).
func listPiece(s string, i int) (start, end int) {
	for i < len(s) && isListSeparator(s[i]) {
		i++
	}
	start = i
	for i < len(s) && !isListSeparator(s[i]) {
		i++
	}
	return start, i
}

// startsListURI reports whether p starts with a scheme and "://" (RFC 3986
// 3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )), the start of
// the next entry of a list.
func startsListURI(p string) bool {
	if p == "" || !isSchemeLetter(p[0]) {
		return false
	}
	for i := 1; i < len(p); i++ {
		switch c := p[i]; {
		case isSchemeLetter(c) || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.':
		case c == ':':
			return strings.HasPrefix(p[i+1:], "//")
		default:
			return false
		}
	}
	return false
}

func isSchemeLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// nextEntry finds the entry that starts at or after i: [start, end), and
// how a separator cut its secret, if it did, with the secret's offset in
// the entry (at). start is len(s) when no entry is left.
//
// An entry that starts with a scheme and "://" takes in the pieces after
// it that start no URI, up to the last one that holds an "@" before the
// next piece that starts a URI: such an "@" may end credentials that a
// separator cut ("amqp://u:ab@cd,ef@h" has the password "ab@cd,ef"), so
// the entry's credentials run to it. The pieces after that "@" are entries
// of their own.
//
// Over a whole list, every byte of s is looked at a bounded number of
// times: a look-ahead stops at the next piece that starts a URI, the
// pieces it passes over without taking them in start no URI and look
// ahead no further, and the entry that starts at a URI never looks back.
func nextEntry(s string, i int) (start, end, cut, at int) {
	start, end = listPiece(s, i)
	if start == end {
		return len(s), len(s), entryWhole, 0
	}
	p := s[start:end]
	if a := authorityOf(p); a > 0 && end < len(s) && !strings.HasPrefix(p[a:], "[") {
		// An IP-literal host has no userinfo before it (RFC 3986 3.2.1):
		// an "@" after it ends no credentials of this entry.
		for j := end; ; {
			ps, pe := listPiece(s, j)
			if ps == pe || startsListURI(s[ps:pe]) {
				break
			}
			if strings.IndexByte(s[ps:pe], '@') >= 0 {
				end, cut, at = pe, entryCutCredentials, a
			}
			j = pe
		}
	}
	if v := passphraseValue(s[start:end]); cut == entryWhole && v >= 0 {
		// The entry ends inside the passphrase: text that does not start a
		// URI goes on with it.
		for {
			ps, pe := listPiece(s, end)
			if ps == pe || startsListURI(s[ps:pe]) {
				break
			}
			end, cut, at = pe, entryCutParam, v
		}
	}
	return start, end, cut, at
}

// authorityOf returns where the authority of p starts when p starts with a
// scheme and "://" (startsListURI), 0 otherwise.
func authorityOf(p string) int {
	if !startsListURI(p) {
		return 0
	}
	return strings.Index(p, "://") + 3
}

// passphraseValue returns where the value of a "password" query parameter
// (the TLS key's passphrase, RabbitMQ URI query parameters) that ends p
// starts, or -1 when p does not end inside one. The key is read as
// scheme.Redact reads it: after a "?", an "&" or a ";", percent-decoded,
// in any case ("pass%77ord=", "Password="). The value runs on over an "&"
// followed by a piece without "=", which may be a piece of the passphrase
// (see passphrases and the lint password-param-cut).
func passphraseValue(p string) int {
	v := -1
	for i := 0; i < len(p); i++ {
		if p[i] != '?' && p[i] != '&' && p[i] != ';' {
			continue
		}
		k := i + 1
		e := k
		for e < len(p) && p[e] != '=' && p[e] != '&' && p[e] != '?' && p[e] != ';' {
			e++
		}
		if e < len(p) && p[e] == '=' && isPassphraseKey(p[k:e]) {
			v = e + 1
		}
	}
	if v < 0 {
		return -1
	}
	if a := strings.IndexByte(p[v:], '&'); a >= 0 {
		a += v + 1
		e := strings.IndexByte(p[a:], '&')
		if e < 0 {
			e = len(p) - a
		}
		if !cutPiece(p[a : a+e]) {
			return -1
		}
	}
	return v
}

// isPassphraseKey reports whether the raw key k decodes to "password" in
// any case (RFC 3986 2.1; uri.IsSecretKey reads keys so).
func isPassphraseKey(k string) bool {
	if len(k) < len("password") || len(k) > 3*len("password") {
		return false
	}
	d, err := uri.Unescape(k, uri.ComponentQuery)
	return err == nil && strings.EqualFold(d, "password")
}

// parseEntry parses one entry of a list, whose secret, at offset at, a
// separator cut as cut says.
func parseEntry(p string, cut, at int) (URI, *Error) {
	if n, _ := schemeOf(p); n == 0 && cut != entryWhole {
		// Not an amqp URI, whatever its credentials hold: the scheme's
		// error, at offset 0, says nothing of them.
		return URI{}, newError("scheme", hintScheme, 0, uri.ComponentScheme, ErrScheme)
	}
	switch cut {
	case entryCutCredentials:
		field := "username"
		for _, c := range []byte(p[at:]) {
			if c == ':' {
				field = "password"
			}
			if c == ':' || isListSeparator(c) {
				break
			}
		}
		return URI{}, newError(field, hintListSeparator, at, uri.ComponentUserinfo, ErrSeparatorInSecret)
	case entryCutParam:
		return URI{}, newError("password", hintListSeparator, at, uri.ComponentQuery, ErrSeparatorInSecret)
	}
	u, err := Parse(p)
	if err == nil {
		return u, nil
	}
	var e *Error
	if errors.As(err, &e) {
		return URI{}, e
	}
	var ue *uri.Error
	if !errors.As(err, &ue) {
		ue = &uri.Error{Err: err}
	}
	return URI{}, &Error{Field: fieldOf(ue.Component), URI: ue}
}

// RedactList masks the secrets of a failover list that may not even parse,
// for messages and logs (RabbitMQ URI spec, Security considerations): it
// splits s into entries as ParseList does and applies scheme.Redact to each,
// keeping the separators as written. A piece that does not start with a
// scheme and "://" belongs to the entry before it, so that an entry whose
// credentials a separator cut (see ParseList), of any scheme, is masked
// from the first ":" of its authority to the last "@" before the next
// piece that starts a URI ("amqp://u:ab@cd,ef@h" gives
// "amqp://u:xxxxx@h"). An entry whose "password" parameter a separator
// cut is masked from the parameter's value to its end. For a list that parses, the entries read as String gives them.
// RedactList returns s itself when there is nothing to mask.
func RedactList(s string) string {
	var b strings.Builder
	done := 0 // s[:done] is in b
	for e := 0; ; {
		start, end, cut, at := nextEntry(s, e)
		if start == len(s) {
			break
		}
		e = end
		p := s[start:end]
		var r string
		switch cut {
		case entryCutParam:
			r = scheme.Redact(p[:at]) + redacted
		case entryCutCredentials:
			// Masked from the first ":" of the authority to the entry's
			// last "@", over the separators, whatever the scheme.
			r = uri.Mask(p, uri.SortSpans(scheme.Default().AppendRedactSpans(credentialsCut(p, at), p)))
		default:
			r = scheme.Redact(p)
		}
		if r == p {
			continue
		}
		b.WriteString(s[done:start])
		b.WriteString(r)
		done = end
	}
	if done == 0 {
		return s
	}
	b.WriteString(s[done:])
	return b.String()
}

// String returns the entries, each redacted as URI.String gives it,
// joined by a single space: a text that ParseList reads back when no
// password was masked.
func (l List) String() string {
	var b strings.Builder
	for i, u := range l {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(u.String())
	}
	return b.String()
}

// GoString returns the redacted text as a Go expression, for %#v.
func (l List) GoString() string { return masked.GoString("amqp.MustParseList", l.String()) }

// Format implements fmt.Formatter: every verb prints the redacted text
// (%q quoted, %#v as GoString), so that no fmt verb reaches a password.
func (l List) Format(f fmt.State, verb rune) { masked.Format(f, verb, l) }

// LogValue implements slog.LogValuer with the redacted text.
func (l List) LogValue() slog.Value { return slog.StringValue(l.String()) }

// MarshalText implements encoding.TextMarshaler with the redacted text, and
// so JSON (a string, not an array). There is no UnmarshalText: reading back
// a redacted text would change the passwords.
func (l List) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// EntryError is the error of one entry of a failover list (see ParseList):
// which entry (Index, counting every entry from 0, as in the List) and
// where it starts in the input (Offset), wrapping the *Error of the entry,
// whose offset counts from the entry's start: Offset + Err.URI.Offset is
// the offset in the whole input. Like *Error, it holds no input text, and
// an error in the credentials points at the start of the entry's userinfo.
type EntryError struct {
	Index  int    // the entry's position in the list, from 0
	Offset int    // the byte offset of the entry's start in the input
	Err    *Error // the entry's error; its offset counts from Offset
}

// Error returns "amqp: list entry <i> at offset <n>: <field>: <reason>
// (<component> at offset <m> of the entry); <hint>".
func (e *EntryError) Error() string {
	s := "amqp: list entry " + strconv.Itoa(e.Index) + " at offset " + strconv.Itoa(e.Offset) + ": "
	inner := e.Err
	if inner == nil {
		inner = &Error{}
	}
	return s + inner.Field + ": " + inner.located(" of the entry")
}

// Unwrap returns the entry's *Error, so that errors.Is finds its reason
// and errors.As its *Error and *uri.Error; nil when there is none.
func (e *EntryError) Unwrap() error {
	if e.Err == nil {
		return nil
	}
	return e.Err
}

// MarshalJSON encodes the error as {"index", "offset", "error"}, the last
// the entry's *Error (null when there is none): names, numbers and fixed
// texts only.
func (e *EntryError) MarshalJSON() ([]byte, error) {
	inner := []byte("null")
	if e.Err != nil {
		inner, _ = e.Err.MarshalJSON()
	}
	b := []byte(`{"index":`)
	b = strconv.AppendInt(b, int64(e.Index), 10)
	b = append(b, `,"offset":`...)
	b = strconv.AppendInt(b, int64(e.Offset), 10)
	b = append(b, `,"error":`...)
	b = append(b, inner...)
	return append(b, '}'), nil
}

// ListError is the error of ParseList: one *EntryError for every entry
// that failed, in the order of the list (never empty). It encodes to JSON
// as an array of the entries' errors.
type ListError []*EntryError

// Error returns the entries' errors, one per line.
func (l ListError) Error() string {
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Unwrap returns the entries' errors, for errors.Is and errors.As.
func (l ListError) Unwrap() []error {
	errs := make([]error, len(l))
	for i, e := range l {
		errs[i] = e
	}
	return errs
}

// credentialsCut returns the span of an entry p whose credentials a
// separator cut (see ParseList), its authority starting at a: from the
// authority's first ":" to p's last "@", or nothing. RedactList masks it
// with what scheme.RedactSpans finds in p (a passphrase).
func credentialsCut(p string, a int) [][2]int {
	at := strings.LastIndexByte(p, '@')
	if at <= a {
		return nil
	}
	c := strings.IndexByte(p[a:at], ':')
	if c < 0 || a+c+1 >= at {
		return nil
	}
	return [][2]int{{a + c + 1, at}}
}
