package editcmd

import (
	"errors"
	"net/netip"
	"strings"

	"github.com/urikit/urikit/cmd/urikit/internal/base"
	"github.com/urikit/urikit/cmd/urikit/internal/normalizecmd"
	"github.com/urikit/urikit/cmd/urikit/internal/pipeline"
	"github.com/urikit/urikit/cmd/urikit/internal/record"

	"github.com/urikit/urikit/uri"
)

// CmdSet is "urikit set".
var CmdSet = &base.Command{
	Name:    "set",
	Summary: "edit components of each URI, every other byte kept, as trurl --set does",
	Usage:   "set [--json] [--show-secrets] [EDIT...] [URI...]",
	Help: `Applies the edits, in the order given, to each input URI reference and
prints the result, one line per input. Each edit may repeat:

  --set NAME=VALUE       NAME becomes VALUE, data that urikit escapes for it
  --set NAME:=VALUE      NAME becomes VALUE, text as written, checked in place
  --clear NAME           NAME becomes absent (the path empty; clearing the
                         host removes the authority, the user the userinfo;
                         a path that would then start with "//" is written
                         "/.//...", RFC 3986 3.3)
  --append-query K=V     adds the pair K=V after the last pair of the query
  --append-path SEG      adds SEG to the path as one segment ("/" as %2F)
  --delete-query KEY     removes every pair whose key is KEY
  --sort-query           sorts the pairs by key, stably
  --redirect REF         resolves REF against the result (RFC 3986 5.2)

NAME is scheme, user, password, host, port, path, query or fragment. Keys
match once percent-decoded. Every byte that an edit does not touch keeps
its value, the percent-encoding of the other pairs of a query included;
no dot-segment is removed but by --redirect. An IPv6 address given to
--set host= gets its brackets.

An edit that cannot hold (a port that is not digits, a path without "/"
after an authority) prints "error: ..." naming the edit, and the run goes
on. The result is masked as everywhere unless --show-secrets is given.`,
	Example: `  $ urikit set --set host=example.org --delete-query utm_source 'https://a.example/p?utm_source=x&id=%7E1'
  https://example.org/p?id=%7E1
  $ urikit set --append-path 'a b' --set 'query=q=1&x' 'http://h/docs/'
  http://h/docs/a%20b?q=1&x
  $ urikit set --redirect ../x 'http://h/a/b/c'
  http://h/a/x
`,
	Setup: setupSet,
}

// opKind is what an edit of set does.
type opKind int

const (
	opSet opKind = iota
	opClear
	opAppendQuery
	opAppendPath
	opDeleteQuery
	opSortQuery
	opRedirect
)

// An Edit is one edit of set, as its flag gave it.
type Edit struct {
	flag  string // the flag and its NAME or KEY, for errors; never a value
	kind  opKind
	name  string // the component of --set and --clear
	raw   bool   // --set NAME:=VALUE
	key   string // of --append-query and --delete-query
	value string
	ref   uri.Reference // of --redirect
}

// editFlag is a flag of set that appends its edits to a list, so that
// the edits of every flag keep the order of the command line. A bad
// argument is kept in *bad, first one only, for a usage error that names
// the flag and never echoes the argument, which may hold a secret (the
// flag package would quote it whole).
type editFlag struct {
	edits *[]Edit
	kind  opKind
	name  string
	bad   *error
}

func (f editFlag) String() string { return "" }

func (f editFlag) Set(v string) error {
	e, err := ParseEdit(f.kind, v)
	if err != nil {
		if *f.bad == nil {
			*f.bad = errors.New("--" + f.name + ": " + err.Error())
		}
		return nil
	}
	*f.edits = append(*f.edits, e)
	return nil
}

// names are the components that --set and --clear name.
var names = []string{"scheme", "user", "password", "host", "port", "path", "query", "fragment"}

