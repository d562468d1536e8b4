package conformance

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/scheme/amqp"
	"github.com/urikit/urikit/uri"
)

// This file checks op "amqp" through the public API of package scheme/amqp
// (RabbitMQ URI specification: the amqp and amqps schemes, "Handling of
// absent components" and Appendix A).

func init() { Register("amqp", checkAMQP) }

// checkAMQP checks an "amqp" vector. An invalid input must make amqp.Parse
// fail with an *amqp.Error. A valid one must parse, and each of the spec's
// values must match the vector, decoded, null meaning absent (a
// zero-length host counts as absent): Username, Password, Host, Port and
// Vhost. Beyond the schema, a valid input must come back byte for byte
// from Unredacted, and String must not show a non-empty password. For an
// amqp or amqps input that RFC 3986 accepts, scheme.Validate, the hook of
// the registered scheme, must agree with amqp.Parse.
//
// No message shows the password, neither the code's nor the vector's:
// a password mismatch says only how the values differ (absent, present,
// not equal), and a parse error is shown by its field, reason and offset.
func checkAMQP(v *Vector) error {
	var ms Mismatches
	in := v.Str("input")
	u, err := amqp.Parse(in)
	checkAMQPValidate(&ms, in, err == nil)
	if !v.Bool("valid") {
		if err == nil {
			ms.Add("valid", "amqp.Parse", "success", "an error")
			return ms.Err()
		}
		var e *amqp.Error
		if !errors.As(err, &e) {
			ms.Add("valid", "amqp.Parse", fmt.Sprintf("an error of type %T", err), "an *amqp.Error")
		}
		return ms.Err()
	}
	if err != nil {
		ms.Add("valid", "amqp.Parse", "error "+describeAMQPError(err), "success")
		return ms.Err()
	}

	field := func(name, via string, got string, gotOK bool) {
		want, wantOK := v.Opt(name)
		ms.Check(name, via, opt(got, gotOK), opt(want, wantOK))
	}
	user, userOK := u.Username()
	field("username", "Username", user, userOK)
	checkAMQPPassword(&ms, v, u)
	host, hostOK := u.Host()
	if hostOK && host == "" {
		// The spec counts a zero-length host as absent: ok must be false.
		ms.Add("host", "Host", `"" and ok true`, "ok false for a zero-length host")
	} else {
		field("host", "Host", host, hostOK)
	}
	port, portOK := u.Port()
	wantPort, wantPortOK := v.Int("port")
	ms.Check("port", "Port", optInt(int64(port), portOK), optInt(wantPort, wantPortOK))
	vhost, vhostOK := u.Vhost()
	field("vhost", "Vhost", vhost, vhostOK)

	if got := u.Unredacted().String(); got != in {
		// Do not print either text: both may hold the password.
		ms.Add("input", "Unredacted().String", "a different text", "the input byte for byte")
	}
	return ms.Err()
}

// optInt shows an optional integer as the vectors write it.
func optInt(n int64, ok bool) string {
	if !ok {
		return "null"
	}
	return strconv.FormatInt(n, 10)
}

// checkAMQPPassword compares the password with the vector's without
// printing either, and requires String to hide a non-empty one.
func checkAMQPPassword(ms *Mismatches, v *Vector, u amqp.URI) {
	got, gotOK := u.Password()
	want, wantOK := v.Opt("password")
	switch {
	case gotOK != wantOK:
		ms.Add("password", "Password", presence(gotOK), presence(wantOK))
	case got != want:
		ms.Add("password", "Password", "a present value that differs from the vector's", "the vector's value")
	}
	// The raw password is the userinfo after its first ":"; a non-empty one
	// must not reach String (spec, Security considerations).
	if raw, ok := rawPassword(u.Unredacted()); ok && raw != "" {
		if strings.Contains(u.String(), ":"+raw+"@") {
			ms.Add("password", "String", "text that shows the password", `the password replaced by "xxxxx"`)
		}
	}
}

// presence says whether a secret is there, and nothing else.
func presence(ok bool) string {
	if ok {
		return "present"
	}
	return "absent"
}

// rawPassword returns the password as written in the userinfo (RFC 3986
// 3.2.1; spec amqp_userinfo = username [ ":" password ]).
func rawPassword(u uri.URI) (string, bool) {
	if !u.HasUserinfo() {
		return "", false
	}
	_, pass, ok := strings.Cut(u.Userinfo(), ":")
	return pass, ok
}

// checkAMQPValidate requires scheme.Validate, which runs the registered
// amqp or amqps scheme's hook, to accept exactly what amqp.Parse accepts,
// for every input that RFC 3986 accepts and whose scheme is amqp or amqps
// in any case. (Validate knows nothing of an input that uri.Parse rejects,
// and checks another scheme by that scheme's rules.)
func checkAMQPValidate(ms *Mismatches, in string, parsed bool) {
	g, err := uri.Parse(in)
	if err != nil {
		return
	}
	if s := strings.ToLower(g.Scheme()); s != "amqp" && s != "amqps" {
		return
	}
	err = scheme.Validate(g)
	switch {
	case err == nil && !parsed:
		ms.Add("valid", "scheme.Validate", "success", "an error, as amqp.Parse gives")
	case err != nil && parsed:
		ms.Add("valid", "scheme.Validate", "error "+describeAMQPError(err), "success, as amqp.Parse gives")
	}
}

// describeAMQPError shows an error by what it names, never by text that
// could come from the input: an *amqp.Error by its field, reason, component
// and offset; anything else by its type.
func describeAMQPError(err error) string {
	var e *amqp.Error
	if !errors.As(err, &e) {
		return fmt.Sprintf("of type %T", err)
	}
	reason := "invalid"
	if e.URI != nil {
		if e.URI.Err != nil {
			reason = e.URI.Err.Error()
		}
		return fmt.Sprintf("%s: %s (%s at offset %d)", e.Field, reason, e.URI.Component, e.URI.Offset)
	}
	return e.Field + ": " + reason
}
