// Package iricmd is "urikit iri to-uri|to-iri": IRIs mapped to URIs and
// back (RFC 3987 3.1, 3.2). CmdIRI is the subcommand.
package iricmd

import (
	"github.com/urikit/urikit/cmd/urikit/internal/base"
	"github.com/urikit/urikit/cmd/urikit/internal/normalizecmd"
	"github.com/urikit/urikit/cmd/urikit/internal/pipeline"
	"github.com/urikit/urikit/cmd/urikit/internal/record"

	"github.com/urikit/urikit/uri"
)

// CmdIRI is "urikit iri".
var CmdIRI = &base.Command{
	Name:    "iri",
	Summary: "convert IRIs to URIs (RFC 3987 3.1) and URIs to IRIs for display (3.2)",
	Usage:   "iri to-uri|to-iri [--json] [--show-secrets] [--host-percent-encoded] [INPUT...]",
	Help: `iri to-uri converts each IRI reference (UTF-8 text) to the URI reference it
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
	Example: `  $ urikit iri to-uri 'http://résumé.example/ア'
  http://xn--rsum-bpad.example/%E3%82%A2
  $ urikit iri to-iri 'http://xn--rsum-bpad.example/%E3%82%A2'
  http://résumé.example/ア
  $ urikit iri to-uri --json 'http://例え.テスト/?q=ü'
  {"input":"http://例え.テスト/?q=ü","output":"http://xn--r8jz45g.xn--zckzah/?q=%C3%BC","error":null}
`,
	Setup: setupIRI,
}

func setupIRI(fs base.Flags) func([]string, *base.Env) int {
	opt := base.AddOptions(fs, `{"input","output","error"}`)
	pct := fs.Bool("host-percent-encoded", false, "to-uri: percent-encode a non-ASCII host as UTF-8 instead of converting it with IDNA")
	return func(args []string, e *base.Env) int {
		if len(args) == 0 || args[0] != "to-uri" && args[0] != "to-iri" {
			return base.UsageError(e, "want to-uri or to-iri")
		}
		toURI := args[0] == "to-uri"
		var opts []uri.IRIOption
		if *pct {
			opts = append(opts, uri.IRIHostPercentEncoded)
		}
		return pipeline.Stream(e, "iri "+args[0], args[1:], func(in record.Input, o *record.Output) {
			Record(in, o, opt, toURI, opts)
		})
	}
}

// Record appends to o the record of one input of "iri to-uri" (toURI,
// RFC 3987 3.1, with opts) or "iri to-iri" (3.2), as opt says.
func Record(in record.Input, o *record.Output, opt *base.Options, toURI bool, opts []uri.IRIOption) {
	var p record.Parsed
	var out string
	switch {
	case in.Long > 0:
		p = record.Parsed{Err: record.LongError()}
	case toURI:
		// The input is shown as written, masked: it is no URI yet.
		s := in.Text
		r, err := uri.FromIRI(s, opts...)
		p.Valid = err == nil
		if err != nil {
			p.Err = record.FromError(s, err)
		}
		p.Shown = record.Mask(s)
		if opt.ShowSecrets {
			p.Shown = record.ShownAs(s)
		}
		if p.Valid {
			out = record.ShowResult(r, opt.ShowSecrets, record.WithSecrets(p.Shown)...)
			if r.String() == s {
				// Offsets in the output are offsets in the input.
				p.Warnings = record.CutShortWarnings(&r)
			}
		}
	default:
		p = record.ParseInput(in.Text, false, opt.ShowSecrets)
		if p.Valid {
			out = record.DerivedShown(p.Ref.IRI(), opt.ShowSecrets, record.WithSecrets(p.Shown)...).Text
		}
	}
	if !p.Valid {
		o.Fail()
	}
	name := "iri to-iri"
	if toURI {
		name = "iri to-uri"
	}
	if opt.JSON {
		normalizecmd.JSONRecord(o, &p, out, toURI)
		return
	}
	normalizecmd.LineRecord(in, o, name, &p, out, toURI)
}