// ParseEdit parses the argument v of the flag of kind k.
func ParseEdit(k opKind, v string) (Edit, error) {
	e := Edit{kind: k}
	switch k {
	case opSet:
		name, value, ok := strings.Cut(v, "=")
		if !ok {
			return Edit{}, errors.New("want NAME=VALUE or NAME:=VALUE")
		}
		if strings.HasSuffix(name, ":") {
			name, e.raw = name[:len(name)-1], true
		}
		e.name, e.value, e.flag = name, value, "--set "+name
	case opClear:
		e.name, e.flag = v, "--clear "+v
	case opAppendQuery:
		key, value, ok := strings.Cut(v, "=")
		if !ok {
			return Edit{}, errors.New("want KEY=VALUE")
		}
		e.key, e.value, e.flag = key, value, "--append-query"
	case opAppendPath:
		e.value, e.flag = v, "--append-path"
	case opDeleteQuery:
		e.key, e.flag = v, "--delete-query"
	case opSortQuery:
		e.flag = "--sort-query"
	case opRedirect:
		r, err := uri.ParseReference(v)
		if err != nil {
			var ue *uri.Error
			if errors.As(err, &ue) && ue.Err != nil {
				err = ue.Err
			}
			return Edit{}, errors.New("REF is not a URI reference: " + err.Error())
		}
		e.ref, e.flag = r, "--redirect"
	}
	if (k == opSet || k == opClear) && !isName(e.name) {
		return Edit{}, errors.New("want one of " + strings.Join(names, ", ") + " as NAME")
	}
	return e, nil
}

// isName reports whether n is one of names.
func isName(n string) bool {
	for _, x := range names {
		if x == n {
			return true
		}
	}
	return false
}

func setupSet(fs base.Flags) func([]string, *base.Env) int {
	opt := base.AddOptions(fs, `{"input","output","error"}`)
	var edits []Edit
	var bad error
	add := func(kind opKind, name, usage string) {
		fs.Var(editFlag{&edits, kind, name, &bad}, name, usage)
	}
	add(opSet, "set", "`NAME=VALUE` (decoded) or NAME:=VALUE (as written): NAME gets VALUE")
	add(opClear, "clear", "`NAME` becomes absent")
	add(opAppendQuery, "append-query", "add the pair `KEY=VALUE` at the end of the query")
	add(opAppendPath, "append-path", "add `SEGMENT` to the path as one segment")
	add(opDeleteQuery, "delete-query", "remove every pair whose key is `KEY`")
	fs.BoolFunc("sort-query", "sort the pairs of the query by key, stably", func(string) error {
		edits = append(edits, Edit{kind: opSortQuery, flag: "--sort-query"})
		return nil
	})
	add(opRedirect, "redirect", "resolve `REF` against the result (RFC 3986 5.2)")
	return func(args []string, e *base.Env) int {
		if bad != nil {
			return base.UsageError(e, bad.Error())
		}
		return pipeline.Stream(e, "set", args, func(in record.Input, o *record.Output) { SetRecord(in, o, opt, edits) })
	}
}

// SetRecord appends to o the record of one input of set: the input with
// edits applied in order, as opt says.
func SetRecord(in record.Input, o *record.Output, opt *base.Options, edits []Edit) {
	var p record.Parsed
	var out string
	p.ReadInput(&in, false, opt.ShowSecrets)
	if p.Valid {
		r := p.Ref
		for _, ed := range edits {
			var err error
			if r, err = ed.Apply(r); err != nil {
				p.Valid, p.Err = false, editError(ed, err)
				break
			}
		}
		if p.Valid {
			out = record.ShowResult(r, opt.ShowSecrets, record.WithSecrets(p.Shown)...)
		}
	}
	if !p.Valid {
		o.Fail()
	}
	if opt.JSON {
		normalizecmd.JSONRecord(o, &p, out, true)
		return
	}
	if p.Valid || p.Err.Component != "" || in.Long > 0 {
		normalizecmd.LineRecord(in, o, "set", &p, out, true)
		return
	}
	// An edit's error points at no byte of the input.
	o.Out = append(o.Out, record.ErrorLine(p.Err)...)
	o.Stderr(record.Diagnostic("set", in, p.Err, nil))
}

// editError is the error record of edit ed: its flag and the reason,
// never the value, which may be a secret.
func editError(ed Edit, err error) *record.Error {
	reason := err.Error()
	var ue *uri.Error
	if errors.As(err, &ue) && ue.Err != nil {
		reason = ue.Err.Error()
	}
	return &record.Error{Reason: ed.flag + ": " + reason}
}

