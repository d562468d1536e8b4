// Package amqptls builds the crypto/tls client configuration of an amqps
// URI from its TLS parameters (RabbitMQ "URI Query Parameters"; the
// RabbitMQ TLS guide): Config(c), where c is the amqp.Config of
// amqp.URI.Config or one made by hand.
//
// It is a package of its own so that a program that only parses amqp
// URIs (amqp.Parse, its accessors, amqp.Config, the lints) links neither
// crypto/tls nor crypto/x509, as net/http keeps its optional parts in
// subpackages.
//
// # The configuration
//
// amqp091-go v1.16.0 builds its TLS configuration from certfile, keyfile
// and cacertfile; Config builds the same and reads the parameters that it
// ignores:
//
//   - MinVersion is MinVersion (TLS 1.2).
//   - RootCAs holds the certificates of cacertfile, or is nil (the
//     system's roots) when it is absent; a file with no certificate is an
//     error (ErrNoCertificate), where amqp091-go uses an empty pool.
//   - Certificates holds the client certificate of certfile with the key
//     of keyfile; the two go together (ErrCertKeyPair). An encrypted key
//     is opened with the password parameter when it uses legacy PEM
//     encryption (RFC 1423, "Proc-Type: 4,ENCRYPTED"), through
//     x509.DecryptPEMBlock, deprecated because that format is insecure by
//     design but the only one Go's standard library decrypts; an encrypted
//     PKCS #8 key (RFC 5958) is an error (ErrKeyPKCS8Encrypted): decrypt
//     it first ("openssl pkcs8").
//   - ServerName is server_name_indication, or else Host without the
//     brackets of an IPv6 address (should a Config made by hand hold them;
//     an IPvFuture keeps its brackets, so that no name is looked up). It
//     is never "": crypto/tls checks the server's certificate against
//     ServerName, and with an empty one it would refuse to dial, or, with
//     verify_none, check nothing. A Config with neither a Host nor a
//     ServerName (only one made by hand: amqp.URI.Config fills Host) is
//     an error, ErrNoServerName. For an IP address crypto/tls sends no SNI
//     (RFC 6066 3 allows only host names) and checks the certificate's IP
//     SANs; server_name_indication=disable, Erlang's way to send none, is
//     an error (ErrSNIDisable), since crypto/tls sends SNI whenever it
//     checks a host name.
//   - InsecureSkipVerify is set only by verify=verify_none.
//   - depth, when present, limits the intermediate certificates of the
//     verified chain (VerifyPeerCertificate; the handshake fails with
//     ErrDepth).
//   - fail_if_no_peer_cert (an OTP server option) and
//     customize_hostname_check (crypto/tls already checks names as HTTPS
//     does) change nothing.
//
// # Errors
//
// The error of Config is an *amqp.Error, as the errors of amqp.Parse and
// amqp.URI.Config are: its Field names the parameter ("cacertfile",
// "certfile", "keyfile", "password" for the key passphrase,
// "server_name_indication", or "host" for ErrNoServerName), and its
// *uri.Error has Component uri.ComponentQuery, the offset of the
// parameter's pair in the URI (amqp.Config.ParamOffset; 0 for a Config
// made by hand) and the reason, one of the Err* values of this package,
// for errors.Is. ErrFile also wraps the system's reason (fs.ErrNotExist,
// fs.ErrPermission). No error holds a path, a byte of a file or the
// passphrase.
package amqptls
