//go:build ignore

// gen.go writes ../class/table.go: the character-class table of RFC 3986, derived
// from rfc3986.abnf by abnf.DeriveTable. Run it with "go generate" in
// internal/abnf.
package main

import (
	"log"
	"os"

	"github.com/urikit/urikit/internal/abnf"
)

func main() {
	src := abnf.FormatTable(abnf.DeriveTable(abnf.RFC3986()))
	if err := os.WriteFile("../class/table.go", src, 0o644); err != nil {
		log.Fatal(err)
	}
}
