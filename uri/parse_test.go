package uri_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urikit/urikit/uri"
)

// parts is every accessor of a reference, with absent components as nil,
// so a diff shows absent and empty apart.
type parts struct {
	Scheme, Authority, Userinfo, Host, Port *string
	Kind                                    uri.HostKind
	Path                                    string
	Query, Fragment                         *string
}

func str(s string) *string { return &s }

func optional(s string, ok bool) *string {
	if !ok {
		return nil
	}
	return &s
}

func partsOf(r uri.Reference) parts {
	return parts{
		Scheme:    optional(r.Scheme(), r.HasScheme()),
		Authority: optional(r.Authority(), r.HasAuthority()),
		Userinfo:  optional(r.Userinfo(), r.HasUserinfo()),
		Host:      optional(r.Host(), r.HasAuthority()),
		Port:      optional(r.Port(), r.HasPort()),
		Kind:      r.HostKind(),
		Path:      r.Path(),
		Query:     optional(r.Query(), r.HasQuery()),
		Fragment:  optional(r.Fragment(), r.HasFragment()),
	}
}

// Hand-written from RFC 3986; each row carries several verdicts: the parts
// (or the error of ParseReference) and whether Parse accepts it.
var parseTests = []struct {
	in   string
	want parts
	uri  bool // Parse accepts it (has a scheme)
}{
	// 1.1.2 and 3: the RFC's examples.
	{"ftp://ftp.is.co.za/rfc/rfc1808.txt", parts{Scheme: str("ftp"), Authority: str("ftp.is.co.za"), Host: str("ftp.is.co.za"), Kind: uri.HostRegName, Path: "/rfc/rfc1808.txt"}, true},
	{"ldap://[2001:db8::7]/c=GB?objectClass?one", parts{Scheme: str("ldap"), Authority: str("[2001:db8::7]"), Host: str("[2001:db8::7]"), Kind: uri.HostIPv6, Path: "/c=GB", Query: str("objectClass?one")}, true},
	{"mailto:John.Doe@example.com", parts{Scheme: str("mailto"), Path: "John.Doe@example.com"}, true},
	{"news:comp.infosystems.www.servers.unix", parts{Scheme: str("news"), Path: "comp.infosystems.www.servers.unix"}, true},
	{"tel:+1-816-555-1212", parts{Scheme: str("tel"), Path: "+1-816-555-1212"}, true},
	{"telnet://192.0.2.16:80/", parts{Scheme: str("telnet"), Authority: str("192.0.2.16:80"), Host: str("192.0.2.16"), Port: str("80"), Kind: uri.HostIPv4, Path: "/"}, true},
	{"urn:oasis:names:specification:docbook:dtd:xml:4.1.2", parts{Scheme: str("urn"), Path: "oasis:names:specification:docbook:dtd:xml:4.1.2"}, true},
	{"foo://example.com:8042/over/there?name=ferret#nose", parts{Scheme: str("foo"), Authority: str("example.com:8042"), Host: str("example.com"), Port: str("8042"), Kind: uri.HostRegName, Path: "/over/there", Query: str("name=ferret"), Fragment: str("nose")}, true},
	// Absent versus empty, component by component.
	{"", parts{}, false},
	{"foo:", parts{Scheme: str("foo")}, true},
	{"foo:/", parts{Scheme: str("foo"), Path: "/"}, true},
	{"foo://", parts{Scheme: str("foo"), Authority: str(""), Host: str(""), Kind: uri.HostRegName}, true},
	{"foo:///", parts{Scheme: str("foo"), Authority: str(""), Host: str(""), Kind: uri.HostRegName, Path: "/"}, true},
	{"//", parts{Authority: str(""), Host: str(""), Kind: uri.HostRegName}, false},
	{"file:///etc/hosts", parts{Scheme: str("file"), Authority: str(""), Host: str(""), Kind: uri.HostRegName, Path: "/etc/hosts"}, true},
	{"http://:80", parts{Scheme: str("http"), Authority: str(":80"), Host: str(""), Port: str("80"), Kind: uri.HostRegName}, true},
	{"http://h:", parts{Scheme: str("http"), Authority: str("h:"), Host: str("h"), Port: str(""), Kind: uri.HostRegName}, true},
	{"http://@h", parts{Scheme: str("http"), Authority: str("@h"), Userinfo: str(""), Host: str("h"), Kind: uri.HostRegName}, true},
	{"http://@", parts{Scheme: str("http"), Authority: str("@"), Userinfo: str(""), Host: str(""), Kind: uri.HostRegName}, true},
	{"http://:@:", parts{Scheme: str("http"), Authority: str(":@:"), Userinfo: str(":"), Host: str(""), Port: str(""), Kind: uri.HostRegName}, true},
	{"http://a?", parts{Scheme: str("http"), Authority: str("a"), Host: str("a"), Kind: uri.HostRegName, Query: str("")}, true},
	{"http://a#", parts{Scheme: str("http"), Authority: str("a"), Host: str("a"), Kind: uri.HostRegName, Fragment: str("")}, true},
	{"?#", parts{Query: str(""), Fragment: str("")}, false},
	{"#", parts{Fragment: str("")}, false},
	{"?", parts{Query: str("")}, false},
	{"#?", parts{Fragment: str("?")}, false},
	{"??#?/", parts{Query: str("?"), Fragment: str("?/")}, false},
	// Userinfo with every allowed kind of byte.
	{"s://u-._~!$&'()*+,;=:%3A@h", parts{Scheme: str("s"), Authority: str("u-._~!$&'()*+,;=:%3A@h"), Userinfo: str("u-._~!$&'()*+,;=:%3A"), Host: str("h"), Kind: uri.HostRegName}, true},
	// Hosts: 3.2.2.
	{"//1.2.3.4", parts{Authority: str("1.2.3.4"), Host: str("1.2.3.4"), Kind: uri.HostIPv4}, false},
	{"//255.255.255.255:0", parts{Authority: str("255.255.255.255:0"), Host: str("255.255.255.255"), Port: str("0"), Kind: uri.HostIPv4}, false},
	{"//01.2.3.4", parts{Authority: str("01.2.3.4"), Host: str("01.2.3.4"), Kind: uri.HostRegName}, false},
	{"//256.1.1.1", parts{Authority: str("256.1.1.1"), Host: str("256.1.1.1"), Kind: uri.HostRegName}, false},
	{"//1.2.3", parts{Authority: str("1.2.3"), Host: str("1.2.3"), Kind: uri.HostRegName}, false},
	{"//1.2.3.4.5", parts{Authority: str("1.2.3.4.5"), Host: str("1.2.3.4.5"), Kind: uri.HostRegName}, false},
	{"//u@1.2.3.4", parts{Authority: str("u@1.2.3.4"), Userinfo: str("u"), Host: str("1.2.3.4"), Kind: uri.HostIPv4}, false},
	{"//%41b", parts{Authority: str("%41b"), Host: str("%41b"), Kind: uri.HostRegName}, false},
	{"//[::]", parts{Authority: str("[::]"), Host: str("[::]"), Kind: uri.HostIPv6}, false},
	{"//[::ffff:192.0.2.1]:443", parts{Authority: str("[::ffff:192.0.2.1]:443"), Host: str("[::ffff:192.0.2.1]"), Port: str("443"), Kind: uri.HostIPv6}, false},
	{"//u:p@[1:2:3:4:5:6:7:8]:", parts{Authority: str("u:p@[1:2:3:4:5:6:7:8]:"), Userinfo: str("u:p"), Host: str("[1:2:3:4:5:6:7:8]"), Port: str(""), Kind: uri.HostIPv6}, false},
	{"//[v7.a:b]", parts{Authority: str("[v7.a:b]"), Host: str("[v7.a:b]"), Kind: uri.HostIPvFuture}, false},
	{"//[VF.!]", parts{Authority: str("[VF.!]"), Host: str("[VF.!]"), Kind: uri.HostIPvFuture}, false},
	// The five path forms (3.3) and the first segment of relative-path
	// references (4.2).
	{"/a:b", parts{Path: "/a:b"}, false},
	{"./a:b", parts{Path: "./a:b"}, false},
	{"a/b:c", parts{Path: "a/b:c"}, false},
	{"a:b", parts{Scheme: str("a"), Path: "b"}, true},
	{"a+-.1:", parts{Scheme: str("a+-.1")}, true},
	{"x:/a//b", parts{Scheme: str("x"), Path: "/a//b"}, true},
	{"x:a//b", parts{Scheme: str("x"), Path: "a//b"}, true},
	{"x:a::b@c", parts{Scheme: str("x"), Path: "a::b@c"}, true},
	{"//h//", parts{Authority: str("h"), Host: str("h"), Kind: uri.HostRegName, Path: "//"}, false},
}

