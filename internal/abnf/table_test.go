package abnf

import (
	"bytes"
	"os"
	"testing"
)

// TestTableDerived re-derives the class table from rfc3986.abnf and requires
// the generated Table to equal it byte for byte.
func TestTableDerived(t *testing.T) {
	want := DeriveTable(RFC3986())
	for b := range 256 {
		if Table[b] != want[b] {
			t.Errorf("Table[%#02x] = %v, grammar derives %v (run go generate)", b, Table[b], want[b])
		}
	}
}

// TestTableFileUpToDate requires table.go to be exactly what gen.go writes,
// so a stale or hand-edited table.go fails.
func TestTableFileUpToDate(t *testing.T) {
	got, err := os.ReadFile("table.go")
	if err != nil {
		t.Fatal(err)
	}
	if want := FormatTable(DeriveTable(RFC3986())); !bytes.Equal(got, want) {
		t.Errorf("table.go is stale: run go generate ./internal/abnf/\n--- want ---\n%s", want)
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
		{'#', GenDelims},
		{'[', GenDelims},
		{']', GenDelims},
		{'/', GenDelims | Query | Path},
		{'?', GenDelims | Query},
		{':', GenDelims | Userinfo | Pchar | Query | Path},
		{'@', GenDelims | Pchar | SegmentNZNC | Query | Path},
		{'+', SubDelims | Scheme | Userinfo | RegName | Pchar | SegmentNZNC | Query | Path},
		{'=', SubDelims | Userinfo | RegName | Pchar | SegmentNZNC | Query | Path},
		{'_', Unreserved | Userinfo | RegName | Pchar | SegmentNZNC | Query | Path},
		{'~', Unreserved | Userinfo | RegName | Pchar | SegmentNZNC | Query | Path},
		{'.', Unreserved | Scheme | Userinfo | RegName | Pchar | SegmentNZNC | Query | Path},
		{'7', Digit | Hexdig | Unreserved | Scheme | Userinfo | RegName | Pchar | SegmentNZNC | Query | Path},
		{'f', Alpha | Hexdig | Unreserved | Scheme | Userinfo | RegName | Pchar | SegmentNZNC | Query | Path},
		{'F', Alpha | Hexdig | Unreserved | Scheme | Userinfo | RegName | Pchar | SegmentNZNC | Query | Path},
		{'g', Alpha | Unreserved | Scheme | Userinfo | RegName | Pchar | SegmentNZNC | Query | Path},
	}
	for _, tt := range tests {
		if got := Table[tt.b]; got != tt.want {
			t.Errorf("Table[%q] = %v, want %v", tt.b, got, tt.want)
		}
	}
}

func TestClassString(t *testing.T) {
	tests := []struct {
		c    Class
		want string
	}{
		{0, "0"},
		{Alpha, "Alpha"},
		{Alpha | Hexdig, "Alpha|Hexdig"},
		{Query | Digit, "Digit|Query"},
		{1 << 15, "0x8000"},
	}
	for _, tt := range tests {
		if got := tt.c.String(); got != tt.want {
			t.Errorf("Class(%#x).String() = %q, want %q", uint16(tt.c), got, tt.want)
		}
	}
}
