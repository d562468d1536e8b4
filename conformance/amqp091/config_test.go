package amqp091_test

import (
	"errors"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	rabbit "github.com/rabbitmq/amqp091-go"
	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/scheme/amqp"
	"github.com/urikit/urikit/uri"
)

// This file compares amqp.URI.Config with amqp091.ParseURI: for every
// input that both accept, the fields that amqp091-go's URI shares with
// amqp.Config must be equal; every input that exactly one side rejects
// must be a difference listed in scheme/amqp's package doc ("Config and
// amqp091-go").

// heartbeat reads amqp091-go's heartbeatDuration, a struct of an
// unexported value (time.Duration) and hasValue (bool).
func heartbeat(r rabbit.URI) (time.Duration, bool) {
	v := reflect.ValueOf(r.Heartbeat)
	return time.Duration(v.Field(0).Int()), v.Field(1).Bool()
}

// compareConfig returns the names of the fields on which c and r differ;
// never their values, which may be secrets.
func compareConfig(c amqp.Config, r rabbit.URI) []string {
	var diff []string
	check := func(name string, equal bool) {
		if !equal {
			diff = append(diff, name)
		}
	}
	check("Scheme", c.Scheme == r.Scheme)
	check("Host", c.Host == r.Host)
	check("Port", c.Port == r.Port)
	check("Username", c.Username == r.Username)
	check("Password", c.Password == r.Password)
	check("Vhost", c.Vhost == r.Vhost)
	check("CertFile", c.CertFile == r.CertFile)
	check("CACertFile", c.CACertFile == r.CACertFile)
	check("KeyFile", c.KeyFile == r.KeyFile)
	check("ServerName", c.ServerName == r.ServerName)
	check("AuthMechanism", (c.AuthMechanism == nil) == (r.AuthMechanism == nil) && slices.Equal(c.AuthMechanism, r.AuthMechanism))
	hb, hasHB := heartbeat(r)
	check("Heartbeat", c.HasHeartbeat == hasHB && c.Heartbeat == hb && c.Heartbeat%time.Second == 0)
	check("ConnectionTimeout", c.ConnectionTimeout%time.Millisecond == 0 && c.ConnectionTimeout.Milliseconds() == int64(r.ConnectionTimeout))
	check("ChannelMax", c.ChannelMax == r.ChannelMax)
	return diff
}

// configOnly returns the documented reason for which amqp.URI.Config
// rejects a URI that amqp.Parse and amqp091-go accept, or "" when the
// package doc lists no such difference.
func configOnly(err error) string {
	var e *amqp.Error
	if !errors.As(err, &e) || e.URI == nil || e.URI.Component != uri.ComponentQuery {
		return ""
	}
	switch {
	case errors.Is(err, amqp.ErrParamRepeated):
		return "single-valued parameter given twice (amqp091-go reads the first)"
	case errors.Is(err, amqp.ErrParamEmpty) && e.Field == "auth_mechanism":
		return "auth_mechanism without a value (amqp091-go offers the broker an empty mechanism name)"
	case errors.Is(err, amqp.ErrParamEmpty):
		return "single-valued parameter without a value (amqp091-go reads an empty path or name as absent)"
	case errors.Is(err, amqp.ErrParamSemicolon):
		return `unencoded ";" in a known parameter (net/url drops the pair)`
	case errors.Is(err, amqp.ErrTooManyParams):
		return "more than 10000 pairs (net/url reads no parameter)"
	}
	switch e.Field {
	case "frame_max", "verify", "depth", "fail_if_no_peer_cert", "customize_hostname_check":
		return "typed check of a parameter amqp091-go ignores: " + e.Field
	case "connection_timeout":
		if errors.Is(err, amqp.ErrParamRange) {
			return "connection_timeout negative or above 9223372036854 ms (amqp091-go accepts it)"
		}
	}
	return ""
}

