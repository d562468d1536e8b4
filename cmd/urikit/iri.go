package main

import (
	"flag"

	"github.com/urikit/urikit/uri"
)

var iriCmd = &command{
	name:    "iri",
	summary: "convert IRIs to URIs (RFC 3987 3.1) and URIs to IRIs for display (3.2)",
	usage:   "iri to-uri|to-iri [--json] [--show-secrets] [--host-percent-encoded] [INPUT...]",
	help: `iri to-uri converts each IRI reference (UTF-8 text) to the URI reference it
maps to (RFC 3987 3.1, uri.FromIRI): characters outside US-ASCII are
percent-encoded as UTF-8, and a non-ASCII host goes through IDNA
("résumé.example" becomes "xn--rsum-bpad.example") unless
--host-percent-encoded is given.

iri to-iri shows each URI reference as an IRI, for people (RFC 3987 3.2,
uri.Reference.IRI): percent-encoded UTF-8 of characters that an IRI may
hold is decoded, and a punycode host is shown in Unicode. Reserved
characters, "%25", invalid UTF-8 and bidirectional formatting characters
stay encoded.

Each input gives one line: the converted reference, or "error: ..." with
the details on standard error.`,
	example: `  $ urikit iri to-uri 'http://résumé.example/ア'
  http://xn--rsum-bpad.example/%E3%82%A2
  $ urikit iri to-iri 'http://xn--rsum-bpad.example/%E3%82%A2'
  http://résumé.example/ア
  $ urikit iri to-uri --json 'http://例え.テスト/?q=ü'
  {"input":"http://例え.テスト/?q=ü","output":"http://xn--r8jz45g.xn--zckzah/?q=%C3%BC","error":null}
`,
	setup: setupIRI,
}

func setupIRI(fs *flag.FlagSet) func([]string, *env) int {
	opt := addOptions(fs, `{"input","output","error"}`)
	pct := fs.Bool("host-percent-encoded", false, "to-uri: percent-encode a non-ASCII host as UTF-8 instead of converting it with IDNA")
	return func(args []string, e *env) int {
		if len(args) == 0 || args[0] != "to-uri" && args[0] != "to-iri" {
			return usageError(e, "want to-uri or to-iri")
		}
		toURI := args[0] == "to-uri"
		var opts []uri.IRIOption
		if *pct {
			opts = append(opts, uri.IRIHostPercentEncoded)
		}
		return stream(e, "iri "+args[0], args[1:], func(in input, o *output) {
			iriRecord(in, o, opt, toURI, opts)
		})
	}
}

func iriRecord(in input, o *output, opt *options, toURI bool, opts []uri.IRIOption) {
	var p parsed
	var out string
	switch {
	case in.long > 0:
		p = parsed{err: longError()}
	case toURI:
		// The input is shown as written, masked: it is no URI yet.
		s := in.text
		r, err := uri.FromIRI(s, opts...)
		p.valid = err == nil
		if err != nil {
			p.err = fromError(s, err)
		}
		p.shown = mask(s)
		if opt.showSecrets {
			p.shown = shownAs(s)
		}
		if p.valid {
			out = showResult(r, opt.showSecrets, withSecrets(p.shown)...)
			if r.String() == s {
				// Offsets in the output are offsets in the input.
				p.warnings = cutShortWarnings(r)
			}
		}
	default:
		p = parseInput(in.text, false, opt.showSecrets)
		if p.valid {
			out = derivedShown(p.ref.IRI(), opt.showSecrets, withSecrets(p.shown)...).text
		}
	}
	if !p.valid {
		o.fail()
	}
	name := "iri to-iri"
	if toURI {
		name = "iri to-uri"
	}
	if opt.json {
		jsonRecord(o, p, out)
		return
	}
	lineRecord(in, o, name, p, out)
}
