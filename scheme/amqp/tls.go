package amqp

import (
	"crypto/tls"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/urikit/urikit/uri"
)

// MinTLSVersion is the lowest TLS version of TLSConfig: TLS 1.2, as
// amqp091-go v1.16.0 sets it when it builds the TLS configuration from the
// URI (tlsConfigFromURI) and as RabbitMQ's TLS guide recommends.
const MinTLSVersion = tls.VersionTLS12

// The reasons of TLSConfig's errors. The Error's Field names the parameter
// (cacertfile, certfile, keyfile, password, server_name_indication), or
// "host" for ErrTLSNoServerName, and Offset is where URI.Config found its
// pair (0 for a Config made by hand).
// No error holds a path, a byte of a file or the passphrase.
var (
	// ErrTLSFile: the file of cacertfile, certfile or keyfile cannot be
	// read. The error also wraps the system's reason (errors.Is with
	// fs.ErrNotExist, fs.ErrPermission), never the path.
	ErrTLSFile = errors.New("cannot read the file")
	// ErrTLSNoCertificate: cacertfile or certfile holds no PEM
	// "CERTIFICATE" block that parses (amqp091-go silently uses an empty
	// CA pool when cacertfile holds none).
	ErrTLSNoCertificate = errors.New("no PEM certificate in the file")
	// ErrTLSKey: keyfile holds no PEM private key that parses as PKCS #1,
	// PKCS #8 or SEC 1 (EC).
	ErrTLSKey = errors.New("no PEM private key in the file")
	// ErrTLSKeyEncrypted: keyfile is encrypted and the URI has no password
	// parameter.
	ErrTLSKeyEncrypted = errors.New("the key is encrypted and there is no password parameter")
	// ErrTLSKeyPassphrase: the password parameter does not decrypt the
	// key.
	ErrTLSKeyPassphrase = errors.New("the password parameter does not decrypt the key")
	// ErrTLSKeyPKCS8Encrypted: keyfile is an encrypted PKCS #8 key (PEM
	// "ENCRYPTED PRIVATE KEY", RFC 5958), which Go's standard library
	// cannot decrypt; only legacy RFC 1423 PEM encryption ("Proc-Type:
	// 4,ENCRYPTED") is opened.
	ErrTLSKeyPKCS8Encrypted = errors.New("an encrypted PKCS #8 key, which Go's standard library cannot decrypt")
	// ErrTLSKeyMismatch: the key of keyfile is not the key of the
	// certificate of certfile.
	ErrTLSKeyMismatch = errors.New("the key does not match the certificate")
	// ErrTLSCertKeyPair: certfile without keyfile, or keyfile without
	// certfile (amqp091-go silently sends no client certificate then).
	ErrTLSCertKeyPair = errors.New("certfile and keyfile go together")
	// ErrTLSSNIDisable: server_name_indication=disable, which turns SNI
	// off in Erlang: crypto/tls sends SNI for every host name it verifies,
	// and TLSConfig never gives up verification for it.
	ErrTLSSNIDisable = errors.New("SNI cannot be disabled while the host name is verified")
	// ErrTLSNoServerName: a Config made by hand has neither a Host nor a
	// ServerName (server_name_indication, RabbitMQ "URI Query
	// Parameters"; the spec's host, RFC 3986 3.2.2), so there is no name
	// to check the server's certificate against; crypto/tls would refuse
	// to dial without one, or, with verify_none, check nothing at all.
	// Field is
	// "host", Component ComponentHost, Offset 0. URI.Config always fills
	// Host (DefaultHost when absent).
	ErrTLSNoServerName = errors.New("no host and no server_name_indication to check the certificate against")
	// ErrTLSDepth is the handshake's error when every verified chain has
	// more intermediate certificates than the depth parameter allows.
	ErrTLSDepth = errors.New("amqp: the server's certificate chain is longer than the depth parameter allows")
)

