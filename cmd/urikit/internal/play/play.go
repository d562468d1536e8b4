// Package play answers what the playground page (urikit serve) asks of
// urikit compiled to WebAssembly (package playwasm): each answer is a JSON
// object made of the records that the subcommands print with --json,
// computed by the same functions, so that the page shows exactly what the
// command line says, with the same masks, plus the input cut into
// coloured pieces and the caret of an error.
package play

import (
	"bytes"
	"sort"
	"strings"

	"github.com/urikit/urikit/cmd/urikit/internal/lintcmd"
	"github.com/urikit/urikit/cmd/urikit/internal/normalizecmd"
	"github.com/urikit/urikit/cmd/urikit/internal/parsecmd"
	"github.com/urikit/urikit/cmd/urikit/internal/record"
	"github.com/urikit/urikit/cmd/urikit/internal/resolvecmd"
	"github.com/urikit/urikit/cmd/urikit/internal/templatecmd"
	"github.com/urikit/urikit/internal/varsjson"
	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/uritemplate"

	"github.com/urikit/urikit/uri"
)

// one returns the one record that fn appends to an Output, without its
// newline: every command writes exactly one record per input, and
// anything else is a defect that the page shows rather than hides.
func one(name string, fn func(o *record.Output)) []byte {
	var o record.Output
	fn(&o)
	rec := bytes.TrimRight(o.Out, "\n")
	if len(rec) == 0 || bytes.IndexByte(rec, '\n') >= 0 {
		return record.AppendString(nil, "urikit "+name+": no single record")
	}
	return rec
}

// parse, normalize, lint, resolve and equiv are the records of "urikit
// NAME --json" for their arguments, with secrets masked. They call the
// JSON writers of the subcommands, so that the module links none of
// their text writers.
func parse(text string) []byte {
	return one("parse", func(o *record.Output) { parsecmd.JSONRecord(text, o) })
}

func normalize(text string, level scheme.Rung) []byte {
	return one("normalize", func(o *record.Output) { normalizecmd.NormalJSON(text, o, level) })
}

func lintRecord(text string) []byte {
	return one("lint", func(o *record.Output) { lintcmd.JSONRecord(text, o) })
}

func resolve(baseText, ref string) []byte {
	return one("resolve", func(o *record.Output) {
		resolvecmd.PairJSON(o, resolvecmd.Resolve(false), baseText, ref)
	})
}

func equiv(a, b string, level scheme.Rung) []byte {
	return one("equiv", func(o *record.Output) { normalizecmd.EquivJSON(o, level, a, b) })
}

// A SchemeView is the page's view of the URIs of some schemes: a
// plugin's command, which the program's main gives to Views (the page's
// code names no plugin).
type SchemeView struct {
	Schemes []string // the schemes it describes, compared ignoring case (RFC 3986 3.1)
	// Record appends the JSON record of text, a URI of one of Schemes,
	// to o, as the command writes it with --json.
	Record func(text string, o *record.Output)
}

// Views are the scheme views that Inspect shows under "amqp".
var Views []SchemeView

// playComponents are the components of a reference in the order they
// are written (RFC 3986 5.3), with their names on the page.
var playComponents = [...]struct {
	c    uri.Component
	name string
}{
	{uri.ComponentScheme, "scheme"},
	{uri.ComponentUserinfo, "userinfo"},
	{uri.ComponentHost, "host"},
	{uri.ComponentPort, "port"},
	{uri.ComponentPath, "path"},
	{uri.ComponentQuery, "query"},
	{uri.ComponentFragment, "fragment"},
}

