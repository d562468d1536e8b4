package amqp_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/urikit/urikit/internal/masked"
	"github.com/urikit/urikit/internal/testload"
	"github.com/urikit/urikit/scheme/amqp"
)

// member is one member of a JSON object, in order.
type member struct {
	name  string
	value json.RawMessage
}

// members returns the members of the JSON object b, in order.
func members(t *testing.T, b []byte) []member {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("not a JSON object: %s", b)
	}
	var ms []member
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		ms = append(ms, member{tok.(string), v})
	}
	return ms
}

// stringFields splits String's "{name:value ...}" at the names given,
// which it must hold in that order: the values as String shows them.
func stringFields(t *testing.T, s string, names []string) []string {
	t.Helper()
	if !strings.HasPrefix(s, "{") || !strings.HasSuffix(s, "}") {
		t.Fatalf("String() = %q, not {...}", s)
	}
	s = s[1 : len(s)-1]
	var vals []string
	for i, n := range names {
		if !strings.HasPrefix(s, n+":") {
			t.Fatalf("String(): %q does not start with %s:", s, n)
		}
		s = s[len(n)+1:]
		end := len(s)
		if i+1 < len(names) {
			end = strings.Index(s, " "+names[i+1]+":")
			if end < 0 {
				t.Fatalf("String(): no %s after %s in %q", names[i+1], n, s)
			}
		}
		vals = append(vals, s[:end])
		s = strings.TrimPrefix(s[end:], " ")
	}
	if s != "" {
		t.Fatalf("String(): %q after the last field", s)
	}
	return vals
}

// configs returns the Configs the forms are compared on: the amqp URIs of
// the command line's and the amqp091 differential tests, and Configs that
// mask every field they can.
func configs(t *testing.T) []amqp.Config {
	ins := append(testload.Lines(t, "../../cmd/urikit/testdata/amqp.txt"), testload.Lines(t, "../../conformance/amqp091/testdata/amqp.txt")...)
	ins = append(ins,
		"amqps://u:p@h:1/v?heartbeat=0&connection_timeout=5&channel_max=3&frame_max=0&auth_mechanism=a&auth_mechanism=&depth=2&fail_if_no_peer_cert=true&verify=verify_peer&customize_hostname_check=https&password=k&certfile=/c&keyfile=/k&cacertfile=/ca&server_name_indication=s&x&y=%00%E2%80%AE",
		"amqp://ghp_0123456789abcdefghij0123456789abcdef@h/v?token=abc&next=http://a:b@c",
		"amqp://",
	)
	var cs []amqp.Config
	for _, in := range ins {
		u, err := amqp.Parse(in)
		if err != nil {
			continue
		}
		c, err := u.Config()
		if err != nil {
			continue
		}
		cs = append(cs, c, c.HideAll())
	}
	return append(cs, amqp.Config{})
}