// documentedDiff returns the documented reason why the values of u
// differ from amqp091-go's on the fields diff, or "": with an empty host,
// amqp091-go drops the first three bytes of the decoded path, so that a
// vhost that starts with "//" ("amqp:///%2F%2Fvh") loses them.
func documentedDiff(u amqp.URI, diff []string) string {
	v, _ := u.Vhost()
	if _, ok := u.Host(); !ok && len(diff) == 1 && strings.EqualFold(diff[0], "vhost") && strings.HasPrefix(v, "//") {
		return "empty host and a vhost that starts with \"//\" (amqp doc; amqp091-go drops three bytes of the path)"
	}
	return ""
}

// parseOnly returns the documented reason for which amqp.Parse rejects an
// input that amqp091-go accepts, or "".
func parseOnly(err error) string {
	var ue *uri.Error
	if errors.As(err, &ue) && ue.Component == uri.ComponentQuery &&
		(errors.Is(err, uri.ErrInvalidCharacter) || errors.Is(err, uri.ErrInvalidEscape)) {
		return "query byte or triplet RFC 3986 3.4 refuses (amqp doc; net/url keeps the query as written)"
	}
	for _, k := range urikitOnly {
		if errors.Is(err, k.reason) {
			return k.name
		}
	}
	return ""
}

// rabbitOnly returns the documented reason for which amqp091-go rejects
// u, which amqp.Parse and Config accept, or "".
func rabbitOnly(u amqp.URI) string {
	g := u.Unredacted()
	switch {
	case asciiEscape(g.Host()):
		return "percent-encoded ASCII in the host (spec Appendix A row 3; net/url rejects it)"
	case g.HostKind() == uri.HostIPvFuture:
		return "IPvFuture host (RFC 3986 3.2.2; net/url takes only IPv6 in brackets)"
	}
	return ""
}

// configVerdict reads s with amqp.Parse and Config and with
// amqp091.ParseURI: "agree", "differ" (detail: the fields), "both
// reject", "only urikit rejects" or "only amqp091-go rejects" (detail:
// the documented reason, "" when undocumented). No error text is kept:
// net/url's errors quote the input.
func configVerdict(s string) (kind, detail string) {
	r, errR := rabbit.ParseURI(s)
	u, errU := amqp.Parse(s)
	var c amqp.Config
	if errU == nil {
		c, errU = u.Config()
	}
	switch {
	case errU == nil && errR == nil:
		if diff := compareConfig(c, r); diff != nil {
			if why := documentedDiff(u, diff); why != "" {
				return "differ as documented", why
			}
			return "differ", strings.Join(diff, ", ")
		}
		return "agree", ""
	case errU != nil && errR != nil:
		return "both reject", ""
	case errU != nil:
		if why := parseOnly(errU); why != "" {
			return "only urikit rejects", why
		}
		return "only urikit rejects", configOnly(errU)
	}
	return "only amqp091-go rejects", rabbitOnly(u)
}

