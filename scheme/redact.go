package scheme

import (
	"iter"
	"slices"
	"strings"

	"github.com/urikit/urikit/uri"
)

// maxNest bounds how deep a URI nested in another (in a query or fragment
// value, or as the path of an unregistered scheme) is read for secrets, as
// package uri bounds its own: each level is one pass over its text.
const maxNest = 4

// Redact returns text with its secrets replaced by uri.RedactMask, under
// the default registry; see [Registry.Redact].
func Redact(text string) string { return defaultRegistry.Redact(text) }

// RedactSpans yields the spans of text that Redact masks, under the
// default registry; see [Registry.RedactSpans].
func RedactSpans(text string) iter.Seq2[int, int] { return defaultRegistry.RedactSpans(text) }

// RedactText returns text, a message or a piece of one, with its secrets
// replaced by uri.RedactMask: those that RedactSpans finds in the whole
// text and in each of its words (delimited as URIs in text are, RFC 3986
// Appendix C: white space, quotes, angle brackets), and those that the
// text rules (uri.TextSecrets) find, whether or not text parses as a URI
// reference. A message may quote a URI (`invalid value "root:pw@tcp(h)/db"
// for flag`), or what is no URI but parses as one: a file name
// ("/srv/http://u:pw@h/: no such file" is a valid relative reference, a
// path). It returns text itself when there is nothing to mask.
func RedactText(text string) string {
	var buf [8][2]int
	return uri.Mask(text, AppendRedactTextSpans(buf[:0], text))
}

// AppendRedactTextSpans appends the spans that [RedactText] masks to dst,
// sorted and merged, and returns the extended slice.
func AppendRedactTextSpans(dst [][2]int, text string) [][2]int {
	n := len(dst)
	r := defaultRegistry
	dst = r.appendTextSpans(r.AppendRedactSpans(dst, text), text, 0)
	return append(dst[:n], uri.SortSpans(dst[n:])...)
}

// appendTextSpans appends, unsorted, what the text rules find in text,
// read depth levels below the text given: those of uri.TextSecrets, the
// rootless DSNs (appendDSNs), and the structural secrets of each word of
// text that parses ("see https://h/?next=https%3A%2F%2Fu%3Apw%40h%2F").
func (r *Registry) appendTextSpans(dst [][2]int, text string, depth int) [][2]int {
	dst = r.appendDSNs(uri.AppendTextSecrets(dst, text), text)
	for w := 0; w < len(text); {
		e := w
		for e < len(text) && !endsWord(text[e]) {
			e++
		}
		// A word holds a secret of these rules only with an "@" (a
		// userinfo, a DSN), an "=" (a key's value), a ":" (a password
		// with no "@host", a scheme) or a "%" (any of them encoded):
		// most words of running text have none and are not read again.
		if e > w && (w > 0 || e < len(text)) && depth < maxNest && strings.ContainsAny(text[w:e], "@=:%") {
			for _, sp := range r.nested(text[w:e], depth+1) {
				dst = append(dst, [2]int{w + sp[0], w + sp[1]})
			}
		}
		w = e + 1
	}
	return dst
}

// appendDSNs appends the text rule that rule f of RedactSpans makes for
// text that does not parse: after a scheme-like word that r does not
// register and its ":", with no "/" after it, the text up to an "@" that
// comes before any "/", "?", "#", ":" or the end of the word
// ("dsn root:pw@tcp(db:3306)/app failed"). Each ":" starts one scan that
// stops at the next, so time is linear.
func (r *Registry) appendDSNs(dst [][2]int, text string) [][2]int {
	for k := strings.IndexByte(text, ':'); k >= 0; {
		j := k
		for j > 0 && (isAlpha(text[j-1]) || '0' <= text[j-1] && text[j-1] <= '9' || text[j-1] == '+' || text[j-1] == '-' || text[j-1] == '.') {
			j--
		}
		for j < k && !isAlpha(text[j]) {
			j++
		}
		e := k + 1
		for e < len(text) && !endsWord(text[e]) && strings.IndexByte("/?#:@", text[e]) < 0 {
			e++
		}
		if j < k && e > k+1 && e < len(text) && (text[e] == ' ' || text[e] == '\t') {
			// A password that a space cut ("x:u:pa ss@h"): to a later
			// "@" of the line, before any "//".
			if at := uri.CutAt(text, e); at >= 0 {
				e = at
			}
		}
		if j < k && e < len(text) && text[e] == '@' && e > k+1 {
			if r.lookup(text[j:k]) == nil {
				dst = append(dst, [2]int{k + 1, e})
			}
		}
		next := strings.IndexByte(text[k+1:], ':')
		if next < 0 {
			break
		}
		k += 1 + next
	}
	return dst
}

