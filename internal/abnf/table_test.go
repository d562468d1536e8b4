package abnf

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
	"text/tabwriter"

	"github.com/urikit/urikit/internal/class"
)

// TestTableDerived re-derives the class table from rfc3986.abnf and requires
// the generated class.Table to equal it byte for byte.
func TestTableDerived(t *testing.T) {
	want := DeriveTable(RFC3986())
	for b := range 256 {
		if class.Table[b] != want[b] {
			t.Errorf("class.Table[%#02x] = %v, grammar derives %v (run go generate)", b, class.Table[b], want[b])
		}
	}
}

// TestTableFileUpToDate requires internal/class/table.go to be exactly what gen.go writes,
// so a stale or hand-edited table.go fails.
func TestTableFileUpToDate(t *testing.T) {
	got, err := os.ReadFile("../class/table.go")
	if err != nil {
		t.Fatal(err)
	}
	if want := FormatTable(DeriveTable(RFC3986())); !bytes.Equal(got, want) {
		t.Errorf("internal/class/table.go is stale: run go generate ./internal/abnf/\n--- want ---\n%s", want)
	}
}

// ruleText returns the definition of a rule as written in the grammar's
// source, on one line, without comments.
func (g *Grammar) ruleText(name string) string {
	r := g.rules[g.index[strings.ToLower(name)]]
	return r.name + " = " + r.text
}

// TestClassDocUpToDate requires the package doc of internal/class to list
// every class with its rule, its probe and the rule's definition in
// rfc3986.abnf, in columns, as DeriveTable uses them.
func TestClassDocUpToDate(t *testing.T) {
	g := RFC3986()
	var cols bytes.Buffer
	tw := tabwriter.NewWriter(&cols, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "class\trule\tprobe\tdefinition\n")
	for _, s := range classSpecs {
		probe := "b"
		if s.prefix != "" {
			probe = fmt.Sprintf("%q b", s.prefix)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", s.name, s.rule, probe, g.ruleText(s.rule))
	}
	tw.Flush()
	var want strings.Builder
	for _, line := range strings.Split(strings.TrimSuffix(cols.String(), "\n"), "\n") {
		want.WriteString("//\t" + strings.TrimRight(line, " ") + "\n")
	}
	got, err := os.ReadFile("../class/class.go")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(got), want.String()) {
		t.Errorf("the package doc of internal/class (class.go) does not list the classes as the grammar defines them; want:\n%s", want.String())
	}
}

// TestTableSpotChecks cross-checks a few bytes against the text of RFC 3986
// sections 2.2, 2.3, 3.1 and 3.3, read by a human rather than by the matcher.
func TestTableSpotChecks(t *testing.T) {
	tests := []struct {
		b    byte
		want Class
	}{
		{'%', 0},
		{' ', 0},
		{0, 0},
		{0x7F, 0},
		{0x80, 0},
		{0xFF, 0},
		{'"', 0},
		{'<', 0},
		{'\\', 0},
		{'^', 0},
		{'`', 0},
		{'{', 0},
		{'|', 0},
		{'#', class.GenDelims},
		{'[', class.GenDelims},
		{']', class.GenDelims},
		{'/', class.GenDelims | class.Query | class.Path},
		{'?', class.GenDelims | class.Query},
		{':', class.GenDelims | class.Userinfo | class.Pchar | class.Query | class.Path},
		{'@', class.GenDelims | class.Pchar | class.SegmentNZNC | class.Query | class.Path},
		{'+', class.SubDelims | class.Scheme | class.Userinfo | class.RegName | class.Pchar | class.SegmentNZNC | class.Query | class.Path},
		{'=', class.SubDelims | class.Userinfo | class.RegName | class.Pchar | class.SegmentNZNC | class.Query | class.Path},
		{'_', class.Unreserved | class.Userinfo | class.RegName | class.Pchar | class.SegmentNZNC | class.Query | class.Path},
		{'~', class.Unreserved | class.Userinfo | class.RegName | class.Pchar | class.SegmentNZNC | class.Query | class.Path},
		{'.', class.Unreserved | class.Scheme | class.Userinfo | class.RegName | class.Pchar | class.SegmentNZNC | class.Query | class.Path},
		{'7', class.Digit | class.Hexdig | class.Unreserved | class.Scheme | class.Userinfo | class.RegName | class.Pchar | class.SegmentNZNC | class.Query | class.Path},
		{'f', class.Alpha | class.Hexdig | class.Unreserved | class.Scheme | class.Userinfo | class.RegName | class.Pchar | class.SegmentNZNC | class.Query | class.Path},
		{'F', class.Alpha | class.Hexdig | class.Unreserved | class.Scheme | class.Userinfo | class.RegName | class.Pchar | class.SegmentNZNC | class.Query | class.Path},
		{'g', class.Alpha | class.Unreserved | class.Scheme | class.Userinfo | class.RegName | class.Pchar | class.SegmentNZNC | class.Query | class.Path},
	}
	for _, tt := range tests {
		if got := class.Table[tt.b]; got != tt.want {
			t.Errorf("class.Table[%q] = %v, want %v", tt.b, got, tt.want)
		}
	}
}