// paramCases returns inputs written for every registered parameter on
// amqp and amqps URIs: a valid value, invalid ones, the parameter
// repeated, empty, without "=", with its name percent-encoded, a "+" and
// a %2B in its value, and an unencoded ";".
func paramCases() []string {
	var values []string
	add := func(pairs ...string) {
		for _, base := range []string{"amqps://u:p@h:5671/v?", "amqp://h?", "amqp://?", "amqps://[::1]/%2F?x=1&"} {
			values = append(values, base+strings.Join(pairs, "&"))
		}
	}
	for _, s := range amqp.ParamSpecs() {
		n := s.Name
		var good, bad []string
		switch s.Type {
		case amqp.ParamInteger:
			good = []string{strconv.FormatInt(s.Min, 10), strconv.FormatInt(s.Max, 10), "000" + strconv.FormatInt(s.Min+1, 10), "+1", "-0"}
			if s.Max < math.MaxInt64 {
				bad = append(bad, strconv.FormatUint(uint64(s.Max)+1, 10))
			}
			if s.Min > 0 {
				bad = append(bad, strconv.FormatInt(s.Min-1, 10))
			}
			if s.ZeroOK {
				good = append(good, "0")
			}
			bad = append(bad, "abc", "-1", "1.5", "1e3", "0x10", " 5", "5%20", "99999999999999999999999", "%35")
		case amqp.ParamEnum:
			good = append([]string(nil), s.Values...)
			bad = []string{"nope", strings.ToUpper(s.Values[0]), s.Values[0] + "+"}
		default:
			good = []string{"/etc/rabbitmq/x.pem", "a+b", "a%2Bb", "%C3%BC", "a%26b", "a%3Bb", "a=b", "PLAIN", "amqplain", "EXTERNAL", "x"}
		}
		for _, v := range append(good, bad...) {
			add(n + "=" + v)
		}
		add(n + "=")
		add(n)
		add(n+"="+good[0], n+"="+good[len(good)-1])
		add(n+"="+good[0], "heartbeat=5", n+"=")
		add(n + "=" + good[0] + ";x")
		add(n+"=a;b", "channel_max=1")
		// The name percent-encoded, one byte at a time ("cert%66ile"),
		// and in uppercase, which no client reads as the parameter.
		for i := range len(n) {
			add(n[:i] + "%" + strings.ToUpper(strconv.FormatInt(int64(n[i]), 16)) + n[i+1:] + "=" + good[0])
		}
		add(strings.ToUpper(n) + "=" + good[0])
		add(n + "+=" + good[0])
	}
	add("auth_mechanism=plain", "auth_mechanism=", "auth_mechanism", "auth_mechanism=x+y")
	add("zz=1", "zz=2", "=3", "&", "&&")
	add("heartbeat=5&heartbeat=abc")
	add("heartbeat=abc&heartbeat=5")
	add("frame_max=1&heartbeat=abc")
	add("x=1;heartbeat=abc", "heartbeat=7")
	return values
}

