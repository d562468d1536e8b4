package amqp_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urikit/urikit/scheme/amqp"
	"github.com/urikit/urikit/uri"
)

// listEntries returns the input text of every entry of l.
func listEntries(l amqp.List) []string {
	var out []string
	for _, u := range l {
		out = append(out, u.Unredacted().String())
	}
	return out
}

var listTests = []struct {
	name, in string
	want     []string
}{
	{"one", "amqp://h", []string{"amqp://h"}},
	{"bare scheme", "amqp://", []string{"amqp://"}},
	{"space", "amqp://h1 amqp://h2", []string{"amqp://h1", "amqp://h2"}},
	{"comma", "amqp://h1,amqp://h2", []string{"amqp://h1", "amqp://h2"}},
	{"comma space", "amqp://h1, amqp://h2", []string{"amqp://h1", "amqp://h2"}},
	{"tab", "amqp://h1\tamqp://h2", []string{"amqp://h1", "amqp://h2"}},
	{"lines", "amqp://h1\namqps://h2\r\namqp://h3\n", []string{"amqp://h1", "amqps://h2", "amqp://h3"}},
	{"vertical tab and form feed", "amqp://h1\vamqp://h2\famqp://h3", []string{"amqp://h1", "amqp://h2", "amqp://h3"}},
	{"empty entries skipped", ",,amqp://h1,,\n\n , amqp://h2 ,\n", []string{"amqp://h1", "amqp://h2"}},
	{"blank lines", "\n\namqp://h1\n\n\namqp://h2\n\n", []string{"amqp://h1", "amqp://h2"}},
	{"mixed", " amqp://a:1 ,\tamqps://b/v\n,amqp://c?heartbeat=5 ", []string{"amqp://a:1", "amqps://b/v", "amqp://c?heartbeat=5"}},
	{"amqps and case", "AMQPS://u:p@h:5671/%2F,amqp://h", []string{"AMQPS://u:p@h:5671/%2F", "amqp://h"}},
	{"IPv6", "amqp://[::1],amqps://u:p@[::1]:5671/v [2001:db8::7]", nil},
	{"IPv6 list", "amqp://[::1],amqps://u:p@[::1]:5671/v amqp://[2001:db8::7]:5673", []string{"amqp://[::1]", "amqps://u:p@[::1]:5671/v", "amqp://[2001:db8::7]:5673"}},
	{"encoded commas", "amqp://u%2C:a%2Cb@h/v%2Cw?x=1%2C2,amqp://h2", []string{"amqp://u%2C:a%2Cb@h/v%2Cw?x=1%2C2", "amqp://h2"}},
	{"passphrase then URI", "amqps://h?password=k1, amqps://h2?password=k2", []string{"amqps://h?password=k1", "amqps://h2?password=k2"}},
	{"duplicates kept", "amqp://h amqp://h", []string{"amqp://h", "amqp://h"}},
}

func TestParseList(t *testing.T) {
	for _, tt := range listTests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := amqp.ParseList(tt.in)
			if tt.want == nil {
				if err == nil {
					t.Fatalf("ParseList(%q) = %v, want an error", tt.in, listEntries(l))
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseList(%q): %v", tt.in, err)
			}
			if diff := cmp.Diff(tt.want, listEntries(l)); diff != "" {
				t.Errorf("ParseList(%q) (-want +got):\n%s", tt.in, diff)
			}
			for i, u := range l {
				if want := amqp.MustParse(tt.want[i]); u != want {
					t.Errorf("entry %d differs from Parse of its text", i)
				}
			}
		})
	}
}

// entryWant is one expected *EntryError.
type entryWant struct {
	index, offset int
	field         string
	component     uri.Component
	at            int // the *Error's offset, in the entry
	reason        error
}

