package uri

import "testing"

var sinkB bool

func BenchmarkUpperOrPctTmp(b *testing.B) {
	ss := []string{"https://www.example.com/path/x", "http://github.com/a", "https://docs.python.org/3/library", "ftp://ftp.x.org/"}
	ends := []int{23, 17, 23, 14}
	for range b.N {
		for i, s := range ss {
			sinkB = upperOrPct(s, 0, ends[i])
		}
	}
}
