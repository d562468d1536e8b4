package scheme

import (
	"iter"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/urikit/urikit/uri"
)

// Scheme describes one URI scheme: what its specification adds to the
// generic syntax of RFC 3986 (section 3.1: "each scheme ... may further
// restrict the syntax and semantics of identifiers using that scheme").
// It is a struct with optional hooks, so that new fields never break a
// plugin that fills in the old ones.
type Scheme struct {
	// Name is the scheme name (RFC 3986 3.1): ALPHA *( ALPHA / DIGIT /
	// "+" / "-" / "." ). Schemes are case-insensitive; Register stores
	// the name lowercased.
	Name string
	// DefaultPort is the port the scheme implies when a URI has none
	// (RFC 3986 3.2.3, 6.2.3), or 0 when it has none.
	DefaultPort int
	// Validate, when set, checks the rules of the scheme beyond RFC 3986
	// on a URI of this scheme. Its errors are *uri.Error values whose Err
	// wraps (or is) the plugin's own typed reason, so that errors.As finds
	// the *uri.Error and errors.Is the reason.
	Validate func(u uri.URI) error
	// Normalize, when set, applies the scheme's own rules of scheme-based
	// normalization (RFC 3986 6.2.3) to a URI that the generic steps have
	// already normalized (see [Registry.Normalize]). It must be
	// idempotent and return a URI of the same scheme, in syntax-based
	// normal form (6.2.2).
	Normalize func(u uri.URI) uri.URI
	// Secrets, when set, yields the spans of u.String() that hold the
	// scheme's own secrets, beyond the generic rules of package uri (see
	// [Registry.RedactSpans]), in order and apart. The spans must be
	// structural: each lies inside a component and replacing it changes no
	// other byte's meaning (a jdbc subprotocol's ";password=" property, a
	// parameter the scheme's specification calls sensitive). A URI nested
	// in a query or fragment value is read, and the hook asked, when the
	// value can hold a secret ([uri.Reference.AppendSecrets]): an "@", an
	// "=" after a credential key or after a "://" (the query of a nested
	// "kv://h?auth=x"), a "//" with a password; a hook's secret in a
	// nested URI without "//" and outside a query ("kv:h;auth=x" in a
	// value) is found in the URI itself, not in one nested in a value.
	Secrets func(u uri.URI) iter.Seq2[int, int]
	// Lint, when set, returns the scheme's own findings for u (package
	// lint adds them to the generic ones). A Finding holds a code, a
	// component, an offset and a fixed message, never input text.
	Lint func(u uri.URI) []Finding
	// LintText, when set, returns the findings that a scan of text of this
	// scheme that does not parse as a URI can still make (a zone
	// identifier, a "//" where a path should start).
	LintText func(text string) []Finding
	// OpaquePath, when set, says that the path of the scheme is not a
	// hierarchy of files or resources (amqp's vhost, whose "/" is written
	// "%2F"): package lint's path findings (dot-segment, encoded-slash,
	// ...) do not apply to it.
	OpaquePath bool
}

// Registry is a set of schemes, keyed by lowercase name (RFC 3986 3.1:
// schemes are case-insensitive). It is safe for concurrent use: Register
// may run while other goroutines look schemes up. The zero Registry is an
// empty registry ready to use, like the one NewRegistry returns.
type Registry struct {
	mu      sync.Mutex            // serializes Register
	schemes atomic.Pointer[table] // never written once stored; nil when empty
}

// table is the schemes of a registry at one time: an open-addressed hash
// table of lowercase names, for a Lookup that folds case as it compares
// and neither allocates nor copies a Scheme.
type table struct {
	slots []*Scheme // a power of two, at most half full
	n     int
	// hooked has the bit of the first letter, lowercase, of the name of
	// each scheme with a Secrets hook: a name whose letter is not in it
	// names no such scheme, which RedactSpans knows without a lookup.
	hooked [4]uint64
}

// mayHook reports whether name may name a scheme of r with a Secrets
// hook; false is sure.
func (r *Registry) mayHook(name string) bool {
	t := r.schemes.Load()
	if t == nil || name == "" {
		return false
	}
	c := lower(name[0])
	return t.hooked[c>>6]&(1<<(c&63)) != 0
}