func TestParse(t *testing.T) {
	for _, tt := range parseTests {
		r, err := uri.ParseReference(tt.in)
		if err != nil {
			t.Errorf("ParseReference(%q) error: %v", tt.in, err)
			continue
		}
		if diff := cmp.Diff(tt.want, partsOf(r)); diff != "" {
			t.Errorf("ParseReference(%q) parts (-want +got):\n%s", tt.in, diff)
		}
		if got := r.String(); got != tt.in {
			t.Errorf("ParseReference(%q).String() = %q", tt.in, got)
		}
		if err := uri.CheckConsistency(r); err != nil {
			t.Errorf("ParseReference(%q): %v", tt.in, err)
		}
		u, err := uri.Parse(tt.in)
		if (err == nil) != tt.uri {
			t.Errorf("Parse(%q) error = %v, want ok=%v", tt.in, err, tt.uri)
		}
		if err == nil && u.Reference() != r {
			t.Errorf("Parse(%q) and ParseReference differ", tt.in)
		}
	}
}

// errorTests covers every reason and where its Offset points.
var errorTests = []struct {
	in     string
	parse  bool // the error is Parse's (ParseReference accepts the input)
	err    error
	offset int
	comp   uri.Component
}{
	{"a b", false, uri.ErrInvalidCharacter, 1, uri.ComponentPath},
	{"http://exa mple/", false, uri.ErrInvalidCharacter, 10, uri.ComponentHost},
	{"http://u\x00@h/", false, uri.ErrInvalidCharacter, 8, uri.ComponentUserinfo},
	{"http://u@h@i/", false, uri.ErrInvalidCharacter, 10, uri.ComponentHost},
	{"http://h/p\x7f", false, uri.ErrInvalidCharacter, 10, uri.ComponentPath},
	{"http://h/\xc3\xa9", false, uri.ErrInvalidCharacter, 9, uri.ComponentPath},
	{"http://h/?q q", false, uri.ErrInvalidCharacter, 11, uri.ComponentQuery},
	{"http://h/#f#", false, uri.ErrInvalidCharacter, 11, uri.ComponentFragment},
	{"http://h/#f^", false, uri.ErrInvalidCharacter, 11, uri.ComponentFragment},
	{"http://h/a[b]", false, uri.ErrInvalidCharacter, 10, uri.ComponentPath},
	{"http://h[/", false, uri.ErrInvalidCharacter, 8, uri.ComponentHost},
	{"http://[::1]x/", false, uri.ErrInvalidCharacter, 12, uri.ComponentHost},
	{"%", false, uri.ErrInvalidEscape, 0, uri.ComponentPath},
	{"a%4", false, uri.ErrInvalidEscape, 1, uri.ComponentPath},
	{"a%4g", false, uri.ErrInvalidEscape, 1, uri.ComponentPath},
	{"//%G1", false, uri.ErrInvalidEscape, 2, uri.ComponentHost},
	{"//u%zz@h", false, uri.ErrInvalidEscape, 3, uri.ComponentUserinfo},
	{"?%", false, uri.ErrInvalidEscape, 1, uri.ComponentQuery},
	{"#%a", false, uri.ErrInvalidEscape, 1, uri.ComponentFragment},
	{"http://h:8x/", false, uri.ErrInvalidPort, 10, uri.ComponentPort},
	{"http://h:1:2", false, uri.ErrInvalidPort, 10, uri.ComponentPort},
	{"http://u@h:-1", false, uri.ErrInvalidPort, 11, uri.ComponentPort},
	{"http://[::1]:x", false, uri.ErrInvalidPort, 13, uri.ComponentPort},
	{"http://[1:2:3:4:5:6:7:8:9]/", false, uri.ErrInvalidIPLiteral, 23, uri.ComponentHost},
	{"http://[:::]/", false, uri.ErrInvalidIPLiteral, 10, uri.ComponentHost},
	{"http://[::1/", false, uri.ErrInvalidIPLiteral, 11, uri.ComponentHost},
	{"http://[]/", false, uri.ErrInvalidIPLiteral, 8, uri.ComponentHost},
	{"http://[v.x]/", false, uri.ErrInvalidIPLiteral, 9, uri.ComponentHost},
	{"http://[v1.]/", false, uri.ErrInvalidIPLiteral, 11, uri.ComponentHost},
	{"http://[::1.2.3.04]/", false, uri.ErrInvalidIPLiteral, 17, uri.ComponentHost},
	{"http://[12345::]/", false, uri.ErrInvalidIPLiteral, 12, uri.ComponentHost},
	{"//[8.1.1.1]/", false, uri.ErrInvalidIPLiteral, 4, uri.ComponentHost},
	{"//[::280.1.1.1]/", false, uri.ErrInvalidIPLiteral, 8, uri.ComponentHost},
	{"//[::1:2:3:4:5:6:7:8]/", false, uri.ErrInvalidIPLiteral, 18, uri.ComponentHost},
	{"http://[fe80::1%25eth0]/", false, uri.ErrZoneID, 15, uri.ComponentHost},
	{"//[fe80::1%eth0]", false, uri.ErrZoneID, 10, uri.ComponentHost},
	{"a:b", true, nil, 0, 0},
	{"1a:b", false, uri.ErrColonInFirstSegment, 2, uri.ComponentPath},
	{":", false, uri.ErrColonInFirstSegment, 0, uri.ComponentPath},
	{"a_b:c", false, uri.ErrColonInFirstSegment, 3, uri.ComponentPath},
	{"", true, uri.ErrMissingScheme, 0, uri.ComponentScheme},
	{"//h/p", true, uri.ErrMissingScheme, 0, uri.ComponentScheme},
	{"a/b:c", true, uri.ErrMissingScheme, 0, uri.ComponentScheme},
	{"1a:b", true, uri.ErrInvalidScheme, 0, uri.ComponentScheme},
	{"a_b:c", true, uri.ErrInvalidScheme, 1, uri.ComponentScheme},
	{":a", true, uri.ErrInvalidScheme, 0, uri.ComponentScheme},
}

func TestParseErrors(t *testing.T) {
	for _, tt := range errorTests {
		var err error
		name := "ParseReference"
		if tt.parse {
			name = "Parse"
			_, err = uri.Parse(tt.in)
		} else {
			_, err = uri.ParseReference(tt.in)
		}
		if tt.err == nil {
			if err != nil {
				t.Errorf("%s(%q) = %v, want no error", name, tt.in, err)
			}
			continue
		}
		var e *uri.Error
		if !errors.As(err, &e) {
			t.Errorf("%s(%q) = %v, want *uri.Error", name, tt.in, err)
			continue
		}
		if !errors.Is(err, tt.err) || e.Offset != tt.offset || e.Component != tt.comp {
			t.Errorf("%s(%q) = {%d %v %v}, want {%d %v %v}", name, tt.in, e.Offset, e.Component, e.Err, tt.offset, tt.comp, tt.err)
		}
	}
}

func TestSize(t *testing.T) {
	if uri.CoreSize != 48 {
		t.Errorf("a URI value is %d bytes, want 48", uri.CoreSize)
	}
}