// configDifferences pins the verdicts of inputs written for each
// documented difference of Config, and of look-alikes on which the two
// agree.
var configDifferences = []struct {
	in, kind, reason string // reason: a prefix of the documented reason
}{
	{"amqp://h/v?heartbeat=30&connection_timeout=1500&channel_max=7", "agree", ""},
	{"amqp://h/v?heartbeat=0", "agree", ""},
	{"amqps://h/v?cert%66ile=/c.pem&key%66ile=/k.pem&cacert%66ile=/ca.pem", "agree", ""},
	{"amqps://h/v?certfile=/a+b.pem&cacertfile=/a%2Bb.pem", "agree", ""},
	{"amqps://h/v?server_name_indication=b%C3%BCcher.example", "agree", ""},
	{"amqp://h/v?auth_mechanism=plain&auth_mechanism=AMQPLAIN", "agree", ""},
	{"amqp://h/v?auth_mechanism=plain&auth_mechanism=&auth_mechanism", "only urikit rejects", "auth_mechanism without a value"},
	{"amqp://h/v?certfile=/c.pem&verify=v&depth=x&certfile=/d.pem", "agree", ""},
	{"amqp://h/v?cacertfile=/a;b", "agree", ""},
	{"amqp://h/v?auth_mechanism=a+b", "agree", ""},
	{"amqp://h/v?connection_timeout=%2B5", "agree", ""},
	{"amqp://h/v?heartbeat=%35", "agree", ""},
	{"amqp://h/v?HEARTBEAT=abc", "agree", ""},
	{"amqp://h/v?x=1;heartbeat=abc", "agree", ""},
	{"amqps://h/v?password=a%3Bb&verify=verify_peer&depth=0&fail_if_no_peer_cert=false&frame_max=0", "agree", ""},
	{"amqp://h/v?frame_max=100", "only urikit rejects", "typed check of a parameter amqp091-go ignores: frame_max"},
	{"amqps://h/v?verify=verify_peers", "only urikit rejects", "typed check of a parameter amqp091-go ignores: verify"},
	{"amqps://h/v?depth=-1", "only urikit rejects", "typed check of a parameter amqp091-go ignores: depth"},
	{"amqps://h/v?fail_if_no_peer_cert=yes", "only urikit rejects", "typed check of a parameter amqp091-go ignores: fail_if_no_peer_cert"},
	{"amqps://h/v?customize_hostname_check=http", "only urikit rejects", "typed check of a parameter amqp091-go ignores: customize_hostname_check"},
	{"amqp://h/v?connection_timeout=-1", "only urikit rejects", "connection_timeout negative"},
	{"amqp://h/v?connection_timeout=9223372036855", "only urikit rejects", "connection_timeout negative"},
	{"amqp://h/v?heartbeat=5&heartbeat=6", "only urikit rejects", "single-valued parameter given twice"},
	{"amqps://h/v?password=a&password=b", "only urikit rejects", "single-valued parameter given twice"},
	{"amqps://h/v?certfile=", "only urikit rejects", "single-valued parameter without a value"},
	{"amqps://h/v?password", "only urikit rejects", "single-valued parameter without a value"},
	{"amqps://h/v?cacertfile=/a;b", "only urikit rejects", `unencoded ";"`},
	{"amqp://h/v?heartbeat=abc;", "only urikit rejects", `unencoded ";"`},
	{"amqp://h/v?" + strings.Repeat("x&", 10000) + "heartbeat=5", "only urikit rejects", "more than 10000 pairs"},
	{"amqp://[v1.x]/v", "only amqp091-go rejects", "IPvFuture host"},
	{"amqp://ho%61st/v?heartbeat=5", "only amqp091-go rejects", "percent-encoded ASCII in the host"},
	{"amqp://h/v?heartbeat=70000", "both reject", ""},
	{"amqp://h/v?heartbeat=", "both reject", ""},
	{"amqp://h/v?channel_max=-1", "both reject", ""},
	{"amqp://h/v?connection_timeout=1.5", "both reject", ""},
	{"amqp://h/v?connection_timeout=99999999999999999999", "both reject", ""},
	{"amqp://h/v?heartbeat=abc&heartbeat=5", "both reject", ""},
}

func TestConfigDocumentedDifferences(t *testing.T) {
	for i, d := range configDifferences {
		kind, detail := configVerdict(d.in)
		if kind != d.kind || !strings.HasPrefix(detail, d.reason) {
			t.Errorf("configDifferences[%d] (%.80s): %s (%s), want %s (%s)", i, scheme.Redact(d.in), kind, detail, d.kind, d.reason)
		}
	}
}

// TestConfigDifferential reads the Appendix A rows, the written
// differences, the parameter cases and every corpus line with both. The
// log lists the counts per verdict and reason, each with one example
// shown through scheme.Redact.
func TestConfigDifferential(t *testing.T) {
	inputs := append([]string(nil), appendixA...)
	for _, d := range differences {
		inputs = append(inputs, d.in)
	}
	for _, d := range configDifferences {
		inputs = append(inputs, d.in)
	}
	inputs = append(inputs, paramCases()...)
	inputs = append(inputs, readLines(t, *corpusFile)...)
	tallyVerdicts(t, inputs, configVerdict)
}

// TestConfigAppendixA pins the rows of the spec's Appendix A: Config and
// amqp091-go agree on each, except row 3, which only urikit accepts.
func TestConfigAppendixA(t *testing.T) {
	for i, s := range appendixA {
		kind, detail := configVerdict(s)
		want := "agree"
		if i+1 == 3 {
			want = "only amqp091-go rejects"
		}
		if kind != want || want != "agree" && detail == "" {
			t.Errorf("row %d: %s (%s), want %s", i+1, kind, detail, want)
		}
	}
}

