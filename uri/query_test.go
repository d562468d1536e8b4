package uri_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urikit/urikit/uri"
)

// kv is a short way to write a pair with a value.
func kv(k, v string) uri.QueryPair { return uri.QueryPair{Key: k, Value: v, HasValue: true} }

// k is a short way to write a pair without a value.
func k(k string) uri.QueryPair { return uri.QueryPair{Key: k} }

func TestQueryPairs(t *testing.T) {
	tests := []struct {
		in        string
		amp       []uri.QueryPair // split at "&"
		semicolon []uri.QueryPair // split at "&" and ";"; nil: same as amp
	}{
		{"", nil, nil},
		{"a", []uri.QueryPair{k("a")}, nil},
		{"a=", []uri.QueryPair{kv("a", "")}, nil},
		{"=", []uri.QueryPair{kv("", "")}, nil},
		{"=b", []uri.QueryPair{kv("", "b")}, nil},
		{"a=b=c", []uri.QueryPair{kv("a", "b=c")}, nil},
		{"a=1&b=2&a=3", []uri.QueryPair{kv("a", "1"), kv("b", "2"), kv("a", "3")}, nil},
		{"a&&b", []uri.QueryPair{k("a"), k(""), k("b")}, nil},
		{"&", []uri.QueryPair{k(""), k("")}, nil},
		{"a&", []uri.QueryPair{k("a"), k("")}, nil},
		{"&a", []uri.QueryPair{k(""), k("a")}, nil},
		{"a=1;b=2&c", []uri.QueryPair{kv("a", "1;b=2"), k("c")}, []uri.QueryPair{kv("a", "1"), kv("b", "2"), k("c")}},
		{";", []uri.QueryPair{k(";")}, []uri.QueryPair{k(""), k("")}},
		{"q=a+b%20c&x=/p?y", []uri.QueryPair{kv("q", "a+b%20c"), kv("x", "/p?y")}, nil},
		// Not query text: the pairs are raw, decoding reports it.
		{"a b=%zz#", []uri.QueryPair{kv("a b", "%zz#")}, nil},
	}
	for _, tt := range tests {
		got := slices.Collect(uri.QueryPairs(tt.in))
		if diff := cmp.Diff(tt.amp, got); diff != "" {
			t.Errorf("QueryPairs(%q) (-want +got):\n%s", tt.in, diff)
		}
		want := tt.semicolon
		if want == nil {
			want = tt.amp
		}
		got = slices.Collect(uri.QueryPairsSemicolon(tt.in))
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("QueryPairsSemicolon(%q) (-want +got):\n%s", tt.in, diff)
		}
		if j := joinPairs(uri.QueryPairs(tt.in)); j != tt.in {
			t.Errorf("joining QueryPairs(%q) = %q", tt.in, j)
		}
	}
}

// joinPairs joins raw pairs with "&": the inverse of QueryPairs.
func joinPairs(pairs func(func(uri.QueryPair) bool)) string {
	var b strings.Builder
	first := true
	for p := range pairs {
		if !first {
			b.WriteByte('&')
		}
		first = false
		b.WriteString(p.Key)
		if p.HasValue {
			b.WriteByte('=')
			b.WriteString(p.Value)
		}
	}
	return b.String()
}

func TestQueryPairsBreak(t *testing.T) {
	n := 0
	for range uri.QueryPairs("a&b&c") {
		n++
		if n == 2 {
			break
		}
	}
	if n != 2 {
		t.Errorf("stopped after %d pairs, want 2", n)
	}
}

func TestQueryPairsMethod(t *testing.T) {
	tests := []struct {
		in   string
		want []uri.QueryPair
	}{
		{"http://a/b", nil},
		{"http://a/b?", nil},
		{"http://a/b?x=1&y#x=2", []uri.QueryPair{kv("x", "1"), k("y")}},
		{"?a&&b=", []uri.QueryPair{k("a"), k(""), kv("b", "")}},
	}
	for _, tt := range tests {
		r := uri.MustParseReference(tt.in)
		if diff := cmp.Diff(tt.want, slices.Collect(r.QueryPairs())); diff != "" {
			t.Errorf("%q.QueryPairs() (-want +got):\n%s", tt.in, diff)
		}
		if u, ok := r.URI(); ok {
			if diff := cmp.Diff(tt.want, slices.Collect(u.QueryPairs())); diff != "" {
				t.Errorf("URI %q.QueryPairs() (-want +got):\n%s", tt.in, diff)
			}
		}
	}
}

