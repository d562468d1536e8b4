package play

import (
	"strconv"
	"strings"

	"github.com/urikit/urikit/cmd/urikit/internal/templatecmd"
	"github.com/urikit/urikit/uri"
)

// MaskVars returns the text of the page's variables field, a JSON object
// (RFC 8259) of the variables of a URI Template (RFC 6570 2.3) that may
// still be being typed, with its secrets masked, for the field's cover
// and the page's address: every string below a member whose name is a
// credential key (uri.IsSecretKey: "password", "access_token", ...) at
// any depth, as a whole ({"password":"xxxxx"}, {"token":["xxxxx"]},
// {"m":{"access_token":"xxxxx"}}), and in the other strings what
// record.Mask masks in them ("https://ana:xxxxx@h/"). Only the masked
// strings change; names, numbers and the JSON around them stay. A string
// with escapes that holds a secret is masked whole. An unfinished string
// runs to the end of the text.
func MaskVars(text string) string {
	var b strings.Builder
	last := 0 // text[:last] is in b
	// secret[d] says that the values at depth d lie below a credential
	// key; key is the name of the member being read, when its value
	// comes next.
	secret := []bool{false}
	var key string
	var haveKey, inObject bool
	objects := []bool{false} // whether each open container is an object
	for i := 0; i < len(text); i++ {
		switch c := text[i]; c {
		case '{', '[':
			s := secret[len(secret)-1] || haveKey && uri.IsSecretKey(key)
			secret = append(secret, s)
			objects = append(objects, c == '{')
			inObject, haveKey = c == '{', false
		case '}', ']':
			if len(secret) > 1 {
				secret, objects = secret[:len(secret)-1], objects[:len(objects)-1]
			}
			inObject, haveKey = objects[len(objects)-1], false
		case ',':
			haveKey = false
		case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
			// A number, which a variable may be: masked whole below a
			// credential key, as a string.
			end := i + 1
			for end < len(text) && strings.IndexByte("+-.eE0123456789", text[end]) >= 0 {
				end++
			}
			if secret[len(secret)-1] || haveKey && uri.IsSecretKey(key) {
				b.WriteString(text[last:i])
				b.WriteString(`"` + uri.RedactMask + `"`)
				last = end
			}
			haveKey = false
			i = end - 1
		case '"':
			end := stringEnd(text, i+1)
			raw := text[i+1 : end]
			isKey := inObject && !haveKey && !afterColon(text, i)
			if isKey {
				key, haveKey = unquote(raw), true
			} else {
				shown := raw
				if secret[len(secret)-1] || haveKey && uri.IsSecretKey(key) {
					if raw != "" {
						shown = uri.RedactMask
					}
				} else if m := templatecmd.MaskString(raw); m != raw {
					shown = m
					if strings.IndexByte(raw, '\\') >= 0 {
						shown = uri.RedactMask
					}
				} else if strings.IndexByte(raw, '\\') >= 0 && templatecmd.MaskString(unquote(raw)) != unquote(raw) {
					shown = uri.RedactMask
				}
				if shown != raw {
					b.WriteString(text[last : i+1])
					b.WriteString(shown)
					last = end
				}
				haveKey = false
			}
			i = end // the closing quote, or the end of the text
		}
	}
	if last == 0 {
		return text
	}
	b.WriteString(text[last:])
	return b.String()
}

// unquote returns the content of a JSON string (RFC 8259 7), raw, with
// its escapes read; an escape it cannot read stays as written.
func unquote(raw string) string {
	if strings.IndexByte(raw, '\\') < 0 {
		return raw
	}
	var b strings.Builder
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if c != '\\' || i+1 == len(raw) {
			b.WriteByte(c)
			continue
		}
		i++
		switch e := raw[i]; e {
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'u':
			if r, err := strconv.ParseUint(raw[i+1:min(i+5, len(raw))], 16, 16); err == nil && i+5 <= len(raw) {
				b.WriteRune(rune(r))
				i += 4
			} else {
				b.WriteString(`\u`)
			}
		default:
			b.WriteByte(e)
		}
	}
	return b.String()
}

// stringEnd returns the offset of the quote that closes the JSON string
// whose content starts at i, or len(s) when it is not closed.
func stringEnd(s string, i int) int {
	for ; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return len(s)
}

// afterColon reports whether the string at s[i] follows a ":" (it is a
// member's value), looking back over white space.
func afterColon(s string, i int) bool {
	for j := i - 1; j >= 0; j-- {
		switch s[j] {
		case ' ', '\t', '\n', '\r':
			continue
		case ':':
			return true
		}
		return false
	}
	return false
}
