package conformance

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/testload"
)

// maxReported caps the failures printed one by one; the counts stay exact.
const maxReported = 100

type tally struct{ pass, fail int }

func (t *tally) add(o Outcome) {
	switch o {
	case Pass:
		t.pass++
	case Fail:
		t.fail++
	}
}

func (t tally) String() string {
	s := fmt.Sprintf("%d/%d passed", t.pass, t.pass+t.fail)
	if t.fail > 0 {
		s += fmt.Sprintf(", %d FAILED", t.fail)
	}
	return s
}

// TestConformance checks every vector of testdata/*.jsonl.
func TestConformance(t *testing.T) {
	files := testload.Glob(t, filepath.Join("testdata", "*.jsonl"))
	byOp := map[string]*tally{}
	var total tally
	reported := 0
	for _, f := range files {
		vs := vectors(t, f)
		var file tally
		for _, v := range vs {
			if !strings.HasPrefix(v.Source, "RFC ") && !strings.HasPrefix(v.Source, "RabbitMQ ") && !strings.HasPrefix(v.Source, "derived: ") {
				t.Errorf("%s: source %q names neither a section (RFC ..., RabbitMQ ...) nor \"derived: <rule>\"", v.Where(), v.Source)
			}
			res := Check(v)
			if byOp[v.Op] == nil {
				byOp[v.Op] = &tally{}
			}
			byOp[v.Op].add(res.Outcome)
			file.add(res.Outcome)
			total.add(res.Outcome)
			if res.Outcome == Fail {
				if reported < maxReported {
					t.Errorf("%s: %s %q: %v", v.Where(), v.Op, label(v), res.Err)
				}
				reported++
			}
		}
		t.Logf("%s: %v", f, file)
	}
	if reported > maxReported {
		t.Errorf("... and %d more failures", reported-maxReported)
	}
	for _, op := range Ops() {
		if tl := byOp[op]; tl != nil {
			t.Logf("op %-9s %v", op, *tl)
		}
	}
	t.Logf("summary: %d vectors, %d passed, %d failed", total.pass+total.fail, total.pass, total.fail)
}

// label is the input of a vector, or its pair of inputs.
func label(v *Vector) string {
	switch v.Op {
	case "resolve":
		return v.Str("base") + " + " + v.Str("ref")
	case "equiv":
		return v.Str("a") + " ~ " + v.Str("b")
	case "template":
		return v.Str("template")
	case "template_match":
		return v.Str("template") + " ~ " + v.Str("uri")
	}
	return v.Str("input")
}

// TestSelfTest runs vectors whose expectations are deliberately wrong: each
// must fail, on exactly the field that its source ("selftest: wrong FIELD")
// names. Every op with a checker must have at least one such vector.
func TestSelfTest(t *testing.T) {
	path := filepath.Join("testdata", "selftest", "wrong.jsonl")
	vs := vectors(t, path)
	covered := map[string]bool{}
	for _, v := range vs {
		field, ok := strings.CutPrefix(v.Source, "selftest: wrong ")
		if !ok || field == "" {
			t.Errorf("%s: source %q is not \"selftest: wrong FIELD\"", v.Where(), v.Source)
			continue
		}
		if !HasChecker(v.Op) {
			t.Errorf("%s: op %q has no checker; the self-test covers implemented ops only", v.Where(), v.Op)
			continue
		}
		covered[v.Op] = true
		res := Check(v)
		if res.Outcome != Fail {
			t.Errorf("%s: %s %q with a wrong %s: outcome %v, want FAIL", v.Where(), v.Op, label(v), field, res.Outcome)
			continue
		}
		var ms Mismatches
		if !errors.As(res.Err, &ms) {
			t.Errorf("%s: %s %q: failed with %v, want a Mismatches on %s", v.Where(), v.Op, label(v), res.Err, field)
			continue
		}
		for _, m := range ms {
			if m.Field != field {
				t.Errorf("%s: %s %q: mismatch on %s (%v), want only on %s", v.Where(), v.Op, label(v), m.Field, m, field)
			}
		}
	}
	for _, op := range Ops() {
		if HasChecker(op) && !covered[op] {
			t.Errorf("op %q has a checker but no vector in %s", op, path)
		}
	}
	t.Logf("%s: %d wrong vectors, all rejected by their checkers", path, len(vs))
}

// TestMalformed requires the reader to reject every line of
// testdata/selftest/malformed.jsonl.
func TestMalformed(t *testing.T) {
	lines := testload.Lines(t, filepath.Join("testdata", "selftest", "malformed.jsonl"))
	for i, line := range lines {
		if v, err := ParseLine("malformed.jsonl", i+1, []byte(line)); err == nil {
			t.Errorf("ParseLine(%q) = %+v, want an error", line, v)
		}
	}
	if len(lines) < 10 {
		t.Errorf("only %d malformed lines", len(lines))
	}
}

// TestWellFormed checks the reader on lines it must accept.
func TestWellFormed(t *testing.T) {
	lines := []string{
		`{"op":"parse","input":"a b","valid":false,"source":"derived: x"}`,
		`{"op": "parse", "input": "", "valid": true, "scheme": null, "userinfo": null, "host": null, "port": null, "path": "", "query": null, "fragment": null, "host_type": null, "source": "derived: x"}`,
		`{"op":"amqp","input":"amqp://h:1","valid":true,"username":null,"password":null,"host":"h","port":1,"vhost":null,"source":"derived: x"}`,
		`{"source":"derived: x","op":"ipv4","valid":true,"input":"1.2.3.4"}`,
	}
	for i, line := range lines {
		if _, err := ParseLine("test", i+1, []byte(line)); err != nil {
			t.Errorf("ParseLine(%q): %v", line, err)
		}
	}
}

func TestOpsHaveSchemas(t *testing.T) {
	want := []string{"amqp", "dotseg", "equiv", "ipv4", "ipv6", "normalize", "parse", "resolve", "template", "template_match"}
	if got := Ops(); !slices.Equal(got, want) {
		t.Errorf("Ops() = %q, want %q", got, want)
	}
}

// vectors reads the vectors of a .jsonl file through testload, which fails
// the test on a missing or empty file, and reports each malformed line.
func vectors(t *testing.T, path string) []*Vector {
	t.Helper()
	var vs []*Vector
	for i, line := range testload.Lines(t, path) {
		v, err := ParseLine(path, i+1, []byte(line))
		if err != nil {
			t.Error(err)
			continue
		}
		vs = append(vs, v)
	}
	return vs
}

// TestReadFile: the runner's own reader reads what the tests read.
func TestReadFile(t *testing.T) {
	path := filepath.Join("testdata", "public.jsonl")
	vs, err := ReadFile(path)
	if err != nil || len(vs) != len(vectors(t, path)) {
		t.Errorf("ReadFile(%s) = %d vectors, %v; want %d", path, len(vs), err, len(vectors(t, path)))
	}
}

// TestNoChecker: a vector of an op without a checker fails.
func TestNoChecker(t *testing.T) {
	parse := checkers["parse"]
	delete(checkers, "parse")
	defer func() { checkers["parse"] = parse }()
	v, err := ParseLine("test", 1, []byte(`{"op":"parse","input":"a","valid":true,"scheme":null,"userinfo":null,"host":null,"port":null,"path":"a","query":null,"fragment":null,"host_type":null,"source":"derived: x"}`))
	if err != nil {
		t.Fatal(err)
	}
	if res := Check(v); res.Outcome != Fail || !errors.Is(res.Err, errNoChecker) {
		t.Errorf("Check of a parse vector without a parse checker = %v, %v; want FAIL", res.Outcome, res.Err)
	}
}