// TLSConfig returns the crypto/tls configuration that c's TLS parameters
// describe (RabbitMQ "URI Query Parameters"; amqp091-go v1.16.0 builds the
// same from certfile, keyfile and cacertfile):
//
//   - MinVersion is MinTLSVersion (TLS 1.2);
//   - RootCAs holds the certificates of cacertfile, or is nil (the system's
//     roots) when it is absent;
//   - Certificates holds the client certificate of certfile with the key of
//     keyfile; the two go together. An encrypted key is opened with the
//     password parameter when it uses legacy PEM encryption (RFC 1423,
//     "Proc-Type: 4,ENCRYPTED"), through x509.DecryptPEMBlock, deprecated
//     because that format is insecure by design but the only one Go's
//     standard library decrypts; an encrypted PKCS #8 key is an error
//     (ErrTLSKeyPKCS8Encrypted): decrypt it first ("openssl pkcs8");
//   - ServerName is server_name_indication, or else Host (an IPv6
//     address without brackets, should a Config made by hand hold them);
//     it is never "",
//     so that the server's certificate is always checked against a name: a
//     Config with neither (only one made by hand: URI.Config fills Host)
//     is an error, ErrTLSNoServerName. For an IP address crypto/tls sends
//     no SNI and checks the certificate's IP SANs;
//   - InsecureSkipVerify is set only by verify=verify_none;
//   - depth, when present, limits the intermediate certificates of the
//     verified chain (VerifyPeerCertificate; ErrTLSDepth);
//   - fail_if_no_peer_cert (a server option) and customize_hostname_check
//     (crypto/tls already checks names as HTTPS does) change nothing.
//
// TLSConfig is a method of Config, not of URI, so that a Config made or
// changed by hand builds one too. It reads the files on each call. The
// error is an *Error whose Field names the parameter; it never holds a
// path, a file's contents or the passphrase.
func (c Config) TLSConfig() (*tls.Config, error) {
	host := c.Host
	if len(host) > 2 && host[0] == '[' && host[len(host)-1] == ']' {
		// An IPv6 address in brackets, in a Config made by hand; an
		// IPvFuture keeps them (see URI.Hostname).
		if a, ok := parseIP(host[1 : len(host)-1]); ok && a.Is6() {
			host = host[1 : len(host)-1]
		}
	}
	cfg := &tls.Config{MinVersion: MinTLSVersion, ServerName: host}
	switch c.ServerName {
	case "":
		if host == "" {
			return nil, newError("host", "set Host, or ServerName (server_name_indication), to the name in the server's certificate", 0, uri.ComponentHost, ErrTLSNoServerName)
		}
	case "disable":
		return nil, c.paramError(pServerNameIndication, `crypto/tls sends SNI whenever it checks the host name: remove server_name_indication=disable`, ErrTLSSNIDisable)
	default:
		cfg.ServerName = c.ServerName
	}
	if c.CACertFile != "" {
		data, err := c.readFile(pCACertFile, c.CACertFile)
		if err != nil {
			return nil, err
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(data) {
			return nil, c.paramError(pCACertFile, "cacertfile names a PEM file of CA certificates", ErrTLSNoCertificate)
		}
		cfg.RootCAs = pool
	}
	switch {
	case c.CertFile != "" && c.KeyFile != "":
		cert, err := c.keyPair()
		if err != nil {
			return nil, err
		}
		cfg.Certificates = []tls.Certificate{cert}
	case c.CertFile != "":
		return nil, c.paramError(pCertFile, "give keyfile with certfile", ErrTLSCertKeyPair)
	case c.KeyFile != "":
		return nil, c.paramError(pKeyFile, "give certfile with keyfile", ErrTLSCertKeyPair)
	}
	if c.Verify == "verify_none" {
		cfg.InsecureSkipVerify = true
	} else if c.HasDepth {
		depth := c.Depth
		cfg.VerifyPeerCertificate = func(_ [][]byte, chains [][]*x509.Certificate) error {
			for _, chain := range chains {
				if len(chain)-2 <= depth {
					return nil
				}
			}
			return ErrTLSDepth
		}
	}
	return cfg, nil
}

// readFile reads the file of parameter id, with an error that holds no
// path.
func (c Config) readFile(id int, path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err == nil {
		return data, nil
	}
	reason := ErrTLSFile
	var pe *fs.PathError
	if errors.As(err, &pe) {
		reason = fmt.Errorf("%w: %w", ErrTLSFile, pe.Err)
	}
	return nil, c.paramError(id, registry[id].Name+" names a readable PEM file", reason)
}

// keyPair loads the client certificate of certfile and the key of keyfile.
func (c Config) keyPair() (tls.Certificate, error) {
	certPEM, err := c.readFile(pCertFile, c.CertFile)
	if err != nil {
		return tls.Certificate{}, err
	}
	if !hasCertificate(certPEM) {
		return tls.Certificate{}, c.paramError(pCertFile, "certfile names a PEM file that starts with the client certificate", ErrTLSNoCertificate)
	}
	keyPEM, err := c.readFile(pKeyFile, c.KeyFile)
	if err != nil {
		return tls.Certificate{}, err
	}
	der, typ, err := c.privateKey(keyPEM)
	if err != nil {
		return tls.Certificate{}, err
	}
	plain := pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der})
	cert, err := tls.X509KeyPair(certPEM, plain)
	clear(plain)
	clear(der)
	if err != nil {
		return tls.Certificate{}, c.paramError(pKeyFile, "keyfile holds the key of certfile's certificate", ErrTLSKeyMismatch)
	}
	return cert, nil
}

