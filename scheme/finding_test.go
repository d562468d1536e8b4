package scheme_test

import (
	"encoding/json"
	"testing"

	"github.com/urikit/urikit/internal/errtest"
	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/uri"
)

// TestFindingJSON: a Finding's JSON stays valid whatever bytes its texts
// hold, has the members its struct tags name, and reads back.
func TestFindingJSON(t *testing.T) {
	f := scheme.Finding{Code: errtest.Hostile, Component: uri.ComponentHost, Offset: 7, Message: errtest.Hostile, Severity: scheme.Error}
	m := errtest.JSON(t, f, map[string]string{"code": errtest.Hostile, "message": errtest.Hostile, "component": "host"})
	if len(m) != 4 || m["offset"] != 7.0 {
		t.Errorf("Finding's JSON = %v, want the 4 members code, component, offset, message", m)
	}
	errtest.JSON(t, scheme.Finding{}, map[string]string{"code": "", "message": ""})
	plain := scheme.Finding{Code: "zone-id", Component: uri.ComponentHost, Offset: 7, Message: `a "%" in the host`}
	b, err := json.Marshal(plain)
	if err != nil {
		t.Fatal(err)
	}
	var back scheme.Finding
	if err := json.Unmarshal(b, &back); err != nil || back != plain {
		t.Errorf("json.Unmarshal(%s) = %+v, %v; want %+v", b, back, err, plain)
	}
}