// NewRegistry returns an empty registry, for a private set of schemes. To
// start from the built-in ones, register each of [Builtin].
func NewRegistry() *Registry {
	return &Registry{}
}

// hashName hashes name as lowercase ASCII, from its length and its first
// and last bytes: enough to tell apart the schemes of a registry ("http"
// from "https"), in a handful of instructions.
func hashName(name string) uint32 {
	if name == "" {
		return 0
	}
	return (uint32(lower(name[0]))*31+uint32(lower(name[len(name)-1])))*31 + uint32(len(name))
}

// lower is c with an ASCII capital letter made small.
func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// equalFold reports whether name, in any case, is low, a lowercase name.
func equalFold(name, low string) bool {
	if len(name) != len(low) {
		return false
	}
	for i := 0; i < len(name); i++ {
		if lower(name[i]) != low[i] {
			return false
		}
	}
	return true
}

// lookup returns the scheme of r named name in any case, or nil.
func (r *Registry) lookup(name string) *Scheme {
	t := r.schemes.Load()
	if t == nil {
		return nil
	}
	mask := uint32(len(t.slots) - 1)
	for i := hashName(name) & mask; ; i = (i + 1) & mask {
		s := t.slots[i]
		if s == nil {
			return nil
		}
		if name == s.Name || equalFold(name, s.Name) {
			return s
		}
	}
}

// with returns a new table that holds the schemes of t and s.
func (t *table) with(s *Scheme) *table {
	n := 1
	if t != nil {
		n += t.n
	}
	size := 16
	for size < 2*n {
		size *= 2
	}
	nt := &table{slots: make([]*Scheme, size), n: n}
	put := func(s *Scheme) {
		mask := uint32(size - 1)
		i := hashName(s.Name) & mask
		for nt.slots[i] != nil {
			i = (i + 1) & mask
		}
		nt.slots[i] = s
	}
	if t != nil {
		for _, old := range t.slots {
			if old != nil {
				put(old)
			}
		}
	}
	put(s)
	for _, sl := range nt.slots {
		if sl != nil && sl.Secrets != nil {
			c := sl.Name[0] // lowercase: Register lowers names
			nt.hooked[c>>6] |= 1 << (c & 63)
		}
	}
	return nt
}

// defaultRegistry holds the built-in schemes and those that plugins
// register on import.
var defaultRegistry = func() *Registry {
	r := NewRegistry()
	for _, s := range Builtin() {
		r.Register(s)
	}
	return r
}()

// Default returns the default registry, the one that the package-level
// functions use: the built-in schemes and their RFC rules (see [Builtin])
// plus those that plugins registered (RFC 3986 6.2.3).
func Default() *Registry { return defaultRegistry }

// Register adds s to the default registry. It panics if s.Name is not a
// scheme name (RFC 3986 3.1), if a scheme of that name (in any case) is
// already registered, or if s.DefaultPort is outside 0-65535. Plugins call
// it from an init function.
func Register(s Scheme) { defaultRegistry.Register(s) }

// Lookup returns the scheme registered in the default registry under name,
// compared case-insensitively (RFC 3986 3.1).
func Lookup(name string) (Scheme, bool) { return defaultRegistry.Lookup(name) }

// Validate checks u against the rules of its scheme in the default
// registry; see [Registry.Validate].
func Validate(u uri.URI) error { return defaultRegistry.Validate(u) }

// Normalize returns the scheme-based normal form of u (RFC 3986 6.2.3)
// under the default registry; see [Registry.Normalize].
func Normalize(u uri.URI) uri.URI { return defaultRegistry.Normalize(u) }

// Equivalent reports whether a and b are equivalent after scheme-based
// normalization (RFC 3986 6.2.3) under the default registry: whether
// Normalize(a) == Normalize(b). Compare URIs, not relative references:
// resolve references first (6.1).
func Equivalent(a, b uri.URI) bool { return defaultRegistry.Equivalent(a, b) }