// TestFieldsFormsAgree: String, LogValue and MarshalJSON show the fields
// of Fields, field by field: the same names in the same order (an absent
// field only in JSON, as null or its zero value), the same values, and
// the same masks.
func TestFieldsFormsAgree(t *testing.T) {
	n := 0
	for _, c := range configs(t) {
		fs := c.Fields()
		j, err := c.MarshalJSON()
		if err != nil || !json.Valid(j) {
			t.Fatalf("%v: MarshalJSON() = %s, %v", c, j, err)
		}
		jm := members(t, j)
		var logged bytes.Buffer
		slog.New(slog.NewJSONHandler(&logged, nil)).Info("", "c", c)
		var rec map[string]json.RawMessage
		if err := json.Unmarshal(logged.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		lm := members(t, rec["c"])
		var present []string
		for _, f := range fs {
			if f.Present() {
				present = append(present, f.Name)
			}
		}
		sv := stringFields(t, c.String(), present)
		if len(jm) != len(fs) || len(lm) != len(present) {
			t.Fatalf("%v: %d JSON members and %d logged for %d fields, %d present", c, len(jm), len(lm), len(fs), len(present))
		}
		p := 0
		for i, f := range fs {
			if jm[i].name != f.Name {
				t.Errorf("%v: JSON member %d is %q, field %q", c, i, jm[i].name, f.Name)
			}
			jv := string(jm[i].value)
			if !f.Present() {
				if jv != "null" && jv != "0" && jv != "false" && jv != "[]" {
					t.Errorf("%v: absent %s is %s in JSON", c, f.Name, jv)
				}
				continue
			}
			n++
			lv, s := string(lm[p].value), sv[p]
			if lm[p].name != f.Name {
				t.Errorf("%v: logged member %d is %q, field %q", c, p, lm[p].name, f.Name)
			}
			p++
			if f.Masked && f.Value.Kind() == slog.KindString {
				if s != "xxxxx" || lv != `"xxxxx"` || jv != `"xxxxx"` && jv != "null" {
					t.Errorf("%v: masked %s shows as %q, %s, %s", c, f.Name, s, lv, jv)
				}
				continue
			}
			var want string // the value in the JSON forms
			switch f.Value.Kind() {
			case slog.KindString:
				want = strconv.Quote(f.Value.String())
				if s != masked.EscapeControls(f.Value.String()) {
					t.Errorf("%v: String shows %s as %q, want %q", c, f.Name, s, masked.EscapeControls(f.Value.String()))
				}
				var back string
				json.Unmarshal(jm[i].value, &back)
				if back != f.Value.String() {
					t.Errorf("%v: JSON shows %s as %q, want %q", c, f.Name, back, f.Value.String())
				}
				json.Unmarshal(lm[p-1].value, &back)
				if back != f.Value.String() {
					t.Errorf("%v: LogValue shows %s as %q, want %q", c, f.Name, back, f.Value.String())
				}
				continue
			case slog.KindInt64, slog.KindBool:
				want = f.Value.String()
				if s != want || lv != want || jv != want {
					t.Errorf("%v: %s shows as %q, %s, %s; want %s", c, f.Name, s, lv, jv, want)
				}
			case slog.KindDuration:
				d := f.Value.Duration()
				unit := time.Millisecond
				if f.Name == "heartbeat" {
					unit = time.Second
				}
				if s != d.String() || lv != strconv.FormatInt(int64(d), 10) || jv != strconv.FormatInt(int64(d/unit), 10) {
					t.Errorf("%v: %s shows as %q, %s, %s; want %v", c, f.Name, s, lv, jv, d)
				}
			default:
				if s != fmt.Sprint(f.Value.Any()) {
					t.Errorf("%v: String shows %s as %q, want %v", c, f.Name, s, f.Value.Any())
				}
				if lv != jv {
					t.Errorf("%v: %s logs as %s, marshals as %s", c, f.Name, lv, jv)
				}
			}
		}
	}
	if n < 500 {
		t.Errorf("only %d present fields compared", n)
	}
}

// TestFieldsMask: a Config's Fields mask the login password, the key
// passphrase and, where URI.String masks them, the values of other
// fields; the Config keeps its values.
func TestFieldsMask(t *testing.T) {
	c, err := amqp.MustParse("amqps://u:pw@h/v?password=k3y&heartbeat=5&token=t0k").Config()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, f := range c.Fields() {
		if f.Masked {
			got[f.Name] = fmt.Sprint(f.Value.Any())
		}
	}
	if fmt.Sprint(got) != "map[key_password:xxxxx password:xxxxx]" {
		t.Errorf("masked fields %v", got)
	}
	if u := c.Fields()[len(c.Fields())-1]; u.Name != "unknown" || fmt.Sprint(u.Value.Any()) != "[token=xxxxx]" {
		t.Errorf("unknown = %v", u.Value)
	}
	for _, f := range c.HideAll().Fields() {
		if f.Present() && f.Name != "scheme" && !f.Masked && f.Name != "unknown" {
			t.Errorf("HideAll: %s is not masked: %v", f.Name, f.Value)
		}
	}
	if c.Password != "pw" || c.KeyPassword != "k3y" {
		t.Error("the fields lost their values")
	}
}

// TestPrintedFormsEscapeControls: a decoded vhost, username or parameter
// that holds CR, LF, ESC or NUL cannot forge a log line or a field
// through the printed forms of Config and Param: fmt's verbs, slog's text
// and JSON handlers, and encoding/json.
func TestPrintedFormsEscapeControls(t *testing.T) {
	u := amqp.MustParse("amqp://u%0D%0Ax:pw@h/a%0Ab%1B%5B31m?auth_mechanism=PLAIN%0Dinjected=1&x-custom=%00v")
	c, err := u.Config()
	if err != nil {
		t.Fatal(err)
	}
	params, err := u.Params()
	if err != nil {
		t.Fatal(err)
	}
	var forms []string
	for _, v := range []any{c, params} {
		forms = append(forms, fmt.Sprint(v), fmt.Sprintf("%v %+v %s %q %#v", v, v, v, v, v))
		j, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		forms = append(forms, string(j))
		var text, js bytes.Buffer
		slog.New(slog.NewTextHandler(&text, nil)).Info("m", "v", v)
		slog.New(slog.NewJSONHandler(&js, nil)).Info("m", "v", v)
		forms = append(forms, strings.TrimSuffix(text.String(), "\n"), strings.TrimSuffix(js.String(), "\n"))
	}
	for _, f := range forms {
		if strings.ContainsAny(f, "\r\n\x1b\x00") {
			t.Errorf("a printed form holds a raw control byte: %q", f)
		}
	}
	if s := c.String(); !strings.Contains(s, `vhost:a\nb\x1b[31m`) {
		t.Errorf("Config.String() = %q, want the vhost escaped", s)
	}
}