func TestQueryPairDecode(t *testing.T) {
	tests := []struct {
		in         uri.QueryPair
		want, form uri.QueryPair
	}{
		{k("a"), k("a"), k("a")},
		{kv("a", ""), kv("a", ""), kv("a", "")},
		{kv("a+b", "c%20d+e"), kv("a+b", "c d+e"), kv("a b", "c d e")},
		{kv("%41%2b", "%26%3D%25"), kv("A+", "&=%"), kv("A+", "&=%")},
		{kv("", "%E3%82%A2"), kv("", "ア"), kv("", "ア")},
		{kv("x", "%ff%00"), kv("x", "\xff\x00"), kv("x", "\xff\x00")},
		{k("+"), k("+"), k(" ")},
		{kv("a", "/p?q:@!$'()*,;&="), kv("a", "/p?q:@!$'()*,;&="), kv("a", "/p?q:@!$'()*,;&=")},
	}
	for _, tt := range tests {
		got, err := tt.in.Decode()
		if err != nil || got != tt.want {
			t.Errorf("%+v.Decode() = %+v, %v, want %+v", tt.in, got, err, tt.want)
		}
		got, err = tt.in.DecodeForm()
		if err != nil || got != tt.form {
			t.Errorf("%+v.DecodeForm() = %+v, %v, want %+v", tt.in, got, err, tt.form)
		}
	}
}

func TestQueryPairDecodeError(t *testing.T) {
	tests := []struct {
		in     uri.QueryPair
		err    error
		offset int
	}{
		{k("a b"), uri.ErrInvalidCharacter, 1},
		{k("a%"), uri.ErrInvalidEscape, 1},
		{k("%4"), uri.ErrInvalidEscape, 0},
		{kv("ab", "%zz"), uri.ErrInvalidEscape, 3},
		{kv("ab", "x#"), uri.ErrInvalidCharacter, 4},
		{kv("", "\xff"), uri.ErrInvalidCharacter, 1},
		{kv("a[", "b"), uri.ErrInvalidCharacter, 1},
		{kv("a%2", "b c"), uri.ErrInvalidEscape, 1},
	}
	for _, tt := range tests {
		for _, form := range []bool{false, true} {
			decode := tt.in.Decode
			if form {
				decode = tt.in.DecodeForm
			}
			got, err := decode()
			var e *uri.Error
			if !errors.As(err, &e) || !errors.Is(err, tt.err) || e.Offset != tt.offset || e.Component != uri.ComponentQuery {
				t.Errorf("%+v decode (form %v) = %+v, %v; want %v at %d", tt.in, form, got, err, tt.err, tt.offset)
			}
			if got != (uri.QueryPair{}) {
				t.Errorf("%+v decode (form %v) = %+v with an error, want the zero pair", tt.in, form, got)
			}
		}
	}
}

func TestLookupQuery(t *testing.T) {
	tests := []struct {
		query, key string
		want       uri.QueryPair
		ok         bool
	}{
		{"", "a", uri.QueryPair{}, false},
		{"a=1&b=2&a=3", "a", kv("a", "1"), true},
		{"a=1&b=2&a=3", "b", kv("b", "2"), true},
		{"a=1&b=2", "c", uri.QueryPair{}, false},
		{"ab=1&a", "a", k("a"), true},
		{"a&a=1", "a", k("a"), true},
		{"x&&=v", "", k(""), true},
		{"x=1&=v", "", kv("", "v"), true},
		{"%61=1", "a", kv("%61", "1"), true},
		{"a%20b=1&a+b=2", "a b", kv("a%20b", "1"), true},
		{"a+b=2", "a b", uri.QueryPair{}, false},
		{"a+b=2", "a+b", kv("a+b", "2"), true},
		{"a%26b=1&a=2", "a&b", kv("a%26b", "1"), true},
		{"a;b=1", "a", uri.QueryPair{}, false},
		{"a%=1&a=2", "a%", uri.QueryPair{}, false},
		{"a b=1", "a b", uri.QueryPair{}, false},
		{"a=1", "a=1", uri.QueryPair{}, false},
		{"%E3%82%A2=x", "ア", kv("%E3%82%A2", "x"), true},
	}
	for _, tt := range tests {
		got, ok := uri.LookupQuery(tt.query, tt.key)
		if got != tt.want || ok != tt.ok {
			t.Errorf("LookupQuery(%q, %q) = %+v, %v, want %+v, %v", tt.query, tt.key, got, ok, tt.want, tt.ok)
		}
	}
	u := uri.MustParse("http://h/?page=2&q=rock%26roll")
	p, ok := u.LookupQuery("q")
	if d, err := p.Decode(); !ok || err != nil || d.Value != "rock&roll" {
		t.Errorf("LookupQuery(q) = %+v, %v; decoded %+v, %v", p, ok, d, err)
	}
}