// Apply returns r with the edit applied.
func (ed Edit) Apply(r uri.Reference) (uri.Reference, error) {
	switch ed.kind {
	case opSet:
		return ed.set(r)
	case opClear:
		return ed.clear(r)
	case opAppendQuery:
		return r.AddQueryParam(ed.key, ed.value)
	case opAppendPath:
		return r.JoinPath(ed.value)
	case opDeleteQuery:
		return r.DeleteQueryParam(ed.key), nil
	case opSortQuery:
		return r.SortQuery(), nil
	case opRedirect:
		u, ok := r.URI()
		if !ok {
			return r, errors.New("a reference without a scheme is no base (RFC 3986 5.1)")
		}
		return u.Resolve(ed.ref).Reference(), nil
	}
	return r, nil
}

// userParts returns the user and the password of r's userinfo as
// written, and whether there is a password.
func userParts(r uri.Reference) (user, pass string, hasPass bool) {
	return strings.Cut(r.Userinfo(), ":")
}

// set applies --set.
func (ed Edit) set(r uri.Reference) (uri.Reference, error) {
	v := ed.value
	if (ed.name == "user" || ed.name == "password" || ed.name == "port") && !r.HasAuthority() {
		return r, errors.New("no authority to hold it (RFC 3986 3.2): set the host first")
	}
	switch ed.name {
	case "scheme":
		return r.WithScheme(v)
	case "user":
		if !ed.raw {
			v = uri.EscapeUserinfoPart(v)
		} else if strings.IndexByte(v, ':') >= 0 {
			return r, errors.New(`a user name holds no ":": write it as %3A`)
		}
		_, pass, hasPass := userParts(r)
		if hasPass {
			v += ":" + pass
		}
		return r.WithUserinfo(v)
	case "password":
		if !ed.raw {
			v = uri.EscapeUserinfoPart(v)
		}
		user, _, _ := userParts(r)
		return r.WithUserinfo(user + ":" + v)
	case "host":
		if !ed.raw {
			switch a, err := netip.ParseAddr(v); {
			case err == nil && a.Is6():
				v = "[" + v + "]"
			case strings.HasPrefix(v, "[") && strings.HasSuffix(v, "]"):
				// An IP-literal as written, checked by WithHost.
			default:
				v = uri.Escape(v, uri.ComponentHost)
			}
		}
		return r.WithHost(v)
	case "port":
		return r.WithPort(v)
	case "path":
		if !ed.raw {
			v = uri.Escape(v, uri.ComponentPath)
			if !r.HasScheme() && !r.HasAuthority() {
				// The first segment of a relative-path reference: a ":"
				// would read as the end of a scheme (RFC 3986 4.2).
				seg, _, _ := strings.Cut(v, "/")
				if strings.IndexByte(seg, ':') >= 0 {
					v = strings.ReplaceAll(seg, ":", "%3A") + v[len(seg):]
				}
			}
		}
		return r.WithPath(v)
	case "query":
		if !ed.raw {
			v = uri.Escape(v, uri.ComponentQuery)
		}
		return r.WithQuery(v)
	case "fragment":
		if !ed.raw {
			v = uri.Escape(v, uri.ComponentFragment)
		}
		return r.WithFragment(v)
	}
	return r, nil
}

// clear applies --clear.
func (ed Edit) clear(r uri.Reference) (uri.Reference, error) {
	switch ed.name {
	case "scheme":
		if r.HasScheme() {
			return r, errors.New("a URI keeps its scheme (RFC 3986 3): set another")
		}
		return r, nil
	case "user":
		return r.WithoutUserinfo(), nil
	case "password":
		if user, _, hasPass := userParts(r); hasPass {
			return r.WithUserinfo(user)
		}
		return r, nil
	case "host":
		return r.WithoutAuthority(), nil
	case "port":
		return r.WithoutPort(), nil
	case "path":
		return r.WithPath("")
	case "query":
		return r.WithoutQuery(), nil
	case "fragment":
		return r.WithoutFragment(), nil
	}
	return r, nil
}
