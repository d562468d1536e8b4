package amqp_test

import (
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/testload"
)

// TestLeanBuild requires that a program which parses amqp URIs, or lints
// them, links no TLS: crypto/tls and crypto/x509 come only with package
// amqptls, as net/http keeps its optional parts in subpackages. Package
// net (resolver, sockets) stays out too: Config.Addr joins host and port
// itself.
func TestLeanBuild(t *testing.T) {
	for _, p := range testload.Deps(t, "../..", "./scheme/amqp", "./lint") {
		if p == "crypto" || strings.HasPrefix(p, "crypto/") || p == "net" {
			t.Errorf("scheme/amqp or lint depends on %s", p)
		}
	}
}