func TestAppendQuery(t *testing.T) {
	type op struct {
		key, value string
		noValue    bool
	}
	tests := []struct {
		start string
		ops   []op
		want  string
	}{
		{"", []op{{key: "a", value: "1"}, {key: "b", value: "2"}}, "a=1&b=2"},
		{"x=1", []op{{key: "q", value: "rock&roll=x+y;z#"}}, "x=1&q=rock%26roll%3Dx%2By%3Bz%23"},
		{"", []op{{key: "flag", noValue: true}, {key: "a b", value: ""}}, "flag&a%20b="},
		{"", []op{{key: "", value: ""}}, "="},
		{"a", []op{{key: "", noValue: true}}, "a&"},
		{"", []op{{key: "", noValue: true}}, ""},
		{"", []op{{key: "/path?", value: "é"}}, "/path?=%C3%A9"},
	}
	for _, tt := range tests {
		b := []byte(tt.start)
		for _, o := range tt.ops {
			if o.noValue {
				b = uri.AppendQueryKey(b, o.key)
			} else {
				b = uri.AppendQuery(b, o.key, o.value)
			}
		}
		if string(b) != tt.want {
			t.Errorf("appending %+v to %q = %q, want %q", tt.ops, tt.start, b, tt.want)
		}
		if _, err := uri.Parse("x:?" + string(b)); err != nil {
			t.Errorf("appending %+v to %q gives a query that does not parse: %v", tt.ops, tt.start, err)
		}
	}
}

// TestQueryAllocs checks the allocation counts that the docs state:
// iterating raw pairs, looking up and appending into a sized buffer
// allocate nothing; decoding allocates only when there is something to
// decode, and then once.
func TestQueryAllocs(t *testing.T) {
	const q = "a=1&b=two&c&d=%20x+y&e=rock%26roll&f=&&g=last"
	u := uri.MustParse("http://h/?" + q)
	plain := kv("key", "value")
	escaped := kv("k%20y", "a%26b")
	plus := kv("a+b", "c")
	buf := make([]byte, 0, 256)
	var sinkPair uri.QueryPair
	tests := []struct {
		name string
		want float64
		f    func()
	}{
		{"QueryPairs", 0, func() {
			n := 0
			for p := range uri.QueryPairs(q) {
				n += len(p.Key) + len(p.Value)
			}
			sink = n
		}},
		{"QueryPairsSemicolon", 0, func() {
			n := 0
			for p := range uri.QueryPairsSemicolon(q) {
				n += len(p.Key)
			}
			sink = n
		}},
		{"URI.QueryPairs", 0, func() {
			n := 0
			for p := range u.QueryPairs() {
				n += len(p.Key)
			}
			sink = n
		}},
		{"LookupQuery", 0, func() { sinkPair, _ = uri.LookupQuery(q, "g") }},
		{"URI.LookupQuery", 0, func() { sinkPair, _ = u.LookupQuery("e") }},
		{"Decode/nothing to decode", 0, func() { sinkPair, _ = plain.Decode() }},
		{"DecodeForm/nothing to decode", 0, func() { sinkPair, _ = plain.DecodeForm() }},
		{"Decode/plus", 0, func() { sinkPair, _ = plus.Decode() }},
		{"DecodeForm/plus", 1, func() { sinkPair, _ = plus.DecodeForm() }},
		{"Decode/key and value", 1, func() { sinkPair, _ = escaped.Decode() }},
		{"DecodeForm/key and value", 1, func() { sinkPair, _ = escaped.DecodeForm() }},
		{"AppendQuery", 0, func() { buf = uri.AppendQuery(buf[:0], "q", "rock&roll x") }},
		{"AppendQueryKey", 0, func() { buf = uri.AppendQueryKey(buf[:0], "flag") }},
		{"EscapeSegment/nothing to escape", 0, func() { sink = len(uri.EscapeSegment("a:b@c")) }},
		{"EscapeUserinfoPart/nothing to escape", 0, func() { sink = len(uri.EscapeUserinfoPart("user")) }},
		{"EscapeQueryPart/nothing to escape", 0, func() { sink = len(uri.EscapeQueryPart("a/b?c")) }},
		{"EscapeQueryPart", 1, func() { sink = len(uri.EscapeQueryPart("a&b")) }},
	}
	for _, tt := range tests {
		if n := testing.AllocsPerRun(100, tt.f); n != tt.want {
			t.Errorf("%s: %v allocations, want %v", tt.name, n, tt.want)
		}
	}
	_ = sinkPair
}