var listErrorTests = []struct {
	name, in string
	want     []entryWant
}{
	{"comma between hosts", "amqp://h1,h2/v", []entryWant{
		{1, 10, "scheme", uri.ComponentScheme, 0, amqp.ErrScheme},
	}},
	{"comma between hosts, more", "amqp://h1,h2,amqp://h3", []entryWant{
		{1, 10, "scheme", uri.ComponentScheme, 0, amqp.ErrScheme},
	}},
	{"several entries", "http://a, amqp://h, amqp://h:99999, amqp://h/a/b", []entryWant{
		{0, 0, "scheme", uri.ComponentScheme, 0, amqp.ErrScheme},
		{2, 20, "port", uri.ComponentPort, 9, amqp.ErrPortRange},
		{3, 36, "vhost", uri.ComponentPath, 10, amqp.ErrVhostSegments},
	}},
	{"several lines", "amqp://ok\namqp:h\n\namqps://u:pa#ss@h\namqp://h/v#f\n", []entryWant{
		{1, 10, "host", uri.ComponentHost, 5, amqp.ErrNoAuthority},
		{2, 18, "password", uri.ComponentUserinfo, 8, amqp.ErrUnencodedDelimiter},
		{3, 36, "fragment", uri.ComponentFragment, 10, amqp.ErrFragment},
	}},
	{"comma in password", "amqp://u:a,b@h amqp://x", []entryWant{
		{0, 0, "password", uri.ComponentUserinfo, 7, amqp.ErrSeparatorInSecret},
	}},
	{"commas and a space in password", "amqp://ok, amqp://u:a, b,c@h/v,amqp://ok", []entryWant{
		{1, 11, "password", uri.ComponentUserinfo, 7, amqp.ErrSeparatorInSecret},
	}},
	{"comma in username", "amqps://us,er:pw@h", []entryWant{
		{0, 0, "username", uri.ComponentUserinfo, 8, amqp.ErrSeparatorInSecret},
	}},
	{"comma in password before a slash", "amqp://u:a,b/c@h", []entryWant{
		{0, 0, "password", uri.ComponentUserinfo, 7, amqp.ErrSeparatorInSecret},
	}},
	{"comma in passphrase", "amqp://h?password=a,b,c amqp://h2", []entryWant{
		{0, 0, "password", uri.ComponentQuery, 18, amqp.ErrSeparatorInSecret},
	}},
	{"comma in passphrase after other parameters", "amqp://h?heartbeat=5&password=a, b", []entryWant{
		{0, 0, "password", uri.ComponentQuery, 30, amqp.ErrSeparatorInSecret},
	}},
	{"space in passphrase whose key is encoded", "amqps://h/v?pass%77ord=ab cd, amqp://x/", []entryWant{
		{0, 0, "password", uri.ComponentQuery, 23, amqp.ErrSeparatorInSecret},
	}},
	{"separator right after the scheme", "amqp://,u:pw@h", []entryWant{
		{0, 0, "username", uri.ComponentUserinfo, 7, amqp.ErrSeparatorInSecret},
	}},
	// A piece that starts no URI and holds an "@" belongs to the entry
	// before it, even when that entry's first piece has an "@" already:
	// the password "ab@cd,ef" must not split into two entries, the second
	// of which would start inside it.
	{"comma after an @ in password", "amqp://user:ab@cd,ef@host", []entryWant{
		{0, 0, "password", uri.ComponentUserinfo, 7, amqp.ErrSeparatorInSecret},
	}},
	{"space after an @ in password", "amqp://user:ab@cd ef@host amqp://h", []entryWant{
		{0, 0, "password", uri.ComponentUserinfo, 7, amqp.ErrSeparatorInSecret},
	}},
	{"pieces up to the last @", "amqp://u:a@b, c@d, e, amqp://h", []entryWant{
		{0, 0, "password", uri.ComponentUserinfo, 7, amqp.ErrSeparatorInSecret},
		{1, 19, "scheme", uri.ComponentScheme, 0, amqp.ErrScheme},
	}},
	{"separator in the password of another scheme", "http://u:a,b@h, amqp://h", []entryWant{
		{0, 0, "scheme", uri.ComponentScheme, 0, amqp.ErrScheme},
	}},
	{"comma in passphrase after a cut", "amqp://h?password=a&b,c amqp://h2", []entryWant{
		{0, 0, "password", uri.ComponentQuery, 18, amqp.ErrSeparatorInSecret},
	}},
	{"comma in vhost", "amqp://h/a,b", []entryWant{
		{1, 11, "scheme", uri.ComponentScheme, 0, amqp.ErrScheme},
	}},
	{"every entry", "x y,z", []entryWant{
		{0, 0, "scheme", uri.ComponentScheme, 0, amqp.ErrScheme},
		{1, 2, "scheme", uri.ComponentScheme, 0, amqp.ErrScheme},
		{2, 4, "scheme", uri.ComponentScheme, 0, amqp.ErrScheme},
	}},
}