// Register adds s to r. It panics if s.Name is not a scheme name (RFC 3986
// 3.1: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )), if a scheme of that
// name in any case is already registered, or if s.DefaultPort is outside
// 0-65535 (the port numbers of TCP and UDP). The stored Name is
// lowercased.
func (r *Registry) Register(s Scheme) {
	if !validName(s.Name) {
		panic("scheme: Register of an invalid scheme name " + strconv.Quote(s.Name))
	}
	if s.DefaultPort < 0 || s.DefaultPort > 65535 {
		panic("scheme: Register of " + s.Name + " with default port " + strconv.Itoa(s.DefaultPort) + " outside 0-65535")
	}
	s.Name = strings.ToLower(s.Name)
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.lookup(s.Name) != nil {
		panic("scheme: second Register of " + s.Name)
	}
	// Copy on write: a Lookup reads a table that is never written again,
	// without a lock.
	r.schemes.Store(r.schemes.Load().with(&s))
}

// validName reports whether name matches scheme (RFC 3986 3.1).
func validName(name string) bool {
	if name == "" || !isAlpha(name[0]) {
		return false
	}
	for i := 1; i < len(name); i++ {
		c := name[i]
		if !isAlpha(c) && !('0' <= c && c <= '9') && c != '+' && c != '-' && c != '.' {
			return false
		}
	}
	return true
}

func isAlpha(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// Lookup returns the scheme registered in r under name, compared
// case-insensitively (RFC 3986 3.1). It does not allocate.
func (r *Registry) Lookup(name string) (Scheme, bool) {
	if s := r.lookup(name); s != nil {
		return *s, true
	}
	return Scheme{}, false
}

// Names returns the names of the registered schemes, lowercase (RFC 3986
// 3.1: schemes are case-insensitive), in no particular order.
func (r *Registry) Names() []string {
	t := r.schemes.Load()
	if t == nil {
		return []string{}
	}
	names := make([]string, 0, t.n)
	for _, s := range t.slots {
		if s != nil {
			names = append(names, s.Name)
		}
	}
	return names
}

// Validate checks u against the rules that its scheme adds to RFC 3986
// (3.1). A URI whose scheme is not registered in r, or whose scheme has no
// Validate hook, is valid: Parse has already checked the generic syntax.
func (r *Registry) Validate(u uri.URI) error {
	s := r.lookup(u.Scheme())
	if s == nil || s.Validate == nil {
		return nil
	}
	return s.Validate(u)
}

// Normalize returns the scheme-based normal form of u (RFC 3986 6.2.3),
// the third rung of the comparison ladder: u.Normalize() (6.2.2); then, for
// every scheme, an empty port dropped with its ":"; for a scheme
// registered in r, a port equal to its DefaultPort dropped too; then the
// scheme's Normalize hook. "Scheme-based normalization" in the package
// doc gives the steps and what stays. Normalize is idempotent when the
// hooks are, and returns u itself without allocating when u is already
// normal.
func (r *Registry) Normalize(u uri.URI) uri.URI {
	u = u.Normalize()
	s := r.lookup(u.Scheme())
	if u.HasPort() {
		if p, valid := u.PortNumber(); u.Port() == "" || s != nil && s.DefaultPort != 0 && valid && p == s.DefaultPort {
			u = u.WithoutPort() // with its ":" (3.2.3)
		}
	}
	if s != nil && s.Normalize != nil {
		u = s.Normalize(u)
	}
	return u
}

// Equivalent reports whether a and b are equivalent after scheme-based
// normalization (RFC 3986 6.2.3) under r: r.Normalize(a) ==
// r.Normalize(b). Compare URIs, not relative references: resolve
// references first (6.1). It does not allocate when both are already
// normal.
func (r *Registry) Equivalent(a, b uri.URI) bool {
	return a == b || r.Normalize(a) == r.Normalize(b)
}

// must returns the result of an edit that a normalization step makes to a
// valid URI by a change that keeps it valid; an error is a bug.
func must(u uri.URI, err error) uri.URI {
	if err != nil {
		panic("scheme: normalization built an invalid URI: " + err.Error())
	}
	return u
}
