package amqp

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// applyMasks returns s with each run of the ranges of m, merged where they
// overlap, replaced by "xxxxx": what Redact gives when m is right.
func applyMasks(s string, m masks) string {
	r := slices.Clone(m.values)
	if m.other[1] > m.other[0] {
		r = append(r, m.other)
	}
	slices.SortFunc(r, func(a, b [2]int) int { return a[0] - b[0] })
	var b strings.Builder
	done := 0
	for i := 0; i < len(r); {
		start, end := r[i][0], r[i][1]
		for i++; i < len(r) && r[i][0] < end; i++ {
			end = max(end, r[i][1])
		}
		b.WriteString(s[done:start])
		b.WriteString(redacted)
		done = end
	}
	b.WriteString(s[done:])
	return b.String()
}

var maskedRangesTests = []string{
	"amqp://h",
	"amqp://u:pw@h/v",
	"amqp://user:1234/secretXYZ@host",
	"amqp://u:p@ss/x@y?heartbeat=5",
	"amqp://user:12?ab&cd=1&e@host&heartbeat=5",
	"amqps://h?password=ab&cd&x=1",
	"amqps://u:p@h?password=a@b&x=c@d",
	"amqps://u:p@h?password=a:b@c",
	"amqps://h?password=a:b&x=c@d",
	"amqp://h/a&password=b&c",
	"amqp://h/v?x=a:b@c",
	"amqp://h:5672/v@x",
	"amqp://[::1]:5672/a:b:c@d",
	"amqp://[::1]/?password=x:y@z",
}

// TestMaskedRanges: the ranges that Config and Params mask are what
// Redact masks.
func TestMaskedRanges(t *testing.T) {
	for _, s := range maskedRangesTests {
		checkMaskedRanges(t, s)
	}
}

func checkMaskedRanges(t *testing.T, s string) {
	t.Helper()
	u, err := Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	m := u.maskedRanges()
	for _, x := range append(slices.Clone(m.values), m.other) {
		if x[0] < 0 || x[1] > len(s) || x[0] > x[1] {
			t.Fatalf("maskedRanges(%q): range %v", s, x)
		}
	}
	n, _ := schemeOf(s)
	if s[n+3:] != "" && s[n+3] == '[' {
		// uri.Redact's ranges are not known here: the range after the
		// host covers them.
		if red := Redact(s); red != s && m.other == [2]int{} && len(m.values) == 0 {
			t.Errorf("Redact(%q) = %q, but no range", s, red)
		}
		return
	}
	if got, want := applyMasks(s, m), u.String(); got != want {
		t.Errorf("%q with the ranges %v masked = %q, String %q", s, m, got, want)
	}
}

func FuzzMaskedRanges(f *testing.F) {
	for _, s := range maskedRangesTests {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if u, err := Parse(s); err == nil {
			checkMaskedRanges(t, s)
			if got, want := u.maskedRanges(), maskedRanges(s); !reflect.DeepEqual(got, want) {
				t.Errorf("URI.maskedRanges() = %v, maskedRanges(%q) = %v", got, s, want)
			}
		}
	})
}

// TestURIMaskedRanges: the method's shortcut finds what the scan finds.
func TestURIMaskedRanges(t *testing.T) {
	inputs := append([]string{
		"amqp://u:p@h/v?heartbeat=5", "amqp://u:@h", "amqp://u@h", "amqp://:p@h:1/%2F",
		"amqp://h/v?PassWord=x", "amqp://h/v?pass%77ord=x", "amqp://u:p@h/v@x", "amqp://[::1]/a@b",
		"amqps://u:p@[::1]:5671/v?certfile=/a&password=s", "amqp://h?passwor", "amqp://h?xpasswordy", "Amqp://&password=0", "amqp://h/a&password=b&c",
	}, maskedRangesTests...)
	for _, s := range inputs {
		u, err := Parse(s)
		if err != nil {
			continue
		}
		if got, want := u.maskedRanges(), maskedRanges(s); !reflect.DeepEqual(got, want) {
			t.Errorf("URI.maskedRanges() = %v, maskedRanges(%q) = %v", got, s, want)
		}
	}
}