func TestParseListErrors(t *testing.T) {
	for _, tt := range listErrorTests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := amqp.ParseList(tt.in)
			if l != nil {
				t.Errorf("ParseList(%q) returned a list with its error", tt.in)
			}
			var le amqp.ListError
			if !errors.As(err, &le) {
				t.Fatalf("ParseList(%q) error %v (%T), want an amqp.ListError", tt.in, err, err)
			}
			var got []entryWant
			for _, e := range le {
				got = append(got, entryWant{e.Index, e.Offset, e.Err.Field, e.Err.URI.Component, e.Err.URI.Offset, e.Err.URI.Err})
			}
			if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(entryWant{}), cmp.Comparer(func(a, b error) bool { return a == b })); diff != "" {
				t.Errorf("ParseList(%q) errors (-want +got):\n%s", tt.in, diff)
			}
			for i, e := range le {
				if !errors.Is(err, tt.want[i].reason) {
					t.Errorf("errors.Is(err, %v) = false", tt.want[i].reason)
				}
				if !strings.Contains(err.Error(), fmt.Sprintf("list entry %d at offset %d: ", e.Index, e.Offset)) {
					t.Errorf("error text %q does not name entry %d", err, e.Index)
				}
			}
		})
	}
}

func TestParseListEmpty(t *testing.T) {
	for _, in := range []string{"", " ", ",", ", ,\n\t\r\v\f,,"} {
		l, err := amqp.ParseList(in)
		if l != nil || !errors.Is(err, amqp.ErrEmptyList) {
			t.Errorf("ParseList(%q) = %v, %v; want nil, ErrEmptyList", in, l, err)
		}
	}
}

func TestEntryErrorUnwrap(t *testing.T) {
	_, err := amqp.ParseList("amqp://ok amqp://h:99999")
	var e *amqp.Error
	if !errors.As(err, &e) || e.Field != "port" {
		t.Fatalf("errors.As(*amqp.Error) = %v", e)
	}
	var ue *uri.Error
	if !errors.As(err, &ue) || ue.Offset != 9 {
		t.Fatalf("errors.As(*uri.Error) = %v", ue)
	}
	var ee *amqp.EntryError
	if !errors.As(err, &ee) || ee.Index != 1 || ee.Offset != 10 {
		t.Fatalf("errors.As(*amqp.EntryError) = %+v", ee)
	}
	want := `amqp: list entry 1 at offset 10: port: port out of range 0-65535 (port at offset 9 of the entry); a TCP port is at most 65535`
	if err.Error() != want {
		t.Errorf("Error() = %q\nwant      %q", err, want)
	}
	j, _ := json.Marshal(err)
	wantJSON := `[{"index":1,"offset":10,"error":{"field":"port","reason":"port out of range 0-65535","hint":"a TCP port is at most 65535","offset":9,"component":"port"}}]`
	if string(j) != wantJSON {
		t.Errorf("JSON = %s\nwant   %s", j, wantJSON)
	}
}

func TestListText(t *testing.T) {
	l := amqp.MustParseList("amqp://u:s3cr3t@h1/v,\n amqps://h2?password=k3yp4ss\tamqp://:@[::1]")
	const want = "amqp://u:xxxxx@h1/v amqps://h2?password=xxxxx amqp://:@[::1]"
	if got := l.String(); got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	forms := map[string]string{
		"%v":  want,
		"%s":  want,
		"%+v": want,
		"%q":  fmt.Sprintf("%q", want),
		"%#v": "amqp.MustParseList(" + fmt.Sprintf("%q", want) + ")",
	}
	for verb, w := range forms {
		if got := fmt.Sprintf(verb, l); got != w {
			t.Errorf("Sprintf(%s) = %q, want %q", verb, got, w)
		}
	}
	j, err := json.Marshal(struct{ L amqp.List }{l})
	if err != nil || string(j) != `{"L":"`+want+`"}` {
		t.Errorf("JSON = %s, %v", j, err)
	}
	var buf bytes.Buffer
	slog.New(slog.NewTextHandler(&buf, nil)).Info("dial", "uris", l)
	if !strings.Contains(buf.String(), want) {
		t.Errorf("slog = %q", buf.String())
	}
	// A list without masked passwords reads back from its String.
	plain := amqp.MustParseList("amqp://h1/v,amqps://u@h2:5671 amqp://[::1]")
	if again := amqp.MustParseList(plain.String()); !cmp.Equal(listEntries(again), listEntries(plain)) {
		t.Errorf("ParseList(String()) = %v, want %v", listEntries(again), listEntries(plain))
	}
	if got := amqp.List(nil).String(); got != "" {
		t.Errorf("nil List String() = %q", got)
	}
}

