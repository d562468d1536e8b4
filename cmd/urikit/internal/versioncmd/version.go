// Package versioncmd is "urikit version": the version of urikit and of
// the Go toolchain that built it. CmdVersion is the subcommand.
package versioncmd

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/urikit/urikit/cmd/urikit/internal/base"
	"github.com/urikit/urikit/cmd/urikit/internal/record"
)

// CmdVersion is "urikit version".
var CmdVersion = &base.Command{
	Name:    "version",
	Summary: "print the version of urikit and how it was built",
	Usage:   "version",
	Help: `Prints the module version of urikit as the Go build information records it
(runtime/debug.ReadBuildInfo): a release tag for 'go install
github.com/urikit/urikit/cmd/urikit@VERSION', "(devel)" for a build from
a checkout, with its VCS revision when the build recorded one; then the
Go version.`,
	Example: `  $ urikit version
  urikit (devel) go1.26.8
`,
	Setup: func(fs base.Flags) func([]string, *base.Env) int {
		return func(args []string, e *base.Env) int {
			if len(args) > 0 {
				return base.UsageError(e, "version takes no arguments")
			}
			fmt.Fprintln(e.Stdout, versionLine())
			return record.ExitOK
		}
	},
}

// versionLine is "urikit VERSION [REVISION[+modified]] GOVERSION".
func versionLine() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "urikit (unknown: no build information)"
	}
	parts := []string{"urikit", bi.Main.Version}
	if bi.Main.Version == "" {
		parts[1] = "(unknown)"
	}
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = "+modified"
			}
		}
	}
	if rev != "" && !strings.Contains(bi.Main.Version, rev[:min(12, len(rev))]) {
		parts = append(parts, rev[:min(12, len(rev))]+modified)
	}
	parts = append(parts, bi.GoVersion)
	return strings.Join(parts, " ")
}
