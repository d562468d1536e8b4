// Command vecgen writes the project's own conformance vectors,
// conformance/testdata/{parse,classes,hosts}.jsonl, in the format of
// conformance/SCHEMA.md. Run it from the module root:
//
//	go run ./conformance/internal/vecgen
//
// The inputs are the readable source of truth: the text files in
// conformance/internal/vecgen/inputs and the tables in tables.go. The expected
// values never come from the code under test (package uri). They come from
// the oracles:
//
//   - validity: the RFC 3986 Appendix A grammar run by internal/abnf
//     (rule URI-reference; IPv4address and IPv6address for ops ipv4, ipv6);
//   - components: the Appendix B regular expression and the section 3.2
//     authority split of internal/oracle, each component then checked against
//     its own ABNF rule; generation fails loudly when the two oracles disagree;
//   - host_type: the ABNF rules IPv6address, IPvFuture and IPv4address;
//   - kind: "uri" when the input matches rule URI, else "relative".
//
// # Input files
//
// inputs/parse-*.txt hold op "parse" inputs; inputs/ipv4.txt and
// inputs/ipv6.txt hold op "ipv4" and "ipv6" inputs, and each of their lines
// also gives a parse vector with the input as the host of an http URI. One
// input per line, optionally followed by a TAB and the vector's source.
// Blank lines are ignored, a line starting with "%%" is a comment, and a line
// "@source TEXT" sets the source of the lines that follow without one. An
// input that starts with a double quote is a Go string literal (for empty
// input, spaces, tabs, controls and backslashes); write any input that would
// start with "%%", "@source " or a double quote that way too. JSON cannot
// carry bytes that are not UTF-8, so inputs must be valid UTF-8.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urikit/urikit/internal/abnf"
	"github.com/urikit/urikit/internal/oracle"
)

var (
	inDir  = flag.String("in", "conformance/internal/vecgen/inputs", "directory of input lists")
	outDir = flag.String("out", "conformance/testdata", "directory of the generated .jsonl files")
)

// item is one input to turn into a vector.
type item struct {
	op     string // "parse", "ipv4" or "ipv6"
	input  string
	source string
	where  string // file:line of the input, for error messages
}

// parseVector is op "parse"; pointer fields are JSON null when absent.
// The field order is SCHEMA.md's.
type parseVector struct {
	Op       string  `json:"op"`
	Input    string  `json:"input"`
	Valid    bool    `json:"valid"`
	Scheme   *string `json:"scheme"`
	Userinfo *string `json:"userinfo"`
	Host     *string `json:"host"`
	Port     *string `json:"port"`
	Path     string  `json:"path"`
	Query    *string `json:"query"`
	Fragment *string `json:"fragment"`
	HostType *string `json:"host_type"`
	Kind     string  `json:"kind"`
	Source   string  `json:"source"`
}

// validityVector is an invalid op "parse", or op "ipv4" or "ipv6".
type validityVector struct {
	Op     string `json:"op"`
	Input  string `json:"input"`
	Valid  bool   `json:"valid"`
	Source string `json:"source"`
}

var g = abnf.RFC3986()

func main() {
	flag.Parse()
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "vecgen:", err)
		os.Exit(1)
	}
}

func run() error {
	files, err := filepath.Glob(filepath.Join(*inDir, "*.txt"))
	if err != nil {
		return err
	}
	sort.Strings(files)
	var parse, hosts []item
	for _, f := range files {
		base := filepath.Base(f)
		var op string
		switch {
		case strings.HasPrefix(base, "parse-"):
			op = "parse"
		case base == "ipv4.txt":
			op = "ipv4"
		case base == "ipv6.txt":
			op = "ipv6"
		default:
			return fmt.Errorf("%s: unknown input file (want parse-*.txt, ipv4.txt or ipv6.txt)", f)
		}
		items, err := readList(f, op)
		if err != nil {
			return err
		}
		if op == "parse" {
			parse = append(parse, items...)
		} else {
			hosts = append(hosts, items...)
		}
	}
	hosts = append(hosts, ipv4Table()...)
	hosts = append(hosts, ipv6Table()...)
	hosts = append(hosts, hostsAsURIs(hosts)...)

	outputs := []struct {
		name  string
		items []item
	}{
		{"parse.jsonl", parse},
		{"classes.jsonl", classTable()},
		{"hosts.jsonl", hosts},
	}
	seen := map[string]string{} // op+input -> where
	for _, o := range outputs {
		var buf bytes.Buffer
		counts := map[string]int{}
		dups := 0
		for _, it := range o.items {
			key := it.op + "\x00" + it.input
			if _, ok := seen[key]; ok {
				dups++ // the first occurrence wins; it has the more specific source
				continue
			}
			seen[key] = it.where
			line, err := vector(it)
			if err != nil {
				return fmt.Errorf("%s: %s %q: %v", it.where, it.op, it.input, err)
			}
			buf.Write(line)
			counts[it.op]++
		}
		path := filepath.Join(*outDir, o.name)
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "%s: %v (%d duplicates skipped)\n", path, counts, dups)
	}
	return checkPublic(filepath.Join(*outDir, "public.jsonl"))
}

