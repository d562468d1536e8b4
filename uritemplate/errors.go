package uritemplate

import (
	"errors"
	"strconv"
	"strings"

	"github.com/urikit/urikit/uri"

	"github.com/urikit/urikit/internal/jsontext"
)

// The reasons of an Error, for errors.Is. Each says which text Offset
// counts in (the template, or the URI given to Match) and where it points.
var (
	// ErrUnclosedExpression: a "{" with no "}" after it (RFC 6570 2.2).
	// Offset is the "{" in the template.
	ErrUnclosedExpression = errors.New("unclosed expression")
	// ErrInvalidLiteral: a byte that a literal may not hold (RFC 6570 2.1):
	// a control, a space, '"', "'", "<", ">", "\", "^", "`", "|", a "}"
	// that closes nothing, a non-ASCII character outside ucschar and
	// iprivate, or bytes that are not UTF-8. Offset is that byte in the
	// template.
	ErrInvalidLiteral = errors.New("invalid character in literal")
	// ErrInvalidEscape: a "%" not followed by two hex digits, in a literal
	// or a variable name (RFC 6570 2.1, 2.3: pct-encoded). Offset is the
	// "%" in the template.
	ErrInvalidEscape = errors.New("invalid percent-encoding")
	// ErrInvalidOperator: an operator that RFC 6570 reserves for future
	// extensions ("=", ",", "!", "@", "|"; 2.2). Offset is the operator in
	// the template.
	ErrInvalidOperator = errors.New("reserved operator")
	// ErrInvalidVarname: an expression whose variable list is empty or
	// holds a byte that cannot be part of a varname (RFC 6570 2.3:
	// ALPHA / DIGIT / "_" / pct-encoded, single "." between them). Offset
	// is that byte in the template.
	ErrInvalidVarname = errors.New("invalid variable name")
	// ErrInvalidPrefix: a prefix modifier whose max-length is not an
	// integer from 1 to 9999 written without a leading zero (RFC 6570
	// 2.4.1). Offset is the first byte after ":" that cannot be part of
	// it, in the template.
	ErrInvalidPrefix = errors.New("invalid prefix length")
	// ErrInvalidModifier: a second modifier on one varspec, such as
	// "{x:3*}" or "{x*:3}" (RFC 6570 2.4: one of prefix or explode).
	// Offset is that modifier in the template.
	ErrInvalidModifier = errors.New("a second modifier")
	// ErrTooLong: a template longer than MaxLen bytes, which Parse
	// refuses (RFC 6570 2 sets no limit; the offsets of a Template are
	// 32-bit). Offset is MaxLen.
	ErrTooLong = errors.New("template too long")

	// ErrPrefixComposite: Expand was given a list or an associative array
	// for a variable with a prefix modifier (RFC 6570 2.4.1: prefix
	// modifiers are not applicable to composite values). Offset is the
	// ":" of the modifier in the template.
	ErrPrefixComposite = errors.New("prefix modifier on a composite value")
	// ErrNotURIReference: the expansion is not a URI-reference (RFC 3986
	// 4.1), although every byte of it is a URI character; for instance
	// "{+x}" with x = ":" or "[". The Error also wraps the *uri.Error of
	// the expansion, and its text names the variable whose value made it
	// invalid and the component, with no offset in the expansion. Offset
	// is the "{", in the template, of that variable's expression: the one
	// that wrote the byte uri.ParseReference rejects, or, when a literal
	// wrote it, the nearest expression before that wrote a reserved
	// character (RFC 6570 3.2.3, 3.2.4), else an empty string; else that
	// literal, when the template's literals alone are at fault.
	ErrNotURIReference = errors.New("expansion is not a URI reference")

	// ErrAdjacent: Match cannot tell where an expression ends, because the
	// next expression follows with no literal between and starts with no
	// operator character (operator none or "+"), as in "{x}{y}". Offset
	// is the "{" of that next expression in the template.
	ErrAdjacent = errors.New("two expressions with no literal between")
	// ErrAmbiguousBoundary: Match cannot tell where an expression ends,
	// because the character that follows it (the first of a literal, or
	// the operator of the next expression when the expressions between
	// may be empty) may also stand inside its expansion, as the "-" of
	// "{x}-{y}" or the "/" of "{+base}/{x}"; or because it is the
	// expression's own operator character, so that an undefined
	// expression cannot be told from a defined one, as the "/" after
	// "{/a}" in "{/a}/b{c}" and "{/a}{/b}"; or, between named
	// expressions (RFC 6570 3.2.7-3.2.9) whose pieces start alike, a
	// literal that starts with that character or a variable name they
	// share ("{?a,b}{&b}"). Offset is that character in the template:
	// the literal's, or the next expression's operator; the text names
	// the expressions by their offsets.
	ErrAmbiguousBoundary = errors.New("a character that ends an expression may stand inside it")
	// ErrAmbiguousSeparator: Match cannot split the expansion of an
	// expression with several variables or an explode modifier, because
	// its operator's separator may stand inside a value: "," for "+" and
	// "#" (reserved characters pass), "." for "." (unreserved). Offset is
	// the operator of the expression in the template.
	ErrAmbiguousSeparator = errors.New("the separator of the operator may stand inside a value")
	// ErrAmbiguousExplode: Match cannot tell the pieces of an explode
	// modifier from those of the next variable: an exploded varspec that
	// is not the last of an expression of operator none, "/", or a
	// second exploded varspec in one expression of ";", "?" or "&", or
	// one whose name another varspec of that expression has; or an
	// explode in a named expression of a run with another named
	// expression whose pieces start alike ("{?q*}{&page}", "{?m*}{&n*}"),
	// since an associative array's pieces may have any name. Offset is
	// the exploded varspec in the template (of the earlier expression
	// when both explode).
	ErrAmbiguousExplode = errors.New("the pieces of an explode modifier cannot be told apart")
	// ErrAmbiguousList: an expression of operator none with several
	// variables holds more comma-separated pieces than it has variables,
	// or its pieces, taken one a variable, do not expand back to the
	// URI: some value is a list whose items cannot be told from the next
	// variables' values. Offset is in the URI: the first extra piece, or
	// the start of the expression.
	ErrAmbiguousList = errors.New("more pieces than variables: a list cannot be told apart")
	// ErrInvalidURI: the URI given to Match is not a URI reference (RFC
	// 3986 4.1), and no expansion is (RFC 6570 3: Expand writes URI
	// references only). The Error also wraps the *uri.Error of
	// uri.ParseReference, for errors.As, and its text ends with that
	// error's component, offset and reason, as "urikit parse" words them.
	// Offset is the byte of the URI that uri.ParseReference rejects.
	ErrInvalidURI = errors.New("not a URI reference")
	// ErrNoMatch: no values expand to the URI. Offset is the first byte of
	// the URI at which the URI and every expansion differ, as far as
	// Match can tell (the expansion of its reading differs there).
	ErrNoMatch = errors.New("the URI does not match the template")
)

