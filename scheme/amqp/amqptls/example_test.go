package amqptls_test

import (
	"crypto/tls"
	"errors"
	"fmt"
	"io/fs"

	"github.com/urikit/urikit/scheme/amqp"
	"github.com/urikit/urikit/scheme/amqp/amqptls"
)

func ExampleConfig() {
	c, err := amqp.MustParse("amqps://10.0.0.5/prod?server_name_indication=broker.example").Config()
	if err != nil {
		panic(err)
	}
	cfg, err := amqptls.Config(c)
	if err != nil {
		panic(err)
	}
	fmt.Println(cfg.ServerName, cfg.MinVersion == tls.VersionTLS12, cfg.InsecureSkipVerify)

	// Without server_name_indication, the host without brackets.
	c, _ = amqp.MustParse("amqps://[2001:db8::1]/prod").Config()
	cfg, _ = amqptls.Config(c)
	fmt.Println(cfg.ServerName)

	// An error names the parameter and where its pair starts, never the path.
	c, _ = amqp.MustParse("amqps://broker.example/prod?cacertfile=/nonexistent/ca.pem").Config()
	_, err = amqptls.Config(c)
	var e *amqp.Error
	fmt.Println(errors.Is(err, amqptls.ErrFile), errors.Is(err, fs.ErrNotExist), errors.As(err, &e) && e.Field == "cacertfile")
	fmt.Println(err)
	// Output:
	// broker.example true false
	// 2001:db8::1
	// true true true
	// amqp: cacertfile: cannot read the file: no such file or directory (query at offset 28); cacertfile names a readable PEM file
}