// readList reads one input file (format in the package doc).
func readList(path, op string) ([]item, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var items []item
	source := ""
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		where := fmt.Sprintf("%s:%d", path, n)
		switch {
		case line == "", strings.HasPrefix(line, "%%"):
			continue
		case strings.HasPrefix(line, "@source "):
			source = strings.TrimSpace(strings.TrimPrefix(line, "@source "))
			continue
		}
		in, src, hasSrc := strings.Cut(line, "\t")
		if hasSrc {
			src = strings.TrimSpace(src)
		} else {
			src = source
		}
		if src == "" {
			return nil, fmt.Errorf("%s: no source", where)
		}
		if strings.HasPrefix(in, `"`) {
			s, err := strconv.Unquote(in)
			if err != nil {
				return nil, fmt.Errorf("%s: bad quoted input %s: %v", where, in, err)
			}
			in = s
		} else if strings.TrimSpace(in) != in {
			return nil, fmt.Errorf("%s: unquoted input with leading or trailing white space", where)
		}
		items = append(items, item{op: op, input: in, source: src, where: where})
	}
	return items, sc.Err()
}

// hostsAsURIs gives, for each ipv4 and ipv6 input, a parse vector with that
// input as the host of an http URI.
func hostsAsURIs(hosts []item) []item {
	var out []item
	for _, it := range hosts {
		var in string
		switch it.op {
		case "ipv4":
			in = "http://" + it.input + "/"
		case "ipv6":
			in = "http://[" + it.input + "]/"
		default:
			continue
		}
		out = append(out, item{op: "parse", input: in, source: it.source + "; as a host", where: it.where})
	}
	return out
}