// endsWord reports whether b ends a URI written in text: a space or a
// control byte, a double quote, an angle bracket (RFC 3986 Appendix C)
// or a backquote, as the text rules read words.
func endsWord(b byte) bool {
	return b <= ' ' || b == 0x7F || b == '"' || b == '<' || b == '>' || b == '`'
}

// Redact returns text with each span of [Registry.RedactSpans] replaced by
// uri.RedactMask ("xxxxx"). It returns text itself, without allocating,
// when there is nothing to mask, and never fails.
func (r *Registry) Redact(text string) string {
	var buf [8][2]int
	return uri.Mask(text, r.AppendRedactSpans(buf[:0], text))
}

// RedactSpans yields the start and end of each secret of text, in order
// and apart, as byte offsets: the one model of secrets that every shown
// text of urikit uses (RFC 3986 3.2.1, 7.5). When text parses as a URI
// reference the spans are structural, a secret's bytes and nothing else:
// the generic secrets of package uri, the spans of the scheme's Secrets
// hook and, for a scheme that r does not register, the password of a
// rootless DSN ("root:pw@tcp(db:3306)/app"). Text that does not parse
// gets the text rules of [uri.TextSecrets], and these rules for each of
// its words that parses. "Secrets" in the package doc gives the rules.
// Time is linear in len(text).
func (r *Registry) RedactSpans(text string) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		var buf [8][2]int
		for _, sp := range r.AppendRedactSpans(buf[:0], text) {
			if !yield(sp[0], sp[1]) {
				return
			}
		}
	}
}

// AppendRedactSpans appends the spans of [Registry.RedactSpans] to dst,
// each as {start, end}, and returns the extended slice. For a URI that
// parses and whose scheme has no Secrets hook, it allocates nothing beyond
// dst's growth unless a query or fragment value holds a percent-encoded
// URI.
func (r *Registry) AppendRedactSpans(dst [][2]int, text string) [][2]int {
	return r.appendSpans(dst, text, 0)
}

// appendSpans appends what RedactSpans yields for text, read depth levels
// below the text given, to dst.
func (r *Registry) appendSpans(dst [][2]int, text string, depth int) [][2]int {
	ref, err := uri.ParseReference(text)
	if depth > maxNest || err != nil {
		n := len(dst)
		dst = r.appendTextSpans(dst, text, depth)
		return append(dst[:n], uri.SortSpans(dst[n:])...)
	}
	return r.appendRefSpans(dst, ref, depth)
}

// AppendReferenceSpans appends the spans of [Registry.RedactSpans] of
// ref.String() to dst and returns the extended slice: for a caller that
// has parsed the text already, which it does not parse again.
func (r *Registry) AppendReferenceSpans(dst [][2]int, ref uri.Reference) [][2]int {
	return r.appendRefSpans(dst, ref, 0)
}

// appendRefSpans appends the structural spans of ref, read depth levels
// below the text given, to dst.
func (r *Registry) appendRefSpans(dst [][2]int, ref uri.Reference, depth int) [][2]int {
	text := ref.String()
	if plain(text) {
		// Neither "@" nor "=": no userinfo, no key=value pair in the
		// path, query or fragment, no late "@", so nothing for package
		// uri's rules; a hook or a rootless path may still find some,
		// and a URI with an authority has no rootless path.
		if !ref.HasScheme() || ref.HasAuthority() && !r.mayHook(ref.Scheme()) {
			return dst
		}
		if s := r.lookup(ref.Scheme()); s != nil && s.Secrets == nil {
			return dst
		}
	}
	return r.appendAllRefSpans(dst, ref, depth)
}

