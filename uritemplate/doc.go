// Package uritemplate implements URI Templates (RFC 6570): Parse reads a
// template of any level (1 to 4), Expand writes the URI reference that a
// set of variables gives, and Match reads the variables back out of a
// URI, and says why when it cannot do so unambiguously.
//
// # Templates
//
// A template is literal text with expressions in braces (RFC 6570 2):
// "http://example.com/search{?q,lang}". An expression has an optional
// operator (2.2) and a list of variables (2.3), each with an optional
// modifier (2.4): a prefix ":N" (the first N characters of a string) or
// an explode "*" (one piece per item of a list or pair of an associative
// array). [Parse] accepts exactly the grammar of RFC 6570 2: literals may
// hold any URI character but "'" and "%" outside a pct-encoded triplet,
// and non-ASCII characters of RFC 3987's ucschar and iprivate; operators
// "=", ",", "!", "@" and "|", which RFC 6570 reserves, are errors. An
// error is an [*Error] with the byte offset in the template and a reason
// for errors.Is; it holds no text of the template.
//
// The eight operators, as RFC 6570 3.2.1 and Appendix A define them:
//
//	operator  example          first  separator  named  empty value  allowed
//	(none)    {x,y}            ""     ","        no     ""           unreserved
//	+         {+path}          ""     ","        no     ""           unreserved, reserved, pct-encoded
//	#         {#frag}          "#"    ","        no     ""           unreserved, reserved, pct-encoded
//	.         X{.ext}          "."    "."        no     ""           unreserved
//	/         {/seg*}          "/"    "/"        no     ""           unreserved
//	;         {;p,q}           ";"    ";"        yes    "p"          unreserved
//	?         {?q,lang}        "?"    "&"        yes    "q="         unreserved
//	&         ?a=1{&b}         "&"    "&"        yes    "b="         unreserved
//
// # Values
//
// A variable is a string, a list of strings or an associative array of
// (name, value) pairs ([String], [List], [Assoc]); [Vars] maps names to
// values. RFC 6570 2.3 gives the rules this package keeps: an empty
// string is defined (";x" and "?x=" are not ""), while an empty list, an
// empty associative array and a missing name are undefined, and an
// undefined variable writes nothing, not even its operator's separator.
// The pairs of an associative array expand in the order given: this
// package keeps it, so every expansion is one string, where RFC 6570
// lets an implementation pick any order.
//
// # Expansion
//
// [Template.Expand] follows RFC 6570 3: literals are copied, and their
// non-ASCII characters percent-encoded as UTF-8 (3.1); each value is
// written as UTF-8 with every octet outside the operator's allowed set as
// a pct-encoded triplet with uppercase hex digits (3.2.1). "+" and "#"
// keep reserved characters and existing pct-encoded triplets, so
// "{+half}" with half = "50%" gives "50%25", and with "%41" gives "%41". A
// prefix counts characters, not bytes (2.4.1: "café" with :4 is
// "caf%C3%A9"); a byte of a value that is not valid UTF-8 counts as one
// character and is percent-encoded as it is.
//
// Expansion is strict where RFC 6570 leaves the check to the caller: a
// prefix modifier on a list or an associative array is
// [ErrPrefixComposite] (2.4.1 says it is not applicable), and an
// expansion that is not an RFC 3986 URI-reference is
// [ErrNotURIReference], at the expression whose value made it invalid:
// the one that wrote the byte uri.ParseReference rejects or, when a
// literal wrote it, the nearest expression before it that wrote a
// reserved character, else an empty string. Its text names that variable
// and the component it broke, and gives no offset in the expansion,
// which the caller never sees: "http://{+x}/" with x = "[" gives "the
// value of "x" makes the host invalid: invalid IP literal". Every byte Expand writes is a URI character, so only
// structure can fail: "{+x}" with x = "[" or "a#b" in a fragment, "{x}:y"
// with x = "" (an empty scheme). Expand allocates once, for its result
// (it writes into a pooled buffer, checks, then copies);
// [Template.AppendExpand] writes into a buffer of the caller's.
//
// # Matching
//
// RFC 6570 defines expansion only and says (1.4) that some templates can
// be read back and others not. [Template.Match] reads a URI back when the
// reading is unique, and otherwise says why. First, the template itself:
// Parse works out whether every URI has at most one split into
// expressions, and Match returns that verdict for every URI when it does
// not, as an *Error at the template offset of the cause:
//
//   - [ErrAdjacent]: two expressions with no literal between, the second
//     of operator none or "+", which start with no character of their own:
//     "{x}{y}".
//   - [ErrAmbiguousBoundary]: the character after an expression (the
//     first of the next literal, or the operator of a next expression
//     that follows with no literal between) may stand inside the
//     expression's expansion: "{x}-{y}" ("-" is unreserved), "{+base}/{p}"
//     ("+" lets "/" through), "{x}{.y}"; or it is the expression's own
//     operator character, so that an undefined expression could not be
//     told from a defined one: "{/a}{/b}", "{/a}/b{c}". The last literal
//     is exempt: it is matched from the end of the URI, so "{name}.json"
//     reads "a.b.json". The error points at that character, the literal's
//     or the next expression's operator, and names the expression before
//     it by its offset. Named expressions are told apart by the names of
//     their pieces instead, by the rule of runs below: "{?q}{&page}{&size}",
//     "{?a,b}{&c}", "/x{;a}{;b}" and "{?a}{?b}" read back.
//   - [ErrAmbiguousSeparator]: an expression of "+", "#" or "." with
//     several variables or an explode, whose separator may stand inside a
//     value: "{+a,b}", "X{.a,b}". The error points at the operator.
//   - [ErrAmbiguousExplode]: an explode that is not the last variable of
//     an unnamed expression ("{/a*,b}"), a second explode in a named one
//     ("{?a*,b*}"), or an exploded name that the named expression also
//     has on another variable ("{?a*,a}"); or an explode in a run with
//     another named expression whose pieces start alike ("{?q*}{&page}",
//     "{?a,b}{&c*}", "{?m*}{&n*}"): an associative array's pieces may
//     have any name, that of a variable of the other among them, and
//     Match could not read "?page=2", whose one reading is q =
//     {page: "2"}. Within one expression ("{?sort,tags*}") Match gives
//     a piece so named to that variable, a reading that expands alike.
//
// The rule of runs. A run is the expressions between two literals that
// are not empty. A named expression (";", "?", "&") writes pieces "name"
// or "name=value", each after its operator or separator, and the
// characters that start pieces, ";", "&" and "?", never stand inside
// one: the named operators allow unreserved characters only, so a
// value's ";", "&", "?" and "=" are pct-encoded (RFC 6570 3.2.1,
// 3.2.7-3.2.9). When a named expression is followed in its run by named
// expressions whose pieces start with its own operator or separator
// character (";" after ";", "?" after "?", "&" after "?" or "&"), each
// piece belongs to the expression with a variable of its name, and the
// reading is unique when, and Matchable accepts the template only when:
//
//   - no literal of the run starts with that character ("{?a,b}&x{y}":
//     ErrAmbiguousBoundary at the literal);
//   - no two such expressions have a variable of the same name
//     ("{?a,b}{&b}", "{?a}{?a}": ErrAmbiguousBoundary at the later one's
//     operator);
//   - none of them has an explode, whose associative arrays' pieces may
//     have any name ("{?q*}{&page}", "{?m*}{&n*}": ErrAmbiguousExplode).
//
// Match ends such an expression before the first piece whose name is not
// one of its variables', and an expression whose first piece is not its
// own wrote nothing: "/search{?q}{&page}
// {&size}" reads "/search&size=3" as size = "3" alone, which is what
// Expand writes when q and page are undefined (3.2.9: "&" starts the
// expansion of "{&page}" whatever comes before it).
//
// Then the URI, read once from the left: the first literal is matched at
// the start and the last at the end; each expression takes the longest
// run of the characters its expansion may hold, which the checks above
// make the only possible one; then its text is split on its operator's
// separator and the pieces go to the variables. A named operator's
// pieces go by name, in the variables' order; an unnamed operator's
// pieces go to the variables in order, the first ones first. Values are
// percent-decoded; in a "+" or "#" expression, which keeps the triplets
// of its values, only a triplet that expansion writes for its octet
// (uppercase hex digits, an octet outside unreserved and reserved) is
// decoded, and "%41" stays "%41". The values are typed by the text, as
// follows:
//
//   - A variable without explode reads as a string, or as a list when its
//     text holds a "," that the operator would have encoded in a value
//     (any operator but "+" and "#").
//   - An exploded variable reads as a list; as an associative array when
//     its pieces are name=value pairs, which are told from list items by
//     the "=" (unnamed operators, whose values never hold one unencoded)
//     or by a name other than the variable's own (";", "?", "&").
//   - An expression that wrote nothing reads as undefined variables: for
//     operators none and "+", whose empty string and undefined variable
//     both write "", Match gives undefined.
//   - A variable read twice keeps the reading without a prefix modifier
//     ("{term:1}/{term}"), or the longest.
//
// Last, Match expands what it read and compares it with the URI: any
// difference is [ErrNoMatch] at the first differing byte of the URI. So
// Expand of Match's result gives the URI back, always. ErrNoMatch means
// that no values expand to the URI, but in three cases, where the values
// that do are not the reading Match makes:
//
//   - in an unnamed expression with several variables, Match gives the
//     pieces to the first variables: "{/a:1,b}" with a undefined and b a
//     list writes "/x,y", which Match reads as a list for a;
//   - a variable that appears twice, with a list, an associative array,
//     or a "+" or "#" value whose triplets decoding would change:
//     "{x:2}{#x}" with x = "%25" writes "%252#%25";
//   - an exploded associative array of a named expression with a key
//     that names another variable of the expression: "{?m*,a}" with m =
//     {a: "", "": ""} writes "?a=&=", and Match gives "a=" to a.
//
// When an expression of operator none with several variables holds more
// pieces than variables, or its pieces do not read back one a variable,
// some value was a list whose items cannot be told from its neighbours:
// [ErrAmbiguousList].
//
// And Match of Expand(v) gives v back whenever v is in the form that
// Match reads, which is the one form among the values that expand alike:
// no one-item list, associative array or list in "+" and "#" for a
// variable without explode (they read as a string, or as a list of
// names and values); no string for an exploded variable (it reads as a
// one-item list); no empty string where undefined writes the same
// (operators none and "+"); no "+" or "#" value whose triplets decoding
// would change; no value longer than its prefix modifier; in an unnamed
// expression with several variables, the defined ones first, and no
// list in one of operator none; in a named one, no associative array
// key that names another variable of the expression or of a named
// expression of its run; a string for a
// variable that appears more than once. FuzzMatch checks
// this round trip, Expand(Match(u)) == u, and that no other split of u
// reads differently.
//
// A URI that is not a URI reference (RFC 3986 4.1), which no expansion
// is, is [ErrInvalidURI] at the byte where uri.ParseReference stops; the
// Error wraps the *uri.Error too, and its text ends as "urikit parse"
// words it: "/a b" gives "not a URI reference: path at offset 2: invalid
// character".
//
// Matching is strict: a URI that an expansion cannot write does not
// match, so "?lang=fr&q=chien" does not match "{?q,lang}" (expansion
// writes q first), nor does "a%7e" match "{x}" (expansion writes "~").
// Nor do URIs that RFC 3986 6.2.2 calls equivalent but that expansion
// does not write: lowercase hex digits ("/users/%c3%a9" against
// "/users/{id}", where expansion writes "%C3%A9"), an encoded unreserved
// character ("%41"), or "+" for a space ("?q=a+b" gives q = "a+b").
// Normalize a URI (uri.URI.Normalize) before matching it to match its
// equivalents, or match the form clients are known to send.
//
// # Security
//
// Expansion encodes every value as its operator says (RFC 6570 3.2.1),
// so that a value cannot add a delimiter of its own under the operators
// none, ".", "/", ";", "?" and "&": a "/" of a value of "{/seg}" is
// "%2F", a "&" of "{?q}" is "%26". The operators "+" and "#" are the
// exception by design (3.2.3, 3.2.4): their values keep reserved
// characters, so a value can write a "/", "?", "#" or "@" of its own, and
// with it another path, query or even host ("https://{+auth}/x" with
// auth = "evil.example" or "u@evil.example"). Use them only for values
// that the program trusts. No operator removes dot segments: "{/seg*}"
// with the list "..", ".." writes "/../..", which resolution (RFC 3986
// 5.2.4) turns into a climb up the path; check values that name paths.
//
// # Deviations
//
// Where this package departs from the letter of RFC 6570, or chooses
// where the RFC lets an implementation choose:
//
//   - Errors give no partial result. RFC 6570 3 suggests that a processor
//     return the expansion so far with the rest of the template as it is,
//     and the location and type of the error; Parse and Expand return the
//     location and type only (an [*Error]), and Expand returns "".
//   - The reserved operators "=", ",", "!", "@" and "|" (2.2), which the
//     RFC's grammar admits but gives no expansion, are errors at Parse.
//   - An associative array expands in the order given (2.4.2 allows any).
//   - An expansion that is not an RFC 3986 URI-reference is an error
//     (ErrNotURIReference), where the RFC leaves the result to the caller.
//   - A prefix counts Unicode code points (2.4.1); a byte of a value that
//     is not valid UTF-8 counts as one, and is percent-encoded as it is.
//
// # Cost
//
// Parse, Expand and Match run in time linear in the template plus the
// text they read or write, without recursion and without backtracking:
// Match decides each expression's extent by one scan, which the checks at
// Parse make the only candidate, and checks its reading with one more
// expansion. Named expressions with more than eight variables get an
// index at Parse, so that reading a piece never scans the variable list.
package uritemplate
