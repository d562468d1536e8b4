package pipeline

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/urikit/urikit/cmd/urikit/internal/record"
)

func TestReadLine(t *testing.T) {
	long := strings.Repeat("x", record.MaxLine+1)
	exact := strings.Repeat("y", record.MaxLine)
	tests := []struct {
		in   string
		want []string // "#N" for a line too long of N bytes
	}{
		{"", nil},
		{"\n", []string{""}},
		{"a\nb", []string{"a", "b"}},
		{"a\r\nb\r\n", []string{"a", "b"}},
		{"a\rb\r", []string{"a\rb"}},
		{"\r\n\r\n", []string{"", ""}},
		{exact + "\r\n" + exact, []string{exact, exact}},
		{long + "\nz", []string{fmt.Sprintf("#%d", record.MaxLine+1), "z"}},
		{long + "\r\n", []string{fmt.Sprintf("#%d", record.MaxLine+1)}},
		{long, []string{fmt.Sprintf("#%d", record.MaxLine+1)}},
	}
	for _, tt := range tests {
		br := bufio.NewReaderSize(strings.NewReader(tt.in), 16)
		var got []string
		for {
			var data []byte
			n, err := readLine(br, &data)
			if n >= 0 {
				if n > record.MaxLine {
					got = append(got, fmt.Sprintf("#%d", n))
					if len(data) != 0 {
						t.Errorf("a line too long is kept: %d bytes", len(data))
					}
				} else {
					got = append(got, string(data))
					if int64(len(data)) != n {
						t.Errorf("length %d for %d bytes", n, len(data))
					}
				}
			}
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("readLine(%.20q...): %.60q, want %.60q", tt.in, got, tt.want)
		}
	}
}

// TestReadChunks checks the lines that readChunks sends, cut from its
// buffer or read by readLine, against a literal split of the input, for
// inputs read whole, a byte at a time and in halves.
func TestReadChunks(t *testing.T) {
	long := strings.Repeat("z", record.MaxLine+3)
	inputs := []string{
		"", "a", "a\n", "a\r\n", "a\rb\r", "\n\n\r\n", "x\r\ny\nz",
		strings.Repeat("http://h/p?q#f\r\n", 5000) + "tail\r",
		"a\n" + long + "\r\nb\n" + long,
	}
	// want splits s as the README says lines are read: at "\n", without a
	// "\r" before it or a last "\r" at the end; "#N" for a line too long.
	want := func(s string) []string {
		if s == "" {
			return nil
		}
		s = strings.TrimSuffix(s, "\n")
		var out []string
		for _, l := range strings.Split(s, "\n") {
			l = strings.TrimSuffix(l, "\r")
			if len(l) > record.MaxLine {
				l = fmt.Sprintf("#%d", len(l))
			}
			out = append(out, l)
		}
		return out
	}
	readers := map[string]func(string) io.Reader{
		"whole":    func(s string) io.Reader { return strings.NewReader(s) },
		"one byte": func(s string) io.Reader { return iotest.OneByteReader(strings.NewReader(s)) },
		"halves":   func(s string) io.Reader { return iotest.HalfReader(strings.NewReader(s)) },
	}
	for name, rd := range readers {
		for _, in := range inputs {
			if name == "one byte" && len(in) > 100000 {
				continue
			}
			var got []string
			next := 1
			err := readChunks(rd(in), func(c *chunk, _ bool) bool {
				if c.first != next {
					t.Errorf("%s: a chunk starts at line %d, want %d", name, c.first, next)
				}
				next += len(c.lines)
				for _, l := range c.lines {
					if l.long > 0 {
						got = append(got, fmt.Sprintf("#%d", l.long))
						continue
					}
					got = append(got, string(c.data[l.start:l.end]))
				}
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
			if g, w := strings.Join(got, "|"), strings.Join(want(in), "|"); g != w {
				t.Errorf("%s, %.30q...: %d lines %.80q, want %d lines %.80q", name, in, len(got), g, len(want(in)), w)
			}
		}
	}
}
