package browsertest

import (
	"errors"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urikit/urikit/lint"
	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/scheme/amqp"
	"github.com/urikit/urikit/uri"
	"github.com/urikit/urikit/uritemplate"
)

// cell is a value as the page shows it in a table.
type cell struct {
	State string  `json:"state"` // "absent", "empty" or "present"
	Text  *string `json:"text"`
}

// inspectView is what the Inspect view shows.
type inspectView struct {
	Components map[string]cell `json:"components"`
	HostKind   string          `json:"hostKind"`
	Pieces     []struct {
		Class string `json:"class"`
		Text  string `json:"text"`
	} `json:"pieces"`
	ErrorShown  bool              `json:"errorShown"`
	ErrorReason string            `json:"errorReason"`
	ErrorHint   string            `json:"errorHint"`
	CaretBefore string            `json:"caretBefore"`
	CaretAt     string            `json:"caretAt"`
	Normal      map[string]string `json:"normal"`
	Lints       []string          `json:"lints"`
	AMQPShown   bool              `json:"amqpShown"`
	Spec        map[string]cell   `json:"spec"`
	Config      map[string]cell   `json:"config"`
}

const readInspect = `(() => {
  const cells = (sel, attr) => {
    const out = {};
    for (const tr of document.querySelectorAll(sel + " tbody tr[data-" + attr + "]")) {
      const td = tr.cells[1];
      const text = td.querySelector(".text");
      out[tr.dataset[attr]] = {state: td.dataset.state, text: text ? text.textContent : null};
    }
    return out;
  };
  const normal = {};
  for (const tr of document.querySelectorAll("#normal tr")) normal[tr.dataset.level] = tr.cells[1].textContent;
  const caret = document.getElementById("caret");
  return {
    components: cells("#components", "component"),
    hostKind: (document.getElementById("host-kind") || {}).textContent || "",
    pieces: [...document.querySelectorAll("#coloured span")].map((s) => ({class: s.className, text: s.textContent})),
    errorShown: !document.getElementById("error").hidden,
    errorReason: document.getElementById("error-reason").textContent,
    errorHint: document.getElementById("error-hint").textContent,
    caretBefore: [...caret.querySelectorAll("span:not(.ghost):not(.caret-mark)")].filter((s) => s.className !== "c-error" && s.className !== "c-rest").map((s) => s.textContent).join(""),
    caretAt: (caret.querySelector(".c-error") || {}).textContent || "",
    normal,
    lints: [...document.querySelectorAll("#lints li[data-code]")].map((li) => li.dataset.code),
    amqpShown: !document.getElementById("amqp").hidden,
    spec: cells("#amqp-spec", "field"),
    config: cells("#amqp-config", "field"),
  };
})()`

// ladderView is what the Compare view shows: the rung that decides ("" for
// none), each rung's verdict ("true" or "false") and the rows marked as
// deciding.
type ladderView struct {
	Decides string            `json:"decides"`
	Rows    map[string]string `json:"rows"`
	Marked  []string          `json:"marked"`
}

// pageText is every text of the page that a password must stay out of.
type pageText struct {
	HTML, Text, Href, Title, Storage string
	Values                           map[string]string
}

// firstAnswer is the page's own measure of its first answer.
type firstAnswer struct {
	Ms      float64 `json:"ms"`
	Encoded float64 `json:"encoded"`
	Decoded float64 `json:"decoded"`
}

var components = []struct {
	name string
	c    uri.Component
}{
	{"scheme", uri.ComponentScheme},
	{"userinfo", uri.ComponentUserinfo},
	{"host", uri.ComponentHost},
	{"port", uri.ComponentPort},
	{"path", uri.ComponentPath},
	{"query", uri.ComponentQuery},
	{"fragment", uri.ComponentFragment},
}

