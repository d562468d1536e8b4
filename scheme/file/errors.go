package file

import (
	"errors"
	"strconv"

	"github.com/urikit/urikit/internal/jsontext"
	"github.com/urikit/urikit/uri"
)

// The reasons of an Error, for errors.Is. Each names the rule of RFC 8089
// (or of RFC 3986, or of the Windows naming rules that RFC 8089 5 asks an
// implementation to apply) that the input breaks, and says where
// Error.Offset points: in FromPath's path argument, or in the text of
// ToPath's URI (u.String()).
var (
	// ErrStyle: a Style other than POSIX and Windows, the two path
	// syntaxes of RFC 8089 Appendix D.1 and D.2 that this package knows.
	// Offset is 0 and the Component is 0.
	ErrStyle = errors.New("unknown path style")
	// ErrNotAbsolute: a relative path, which RFC 8089 cannot express
	// (section 2: local-path and auth-path end in path-absolute). FromPath:
	// a POSIX path that does not start with "/"; a Windows path that is
	// neither "X:\..." nor a UNC path ("C:x" and "C:" are relative to the
	// drive's current directory, "\x" to the current drive). Offset is
	// the first byte that cannot start, or continue, an absolute path.
	// ToPath: a path that is not absolute for the style (RFC 8089 2: "file:x",
	// "file://h" with an empty path; on Windows a local path without a
	// drive letter, such as "file:///x"). Offset is the path's start, or
	// the byte after the drive letter's ":".
	ErrNotAbsolute = errors.New("not an absolute path")
	// ErrNUL: a NUL byte in a path, or "%00" in a URI's path: no
	// operating system allows it in a file name, and C APIs would cut the
	// name short there. Offset is the NUL, or the "%" of "%00".
	ErrNUL = errors.New("NUL byte in a path")
	// ErrEncodedSeparator: ToPath found "%2F" inside a segment (and on
	// Windows also "%5C"): decoded, it would be a separator and change
	// which file the path names (RFC 3986 3.3: "/" delimits segments, so
	// an encoded one is data inside a segment, which no file name can
	// hold). Offset is the "%".
	ErrEncodedSeparator = errors.New(`percent-encoded "/" or "\" inside a path segment`)
	// ErrReservedCharacter: a Windows name holding a character that Win32
	// file names never hold: < > " | ? * or a control character (U+0001 to
	// U+001F). RFC 8089 5 requires an implementation to restrict such
	// characters in data obtained from a URI. The ":" is allowed after a
	// drive letter and inside names (NTFS stream names, "file.txt:s").
	// Offset is the character, or the "%" of its triplet.
	ErrReservedCharacter = errors.New("character not allowed in a Windows file name")
	// ErrScheme: ToPath was given a URI whose scheme is not "file" (RFC
	// 8089 2; compared ignoring case, RFC 3986 3.1). Offset is 0.
	ErrScheme = errors.New(`scheme is not "file"`)
	// ErrUserinfo: a file URI with userinfo. RFC 8089 2's file-auth has
	// none; Appendix E.1 allows one for VMS node names, which neither
	// style has. Offset is the userinfo's start.
	ErrUserinfo = errors.New("file URI with userinfo")
	// ErrPort: a file URI with a port, which RFC 8089 2's file-auth does
	// not have. Offset is the port's ":".
	ErrPort = errors.New("file URI with a port")
	// ErrQuery: a file URI with a query; RFC 8089 2's file-URI has none,
	// and a "?" left in a path would name another file. Offset is the "?".
	ErrQuery = errors.New("file URI with a query")
	// ErrFragment: a file URI with a fragment; RFC 8089 2's file-URI has
	// none, and a path has nothing that it could identify. Offset is the
	// "#".
	ErrFragment = errors.New("file URI with a fragment")
	// ErrRemoteHost: in the POSIX style, a URI whose host is neither empty
	// nor "localhost": it names a file on another machine (RFC 8089 3: "A
	// file URI can be dependably dereferenced or translated to a local
	// file path only if it is local"). Options.RemoteHost accepts it.
	// Offset is the host's start.
	ErrRemoteHost = errors.New("host names another machine")
	// ErrHost: in the Windows style, a host that cannot be a UNC server
	// name (RFC 8089 Appendix E.3.1 maps the UNC hostname to the URI
	// host): empty, an IP-literal ("[v6]": UNC has no brackets; write the
	// ipv6-literal.net name), or holding \ / : [ ] < > " | ? * or a control
	// character once decoded. Offset is the host's start (FromPath: the
	// server name's start, or the bad character).
	ErrHost = errors.New("host cannot be a UNC server name")
	// ErrShare: a UNC path without a share name ("\\server", or
	// "\\server\\x" with an empty one), or a URI with a host whose path
	// has no first segment ("file://server/", "file://server"): RFC 8089
	// Appendix C's UNC syntax is "\\" hostname "\" sharename, and E.3.1
	// maps the sharename to the first segment. Offset is where the share
	// name would start.
	ErrShare = errors.New("UNC path without a share name")
	// ErrLocalhostShare: FromPath was given the UNC path of a share on
	// "localhost" ("\\localhost\c$\x"): its URI "file://localhost/c$/x"
	// would name the local file "/c$/x", since RFC 8089 2 reads the
	// authority "localhost" "exactly as if no authority were present".
	// Name the share by another of the machine's names ("127.0.0.1") or
	// use the drive path. Offset is the server name's start.
	ErrLocalhostShare = errors.New(`a share on "localhost" has no file URI`)
	// ErrNamespace: a Win32 namespace path other than the two long-path
	// prefixes "\\?\X:\" and "\\?\UNC\" (RFC 8089 Appendix C: the
	// specification defines no mapping for namespaced paths): a device
	// path ("\\.\COM1", "\\?\Volume{...}\"), or, in ToPath, a host that
	// decodes to "." or "?", which would give one. Offset is the start of
	// the namespace's name (ToPath: of the host).
	ErrNamespace = errors.New("Win32 device or namespace path")
)

