// Package file converts between file URIs (RFC 8089) and operating-system
// paths, both ways, for POSIX and Windows paths alike, whatever the
// system the program runs on.
//
// The file scheme's own rules (no userinfo, no port, an absolute path;
// "localhost" and the empty authority normalize alike) stay in package
// scheme's built-ins; this package adds the path conversions:
//
//	u, err := file.FromPath("/home/ana/notes #1.txt", file.POSIX) // file:///home/ana/notes%20%231.txt
//	p, err := file.ToPath(u, file.POSIX)                           // "/home/ana/notes #1.txt"
//	u, err = file.FromPath(`C:\Users\ana\x.txt`, file.Windows)    // file:///C:/Users/ana/x.txt
//	u, err = file.FromPath(`\\server\share\x.txt`, file.Windows)  // file://server/share/x.txt
//	p, err = file.ToPath(uri.MustParse("file://localhost/etc/hosts"), file.Native())
//
// # Mapping
//
// FromPath writes "file:", the authority (empty for a local path, the
// server of a UNC path) and every name of the path as one segment,
// escaped with uri.EscapeSegment (RFC 3986 3.3, 2.1): a "%", "#", "?" or
// space becomes a triplet, a ";" or "+" stays (they are pchar, and
// decode to themselves), "/" cannot occur. A POSIX name may hold any byte
// but "/" and NUL; bytes that are not UTF-8 become their triplets and come
// back as they were (RFC 8089 4 leaves the encoding to the file system).
//
// ToPath is the inverse, strict by default: the scheme "file", no
// userinfo, port, query or fragment (RFC 8089 2), an absolute path, and no
// segment that decodes to a separator ("%2F", on Windows also "%5C") or
// NUL: each would name another file than the one the URI's segments name.
// "file:/x", "file:///x" and "file://localhost/x" give the same path (RFC
// 8089 2). In the POSIX style another host is an error, since the URI
// names a file on another machine (RFC 8089 3), unless Options.RemoteHost
// asks for the path on that machine; in the Windows style another host is
// a UNC server.
//
// Neither direction cleans a path: "." and ".." names stay segments
// (uri's Normalize and Resolve remove them, RFC 3986 5.2.4, lexically, as
// filepath.Clean would), and so do empty names ("/a//b") and a trailing
// separator ("file:///a/../b" gives "/a/../b"). ToPath never writes a
// long-path prefix: add "\\?\" to a Windows path that needs one.
//
// Round trips: for every path p that FromPath accepts, ToPath(FromPath(p))
// is p in the POSIX style, and in the Windows style p with "/" written as
// "\" and without a "\\?\" prefix ("\\?\UNC\s\x" as "\\s\x"). For every
// URI u that ToPath accepts, FromPath(ToPath(u)) names the same file: its
// segments decode to the same names, and it is scheme.Equivalent to u
// whenever u spells no name's "+", ";", ":" and the like as a triplet
// (RFC 3986 2.2 counts "%3B" and ";" as different URIs; a file system
// reads the same name). Both directions are linear in the input and never
// panic; errors are *Error values with the component, the rule (a
// sentinel for errors.Is) and an offset, and no text of the input.
//
// # Windows
//
//   - A drive path "C:\x" is "file:///C:/x" (RFC 8089 Appendix D.2: the
//     drive letter is the first segment), "C:\" is "file:///C:/". The
//     letter keeps its case in both directions ("c:\x" is "file:///c:/x"):
//     Windows compares drive letters ignoring case, and so does
//     scheme.Equivalent after ToPath; we never rewrite what the caller
//     gave. "C:" and "C:x" are relative to the drive's current directory
//     and "\x" to the current drive: ErrNotAbsolute.
//   - A UNC path "\\server\share\x" is "file://server/share/x" (Appendix
//     E.3.1); "\\server\share" and "\\server\share\" keep their
//     difference. A share is required (ErrShare). A server named
//     "localhost" is ErrLocalhostShare: "file://localhost/c$" would read
//     back as the local "/c$" (RFC 8089 2).
//   - The long-path prefixes "\\?\C:\x" and "\\?\UNC\server\share\x" give
//     the URIs of "C:\x" and "\\server\share\x"; other namespaced paths
//     ("\\.\COM1", "\\?\Volume{...}") are ErrNamespace (RFC 8089 Appendix
//     C defines no mapping for them). ToPath never writes the prefix.
//   - "\" and "/" both separate names on input, also after "\\?\".
//   - A ".." name stays a segment, and to uri's Resolve and Normalize the
//     drive letter and the share are segments like any other (RFC 3986
//     5.2.4): "file:///C:/../x" normalizes to "file:///x", which no
//     Windows path matches. RFC 8089 Appendix E.2.1 describes resolvers
//     that never remove the drive letter; uri is not one. Clean a path
//     (filepath.Clean) before FromPath when that matters.
//   - Names must not hold the characters Win32 names forbid, < > " | ? *
//     and the controls (ErrReservedCharacter), in either direction (RFC
//     8089 5); ":" is allowed (NTFS stream names). Reserved device names
//     (CON, NUL, ...) and trailing dots or spaces are not checked.
//
// # Non-strict forms (RFC 8089 Appendix E)
//
// Options.NonStrict makes ToPath accept, in the Windows style, the forms
// of Appendix E that are RFC 3986 URIs: "file:c:/x" (E.2) and
// "file:////server/share/x" or "file://///server/share/x" (E.3.2).
// ParseNonStrict turns the two forms that are not RFC 3986 into URIs, as
// Appendix E says to update them: "file:///c|/x" into "file:///c:/x"
// (E.2.2) and "file:///c:\x" into "file:///c:/x" (E.4, which allows it
// "if it can be determined with reasonable certainty that the backslashes
// are intended as path separators": asking for the Windows style is that
// certainty; in the POSIX style "\" and "|" are bytes of names, which a
// URI writes as "%5C" and "%7C"). Userinfo (E.1)
// stays an error. "file:/C:/x" needs no option: "/C:/x" is a
// path-absolute, so RFC 8089 2's local-path takes it as it is.
//
// # Compared with uriparser and Python
//
// What uriparser 0.9.7 (uriUnixFilenameToUriStringA,
// uriWindowsFilenameToUriStringA, uriUriStringToUnixFilenameA,
// uriUriStringToWindowsFilenameA, run) and Python's pathlib (3.11
// PurePath.as_uri, run; 3.13 Path.from_uri, read from its source) give
// where they differ from this package. All three agree on "/a b/c#d"
// (file:///a%20b/c%23d), "/caf\xe9" (file:///caf%E9), "C:\" (file:///C:/),
// "c:\x" (file:///c:/x), "\\server\share\x" (file://server/share/x),
// "file:///x" and "file:/x" (/x) and "file:///C:/x" (C:\x).
//
// POSIX path to URI:
//
//	path       urikit              uriparser                 pathlib as_uri
//	/a;b/c+d@e file:///a;b/c+d@e   file:///a%3Bb/c%2Bd%40e   file:///a%3Bb/c%2Bd%40e
//	/x:y       file:///x:y         file:///x%3Ay             file:///x%3Ay
//	/tmp/dir/  file:///tmp/dir/    file:///tmp/dir/          file:///tmp/dir
//	/a/./b     file:///a/./b       file:///a/./b             file:///a/b
//	rel/x      ErrNotAbsolute      rel/x (a relative ref)    ValueError
//	/a<NUL>b   ErrNUL              file:///a (C string)      file:///a%00b
//
// URI to POSIX path:
//
//	URI                  urikit                    uriparser       pathlib from_uri
//	file://localhost/x   /x                        localhost/x     /x
//	file://host/x        ErrRemoteHost (or /x)     host/x          //host/x
//	file:///a%2Fb        ErrEncodedSeparator       /a/b            /a/b
//	file:///a?q#f        ErrQuery                  /a?q#f          /a?q#f
//	file:///a%00b        ErrNUL                    /a              /a<NUL>b
//	file:x               ErrNotAbsolute            file:x          ValueError
//	http://h/x           ErrScheme                 http://h/x      ValueError
//
// Windows path to URI:
//
//	path                 urikit               uriparser                     pathlib as_uri
//	C:\a;b               file:///C:/a;b       file:///C:/a%3Bb              file:///C:/a%3Bb
//	C:\a/b               file:///C:/a/b       file:///C:/a%2Fb              file:///C:/a/b
//	C:\dir\              file:///C:/dir/      file:///C:/dir/               file:///C:/dir
//	\\server\share       file://server/share  file://server/share           file://server/share/
//	\\?\C:\x             file:///C:/x         file://%3F/C%3A/x             file://%3F/C%3A/x
//	\\?\UNC\s\share\x    file://s/share/x     file://%3F/UNC/s/share/x      file://%3F/UNC/s/share/x
//	C:x                  ErrNotAbsolute       file:///C:x                   ValueError
//	\x                   ErrNotAbsolute       /x (a relative ref)           ValueError
//
// URI to Windows path:
//
//	URI                       urikit                        uriparser          pathlib from_uri
//	file://localhost/C:/x     C:\x                          \\localhost\C:\x   C:\x
//	file:/C:/x                C:\x                          file:\C:\x         C:\x
//	file:c:/x                 NonStrict: c:\x               c:\x               c:\x
//	file:///c|/x              ParseNonStrict: c:\x          c|\x               c:\x
//	file:////server/share/x   NonStrict: \\server\share\x   \server\share\x    \\server\share\x
//	file://///server/share/x  NonStrict: \\server\share\x   \\server\share\x   \\server\share\x
//	file:///C:/a%5Cb          ErrEncodedSeparator           C:\a\b             C:\a\b
//	file:///x                 ErrNotAbsolute                x                  ValueError
//
// # Deviations
//
// Where this package goes beyond, or departs from, the letter of RFC
// 8089, with the input that motivates it:
//
//   - A query or a fragment is an error ("file:///x?v=1"): RFC 8089 2's
//     file-URI has neither, and a path has no place for them. Package
//     scheme's file rules accept both (they are RFC 3986's).
//   - "%2F" in a segment is an error ("file:///a%2Fb"), and on Windows
//     "%5C" too: RFC 8089 says nothing, and every other converter we know
//     of decodes it into a separator, naming the file "/a/b".
//   - The long-path prefixes are read ("\\?\C:\x"): RFC 8089 Appendix C
//     defines no mapping for Win32 namespaces.
//   - Win32's forbidden characters are errors in Windows names ("C:\a?b"),
//     as RFC 8089 5 asks of implementations; POSIX names are not checked
//     beyond NUL.
//   - A UNC share on "localhost" is an error ("\\localhost\c$"): RFC 8089
//     2 makes "file://localhost/c$" local.
package file
