// Package pathcmd is "urikit path to-uri|from-uri": file URIs and POSIX
// or Windows paths (RFC 8089, package scheme/file). CmdPath is the
// subcommand.
package pathcmd

import (
	"encoding/base64"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/urikit/urikit/cmd/urikit/internal/base"
	"github.com/urikit/urikit/cmd/urikit/internal/pipeline"
	"github.com/urikit/urikit/cmd/urikit/internal/record"

	"github.com/urikit/urikit/scheme/file"
	"github.com/urikit/urikit/uri"
)

// CmdPath is "urikit path".
var CmdPath = &base.Command{
	Name:    "path",
	Summary: "convert file paths to file URIs and back (RFC 8089), POSIX or Windows",
	Usage:   "path to-uri|from-uri [--json] [--show-secrets] [--windows] [--non-strict] [--remote-host] [PATH|URI...]",
	Help: `path to-uri prints the file URI of each absolute path (RFC 8089,
file.FromPath): every name becomes one segment, with "%", "#", "?", space
and the like percent-encoded, so that from-uri gives the path back byte
for byte. POSIX paths by default; --windows reads drive paths ("C:\x"),
UNC paths ("\\server\share\x") and the long-path prefix "\\?\", with "\"
or "/" between names. A relative path is an error: RFC 8089 has no
relative file URI.

path from-uri prints the path that each file URI names (file.ToPath),
strictly: no userinfo, port, query or fragment, no "%2F" inside a name
(on Windows no "%5C" either), no NUL. "file:/x", "file:///x" and
"file://localhost/x" are the same local file. In the POSIX style another
host is an error, unless --remote-host is given: the output is then the
path on that host, written "HOST:PATH" (as scp does) and given apart in
JSON ("host"). In the Windows style another host is a UNC server.
--non-strict (with --windows) reads the old forms of RFC 8089 Appendix E:
"file:c:/x", "file:////server/share/x", "file:///c|/x" and "file:///c:\x".

Each input gives one line: the URI or the path, or "error: ..." with the
details on standard error (the offset counts bytes of the input, with a
caret under it). The path of a POSIX URI is the decoded bytes of its
names, UTF-8 or not: in text a byte that is not UTF-8 shows as \xNN and a
backslash as \\ (in the Windows style a backslash is a separator and shows
as it is). JSON strings hold Unicode only, so when a path is not UTF-8 its
member shows each such byte as U+FFFD and a second member, "input_base64"
(to-uri) or "output_base64" (from-uri), holds the path's exact bytes in
base64 (RFC 4648 4, with the same masking as the path).

Standard input is read as lines, as by every subcommand: a name that holds
a line break or ends with CR must be given as an argument. With --windows
every CR at the end of a line is dropped (Windows names hold none).

Secrets are masked as everywhere in urikit: a file URI with userinfo is
an error (RFC 8089 2), and its password still shows as xxxxx; what an
output holds of a secret of its input is masked too, unless
--show-secrets.`,
	Example: `  $ urikit path to-uri '/home/ana/notes #1.txt' '/srv/100% café/'
  file:///home/ana/notes%20%231.txt
  file:///srv/100%25%20caf%C3%A9/
  $ urikit path to-uri --windows 'C:\Users\ana\x.txt' '\\server\share\a b' 'D:\'
  file:///C:/Users/ana/x.txt
  file://server/share/a%20b
  file:///D:/
  $ urikit path from-uri 'file:///home/ana/notes%20%231.txt' 'file://localhost/etc/hosts'
  /home/ana/notes #1.txt
  /etc/hosts
  $ urikit path from-uri --windows --non-strict 'file:///c|/Windows/win.ini' 'file://server/share/x'
  c:\Windows\win.ini
  \\server\share\x
  $ urikit path from-uri --json 'file:///caf%E9' 'file://u:secret@h/x'
  {"input":"file:///caf%E9","output":"/caf\ufffd","output_base64":"L2NhZuk=","error":null}
  {"input":"file://u:xxxxx@h/x","output":null,"error":{"offset":7,"component":"userinfo","reason":"file URI with userinfo","hint":"a file URI has no user name or password (RFC 8089 2): remove the userinfo and its \"@\""}}
`,
	Setup: setupPath,
}

// Options are the flags of path.
type Options struct {
	*base.Options
	Style      file.Style // --windows: file.Windows
	ToURI      bool       // to-uri, or else from-uri
	NonStrict  bool       // --non-strict
	RemoteHost bool       // --remote-host
}