// vector computes the expected values of one item from the oracles and
// encodes them as one JSON line.
func vector(it item) ([]byte, error) {
	if !utf8.ValidString(it.input) {
		return nil, fmt.Errorf("input is not UTF-8; JSON cannot carry it")
	}
	var v any
	switch it.op {
	case "ipv4":
		v = validityVector{"ipv4", it.input, g.Match("IPv4address", it.input), it.source}
	case "ipv6":
		v = validityVector{"ipv6", it.input, g.Match("IPv6address", it.input), it.source}
	case "parse":
		if !g.Match("URI-reference", it.input) {
			v = validityVector{"parse", it.input, false, it.source}
			break
		}
		pv, err := components(it.input)
		if err != nil {
			return nil, err
		}
		pv.Source = it.source
		v = pv
	default:
		return nil, fmt.Errorf("unknown op")
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// components splits a valid URI-reference with the Appendix B oracle and
// checks every part against its ABNF rule.
func components(in string) (*parseVector, error) {
	sp := oracle.SplitReference(in)
	if sp.String() != in {
		return nil, fmt.Errorf("Appendix B split does not rebuild the input")
	}
	check := func(rule, s string) error {
		if !g.Match(rule, s) {
			return fmt.Errorf("oracles disagree: Appendix B gives %q, which does not match rule %s", s, rule)
		}
		return nil
	}
	opt := func(s string, ok bool) *string {
		if !ok {
			return nil
		}
		return &s
	}
	isURI := g.Match("URI", in)
	if isURI != sp.HasScheme {
		return nil, fmt.Errorf("oracles disagree: matches URI = %v, Appendix B scheme present = %v", isURI, sp.HasScheme)
	}
	if isRel := g.Match("relative-ref", in); isRel == isURI {
		return nil, fmt.Errorf("matches URI = %v and relative-ref = %v", isURI, isRel)
	}
	v := &parseVector{Op: "parse", Input: in, Valid: true, Path: sp.Path, Kind: "relative"}
	if isURI {
		v.Kind = "uri"
	}
	if sp.HasScheme {
		if err := check("scheme", sp.Scheme); err != nil {
			return nil, err
		}
		v.Scheme = opt(sp.Scheme, true)
	}
	pathRules := []string{"path-absolute", "path-noscheme", "path-empty"}
	if sp.HasScheme {
		pathRules = []string{"path-absolute", "path-rootless", "path-empty"}
	}
	if sp.HasAuthority {
		pathRules = []string{"path-abempty"}
		if err := check("authority", sp.Authority); err != nil {
			return nil, err
		}
		a := oracle.SplitAuthority(sp.Authority)
		if a.String() != sp.Authority {
			return nil, fmt.Errorf("authority split does not rebuild the authority")
		}
		if a.HasUserinfo {
			if err := check("userinfo", a.Userinfo); err != nil {
				return nil, err
			}
		}
		if err := check("host", a.Host); err != nil {
			return nil, err
		}
		if a.HasPort {
			if err := check("port", a.Port); err != nil {
				return nil, err
			}
		}
		ht, err := hostType(a.Host)
		if err != nil {
			return nil, err
		}
		v.Userinfo = opt(a.Userinfo, a.HasUserinfo)
		v.Host = opt(a.Host, true)
		v.Port = opt(a.Port, a.HasPort)
		v.HostType = &ht
	}
	pathOK := false
	for _, r := range pathRules {
		pathOK = pathOK || g.Match(r, sp.Path)
	}
	if !pathOK {
		return nil, fmt.Errorf("oracles disagree: path %q matches none of %v", sp.Path, pathRules)
	}
	if sp.HasQuery {
		if err := check("query", sp.Query); err != nil {
			return nil, err
		}
		v.Query = opt(sp.Query, true)
	}
	if sp.HasFragment {
		if err := check("fragment", sp.Fragment); err != nil {
			return nil, err
		}
		v.Fragment = opt(sp.Fragment, true)
	}
	return v, nil
}

// hostType classifies a host that matches rule host (RFC 3986 3.2.2). The
// alternatives are tried in the rule's order: IP-literal, IPv4address, then
// reg-name ("If host matches the rule for IPv4address, then it should be
// considered an IPv4 address literal and not a reg-name").
func hostType(host string) (string, error) {
	if g.Match("IP-literal", host) {
		inner := host[1 : len(host)-1]
		switch {
		case g.Match("IPv6address", inner):
			return "ipv6", nil
		case g.Match("IPvFuture", inner):
			return "ipvfuture", nil
		}
		return "", fmt.Errorf("IP-literal %q is neither IPv6address nor IPvFuture", host)
	}
	if g.Match("IPv4address", host) {
		return "ipv4", nil
	}
	if g.Match("reg-name", host) {
		return "regname", nil
	}
	return "", fmt.Errorf("host %q matches no alternative of rule host", host)
}

// checkPublic recomputes the parse, ipv4 and ipv6 vectors of the shared
// public file with the oracles, so that a disagreement between the oracles
// and the public data is seen at generation time.
func checkPublic(path string) error {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	for n, line := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var pub map[string]any
		if err := json.Unmarshal(line, &pub); err != nil {
			return fmt.Errorf("%s:%d: %v", path, n+1, err)
		}
		op, _ := pub["op"].(string)
		if op != "parse" && op != "ipv4" && op != "ipv6" {
			continue
		}
		in, _ := pub["input"].(string)
		line, err := vector(item{op: op, input: in, source: "?"})
		if err != nil {
			return fmt.Errorf("%s:%d: %v", path, n+1, err)
		}
		var ours map[string]any
		if err := json.Unmarshal(line, &ours); err != nil {
			return err
		}
		for k, want := range pub {
			if k == "source" {
				continue
			}
			if got := ours[k]; fmt.Sprint(got) != fmt.Sprint(want) {
				return fmt.Errorf("%s:%d: %s %q: public says %s=%v, the oracles say %v", path, n+1, op, in, k, want, got)
			}
		}
	}
	return nil
}
