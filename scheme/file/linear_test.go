package file_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/urikit/urikit/scheme/file"
	"github.com/urikit/urikit/uri"
)

// TestLongInputs converts inputs of a megabyte made of the bytes each
// step looks at (separators, "%", triplets, forbidden characters at the
// end); a step that rescanned its input would take minutes, not
// milliseconds.
func TestLongInputs(t *testing.T) {
	const n = 1 << 20
	paths := []struct {
		path  string
		style file.Style
		err   error
	}{
		{strings.Repeat("/", n), file.POSIX, nil},
		{"/" + strings.Repeat("%", n), file.POSIX, nil},
		{strings.Repeat("/a", n/2), file.POSIX, nil},
		{strings.Repeat("/", n) + "\x00", file.POSIX, file.ErrNUL},
		{`C:` + strings.Repeat(`\`, n), file.Windows, nil},
		{`C:` + strings.Repeat(`/a`, n/2), file.Windows, nil},
		{`C:\` + strings.Repeat(`a`, n) + `?`, file.Windows, file.ErrReservedCharacter},
		{`\\` + strings.Repeat("s", n) + `\share`, file.Windows, nil},
		{`\\` + strings.Repeat("s", n), file.Windows, file.ErrShare},
		{`\\?\UNC\s\` + strings.Repeat(`x\`, n/2), file.Windows, nil},
	}
	for i, tt := range paths {
		u, err := file.FromPath(tt.path, tt.style)
		if !errors.Is(err, tt.err) {
			t.Errorf("row %d: FromPath error = %v, want %v", i, err, tt.err)
		}
		if err != nil {
			continue
		}
		if _, err := file.ToPath(u, tt.style); err != nil {
			t.Errorf("row %d: ToPath(FromPath) = %v", i, err)
		}
	}
	uris := []struct {
		uri   string
		style file.Style
		err   error
	}{
		{"file://" + strings.Repeat("/", n), file.POSIX, nil},
		{"file:///" + strings.Repeat("%41", n/3), file.POSIX, nil},
		{"file:///" + strings.Repeat("%41", n/3) + "%2F", file.POSIX, file.ErrEncodedSeparator},
		{"file:///C:/" + strings.Repeat("%41/", n/4), file.Windows, nil},
		{"file:///C:/" + strings.Repeat("a", n) + "%3F", file.Windows, file.ErrReservedCharacter},
		{"file://" + strings.Repeat("%41", n/3) + "/share", file.Windows, nil},
		{"file://///" + strings.Repeat("%41", n/3) + "/share", file.Windows, nil},
	}
	for i, tt := range uris {
		u, err := file.ParseNonStrict(tt.uri, file.Windows)
		if err != nil {
			t.Fatalf("row %d: ParseNonStrict = %v", i, err)
		}
		if _, err := (file.Options{NonStrict: true}).ToPath(u, tt.style); !errors.Is(err, tt.err) {
			t.Errorf("row %d: ToPath error = %v, want %v", i, err, tt.err)
		}
	}
	for _, s := range []string{"file:///c|" + strings.Repeat(`\`, n), "file:///" + strings.Repeat("|", n), "file:" + strings.Repeat(`\`, n) + "?"} {
		if u, err := file.ParseNonStrict(s, file.Windows); err == nil {
			if _, err := uri.Parse(u.String()); err != nil {
				t.Errorf("ParseNonStrict result does not parse: %v", err)
			}
		}
	}
}