// appendPieces appends the text of p as shown (masked), cut into pieces:
// [{"c":component or null,"t":text}], where a piece with a null component
// is a delimiter ("://", "@", ":", "?", "#"). The texts are escaped as
// the command line escapes them, so that a control byte or a
// bidirectional formatting character is seen, and joined they are the
// input as shown. An invalid input is cut at its error: the bytes before
// it, the byte at it (component "error") and the rest (component
// "rest"), so that the page can put a caret under the byte.
func appendPieces(b []byte, p record.Parsed) []byte {
	m := p.Shown
	type piece struct {
		start, end int // in m.Src
		name       string
	}
	var pieces []piece
	if p.Valid {
		cuts := []int{0, len(m.Src)}
		for _, pc := range playComponents {
			if s, e, ok := p.Ref.Span(pc.c); ok {
				cuts = append(cuts, s, e)
			}
		}
		sort.Ints(cuts)
		for i := 1; i < len(cuts); i++ {
			s, e := cuts[i-1], cuts[i]
			if s == e {
				continue
			}
			name := ""
			for _, pc := range playComponents {
				if cs, ce, ok := p.Ref.Span(pc.c); ok && cs <= s && e <= ce {
					name = pc.name
					break
				}
			}
			pieces = append(pieces, piece{s, e, name})
		}
	} else {
		off := min(max(p.Err.Offset, 0), len(m.Src))
		end := off
		if end < len(m.Src) {
			end++
			// The whole character, for a caret under a non-ASCII one.
			for end < len(m.Src) && m.Src[end]&0xC0 == 0x80 {
				end++
			}
		}
		pieces = []piece{{0, off, ""}, {off, end, "error"}, {end, len(m.Src), "rest"}}
	}
	b = append(b, '[')
	first := true
	for _, pc := range pieces {
		// m.at maps a byte of the input to the text as shown: a masked
		// span shows as the mask, which goes to the piece it starts in.
		s, e := m.At(pc.start), m.At(pc.end)
		if s == e && pc.name != "error" {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, '{')
		b = record.Key(b, "c")
		b = record.AppendOpt(b, pc.name, pc.name != "")
		b = record.Key(b, "t")
		b = record.AppendString(b, record.EscapeText(m.Text[s:e]))
		b = append(b, '}')
	}
	return append(b, ']')
}

// view returns the view of the URIs of scheme, or nil.
func view(scheme string) *SchemeView {
	for i, v := range Views {
		for _, s := range v.Schemes {
			if strings.EqualFold(s, scheme) {
				return &Views[i]
			}
		}
	}
	return nil
}

// Inspect is the page's view of one text read as a URI reference:
// {"pieces", "parse", "syntax", "scheme", "lint", "amqp"}: the pieces
// (appendPieces), and the records of parse, normalize --level syntax,
// normalize (scheme-based), lint and, for a URI of a scheme that one of
// Views describes, its record under "amqp", the page's key for it (null
// for other URIs).
func Inspect(text string) string {
	p := record.ParseInput(text, false, false)
	b := []byte{'{'}
	b = record.Key(b, "pieces")
	b = appendPieces(b, p)
	b = record.Key(b, "parse")
	b = append(b, parse(text)...)
	b = record.Key(b, "syntax")
	b = append(b, normalize(text, scheme.RungSyntax)...)
	b = record.Key(b, "scheme")
	b = append(b, normalize(text, scheme.RungScheme)...)
	b = record.Key(b, "lint")
	b = append(b, lintRecord(text)...)
	b = record.Key(b, "amqp")
	if v := view(p.Ref.Scheme()); p.Valid && v != nil {
		b = append(b, one(v.Schemes[0], func(o *record.Output) { v.Record(text, o) })...)
	} else {
		b = append(b, "null"...)
	}
	return string(append(b, '}'))
}

// Resolve is the page's view of a base URI and a reference:
// {"resolve", "pieces"}: the record of resolve, and the target cut into
// pieces (null when there is no target).
func Resolve(baseText, ref string) string {
	b := []byte{'{'}
	b = record.Key(b, "resolve")
	b = append(b, resolve(baseText, ref)...)
	b = record.Key(b, "pieces")
	bp, rp := record.ParseInput(baseText, true, false), record.ParseInput(ref, false, false)
	if bu, ok := bp.Ref.URI(); ok && bp.Valid && rp.Valid {
		// The target as the resolve record shows it: masked, and cut by
		// its own components.
		target := bu.Resolve(rp.Ref).Reference()
		b = appendPieces(b, record.Parsed{Ref: target, Valid: true, Shown: record.ResultShown(target, false, baseText, ref)})
	} else {
		b = append(b, "null"...)
	}
	return string(append(b, '}'))
}

