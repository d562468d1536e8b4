package amqp091_test

import (
	"net/url"
	"sort"
	"strconv"
	"strings"
	"testing"

	rabbit "github.com/rabbitmq/amqp091-go"
	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/scheme/amqp"
	"github.com/urikit/urikit/uri"
)

// urikitOnly names the reasons for which amqp.Parse rejects an input that
// amqp091-go accepts, each a difference documented in scheme/amqp (or, for
// zones, in uri/doc.go).
var urikitOnly = []struct {
	reason error
	name   string
}{
	{amqp.ErrPortRange, "port above 65535 (amqp doc, Deviations; amqp091-go takes up to 2^31-1)"},
	{amqp.ErrInvalidUTF8, "decodes to invalid UTF-8 (amqp doc, Deviations)"},
	{amqp.ErrVhostSegments, "more than one path segment (spec: vhost = segment; amqp091-go keeps the whole path)"},
	{amqp.ErrFragment, "fragment (amqp doc, Decisions; net/url drops it)"},
	{uri.ErrZoneID, "IPv6 zone identifier (uri doc, Deviations; net/url takes RFC 6874 zones)"},
	{amqp.ErrUnencodedAt, `unencoded "@" in the credentials (spec grammar; net/url splits at the last "@")`},
	{amqp.ErrUnencodedColon, `unencoded ":" in the password (spec grammar; net/url splits at the first ":")`},
	{amqp.ErrUnencodedDelimiter, `unencoded "#", "/" or "?" in the credentials (spec grammar)`},
	{amqp.ErrNoAuthority, `no "//" after the scheme (amqp doc; amqp091-go dials localhost)`},
	{amqp.ErrCredentialNUL, "username or password decodes to NUL (amqp doc, Deviations; SASL PLAIN separator)"},
	{uri.ErrInvalidPort, `IPv6 address without brackets (amqp doc; amqp091-go reads host ":" and a port)`},
}

// amqp091Only returns why amqp091-go rejects u, an input that amqp.Parse
// accepts, if the reason is a documented difference, or "".
func amqp091Only(u amqp.URI) string {
	g := u.Unredacted()
	if asciiEscape(g.Host()) {
		// Appendix A row 3, "ho%61st": net/url refuses a percent-encoded
		// ASCII byte in a host.
		return "percent-encoded ASCII in the host (spec Appendix A row 3; net/url rejects it)"
	}
	if q, ok := u.Query(); ok {
		// amqp091-go fails on a malformed heartbeat, channel_max or
		// connection_timeout; amqp.Parse never fails on a query parameter
		// (amqp doc, Decisions).
		vals, _ := url.ParseQuery(q)
		for _, k := range []string{"heartbeat", "channel_max"} {
			if vals.Has(k) {
				if _, err := strconv.ParseUint(vals.Get(k), 10, 16); err != nil {
					return "query parameter " + k + " out of range (amqp.Parse reads no parameter)"
				}
			}
		}
		if vals.Has("connection_timeout") {
			if _, err := strconv.Atoi(vals.Get("connection_timeout")); err != nil {
				return "query parameter connection_timeout not an integer (amqp.Parse reads no parameter)"
			}
		}
	}
	return ""
}

// asciiEscape reports whether s holds a percent-encoding of an ASCII byte
// other than "%25".
func asciiEscape(s string) bool {
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '%' && s[i+1] <= '7' && s[i:i+3] != "%25" {
			return true
		}
	}
	return false
}

// compare returns the names of the values on which a URI that both accept
// differs: those the two define alike (amqp091-go's defaults stand for
// absent values: localhost, the scheme's port, guest, guest, "/").
func compare(u amqp.URI, r rabbit.URI) []string {
	var diff []string
	scheme := "amqp"
	if u.Secure() {
		scheme = "amqps"
	}
	if r.Scheme != scheme {
		diff = append(diff, "scheme")
	}
	if h, ok := u.Hostname(); !ok && r.Host != "localhost" || ok && r.Host != h {
		diff = append(diff, "host")
	}
	port, ok := u.Port()
	if !ok {
		port = u.DefaultPort()
	}
	if r.Port != port {
		diff = append(diff, "port")
	}
	if v, ok := u.Username(); !ok && r.Username != "guest" || ok && r.Username != v {
		diff = append(diff, "username")
	}
	if v, ok := u.Password(); !ok && r.Password != "guest" || ok && r.Password != v {
		diff = append(diff, "password")
	}
	if v, ok := u.Vhost(); (!ok || v == "") && r.Vhost != "/" || ok && v != "" && r.Vhost != v {
		diff = append(diff, "vhost")
	}
	return diff
}

