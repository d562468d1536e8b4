package file_test

import (
	"errors"
	"fmt"

	"github.com/urikit/urikit/scheme/file"
	"github.com/urikit/urikit/uri"
)

func ExampleFromPath() {
	for _, p := range []string{"/home/ana/notes #1.txt", "/srv/100%/a;b", "/tmp/dir/", "/latin1/caf\xe9"} {
		u, err := file.FromPath(p, file.POSIX)
		fmt.Println(u, err)
	}
	for _, p := range []string{`C:\Program Files\app.exe`, `c:/Users/ana/`, `\\server\share\Q3 report.xlsx`, `\\?\C:\very\long\path`, `\\?\UNC\server\share\x`} {
		u, err := file.FromPath(p, file.Windows)
		fmt.Println(u, err)
	}
	_, err := file.FromPath("notes.txt", file.POSIX)
	fmt.Println(err)
	// Output:
	// file:///home/ana/notes%20%231.txt <nil>
	// file:///srv/100%25/a;b <nil>
	// file:///tmp/dir/ <nil>
	// file:///latin1/caf%E9 <nil>
	// file:///C:/Program%20Files/app.exe <nil>
	// file:///c:/Users/ana/ <nil>
	// file://server/share/Q3%20report.xlsx <nil>
	// file:///C:/very/long/path <nil>
	// file://server/share/x <nil>
	// file: FromPath (posix): path at offset 0: not an absolute path
}

func ExampleToPath() {
	// RFC 8089 2: no authority, the empty one and "localhost" all mean
	// the local machine.
	for _, s := range []string{"file:///etc/hosts", "file:/etc/hosts", "file://localhost/etc/hosts", "file:///a%20b/%C3%A9"} {
		p, err := file.ToPath(uri.MustParse(s), file.POSIX)
		fmt.Printf("%q %v\n", p, err)
	}
	for _, s := range []string{"file:///C:/Windows/", "file:/c:/x", "file://server/share/a%20b"} {
		p, err := file.ToPath(uri.MustParse(s), file.Windows)
		fmt.Printf("%q %v\n", p, err)
	}
	// Output:
	// "/etc/hosts" <nil>
	// "/etc/hosts" <nil>
	// "/etc/hosts" <nil>
	// "/a b/é" <nil>
	// "C:\\Windows\\" <nil>
	// "c:\\x" <nil>
	// "\\\\server\\share\\a b" <nil>
}

func ExampleToPath_errors() {
	for _, s := range []string{"file://host.example.com/x", "file:///a%2Fb", "file:///x?v=2", "https://example.com/x"} {
		_, err := file.ToPath(uri.MustParse(s), file.POSIX)
		var e *file.Error
		errors.As(err, &e)
		fmt.Printf("%v at offset %d: %v\n", e.Component, e.Offset, e.Err)
	}
	// Output:
	// host at offset 7: host names another machine
	// path at offset 9: percent-encoded "/" or "\" inside a path segment
	// query at offset 9: file URI with a query
	// scheme at offset 0: scheme is not "file"
}

func ExampleOptions_ToPath() {
	// RFC 8089 Appendix E forms, which strict ToPath rejects.
	lenient := file.Options{NonStrict: true}
	for _, s := range []string{"file:c:/x", "file:////server/share/x", "file://///server/share/x"} {
		u := uri.MustParse(s)
		_, strictErr := file.ToPath(u, file.Windows)
		p, err := lenient.ToPath(u, file.Windows)
		fmt.Printf("%-26s %q %v (strict: %v)\n", s, p, err, errors.Is(strictErr, file.ErrNotAbsolute))
	}
	// A remote host on POSIX, when asked: the path on that machine.
	u := uri.MustParse("file://nfs.example.com/exports/a")
	p, err := file.Options{RemoteHost: true}.ToPath(u, file.POSIX)
	fmt.Println(p, err, u.Host())
	// Output:
	// file:c:/x                  "c:\\x" <nil> (strict: true)
	// file:////server/share/x    "\\\\server\\share\\x" <nil> (strict: true)
	// file://///server/share/x   "\\\\server\\share\\x" <nil> (strict: true)
	// /exports/a <nil> nfs.example.com
}

func ExampleParseNonStrict() {
	// "|" for the drive letter's colon (RFC 8089 E.2.2) and backslashes
	// as separators (E.4) are not RFC 3986: uri.Parse rejects them.
	for _, s := range []string{"file:///c|/WINDOWS/clock.avi", `file:///c:\path\to\file.txt`} {
		_, perr := uri.Parse(s)
		u, err := file.ParseNonStrict(s, file.Windows)
		p, _ := file.ToPath(u, file.Windows)
		fmt.Printf("%v | %v %v | %q\n", perr != nil, u, err, p)
	}
	// Output:
	// true | file:///c:/WINDOWS/clock.avi <nil> | "c:\\WINDOWS\\clock.avi"
	// true | file:///c:/path/to/file.txt <nil> | "c:\\path\\to\\file.txt"
}

func ExampleNative() {
	// The style of the running system, for paths from os and path/filepath.
	u, err := file.FromPath("/tmp/x", file.POSIX)
	fmt.Println(u, err, file.Native() == file.POSIX || file.Native() == file.Windows)
	// Output:
	// file:///tmp/x <nil> true
}
