package uri_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/urikit/urikit/uri"
)

// FuzzQueryEdit checks every edit of a query or a path on any reference:
// the result parses back to itself; every byte outside the component
// edited stays; the pairs not edited keep their bytes and order; and each
// edit does what it says, read back with QueryParam and the pieces of the
// query and path.
func FuzzQueryEdit(f *testing.F) {
	for _, tt := range queryEditTests {
		f.Add(tt.in, tt.key, tt.value, byte(0))
		f.Add(tt.in, tt.key, tt.value, byte(len(tt.op)))
	}
	f.Fuzz(func(t *testing.T, in, key, value string, op byte) {
		r, err := uri.ParseReference(in)
		if err != nil {
			return
		}
		var got uri.Reference
		switch op % 5 {
		case 0:
			got, err = r.SetQueryParam(key, value)
		case 1:
			got, err = r.AddQueryParam(key, value)
		case 2:
			got = r.DeleteQueryParam(key)
		case 3:
			got = r.SortQuery()
		case 4:
			got, err = r.JoinPath(key, value)
		}
		if err != nil {
			t.Fatalf("op %d on %q: %v", op%5, in, err)
		}
		if back, err := uri.ParseReference(got.String()); err != nil || back != got {
			t.Fatalf("op %d on %q = %#v, which parses to %#v, %v", op%5, in, got, back, err)
		}
		if err := uri.CheckConsistency(got); err != nil {
			t.Fatalf("op %d on %q = %q: %v", op%5, in, got, err)
		}
		if op%5 == 4 {
			checkJoin(t, r, got, key, value)
			return
		}
		// Only the query changes: the text before the path's end and the
		// fragment keep their bytes.
		_, pe, _ := r.Span(uri.ComponentPath)
		if gs := got.String(); !strings.HasPrefix(gs, in[:pe]) || got.Path() != r.Path() ||
			got.HasFragment() != r.HasFragment() || got.Fragment() != r.Fragment() {
			t.Fatalf("op %d on %q = %q changes more than the query", op%5, in, got)
		}
		before, after := pieces(r), pieces(got)
		others := slices.DeleteFunc(slices.Clone(before), func(p string) bool { return keyOf(p) == key })
		switch op % 5 {
		case 0:
			p, ok := got.QueryParam(key)
			if !ok || p.Value != value || !p.HasValue || count(after, key) != 1 ||
				!slices.Equal(slices.DeleteFunc(slices.Clone(after), func(p string) bool { return keyOf(p) == key }), others) {
				t.Fatalf("set %q=%q on %q = %q", key, value, in, got)
			}
		case 1:
			last, _ := uri.QueryPair{}.Decode()
			if len(after) > 0 {
				k, v, _ := strings.Cut(after[len(after)-1], "=")
				last, _ = uri.QueryPair{Key: k, Value: v, HasValue: true}.Decode()
			}
			if last.Key != key || last.Value != value || !slices.Equal(after[:len(after)-1], before) {
				t.Fatalf("add %q=%q on %q = %q", key, value, in, got)
			}
		case 2:
			if !slices.Equal(after, others) && !(len(after) == 0 && slices.Equal(others, []string{""})) ||
				len(after) == 0 && got.HasQuery() && len(before) > 0 {
				t.Fatalf("delete %q on %q = %q", key, in, got)
			}
		case 3:
			if !slices.IsSortedFunc(after, func(a, b string) int { return strings.Compare(keyOf(a), keyOf(b)) }) ||
				!slices.Equal(slices.Sorted(slices.Values(after)), slices.Sorted(slices.Values(before))) {
				t.Fatalf("sort on %q = %q", in, got)
			}
		}
	})
}

// checkJoin checks JoinPath(key, value) of r: the bytes outside the path
// stay, and the path is r's, with the two segments after it.
func checkJoin(t *testing.T, r, got uri.Reference, a, b string) {
	t.Helper()
	in, gs := r.String(), got.String()
	ps, pe, _ := r.Span(uri.ComponentPath)
	gps, gpe, _ := got.Span(uri.ComponentPath)
	if in[:ps] != gs[:gps] || in[pe:] != gs[gpe:] {
		t.Fatalf("JoinPath(%q, %q) on %q = %q changes more than the path", a, b, in, gs)
	}
	segs := strings.Split(got.Path(), "/")
	if len(segs) < 2 {
		t.Fatalf("JoinPath(%q, %q) on %q = %q: segments %q", a, b, in, gs, segs)
	}
	for i, want := range []string{a, b} {
		if d, err := uri.Unescape(segs[len(segs)-2+i], uri.ComponentPath); err != nil || d != want {
			t.Fatalf("JoinPath(%q, %q) on %q = %q: segment %q decodes to %q, %v", a, b, in, gs, segs[len(segs)-2+i], d, err)
		}
	}
	if p := got.Path(); !strings.HasPrefix(p, r.Path()) && !strings.HasPrefix(p, "/."+r.Path()) {
		t.Fatalf("JoinPath(%q, %q) on %q = %q does not keep the path %q", a, b, in, gs, r.Path())
	}
}

// pieces returns the pieces of r's query split at "&", nil when none.
func pieces(r uri.Reference) []string {
	if r.Query() == "" {
		return nil
	}
	return strings.Split(r.Query(), "&")
}

// keyOf is the key of a piece, percent-decoded.
func keyOf(piece string) string {
	k, _, _ := strings.Cut(piece, "=")
	d, _ := uri.QueryPair{Key: k}.Decode()
	return d.Key
}

// count returns how many pieces have the key key.
func count(ps []string, key string) int {
	n := 0
	for _, p := range ps {
		if keyOf(p) == key {
			n++
		}
	}
	return n
}
