package file_test

import (
	"encoding/json"
	"errors"
	"runtime"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/errtest"
	"github.com/urikit/urikit/scheme/file"
	"github.com/urikit/urikit/uri"
)

func TestErrorText(t *testing.T) {
	_, err := file.FromPath("/a\x00b", file.POSIX)
	if got, want := err.Error(), "file: FromPath (posix): path at offset 2: NUL byte in a path"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	b, jerr := json.Marshal(err)
	if jerr != nil {
		t.Fatal(jerr)
	}
	if got, want := string(b), `{"op":"FromPath","style":"posix","component":"path","offset":2,"reason":"NUL byte in a path"}`; got != want {
		t.Errorf("json = %s, want %s", got, want)
	}
	_, err = file.ToPath(uri.MustParse("file://h/x"), file.Style(7))
	if got, want := err.Error(), "file: ToPath (style(7)): unknown path style"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	b, _ = json.Marshal(err)
	if got, want := string(b), `{"op":"ToPath","style":"style(7)","component":"","offset":0,"reason":"unknown path style"}`; got != want {
		t.Errorf("json = %s, want %s", got, want)
	}
	if got := (&file.Error{Op: file.OpToPath, Style: file.Windows}).Error(); got != "file: ToPath (windows): invalid" {
		t.Errorf("Error() without a reason = %q", got)
	}
}

func TestStyle(t *testing.T) {
	for _, s := range []file.Style{0, 3, 255} {
		if _, err := file.FromPath("/x", s); !errors.Is(err, file.ErrStyle) {
			t.Errorf("FromPath(/x, %v) error = %v, want ErrStyle", s, err)
		}
		if _, err := file.ToPath(uri.MustParse("file:///x"), s); !errors.Is(err, file.ErrStyle) {
			t.Errorf("ToPath(file:///x, %v) error = %v, want ErrStyle", s, err)
		}
		if _, err := (file.Options{NonStrict: true}).ToPath(uri.MustParse("file:///x"), s); !errors.Is(err, file.ErrStyle) {
			t.Errorf("Options.ToPath(file:///x, %v) error = %v, want ErrStyle", s, err)
		}
	}
	if file.POSIX.String() != "posix" || file.Windows.String() != "windows" || file.Style(0).String() != "style(0)" {
		t.Errorf("String: %q %q %q", file.POSIX, file.Windows, file.Style(0))
	}
	want := file.POSIX
	if runtime.GOOS == "windows" {
		want = file.Windows
	}
	if file.Native() != want {
		t.Errorf("Native() = %v on %s, want %v", file.Native(), runtime.GOOS, want)
	}
}

// TestZeroURI: the zero uri.URI is not a file URI.
func TestZeroURI(t *testing.T) {
	for _, s := range []file.Style{file.POSIX, file.Windows} {
		if _, err := file.ToPath(uri.URI{}, s); !errors.Is(err, file.ErrScheme) {
			t.Errorf("ToPath(uri.URI{}, %v) error = %v, want ErrScheme", s, err)
		}
	}
}

// TestErrorsHoldNoInput: no error message or JSON encoding holds text of
// the path or URI it was given, here the name "Zanzibar".
func TestErrorsHoldNoInput(t *testing.T) {
	const secret = "Zanzibar"
	paths := []string{
		"Zanzibar/x", "/Zanzibar\x00", `C:\Zanzibar?`, `\\Zanzibar`, `\\Zanzibar\`, `\\Zan*zibar\s`,
		`\\?\Zanzibar\x`, `\\.\Zanzibar`, `Zanzibar:\`, `C:Zanzibar`,
	}
	check := func(call string, err error) {
		t.Helper()
		if err == nil {
			t.Errorf("%s: no error", call)
			return
		}
		b, _ := json.Marshal(err)
		for _, text := range []string{err.Error(), string(b)} {
			for i := 0; i+4 <= len(secret); i++ {
				if strings.Contains(text, secret[i:i+4]) {
					t.Errorf("%s: %q holds %q of the input", call, text, secret[i:i+4])
				}
			}
		}
	}
	for _, p := range paths {
		for _, s := range []file.Style{file.POSIX, file.Windows} {
			if _, err := file.FromPath(p, s); err != nil || s == file.Windows {
				check("FromPath("+p+")", err)
			}
		}
	}
	uris := []string{
		"file://Zanzibar/x", "file:///Zanzibar?x", "file:///x#Zanzibar", "file://Zanzibar@h/x",
		"file:///Zanzibar%2F", "file:Zanzibar", "http://Zanzibar/", "file://Zanzibar:1/",
		"file://[v1.Zanzibar]/s", "file:///Zanzibar%00",
	}
	for _, s := range uris {
		u := uri.MustParse(s)
		for _, st := range []file.Style{file.POSIX, file.Windows} {
			if _, err := file.ToPath(u, st); err != nil {
				check("ToPath("+s+")", err)
			}
		}
	}
}

// TestErrorZeroAndJSON: the zero Error can be used, and its JSON stays
// valid whatever bytes its texts hold.
func TestErrorZeroAndJSON(t *testing.T) {
	errtest.Zero(t, &file.Error{})
	errtest.JSON(t, &file.Error{Op: errtest.Hostile, Style: file.Windows, Component: uri.ComponentPath, Err: errors.New(errtest.Hostile)},
		map[string]string{"op": errtest.Hostile, "reason": errtest.Hostile, "style": "windows"})
}
