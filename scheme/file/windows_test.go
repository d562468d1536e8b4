package file_test

import (
	"testing"

	"github.com/urikit/urikit/scheme/file"
	"github.com/urikit/urikit/uri"
)

// windowsPaths are real Windows paths in the form ToPath writes, and their
// URIs; each row is checked both ways.
var windowsPaths = []struct{ path, uri string }{
	{`C:\`, "file:///C:/"},
	{`c:\`, "file:///c:/"},
	{`C:\Windows\System32\drivers\etc\hosts`, "file:///C:/Windows/System32/drivers/etc/hosts"},
	{`c:\windows`, "file:///c:/windows"},
	{`C:\Program Files (x86)\App\app.exe`, "file:///C:/Program%20Files%20(x86)/App/app.exe"},
	{`C:\Users\ana\Documents\`, "file:///C:/Users/ana/Documents/"},
	{`D:\100%\#1;x+y@z`, "file:///D:/100%25/%231;x+y@z"},
	{`C:\Users\José\Música\naïve.txt`, "file:///C:/Users/Jos%C3%A9/M%C3%BAsica/na%C3%AFve.txt"},
	{`C:\日本\ア`, "file:///C:/%E6%97%A5%E6%9C%AC/%E3%82%A2"},
	{`C:\file.txt:stream`, "file:///C:/file.txt:stream"},
	{`C:\a\\b`, "file:///C:/a//b"},
	{`C:\a\.\b\..\c`, "file:///C:/a/./b/../c"},
	{`C:\[x]{y}^~`, "file:///C:/%5Bx%5D%7By%7D%5E~"},
	{`\\server\share`, "file://server/share"},
	{`\\server\share\`, "file://server/share/"},
	{`\\host.example.com\Share\path\to\file.txt`, "file://host.example.com/Share/path/to/file.txt"}, // RFC 8089 E.3.1
	{`\\192.168.0.10\c$\Temp\a b`, "file://192.168.0.10/c$/Temp/a%20b"},
	{`\\2001-db8--1.ipv6-literal.net\share`, "file://2001-db8--1.ipv6-literal.net/share"},
	{`\\FILESRV01\Public\Q3 #2.xlsx`, "file://FILESRV01/Public/Q3%20%232.xlsx"},
	{`\\sérveur\partage`, "file://s%C3%A9rveur/partage"},
	{`\\a b\c`, "file://a%20b/c"},
	{`\\server\share\\x`, "file://server/share//x"},
}

func TestWindowsPaths(t *testing.T) {
	for _, tt := range windowsPaths {
		checkBothWays(t, file.Windows, tt.path, tt.uri)
	}
}

// TestWindowsInputForms: forward slashes and the long-path prefixes give
// the URI of the canonical path.
func TestWindowsInputForms(t *testing.T) {
	tests := []struct{ path, uri string }{
		{`C:/`, "file:///C:/"},
		{`C:/Users/ana/x.txt`, "file:///C:/Users/ana/x.txt"},
		{`C:\Users/ana\x.txt`, "file:///C:/Users/ana/x.txt"},
		{`//server/share/x`, "file://server/share/x"},
		{`\/server\share`, "file://server/share"},
		{`\\?\C:\x`, "file:///C:/x"},
		{`\\?\c:\`, "file:///c:/"},
		{`\\?\C:\very\long\path`, "file:///C:/very/long/path"},
		{`\\?\UNC\server\share\x`, "file://server/share/x"},
		{`\\?\unc\server\share`, "file://server/share"},
	}
	for _, tt := range tests {
		u, err := file.FromPath(tt.path, file.Windows)
		if err != nil || u.String() != tt.uri {
			t.Errorf("FromPath(%q, Windows) = %q, %v, want %q", tt.path, u, err, tt.uri)
		}
	}
}

func TestWindowsFromPathErrors(t *testing.T) {
	tests := []struct {
		path string
		err  error
		comp uri.Component
		off  int
	}{
		{"", file.ErrNotAbsolute, uri.ComponentPath, 0},
		{`x`, file.ErrNotAbsolute, uri.ComponentPath, 0},
		{`\x`, file.ErrNotAbsolute, uri.ComponentPath, 0},
		{`/x`, file.ErrNotAbsolute, uri.ComponentPath, 0},
		{`.\x`, file.ErrNotAbsolute, uri.ComponentPath, 0},
		{`C:`, file.ErrNotAbsolute, uri.ComponentPath, 2},
		{`C:x`, file.ErrNotAbsolute, uri.ComponentPath, 2},
		{`1:\x`, file.ErrNotAbsolute, uri.ComponentPath, 0},
		{`\\?\C:`, file.ErrNotAbsolute, uri.ComponentPath, 6},
		{`\\?\C:x`, file.ErrNotAbsolute, uri.ComponentPath, 6},
		{`\\`, file.ErrHost, uri.ComponentHost, 2},
		{`\\\x\y`, file.ErrHost, uri.ComponentHost, 2},
		{`\\server`, file.ErrShare, uri.ComponentPath, 8},
		{`\\server\`, file.ErrShare, uri.ComponentPath, 9},
		{`\\server\\x`, file.ErrShare, uri.ComponentPath, 9},
		{`\\?\UNC\server`, file.ErrShare, uri.ComponentPath, 14},
		{`\\localhost\c$\x`, file.ErrLocalhostShare, uri.ComponentHost, 2},
		{`\\LocalHost\share`, file.ErrLocalhostShare, uri.ComponentHost, 2},
		{`\\[::1]\share`, file.ErrHost, uri.ComponentHost, 2},
		{`\\host:445\share`, file.ErrHost, uri.ComponentHost, 6},
		{`\\a*b\share`, file.ErrHost, uri.ComponentHost, 3},
		{`\\.\COM1`, file.ErrNamespace, uri.ComponentHost, 2},
		{`\\.\C:\x`, file.ErrNamespace, uri.ComponentHost, 2},
		{`//?/C:/x`, file.ErrNamespace, uri.ComponentHost, 2},
		{`\\?\Volume{b75e2c83-0000-0000-0000-602f00000000}\x`, file.ErrNamespace, uri.ComponentPath, 4},
		{`\\?\GLOBALROOT\Device\x`, file.ErrNamespace, uri.ComponentPath, 4},
		{`\\?\UNC/server/share`, file.ErrNamespace, uri.ComponentPath, 4},
		{`C:\a?b`, file.ErrReservedCharacter, uri.ComponentPath, 4},
		{`C:\a*`, file.ErrReservedCharacter, uri.ComponentPath, 4},
		{`C:\a|b`, file.ErrReservedCharacter, uri.ComponentPath, 4},
		{`C:\"x"`, file.ErrReservedCharacter, uri.ComponentPath, 3},
		{`C:\<x>`, file.ErrReservedCharacter, uri.ComponentPath, 3},
		{"C:\\a\tb", file.ErrReservedCharacter, uri.ComponentPath, 4},
		{`\\s\sh?re`, file.ErrReservedCharacter, uri.ComponentPath, 6},
		{"C:\\a\x00", file.ErrNUL, uri.ComponentPath, 4},
		{"\\\\s\x00\\x", file.ErrNUL, uri.ComponentPath, 3},
	}
	for _, tt := range tests {
		u, err := file.FromPath(tt.path, file.Windows)
		checkError(t, "FromPath("+tt.path+", Windows)", err, file.OpFromPath, file.Windows, tt.err, tt.comp, tt.off)
		if u != (uri.URI{}) {
			t.Errorf("FromPath(%q, Windows) = %q with an error", tt.path, u)
		}
	}
}

func TestWindowsToPath(t *testing.T) {
	tests := []struct {
		uri  string
		path string
		err  error
		comp uri.Component
		off  int
	}{
		{uri: "file:///C:/x", path: `C:\x`},
		{uri: "file:/C:/x", path: `C:\x`}, // "/C:/x" is a path-absolute: RFC 8089 2's local-path
		{uri: "file://localhost/C:/x", path: `C:\x`},
		{uri: "file://LOCALHOST/c:/", path: `c:\`},
		{uri: "file:///%43%3A/x", path: `C:\x`},
		{uri: "file:///C:/a%20b/%C3%A9", path: `C:\a b\é`},
		{uri: "file:///C:/a%3Ab", path: `C:\a:b`},
		{uri: "file://server/share", path: `\\server\share`},
		{uri: "file://Server/share/a%20b/", path: `\\Server\share\a b\`},
		{uri: "file://s%20v/share", path: `\\s v\share`},
		{uri: "file://10.0.0.1/share", path: `\\10.0.0.1\share`},

		{uri: "http://h/C:/x", err: file.ErrScheme, comp: uri.ComponentScheme, off: 0},
		{uri: "file://u@server/share", err: file.ErrUserinfo, comp: uri.ComponentUserinfo, off: 7},
		{uri: "file://server:445/share", err: file.ErrPort, comp: uri.ComponentPort, off: 13},
		{uri: "file:///C:/x?y", err: file.ErrQuery, comp: uri.ComponentQuery, off: 12},
		{uri: "file:///C:/x#y", err: file.ErrFragment, comp: uri.ComponentFragment, off: 12},
		{uri: "file:///x", err: file.ErrNotAbsolute, comp: uri.ComponentPath, off: 8},
		{uri: "file:///", err: file.ErrNotAbsolute, comp: uri.ComponentPath, off: 8},
		{uri: "file:///C:", err: file.ErrNotAbsolute, comp: uri.ComponentPath, off: 10},
		{uri: "file:///C:x", err: file.ErrNotAbsolute, comp: uri.ComponentPath, off: 10},
		{uri: "file:///CD:/x", err: file.ErrNotAbsolute, comp: uri.ComponentPath, off: 8},
		{uri: "file:///1:/x", err: file.ErrNotAbsolute, comp: uri.ComponentPath, off: 8},
		{uri: "file:///c%7C/x", err: file.ErrNotAbsolute, comp: uri.ComponentPath, off: 8},
		{uri: "file:c:/x", err: file.ErrNotAbsolute, comp: uri.ComponentPath, off: 5},
		{uri: "file:////server/share", err: file.ErrNotAbsolute, comp: uri.ComponentPath, off: 8},
		{uri: "file:", err: file.ErrNotAbsolute, comp: uri.ComponentPath, off: 5},
		{uri: "file:///C:/a%2Fb", err: file.ErrEncodedSeparator, comp: uri.ComponentPath, off: 12},
		{uri: "file:///C:/a%5cb", err: file.ErrEncodedSeparator, comp: uri.ComponentPath, off: 12},
		{uri: "file://s/sh%5Cre", err: file.ErrEncodedSeparator, comp: uri.ComponentPath, off: 11},
		{uri: "file:///C:/a%00", err: file.ErrNUL, comp: uri.ComponentPath, off: 12},
		{uri: "file:///C:/a%3F", err: file.ErrReservedCharacter, comp: uri.ComponentPath, off: 12},
		{uri: "file:///C:/a*", err: file.ErrReservedCharacter, comp: uri.ComponentPath, off: 12},
		{uri: "file:///C:/%22", err: file.ErrReservedCharacter, comp: uri.ComponentPath, off: 11},
		{uri: "file:///C:/a%09", err: file.ErrReservedCharacter, comp: uri.ComponentPath, off: 12},
		{uri: "file://server", err: file.ErrShare, comp: uri.ComponentPath, off: 13},
		{uri: "file://server/", err: file.ErrShare, comp: uri.ComponentPath, off: 14},
		{uri: "file://server//x", err: file.ErrShare, comp: uri.ComponentPath, off: 14},
		{uri: "file://[::1]/share", err: file.ErrHost, comp: uri.ComponentHost, off: 7},
		{uri: "file://[v1.x]/share", err: file.ErrHost, comp: uri.ComponentHost, off: 7},
		{uri: "file://a%3Ab/share", err: file.ErrHost, comp: uri.ComponentHost, off: 7},
		{uri: "file://a%5Cb/share", err: file.ErrHost, comp: uri.ComponentHost, off: 7},
		{uri: "file://a*b/share", err: file.ErrHost, comp: uri.ComponentHost, off: 7},
		{uri: "file://./C:/x", err: file.ErrNamespace, comp: uri.ComponentHost, off: 7},
		{uri: "file://%3F/C:/x", err: file.ErrNamespace, comp: uri.ComponentHost, off: 7},
		{uri: "file://%2E/pipe/x", err: file.ErrNamespace, comp: uri.ComponentHost, off: 7},
	}
	for _, tt := range tests {
		u := uri.MustParse(tt.uri)
		p, err := file.ToPath(u, file.Windows)
		if tt.err == nil {
			if err != nil || p != tt.path {
				t.Errorf("ToPath(%q, Windows) = %q, %v, want %q", tt.uri, p, err, tt.path)
			}
			continue
		}
		checkError(t, "ToPath("+tt.uri+", Windows)", err, file.OpToPath, file.Windows, tt.err, tt.comp, tt.off)
		if p != "" {
			t.Errorf("ToPath(%q, Windows) = %q with an error", tt.uri, p)
		}
	}
}

// TestWindowsRemoteHostOption: RemoteHost changes nothing in the Windows
// style, where a host is a UNC server.
func TestWindowsRemoteHostOption(t *testing.T) {
	for _, s := range []string{"file://server/share/x", "file:///C:/x", "file://server/"} {
		u := uri.MustParse(s)
		p1, err1 := file.ToPath(u, file.Windows)
		p2, err2 := file.Options{RemoteHost: true}.ToPath(u, file.Windows)
		if p1 != p2 || (err1 == nil) != (err2 == nil) {
			t.Errorf("ToPath(%q, Windows) = %q, %v; with RemoteHost %q, %v", s, p1, err1, p2, err2)
		}
	}
}
