package amqp_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/scheme/amqp"
	"github.com/urikit/urikit/uri"
)

// FuzzParse checks, for any input, that an accepted URI's values go through
// Build and back unchanged, that Build's text is canonical (building it
// again gives it back), and, with the password pw put into a userinfo,
// that no error and no text form shows a 4-byte piece of it.
func FuzzParse(f *testing.F) {
	for _, tt := range appendixA {
		f.Add(tt.in, "s3cr3t", "host/v")
	}
	for _, tt := range errorTests {
		f.Add(tt.in, "p@ss#/?%:", "h:1/a/b#f")
	}
	for _, s := range canonical {
		f.Add(s, "pa:ss", "[::1]")
	}
	f.Fuzz(func(t *testing.T, in, pw, rest string) {
		// A vhost is rejected as not UTF-8 exactly when its decoding is not.
		if g, err := uri.Parse("amqp://h/" + rest); err == nil && !strings.ContainsAny(rest, "/?#") {
			d, _ := uri.Unescape(rest, uri.ComponentPath)
			_, aerr := amqp.Parse(g.String())
			if utf8.ValidString(d) == errors.Is(aerr, amqp.ErrInvalidUTF8) {
				t.Fatalf("vhost %q: decoded UTF-8 %v, Parse %v", rest, utf8.ValidString(d), aerr)
			}
		}
		if u, err := amqp.Parse(in); err == nil {
			v := u.Values()
			for _, d := range []string{v.Username, v.Password.Reveal(), v.Host, v.Vhost} {
				if !utf8.ValidString(d) {
					t.Fatalf("Parse(%q) accepts a value that is not UTF-8", in)
				}
			}
			b, err := amqp.Build(v)
			if err != nil {
				t.Fatalf("Build(Parse(%q).Values()): %v", in, err)
			}
			// Build writes the query's ":" and "@" as triplets, which
			// decode to the same values.
			want := v
			want.Query = strings.NewReplacer(":", "%3A", "@", "%40").Replace(v.Query)
			if got := b.Values(); got != want {
				t.Fatalf("Parse(%q): values %s, after Build %s", in, v, got)
			}
			if again, err := amqp.Build(b.Values()); err != nil || again != b {
				t.Fatalf("Build is not canonical on %q: %v, %v", b.Unredacted(), again, err)
			}
			if b.Unredacted().String() == in && b != u {
				t.Fatalf("Parse(%q) differs from Build of its values", in)
			}
		}
		if len(pw) < 4 || strings.IndexByte(pw, '@') >= 0 {
			// An "@" in a password ends the userinfo (RFC 3986 3.2.1):
			// which "@" the writer meant is a guess, tested by
			// TestSecretsNeverShow on fixed shapes.
			return
		}
		// A piece of pw counts as shown when it is in an output and not in
		// the output for alt, pw with its letters and digits replaced by
		// others (the same grammar, so the same code path): the rest of the
		// input and the fixed texts may hold it too.
		alt := altOf(pw)
		for _, shape := range []func(string) string{
			func(p string) string { return "amqp://user:" + p + "@" + rest },
			func(p string) string { return "amqps://:" + p + "@" + rest },
			func(p string) string { return in + " amqp://u:" + p + "@" + rest },
		} {
			if breaksWord(pw) && strings.HasPrefix(shape(pw), in+" ") {
				continue // in running text uri.Redact cannot find such a password (its doc)
			}
			if strings.Contains(pw, "//") || strings.ContainsRune(pw, '\n') || strings.HasPrefix(pw, ":") {
				// The text rules read a "//" as the start of an authority,
				// an authority "::00" as an IPv6 address, and find no
				// password split over lines (their doc).
				continue
			}
			if !readsAsPassword(shape(pw), pw) {
				// A valid URI whose userinfo does not hold pw
				// ("amqp://user:100?@0" has the port 100 and the query
				// "@0") is shown as it parses.
				continue
			}
			// The mask itself may match a piece ("0?xx" in "0?xxxxx").
			unmask := strings.NewReplacer("xxxxx", "\uFFFF")
			got, base := unmask.Replace(texts(shape(pw))), unmask.Replace(texts(shape(alt)))
			for i := 0; i+4 <= len(pw); i++ {
				piece := pw[i : i+4]
				if strings.Contains(got, piece) && !strings.Contains(base, piece) {
					t.Fatalf("Parse(%q): %q holds %q of the password", shape(pw), got, piece)
				}
			}
		}
	})
}

// readsAsPassword reports whether s, or the URI that ends it after a
// space, up to the end of its word (when pw holds none of the bytes that
// end one), does not parse as a URI reference or has the password pw as
// written.
func readsAsPassword(s, pw string) bool {
	if i := strings.LastIndex(s, " amqp://u:"); i >= 0 {
		s = s[i+1:]
	}
	// The text rules read the word: up to white space, a quote, an angle
	// bracket or a backquote.
	ends := func(r rune) bool { return r <= ' ' || r == 0x7F || strings.ContainsRune("\"<>`", r) }
	if i := strings.IndexFunc(s, ends); i >= 0 && strings.IndexFunc(pw, ends) < 0 {
		s = s[:i]
	}
	r, err := uri.ParseReference(s)
	if err != nil {
		return true
	}
	_, p, _ := strings.Cut(r.Userinfo(), ":")
	return r.HasUserinfo() && p == pw
}

// breaksWord reports whether s holds a byte that ends a URI in running
// text (uri.Redact) or an "@".
func breaksWord(s string) bool {
	for i := 0; i < len(s); i++ {
		if b := s[i]; b <= ' ' || b == 0x7F || strings.IndexByte("\"'<>`@", b) >= 0 {
			return true
		}
	}
	return false
}

// altOf returns s with every letter replaced by one letter and every
// digit by one digit that s does not hold.
func altOf(s string) string {
	pick := func(from string) byte {
		for i := 0; i < len(from); i++ {
			if strings.IndexByte(s, from[i]) < 0 {
				return from[i]
			}
		}
		return from[0]
	}
	letter, digit := pick("QZjkqxJKvw"), pick("7890123456")
	b := []byte(s)
	for i, c := range b {
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
			b[i] = letter
		case '0' <= c && c <= '9':
			b[i] = digit
		}
	}
	return string(b)
}

// texts returns every text form of Parse's result for s.
func texts(s string) string {
	u, err := amqp.Parse(s)
	if err != nil {
		j, _ := json.Marshal(err)
		return err.Error() + " " + string(j) + " " + scheme.Redact(s)
	}
	return fmt.Sprintf("%v %s %q %#v %+v", u, u, u, u, u.Values()) + " " + scheme.Redact(s)
}