func setupPath(fs base.Flags) func([]string, *base.Env) int {
	opt := base.AddOptions(fs, `{"input","output","error"}; "input_base64" (to-uri) or "output_base64" (from-uri) when a path is not UTF-8;
"host" with --remote-host; "warnings" when there are some`)
	windows := fs.Bool("windows", false, `Windows paths: drive letters, UNC paths, "\" between names (RFC 8089 Appendix D.2, E)`)
	nonStrict := fs.Bool("non-strict", false, `from-uri --windows: also read RFC 8089 Appendix E's forms ("file:c:/x", "file:////server/share/x", "file:///c|/x", "file:///c:\x")`)
	remote := fs.Bool("remote-host", false, "from-uri: accept a POSIX file URI on another host and print HOST:PATH (JSON: \"host\")")
	return func(args []string, e *base.Env) int {
		if len(args) == 0 || args[0] != "to-uri" && args[0] != "from-uri" {
			return base.UsageError(e, "want to-uri or from-uri")
		}
		po := &Options{Options: opt, Style: file.POSIX, ToURI: args[0] == "to-uri", NonStrict: *nonStrict, RemoteHost: *remote}
		if *windows {
			po.Style = file.Windows
		}
		if po.ToURI && (po.NonStrict || po.RemoteHost) {
			return base.UsageError(e, "--non-strict and --remote-host apply to from-uri")
		}
		name := "path " + args[0]
		return pipeline.Stream(e, name, args[1:], func(in record.Input, o *record.Output) { Record(in, o, po, name) })
	}
}

// Record appends to o the record of one input of "path to-uri" or "path
// from-uri" (RFC 8089, package scheme/file), as po says; name is the
// command's name for messages.
func Record(in record.Input, o *record.Output, po *Options, name string) {
	s := in.Text
	if po.Style == file.Windows && !in.Arg {
		s = strings.TrimRight(s, "\r")
	}
	var (
		err      *record.Error
		out      string // the output as shown
		host     string // with --remote-host, the remote host as shown
		hasHost  bool
		m        record.Shown // the input as shown
		uriInput bool         // the input is a URI (from-uri), shown as one
		warnings []record.Warning
	)
	switch {
	case in.Long > 0:
		err = record.LongError()
	case po.ToURI:
		m = record.Mask(s)
		u, ferr := file.FromPath(s, po.Style)
		if ferr != nil {
			err = fromPathError(s, ferr, po)
			break
		}
		out = record.ShowResult(u.Reference(), po.ShowSecrets, record.WithSecrets(m)...)
	default:
		uriInput = true
		u, perr := parsePathURI(s, po)
		if perr != nil {
			m = record.Mask(s)
			err = fromPathError(s, perr, po)
			break
		}
		m = record.Mask(s)
		path, ferr := file.Options{NonStrict: po.NonStrict, RemoteHost: po.RemoteHost}.ToPath(u, po.Style)
		if ferr != nil {
			err = fromPathError(s, ferr, po)
			break
		}
		out = path
		if po.Style == file.POSIX {
			warnings = driveWarnings(u, path)
		}
		out = record.DerivedShown(path, po.ShowSecrets, record.WithSecrets(m)...).Text
		if po.RemoteHost && po.Style == file.POSIX && u.HasAuthority() && u.Host() != "" && !strings.EqualFold(u.Host(), "localhost") {
			host, hasHost = u.Host(), true
			host = record.DerivedShown(host, po.ShowSecrets, record.WithSecrets(m)...).Text
		}
	}
	if po.ShowSecrets {
		m = record.ShownAs(s)
	}
	if err != nil {
		o.Fail()
	}
	if po.JSON {
		b := append(o.Out, '{')
		b = record.Key(b, "input")
		b = record.AppendString(b, m.Text)
		if po.ToURI && !utf8.ValidString(m.Text) {
			b = record.Key(b, "input_base64")
			b = record.AppendString(b, base64.StdEncoding.EncodeToString([]byte(m.Text)))
		}
		b = record.Key(b, "output")
		b = record.AppendOpt(b, out, err == nil)
		if !po.ToURI && err == nil && !utf8.ValidString(out) {
			b = record.Key(b, "output_base64")
			b = record.AppendString(b, base64.StdEncoding.EncodeToString([]byte(out)))
		}
		if po.RemoteHost {
			b = record.Key(b, "host")
			b = record.AppendOpt(b, host, hasHost)
		}
		b = record.Key(b, "error")
		b = record.AppendError(b, err)
		b = record.AppendWarnings(b, warnings)
		o.Out = append(b, '}', '\n')
		return
	}
	if err != nil {
		o.Out = append(o.Out, record.ErrorLine(err)...)
		var d strings.Builder
		d.WriteString("urikit " + name + ": " + in.Where() + ": ")
		d.WriteString(strings.TrimPrefix(record.ErrorLine(err), "error: "))
		if in.Long == 0 {
			if uriInput {
				d.WriteString(record.CaretLines("    ", m, err.Offset))
			} else {
				d.WriteString(pathCaretLines("    ", m, err.Offset, po.Style))
			}
		}
		if err.Hint != "" {
			d.WriteString("    hint: " + err.Hint + "\n")
		}
		o.Stderr(d.String())
		return
	}
	if hasHost {
		o.Out = append(o.Out, record.EscapeText(host)...)
		o.Out = append(o.Out, ':')
	}
	if po.ToURI {
		o.Out = append(o.Out, record.EscapeText(out)...)
	} else {
		o.Out = append(o.Out, escapePath(out, po.Style)...)
	}
	o.Out = append(o.Out, '\n')
	for _, w := range warnings {
		o.Stderr(record.WarningText(name, in, w))
	}
}