// visible is s as the page shows a value: each control character, line
// or paragraph separator and bidirectional formatting character as
// \uNNNN, and a backslash doubled.
func visible(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case r < 0x20, r >= 0x7f && r <= 0x9f, r == 0x61c, r == 0x200e, r == 0x200f,
			r >= 0x2028 && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// checkCell checks a table cell against a value and its presence.
func checkCell(t *testing.T, what string, got cell, want string, present bool) {
	t.Helper()
	want = visible(want)
	switch {
	case !present:
		if got.State != "absent" {
			t.Errorf("%s: the page shows %s %v, want absent", what, got.State, deref(got.Text))
		}
	case want == "":
		if got.State != "empty" {
			t.Errorf("%s: the page shows %s %v, want empty", what, got.State, deref(got.Text))
		}
	default:
		if got.State != "present" || got.Text == nil || *got.Text != want {
			t.Errorf("%s: the page shows %s %q, want %q", what, got.State, deref(got.Text), want)
		}
	}
}

// checkLints checks the codes of the lints the page shows for in against
// package lint.
func checkLints(t *testing.T, in string, got []string) {
	t.Helper()
	var want []string
	for _, f := range lint.String(in) {
		want = append(want, f.Code)
	}
	if !slices.Equal(got, want) {
		t.Errorf("%q: lints %q, want %q", in, got, want)
	}
}

func deref(p *string) string {
	if p == nil {
		return "<nil>"
	}
	return *p
}

// TestInspect types URI references without passwords into the Inspect
// view and checks every part of it against the library.
func TestInspect(t *testing.T) {
	tb := open(t, "")
	inputs := []string{
		"foo://example.com:8042/over/there?name=ferret#nose",
		"urn:example:animal:ferret:nose",
		"http://h?#",
		"http://h",
		"//h:/p",
		"",
		"mailto:John.Doe@example.com",
		"HTTP://Example.COM:80/%7euser/./a/../b",
		"http://[2001:db8::7]/c=GB?objectClass?one",
		"http://[fe80::1%25eth0]:8080/",
		"http://192.0.2.16:80/",
		"http://[v7.x]/",
		"file:///etc/hosts",
		"../g;x?y#s",
		"http://exa mple.com/",
		"http://[::1/",
		"http://h/%zz",
		"http://[::1]:80a/",
		"1http://h/",
		"http://h/\u00e9",
		"https://localhost:8443/x?password=",
		"ftp:",
	}
	for _, in := range inputs {
		tb.typeInto("input", in)
		got := eval[inspectView](tb, readInspect)
		r, err := uri.ParseReference(in)
		if err != nil {
			var ue *uri.Error
			if !errors.As(err, &ue) {
				t.Fatalf("%q: %v is not a *uri.Error", in, err)
			}
			if !got.ErrorShown {
				t.Errorf("%q: no error shown, want %v", in, err)
				continue
			}
			if !strings.Contains(got.ErrorReason, ue.Err.Error()) || !strings.Contains(got.ErrorReason, "offset "+strconv.Itoa(ue.Offset)) {
				t.Errorf("%q: the reason is %q, want %q at offset %d", in, got.ErrorReason, ue.Err, ue.Offset)
			}
			if got.CaretBefore != in[:ue.Offset] {
				t.Errorf("%q: the caret is after %q, want after %q", in, got.CaretBefore, in[:ue.Offset])
			}
			_, size := utf8.DecodeRuneInString(in[ue.Offset:])
			if wantAt := in[ue.Offset : ue.Offset+size]; got.CaretAt != wantAt {
				t.Errorf("%q: the caret is under %q, want %q", in, got.CaretAt, wantAt)
			}
			if len(got.Components) != 0 {
				t.Errorf("%q: invalid, yet the page shows components %v", in, got.Components)
			}
			continue
		}
		if got.ErrorShown {
			t.Errorf("%q: valid, yet the page shows the error %q", in, got.ErrorReason)
		}
		var joined strings.Builder
		for _, p := range got.Pieces {
			joined.WriteString(p.Text)
		}
		if joined.String() != in {
			t.Errorf("%q: the coloured input reads %q", in, joined.String())
		}
		for _, c := range components {
			s, e, ok := r.Span(c.c)
			checkCell(t, in+" "+c.name, got.Components[c.name], in[s:e], ok)
			var coloured strings.Builder
			for _, p := range got.Pieces {
				if p.Class == "c-"+c.name {
					coloured.WriteString(p.Text)
				}
			}
			if coloured.String() != in[s:e] {
				t.Errorf("%q: the pieces coloured as %s read %q, want %q", in, c.name, coloured.String(), in[s:e])
			}
		}
		if got.HostKind != r.HostKind().String() {
			t.Errorf("%q: host kind %q, want %q", in, got.HostKind, r.HostKind())
		}
		if want := r.Normalize().String(); got.Normal["syntax"] != want {
			t.Errorf("%q: syntax-based normal form %q, want %q", in, got.Normal["syntax"], want)
		}
		if u, ok := r.URI(); ok {
			if want := scheme.Normalize(u).String(); got.Normal["scheme"] != want {
				t.Errorf("%q: scheme-based normal form %q, want %q", in, got.Normal["scheme"], want)
			}
		} else if !strings.Contains(got.Normal["scheme"], "missing scheme") {
			t.Errorf("%q: a relative reference has no scheme-based normal form, the page shows %q", in, got.Normal["scheme"])
		}
		checkLints(t, in, got.Lints)
		if got.AMQPShown {
			t.Errorf("%q: the AMQP section is shown", in)
		}
		switch in {
		case "foo://example.com:8042/over/there?name=ferret#nose":
			tb.screenshot("inspect")
		case "http://h?#":
			tb.screenshot("inspect-empty")
		}
	}
	tb.typeInto("input", "http://exa mple.com/")
	got := eval[inspectView](tb, readInspect)
	if !strings.Contains(got.ErrorHint, "%20") {
		t.Errorf("the hint for a space is %q, want one that says %%20", got.ErrorHint)
	}
	tb.screenshot("inspect-invalid")
}

// TestAMQP checks the spec view, the config view and the lints of amqp
// and amqps URIs against the amqp and lint packages. The password shows
// as xxxxx.
func TestAMQP(t *testing.T) {
	tb := open(t, "")
	inputs := []string{
		"amqp://",
		"amqp://user:pass@host:10000/vhost",
		"amqp://user%61:%61pass@ho%61st:10000/v%2fhost",
		"amqp://:@/",
		"amqp://user@",
		"amqp://host/%2F",
		"amqps://broker.example.com/prod?heartbeat=30&connection_timeout=5000&channel_max=64",
		"amqp://guest:guest@10.0.0.1/?verify=verify_none",
		"amqp://[::1]:5673/",
		"amqps://h/?heartbeat=abc",
		"amqp://h/%E2%80%AEv%5Cx%0A",
		"amqps://u:pw@broker/vh?heartbeat=10&foo=bar&timeout=5",
	}
	for _, in := range inputs {
		tb.typeInto("input", in)
		got := eval[inspectView](tb, readInspect)
		if !got.AMQPShown {
			t.Errorf("%q: no AMQP section", in)
			continue
		}
		u, err := amqp.Parse(in)
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		user, hasUser := u.Username()
		checkCell(t, in+" username", got.Spec["username"], user, hasUser)
		pass, hasPass := u.Password()
		if hasPass && pass != "" {
			pass = "xxxxx"
		}
		checkCell(t, in+" password", got.Spec["password"], pass, hasPass)
		host, hasHost := u.Host()
		checkCell(t, in+" host", got.Spec["host"], host, hasHost)
		port, hasPort := u.Port()
		checkCell(t, in+" port", got.Spec["port"], strconv.Itoa(port), hasPort)
		vhost, hasVhost := u.Vhost()
		checkCell(t, in+" vhost", got.Spec["vhost"], vhost, hasVhost)

		cfg, err := u.Config()
		if err != nil {
			if len(got.Config) != 0 {
				t.Errorf("%q: Config fails (%v), yet the page shows one", in, err)
			}
		} else {
			checkCell(t, in+" config host", got.Config["host"], cfg.Host, true)
			checkCell(t, in+" config port", got.Config["port"], strconv.Itoa(cfg.Port), true)
			checkCell(t, in+" config vhost", got.Config["vhost"], cfg.Vhost, true)
			checkCell(t, in+" config username", got.Config["username"], cfg.Username, true)
			pw := cfg.Password
			if pw != "" {
				pw = "xxxxx"
			}
			checkCell(t, in+" config password", got.Config["password"], pw, true)
			checkCell(t, in+" config channel_max", got.Config["channel_max"], strconv.Itoa(int(cfg.ChannelMax)), true)
			params, err := u.Params()
			if err != nil {
				t.Fatal(err)
			}
			var unknown []string
			for _, p := range params {
				if !p.Known {
					unknown = append(unknown, p.Name+"="+p.Value)
				}
			}
			if len(unknown) == 0 {
				unknown = []string{"none"}
			}
			checkCell(t, in+" config unknown", got.Config["unknown"], strings.Join(unknown, ", "), true)
		}
		checkLints(t, in, got.Lints)
		if in == "amqps://broker.example.com/prod?heartbeat=30&connection_timeout=5000&channel_max=64" {
			tb.screenshot("amqp")
		}
	}
}

// TestResolve types the examples of RFC 3986 5.4 into the Resolve view.
func TestResolve(t *testing.T) {
	tb := open(t, "view=resolve")
	base := "http://a/b/c/d;p?q"
	tb.typeInto("base", base)
	b, err := uri.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	// RFC 3986 5.4.1 and 5.4.2, with the targets the RFC gives.
	examples := [][2]string{
		{"g:h", "g:h"}, {"g", "http://a/b/c/g"}, {"./g", "http://a/b/c/g"}, {"g/", "http://a/b/c/g/"},
		{"/g", "http://a/g"}, {"//g", "http://g"}, {"?y", "http://a/b/c/d;p?y"}, {"g?y", "http://a/b/c/g?y"},
		{"#s", "http://a/b/c/d;p?q#s"}, {"g#s", "http://a/b/c/g#s"}, {"g?y#s", "http://a/b/c/g?y#s"},
		{";x", "http://a/b/c/;x"}, {"g;x", "http://a/b/c/g;x"}, {"g;x?y#s", "http://a/b/c/g;x?y#s"},
		{"", "http://a/b/c/d;p?q"}, {".", "http://a/b/c/"}, {"./", "http://a/b/c/"}, {"..", "http://a/b/"},
		{"../", "http://a/b/"}, {"../g", "http://a/b/g"}, {"../..", "http://a/"}, {"../../", "http://a/"},
		{"../../g", "http://a/g"},
		{"../../../g", "http://a/g"}, {"../../../../g", "http://a/g"}, {"/./g", "http://a/g"},
		{"/../g", "http://a/g"}, {"g.", "http://a/b/c/g."}, {".g", "http://a/b/c/.g"},
		{"g..", "http://a/b/c/g.."}, {"..g", "http://a/b/c/..g"}, {"./../g", "http://a/b/g"},
		{"./g/.", "http://a/b/c/g/"}, {"g/./h", "http://a/b/c/g/h"}, {"g/../h", "http://a/b/c/h"},
		{"g;x=1/./y", "http://a/b/c/g;x=1/y"}, {"g;x=1/../y", "http://a/b/c/y"},
		{"g?y/./x", "http://a/b/c/g?y/./x"}, {"g?y/../x", "http://a/b/c/g?y/../x"},
		{"g#s/./x", "http://a/b/c/g#s/./x"}, {"g#s/../x", "http://a/b/c/g#s/../x"},
		{"http:g", "http:g"},
	}
	for _, ex := range examples {
		ref, rfc := ex[0], ex[1]
		tb.typeInto("ref", ref)
		r, err := uri.ParseReference(ref)
		if err != nil {
			t.Fatal(err)
		}
		if lib := b.Resolve(r).String(); lib != rfc {
			t.Errorf("resolve(%q, %q): the library gives %q, RFC 3986 5.4 %q", base, ref, lib, rfc)
		}
		got := eval[string](tb, `document.getElementById("target").textContent`)
		if got != rfc {
			t.Errorf("resolve(%q, %q): the page shows %q, RFC 3986 5.4 gives %q", base, ref, got, rfc)
		}
		if ref == "../g" {
			tb.screenshot("resolve")
		}
	}
	tb.typeInto("base", "http://u:12#34@h/")
	tb.typeInto("ref", "g")
	if codes := eval[[]string](tb, `[...document.querySelectorAll("#resolve-warnings li")].map((li) => li.dataset.code)`); !slices.Equal(codes, []string{"password-cut-short"}) {
		t.Errorf("a base with a password cut short: warnings %q", codes)
	}
	tb.typeInto("ref", "g h")
	if !eval[bool](tb, `!document.getElementById("resolve-error").hidden`) {
		t.Errorf(`resolving "g h" shows no error`)
	}
}

// TestCompare types pairs into the Compare view and checks every rung of
// the ladder and the rung that decides against scheme.Ladder and
// scheme.EqualAt.
func TestCompare(t *testing.T) {
	tb := open(t, "view=compare")
	pairs := [][2]string{
		{"http://example.com/a", "http://example.com/a"},
		{"HTTP://Example.COM/%7euser", "http://example.com/~user"},
		{"http://example.com", "http://example.com:80/"},
		{"http://example.com/a/./b", "http://example.com/a/b"},
		{"http://example.com/a", "http://example.com/b"},
		{"amqp://h/%2F", "AMQP://H:5672/%2f"},
		{"mailto:a@example.com", "mailto:a@EXAMPLE.com"},
	}
	for _, p := range pairs {
		tb.typeInto("a", p[0])
		tb.typeInto("b", p[1])
		a, err := uri.Parse(p[0])
		if err != nil {
			t.Fatal(err)
		}
		b, err := uri.Parse(p[1])
		if err != nil {
			t.Fatal(err)
		}
		got := eval[ladderView](tb, `(() => {
		  const rows = {};
		  for (const tr of document.querySelectorAll("#ladder tbody tr")) rows[tr.dataset.rung] = tr.dataset.equal;
		  return {decides: document.getElementById("verdict").dataset.rung, rows,
		    marked: [...document.querySelectorAll("#ladder tr.decides")].map((tr) => tr.dataset.rung)};
		})()`)
		want := scheme.Ladder(a, b)
		wantName := want.String()
		if want == scheme.RungNone {
			wantName = ""
		}
		if got.Decides != wantName {
			t.Errorf("%q vs %q: the page says %q decides, want %q", p[0], p[1], got.Decides, wantName)
		}
		if wantMarked := []string{wantName}; wantName == "" && len(got.Marked) != 0 || wantName != "" && !slices.Equal(got.Marked, wantMarked) {
			t.Errorf("%q vs %q: rows marked as deciding %q, want %q", p[0], p[1], got.Marked, wantName)
		}
		for r := scheme.RungString; r <= scheme.RungScheme; r++ {
			if w := strconv.FormatBool(scheme.EqualAt(a, b, r)); got.Rows[r.String()] != w {
				t.Errorf("%q vs %q at %s: the page says equal=%s, want %s", p[0], p[1], r, got.Rows[r.String()], w)
			}
		}
		if p[0] == "HTTP://Example.COM/%7euser" {
			tb.screenshot("compare")
		}
	}
}

// TestTemplate types templates of RFC 6570 3.2 over the variables of its
// examples into the Template view and checks the expansion against the
// RFC and the library, then reads a URI back and checks the variables.
func TestTemplate(t *testing.T) {
	tb := open(t, "view=template")
	varsText := `{"var": "value", "hello": "Hello World!", "path": "/foo/bar", "list": ["red", "green", "blue"], "keys": {"semi": ";", "dot": ".", "comma": ","}}`
	vars := uritemplate.Vars{
		"var": uritemplate.String("value"), "hello": uritemplate.String("Hello World!"), "path": uritemplate.String("/foo/bar"),
		"list": uritemplate.List("red", "green", "blue"),
		"keys": uritemplate.Assoc(uritemplate.Pair{Key: "semi", Value: ";"}, uritemplate.Pair{Key: "dot", Value: "."}, uritemplate.Pair{Key: "comma", Value: ","}),
	}
	tb.typeInto("vars", varsText)
	tb.typeInto("turi", "")
	// RFC 6570 3.2.2-3.2.9, with the expansions the RFC gives.
	examples := [][2]string{
		{"{var}", "value"}, {"{hello}", "Hello%20World%21"}, {"{+path}/here", "/foo/bar/here"},
		{"{#hello}", "#Hello%20World!"}, {"X{.list}", "X.red,green,blue"}, {"{/list*}", "/red/green/blue"},
		{"{;keys*}", ";semi=%3B;dot=.;comma=%2C"}, {"{?var,list}", "?var=value&list=red,green,blue"},
		{"?fixed=yes{&keys*}", "?fixed=yes&semi=%3B&dot=.&comma=%2C"}, {"{var:3}", "val"},
	}
	for _, ex := range examples {
		tb.typeInto("tpl", ex[0])
		tpl, err := uritemplate.Parse(ex[0])
		if err != nil {
			t.Fatal(err)
		}
		if lib, err := tpl.Expand(vars); err != nil || lib != ex[1] {
			t.Errorf("expand %q: the library gives %q, %v; RFC 6570 %q", ex[0], lib, err, ex[1])
		}
		if got := eval[string](tb, `document.getElementById("expansion").textContent`); got != ex[1] {
			t.Errorf("expand %q: the page shows %q, RFC 6570 gives %q", ex[0], got, ex[1])
		}
	}
	tb.typeInto("tpl", "https://example.com/users/{user}/repos{?sort,tags*}")
	tb.typeInto("turi", "https://example.com/users/bo/repos?sort=name&tags=a%20b&tags=c")
	got := eval[map[string]string](tb, `(() => {
	  const rows = {};
	  for (const tr of document.querySelectorAll("#matched tbody tr")) rows[tr.dataset.variable] = tr.cells[1].textContent;
	  return rows;
	})()`)
	want := map[string]string{"user": "\u201cbo\u201d", "sort": "\u201cname\u201d", "tags": "a b, c"}
	if !maps.Equal(got, want) {
		t.Errorf("read back: the page shows %q, want %q", got, want)
	}
	tb.screenshot("template")
	// The pairs of an associative array in the order of the URI, an
	// integer-like name and a name that comes twice included, and a byte
	// that is not UTF-8 as such.
	tb.typeInto("tpl", "https://example.com/{?q*}")
	tb.typeInto("turi", "https://example.com/?b=1&2=x&b=%FF&10=")
	pairs := eval[string](tb, `document.querySelector('#matched tbody tr[data-variable="q"]').cells[1].textContent`)
	if want := `b=1, 2=x, b=\xff, 10=`; pairs != want {
		t.Errorf("read back an associative array: the page shows %q, want %q", pairs, want)
	}
	// A template is masked only in its literals: its expressions stay.
	tb.typeInto("tpl", "https://h/?token=abc{&x}")
	cover := eval[string](tb, `(() => { const e = document.getElementById("tpl"); e.blur(); return e.parentElement.querySelector(".cover").textContent; })()`)
	if want := "https://h/?token=xxxxx{&x}"; cover != want {
		t.Errorf("the template field's cover shows %q, want %q", cover, want)
	}
	tb.typeInto("tpl", "{year}-{month}")
	if !eval[bool](tb, `!document.getElementById("matchable-error").hidden`) {
		t.Errorf(`an ambiguous template ("{year}-{month}") shows no error`)
	}
	tb.typeInto("vars", `{"x": 1`)
	if !eval[bool](tb, `!document.getElementById("template-error").hidden`) {
		t.Errorf("variables that are no JSON object show no error")
	}
}

// TestNoPasswordAnywhere types URIs with passwords into every field and
// checks that the password is nowhere in the page but the field it was
// typed into: not in the DOM, its text, its attributes, its address, its
// title or its storage, in any view.
func TestNoPasswordAnywhere(t *testing.T) {
	tb := open(t, "")
	cases := []struct{ view, field, text, secret string }{
		{"inspect", "input", "http://user:Zq9SecretPW@example.com/", "Zq9SecretPW"},
		{"inspect", "input", "amqps://u:Zq9SecretPW@broker/vh?heartbeat=10", "Zq9SecretPW"},
		{"inspect", "input", "amqps://u@broker/vh?password=Zq9SecretPW&keyfile=/k", "Zq9SecretPW"},
		{"inspect", "input", "postgres://user:Zq9#SecretPW@host/db", "SecretPW"},
		{"inspect", "input", "http://user:Zq9SecretPW@exa mple.com/", "Zq9SecretPW"},
		{"inspect", "input", "amqp://u:Zq9SecretPW@h/?heartbeat=abc", "Zq9SecretPW"},
		{"resolve", "base", "http://user:Zq9SecretPW@example.com/a/b", "Zq9SecretPW"},
		{"resolve", "ref", "//user:Zq9SecretPW@other.example/x", "Zq9SecretPW"},
		{"resolve", "ref", "g?password=Zq9SecretPW", "Zq9SecretPW"},
		{"compare", "a", "http://user:Zq9SecretPW@example.com/", "Zq9SecretPW"},
		{"compare", "b", "HTTP://user:Zq9SecretPW@Example.com:80/", "Zq9SecretPW"},
		{"template", "tpl", "https://ana:Zq9SecretPW@h/{x}", "Zq9SecretPW"},
		{"template", "tpl", "https://h/?token=Zq9SecretPW{&x}", "Zq9SecretPW"},
		{"template", "turi", "https://h/?access_token=Zq9SecretPW&x=1", "Zq9SecretPW"},
		{"template", "vars", `{"user": "ana", "password": "Zq9SecretPW"}`, "Zq9SecretPW"},
		{"template", "vars", `{"m": {"access_token": "Zq9SecretPW"}}`, "Zq9SecretPW"},
		{"template", "vars", `{"u": "https://a:Zq9SecretPW@h/"}`, "Zq9SecretPW"},
	}
	for _, c := range cases {
		// Each case starts with every field free of the password.
		eval[bool](tb, `(() => { for (const e of document.querySelectorAll("input")) { e.value = "http://h/"; e.dispatchEvent(new Event("input")); } return true; })()`)
		tb.view(c.view)
		// Every address the page writes, key by key, is kept.
		eval[bool](tb, `(() => {
		  if (!window.addressLog) {
		    const replace = history.replaceState.bind(history);
		    history.replaceState = (state, title, url) => { window.addressLog.push(String(url)); return replace(state, title, url); };
		  }
		  window.addressLog = [];
		  return true;
		})()`)
		tb.typeInto(c.field, c.text)
		for _, addr := range eval[[]string](tb, `window.addressLog`) {
			// The first bytes of a password may pass for a port or a user
			// name; from its fourth byte on, no address holds it.
			for n := 4; n <= len(c.secret); n++ {
				if strings.Contains(addr, c.secret[:n]) {
					t.Errorf("%q typed into %s: an address on the way held %q: %s", c.text, c.field, c.secret[:n], addr)
					break
				}
			}
		}
		// Once the field is left, its own text shows masked: the field's
		// text is transparent under a cover that holds the masked text.
		shown := eval[struct{ Masking, Transparent bool }](tb, fmt.Sprintf(`(() => {
		  const e = document.getElementById(%q); e.blur();
		  return {Masking: e.parentElement.classList.contains("masking"), Transparent: getComputedStyle(e).color === "rgba(0, 0, 0, 0)"};
		})()`, c.field))
		if !shown.Masking || !shown.Transparent {
			t.Errorf("%q typed into %s: once left, the field is not masked (%+v)", c.text, c.field, shown)
		}
		for _, v := range []string{"inspect", "resolve", "compare", "template"} {
			tb.view(v)
			got := eval[pageText](tb, `({
			  HTML: document.documentElement.outerHTML,
			  Text: document.body.innerText + document.body.textContent,
			  Href: location.href,
			  Title: document.title,
			  Storage: JSON.stringify(localStorage) + JSON.stringify(sessionStorage),
			  Values: Object.fromEntries([...document.querySelectorAll("input")].map((e) => [e.id, e.value])),
			})`)
			for where, s := range map[string]string{"DOM": got.HTML, "text": got.Text, "address": got.Href, "title": got.Title, "storage": got.Storage} {
				// Nor any half of it.
				i := strings.Index(s, c.secret[:len(c.secret)/2])
				if j := strings.Index(s, c.secret[len(c.secret)/2:]); i < 0 {
					i = j
				}
				if i >= 0 {
					t.Logf("%s", s[max(i-200, 0):min(i+100, len(s))])
					t.Errorf("%q typed into %s: the password is in the page's %s in the %s view", c.text, c.field, where, v)
				}
			}
			for id, val := range got.Values {
				if id != c.field && strings.Contains(val, c.secret) {
					t.Errorf("%q typed into %s: the password is in the field %s", c.text, c.field, id)
				}
			}
		}
		if c.text == "amqps://u:Zq9SecretPW@broker/vh?heartbeat=10" {
			tb.view("inspect")
			tb.screenshot("inspect-password")
		}
	}
}

// TestSharedAddress checks that the address fragment keeps the state of
// every view, masked, and that opening it restores the view.
func TestSharedAddress(t *testing.T) {
	tb := open(t, "")
	tb.view("compare")
	tb.typeInto("a", "http://u:Zq9SecretPW@a.example/%7e")
	tb.typeInto("b", "http://b.example/~")
	href := eval[string](tb, `location.href`)
	if strings.Contains(href, "Zq9SecretPW") {
		t.Fatalf("the address holds the password: %s", href)
	}
	fragment := href[strings.IndexByte(href, '#')+1:]
	other := open(t, fragment)
	got := eval[struct{ View, A, B string }](other, `({View: document.body.dataset.view, A: document.getElementById("a").value, B: document.getElementById("b").value})`)
	if got.View != "compare" || got.A != "http://u:xxxxx@a.example/%7e" || got.B != "http://b.example/~" {
		t.Errorf("opening #%s restored %+v", fragment, got)
	}
	// The page says that the masked passwords may change the answers.
	if !eval[bool](other, `!document.getElementById("shared-note").hidden`) {
		t.Errorf("opening #%s: no notice that passwords were masked", fragment)
	}
	if eval[bool](tb, `!document.getElementById("shared-note").hidden`) {
		t.Error("the notice of masked passwords shows on a page that was typed into")
	}
}

// TestNoMarkupFromInput checks that text typed into the page is never
// read as markup.
func TestNoMarkupFromInput(t *testing.T) {
	tb := open(t, "")
	tb.typeInto("input", `http://h/"><img src=x onerror=alert(1)>`)
	tb.typeInto("input", `http://h/?<b>bold</b>`)
	n := eval[int](tb, `document.querySelectorAll("main img, main b").length`)
	if n != 0 {
		t.Errorf("typed markup became %d elements", n)
	}
	// It shows as text instead.
	if text, _, _ := strings.Cut(eval[string](tb, `document.getElementById("caret").textContent`), "\n"); text != `http://h/?<b>bold</b>` {
		t.Errorf("typed markup shows as %q", text)
	}
}

// TestFirstAnswer measures the time from the start of the page's load to
// urikit's first answer on it, and logs it with the module's size.
func TestFirstAnswer(t *testing.T) {
	tb := open(t, "")
	got := eval[firstAnswer](tb, `(() => {
	  const e = performance.getEntriesByName(new URL("urikit.wasm", location.href).href)[0] || {};
	  return {ms: globalThis.urikitFirstAnswerMs, encoded: e.encodedBodySize || 0, decoded: e.decodedBodySize || 0};
	})()`)
	if got.Ms <= 0 || got.Decoded == 0 {
		t.Fatalf("no timing: %+v", got)
	}
	footer := eval[string](tb, `document.getElementById("timing").textContent`)
	if !strings.Contains(footer, strconv.Itoa(int(got.Ms+0.5))+" ms") {
		t.Errorf("the footer says %q, the page measured %.0f ms", footer, got.Ms)
	}
	t.Logf("first answer %.0f ms after the page started loading; module %.2f MB, %.2f MB transferred", got.Ms, got.Decoded/1048576, got.Encoded/1048576)
	// And the time of one answer of each view once loaded, on URIs of
	// the corpus's kind: what a key press costs.
	per := eval[map[string]float64](tb, `(() => {
	  const time = (f) => { const n = 200, t0 = performance.now(); for (let i = 0; i < n; i++) f(); return (performance.now() - t0) / n; };
	  return {
	    inspect: time(() => urikit.inspect("http://user@example.com:8080/a/b/../c?q=1#top")),
	    amqp: time(() => urikit.inspect("amqps://user:pw@broker.example.com:5671/prod?heartbeat=30")),
	    resolve: time(() => urikit.resolve("http://a/b/c/d;p?q", "../g?x#s")),
	    compare: time(() => urikit.compare("HTTP://Example.COM:80/%7Euser", "http://example.com/~user")),
	  };
	})()`)
	t.Logf("one answer: inspect %.2f ms, inspect amqps %.2f ms, resolve %.2f ms, compare %.2f ms", per["inspect"], per["amqp"], per["resolve"], per["compare"])
}

// TestOffline checks, after the other tests, that every request any page
// made went to urikit serve, and that the server forbids anything else.
func TestOffline(t *testing.T) {
	if skip != "" {
		t.Skip(skip)
	}
	open(t, "")
	requestsMu.Lock()
	defer requestsMu.Unlock()
	if len(requests) == 0 {
		t.Fatal("no request was seen")
	}
	for _, u := range requests {
		if !strings.HasPrefix(u, pageURL) && !strings.HasPrefix(u, "data:") {
			t.Errorf("a request left the page: %s", u)
		}
	}
	resp, err := http.Get(pageURL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'none'") || !strings.Contains(csp, "connect-src 'self'") {
		t.Errorf("Content-Security-Policy %q", csp)
	}
}