// fuzzBases are the URIs before the query that FuzzConfig appends
// parameters to.
var fuzzBases = []string{
	"amqp://",
	"amqps://",
	"amqp://u:p@h/v",
	"amqps://user:pass@host:10000/%2F",
	"amqp://[::1]:5672",
	"AMQPS://u@b%C3%BCcher.example/",
	"amqp://:@/",
	"amqp:///vhost",
}

// FuzzConfig builds a query from the names of amqp.ParamSpecs (plain,
// percent-encoded or unknown) and values from the fuzzer, written raw
// (when they are RFC 3986 query text), escaped as a query part or escaped
// for the query as a whole, and requires Config and amqp091-go to
// agree on every input both accept and every one-sided rejection to be a
// documented difference.
//
// sel drives the pairs, two bytes each: the first picks the name (and
// whether it is percent-encoded), the second how the value is written;
// vals holds the values, separated by NUL bytes.
func FuzzConfig(f *testing.F) {
	f.Add(uint8(0), []byte{0, 0, 1, 0, 2, 0}, "30\x001500\x007")
	f.Add(uint8(3), []byte{4, 0, 4, 1, 4, 2}, "plain\x00a+b\x00")
	f.Add(uint8(1), []byte{5, 1, 6, 2, 7, 0, 8, 1}, "/ca.pem\x00/c+ert.pem\x00/k;ey.pem\x00p#a&s%s")
	f.Add(uint8(2), []byte{9, 0, 10, 0, 11, 0, 12, 0, 13, 0}, "verify_none\x00sni\x003\x00true\x00https")
	f.Add(uint8(2), []byte{0, 0, 0, 0, 3, 3, 14, 0, 15, 0}, "5\x006\x00\x00x\x00y")
	f.Add(uint8(4), []byte{1, 1, 128, 0, 130, 2}, "-5\x0065535\x00abc")
	f.Add(uint8(5), []byte{2, 0, 1, 0}, "0070000\x009223372036855")
	specs := amqp.ParamSpecs()
	f.Fuzz(func(t *testing.T, base uint8, sel []byte, vals string) {
		if len(sel) > 64 || len(vals) > 1024 {
			return
		}
		values := strings.Split(vals, "\x00")
		var q strings.Builder
		for i := 0; i+1 < len(sel); i += 2 {
			if i > 0 {
				q.WriteByte('&')
			}
			name := "zz"
			if k := int(sel[i] & 0x7f); k < len(specs) {
				name = specs[k].Name
			} else if k == len(specs)+1 {
				name = ""
			}
			if sel[i]&0x80 != 0 && name != "" {
				// Percent-encode one byte of the name.
				j := int(sel[i+1]>>3) % len(name)
				name = name[:j] + "%" + strings.ToUpper(strconv.FormatInt(int64(name[j]), 16)) + name[j+1:]
			}
			q.WriteString(name)
			v := values[(i/2)%len(values)]
			mode := sel[i+1] & 3
			if g, err := uri.Parse("x:?" + v); mode == 0 && (err != nil || g.HasFragment()) {
				// Only RFC 3986 query text: a byte the query does not
				// allow is an error of Parse that net/url tolerates.
				mode = 2
			}
			switch mode {
			case 0: // as written
				q.WriteString("=" + v)
			case 1: // escaped as a query key or value: "+" is %2B
				q.WriteString("=" + uri.EscapeQueryPart(v))
			case 2: // escaped for the query as a whole: "&", "=", "+" stay
				q.WriteString("=" + uri.Escape(v, uri.ComponentQuery))
			case 3: // no "="
			}
		}
		s := fuzzBases[int(base)%len(fuzzBases)] + "?" + q.String()
		kind, detail := configVerdict(s)
		switch {
		case kind == "differ":
			t.Errorf("%.200s: Config and amqp091-go differ on %s", scheme.Redact(s), detail)
		case kind != "agree" && kind != "both reject" && detail == "":
			t.Errorf("%.200s: %s, for an undocumented reason", scheme.Redact(s), kind)
		}
	})
}