func TestMustParseListPanics(t *testing.T) {
	defer func() {
		r := recover()
		if _, ok := r.(amqp.ListError); !ok {
			t.Errorf("MustParseList panicked with %v (%T), want an amqp.ListError", r, r)
		}
		if strings.Contains(fmt.Sprint(r), "s3cr3t") {
			t.Errorf("panic value shows the password: %v", r)
		}
	}()
	amqp.MustParseList("amqp://u:s3cr3t@h:99999")
}

var redactListTests = []struct{ in, want string }{
	{"", ""},
	{"amqp://h1, amqp://h2", "amqp://h1, amqp://h2"},
	{"amqp://u:s3cr3t@h1,\namqps://v:pw@h2/x", "amqp://u:xxxxx@h1,\namqps://v:xxxxx@h2/x"},
	{"amqp://u:a,b@h amqp://w:c d@h2", "amqp://u:xxxxx@h amqp://w:xxxxx@h2"},
	{"amqp://u:p@ss@h1 ,, amqp://u:pa#ss@h2", "amqp://u:xxxxx@h1 ,, amqp://u:xxxxx@h2"},
	{"amqp://h?password=a,b c amqp://h2", "amqp://h?password=xxxxx amqp://h2"},
	{"amqps://h?password=k1, amqps://h2", "amqps://h?password=xxxxx, amqps://h2"},
	{"junk, http://u:pw@h", "junk, http://u:xxxxx@h"},
	{"amqp://[::1], amqp://u:pw@[::1]", "amqp://[::1], amqp://u:xxxxx@[::1]"},
	// A piece that starts no URI belongs to the entry before it: the mask
	// runs to the last "@" before the next piece that starts a URI.
	{"amqp://user:ab@cd,ef@host", "amqp://user:xxxxx@host"},
	{"amqp://user:ab@cd ef@host amqp://h", "amqp://user:xxxxx@host amqp://h"},
	{"amqp://u:a@b, c@d, e, amqp://u:f@g", "amqp://u:xxxxx@d, e, amqp://u:xxxxx@g"},
	{"AMQPS://u:a@b\tc@d", "AMQPS://u:xxxxx@d"},
	{"http://u:a b@h amqp://h", "http://u:xxxxx@h amqp://h"},
	{"http://u:a@b,c@h, x", "http://u:xxxxx@h, x"},
	{"amqp://u:p@h?password=k1 k2@x amqp://h2", "amqp://u:xxxxx@x amqp://h2"},
	{"amqp://u:SECRET&password=x@h amqp://h2", "amqp://u:xxxxx@h amqp://h2"},
	// A piece without "=" after the passphrase's "&": the passphrase may
	// run on, over the separator too.
	{"amqp://h?password=a&b,c amqp://h2", "amqp://h?password=xxxxx amqp://h2"},
	{"amqp://h?password=a&b=1,c amqp://h2", "amqp://h?password=xxxxx&b=1,c amqp://h2"},
	// The passphrase's key read as scheme.Redact reads it: decoded, in
	// any case.
	{"amqps://h/v?pass%77ord=ab cd, amqp://x/", "amqps://h/v?pass%77ord=xxxxx, amqp://x/"},
	{"amqps://h/v?PASSWORD=ab cd amqp://x/", "amqps://h/v?PASSWORD=xxxxx amqp://x/"},
	{"amqps://h/v?a=1&%70assword=ab,cd", "amqps://h/v?a=1&%70assword=xxxxx"},
	{"amqps://h/v?a=1;password=ab cd, amqp://x/", "amqps://h/v?a=1;password=xxxxx, amqp://x/"},
}

