package abnf

import (
	"strings"
	"testing"
)

// ruleCase is an input and, for each rule named, whether it matches.
type ruleCase struct {
	in   string
	want map[string]bool
}

func checkRules(t *testing.T, cases []ruleCase) {
	t.Helper()
	g := RFC3986()
	for _, c := range cases {
		for rule, want := range c.want {
			if got := g.Match(rule, c.in); got != want {
				t.Errorf("Match(%s, %q) = %v, want %v", rule, c.in, got, want)
			}
		}
	}
}

// TestIPv6address covers the nine alternatives of IPv6address (RFC 3986
// 3.2.2), each at its limits, and the ways to get it wrong.
func TestIPv6address(t *testing.T) {
	valid := []string{
		// 6( h16 ":" ) ls32
		"1:2:3:4:5:6:7:8", "1:2:3:4:5:6:1.2.3.4", "ffff:FFFF:0:00:000:0000:abcd:EF01",
		// "::" 5( h16 ":" ) ls32
		"::2:3:4:5:6:7:8", "::2:3:4:5:6:1.2.3.4",
		// [ h16 ] "::" 4( h16 ":" ) ls32
		"1::3:4:5:6:7:8", "::3:4:5:6:7:8", "1::3:4:5:6:1.2.3.4",
		// [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
		"1:2::4:5:6:7:8", "2::4:5:6:7:8", "::4:5:6:7:8",
		// [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
		"1:2:3::5:6:7:8", "::5:6:7:8", "1:2:3::5:6:1.2.3.4",
		// [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32
		"1:2:3:4::6:7:8", "::6:7:8", "1:2:3:4::6:1.2.3.4",
		// [ *4( h16 ":" ) h16 ] "::" ls32
		"1:2:3:4:5::7:8", "::7:8", "1:2:3:4:5::1.2.3.4", "::1.2.3.4", "::ffff:192.0.2.1",
		// [ *5( h16 ":" ) h16 ] "::" h16
		"1:2:3:4:5:6::8", "::8", "::1", "fe80::1", "2001:db8::7", "2001:DB8::7",
		// [ *6( h16 ":" ) h16 ] "::"
		"1:2:3:4:5:6:7::", "1::", "::",
	}
	invalid := []string{
		"", ":", ":::", "1", "1:2:3:4:5:6:7", "1:2:3:4:5:6:7:8:9",
		"1:2:3:4:5:6:7:8::", "::1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7::8", "1::2:3:4:5:6:7:8",
		"1::2::3", "::1::", "12345::", "g::", "::g", ":1::", "1::2:", "1:2:3:4:5:6:7:",
		"::1.2.3", "::1.2.3.4.5", "::256.1.1.1", "::01.2.3.4", "::1.2.3.4:5", "1.2.3.4",
		"1:2:3:4:5:6:7:1.2.3.4", "1:2:3:4:5:1.2.3.4", "[::1]", "fe80::1%25eth0", " ::1",
	}
	var cases []ruleCase
	for _, in := range valid {
		cases = append(cases,
			ruleCase{in, map[string]bool{"IPv6address": true}},
			ruleCase{"[" + in + "]", map[string]bool{"IP-literal": true, "host": true}},
			ruleCase{"http://[" + in + "]:80/", map[string]bool{"URI": true}})
	}
	for _, in := range invalid {
		cases = append(cases,
			ruleCase{in, map[string]bool{"IPv6address": false}},
			ruleCase{"[" + in + "]", map[string]bool{"IP-literal": false, "host": false}},
			ruleCase{"http://[" + in + "]/", map[string]bool{"URI": false}})
	}
	checkRules(t, cases)
}

