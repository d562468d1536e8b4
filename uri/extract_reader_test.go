package uri_test

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urikit/urikit/uri"
)

// endless yields n bytes of c, then tail, without holding them.
type endless struct {
	c    byte
	n    int
	tail string
}

func (r *endless) Read(p []byte) (int, error) {
	if r.n > 0 {
		k := min(len(p), r.n)
		for i := range p[:k] {
			p[i] = r.c
		}
		r.n -= k
		return k, nil
	}
	if r.tail == "" {
		return 0, io.EOF
	}
	k := copy(p, r.tail)
	r.tail = r.tail[k:]
	return k, nil
}

// TestExtractReaderBounded: a candidate of 64 MiB is skipped and counted,
// not buffered: reading it allocates little, and the URIs around it are
// found at their offsets.
func TestExtractReaderBounded(t *testing.T) {
	const n = 64 << 20
	tests := []struct {
		name    string
		r       io.Reader
		skipped int
		want    []string
	}{
		{"long candidate", io.MultiReader(strings.NewReader("http://a/ x:"), &endless{'y', n, " http://b/\n"}), 1,
			[]string{"1:1 0-9 text http://a/", fmt.Sprintf("1:%d %d-%d text http://b/", n+14, n+13, n+22)}},
		{"long scheme run", &endless{'a', n, ":b http://b/"}, 1,
			[]string{fmt.Sprintf("1:%d %d-%d text http://b/", n+4, n+3, n+12)}},
		{"long word", &endless{'a', n, " http://b/"}, 0,
			[]string{fmt.Sprintf("1:%d %d-%d text http://b/", n+2, n+1, n+10)}},
		{"long lines", &endless{'\n', n, "http://b/"}, 0,
			[]string{fmt.Sprintf("%d:1 %d-%d text http://b/", n+1, n, n+9)}},
		{"long bracket", io.MultiReader(strings.NewReader("<http://a/"), &endless{' ', n, "b>"}), 0,
			[]string{"1:2 1-10 text http://a/"}},
		{"long hyphen", io.MultiReader(strings.NewReader("http://a/-\n"), &endless{'b', n, ""}), 1,
			[]string{"1:1 0-10 text cut http://a/-"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			x := uri.ExtractReader(tt.r, uri.ExtractOptions{})
			var got []string
			for m := range x.All() {
				got = append(got, long(m))
			}
			runtime.ReadMemStats(&after)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("matches (-want +got):\n%s", diff)
			}
			if x.Skipped() != tt.skipped || x.Err() != nil {
				t.Errorf("Skipped() = %d, Err() = %v; want %d, nil", x.Skipped(), x.Err(), tt.skipped)
			}
			if a := after.TotalAlloc - before.TotalAlloc; a > 1<<20 {
				t.Errorf("reading %d bytes allocated %d bytes", n, a)
			}
		})
	}
}

// failing yields s, then err.
type failing struct {
	s   string
	err error
}

func (r *failing) Read(p []byte) (int, error) {
	if r.s == "" {
		return 0, r.err
	}
	n := copy(p, r.s)
	r.s = r.s[n:]
	return n, nil
}

func TestExtractReaderErr(t *testing.T) {
	boom := errors.New("boom")
	x := uri.ExtractReader(&failing{"http://a/ http://b/ htt", boom}, uri.ExtractOptions{})
	var got []string
	for m := range x.All() {
		got = append(got, m.Text)
	}
	if diff := cmp.Diff([]string{"http://a/", "http://b/"}, got); diff != "" || x.Err() != boom {
		t.Errorf("matches (-want +got):\n%s\nErr() = %v, want %v", diff, x.Err(), boom)
	}
	x = uri.ExtractReader(&failing{"http://a/ x", nil}, uri.ExtractOptions{})
	got = got[:0]
	for m := range x.All() {
		got = append(got, m.Text)
	}
	if diff := cmp.Diff([]string{"http://a/"}, got); diff != "" || x.Err() != io.ErrNoProgress {
		t.Errorf("reader without progress: matches (-want +got):\n%s\nErr() = %v, want %v", diff, x.Err(), io.ErrNoProgress)
	}
}

// TestExtractReaderResume: breaking out of All and calling it again goes
// on with the next match, also between a cut and a joined reading.
func TestExtractReaderResume(t *testing.T) {
	const in = "http://a/ http://b/-\nc http://d/"
	want := collect(uri.Extract(in, uri.ExtractOptions{}))
	x := uri.ExtractReader(strings.NewReader(in), uri.ExtractOptions{})
	var got []uri.Match
	for len(got) < len(want)+1 {
		n := len(got)
		for m := range x.All() {
			got = append(got, m)
			break
		}
		if len(got) == n {
			break
		}
	}
	if !equalMatches(want, got) {
		t.Errorf("resumed matches:\n got %+v\nwant %+v", got, want)
	}
}
