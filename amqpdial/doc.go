// Package amqpdial dials RabbitMQ with github.com/rabbitmq/amqp091-go
// v1.16.0 from an amqp or amqps URI read by urikit's scheme/amqp (the
// RabbitMQ URI specification), so that what the URI says is what the
// broker receives: the user and password as decoded, the vhost as
// decoded ("%2F" is the vhost "/", the empty vhost stays empty), the
// query parameters heartbeat, channel_max, frame_max, connection_timeout
// and auth_mechanism, and the TLS parameters of amqps (package
// scheme/amqp/amqptls).
//
//	conn, err := amqpdial.Dial("amqps://app:s3cr3t@broker.example/prod?heartbeat=30")
//
// It is a module of its own, so that a user of urikit who does not dial
// never downloads amqp091-go.
//
// # What travels where
//
// Dial does not hand the URI to amqp091-go, which would read it again
// with its own rules: it dials TCP itself with amqp091-go's DefaultDial
// (connection_timeout bounds the connect, the TLS handshake and the AMQP
// handshake, 30 s when absent or 0), makes the TLS handshake for amqps,
// and opens the connection over it with amqp091.Open and the Config that
// Config returns:
//
//   - SASL: the mechanisms of auth_mechanism in order (PLAIN, AMQPLAIN,
//     EXTERNAL, in any case), PLAIN without it; EXTERNAL authenticates as
//     the client certificate of certfile and keyfile.
//   - Vhost: amqp.Config's vhost, decoded: "/" when absent or empty, as
//     amqp091-go reads "amqp://h/" (the spec's empty vhost, which no
//     broker has).
//   - Heartbeat: heartbeat seconds; 10 s, amqp091-go's default, when
//     absent. heartbeat=0 asks for none, and then amqp091-go takes the
//     broker's interval (RabbitMQ proposes 60 s): 0 does not disable
//     heartbeats with this client.
//   - ChannelMax: channel_max; 0 lets the broker choose.
//   - FrameSize: frame_max; 131072 when absent, as amqp091-go's Dial;
//     frame_max=0 asks for no limit (amqp091.FrameSizeUnlimited).
//   - TLSClientConfig: amqptls.Config of the URI, for amqps only.
//   - Properties: left empty for the caller (amqp091-go sends its own).
//
// # Errors
//
// No error of this package holds a password or a passphrase: those of
// parsing are scheme/amqp's, which hold no input; a dial error names the
// URI masked (amqp.URI.String); amqp091-go never sees the URI text, so its
// errors cannot hold it. A refused handshake that looks like the wrong
// scheme for the port (amqp:// to a TLS port, or amqps:// to a plain one)
// gets a hint.
package amqpdial
