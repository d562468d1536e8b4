package amqpdial_test

import (
	"fmt"
	"log"

	"github.com/urikit/urikit/amqpdial"
	"github.com/urikit/urikit/scheme/amqp"
)

func ExampleDial() {
	conn, err := amqpdial.Dial("amqps://app:s3cr3t@broker.example/prod?heartbeat=30")
	if err != nil {
		log.Fatal(err) // holds no password
	}
	defer conn.Close()
}

func ExampleConfig() {
	u := amqp.MustParse("amqp://app:s3cr3t@[::1]:5673/team%2Fa?heartbeat=0&frame_max=0&auth_mechanism=AMQPLAIN")
	addr, cfg, err := amqpdial.Config(u)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(addr, cfg.Vhost, cfg.Heartbeat, cfg.FrameSize, cfg.SASL[0].Mechanism())
	// Output:
	// [::1]:5673 team/a 0s -1 AMQPLAIN
}

func ExampleDialList() {
	// The first node that answers, in the order written; a mistyped entry
	// is skipped and reported.
	conn, err := amqpdial.DialList("amqp://app:pw@node1, amqp://app:pw@node2:99999 amqp://app:pw@node3", amqpdial.ListOptions{
		SkipInvalid: true,
		OnError:     func(e *amqpdial.EntryError) { log.Print(e) },
	})
	if err != nil {
		log.Fatal(err)
	}
	defer conn.Close()
}
