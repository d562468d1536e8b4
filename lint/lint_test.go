package lint_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/urikit/urikit/lint"
	"github.com/urikit/urikit/uri"
)

// codeTests holds, for every code of the package, inputs that String must
// report it for and near misses that it must not.
var codeTests = []struct {
	code string
	yes  []string
	no   []string
}{
	{lint.CodeIPv4Octal,
		[]string{"http://0177.0.0.1/", "http://01.2.3.4/", "http://127.0.0.01/", "http://00/", "http://0177.1/", "http://%30177.0.0.1/"},
		[]string{"http://127.0.0.1/", "http://0.0.0.0/", "http://0/", "http://08.1.1.1/", "http://0177.0.0.1.example/", "http://01.2.3.4.5/"}},
	{lint.CodeIPv4Hex,
		[]string{"http://0x7f.1/", "http://0x7F000001/", "http://0X7f.0.0.1/", "http://1.2.3.0xff/", "http://0x/", "https://0x.0x.0/"},
		[]string{"http://0x7g.1/", "http://0x100.1/", "http://0x1ffffffff/", "http://x7f.1/", "http://0x7f.example/", "http://[::7f]/"}},
	{lint.CodeIPv4Dword,
		[]string{"http://2130706433/", "http://0/", "http://4294967295/", "http://017700000001/", "http://2130706433./"},
		[]string{"http://4294967296/", "http://99999999999999999999/", "http://2130706433x/", "http://127.0.0.1/", "http://h:2130706433/"}},
	{lint.CodeIPv4Short,
		[]string{"http://127.1/", "http://127.0.1/", "http://10.65535/", "http://1.16777215/", "http://0x7f.1/"},
		[]string{"http://127.0.0.1/", "http://1.16777216/", "http://256.1/", "http://1.2.65536/", "http://127..1/", "http://.127.1/", "http://1.2.3.4.5/"}},
	{lint.CodeIPv4TrailingDot,
		[]string{"http://127.0.0.1./", "http://0x7f.1./", "http://127.1./"},
		[]string{"http://127.0.0.1/", "http://127.0.0.1../", "http://example.com./", "http://./"}},
	{lint.CodeIPv4Encoded,
		[]string{"http://%31%32%37.0.0.1/", "http://127.0.0.%31/", "http://%30x7f.1/", "http://127%2E0%2E0%2E1/"},
		[]string{"http://127.0.0.1/", "http://%31%32%37.example/", "http://ex%41mple.com/", "http://127.0.0.1/%31"}},
	{lint.CodeIPv6NonCanonical,
		[]string{"http://[2001:DB8::1]/", "http://[2001:0db8::1]/", "http://[2001:db8:0:0:0:0:0:1]/", "http://[2001:db8::0:1]/",
			"http://[2001:db8:0:0:1::1]/", "http://[2001::1:0:0:0:1]/", "http://[2001:db8::1.2.3.4]/",
			"http://[::FFFF:1.2.3.4]/", "http://[0:0:0:0:0:0:0:1]/", "http://[::0.0.0.1]/"},
		[]string{"http://[2001:db8::1]/", "http://[::1]/", "http://[::]/", "http://[2001:db8:0:1:1:1:1:1]:80/x", "http://[2001:db8::1:0:0:1]/",
			"http://[::ffff:1.2.3.4]/", "http://[::ffff:102:304]/", "http://[64:ff9b::1.2.3.4]/", "http://[fe80::1]/", "http://[v1.x]/",
			"http://[2001:0:0:1::1]/"}},
	{lint.CodeIPv6EmbedsIPv4,
		[]string{"http://[::ffff:127.0.0.1]/", "http://[::ffff:7f00:1]/", "http://[::1.2.3.4]/", "http://[::ffff:0:1.2.3.4]/", "http://[64:ff9b::1.2.3.4]/"},
		[]string{"http://[::1]/", "http://[::]/", "http://[::fffe:1.2.3.4]/", "http://[1::ffff:1.2.3.4]/", "http://[64:ff9b:1::1.2.3.4]/", "http://127.0.0.1/",
			"http://[2003::1]/", "http://[2001:1::1]/", "http://[2001:db8::1]/", "http://[2000::1]/"}},
	// 6to4 and Teredo: ipv6-embeds-ipv4 too, and their hex form is canonical.
	{lint.CodeIPv6EmbedsIPv4,
		[]string{"http://[2002:7f00:1::1]/", "http://[2002:c000:201::]/", "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/", "http://[2001:0:1::1]/"},
		[]string{"http://[2001:db8::7f00:1]/", "http://[2001:4860::1]/", "http://[3002::1]/", "http://[2001::1]/", "http://[2002::1]/"}},
	{lint.CodeIPv6NonCanonical,
		[]string{"http://[2002:7f00:1::127.0.0.1]/", "http://[2001:0:4136:e378:8000:63bf:63.255.253.210]/"},
		[]string{"http://[2002:7f00:1::1]/", "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/"}},
	{lint.CodeZoneID,
		[]string{"http://[fe80::1%25en0]/", "http://[fe80::1%en0]/", "http://u:p@[fe80::1%25eth0]:8080/x", "amqps://u@[fe80::1%25en0]/v"},
		[]string{"http://[fe80::1]/", "http://h/%25en0", "http://[fe80::1%25en0/", "http://h/[fe80::1%25en0]"}},
	{lint.CodeMixedScript,
		[]string{"http://xn--pple-43d.com/", "http://%D0%B0pple.com/", "http://a.XN--PPLE-43D.com/", "http://p%CE%B1ypal.com/", "http://xn--pypal-4ve.com/", "http://xn--gogle-rce.com/"},
		[]string{"http://xn--80ak6aa92e.com/", "http://xn--bcher-kva.example/", "http://apple.com/", "http://%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com/",
			"http://xn--eckwd4c7c.xn--zckzah/", "http://xn--wgv71a119e.jp/", "http://apple.com.evil/x%D0%B0pple", "http://a%FFb.com/",
			"http://xn--nckya0bk5909dcvb2w6i.jp/", "http://xn--abc-lt8l948gbwt.kr/", "http://xn--5ek909fo6p.cn/", "http://xn--mxacd.gr/", "http://xn--xample-hy68a.com/"}},
	{lint.CodeInvalidPunycode,
		[]string{"http://xn--zz-.example/", "http://a.xn--ab$.example/", "http://XN--ZZ-.example/", "http://xn--a.com/", "http://xn--abc-.example/"},
		[]string{"http://xn--bcher-kva.example/", "http://xn-zz-.example/", "http://x.example/xn--zz-", "http://XN--BCHER-KVA.example/", "http://xn--80ak6aa92e.com/", "http://a/?xn--a"}},
	{lint.CodeEncodedHostName,
		[]string{"http://%6c%6f%63%61%6c%68%6f%73%74/", "http://ex%41mple.com/", "http://a%2Eb/", "http://a%2db.example/", "http://h%5F/", "http://%7E/", "http://u@ex%61mple.com:80/"},
		[]string{"http://example.com/", "http://%31%32%37.0.0.1/", "http://127.0.0.%31/", "http://%D0%B0pple.com/", "http://a%3A80/", "http://h/%41", "http://%41@h/", "http://h/?%41"}},
	{lint.CodeUserinfoHost,
		[]string{"http://trusted.com@evil.example/", "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm",
			"http://10.0.0.1@evil.example/", "http://localhost@evil.example/", "http://www.bank@evil.example/",
			"http://bank.example:443@evil.example/", "http://trusted%2Ecom@evil.example/", "http://a.b.co.uk@evil.example/",
			"http://127.1@evil.example/", "http://0x7f.1@evil.example/", "http://2130706433@evil.example/", "http://0x7f000001@evil.example/",
			"http://0177.0.0.1@evil.example/", "http://1.2.3@evil.example/", "http://16777216@evil.example/",
			"http://\u0430pple.com@evil.example/", "http://b\u00fccher.test@evil.example/", "http://%D0%B0pple.com@evil.example/"},
		[]string{"http://first.last@host.example/", "http://user@host.example/", "http://a.b@host.example/", "http://user:trusted.com@evil.example/",
			"http://.com@evil.example/", "http://trusted..com@evil.example/", "http://trusted.com/@evil.example",
			"http://12345@evil.example/", "http://16777215@evil.example/", "http://08.1@evil.example/", "http://1.2.3.4.5@evil.example/", "http://0x7g.1@evil.example/"}},
	{lint.CodeAtAfterAuthority,
		[]string{"http://evil.example#@good.example/", "http://evil.example?@good.example/", "http://evil.example?x@good.example", "https://evil.example#@10.0.0.1/",
			"http://evil.example:80?@www.bank/", "http://evil.example#@localhost", "https://evil.example#@\u0430pple.com/",
			"http://evil.example#@good%2Eexample/"},
		[]string{"http://evil.example/#@good.example/", "http://evil.example?/@good.example/", "https://bugs.python.org/issue?@action=redirect", "http://h?@first", "http://h?password=abcdef@good.example",
			"http://evil.example#@", "mailto:a?@good.example", "http://good.example@evil.example/", "http://h#a/@good.example"}},
	{lint.CodePasswordPresent,
		[]string{"ftp://user:secret@host/", "ftp://user:@host/", "http://:p@h/", "http://%3A:p@h/"},
		[]string{"ftp://user@host/", "http://h/:p@x", "http://h/?u=a:b@c", "http://user%3Asecret@host/"}},
	{lint.CodeTokenInUserinfo,
		[]string{"https://ghp_0123456789abcdefghij0123456789abcdef@github.com/o/r.git", "https://glpat-abcdefghij0123456789:x@gitlab.com/"},
		[]string{"https://git@github.com/", "https://ghp_short@github.com/", "https://x:ghp_0123456789abcdefghij0123456789abcdef@h/"}},
	{lint.CodeSecretInQuery,
		[]string{"https://h/?access_token=abc", "https://h/?Password=x", "https://h/?next=http://u:pw@h/", "https://s/o?X-Amz-Signature=ab"},
		[]string{"https://h/?token=", "https://h/?q=password", "https://h/#password=x", "https://u:pw@h/"}},
	{lint.CodeSecretInFragment,
		[]string{"https://h/cb#access_token=abc", "https://h/#/cb?id_token=x"},
		[]string{"https://h/?access_token=abc", "https://h/#/user/:id@2x", "https://h/#token="}},
	{lint.CodeEncodedNUL,
		[]string{"http://h/a%00.txt", "http://h/?q=%00", "http://h/#%00", "http://u%00@h/", "http://ho%00st/"},
		[]string{"http://h/a%10", "http://h/a%2500", "http://h/a00", "http://h/a%0A"}},
	{lint.CodeEncodedCRLF,
		[]string{"http://h/a%0D%0ASet-Cookie:x", "http://h/%0d", "http://u:%0A@h/", "http://h/?next=%0D%0ALocation:%20x", "http://h/?q=%0aX-A%3ab",
			"http://h/#%0D%0A%0D%0ASet-Cookie:x", "http://h/?q=a%0A%53et-Cookie:x", "http://ho%0Ast/",
			"http://h/?q=%0D%0A%0D%0A%3Cscript%3E", "http://h/#%0d%0a%0d%0ax"},
		[]string{"http://h/a%250D", "http://h/a0D0A", "http://h/%0B", "http://h/?q=%0a", "http://h/?code=%0Afn+main()+%7B%0A", "http://h/?q=line1%0D%0Aline2",
			"http://h/?body=Hello%0D%0Ahttps://example.com", "http://h/?t=a%0Ahttps%3A%2F%2Fexample.com", "http://h/?code=a%0A%0Ab",
			"http://h/?q=%0A:x", "http://h/?q=%0Aa+b:x", "http://h/?q=%0Aa%20b:x", "http://h/#%0A"}},
	{lint.CodeEncodedControl,
		[]string{"http://h/a%1Bb", "http://h/%01", "http://h/%7f", "http://h/%09", "http://h/%C2%85", "http://h/%E2%80%A8", "http://h/?%1F"},
		[]string{"http://h/%20", "http://h/%C2%A0", "http://h/%E2%80%A7", "http://h/%C2", "http://h/%0A", "http://h/%00", "http://h/%C3%85"}},
	{lint.CodeEncodedBidi,
		[]string{"http://h/a%E2%80%AEb", "http://h/%e2%80%aa", "http://h/%E2%81%A6", "http://h/%E2%81%A9", "http://h/%E2%80%8F", "http://h/%D8%9C", "http://h/#%E2%80%AE"},
		[]string{"http://h/%E2%80%AF", "http://h/%E2%81%A5", "http://h/%E2%80", "http://h/%E2%82%AC", "http://h/%D8%9D"}},
	{lint.CodeEncodedInvisible,
		[]string{"http://h/a%E2%80%8Bb", "http://h/%EF%BB%BFx", "http://h/%C2%AD", "http://h/?q=%E2%80%8D", "http://h/#%e2%81%a0", "http://h%E2%80%8B.example/",
			"http://h/%E3%85%A4", "http://goo\u200bgle.com/", "http://h/a\u200bb", "http://h/%E2%81%A5", "http://h/a%F3%A0%80%81b", "http://h/?q=%f3%a0%81%bf"},
		[]string{"http://h/%E2%80%8A", "http://h/%E2%80%8E", "http://h/%EF%B8%8F", "http://h/%EF%BB", "http://h/%C2%AC", "http://h/%25E2%80%8B",
			"http://h/%F3%A0%82%80", "http://h/%F0%9F%98%80", "http://h/%F3%A0%80"}},
	{lint.CodeEncodedHostDelimiter,
		[]string{"http://a%3A80/", "http://evil.example%2F.trusted.com/", "http://a%40b/", "http://a%23b/", "http://a%5Cb/", "http://a%25b/", "http://a%5Bb/", "http://a%3fb/"},
		[]string{"http://a%2Eb/", "http://ex%41mple/", "http://h/a%3A80", "http://u%3A@h/", "http://[::1]/%3A"}},
	{lint.CodeEncodedSlash,
		[]string{"http://h/a%2Fb", "http://h/a%2fb", "file:///a%2Fb", "foo:a%2Fb"},
		[]string{"http://h/a/b", "http://h/?a%2Fb", "http://h/#a%2Fb", "amqp://u@h/%2F", "amqps://u@h/%2f"}},
	{lint.CodeEncodedBackslash,
		[]string{"http://h/a%5Cb", "http://h/..%5c..%5cwin.ini"},
		[]string{"http://h/?a%5Cb", "http://h/a%5Db", "http://h%5C/"}},
	{lint.CodeEncodedDotSegment,
		[]string{"http://h/a/%2E%2E/b", "http://h/a/.%2e/b", "http://h/%2E", "http://h/..%2Fetc", "http://h/a%2F..%2Fb", "http://h/..%5Cwin.ini", "http://h/a/%2E%2e"},
		[]string{"http://h/a/../b", "http://h/a%2Eb", "http://h/%2E%2E%2E", "http://h/?%2E%2E", "amqp://u@h/%2E%2E", "http://h/a%2F...%2Fb"}},
	{lint.CodeDoubleEncoded,
		[]string{"http://h/%252E%252E/", "http://h/%252f", "http://h/%255C", "http://h/a%2500"},
		[]string{"http://h/%2520", "http://h/%25", "http://h/%252", "http://h/?%252E", "http://h/%2E"}},
	{lint.CodeOverlongUTF8,
		[]string{"http://h/%C0%AE%C0%AE/", "http://h/%c0%af", "http://h/%C1%9C", "http://h/%E0%80%AE", "http://h/%F0%80%80%AE", "http://h/?%C0%80", "http://ho%C0%AEst/"},
		[]string{"http://h/%C2%AE", "http://h/%E0%A0%80", "http://h/%F0%90%80%80", "http://h/%C0", "http://h/%C0%2E", "http://h/%25C0%AE"}},
	{lint.CodeDotSegment,
		[]string{"http://h/a/../b", "http://h/./a", "http://h/a/..", "foo:a/../b", "file:///a/./b"},
		[]string{"http://h/a/.../b", "http://h/a..b/", "http://h/.a/", "http://h/?../", "amqp://u@h/.", "http://h/a/%2E%2E/b"}},
	{lint.CodeDeviceName,
		[]string{"file:///c:/aux.txt", "http://h/CON", "http://h/a/nul.txt", "http://h/com1", "http://h/LPT9.log", "http://h/conout$", "http://h/aux%20.txt", "http://h/com%C2%B9"},
		[]string{"http://h/console", "http://h/com0", "http://h/com10", "http://h/auxiliary", "http://h/lpt", "mailto:aux@example.com", "http://h/?aux", "http://h/x.aux",
			"http://h/.../x", "git://git.kernel.org/.../git.git", "file:///...", "http://h/%2E%2E%2E"}},
	{lint.CodeWellKnownPort,
		[]string{"http://h:25/", "https://h:80/", "http://h:443/", "foo://h:22/", "file://h:21/", "http://h:0/", "http://h:00025/", "amqp://u@h:25/v"},
		[]string{"http://h:80/", "https://h:443/", "http://h:1024/", "http://h:8080/", "http://h:/", "http://h/", "ftp://h:21/", "amqp://u@h:5672/v"}},
	{lint.CodePortOutOfRange,
		[]string{"http://h:65561/", "http://h:65536/", "http://h:999999/", "http://h:18446744073709551697/"},
		[]string{"http://h:65535/", "http://h:0065535/", "http://h:/", "http://h:1/"}},
	{lint.CodeDefaultPort,
		[]string{"http://h:80/", "http://h:080/", "https://h:443", "ws://h:80/", "ftp://h:21/", "amqp://u@h:5672/v", "AMQPS://u@h:5671/v"},
		[]string{"http://h:8080/", "http://h/", "http://h:/", "foo://h:80/", "https://h:80/"}},
	{lint.CodeScriptScheme,
		[]string{"javascript:alert(1)", "JavaScript:void(0)", "vbscript:msgbox(1)", "livescript:x", "data:text/html,%3Cscript%3E", "data:image/svg+xml;base64,PHN2Zz4=",
			"DATA:Text/HTML;charset=utf-8,x", "data:text/%68tml,x", "javascript:alert(1) x",
			"data:application/x-javascript,alert(1)", "data:text/x-javascript,x", " javascript:alert(1)", "java\tscript:alert(1)",
			"\x01javascript:alert(1)", "java\nscript:x y"},
		[]string{"data:image/png;base64,AAAA", "data:,hello", "data:text/plain,x", "http://h/javascript:x", "javascripts:x", "data:text/html-x,y", "java:x", " http://h/a b", "java script:x"}},
	{lint.CodeMissingAuthority,
		[]string{"https:evil.example", "http:/evil.example", "HTTP:evil.example/x", "ws:h", "wss:/h", "ftp:a/b",
			"https:///evil.example", "http:////evil.example/x"},
		[]string{"https://evil.example", "http:", "http:/", "http:?x", "file:/etc/passwd", "mailto:a@b", "foo:evil.example", "http:#h",
			"https:///", "https:////", "http://@/x", "http://:80/x", "file:///etc/passwd", "foo:///x"}},
	{lint.CodeUnregisteredScheme,
		[]string{"foo://h/", "localhost:8080", "gs://bucket/x", "x:", "maven://g/a", "s3://b/k", "foo://h/a b"},
		[]string{"http://h/", "HTTPS://h/", "mailto:a@example.com", "urn:isbn:0451450523", "amqp://u@h/v", "file:///x", "ssh://h/r", "git://h/r",
			"ldap://h/", "tag:example.com,2004:x", "javascript:x", "Ssh://h/r"}},
	{lint.CodeUncheckedScheme,
		[]string{"ssh://h/r", "git://h/r", "ldap://h/o=x", "SSH://h/r", "about:blank", "ssh://h/a b"},
		[]string{"http://h/", "foo://h/", "tag:example.com,2004:x", "data:,x", "javascript:x", "gs://b/x"}},
	{lint.CodeIRI,
		[]string{"http://\u0430pple.com/", "http://h/\u00fc", "http://h/?q=\u00e4", "http://\u4f8b\u3048\u3002jp/", "foo://h/#\u00e4"},
		[]string{"http://xn--pple-43d.com/", "http://h/%C3%BC", "\u00fc", "http://h/\xff", "http://h/a\u202eb", "\u00e4://h/", "http://h/\u00fc b"}},
	{lint.CodeInvalidURI,
		[]string{"http://h/a b", "", "no scheme", "http://[::1/", "http://h:8a/", "1http://h/", "http://h/%zz"},
		[]string{"http://h/a%20b", "http://[fe80::1%25en0]/", "x:"}},
}

