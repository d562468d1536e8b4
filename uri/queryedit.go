package uri

import (
	"slices"
	"strings"
)

// This file edits the pairs of a query and the segments of a path in
// place: every byte of the value that an edit does not touch stays as it
// was, its own percent-encoding included, where net/url rewrites the whole
// query through a map (url.Values.Encode sorts and re-escapes every pair)
// and its JoinPath removes dot-segments.

// QueryParam returns the first pair of the query whose key, percent-decoded
// (RFC 3986 2.1), is key, with its key and value decoded as
// [QueryPair.Decode] decodes them; ok is false when there is none. HasValue
// tells "?a" (no value) from "?a=" (an empty one). A "+" is itself here:
// see [URI.QueryParamForm] for HTML form decoding. It allocates only to
// decode.
func (u URI) QueryParam(key string) (p QueryPair, ok bool) { return u.queryParam(key, false) }

// QueryParamForm is [URI.QueryParam] with HTML form decoding (WHATWG URL
// Standard, application/x-www-form-urlencoded): "+" reads as a space in
// the keys compared and in the pair returned, as [QueryPair.DecodeForm]
// reads it, and as url.ParseQuery and most web servers read a query.
func (u URI) QueryParamForm(key string) (p QueryPair, ok bool) { return u.queryParam(key, true) }

// QueryParam is [URI.QueryParam] on a reference.
func (r Reference) QueryParam(key string) (p QueryPair, ok bool) { return r.queryParam(key, false) }

// QueryParamForm is [URI.QueryParamForm] on a reference.
func (r Reference) QueryParamForm(key string) (p QueryPair, ok bool) {
	return r.queryParam(key, true)
}

// SetQueryParam returns u with the query parameter key set to value (HTML
// form encoding's convention over the query of RFC 3986 3.4): the first
// pair whose key percent-decodes to key gets value, its key kept as
// written; every later pair of that key is removed; when there is none,
// the pair is added at the end (with a "?" when u had no query). key and
// value are data, escaped with [EscapeQueryPart]. The other pairs and
// every other component keep their bytes. The error is ErrTooLong only.
func (u URI) SetQueryParam(key, value string) (URI, error) {
	c, err := u.setQueryParam(key, value)
	return URI{c}, err
}

// AddQueryParam returns u with the pair key=value added after the last
// pair of its query, whatever pairs of key it has (a "?" added when u had
// no query). key and value are data, escaped with [EscapeQueryPart]. The
// error is ErrTooLong only.
func (u URI) AddQueryParam(key, value string) (URI, error) {
	c, err := u.addQueryParam(key, value)
	return URI{c}, err
}

// DeleteQueryParam returns u without any pair of its query whose key
// percent-decodes to key, and without the "&" that separated each. When
// it removes every pair, the query goes with its "?" ("http://h/?a=1"
// gives "http://h/"); when it removes none, u is returned as it is.
func (u URI) DeleteQueryParam(key string) URI { return URI{u.deleteQueryParam(key)} }

// SortQuery returns u with the pairs of its query in the order of their
// keys percent-decoded, compared byte by byte; pairs of equal keys keep
// their order (the sort is stable), and each pair keeps its bytes. Sort a
// query only to compare or sign it: order may mean something to the
// server (RFC 3986 6.2 does not reorder a query).
func (u URI) SortQuery() URI { return URI{u.sortQuery()} }

// JoinPath returns u with each of segments appended to its path as one
// path segment (RFC 3986 3.3), escaped with [EscapeSegment] (a "/" in a
// segment becomes "%2F", so a segment never splits), with one "/" between
// segments and before the first unless the path is empty or ends with
// "/". With an authority and an empty path, the path starts with "/"
// ("http://h" joined with "a" gives "http://h/a"). Dot-segments are data
// here: ".." is written as is, and nothing is removed, where net/url's
// JoinPath removes them (resolve a reference to move through a path).
// A path that would start with "//" without an authority gets the prefix
// "/." (see Deviations in the package doc); the first segment of a
// relative-path reference has its ":" written as "%3A", so that it does
// not read as a scheme (4.2). The error is ErrTooLong only.
func (u URI) JoinPath(segments ...string) (URI, error) {
	c, err := u.joinPath(segments)
	return URI{c}, err
}

// SetQueryParam is [URI.SetQueryParam] on a reference.
func (r Reference) SetQueryParam(key, value string) (Reference, error) {
	c, err := r.setQueryParam(key, value)
	return Reference{c}, err
}

// AddQueryParam is [URI.AddQueryParam] on a reference.
func (r Reference) AddQueryParam(key, value string) (Reference, error) {
	c, err := r.addQueryParam(key, value)
	return Reference{c}, err
}