// verdict parses s with both parsers: "agree", "differ" (detail: the
// values), "both reject", "only urikit rejects" or "only amqp091-go
// rejects" (detail: the documented reason, "" when undocumented).
func verdict(s string) (kind, detail string) {
	u, errU := amqp.Parse(s)
	r, errR := rabbit.ParseURI(s)
	switch {
	case errU == nil && errR == nil:
		if diff := compare(u, r); diff != nil {
			if why := documentedDiff(u, diff); why != "" {
				return "differ as documented", why
			}
			return "differ", strings.Join(diff, ", ")
		}
		return "agree", ""
	case errU != nil && errR != nil:
		return "both reject", ""
	case errU != nil:
		return "only urikit rejects", parseOnly(errU)
	}
	// errR is never printed: net/url's errors quote the input, password
	// included.
	return "only amqp091-go rejects", amqp091Only(u)
}

// differences are inputs written for each documented difference, and a
// few that look like one but on which the two agree.
var differences = []struct {
	in, kind, reason string // reason: a prefix of the reason's name
}{
	{"amqp://ho%61st/v", "only amqp091-go rejects", "percent-encoded ASCII in the host"},
	{"amqp://h/v?heartbeat=70000", "only amqp091-go rejects", "query parameter heartbeat"},
	{"amqp://h/v?channel_max=-1", "only amqp091-go rejects", "query parameter channel_max"},
	{"amqp://h/v?connection_timeout=1.5", "only amqp091-go rejects", "query parameter connection_timeout"},
	{"amqp://h:65536/v", "only urikit rejects", "port above 65535"},
	{"amqps://h:2147483647", "only urikit rejects", "port above 65535"},
	{"amqp://u:%FF@h/v", "only urikit rejects", "decodes to invalid UTF-8"},
	{"amqp://%C3@h/v", "only urikit rejects", "decodes to invalid UTF-8"},
	{"amqp://h%FF/v", "only urikit rejects", "decodes to invalid UTF-8"},
	{"amqp://h/v%C3%28", "only urikit rejects", "decodes to invalid UTF-8"},
	{"amqp://h/a/b", "only urikit rejects", "more than one path segment"},
	{"amqp://h//", "only urikit rejects", "more than one path segment"},
	{"amqp://h/v#frag", "only urikit rejects", "fragment"},
	{"amqp://h/v#", "only urikit rejects", "fragment"},
	{"amqp://[fe80::1%25eth0]/v", "only urikit rejects", "IPv6 zone identifier"},
	{"amqp://u:p@ss@h/v", "only urikit rejects", `unencoded "@"`},
	{"amqp://u:pa:ss@h/v", "only urikit rejects", `unencoded ":"`},
	{"amqp://u:p@[fe80::1%25eth0]:15672/billing@eu", "only urikit rejects", "IPv6 zone identifier"},
	{"amqp:h", "only urikit rejects", `no "//" after the scheme`},
	{"amqp:", "only urikit rejects", `no "//" after the scheme`},
	{"amqps:h/v", "only urikit rejects", `no "//" after the scheme`},
	{"amqp://::1", "only urikit rejects", "IPv6 address without brackets"},
	{"amqp://u%00x:p@h/v", "only urikit rejects", "username or password decodes to NUL"},
	{`amqp://h/v?zz="0`, "only urikit rejects", "query byte"},
	{"amqp://h/v?a=%zz", "only urikit rejects", "query byte"},
	{"amqp://h/v?a=^", "only urikit rejects", "query byte"},
	{"amqp:///%2F%2Fvh", "differ as documented", "empty host"},
	{"amqp://u:p@/%2F%2F", "differ as documented", "empty host"},
	{"amqp://:5672/%2f%2fvh", "agree", ""},
	{"amqp://h:99999999999/v", "both reject", ""},
	{"amqp://u:pa#ss@h/v", "both reject", ""},
	{"amqp://h/v w", "both reject", ""},
	{"http://h/v", "both reject", ""},
	{"amqp://h/v?heartbeat=65535&channel_max=0&connection_timeout=-5", "agree", ""},
	{"AMQPS://U:P@H:5671/%2F", "agree", ""},
	{"amqp://h:/v", "agree", ""},
	{"amqp://h:0", "agree", ""},
	{"amqp://u:@h", "agree", ""},
	{"amqp://:p@h", "agree", ""},
	{"amqp://@h", "agree", ""},
	{"amqp://b%C3%BCcher.example/%C3%BC", "agree", ""},
	{"amqp://[2001:db8::1]:5671/.", "agree", ""},
	{"amqp://u+1:p+2@h/a+b", "agree", ""},
	{"amqp://h/v@x", "agree", ""},
}

