// Package amqp091 compares package github.com/urikit/urikit/scheme/amqp
// with github.com/rabbitmq/amqp091-go v1.16.0, the most used Go AMQP
// client, on the same inputs: the Appendix A rows of the RabbitMQ URI
// specification and testdata/amqp.txt, a sample (every fourth line) of
// the project's synthetic amqp corpus. It is a nested module, so that
// users of urikit never download amqp091-go.
//
// TestDifferential requires the two to agree, on every input both accept,
// wherever they define the same value, and requires each input that
// exactly one of them rejects to be a documented difference.
// TestConfigDifferential does the same for amqp.URI.Config beside
// amqp091.ParseURI, on those inputs and on cases written for every
// registered query parameter (valid, invalid, repeated, empty, without
// "=", with a percent-encoded name, with "+" and ";" in the value): on
// every input both accept, Scheme, Host, Port, Username, Password, Vhost,
// CertFile, CACertFile, KeyFile, ServerName, AuthMechanism (nil or not),
// Heartbeat (with its presence), ConnectionTimeout and ChannelMax must be
// equal, and each one-sided rejection must be a difference that
// scheme/amqp's package doc lists. FuzzConfig checks the same on queries
// built from the registry's names and the fuzzer's values:
//
//	go test -run '^$' -fuzz '^FuzzConfig$' -fuzztime 60s
//
// BenchmarkParse times amqp.Parse with every accessor beside
// amqp091.ParseURI; TestNoAllocs requires amqp.Parse and the accessors to
// allocate nothing for the corpus URIs without percent-encoding.
//
//	go test ./...
//	go test -run '^$' -bench . -count 6 | tee new.txt && benchstat new.txt
//	go test -run TestDifferential -v -corpus ../../../shared/corpus/amqp.txt
//
// No test here prints a password: inputs are shown through scheme.Redact,
// and a differing password is reported by name only.
package amqp091
