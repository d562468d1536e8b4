// Command resolvegen writes the project's own reference resolution vectors,
// conformance/testdata/resolve.jsonl and conformance/testdata/dotseg.jsonl,
// in the format of conformance/SCHEMA.md. Run it from the module root:
//
//	go run ./conformance/internal/resolvegen
//
// The inputs are the text files in conformance/internal/resolvegen/inputs:
// every base of bases.txt is crossed with every reference of refs.txt
// (mode "strict"), and with every reference that has a scheme once more in
// mode "compat" (the non-strict parser of RFC 3986 5.2.2). dotseg.txt lists
// paths for remove_dot_segments, to which the generator adds every path of
// up to three segments taken from "", ".", "..", "a" and ".b".
//
// The expected values never come from the code under test (package uri):
// they come from internal/oracle's step-by-step transcription of RFC 3986
// 5.2.1-5.2.4 and 5.3 on the Appendix B split, and, for the targets whose
// path the letter of 5.2 makes start with "//" without an authority, from
// oracle.DotGuard, the project's one documented deviation (uri/doc.go).
// Every base must match the ABNF rule URI and every reference the rule
// URI-reference (internal/abnf); generation fails otherwise. Pairs that
// public.jsonl already holds (the examples of RFC 3986 5.4) are left out.
package main

//go:generate go run . -in inputs -out ../../testdata

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/urikit/urikit/internal/abnf"
	"github.com/urikit/urikit/internal/oracle"
)

var (
	inDir  = flag.String("in", "conformance/internal/resolvegen/inputs", "directory of the input lists")
	outDir = flag.String("out", "conformance/testdata", "directory of the generated .jsonl files")
)

// resolveVector is op "resolve", fields in SCHEMA.md's order.
type resolveVector struct {
	Op     string `json:"op"`
	Base   string `json:"base"`
	Ref    string `json:"ref"`
	Target string `json:"target"`
	Mode   string `json:"mode"`
	Source string `json:"source"`
}

// dotsegVector is op "dotseg".
type dotsegVector struct {
	Op     string `json:"op"`
	Input  string `json:"input"`
	Output string `json:"output"`
	Source string `json:"source"`
}

var grammar = abnf.RFC3986()

func main() {
	flag.Parse()
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "resolvegen:", err)
		os.Exit(1)
	}
}

func run() error {
	bases, err := readList(filepath.Join(*inDir, "bases.txt"))
	if err != nil {
		return err
	}
	refs, err := readList(filepath.Join(*inDir, "refs.txt"))
	if err != nil {
		return err
	}
	paths, err := readList(filepath.Join(*inDir, "dotseg.txt"))
	if err != nil {
		return err
	}
	public, err := publicPairs(filepath.Join(*outDir, "public.jsonl"))
	if err != nil {
		return err
	}
	for _, b := range bases {
		if !grammar.Match("URI", b) {
			return fmt.Errorf("base %q does not match rule URI", b)
		}
	}
	for _, r := range refs {
		if !grammar.Match("URI-reference", r) {
			return fmt.Errorf("reference %q does not match rule URI-reference", r)
		}
	}

	var resolve []any
	for _, mode := range []string{"strict", "compat"} {
		for _, b := range bases {
			for _, r := range refs {
				if mode == "compat" && !oracle.SplitReference(r).HasScheme {
					continue // both modes agree: strict vectors cover it
				}
				if public[[3]string{b, r, mode}] {
					continue
				}
				t := oracle.Resolve(b, r, mode == "strict")
				target := oracle.DotGuard(t).String()
				if !grammar.Match("URI", target) {
					return fmt.Errorf("the target %q of %q and %q (%s) does not match rule URI", target, b, r, mode)
				}
				resolve = append(resolve, resolveVector{"resolve", b, r, target, mode, source(b, r, mode, t)})
			}
		}
	}

	seen := map[string]bool{"/a/b/c/./../../g": true, "mid/content=5/../6": true} // in public.jsonl
	var dotseg []any
	add := func(p, src string) {
		if !seen[p] {
			seen[p] = true
			dotseg = append(dotseg, dotsegVector{"dotseg", p, oracle.RemoveDotSegments(p), src})
		}
	}
	for _, p := range paths {
		add(p, "RFC 3986 5.2.4")
	}
	for _, p := range oracle.SegmentPaths([]string{"", ".", "..", "a", ".b"}, 3) {
		add(p, "derived: remove_dot_segments rules A-E on short paths (RFC 3986 5.2.4)")
	}

	if err := write("resolve.jsonl", resolve); err != nil {
		return err
	}
	if err := write("dotseg.jsonl", dotseg); err != nil {
		return err
	}
	fmt.Printf("resolvegen: %d resolve and %d dotseg vectors\n", len(resolve), len(dotseg))
	return nil
}

// source names the part of RFC 3986 a vector exercises: the deviation, the
// non-strict parser, the base fragment, the branch of 5.2.2 taken, the
// merge (5.2.3) or remove_dot_segments (5.2.4).
func source(base, ref, mode string, t oracle.Split) string {
	r := oracle.SplitReference(ref)
	b := oracle.SplitReference(base)
	switch {
	case !t.HasAuthority && strings.HasPrefix(t.Path, "//"):
		return `derived: "/." before a path starting with "//" without authority (uri/doc.go Deviations; RFC 3986 5.2, 5.3)`
	case mode == "compat":
		return "RFC 3986 5.2.2"
	case b.HasFragment:
		return "RFC 3986 5.1"
	case r.HasScheme || r.HasAuthority:
		return "RFC 3986 5.2.2"
	case r.Path == "":
		return "RFC 3986 5.2.2"
	case strings.HasPrefix(r.Path, "/"):
		return "RFC 3986 5.2.4"
	}
	return "RFC 3986 5.2.3"
}

// readList reads one input per line. Blank lines and lines starting with
// "%%" are skipped; a TAB starts a note; an input written as a Go string
// literal (starting with a double quote) is unquoted.
func readList(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line, _, _ := strings.Cut(sc.Text(), "\t")
		if line == "" || strings.HasPrefix(line, "%%") {
			continue
		}
		if strings.HasPrefix(line, `"`) {
			s, err := strconv.Unquote(line)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %v", path, n, err)
			}
			line = s
		}
		out = append(out, line)
	}
	return out, sc.Err()
}

// publicPairs returns the (base, ref, mode) of every resolve vector of
// public.jsonl.
func publicPairs(path string) (map[[3]string]bool, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	pairs := map[[3]string]bool{}
	for _, line := range bytes.Split(data, []byte("\n")) {
		var v resolveVector
		if len(line) == 0 || json.Unmarshal(line, &v) != nil || v.Op != "resolve" {
			continue
		}
		pairs[[3]string{v.Base, v.Ref, v.Mode}] = true
	}
	return pairs, nil
}

// write writes the vectors to name in the output directory, one JSON object
// per line.
func write(name string, vs []any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	for _, v := range vs {
		if err := enc.Encode(v); err != nil {
			return err
		}
	}
	return os.WriteFile(filepath.Join(*outDir, name), buf.Bytes(), 0o644)
}