// The values of Error.Op: the conversion from a path to a file URI (RFC
// 8089 Appendix D) and back (RFC 8089 3).
const (
	OpFromPath = "FromPath"
	OpToPath   = "ToPath"
)

// Error is the error of FromPath and ToPath: the operation, the style,
// the URI component (RFC 3986 3) that the mistake concerns, where it is,
// and why (which rule of RFC 8089, RFC 3986 or Win32 naming). It
// holds no text of the path or the URI, only numbers and fixed names, so
// that an error, a log line or a JSON encoding of one repeats nothing of
// the input.
type Error struct {
	// Op is OpFromPath or OpToPath; it says what Offset counts: the bytes
	// of FromPath's path argument, or the bytes of ToPath's u.String().
	Op string
	// Style is the style of the call.
	Style Style
	// Component is the URI component that the mistake concerns (RFC 3986
	// 3). In FromPath it is the component that the offending part of the
	// path becomes: a UNC server name is the host (RFC 8089 Appendix
	// E.3.1), a drive letter, a share or a name is the path. It is 0 for
	// ErrStyle.
	Component uri.Component
	// Offset is the byte offset of the mistake; each reason says where it
	// points.
	Offset int
	// Err is the reason: one of the Err* values of this package, or
	// uri.ErrTooLong.
	Err error
}

// Error returns "file: <op> (<style>): <component> at offset <n>:
// <reason>", with the component's RFC 3986 3 name; only the numbers and
// names of the error, never input text (RFC 8089 5).
func (e *Error) Error() string {
	s := "file: " + e.Op + " (" + e.Style.String() + "): "
	if e.Component != 0 {
		s += e.Component.String() + " at offset " + strconv.Itoa(e.Offset) + ": "
	}
	return s + e.reason()
}

func (e *Error) reason() string {
	if e.Err == nil {
		return "invalid"
	}
	return e.Err.Error()
}

// Unwrap returns the reason (one of the rules above, RFC 8089 2-5), for
// errors.Is.
func (e *Error) Unwrap() error { return e.Err }

// MarshalJSON encodes the error as {"op", "style", "component", "offset",
// "reason"}: names (the component's RFC 3986 3 name), a number and a
// fixed text, never input text; valid JSON whatever bytes they hold.
func (e *Error) MarshalJSON() ([]byte, error) {
	b := []byte(`{"op":`)
	b = jsontext.AppendString(b, e.Op)
	b = append(b, `,"style":`...)
	b = jsontext.AppendString(b, e.Style.String())
	b = append(b, `,"component":`...)
	if e.Component != 0 {
		b = jsontext.AppendString(b, e.Component.String())
	} else {
		b = append(b, `""`...)
	}
	b = append(b, `,"offset":`...)
	b = strconv.AppendInt(b, int64(e.Offset), 10)
	b = append(b, `,"reason":`...)
	b = jsontext.AppendString(b, e.reason())
	return append(b, '}'), nil
}

// fromErr and toErr build the errors of FromPath and ToPath.
func fromErr(s Style, c uri.Component, off int, reason error) *Error {
	return &Error{Op: OpFromPath, Style: s, Component: c, Offset: off, Err: reason}
}

func toErr(s Style, c uri.Component, off int, reason error) *Error {
	return &Error{Op: OpToPath, Style: s, Component: c, Offset: off, Err: reason}
}
