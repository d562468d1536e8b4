package amqp_test

import (
	"errors"
	"fmt"

	"github.com/urikit/urikit/scheme/amqp"
)

func ExampleParseList() {
	// One URI per line, or separated by commas or spaces, as RabbitMQ
	// Federation and Shovel take them; empty entries are skipped.
	l, err := amqp.ParseList(`
		amqps://fed:s3cr3t@rabbit-1.example:5671/prod,
		amqps://fed:s3cr3t@rabbit-2.example:5671/prod,,
		amqps://fed:s3cr3t@[2001:db8::7]:5671/prod
	`)
	if err != nil {
		panic(err)
	}
	for _, u := range l {
		host, _ := u.Hostname()
		port, _ := u.Port()
		fmt.Println(host, port)
	}
	fmt.Println(l) // the passwords never print
	// Output:
	// rabbit-1.example 5671
	// rabbit-2.example 5671
	// 2001:db8::7 5671
	// amqps://fed:xxxxx@rabbit-1.example:5671/prod amqps://fed:xxxxx@rabbit-2.example:5671/prod amqps://fed:xxxxx@[2001:db8::7]:5671/prod
}

func ExampleParseList_errors() {
	// Every entry is checked; each error names its entry and where the
	// entry starts. "amqp://h1,h2/v" is two entries: a comma never
	// separates hosts inside one URI.
	_, err := amqp.ParseList("amqp://h1,h2/v amqp://h3:99999")
	fmt.Println(err)
	var le amqp.ListError
	if errors.As(err, &le) {
		for _, e := range le {
			fmt.Println(e.Index, e.Offset, e.Err.Field)
		}
	}
	fmt.Println(errors.Is(err, amqp.ErrPortRange))
	// Output:
	// amqp: list entry 1 at offset 10: scheme: scheme is not amqp or amqps (scheme at offset 0 of the entry); use amqp:// or amqps://
	// amqp: list entry 2 at offset 15: port: port out of range 0-65535 (port at offset 10 of the entry); a TCP port is at most 65535
	// 1 10 scheme
	// 2 15 port
	// true
}

func ExampleParseList_commaInPassword() {
	// A "," ends an entry, even inside a password: write it %2C. The error
	// points at the start of the userinfo and shows no part of the password.
	_, err := amqp.ParseList("amqp://guest:pa,ss@broker, amqp://guest:pa%2Css@backup")
	fmt.Println(err)
	fmt.Println(errors.Is(err, amqp.ErrSeparatorInSecret))
	l := amqp.MustParseList("amqp://guest:pa%2Css@broker, amqp://guest:pa%2Css@backup")
	pw, _ := l[0].Password()
	fmt.Println(len(l), pw == "pa,ss")
	// Output:
	// amqp: list entry 0 at offset 0: password: unencoded "," or white space in a secret ends the list entry (userinfo at offset 7 of the entry); a "," or white space ends an entry of a URI list: percent-encode it inside a URI, "," as %2C and a space as %20
	// true
	// 2 true
}

func ExampleRedactList() {
	// For a list that does not parse, before logging it.
	fmt.Println(amqp.RedactList("amqp://u:s3cr3t@h1:99999,\namqp://u:p@ss@h2 amqp://u:a,b@h3"))
	// Output:
	// amqp://u:xxxxx@h1:99999,
	// amqp://u:xxxxx@h2 amqp://u:xxxxx@h3
}

func ExampleParseListValid() {
	// A mistyped entry does not keep the others from being dialed: the
	// error of each entry that fails is reported beside the entries that
	// parse.
	l, errs := amqp.ParseListValid("amqp://app:s3cr3t@node1:99999, amqp://app:s3cr3t@node2")
	fmt.Println(l)
	for _, e := range errs {
		fmt.Println(e)
	}
	// Output:
	// amqp://app:xxxxx@node2
	// amqp: list entry 0 at offset 0: port: port out of range 0-65535 (port at offset 24 of the entry); a TCP port is at most 65535
}
