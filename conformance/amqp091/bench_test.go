package amqp091_test

import (
	"runtime"
	"strings"
	"testing"

	rabbit "github.com/rabbitmq/amqp091-go"
	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/scheme/amqp"
)

// Sinks keep the compiler from dropping the work.
var (
	sinkString string
	sinkInt    int
	sinkBool   bool
)

// parseAll parses every URI with amqp.Parse and reads every accessor.
func parseAll(lines []string) {
	for _, s := range lines {
		u, err := amqp.Parse(s)
		if err != nil {
			continue
		}
		user, ok1 := u.Username()
		pass, ok2 := u.Password()
		host, ok3 := u.Host()
		port, ok4 := u.Port()
		vhost, ok5 := u.Vhost()
		sinkString, sinkString, sinkString, sinkString = user, pass, host, vhost
		sinkInt = port
		sinkBool = ok1 && ok2 && ok3 && ok4 && ok5 && u.Secure()
	}
}

// configAll parses every URI with amqp.Parse and reads its Config, the
// view that equals what amqp091-go's ParseURI gives.
func configAll(lines []string) {
	for _, s := range lines {
		u, err := amqp.Parse(s)
		if err != nil {
			continue
		}
		c, err := u.Config()
		if err != nil {
			continue
		}
		sinkString = c.Host
		sinkInt = c.Port
	}
}

// parseAllRabbit parses every URI with amqp091-go's ParseURI.
func parseAllRabbit(lines []string) {
	for _, s := range lines {
		r, err := rabbit.ParseURI(s)
		if err != nil {
			continue
		}
		sinkString = r.Host
		sinkInt = r.Port
	}
}

// benchCorpus runs parse over lines as one operation and reports the
// time and the allocations per URI.
func benchCorpus(b *testing.B, lines []string, parse func([]string)) {
	b.ReportAllocs()
	n := 0
	for _, s := range lines {
		n += len(s)
	}
	b.SetBytes(int64(n))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	iters := 0
	for b.Loop() {
		parse(lines)
		iters++
	}
	runtime.ReadMemStats(&after)
	uris := float64(iters * len(lines))
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/uris, "ns/uri")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/uris, "allocs/uri")
}

// plain returns the lines without percent-encoding.
func plain(lines []string) []string {
	var p []string
	for _, s := range lines {
		if !strings.Contains(s, "%") {
			p = append(p, s)
		}
	}
	return p
}

// BenchmarkParse times amqp.Parse with every accessor beside amqp091-go's
// ParseURI on the corpus sample; BenchmarkParsePlain on its URIs without
// percent-encoding, for which urikit allocates nothing.
func BenchmarkParse(b *testing.B) {
	lines := readLines(b, "testdata/amqp.txt")
	b.Run("urikit", func(b *testing.B) { benchCorpus(b, lines, parseAll) })
	b.Run("amqp091", func(b *testing.B) { benchCorpus(b, lines, parseAllRabbit) })
}

// BenchmarkConfig times amqp.Parse and URI.Config beside ParseURI, which
// does the same work: every value a client dials with, parameters included.
func BenchmarkConfig(b *testing.B) {
	lines := readLines(b, "testdata/amqp.txt")
	b.Run("urikit", func(b *testing.B) { benchCorpus(b, lines, configAll) })
	b.Run("amqp091", func(b *testing.B) { benchCorpus(b, lines, parseAllRabbit) })
}

func BenchmarkParsePlain(b *testing.B) {
	lines := plain(readLines(b, "testdata/amqp.txt"))
	b.Run("urikit", func(b *testing.B) { benchCorpus(b, lines, parseAll) })
	b.Run("amqp091", func(b *testing.B) { benchCorpus(b, lines, parseAllRabbit) })
}

// TestNoAllocs requires amqp.Parse and every accessor to allocate nothing
// for each corpus URI without percent-encoding (issue: decoding happens
// in the accessors, and only when there is something to decode).
func TestNoAllocs(t *testing.T) {
	lines := plain(readLines(t, "testdata/amqp.txt"))
	if len(lines) < 50 {
		t.Fatalf("only %d URIs without percent-encoding in the sample", len(lines))
	}
	for i, s := range lines {
		one := []string{s}
		if a := testing.AllocsPerRun(10, func() { parseAll(one) }); a != 0 {
			t.Errorf("line %d without percent-encoding (%s): %v allocations, want 0", i, scheme.Redact(s), a)
		}
	}
}
