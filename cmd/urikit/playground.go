package main

// This file holds what the playground page (urikit serve) asks of urikit
// compiled to WebAssembly: each answer is a JSON object made of the
// records the subcommands print with --json, run in memory, so that the
// page shows exactly what the command line says, with the same masks, plus
// the input cut into coloured pieces and the caret of an error.

import (
	"bytes"
	"sort"
	"strings"

	"github.com/urikit/urikit/uri"
)

// playRecord runs the subcommand args[0] in memory with --json and
// returns its one record, without the newline. Arguments come after "--",
// so an input that starts with "-" is never read as a flag.
func playRecord(args ...string) []byte {
	var out, errOut bytes.Buffer
	argv := append([]string{args[0], "--json"}, args[1:]...)
	run(argv, &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut})
	rec := bytes.TrimRight(out.Bytes(), "\n")
	if len(rec) == 0 || bytes.IndexByte(rec, '\n') >= 0 {
		// Every subcommand writes exactly one record per input; anything
		// else is a defect that the page should show rather than hide.
		return appendString(nil, "urikit "+args[0]+": no single record")
	}
	return rec
}

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
func appendPieces(b []byte, p parsed) []byte {
	m := p.shown
	type piece struct {
		start, end int // in m.src
		name       string
	}
	var pieces []piece
	if p.valid {
		cuts := []int{0, len(m.src)}
		for _, pc := range playComponents {
			if s, e, ok := p.ref.Span(pc.c); ok {
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
				if cs, ce, ok := p.ref.Span(pc.c); ok && cs <= s && e <= ce {
					name = pc.name
					break
				}
			}
			pieces = append(pieces, piece{s, e, name})
		}
	} else {
		off := min(max(p.err.offset, 0), len(m.src))
		end := off
		if end < len(m.src) {
			end++
			// The whole character, for a caret under a non-ASCII one.
			for end < len(m.src) && m.src[end]&0xC0 == 0x80 {
				end++
			}
		}
		pieces = []piece{{0, off, ""}, {off, end, "error"}, {end, len(m.src), "rest"}}
	}
	b = append(b, '[')
	first := true
	for _, pc := range pieces {
		// m.at maps a byte of the input to the text as shown: a masked
		// span shows as the mask, which goes to the piece it starts in.
		s, e := m.at(pc.start), m.at(pc.end)
		if s == e && pc.name != "error" {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, '{')
		b = key(b, "c")
		b = appendOpt(b, pc.name, pc.name != "")
		b = key(b, "t")
		b = appendString(b, escapeText(m.text[s:e]))
		b = append(b, '}')
	}
	return append(b, ']')
}

// schemeCommand returns the command of a scheme plugin that describes
// URIs of scheme, compared ignoring case (RFC 3986 3.1), or nil.
func schemeCommand(scheme string) *command {
	for _, c := range commands {
		for _, s := range c.schemes {
			if strings.EqualFold(s, scheme) {
				return c
			}
		}
	}
	return nil
}

// playInspect is the page's view of one text read as a URI reference:
// {"pieces", "parse", "syntax", "scheme", "lint", "amqp"}: the pieces
// (appendPieces), and the records of parse, normalize --level syntax,
// normalize (scheme-based), lint and, for a URI of a scheme that a
// plugin's command describes (command.schemes), that command's record
// under "amqp", the page's key for it (null for other URIs).
func playInspect(text string) string {
	p := parseInput(text, false, false)
	b := []byte{'{'}
	b = key(b, "pieces")
	b = appendPieces(b, p)
	b = key(b, "parse")
	b = append(b, playRecord("parse", "--", text)...)
	b = key(b, "syntax")
	b = append(b, playRecord("normalize", "--level", "syntax", "--", text)...)
	b = key(b, "scheme")
	b = append(b, playRecord("normalize", "--level", "scheme", "--", text)...)
	b = key(b, "lint")
	b = append(b, playRecord("lint", "--", text)...)
	b = key(b, "amqp")
	if c := schemeCommand(p.ref.Scheme()); p.valid && c != nil {
		b = append(b, playRecord(c.name, "--", text)...)
	} else {
		b = append(b, "null"...)
	}
	return string(append(b, '}'))
}

// playResolve is the page's view of a base URI and a reference:
// {"resolve", "pieces"}: the record of resolve, and the target cut into
// pieces (null when there is no target).
func playResolve(base, ref string) string {
	b := []byte{'{'}
	b = key(b, "resolve")
	b = append(b, playRecord("resolve", "--", base, ref)...)
	b = key(b, "pieces")
	bp, rp := parseInput(base, true, false), parseInput(ref, false, false)
	if bu, ok := bp.ref.URI(); ok && bp.valid && rp.valid {
		// The target as the resolve record shows it: masked, and cut by
		// its own components.
		target := bu.Resolve(rp.ref).Reference()
		b = appendPieces(b, parsed{ref: target, valid: true, shown: resultShown(target, false, base, ref)})
	} else {
		b = append(b, "null"...)
	}
	return string(append(b, '}'))
}

// playCompare is the page's view of two URIs on the comparison ladder
// (RFC 3986 6.2): {"equiv", "rungs"}: the record of equiv (the lowest
// rung at which they are equal), and for each rung the record of equiv
// at that level with the two texts as that rung compares them (as
// written, then the syntax-based and the scheme-based normal forms).
func playCompare(a, b string) string {
	out := []byte{'{'}
	out = key(out, "equiv")
	out = append(out, playRecord("equiv", "--", a, b)...)
	out = key(out, "rungs")
	out = append(out, '[')
	for i, level := range [...]string{"string", "syntax", "scheme"} {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, '{')
		out = key(out, "rung")
		out = appendString(out, level)
		out = key(out, "equiv")
		out = append(out, playRecord("equiv", "--level", level, "--", a, b)...)
		if level != "string" {
			out = key(out, "a")
			out = append(out, playRecord("normalize", "--level", level, "--", a)...)
			out = key(out, "b")
			out = append(out, playRecord("normalize", "--level", level, "--", b)...)
		}
		out = append(out, '}')
	}
	return string(append(out, ']', '}'))
}

// playMask is text as the page shows it, in a field that is not being
// edited and in its own address: masked as every subcommand shows an
// input (mask). The address must never hold a password, even one still
// being typed: before its "@", such text does not parse, and the text
// rules mask a password with no "@host" to the end of its word.
func playMask(text string) string {
	return mask(text).text
}
