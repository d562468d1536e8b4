package uri_test

import (
	"strings"
	"testing"

	"github.com/urikit/urikit/uri"
)

// editOps lists the edits FuzzEdit chooses from, by index.
var editOps = []edit{
	withScheme, withUserinfo, withHost, withPort, withPath, withQuery, withFragment,
	withoutUserinfo, withoutPort, withoutQuery, withoutFragment, withoutAuthority,
}

// expectEdit is the literal model of an edit: the same change made to the
// Components of r, built by Components.Reference, which validates every
// component and recomposes them (RFC 3986 5.3). ok is false when the model
// has no answer: an empty scheme (Components reads it as no scheme), and
// removing an authority before a path starting with "//" (Components
// rejects what WithoutAuthority prefixes with "/.").
func expectEdit(r uri.Reference, e edit, text string) (want string, wantErr bool, ok bool) {
	p := r.Components()
	switch e.name {
	case "WithScheme":
		if text == "" {
			return "", true, true
		}
		p.Scheme = text
	case "WithUserinfo":
		p.Userinfo, p.HasUserinfo = text, true
	case "WithHost":
		if !p.HasAuthority && p.Path != "" && p.Path[0] != '/' {
			return "", true, true
		}
		p.Host, p.HasAuthority = text, true
	case "WithPort":
		p.Port, p.HasPort = text, true
	case "WithPath":
		p.Path = text
	case "WithQuery":
		p.Query, p.HasQuery = text, true
	case "WithFragment":
		p.Fragment, p.HasFragment = text, true
	case "WithoutUserinfo":
		p.Userinfo, p.HasUserinfo = "", false
	case "WithoutPort":
		p.Port, p.HasPort = "", false
	case "WithoutQuery":
		p.Query, p.HasQuery = "", false
	case "WithoutFragment":
		p.Fragment, p.HasFragment = "", false
	case "WithoutAuthority":
		if strings.HasPrefix(p.Path, "//") {
			return "", false, false
		}
		p.HasAuthority, p.Userinfo, p.HasUserinfo, p.Host, p.Port, p.HasPort = false, "", false, "", "", false
	}
	got, err := p.Reference()
	if err != nil {
		return "", true, true
	}
	return got.String(), false, true
}

// FuzzEdit edits a parsed reference and checks the result against the
// Components model: the same verdict, the same text, and a value equal to
// the re-parse of its text (offsets, presence bits and host kind). An edit
// that fails returns the zero value and leaves the receiver as it was.
func FuzzEdit(f *testing.F) {
	for i, tt := range editTests {
		f.Add(tt.in, uint8(i%len(editOps)), tt.text)
	}
	f.Add("http://a//b", uint8(11), "")
	f.Add("x:/.//p", uint8(2), "h")
	f.Fuzz(func(t *testing.T, in string, op uint8, text string) {
		r, err := uri.ParseReference(in)
		if err != nil {
			return
		}
		e := editOps[int(op)%len(editOps)]
		before := r
		got, err := e.f(r, text)
		if r != before {
			t.Fatalf("%s(%q) on %q changed the receiver", e.name, text, in)
		}
		if err != nil {
			if got != (uri.Reference{}) {
				t.Fatalf("%s(%q) on %q = %q with error %v, want the zero value", e.name, text, in, got, err)
			}
			if _, ok := err.(*uri.Error); !ok {
				t.Fatalf("%s(%q) on %q: error %T, want *uri.Error", e.name, text, in, err)
			}
		} else {
			checkEdited(t, got)
		}
		want, wantErr, ok := expectEdit(r, e, text)
		switch {
		case !ok:
			if err != nil || got.Path() != "/."+r.Path() || got.HasAuthority() {
				t.Fatalf("%s on %q = %q, %v; want the path prefixed with /.", e.name, in, got, err)
			}
		case wantErr != (err != nil):
			t.Fatalf("%s(%q) on %q: error %v, the model says error: %v", e.name, text, in, err, wantErr)
		case err == nil && got.String() != want:
			t.Fatalf("%s(%q) on %q = %q, the model gives %q", e.name, text, in, got, want)
		}
		if u, isURI := r.URI(); isURI && err == nil {
			gu, err := editURI(e, u, text)
			if err != nil || gu.Reference() != got {
				t.Fatalf("URI %s(%q) on %q = %q, %v; Reference gives %q", e.name, text, in, gu, err, got)
			}
		}
	})
}