// TestIPv4AndRegName: dec-octet limits each octet to 0-255 without leading
// zeros (RFC 3986 3.2.2); whatever is not an IPv4address may still be a
// reg-name, and so a host.
func TestIPv4AndRegName(t *testing.T) {
	checkRules(t, []ruleCase{
		{"0.0.0.0", map[string]bool{"IPv4address": true, "reg-name": true, "host": true}},
		{"192.0.2.16", map[string]bool{"IPv4address": true, "host": true}},
		{"255.255.255.255", map[string]bool{"IPv4address": true}},
		{"249.250.199.100", map[string]bool{"IPv4address": true}},
		{"01.2.3.4", map[string]bool{"IPv4address": false, "reg-name": true, "host": true}},
		{"1.2.3.00", map[string]bool{"IPv4address": false, "reg-name": true}},
		{"256.1.1.1", map[string]bool{"IPv4address": false, "reg-name": true, "host": true}},
		{"1.2.3.260", map[string]bool{"IPv4address": false, "reg-name": true}},
		{"300.1.1.1", map[string]bool{"IPv4address": false}},
		{"1.2.3", map[string]bool{"IPv4address": false, "reg-name": true}},
		{"1.2.3.4.5", map[string]bool{"IPv4address": false, "reg-name": true}},
		{"1.2.3.4.", map[string]bool{"IPv4address": false, "reg-name": true}},
		{"0x1.2.3.4", map[string]bool{"IPv4address": false, "reg-name": true}},
		{"", map[string]bool{"IPv4address": false, "reg-name": true, "host": true}},
		{"%41%62c", map[string]bool{"reg-name": true, "host": true}},
		{"a:b", map[string]bool{"reg-name": false, "host": false}},
		{"a@b", map[string]bool{"reg-name": false, "host": false, "authority": true}},
		{"[::1]", map[string]bool{"reg-name": false, "host": true}},
		{"25", map[string]bool{"dec-octet": true}},
		{"250", map[string]bool{"dec-octet": true}},
		{"255", map[string]bool{"dec-octet": true}},
		{"256", map[string]bool{"dec-octet": false}},
		{"199", map[string]bool{"dec-octet": true}},
		{"09", map[string]bool{"dec-octet": false}},
		{"0", map[string]bool{"dec-octet": true}},
	})
}

