package abnf

import (
	"strings"
	"testing"
)

// bench64 is a typical 64-byte URI.
const bench64 = "http://user@www.example.com:8080/a/b/c/d.html?q=1&r=%41#fragment"

func BenchmarkMatch64(b *testing.B) {
	g := RFC3986()
	b.SetBytes(int64(len(bench64)))
	for b.Loop() {
		if !g.Match("URI-reference", bench64) {
			b.Fatal("no match")
		}
	}
}

func BenchmarkMatch4KPercent(b *testing.B) {
	g := RFC3986()
	in := strings.Repeat("%41", 4096/3)
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		if !g.Match("URI-reference", in) {
			b.Fatal("no match")
		}
	}
}

func BenchmarkMatch4KSlash(b *testing.B) {
	g := RFC3986()
	in := strings.Repeat("/", 4096)
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		if !g.Match("URI-reference", in) {
			b.Fatal("no match")
		}
	}
}