// Compare is the page's view of two URIs on the comparison ladder
// (RFC 3986 6.2): {"equiv", "rungs"}: the record of equiv (the lowest
// rung at which they are equal), and for each rung the record of equiv
// at that level with the two texts as that rung compares them (as
// written, then the syntax-based and the scheme-based normal forms).
func Compare(a, b string) string {
	out := []byte{'{'}
	out = record.Key(out, "equiv")
	out = append(out, equiv(a, b, normalizecmd.DefaultLevel)...)
	out = record.Key(out, "rungs")
	out = append(out, '[')
	for i, level := range [...]scheme.Rung{scheme.RungString, scheme.RungSyntax, scheme.RungScheme} {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, '{')
		out = record.Key(out, "rung")
		out = record.AppendString(out, level.String())
		out = record.Key(out, "equiv")
		out = append(out, equiv(a, b, level)...)
		if level != scheme.RungString {
			out = record.Key(out, "a")
			out = append(out, normalize(a, level)...)
			out = record.Key(out, "b")
			out = append(out, normalize(b, level)...)
		}
		out = append(out, '}')
	}
	return string(append(out, ']', '}'))
}

// Mask is text as the page shows it, in a field that is not being
// edited and in its own address: masked as every subcommand shows an
// input (mask). The address must never hold a password, even one still
// being typed: before its "@", such text does not parse, and the text
// rules mask a password with no "@host" to the end of its word.
func Mask(text string) string {
	return record.Mask(text).Text
}

// MaskTemplate returns the URI Template text (RFC 6570) of the page's
// template field with the secrets of its literals masked, its
// expressions as written ("https://h/?token=xxxxx{&x}"), as "urikit
// template" shows a template: for the field's cover and the address.
func MaskTemplate(text string) string {
	return templatecmd.ShowTemplate(text, false).Text
}

// Template is the page's view of a URI Template (RFC 6570) with its
// variables, a JSON object as "urikit template expand --vars FILE" reads
// it, and a URI to match back: {"vars_error", "expand", "matchable",
// "match"}. vars_error is the error of the variables (null when they
// read); expand the record of "template expand --json" (null when the
// variables do not read); matchable the error that keeps URIs from being
// read back, an ambiguous template's (null when there is none, or when
// the template is invalid, which expand says); match the record of
// "template match --json TEMPLATE URI" (null when uriText is empty or
// the template cannot match).
func Template(tpl, varsJSON, uriText string) string {
	b := []byte{'{'}
	vars, err := varsjson.Decode([]byte(varsJSON))
	b = record.Key(b, "vars_error")
	if err != nil {
		b = record.AppendError(b, &record.Error{Input: "vars", Reason: record.MaskMessage(err.Error()).Text})
	} else {
		b = append(b, "null"...)
	}
	b = record.Key(b, "expand")
	if err != nil {
		b = append(b, "null"...)
	} else {
		b = append(b, one("template expand", func(o *record.Output) { templatecmd.ExpandJSON(tpl, o, vars) })...)
	}
	t, merr := templatecmd.MatchTemplate(tpl)
	_, perr := uritemplate.Parse(tpl)
	b = record.Key(b, "matchable")
	if merr != nil && perr == nil {
		b = record.AppendError(b, merr)
	} else {
		b = append(b, "null"...)
	}
	b = record.Key(b, "match")
	if merr != nil || uriText == "" {
		b = append(b, "null"...)
	} else {
		b = append(b, one("template match", func(o *record.Output) { templatecmd.MatchJSON(uriText, o, t) })...)
	}
	return string(append(b, '}'))
}
