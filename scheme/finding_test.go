package scheme_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/errtest"
	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/uri"
)

// TestFindingJSON: a Finding's JSON stays valid whatever bytes its texts
// hold, has the members its struct tags name, and reads back.
func TestFindingJSON(t *testing.T) {
	f := scheme.Finding{Code: errtest.Hostile, Component: uri.ComponentHost, Offset: 7, Message: errtest.Hostile, Severity: scheme.Error}
	m := errtest.JSON(t, f, map[string]string{"code": errtest.Hostile, "message": errtest.Hostile, "component": "host", "severity": "error"})
	if len(m) != 5 || m["offset"] != 7.0 {
		t.Errorf("Finding's JSON = %v, want the 5 members code, component, offset, message, severity", m)
	}
	errtest.JSON(t, scheme.Finding{}, map[string]string{"code": "", "message": ""})
	for _, sev := range []scheme.Severity{scheme.Warning, scheme.Info, scheme.Error, scheme.Notice} {
		plain := scheme.Finding{Code: "zone-id", Component: uri.ComponentHost, Offset: 7, Message: `a "%" in the host`, Severity: sev}
		b, err := json.Marshal(plain)
		if err != nil {
			t.Fatal(err)
		}
		var back scheme.Finding
		if err := json.Unmarshal(b, &back); err != nil || back != plain {
			t.Errorf("json.Unmarshal(%s) = %+v, %v; want %+v", b, back, err, plain)
		}
	}
}

// TestSeverity: each Severity has its own name, which reads back; an
// unknown name is an error that does not echo it.
func TestSeverity(t *testing.T) {
	names := map[string]bool{}
	for _, s := range []scheme.Severity{scheme.Warning, scheme.Info, scheme.Error, scheme.Notice} {
		n := s.String()
		if names[n] {
			t.Errorf("two severities named %q", n)
		}
		names[n] = true
		var back scheme.Severity
		if err := back.UnmarshalText([]byte(n)); err != nil || back != s {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", n, back, err, s)
		}
	}
	var s scheme.Severity
	if err := s.UnmarshalText([]byte(errtest.Hostile)); err == nil || strings.Contains(err.Error(), errtest.Hostile) {
		t.Errorf("UnmarshalText(hostile) = %v", err)
	}
	if got := scheme.Severity(200).String(); got != "warning" {
		t.Errorf("Severity(200).String() = %q, want warning", got)
	}
	// Rank orders them by gravity, whatever their values.
	order := []scheme.Severity{scheme.Info, scheme.Notice, scheme.Warning, scheme.Error}
	for i := 1; i < len(order); i++ {
		if order[i-1].Rank() >= order[i].Rank() {
			t.Errorf("%v ranks %d, not below %v's %d", order[i-1], order[i-1].Rank(), order[i], order[i].Rank())
		}
	}
	if scheme.Severity(200).Rank() != scheme.Warning.Rank() {
		t.Errorf("Severity(200) does not rank as a warning")
	}
}