func TestRedactList(t *testing.T) {
	for _, tt := range redactListTests {
		if got := amqp.RedactList(tt.in); got != tt.want {
			t.Errorf("RedactList(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if l, err := amqp.ParseList(tt.in); err == nil {
			// Entry by entry, RedactList agrees with String.
			var got []string
			for _, u := range l {
				got = append(got, u.String())
			}
			if want := strings.Fields(strings.ReplaceAll(tt.want, ",", " ")); !cmp.Equal(got, want) {
				t.Errorf("ParseList(%q) entries %q, RedactList pieces %q", tt.in, got, want)
			}
		}
	}
}

// listSecrets hold every byte a password in a list trips over.
var listSecrets = []string{"s3cr3t", "Zq@9xK", "Zq#9xK", "Zq/9xK", "Zq?9xK", "Zq%9xK", "Zq:9xK", "Zq,9xK", "Zq 9xK", "Zq,@#/?%:K",
	"Zq@9x,Kw7", "Zq@9x Kw7", "Zq@9x,Kw7@Pm", "Zq,9x@Kw7", "Zq&9x,Kw7", "Zq&9x Kw7"}

// listLeaks reports a 4-byte piece of secret found in text.
func listLeaks(text, secret string) (string, bool) {
	for i := 0; i+4 <= len(secret); i++ {
		if strings.Contains(text, secret[i:i+4]) {
			return secret[i : i+4], true
		}
	}
	return "", false
}

// listOutputs returns every text form of the result of ParseList(s): the
// error's message, JSON and fmt forms, or the List's String, fmt verbs,
// JSON and slog forms; and RedactList(s).
func listOutputs(s string) []string {
	out := []string{amqp.RedactList(s)}
	l, err := amqp.ParseList(s)
	if err != nil {
		j, _ := json.Marshal(err)
		out = append(out, err.Error(), string(j), fmt.Sprintf("%v %+v %s %q", err, err, err, err))
		var le amqp.ListError
		if errors.As(err, &le) {
			for _, e := range le {
				out = append(out, fmt.Sprintf("%v %+v %#v", e, e.Err, e.Err.URI))
			}
		}
		return out
	}
	j, _ := json.Marshal(l)
	t, _ := l.MarshalText()
	var buf bytes.Buffer
	slog.New(slog.NewJSONHandler(&buf, nil)).Info("m", "l", l)
	return append(out, l.String(), fmt.Sprintf("%v %+v %#v %s %q", l, l, l, l, l), string(j), string(t), buf.String())
}

func TestListSecretsNeverShow(t *testing.T) {
	shapes := []string{
		"amqp://user:%s@host/v",
		"amqps://user:%s@[::1]:5671",
		"amqp://:%s@host",
		"amqp://host?heartbeat=5&password=%s",
		"amqp://user:%s@host:99999",
		"amqp://user:%s@host/a/b",
		"http://user:%s@host",
	}
	for _, pw := range listSecrets {
		for _, shape := range shapes {
			bad := fmt.Sprintf(shape, pw)
			for _, in := range []string{
				bad,
				"amqp://ok, " + bad,
				bad + ",amqp://ok",
				bad + "\n" + bad + "\n" + bad,
				"amqp://ok " + bad + ", x, " + bad + " amqp://ok",
				bad + "," + strings.ReplaceAll(bad, "user", "u2") + "\tamqp://a:" + uri.Escape(pw, uri.ComponentUserinfo) + "@h",
			} {
				for _, o := range listOutputs(in) {
					if piece, bad := listLeaks(o, pw); bad {
						t.Errorf("ParseList(%q): %q shows %q of the password", in, o, piece)
					}
				}
				if !strings.Contains(shape, "?") {
					// Parse reports a "#" in the query at the "#".
					checkOffsets(t, in, pw)
				}
			}
		}
	}
}

// checkOffsets fails when an error of ParseList(in) points inside a copy
// of pw in in, other than at its first byte.
func checkOffsets(t *testing.T, in, pw string) {
	t.Helper()
	_, err := amqp.ParseList(in)
	var le amqp.ListError
	if !errors.As(err, &le) {
		return
	}
	for _, e := range le {
		for _, off := range []int{e.Offset, e.Offset + e.Err.URI.Offset} {
			for i := 0; ; {
				k := strings.Index(in[i:], pw)
				if k < 0 {
					break
				}
				if k += i; k < off && off <= k+len(pw) {
					t.Errorf("ParseList(%q): entry %d points at offset %d, inside a password", in, e.Index, off)
				}
				i = k + 1
			}
		}
	}
}

func FuzzParseList(f *testing.F) {
	for _, tt := range listTests {
		f.Add(tt.in)
	}
	for _, tt := range listErrorTests {
		f.Add(tt.in)
	}
	for _, tt := range redactListTests {
		f.Add(tt.in)
	}
	f.Add("amqp://u:a,b@h amqp://h?password=x,y amqp://h1,h2/v")
	f.Fuzz(func(t *testing.T, in string) {
		red := amqp.RedactList(in)
		l, err := amqp.ParseList(in)
		if err != nil {
			var le amqp.ListError
			switch {
			case errors.Is(err, amqp.ErrEmptyList):
				if strings.Trim(in, ", \t\n\r\v\f") != "" {
					t.Fatalf("ParseList(%q): ErrEmptyList on a text with entries", in)
				}
			case errors.As(err, &le):
				last := -1
				for _, e := range le {
					if e.Index <= last || e.Offset < 0 || e.Offset >= len(in) || e.Err.URI.Offset < 0 || e.Offset+e.Err.URI.Offset > len(in) {
						t.Fatalf("ParseList(%q): entry error %+v out of order or range", in, e)
					}
					last = e.Index
				}
				_ = err.Error()
				if _, err := json.Marshal(err); err != nil {
					t.Fatalf("json.Marshal(ParseList(%q) error): %v", in, err)
				}
			default:
				t.Fatalf("ParseList(%q) error %T", in, err)
			}
			return
		}
		if len(l) == 0 {
			t.Fatalf("ParseList(%q) = empty list, no error", in)
		}
		joined := strings.Join(listEntries(l), ", ")
		again, err := amqp.ParseList(joined)
		if err != nil {
			t.Fatalf("ParseList(%q): %v", joined, err)
		}
		if !cmp.Equal(listEntries(again), listEntries(l)) {
			t.Fatalf("ParseList(%q) = %q, joined and parsed again %q", in, listEntries(l), listEntries(again))
		}
		for i := range l {
			if again[i] != l[i] {
				t.Fatalf("ParseList(%q): entry %d differs after a round trip", in, i)
			}
		}
		// RedactList agrees with String entry by entry.
		if got, want := strings.Fields(strings.ReplaceAll(red, ",", " ")), strings.Fields(l.String()); !cmp.Equal(got, want) {
			t.Fatalf("RedactList(%q) = %q, String of the list %q", in, red, l.String())
		}
	})
}

// TestParseListValid: the entries that parse are kept, in order, beside
// the errors of those that fail, which say where and why and hold no
// secret.
func TestParseListValid(t *testing.T) {
	l, errs := amqp.ParseListValid("amqp://u:s3cr3t@h1:99999, amqp://h2/v,amqp:bad amqps://u:pw@h3")
	if got := l.String(); got != "amqp://h2/v amqps://u:xxxxx@h3" {
		t.Errorf("entries %q", got)
	}
	if len(errs) != 2 || errs[0].Index != 0 || errs[1].Index != 2 || !errors.Is(errs[0], amqp.ErrPortRange) || !errors.Is(errs[1], amqp.ErrNoAuthority) {
		t.Errorf("errors %v", errs)
	}
	if strings.Contains(fmt.Sprint(errs), "s3cr3t") {
		t.Errorf("errors show the password: %v", errs)
	}
	if l, errs := amqp.ParseListValid(" ,\n"); l != nil || errs != nil {
		t.Errorf("ParseListValid of no entry = %v, %v; want nil, nil", l, errs)
	}
	if l, errs := amqp.ParseListValid("amqp://h1 amqp://h2"); len(l) != 2 || errs != nil {
		t.Errorf("ParseListValid of a valid list = %v, %v", l, errs)
	}
}