// hasCertificate reports whether data's first PEM certificate parses.
func hasCertificate(data []byte) bool {
	for {
		var b *pem.Block
		b, data = pem.Decode(data)
		if b == nil {
			return false
		}
		if b.Type == "CERTIFICATE" {
			_, err := x509.ParseCertificate(b.Bytes)
			return err == nil
		}
	}
}

// privateKey returns the DER of the first private key in data, decrypted
// with the password parameter when needed, and its PEM type.
func (c Config) privateKey(data []byte) (der []byte, typ string, err error) {
	const hint = "keyfile names a PEM private key (PKCS #1, PKCS #8 or EC)"
	for {
		var b *pem.Block
		b, data = pem.Decode(data)
		if b == nil {
			return nil, "", c.paramError(pKeyFile, hint, ErrTLSKey)
		}
		switch {
		case b.Type == "ENCRYPTED PRIVATE KEY":
			return nil, "", c.paramError(pKeyFile, `decrypt it first, e.g. "openssl pkcs8 -in key.pem -out plain.pem", or write it with legacy PEM encryption`, ErrTLSKeyPKCS8Encrypted)
		case !strings.HasSuffix(b.Type, "PRIVATE KEY"):
			continue
		}
		der = b.Bytes
		//lint:ignore SA1019 legacy PEM encryption is the only one Go's standard library decrypts.
		if x509.IsEncryptedPEMBlock(b) {
			if c.KeyPassword == "" {
				return nil, "", c.paramError(pKeyFile, "give the key's passphrase as the password parameter", ErrTLSKeyEncrypted)
			}
			//lint:ignore SA1019 see above.
			der, err = x509.DecryptPEMBlock(b, []byte(c.KeyPassword))
			if err != nil || !parsesAsKey(der) {
				return nil, "", c.paramError(pPassword, "the password parameter is the passphrase of keyfile", ErrTLSKeyPassphrase)
			}
		} else if !parsesAsKey(der) {
			return nil, "", c.paramError(pKeyFile, hint, ErrTLSKey)
		}
		return der, b.Type, nil
	}
}

// parsesAsKey reports whether der is a PKCS #1, PKCS #8 or SEC 1 private
// key, the forms tls.X509KeyPair reads.
func parsesAsKey(der []byte) bool {
	if _, err := x509.ParsePKCS1PrivateKey(der); err == nil {
		return true
	}
	if _, err := x509.ParsePKCS8PrivateKey(der); err == nil {
		return true
	}
	_, err := x509.ParseECPrivateKey(der)
	return err == nil
}