// parsePathURI parses the input of from-uri: uri.Parse, or with
// --non-strict file.ParseNonStrict, which updates the vertical line and
// the backslashes of RFC 8089 Appendix E.2.2 and E.4 one byte for one
// byte, so that offsets still count bytes of s.
func parsePathURI(s string, po *Options) (uri.URI, error) {
	if po.NonStrict {
		return file.ParseNonStrict(s, po.Style)
	}
	return uri.Parse(s)
}

// fromPathError builds the error member of a record of path from an
// error of file.FromPath, file.ToPath or the parsing of the URI.
func fromPathError(s string, err error, po *Options) *record.Error {
	var fe *file.Error
	if errors.As(err, &fe) {
		e := &record.Error{Offset: fe.Offset, Reason: "invalid"}
		if fe.Component != 0 {
			e.Component = fe.Component.String()
		}
		if fe.Err != nil {
			e.Reason = fe.Err.Error()
		}
		e.Hint = pathHint(s, fe, po)
		return e
	}
	var ue *uri.Error
	if !errors.As(err, &ue) {
		ue = &uri.Error{}
	}
	e := record.FromURIError(s, ue)
	if !po.NonStrict && errors.Is(ue.Err, uri.ErrInvalidCharacter) && ue.Offset < len(s) &&
		(s[ue.Offset] == '|' || s[ue.Offset] == '\\') && len(s) >= 5 && strings.EqualFold(s[:5], "file:") {
		switch {
		case po.Style == file.Windows:
			e.Hint = `--non-strict reads the old Windows forms of RFC 8089 Appendix E ("file:///c|/x", "file:///c:\x")`
		case looksWindows(strings.TrimLeft(s[5:], "/")):
			e.Hint = `this reads like the URI of a Windows path: add --windows --non-strict (RFC 8089 Appendix E)`
		}
	}
	return e
}

// driveWarnings returns a warning when the POSIX path that a URI gives
// starts with a drive letter ("file:///C:/x" gives "/C:/x"): the URI
// most likely names a Windows file. u.String() is the input.
func driveWarnings(u uri.URI, path string) []record.Warning {
	if len(path) < 3 || path[0] != '/' || !looksWindows(path[1:]) || path[2] != ':' {
		return nil
	}
	start, _, _ := u.Span(uri.ComponentPath)
	return []record.Warning{{
		Code:    "windows-drive",
		Offset:  start + 1,
		Message: "the path starts with a drive letter: for the Windows path that the URI names, add --windows",
	}}
}

