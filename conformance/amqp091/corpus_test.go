package amqp091_test

import (
	"bufio"
	"flag"
	"os"
	"strings"
	"testing"
)

var corpusFile = flag.String("corpus", "testdata/amqp.txt", "the file of amqp URIs, one a line, for TestDifferential")

// appendixA is the first column of Appendix A of the RabbitMQ URI
// specification.
var appendixA = []string{
	"amqp://user:pass@host:10000/vhost",
	"amqp://user:passw%23rd@host:10000/vhost",
	"amqp://user%61:%61pass@ho%61st:10000/v%2fhost",
	"amqp://",
	"amqp://:@/",
	"amqp://user@",
	"amqp://user:pass@",
	"amqp://host",
	"amqp://:10000",
	"amqp:///vhost",
	"amqp://host/",
	"amqp://host/%2f",
	"amqp://[::1]",
}

// readLines returns the non-empty lines of a file.
func readLines(tb testing.TB, name string) []string {
	tb.Helper()
	f, err := os.Open(name)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := strings.TrimSuffix(sc.Text(), "\r"); l != "" {
			lines = append(lines, l)
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	if len(lines) == 0 {
		tb.Fatalf("%s holds no URI", name)
	}
	return lines
}
