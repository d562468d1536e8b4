package pipeline

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"testing"

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
