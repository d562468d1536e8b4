package file

import (
	"runtime"
	"strconv"
)

// Style says which operating system's path syntax a path has (RFC 8089
// Appendix D: POSIX systems, D.1, and DOS- and Windows-like systems, D.2).
// The zero value is no style: FromPath and ToPath reject it with
// ErrStyle, so that a forgotten argument never silently means one of them.
type Style uint8

const (
	// POSIX paths (RFC 8089 Appendix D.1): "/" separates names, an
	// absolute path starts with "/", and a name is any bytes but "/" and
	// NUL, UTF-8 or not.
	POSIX Style = iota + 1
	// Windows paths (RFC 8089 Appendix D.2, E.2, E.3): a drive path
	// "C:\x", a UNC path "\\server\share\x", or either behind the
	// long-path prefix "\\?\"; "\" and "/" both separate names.
	Windows
)

// Native returns the style of the operating system the program runs on:
// Windows on windows, POSIX everywhere else (RFC 8089 Appendix D).
func Native() Style {
	if runtime.GOOS == "windows" {
		return Windows
	}
	return POSIX
}

// String returns "posix" (RFC 8089 Appendix D.1) or "windows" (D.2), or
// "style(N)" for the zero value and other unknown values.
func (s Style) String() string {
	switch s {
	case POSIX:
		return "posix"
	case Windows:
		return "windows"
	}
	return "style(" + strconv.Itoa(int(s)) + ")"
}