// DeleteQueryParam is [URI.DeleteQueryParam] on a reference.
func (r Reference) DeleteQueryParam(key string) Reference {
	return Reference{r.deleteQueryParam(key)}
}

// SortQuery is [URI.SortQuery] on a reference.
func (r Reference) SortQuery() Reference { return Reference{r.sortQuery()} }

// JoinPath is [URI.JoinPath] on a reference.
func (r Reference) JoinPath(segments ...string) (Reference, error) {
	c, err := r.joinPath(segments)
	return Reference{c}, err
}

// queryParam implements QueryParam and QueryParamForm.
func (c core) queryParam(key string, form bool) (QueryPair, bool) {
	for p := range QueryPairs(c.Query()) {
		if !form && !keyEqual(p.Key, key) {
			continue
		}
		// The pairs of a parsed value are query text: decoding never fails.
		if d, _ := p.decode(form); d.Key == key {
			return d, true
		}
	}
	return QueryPair{}, false
}

// pieces returns the pieces of the query of c, split at "&" as QueryPairs
// splits it, as raw text; nil when the query is absent or empty.
func (c core) pieces() []string {
	q := c.Query()
	if q == "" {
		return nil
	}
	return strings.Split(q, "&")
}

// keyIs reports whether the raw piece's key percent-decodes to key.
func keyIs(piece, key string) bool {
	k, _, _ := strings.Cut(piece, "=")
	return keyEqual(k, key)
}

// withPieces returns c with the query made of pieces joined by "&": the
// query is removed, "?" included, when that is empty (no piece, or one
// empty piece, which QueryPairs does not read as a pair once alone).
func (c core) withPieces(pieces []string) (core, error) {
	q := strings.Join(pieces, "&")
	if q == "" {
		return c.withoutQuery(), nil
	}
	return c.withQuery(q)
}

// setQueryParam implements SetQueryParam.
func (c core) setQueryParam(key, value string) (core, error) {
	ps := c.pieces()
	first := -1
	kept := ps[:0:0]
	for _, p := range ps {
		if !keyIs(p, key) {
			kept = append(kept, p)
			continue
		}
		if first >= 0 {
			continue
		}
		first = len(kept)
		k, _, _ := strings.Cut(p, "=")
		kept = append(kept, k+"="+EscapeQueryPart(value))
	}
	if first < 0 {
		return c.addQueryParam(key, value)
	}
	return c.withPieces(kept)
}

// addQueryParam implements AddQueryParam.
func (c core) addQueryParam(key, value string) (core, error) {
	pair := EscapeQueryPart(key) + "=" + EscapeQueryPart(value)
	if c.flags&hasQuery == 0 || c.Query() == "" {
		return c.withQuery(pair)
	}
	return c.withQuery(c.Query() + "&" + pair)
}

// deleteQueryParam implements DeleteQueryParam.
func (c core) deleteQueryParam(key string) core {
	ps := c.pieces()
	kept := slices.DeleteFunc(slices.Clone(ps), func(p string) bool { return keyIs(p, key) })
	if len(kept) == len(ps) {
		return c
	}
	n, _ := c.withPieces(kept) // a shorter query: never too long
	return n
}

// sortQuery implements SortQuery.
func (c core) sortQuery() core {
	ps := c.pieces()
	keys := make([]string, len(ps))
	for i, p := range ps {
		d, _ := makePair(p).decode(false)
		keys[i] = d.Key
	}
	idx := make([]int, len(ps))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return strings.Compare(keys[a], keys[b]) })
	sorted := make([]string, len(ps))
	for i, j := range idx {
		sorted[i] = ps[j]
	}
	if slices.Equal(sorted, ps) {
		return c
	}
	n, _ := c.withPieces(sorted) // as long as before
	return n
}

// joinPath implements JoinPath.
func (c core) joinPath(segments []string) (core, error) {
	if len(segments) == 0 {
		return c, nil
	}
	p := c.Path()
	var b strings.Builder
	b.WriteString(p)
	for i, seg := range segments {
		if i > 0 || p != "" && !strings.HasSuffix(p, "/") || p == "" && c.flags&hasAuthority != 0 {
			b.WriteByte('/')
		}
		e := EscapeSegment(seg)
		if b.Len() == 0 && c.flags&(hasScheme|hasAuthority) == 0 {
			// The first segment of a relative-path reference: a ":" would
			// read as the end of a scheme (RFC 3986 4.2).
			e = strings.ReplaceAll(e, ":", "%3A")
		}
		b.WriteString(e)
	}
	t := b.String()
	if c.flags&hasAuthority == 0 && strings.HasPrefix(t, "//") {
		t = "/." + t // no authority: "//" would start one
	}
	return c.withPath(t)
}