// TestDocumentedDifferences checks each written difference.
func TestDocumentedDifferences(t *testing.T) {
	for i, d := range differences {
		kind, detail := verdict(d.in)
		if kind != d.kind || !strings.HasPrefix(detail, d.reason) {
			t.Errorf("differences[%d] (%s): %s (%s), want %s (%s)", i, scheme.Redact(d.in), kind, detail, d.kind, d.reason)
		}
	}
}

// TestDifferential parses the Appendix A rows, the written differences
// and every corpus line with both parsers. Where both accept, the values
// must agree; where exactly one rejects, the reason must be a documented
// difference. The log lists the counts per reason, each with one example
// shown through scheme.Redact; no message shows a password or a value.
func TestDifferential(t *testing.T) {
	inputs := append([]string(nil), appendixA...)
	for _, d := range differences {
		inputs = append(inputs, d.in)
	}
	inputs = append(inputs, readLines(t, *corpusFile)...)
	tallyVerdicts(t, inputs, verdict)
}

// TestDifferentialAppendixA pins the rows of the spec's Appendix A: both
// accept each one and agree, except row 3, which only urikit accepts.
func TestDifferentialAppendixA(t *testing.T) {
	for i, s := range appendixA {
		u, errU := amqp.Parse(s)
		r, errR := rabbit.ParseURI(s)
		if errU != nil {
			t.Errorf("row %d: amqp.Parse: %v", i+1, errU)
			continue
		}
		if i+1 == 3 {
			if errR == nil || amqp091Only(u) == "" {
				t.Errorf("row 3: amqp091-go accepts it, or rejects it for another reason")
			}
			continue
		}
		if errR != nil {
			t.Errorf("row %d: amqp091-go rejects it", i+1)
			continue
		}
		if diff := compare(u, r); diff != nil {
			t.Errorf("row %d: the two differ on %s", i+1, strings.Join(diff, ", "))
		}
	}
}

// tallyVerdicts runs verdict on every input: it fails the test on a value
// difference and on a one-sided rejection whose reason the package doc
// does not list, and logs the inputs grouped by verdict, each group with
// one redacted example.
func tallyVerdicts(t *testing.T, inputs []string, verdict func(string) (kind, detail string)) {
	t.Helper()
	type group struct {
		n       int
		example string
	}
	groups := map[string]*group{}
	for i, s := range inputs {
		kind, detail := verdict(s)
		switch {
		case kind == "differ":
			t.Errorf("input %d (%.100s): the two differ on %s", i, scheme.Redact(s), detail)
			continue
		case kind != "agree" && kind != "both reject" && detail == "":
			t.Errorf("input %d (%.100s): %s, for an undocumented reason", i, scheme.Redact(s), kind)
			continue
		}
		k := kind
		if detail != "" {
			k += ": " + detail
		}
		if groups[k] == nil {
			groups[k] = &group{example: scheme.Redact(s)}
		}
		groups[k].n++
	}
	if g := groups["agree"]; g == nil || g.n < len(inputs)/2 {
		t.Errorf("the two agree on fewer than half of %d inputs", len(inputs))
	}
	keys := make([]string, 0, len(groups))
	for k := range groups {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	t.Logf("%d inputs", len(inputs))
	for _, k := range keys {
		t.Logf("%5d %s; e.g. %.100s", groups[k].n, k, groups[k].example)
	}
}