// Error is the error of Parse (RFC 6570 2), Expand (3) and Match. It
// holds no text of the values or the URI and no literal text of the
// template, only an offset and a reason, whose words name at most
// offsets, operator characters, a variable's name and a component of
// RFC 3986, so that no value or secret can leak through an error, a log
// line or its JSON encoding. RFC 6570 3 asks a processor to report where in
// the template an error lies: Offset is that position.
type Error struct {
	// Offset is a byte offset, in the template text for every reason but
	// ErrNoMatch, ErrAmbiguousList and ErrInvalidURI, whose offsets count
	// in the URI given to Match. Each reason says where it points.
	Offset int `json:"offset"`
	// Err is the reason: one of the Err* sentinels of this package, or
	// an error that wraps one and says more (which expression, which
	// variable), for errors.Is; for ErrNotURIReference and ErrInvalidURI
	// it also wraps the *uri.Error, for errors.As.
	Err error `json:"-"`
}

// InURI reports whether Offset counts in the URI given to Match rather
// than in the template (RFC 6570 2): true for ErrNoMatch,
// ErrAmbiguousList and ErrInvalidURI.
func (e *Error) InURI() bool {
	return errors.Is(e.Err, ErrNoMatch) || errors.Is(e.Err, ErrAmbiguousList) || errors.Is(e.Err, ErrInvalidURI)
}