func codes(fs []lint.Finding) []string {
	var c []string
	for _, f := range fs {
		c = append(c, f.Code)
	}
	return c
}

func TestCodes(t *testing.T) {
	for _, tt := range codeTests {
		t.Run(tt.code, func(t *testing.T) {
			if len(tt.yes) == 0 || len(tt.no) == 0 {
				t.Errorf("no positive or no near miss for %s", tt.code)
			}
			for _, in := range tt.yes {
				if got := lint.String(in); !slices.Contains(codes(got), tt.code) {
					t.Errorf("String(%q) = %v, want %s among them", in, codes(got), tt.code)
				}
			}
			for _, in := range tt.no {
				if got := lint.String(in); slices.Contains(codes(got), tt.code) {
					t.Errorf("String(%q) = %v, want no %s", in, codes(got), tt.code)
				}
			}
		})
	}
}

// Every code of Rules has a row in codeTests, is reported for its example,
// and is listed with its section in the package doc.
func TestRules(t *testing.T) {
	doc, err := readDoc()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, r := range lint.Rules() {
		if seen[r.Code] {
			t.Errorf("code %s listed twice", r.Code)
		}
		seen[r.Code] = true
		if !slices.Contains(codes(lint.String(r.Example)), r.Code) {
			t.Errorf("String(%q) = %v, want the code %s of which it is the example", r.Example, codes(lint.String(r.Example)), r.Code)
		}
		if i := strings.Index(doc, "//   - "+r.Code+" ("); i < 0 {
			t.Errorf("the package doc does not list %s with its section", r.Code)
		} else if head, _, _ := strings.Cut(doc[i:], ")"); !strings.HasSuffix(head, ", "+r.Severity.String()) {
			t.Errorf("the package doc gives %s without its severity %s after its section: %q", r.Code, r.Severity, head)
		}
		if !strings.Contains(doc, r.Example) {
			t.Errorf("the package doc does not give the example %q of %s", r.Example, r.Code)
		}
		if r.Section == "" || r.Summary == "" {
			t.Errorf("rule %s has no section or summary", r.Code)
		}
		if !kebab(r.Code) {
			t.Errorf("code %q is not kebab-case", r.Code)
		}
	}
	tested := map[string]bool{}
	for _, tt := range codeTests {
		if !seen[tt.code] {
			t.Errorf("codeTests has %s, which Rules does not list", tt.code)
		}
		tested[tt.code] = true
	}
	for c := range seen {
		if !tested[c] {
			t.Errorf("code %s has no row in codeTests", c)
		}
	}
}

