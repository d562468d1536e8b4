package uri_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/urikit/urikit/uri"
)

// BenchmarkLongHost shows that FromIRI, HostASCII and HostUnicode take time
// linear in the length of a host that breaks the DNS limits (RFC 1034
// 3.1): ns/op grows with the size, ns per byte (the inverse of MB/s)
// stays flat up to 1 MB.
func BenchmarkLongHost(b *testing.B) {
	for _, size := range []int{1 << 10, 1 << 14, 1 << 17, 1 << 20} {
		n := strconv.Itoa(size >> 10)
		iri := "http://" + strings.Repeat("é", size/2) + "/"
		b.Run("FromIRI/"+n+"KB", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(iri)))
			for b.Loop() {
				if _, err := uri.FromIRI(iri); err == nil {
					b.Fatal("FromIRI accepted a host over the DNS limits")
				}
			}
		})
		u := uri.MustParse("http://" + strings.Repeat("%C3%A9", size/6) + "/")
		b.Run("HostASCII/"+n+"KB", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(u.String())))
			for b.Loop() {
				if _, err := u.HostASCII(); err == nil {
					b.Fatal("HostASCII accepted a host over the DNS limits")
				}
			}
		})
		p := uri.MustParse("http://xn--" + strings.Repeat("a", size) + "/")
		b.Run("HostUnicode/"+n+"KB", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(p.String())))
			for b.Loop() {
				if _, err := p.HostUnicode(); err == nil {
					b.Fatal("HostUnicode accepted a host over the DNS limits")
				}
			}
		})
	}
}