// appendAllRefSpans is appendRefSpans without its shortcut for plain text,
// which the tests check against it.
func (r *Registry) appendAllRefSpans(dst [][2]int, ref uri.Reference, depth int) [][2]int {
	text := ref.String()
	n := len(dst)
	dst = ref.AppendSecrets(dst, func(v string) [][2]int { return r.nested(v, depth+1) })
	u, ok := ref.URI()
	if !ok {
		return dst
	}
	var extra [][2]int
	s := r.lookup(u.Scheme())
	switch {
	case s == nil:
		extra = r.rootless(u, depth)
	case s.Secrets != nil:
		extra = collect(s.Secrets(u))
	}
	if s != nil && s.Validate != nil && hasLateAt(u) && s.Validate(u) != nil {
		extra = parsable(text, uri.AppendTextSecrets(extra, text))
	}
	if len(extra) == 0 {
		return dst
	}
	dst = append(dst, extra...)
	return append(dst[:n], uri.SortSpans(dst[n:])...)
}

// parsable returns the spans sp of the text rules over text, a URI, such
// that text masked still parses: a span that runs over a "/", "?" or "#"
// ("http://@:12#34@", whose port "12" the mask would make "xxxxx") starts
// after its last one, and when the text masked still does not parse, the
// spans are dropped and the URI shows as it parses.
func parsable(text string, sp [][2]int) [][2]int {
	if len(sp) == 0 {
		return sp
	}
	if _, err := uri.ParseReference(uri.Mask(text, uri.SortSpans(slices.Clone(sp)))); err == nil {
		return sp
	}
	out := sp[:0]
	for _, x := range sp {
		if i := strings.LastIndexAny(text[x[0]:x[1]], "/?#"); i >= 0 {
			x[0] += i + 1
		}
		if x[0] < x[1] {
			out = append(out, x)
		}
	}
	if len(out) == 0 {
		return nil
	}
	if _, err := uri.ParseReference(uri.Mask(text, uri.SortSpans(slices.Clone(out)))); err != nil {
		return nil
	}
	return out
}

// plain reports whether text, a URI reference, holds neither "@" nor
// "=", which every structural secret of package uri needs: a userinfo
// ends at an "@" (RFC 3986 3.2.1), and a credential's value, a path
// parameter's or a nested URI's in a value, follows an "=" of a pair.
func plain(text string) bool {
	return strings.IndexByte(text, '@') < 0 && strings.IndexByte(text, '=') < 0
}

// nested is appendSpans(nil, ...) for a nested text, through a method
// value that keeps appendSpans out of a recursive cycle, which escape
// analysis would read as leaking dst.
func (r *Registry) nested(text string, depth int) [][2]int { return nestedSpans(r, text, depth) }

var nestedSpans func(r *Registry, text string, depth int) [][2]int

func init() {
	nestedSpans = func(r *Registry, text string, depth int) [][2]int { return r.appendSpans(nil, text, depth) }
}

// rootless returns the secrets of the rootless path of u, whose scheme is
// not registered (see RedactSpans), or nil: up to the path's "@" before
// any "/"; or, when the path starts a URI (a scheme and "://", or a
// registered scheme and ":"), of the rest of the text from the path on,
// read as a URI nested in u ("URL:" and "view-source:" prefix a URI whose
// query and fragment are the outer ones), which may not parse
// ("db:http://user:pw" cut short).
func (r *Registry) rootless(u uri.URI, depth int) [][2]int {
	p := u.Path()
	if u.HasAuthority() || p == "" || p[0] == '/' {
		return nil
	}
	start, _, _ := u.Span(uri.ComponentPath)
	slash := strings.IndexByte(p, '/')
	if slash < 0 {
		slash = len(p)
	}
	if at := strings.LastIndexByte(p[:slash], '@'); at >= 0 {
		if at == 0 {
			return nil
		}
		return [][2]int{{start, start + at}}
	}
	if depth+1 > maxNest || !r.startsURI(p) {
		return nil
	}
	rest := u.String()[start:]
	sp := r.nested(rest, depth+1)
	// The text rules that read the nested URI must not take the query or
	// fragment of the outer URI, which parses: a span that runs over the
	// outer path's end stops there ("view-source:http://host:port/p?q#f",
	// "URL:mailto:a:b?cc=c@d"), but for a password that an "@" in the
	// outer query or fragment ends when the nested URI does not parse at
	// all ("db:amqp://u:pa#ss@h/v"). Spans after the path are the nested
	// URI's structural ones (amqp's passphrase) and stay.
	exempt := false
	if _, err := uri.Parse(rest); err != nil {
		exempt = true
	}
	end := len(p)
	out := sp[:0]
	for _, x := range sp {
		if x[0] < end && end < x[1] && !(exempt && x[1] < len(rest) && rest[x[1]] == '@') {
			x[1] = end
		}
		out = append(out, [2]int{start + x[0], start + x[1]})
	}
	return out
}

