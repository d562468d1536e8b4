package lint_test

import (
	"testing"

	"github.com/urikit/urikit/internal/errtest"
	"github.com/urikit/urikit/lint"
	"github.com/urikit/urikit/uri"
)

// TestTextFindingJSON: a TextFinding's JSON holds the Finding's members
// and its own, "completed" only when set, and stays valid whatever bytes
// its texts hold.
func TestTextFindingJSON(t *testing.T) {
	f := lint.TextFinding{Finding: lint.Finding{Code: errtest.Hostile, Component: uri.ComponentHost, Offset: 9, Message: errtest.Hostile},
		Line: 2, Column: 3, URIStart: 4, URIEnd: 20}
	m := errtest.JSON(t, f, map[string]string{"code": errtest.Hostile, "message": errtest.Hostile, "component": "host"})
	want := map[string]float64{"offset": 9, "line": 2, "column": 3, "uri_start": 4, "uri_end": 20}
	for k, v := range want {
		if m[k] != v {
			t.Errorf("TextFinding's JSON %v: %s = %v, want %v", m, k, m[k], v)
		}
	}
	if _, ok := m["completed"]; ok || len(m) != 9 || m["severity"] != "warning" {
		t.Errorf("TextFinding's JSON %v: want 9 members with severity warning, no completed", m)
	}
	f.Completed = true
	if m := errtest.JSON(t, f, nil); m["completed"] != true {
		t.Errorf("TextFinding's JSON %v: want completed true", m)
	}
}