// TestRFC3986Examples: the example URIs of RFC 3986 1.1.2, and more of the
// RFC's distinctions.
func TestRFC3986Examples(t *testing.T) {
	uris := []string{
		"ftp://ftp.is.co.za/rfc/rfc1808.txt",
		"http://www.ietf.org/rfc/rfc2396.txt",
		"ldap://[2001:db8::7]/c=GB?objectClass?one",
		"mailto:John.Doe@example.com",
		"news:comp.infosystems.www.servers.unix",
		"tel:+1-816-555-1212",
		"telnet://192.0.2.16:80/",
		"urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
		// 3: foo:, foo:/, foo://, foo:/// are all URIs.
		"foo:", "foo:/", "foo://", "foo:///", "foo://:", "foo://@", "foo://@:/",
		"http://a/b/c/d;p?q", "HTTP://EXAMPLE.com:/%7Esmith/", "a+b-c.d:x",
		"http://[v1.x]", "http://[V1.x]", "http://[vF.a:b+c]/", "http://[v1a.!$]",
		"s:?#", "s:#", "s:a?/?#/?",
	}
	notURIs := []string{
		"", ":", "1a:b", "+a:b", "//a", "/a", "a", "./a:b", "http://[v1.]", "http://[v.x]",
		"http://[v1x]", "http://[vg.x]", "http://[v1.x/]", "http://[::1", "http://::1]/",
		"http://a b", "http://a/%zz", "http://a/%4", "http://a/%", "http://a#b#c",
		"http://a:8x/", "http://a@b@c/", "http://[::1]x/", "s:[", "s:a]", "s:a\\b", "s:\x80",
	}
	var cases []ruleCase
	for _, in := range uris {
		cases = append(cases, ruleCase{in, map[string]bool{"URI": true, "URI-reference": true}})
	}
	for _, in := range notURIs {
		cases = append(cases, ruleCase{in, map[string]bool{"URI": false}})
	}
	cases = append(cases,
		// A colon in the first segment makes a scheme; "./" protects it (4.2).
		ruleCase{"./a:b", map[string]bool{"relative-ref": true, "URI": false, "URI-reference": true}},
		ruleCase{"a:b", map[string]bool{"relative-ref": false, "URI": true, "absolute-URI": true}},
		ruleCase{"a/b:c", map[string]bool{"relative-ref": true, "URI": false}},
		ruleCase{"//a", map[string]bool{"relative-ref": true}},
		ruleCase{"", map[string]bool{"relative-ref": true, "URI-reference": true, "path": true, "path-empty": true}},
		ruleCase{"a:b#c", map[string]bool{"URI": true, "absolute-URI": false}},
		ruleCase{"?q", map[string]bool{"relative-ref": true}},
		ruleCase{"#f", map[string]bool{"relative-ref": true}},
		ruleCase{"#%zz", map[string]bool{"URI-reference": false}},
		// path-empty = 0<pchar> matches exactly "".
		ruleCase{"a", map[string]bool{"path-empty": false, "path": true}},
		ruleCase{"//a", map[string]bool{"path-absolute": false, "path-abempty": true, "path": true}},
		// pct-encoded: HEXDIG is case-insensitive.
		ruleCase{"%41", map[string]bool{"pct-encoded": true, "pchar": true, "segment": true}},
		ruleCase{"%aF", map[string]bool{"pct-encoded": true}},
		ruleCase{"%zz", map[string]bool{"pct-encoded": false, "segment": false, "query": false, "URI-reference": false}},
		ruleCase{"%4", map[string]bool{"pct-encoded": false, "segment": false}},
		ruleCase{"%", map[string]bool{"pchar": false}},
		ruleCase{"a:b", map[string]bool{"segment-nz": true, "segment-nz-nc": false, "path-noscheme": false, "path-rootless": true}},
		ruleCase{"a/:b", map[string]bool{"path-noscheme": true}},
		ruleCase{"ABab", map[string]bool{"scheme": true, "h16": true}},
		ruleCase{"ABgb", map[string]bool{"scheme": true, "h16": false}},
		ruleCase{"aBcD", map[string]bool{"h16": true}},
		ruleCase{"12345", map[string]bool{"h16": false}},
		ruleCase{"1:2", map[string]bool{"ls32": true}},
		ruleCase{"u:p:x", map[string]bool{"userinfo": true}},
		ruleCase{"", map[string]bool{"port": true, "userinfo": true, "query": true, "fragment": true, "segment": true}},
		ruleCase{"65536", map[string]bool{"port": true}},
	)
	checkRules(t, cases)
}

// TestMatchLongInput proves that 4 KB inputs finish; no timing assertions.
func TestMatchLongInput(t *testing.T) {
	g := RFC3986()
	pct := strings.Repeat("%41", 4096/3+1)
	slash := strings.Repeat("/", 4096)
	tests := []struct {
		rule, in string
		want     bool
	}{
		{"URI-reference", pct, true},
		{"URI-reference", pct + "%", false},
		{"segment", pct, true},
		{"query", pct, true},
		{"reg-name", pct, true},
		{"URI", "s:" + pct, true},
		{"URI-reference", slash, true},
		{"path-abempty", slash, true},
		{"path-absolute", slash, false},
		{"path", slash, true},
		{"URI", "s:" + slash, true},
		{"URI", "s:" + slash + "%zz", false},
		{"URI-reference", strings.Repeat("a/", 2048), true},
		{"URI-reference", strings.Repeat("a:", 2048), true},
		{"URI-reference", "//" + strings.Repeat("1:", 2048), false},
	}
	for _, tt := range tests {
		if got := g.Match(tt.rule, tt.in); got != tt.want {
			t.Errorf("Match(%s, %.12q... (%d bytes)) = %v, want %v", tt.rule, tt.in, len(tt.in), got, tt.want)
		}
	}
}