// pathHint says how to fix the mistake that e reports in s, a path
// (to-uri) or a URI (from-uri), or "". Like every hint it is a fixed
// text: it repeats nothing of the input.
func pathHint(s string, e *file.Error, po *Options) string {
	windows := po.Style == file.Windows
	switch {
	case errors.Is(e.Err, file.ErrNotAbsolute):
		if po.ToURI {
			switch {
			case !windows && looksWindows(s):
				return "this reads like a Windows path: add --windows"
			case windows && strings.HasPrefix(s, "/"):
				return "this reads like a POSIX path: drop --windows"
			case windows:
				return `a file URI names an absolute path: a drive path "C:\x" or a UNC path "\\server\share\x" (RFC 8089 2)`
			}
			return `a file URI names an absolute path: start it with "/" (RFC 8089 2)`
		}
		rest := strings.TrimLeft(s[min(len("file:"), len(s)):], "/")
		switch {
		case !windows && looksWindows(rest):
			return "this reads like the URI of a Windows path: add --windows"
		case windows && !po.NonStrict && (looksWindows(rest) || strings.HasPrefix(s[min(len("file:"), len(s)):], "////")):
			return `--non-strict reads the old Windows forms of RFC 8089 Appendix E ("file:c:/x", "file:////server/share/x")`
		case windows:
			return `a Windows file URI starts with a drive letter ("file:///C:/x") or a server ("file://server/share/x")`
		}
		return `a file URI's path is absolute ("file:///x", RFC 8089 2)`
	case errors.Is(e.Err, file.ErrNUL):
		return "no file name holds a NUL byte"
	case errors.Is(e.Err, file.ErrReservedCharacter):
		return `Windows file names never hold < > " | ? * or control characters (RFC 8089 5)`
	case errors.Is(e.Err, file.ErrShare):
		return `a UNC path names a share after its server: "\\server\share\x" (RFC 8089 Appendix E.3.1)`
	case errors.Is(e.Err, file.ErrLocalhostShare):
		return `"file://localhost/..." is a local file (RFC 8089 2): name the share by another of the machine's names ("\\127.0.0.1\c$"), or use the drive path`
	case errors.Is(e.Err, file.ErrNamespace):
		return `only the long-path prefixes "\\?\C:\" and "\\?\UNC\" have file URIs (RFC 8089 Appendix C)`
	case errors.Is(e.Err, file.ErrHost):
		return `a UNC server name is a host name or an IPv4 address, without \ / : [ ] < > " | ? * (write an IPv6 address as its ipv6-literal.net name)`
	case errors.Is(e.Err, file.ErrScheme):
		return `a file URI starts with "file:"`
	case errors.Is(e.Err, file.ErrUserinfo):
		return `a file URI has no user name or password (RFC 8089 2): remove the userinfo and its "@"`
	case errors.Is(e.Err, file.ErrPort):
		return "a file URI has no port (RFC 8089 2)"
	case errors.Is(e.Err, file.ErrQuery):
		return `a path has no query: write a "?" that is part of a name as %3F`
	case errors.Is(e.Err, file.ErrFragment):
		return `a path has no fragment: write a "#" that is part of a name as %23`
	case errors.Is(e.Err, file.ErrRemoteHost):
		return "the URI names a file on another machine (RFC 8089 3): --remote-host prints its path there"
	case errors.Is(e.Err, file.ErrEncodedSeparator):
		return `decoded, it would be a separator inside one name: no file has that name`
	}
	return ""
}

// looksWindows reports whether s starts like a Windows drive or UNC path:
// "C:\", "C:/", "C|" or "\\".
func looksWindows(s string) bool {
	if strings.HasPrefix(s, `\\`) {
		return true
	}
	return len(s) >= 2 && ('a' <= s[0]|0x20 && s[0]|0x20 <= 'z') && (s[1] == ':' || s[1] == '|') &&
		(len(s) == 2 || s[2] == '\\' || s[2] == '/')
}

// escapePath returns a path for a terminal, as escapeText does, except
// that in the Windows style a backslash, the separator, is written as it
// is: a Windows name holds no backslash, so nothing is ambiguous.
func escapePath(s string, style file.Style) string {
	if style != file.Windows || strings.IndexByte(s, '\\') < 0 {
		return record.EscapeText(s)
	}
	parts := strings.Split(s, `\`)
	for i, p := range parts {
		parts[i] = record.EscapeText(p)
	}
	return strings.Join(parts, `\`)
}

// pathCaretLines is caretLines for a path: the path as escapePath shows
// it, and a caret under the byte at offset off of m.Src.
func pathCaretLines(indent string, m record.Shown, off int, style file.Style) string {
	off = min(max(off, 0), len(m.Src))
	at := m.At(off)
	return indent + escapePath(m.Text, style) + "\n" + indent + strings.Repeat(" ", record.Columns(escapePath(m.Text[:at], style))) + "^\n"
}
