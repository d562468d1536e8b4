package amqp_test

import (
	"errors"
	"fmt"

	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/scheme/amqp"
	"github.com/urikit/urikit/uri"
)

func ExampleParse() {
	// Row 3 of the spec's Appendix A, which net/url rejects.
	u, err := amqp.Parse("amqp://user%61:%61pass@ho%61st:10000/v%2fhost")
	if err != nil {
		panic(err)
	}
	fmt.Println("username:", describe(u.Username()))
	fmt.Println("password:", describe(u.Password()))
	fmt.Println("host:", describe(u.Host()))
	port, _ := u.Port()
	fmt.Println("port:", port)
	fmt.Println("vhost:", describe(u.Vhost()))
	fmt.Println(u) // the password never prints
	// Output:
	// username: "usera"
	// password: "apass"
	// host: "hoast"
	// port: 10000
	// vhost: "v/host"
	// amqp://user%61:xxxxx@ho%61st:10000/v%2fhost
}

func ExampleParse_absentAndEmpty() {
	for _, s := range []string{"amqp://host", "amqp://host/", "amqp://host/%2F", "amqp://:@/"} {
		u := amqp.MustParse(s)
		fmt.Printf("%-16s vhost %-8s host %s\n", s, describe(u.Vhost()), describe(u.Host()))
	}
	// Output:
	// amqp://host      vhost absent   host "host"
	// amqp://host/     vhost ""       host "host"
	// amqp://host/%2F  vhost "/"      host "host"
	// amqp://:@/       vhost ""       host absent
}

// describe shows a spec value: absent, or quoted.
func describe(v string, ok bool) string {
	if !ok {
		return "absent"
	}
	return fmt.Sprintf("%q", v)
}

func ExampleParse_error() {
	_, err := amqp.Parse("amqp://guest:pa#ss@broker/prod")
	fmt.Println(err)
	fmt.Println(errors.Is(err, amqp.ErrUnencodedDelimiter))
	var ue *uri.Error
	fmt.Println(errors.As(err, &ue), ue.Offset, ue.Component)
	// Output:
	// amqp: password: unencoded "#", "/" or "?" in the credentials (userinfo at offset 7); percent-encode it in the username or password: "@" as %40, ":" as %3A, "#" as %23, "/" as %2F, "?" as %3F, "%" as %25
	// true
	// true 7 userinfo
}

func ExampleBuild() {
	u, err := amqp.Build(amqp.Values{
		Secure:      true,
		Username:    "app",
		HasUsername: true,
		Password:    amqp.NewSecret("p@ss/w#rd"),
		HasPassword: true,
		Host:        "broker.example",
		Vhost:       "/",
		HasVhost:    true,
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(u)
	fmt.Println(u.Unredacted())
	// Output:
	// amqps://app:xxxxx@broker.example/%2F
	// amqps://app:p%40ss%2Fw%23rd@broker.example/%2F
}

func ExampleURI_String() {
	u := amqp.MustParse("amqps://app:s3cr3t@broker/prod?password=keypass&heartbeat=30")
	fmt.Println(u)
	// Text that does not parse (the "#" in the password starts a
	// fragment) is masked by the text rules of the same model.
	fmt.Println(scheme.Redact("amqps://app:s3#cr3t@broker/prod?password=keypass"))
	// Output:
	// amqps://app:xxxxx@broker/prod?password=xxxxx&heartbeat=30
	// amqps://app:xxxxx@broker/prod?password=xxxxx
}

func ExampleLint() {
	for _, f := range amqp.Lint("amqps://guest:guest@10.0.0.5:5672/") {
		fmt.Println(f.Code, f.Component, f.Offset)
	}
	// Output:
	// tls-on-plain-port port 29
	// ip-host-tls host 20
	// guest-remote userinfo 8
	// empty-vhost path 33
}

func ExampleSchemes() {
	// A private registry that knows only amqp and amqps.
	r := scheme.NewRegistry()
	for _, s := range amqp.Schemes() {
		r.Register(s)
	}
	a := uri.MustParse("AMQP://Broker:5672/%7eteam")
	b := uri.MustParse("amqp://broker/~team")
	fmt.Println(r.Equivalent(a, b), r.Normalize(a))
	fmt.Println(r.Validate(uri.MustParse("amqp://broker/a/b")) != nil)
	// Output:
	// true amqp://broker/~team
	// true
}

func ExampleURI_Config() {
	u := amqp.MustParse("amqps://app:s3cret@[2001:db8::1]/?heartbeat=30&auth_mechanism=PLAIN&auth_mechanism=amqplain&password=keypass")
	c, err := u.Config()
	if err != nil {
		panic(err)
	}
	fmt.Println(c.Host, c.Port, c.Vhost, c.Addr())
	fmt.Println(c.Heartbeat, c.AuthMechanism)
	fmt.Println(c) // the password and the key passphrase never print

	// An absent component takes amqp091-go's default; a parameter error
	// names the parameter, never its value.
	c, _ = amqp.MustParse("amqp://").Config()
	fmt.Println(c.Host, c.Port, c.Username, c.Vhost, c.HasHeartbeat, amqp.DefaultHeartbeat)
	_, err = amqp.MustParse("amqp://h?heartbeat=90s").Config()
	fmt.Println(err)
	// Output:
	// 2001:db8::1 5671 / [2001:db8::1]:5671
	// 30s [PLAIN amqplain]
	// {scheme:amqps host:2001:db8::1 port:5671 username:app password:xxxxx vhost:/ heartbeat:30s auth_mechanism:[PLAIN amqplain] key_password:xxxxx}
	// localhost 5672 guest / false 10s
	// amqp: heartbeat: value is not a decimal integer (query at offset 9); heartbeat is a whole number of seconds from 0 to 65535; 0 asks for no heartbeats, and amqp091-go then takes the broker's interval
}

// A caller that shows a Config its own way (a table, a form) shows the
// fields of Fields: those of String, LogValue and MarshalJSON, in their
// order, with their masks.
func ExampleConfig_Fields() {
	c, err := amqp.MustParse("amqps://app:s3cret@broker/prod?heartbeat=30&password=k3y").Config()
	if err != nil {
		panic(err)
	}
	for _, f := range c.Fields() {
		switch {
		case !f.Present():
			fmt.Printf("%-24s (absent)\n", f.Name)
		case f.Masked:
			fmt.Printf("%-24s %v (masked)\n", f.Name, f.Value)
		default:
			fmt.Printf("%-24s %v\n", f.Name, f.Value)
		}
	}
	fmt.Println(c)
	// Output:
	// scheme                   amqps
	// host                     broker
	// port                     5671
	// username                 app
	// password                 xxxxx (masked)
	// vhost                    prod
	// heartbeat                30s
	// connection_timeout       (absent)
	// channel_max              (absent)
	// frame_max                (absent)
	// auth_mechanism           (absent)
	// certfile                 (absent)
	// cacertfile               (absent)
	// keyfile                  (absent)
	// key_password             xxxxx (masked)
	// server_name_indication   (absent)
	// verify                   (absent)
	// depth                    (absent)
	// fail_if_no_peer_cert     (absent)
	// customize_hostname_check (absent)
	// unknown                  (absent)
	// {scheme:amqps host:broker port:5671 username:app password:xxxxx vhost:prod heartbeat:30s key_password:xxxxx}
}