// startsURI reports whether s starts with a URI behind at most maxNest
// schemes and their ":" (RFC 3986 3.1): a scheme followed by "//", or a
// registered one, as "URL:", "view-source:" or "db:" prefix one
// ("db:jdbc:mysql://root:pw@db/x", "db:URL:http://u:pw@h/").
func (r *Registry) startsURI(s string) bool {
	for range maxNest {
		n := schemeLen(s)
		if n == 0 {
			return false
		}
		if strings.HasPrefix(s[n+1:], "//") {
			return true
		}
		if r.lookup(s[:n]) != nil {
			return true
		}
		s = s[n+1:]
	}
	return false
}

// schemeLen returns the length of the scheme (RFC 3986 3.1) that starts
// s followed by its ":", or 0.
func schemeLen(s string) int {
	if s == "" || !isAlpha(s[0]) {
		return 0
	}
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case c == ':':
			return i
		case !isAlpha(c) && !('0' <= c && c <= '9') && c != '+' && c != '-' && c != '.':
			return 0
		}
	}
	return 0
}

// hasLateAt reports whether u has an "@" after its authority, where a
// URI that its scheme's rules reject may hold credentials
// ("amqp:/user:pw@host/v", "http:user:pw@host").
func hasLateAt(u uri.URI) bool {
	at := strings.IndexByte(u.String(), '@')
	if at < 0 {
		return false
	}
	start, _, _ := u.Span(uri.ComponentPath)
	return at >= start || strings.IndexByte(u.String()[start:], '@') >= 0
}

// collect returns the spans of seq.
func collect(seq iter.Seq2[int, int]) [][2]int {
	var sp [][2]int
	for s, e := range seq {
		sp = append(sp, [2]int{s, e})
	}
	return sp
}

// maxDerived bounds how many secrets of each input AppendRedactDerived
// looks for in its output, so that time stays linear.
const maxDerived = 64

// AppendRedactDerived appends to dst the spans of out, a text computed from
// the texts from (a resolved target, a normalized URI, a path made a URI
// and the reverse), that hold a secret, sorted and merged: those of
// [Registry.RedactSpans] of out, and each place where out holds, as
// written, a secret of one of from of four bytes or more (at most the
// first 64 of each), which the computation may have moved where it reads
// as none ("//user:pw@host/x" as a POSIX path is the path of
// "file:////user:pw@host/x"). What a computation shows of its inputs thus
// hides what they hide.
func (r *Registry) AppendRedactDerived(dst [][2]int, out string, from ...string) [][2]int {
	n := len(dst)
	dst = r.AppendRedactSpans(dst, out)
	extra := false
	for _, in := range from {
		var buf [8][2]int
		for k, sp := range r.AppendRedactSpans(buf[:0], in) {
			secret := in[sp[0]:sp[1]]
			if k == maxDerived || len(secret) < 4 {
				continue
			}
			for i := 0; i < len(out); {
				j := strings.Index(out[i:], secret)
				if j < 0 {
					break
				}
				dst = append(dst, [2]int{i + j, i + j + len(secret)})
				extra = true
				i += j + len(secret)
			}
		}
	}
	if !extra {
		return dst
	}
	return append(dst[:n], uri.SortSpans(dst[n:])...)
}