func kebab(s string) bool {
	if s == "" || s[0] == '-' || s[len(s)-1] == '-' || strings.Contains(s, "--") {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// f is a finding without its message, for the exact tables.
type f struct {
	Code      string
	Component uri.Component
	Offset    int
}

func strip(fs []lint.Finding) []f {
	var out []f
	for _, x := range fs {
		out = append(out, f{x.Code, x.Component, x.Offset})
	}
	return out
}

// Each finding at its place, in the order of offset then code.
func TestFindingsExact(t *testing.T) {
	const (
		scheme   = uri.ComponentScheme
		userinfo = uri.ComponentUserinfo
		host     = uri.ComponentHost
		port     = uri.ComponentPort
		path     = uri.ComponentPath
		query    = uri.ComponentQuery
		fragment = uri.ComponentFragment
	)
	tests := []struct {
		in   string
		want []f
	}{
		{"http://example.com/", nil},
		{"https://user@example.com:8443/a/b?q=1#f", nil},
		{"http://0x7f.01/", []f{{"ipv4-hex", host, 7}, {"ipv4-short", host, 7}, {"ipv4-octal", host, 12}}},
		{"http://1.2.0x3.4/", []f{{"ipv4-hex", host, 11}}},
		{"http://127.0.0.1./", []f{{"ipv4-trailing-dot", host, 16}}},
		{"http://%31%32%37.1/", []f{{"ipv4-encoded", host, 7}, {"ipv4-short", host, 7}}},
		{"foo://u:p@0177.1:25/a/%2e%2E/%00?%0d#%E2%80%AE", []f{
			{"unregistered-scheme", scheme, 0}, {"password-present", userinfo, 6}, {"ipv4-octal", host, 10}, {"ipv4-short", host, 10},
			{"well-known-port", port, 17}, {"encoded-dot-segment", path, 22}, {"encoded-nul", path, 29}, {"encoded-bidi", fragment, 37}}},
		// encoded-crlf in the query only before a field name and ":".
		{"http://h/?a=%0d&b=%0D%0ASet-Cookie:x", []f{{"encoded-crlf", query, 18}}},
		// Userinfo findings point at the userinfo's first byte, wherever
		// the triplet is.
		{"http://user:pa%00ss%0Dword@h/", []f{{"encoded-crlf", userinfo, 7}, {"encoded-nul", userinfo, 7}, {"password-present", userinfo, 7}}},
		// An IRI whose first non-ASCII byte is in the password: iri at the
		// userinfo's first byte, not inside the password.
		{"http://user:p\u00e4ssw\u00f6rd@h/", []f{{"iri", userinfo, 7}, {"password-present", userinfo, 7}}},
		// Each code once per component, at its first occurrence.
		{"http://h/%00/%00?%00&%00", []f{{"encoded-nul", path, 9}, {"encoded-nul", query, 17}}},
		{"http://h/a/../b/./c", []f{{"dot-segment", path, 11}}},
		{"http://[2001:DB8::1]:80/", []f{{"ipv6-non-canonical", host, 8}, {"default-port", port, 21}}},
		{"http://[::ffff:127.0.0.1]/", []f{{"ipv6-embeds-ipv4", host, 8}}},
		{"http://[fe80::1%25en0]:25/", []f{{"zone-id", host, 15}, {"well-known-port", port, 23}}},
		{"http://u:p@[fe80::1%25en0]/a%00", []f{{"password-present", userinfo, 7}, {"zone-id", host, 19}, {"encoded-nul", path, 28}}},
		{"http://a.xn--pple-43d.xn--zz-.com/", []f{{"mixed-script-label", host, 9}, {"invalid-punycode", host, 22}}},
		{"http://a%2E%D0%B0pple.com/", []f{{"mixed-script-label", host, 7}, {"encoded-host-name", host, 8}}},
		// The new codes at their places.
		{"http://evil.example#@good.example/", []f{{"at-after-authority", fragment, 20}}},
		{"http://127.1@evil.example/?@x.example", []f{{"userinfo-host", userinfo, 7}}},
		{"https:evil.example", []f{{"missing-authority", path, 6}}},
		{"http://ex%41mple.com/a%E2%80%8Bb", []f{{"encoded-host-name", host, 9}, {"encoded-invisible", path, 22}}},
		{"javascript:alert(1)", []f{{"script-scheme", scheme, 0}}},
		{"ssh://h/r", []f{{"unchecked-scheme", scheme, 0}}},
		// An IRI: its URI's findings at their bytes in the IRI.
		{"http://u:p@\u0430pple.com:25/a%00/\u00fc?x=%0ASet-Cookie:1#\u00e4", []f{{"password-present", userinfo, 7}, {"iri", host, 11},
			{"mixed-script-label", host, 11}, {"well-known-port", port, 22}, {"encoded-nul", path, 26}, {"encoded-crlf", query, 35}}},
		{"http://a.\u0430pple.com/x\u200by/..", []f{{"iri", host, 9}, {"mixed-script-label", host, 9}, {"encoded-invisible", path, 21}, {"dot-segment", path, 26}}},
		// An IRI that IDNA rejects is no URI.
		{"http://\u0430pple.xn--a.com/", []f{{"invalid-uri", host, 7}}},
		{"http://goo\u200bgle.com/", []f{{"encoded-invisible", host, 7}, {"iri", host, 10}}},
		{"http://h/a%2Fb%5Cc%2F", []f{{"encoded-slash", path, 10}, {"encoded-backslash", path, 14}}},
		{"http://trusted.com:x@evil.example/", []f{{"password-present", userinfo, 7}, {"userinfo-host", userinfo, 7}}},
		// invalid-uri at the error; in the userinfo at its first byte.
		{"http://h/a b", []f{{"invalid-uri", path, 10}}},
		{"http://user:pa ss@h/%00", []f{{"invalid-uri", userinfo, 7}, {"password-present", userinfo, 7}, {"encoded-nul", path, 20}}},
		{"foo://h/a b", []f{{"unregistered-scheme", scheme, 0}, {"invalid-uri", path, 9}}},
	}
	for _, tt := range tests {
		got := strip(lint.String(tt.in))
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("String(%q) (-want +got):\n%s", tt.in, diff)
		}
		if u, err := uri.Parse(tt.in); err == nil {
			if diff := cmp.Diff(tt.want, strip(lint.URI(u))); diff != "" {
				t.Errorf("URI(%q) (-want +got):\n%s", tt.in, diff)
			}
		}
	}
}

// amqp and amqps URIs get package amqp's findings with their codes, at
// their offsets and components.
func TestAMQP(t *testing.T) {
	tests := []struct {
		in   string
		want []f
	}{
		{"amqp://user:pw@broker.example/v", []f{{"password-present", uri.ComponentUserinfo, 7}}},
		{"amqp://broker.example/", []f{{"guest-remote", uri.ComponentHost, 7}, {"empty-vhost", uri.ComponentPath, 21}}},
		{"amqps://u@broker.example:5672/%2F?verify=verify_none", []f{
			{"tls-on-plain-port", uri.ComponentPort, 25}, {"verify-none", uri.ComponentQuery, 34}}},
		{"amqp://u@h:5672/v", []f{{"default-port", uri.ComponentPort, 11}}},
		{"amqp://u@h/%2F%2E", nil},
		{"amqps://u@[fe80::1%25en0]/v", []f{{"ip-host-tls", uri.ComponentHost, 10}, {"zone-id", uri.ComponentHost, 18}}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, strip(lint.String(tt.in))); diff != "" {
			t.Errorf("String(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestSortedAndDeterministic(t *testing.T) {
	for _, tt := range codeTests {
		for _, in := range append(slices.Clone(tt.yes), tt.no...) {
			a, b := lint.String(in), lint.String(in)
			if !slices.Equal(a, b) {
				t.Errorf("String(%q) differs between two calls: %v, %v", in, a, b)
			}
			if !slices.IsSortedFunc(a, func(x, y lint.Finding) int {
				if x.Offset != y.Offset {
					return x.Offset - y.Offset
				}
				return strings.Compare(x.Code, y.Code)
			}) {
				t.Errorf("String(%q) = %v, not sorted by offset then code", in, a)
			}
		}
	}
}

func TestZeroURI(t *testing.T) {
	if got := lint.URI(uri.URI{}); got != nil {
		t.Errorf("URI(zero) = %v, want none", got)
	}
}

func TestFindingString(t *testing.T) {
	got := lint.String("http://h:25/")[0].String()
	if !strings.HasPrefix(got, "offset 9 port: warning: well-known-port: a well-known port") {
		t.Errorf("String() = %q", got)
	}
}

func ExampleFinding_String() {
	fmt.Println(lint.String("http://h:25/")[0])
	// Output:
	// offset 9 port: warning: well-known-port: a well-known port (0-1023) that is not the scheme's default: the server there may speak another protocol and act on the URI's data
}
