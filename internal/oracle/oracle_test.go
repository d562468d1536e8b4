package oracle

import "testing"

func TestSplitReference(t *testing.T) {
	tests := []struct {
		in   string
		want Split
	}{
		// RFC 3986 Appendix B: $2 = http, $4 = www.ics.uci.edu,
		// $5 = /pub/ietf/uri/, $7 = <undefined>, $9 = Related.
		{"http://www.ics.uci.edu/pub/ietf/uri/#Related", Split{
			Scheme: "http", HasScheme: true,
			Authority: "www.ics.uci.edu", HasAuthority: true,
			Path:     "/pub/ietf/uri/",
			Fragment: "Related", HasFragment: true,
		}},
		{"", Split{}},
		{"a", Split{Path: "a"}},
		{"?", Split{HasQuery: true}},
		{"#", Split{HasFragment: true}},
		{"?#", Split{HasQuery: true, HasFragment: true}},
		{"//", Split{HasAuthority: true}},
		{"///", Split{HasAuthority: true, Path: "/"}},
		{"s:", Split{Scheme: "s", HasScheme: true}},
		{"s://", Split{Scheme: "s", HasScheme: true, HasAuthority: true}},
		{"http://a?", Split{Scheme: "http", HasScheme: true, Authority: "a", HasAuthority: true, HasQuery: true}},
		{"http://a#", Split{Scheme: "http", HasScheme: true, Authority: "a", HasAuthority: true, HasFragment: true}},
		{"foo://example.com:8042/over/there?name=ferret#nose", Split{
			Scheme: "foo", HasScheme: true,
			Authority: "example.com:8042", HasAuthority: true,
			Path:  "/over/there",
			Query: "name=ferret", HasQuery: true,
			Fragment: "nose", HasFragment: true,
		}},
		{"urn:example:animal:ferret:nose", Split{Scheme: "urn", HasScheme: true, Path: "example:animal:ferret:nose"}},
		{"./this:that", Split{Path: "./this:that"}},
		{"/a:b", Split{Path: "/a:b"}},
		{"?a?b#c?d", Split{Query: "a?b", HasQuery: true, Fragment: "c?d", HasFragment: true}},
		// Appendix B accepts anything: these are not URI references, yet they split.
		{":a", Split{Path: ":a"}},
		{"a b#c#d", Split{Path: "a b", Fragment: "c#d", HasFragment: true}},
		{"#\nx", Split{Fragment: "\nx", HasFragment: true}},
		{"s:\x00\xff", Split{Scheme: "s", HasScheme: true, Path: "\x00\xff"}},
	}
	for _, tt := range tests {
		got := SplitReference(tt.in)
		if got != tt.want {
			t.Errorf("SplitReference(%q) = %#v, want %#v", tt.in, got, tt.want)
		}
		if s := got.String(); s != tt.in {
			t.Errorf("SplitReference(%q).String() = %q", tt.in, s)
		}
	}
}

func TestSplitAuthority(t *testing.T) {
	tests := []struct {
		in   string
		want Authority
	}{
		{"", Authority{}},
		{"www.ics.uci.edu", Authority{Host: "www.ics.uci.edu"}},
		{"example.com:8042", Authority{Host: "example.com", Port: "8042", HasPort: true}},
		{"h:", Authority{Host: "h", HasPort: true}},
		{":", Authority{HasPort: true}},
		{":80", Authority{Port: "80", HasPort: true}},
		{"@", Authority{HasUserinfo: true}},
		{"@h", Authority{HasUserinfo: true, Host: "h"}},
		{"u@", Authority{Userinfo: "u", HasUserinfo: true}},
		{"user@:", Authority{Userinfo: "user", HasUserinfo: true, HasPort: true}},
		{"u:p%40@h:1", Authority{Userinfo: "u:p%40", HasUserinfo: true, Host: "h", Port: "1", HasPort: true}},
		{"u:@h", Authority{Userinfo: "u:", HasUserinfo: true, Host: "h"}},
		{"[::1]", Authority{Host: "[::1]"}},
		{"[::1]:", Authority{Host: "[::1]", HasPort: true}},
		{"[2001:db8::7]:443", Authority{Host: "[2001:db8::7]", Port: "443", HasPort: true}},
		{"u:p@[v1.x:y]:9", Authority{Userinfo: "u:p", HasUserinfo: true, Host: "[v1.x:y]", Port: "9", HasPort: true}},
		{"192.0.2.16:80", Authority{Host: "192.0.2.16", Port: "80", HasPort: true}},
		// Invalid authorities: meaningless but lossless.
		{"a@b@c", Authority{Userinfo: "a", HasUserinfo: true, Host: "b@c"}},
		{"[::1", Authority{Host: "[:", Port: "1", HasPort: true}},
		{"[::1]x", Authority{Host: "[:", Port: "1]x", HasPort: true}},
		{"a:b:c", Authority{Host: "a:b", Port: "c", HasPort: true}},
	}
	for _, tt := range tests {
		got := SplitAuthority(tt.in)
		if got != tt.want {
			t.Errorf("SplitAuthority(%q) = %#v, want %#v", tt.in, got, tt.want)
		}
		if s := got.String(); s != tt.in {
			t.Errorf("SplitAuthority(%q).String() = %q", tt.in, s)
		}
	}
}