// Error returns "uritemplate: template offset N: reason", or "uri offset
// N" for the reasons whose offset counts in the URI.
func (e *Error) Error() string {
	where := "template"
	if e.InURI() {
		where = "uri"
	}
	return "uritemplate: " + where + " offset " + strconv.Itoa(e.Offset) + ": " + e.reason()
}

// reason is the text of Err, or "invalid" for an Error built without one.
func (e *Error) reason() string {
	if e.Err == nil {
		return "invalid"
	}
	return e.Err.Error()
}

// Unwrap returns the reason, one of the sentinels above, for errors.Is
// and errors.As.
func (e *Error) Unwrap() error { return e.Err }

// MarshalJSON encodes the error as {"offset":N,"in":"template"|"uri",
// "reason":"..."}.
func (e *Error) MarshalJSON() ([]byte, error) {
	b := append([]byte(`{"offset":`), strconv.Itoa(e.Offset)...)
	b = append(b, `,"in":`...)
	if e.InURI() {
		b = append(b, `"uri"`...)
	} else {
		b = append(b, `"template"`...)
	}
	b = append(b, `,"reason":`...)
	b = jsontext.AppendString(b, e.reason())
	return append(b, '}'), nil
}

// notURIError joins ErrNotURIReference and the uri package's error, so
// that errors.Is finds the first and errors.As the second. Its text
// says which variable's value (name, "" when the template's literals
// alone make the expansion invalid) made which component invalid and
// why, with no offset in the expansion, which the caller never sees.
type notURIError struct {
	uerr error
	name string
}

func (n notURIError) Error() string {
	what := "the template's literals make"
	if n.name != "" {
		what = "the value of " + quoteString(n.name) + " makes"
	}
	var ue *uri.Error
	if !errors.As(n.uerr, &ue) {
		return ErrNotURIReference.Error() + ": " + what + " it invalid"
	}
	reason := "invalid"
	if ue.Err != nil {
		reason = ue.Err.Error()
	}
	return ErrNotURIReference.Error() + ": " + what + " the " + ue.Component.String() + " invalid: " + reason
}

func (n notURIError) Unwrap() []error { return []error{ErrNotURIReference, n.uerr} }

// invalidURIError joins ErrInvalidURI and the *uri.Error of the URI
// given to Match, whose component, offset and reason it words as
// "urikit parse" does: "path at offset 2: invalid character".
type invalidURIError struct{ uerr *uri.Error }

func (n invalidURIError) Error() string {
	return ErrInvalidURI.Error() + ": " + strings.TrimPrefix(n.uerr.Error(), "uri: ")
}

func (n invalidURIError) Unwrap() []error { return []error{ErrInvalidURI, n.uerr} }

// detail is a reason with the words that say where it lies in the
// template: errors.Is finds the sentinel. Its text names offsets and
// operators, and at most a variable's name, never a literal or a value.
type detail struct {
	reason error
	text   string
}

func (d *detail) Error() string { return d.reason.Error() + ": " + d.text }
func (d *detail) Unwrap() error { return d.reason }

func itoa(n int) string { return strconv.Itoa(n) }

// quoteByte quotes an operator or separator character.
func quoteByte(c byte) string { return `"` + string(rune(c)) + `"` }

// quoteString quotes a variable's name, as written in the template
// (RFC 6570 2.3: ALPHA, DIGIT, "_", "." and pct-encoded, nothing to
// escape).
func quoteString(s string) string { return `"` + s + `"` }
