package lint_test

import "os"

func readDoc() (string, error) {
	b, err := os.ReadFile("doc.go")
	return string(b), err
}
