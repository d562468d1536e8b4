package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/urikit/urikit/uri"
)

func init() {
	register(&command{
		name:    "parse",
		summary: "split URI references into their RFC 3986 components",
		run:     runParse,
	})
}

// parseResult is the --json form of one parsed input (DESIGN.md, command
// line): null for an absent component, "" for an empty one.
type parseResult struct {
	Input    string     `json:"input"`
	Valid    bool       `json:"valid"`
	Scheme   *string    `json:"scheme"`
	Userinfo *string    `json:"userinfo"`
	Host     *string    `json:"host"`
	HostKind *string    `json:"host_kind"`
	Port     *string    `json:"port"`
	Path     *string    `json:"path"`
	Query    *string    `json:"query"`
	Fragment *string    `json:"fragment"`
	Error    *uri.Error `json:"error"`
}

// opt returns &s when present, nil otherwise.
func opt(s string, present bool) *string {
	if !present {
		return nil
	}
	return &s
}

// redactedUserinfo is the userinfo as Redacted shows it.
func redactedUserinfo(r uri.Reference) string {
	u := r.Userinfo()
	if i := strings.IndexByte(u, ':'); i >= 0 && i < len(u)-1 {
		return u[:i+1] + "xxxxx"
	}
	return u
}

func describe(s string) parseResult {
	r, err := uri.ParseReference(s)
	if err != nil {
		red, _ := redactText(s)
		var e *uri.Error
		errors.As(err, &e)
		return parseResult{Input: red, Error: e}
	}
	kind := r.HostKind().String()
	return parseResult{
		Input:    r.Redacted(),
		Valid:    true,
		Scheme:   opt(r.Scheme(), r.HasScheme()),
		Userinfo: opt(redactedUserinfo(r), r.HasUserinfo()),
		Host:     opt(r.Host(), r.HasAuthority()),
		HostKind: &kind,
		Port:     opt(r.Port(), r.HasPort()),
		Path:     opt(r.Path(), true),
		Query:    opt(r.Query(), r.HasQuery()),
		Fragment: opt(r.Fragment(), r.HasFragment()),
	}
}

func runParse(args []string, e *env) int {
	fs := flag.NewFlagSet("parse", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	asJSON := fs.Bool("json", false, "print one JSON object per input")
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "usage: urikit parse [--json] [URI-REFERENCE...]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	ins, err := inputs(fs.Args(), e.stdin)
	if err != nil {
		fmt.Fprintln(e.stderr, "urikit parse:", err)
		return exitUsage
	}
	status := exitOK
	enc := json.NewEncoder(e.stdout)
	enc.SetEscapeHTML(false)
	for n, s := range ins {
		res := describe(s)
		if !res.Valid {
			status = exitInvalid
		}
		if *asJSON {
			if err := enc.Encode(res); err != nil {
				fmt.Fprintln(e.stderr, "urikit parse:", err)
				return exitInvalid
			}
			continue
		}
		if n > 0 {
			fmt.Fprintln(e.stdout)
		}
		printParse(e.stdout, s, res)
	}
	return status
}

// show writes a component for people: quoted when present (so an empty
// one shows as ""), "(absent)" otherwise.
func show(p *string) string {
	if p == nil {
		return "(absent)"
	}
	return strconv.Quote(*p)
}

func printParse(w io.Writer, s string, r parseResult) {
	fmt.Fprintf(w, "input     %s\n", r.Input)
	if !r.Valid {
		red, at := redactText(s)
		fmt.Fprintf(w, "error     %s at offset %d: %v\n", r.Error.Component, r.Error.Offset, r.Error.Err)
		fmt.Fprintf(w, "          %s\n", red)
		fmt.Fprintf(w, "          %s^\n", strings.Repeat(" ", at(r.Error.Offset)))
		return
	}
	fmt.Fprintf(w, "scheme    %s\n", show(r.Scheme))
	fmt.Fprintf(w, "userinfo  %s\n", show(r.Userinfo))
	fmt.Fprintf(w, "host      %s (%s)\n", show(r.Host), *r.HostKind)
	fmt.Fprintf(w, "port      %s\n", show(r.Port))
	fmt.Fprintf(w, "path      %s\n", show(r.Path))
	fmt.Fprintf(w, "query     %s\n", show(r.Query))
	fmt.Fprintf(w, "fragment  %s\n", show(r.Fragment))
}
