package amqptls

import (
	"crypto/tls"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"net/netip"
	"os"
	"strings"

	"github.com/urikit/urikit/scheme/amqp"
	"github.com/urikit/urikit/uri"
)

// MinVersion is the lowest TLS version of Config: TLS 1.2, as amqp091-go
// v1.16.0 sets it when it builds the TLS configuration from the URI and as
// RabbitMQ's TLS guide recommends.
const MinVersion = tls.VersionTLS12

// The reasons of Config's errors, for errors.Is. Each is the Err of the
// *uri.Error inside an *amqp.Error whose Field names the parameter (see
// the package doc, Errors).
var (
	// ErrFile: the file of cacertfile, certfile or keyfile cannot be read.
	// The error also wraps the system's reason (errors.Is with
	// fs.ErrNotExist, fs.ErrPermission), never the path.
	ErrFile = errors.New("cannot read the file")
	// ErrNoCertificate: cacertfile or certfile holds no PEM "CERTIFICATE"
	// block that parses (amqp091-go silently uses an empty CA pool when
	// cacertfile holds none).
	ErrNoCertificate = errors.New("no PEM certificate in the file")
	// ErrKey: keyfile holds no PEM private key that parses as PKCS #1,
	// PKCS #8 or SEC 1 (EC).
	ErrKey = errors.New("no PEM private key in the file")
	// ErrKeyEncrypted: keyfile is encrypted and the URI has no password
	// parameter.
	ErrKeyEncrypted = errors.New("the key is encrypted and there is no password parameter")
	// ErrKeyPassphrase: the password parameter does not decrypt the key.
	ErrKeyPassphrase = errors.New("the password parameter does not decrypt the key")
	// ErrKeyPKCS8Encrypted: keyfile is an encrypted PKCS #8 key (PEM
	// "ENCRYPTED PRIVATE KEY", RFC 5958), which Go's standard library
	// cannot decrypt.
	ErrKeyPKCS8Encrypted = errors.New("an encrypted PKCS #8 key, which Go's standard library cannot decrypt")
	// ErrKeyMismatch: the key of keyfile is not the key of the
	// certificate of certfile.
	ErrKeyMismatch = errors.New("the key does not match the certificate")
	// ErrCertKeyPair: certfile without keyfile, or keyfile without
	// certfile (amqp091-go silently sends no client certificate then).
	ErrCertKeyPair = errors.New("certfile and keyfile go together")
	// ErrSNIDisable: server_name_indication=disable, which turns SNI off
	// in Erlang: crypto/tls sends SNI for every host name it verifies,
	// and Config never gives up verification for it.
	ErrSNIDisable = errors.New("SNI cannot be disabled while the host name is verified")
	// ErrNoServerName: an amqp.Config made by hand has neither a Host
	// nor a ServerName, so there is no name to check the server's
	// certificate against. The error's Field is "host", its Component
	// uri.ComponentHost and its Offset 0.
	ErrNoServerName = errors.New("no host and no server_name_indication to check the certificate against")
	// ErrDepth is the handshake's error when every verified chain has
	// more intermediate certificates than the depth parameter allows.
	ErrDepth = errors.New("amqptls: the server's certificate chain is longer than the depth parameter allows")
)

// Config returns the crypto/tls client configuration that the TLS
// parameters of c describe (RabbitMQ "URI Query Parameters": cacertfile,
// certfile, keyfile, password, verify, server_name_indication, depth):
// MinVersion TLS 1.2, RootCAs from cacertfile (nil, the system's roots,
// without it), the client certificate of certfile and keyfile,
// InsecureSkipVerify only for verify=verify_none, depth as a limit on the
// verified chain, and ServerName set to server_name_indication or else to
// c.Host without brackets; ServerName is never "", so that crypto/tls
// always checks the certificate against a name (for an IP address it
// sends no SNI and checks the IP SANs). The package doc says more.
//
// Config reads the files on each call. The error is an *amqp.Error whose
// Field names the parameter and whose reason is one of this package's
// Err* values; it never holds a path, a file's contents or the passphrase.
func Config(c amqp.Config) (*tls.Config, error) {
	host := c.Host
	if len(host) > 2 && host[0] == '[' && host[len(host)-1] == ']' && isIPv6(host[1:len(host)-1]) {
		// An IPv6 address in brackets, in a Config made by hand; an
		// IPvFuture keeps them (see amqp.URI.Hostname).
		host = host[1 : len(host)-1]
	}
	cfg := &tls.Config{MinVersion: MinVersion, ServerName: host}
	switch c.ServerName {
	case "":
		if host == "" {
			return nil, &amqp.Error{Field: "host", Hint: "set Host, or ServerName (server_name_indication), to the name in the server's certificate",
				URI: &uri.Error{Component: uri.ComponentHost, Err: ErrNoServerName}}
		}
	case "disable":
		return nil, paramError(c, "server_name_indication", `crypto/tls sends SNI whenever it checks the host name: remove server_name_indication=disable`, ErrSNIDisable)
	default:
		cfg.ServerName = c.ServerName
	}
	if c.CACertFile != "" {
		data, err := readFile(c, "cacertfile", c.CACertFile)
		if err != nil {
			return nil, err
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(data) {
			return nil, paramError(c, "cacertfile", "cacertfile names a PEM file of CA certificates", ErrNoCertificate)
		}
		cfg.RootCAs = pool
	}
	switch {
	case c.CertFile != "" && c.KeyFile != "":
		cert, err := keyPair(c)
		if err != nil {
			return nil, err
		}
		cfg.Certificates = []tls.Certificate{cert}
	case c.CertFile != "":
		return nil, paramError(c, "certfile", "give keyfile with certfile", ErrCertKeyPair)
	case c.KeyFile != "":
		return nil, paramError(c, "keyfile", "give certfile with keyfile", ErrCertKeyPair)
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
			return ErrDepth
		}
	}
	return cfg, nil
}

// isIPv6 reports whether h, a host without brackets, is an IPv6 address
// without a zone: only text of hex digits, "." and ":" is tried.
func isIPv6(h string) bool {
	for i := 0; i < len(h); i++ {
		if c := h[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' || c == '.' || c == ':') {
			return false
		}
	}
	a, err := netip.ParseAddr(h)
	return err == nil && a.Is6()
}

// paramError is the *amqp.Error of the parameter name of c, at the offset
// of its pair in the URI that made c (0 for a Config made by hand).
func paramError(c amqp.Config, name, hint string, reason error) *amqp.Error {
	off, _ := c.ParamOffset(name)
	return &amqp.Error{Field: name, Hint: hint, URI: &uri.Error{Offset: off, Component: uri.ComponentQuery, Err: reason}}
}

// readFile reads the file of the parameter name, with an error that holds
// no path.
func readFile(c amqp.Config, name, path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err == nil {
		return data, nil
	}
	reason := ErrFile
	var pe *fs.PathError
	if errors.As(err, &pe) {
		reason = fmt.Errorf("%w: %w", ErrFile, pe.Err)
	}
	return nil, paramError(c, name, name+" names a readable PEM file", reason)
}

// keyPair loads the client certificate of certfile and the key of keyfile.
func keyPair(c amqp.Config) (tls.Certificate, error) {
	certPEM, err := readFile(c, "certfile", c.CertFile)
	if err != nil {
		return tls.Certificate{}, err
	}
	if !hasCertificate(certPEM) {
		return tls.Certificate{}, paramError(c, "certfile", "certfile names a PEM file that starts with the client certificate", ErrNoCertificate)
	}
	keyPEM, err := readFile(c, "keyfile", c.KeyFile)
	if err != nil {
		return tls.Certificate{}, err
	}
	der, typ, err := privateKey(c, keyPEM)
	if err != nil {
		return tls.Certificate{}, err
	}
	plain := pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der})
	cert, err := tls.X509KeyPair(certPEM, plain)
	clear(plain)
	clear(der)
	if err != nil {
		return tls.Certificate{}, paramError(c, "keyfile", "keyfile holds the key of certfile's certificate", ErrKeyMismatch)
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
func privateKey(c amqp.Config, data []byte) (der []byte, typ string, err error) {
	const hint = "keyfile names a PEM private key (PKCS #1, PKCS #8 or EC)"
	for {
		var b *pem.Block
		b, data = pem.Decode(data)
		if b == nil {
			return nil, "", paramError(c, "keyfile", hint, ErrKey)
		}
		switch {
		case b.Type == "ENCRYPTED PRIVATE KEY":
			return nil, "", paramError(c, "keyfile", `decrypt it first, e.g. "openssl pkcs8 -in key.pem -out plain.pem", or write it with legacy PEM encryption`, ErrKeyPKCS8Encrypted)
		case !strings.HasSuffix(b.Type, "PRIVATE KEY"):
			continue
		}
		der = b.Bytes
		//lint:ignore SA1019 legacy PEM encryption is the only one Go's standard library decrypts.
		if x509.IsEncryptedPEMBlock(b) {
			if c.KeyPassword == "" {
				return nil, "", paramError(c, "keyfile", "give the key's passphrase as the password parameter", ErrKeyEncrypted)
			}
			//lint:ignore SA1019 see above.
			der, err = x509.DecryptPEMBlock(b, []byte(c.KeyPassword))
			if err != nil || !parsesAsKey(der) {
				return nil, "", paramError(c, "password", "the password parameter is the passphrase of keyfile", ErrKeyPassphrase)
			}
		} else if !parsesAsKey(der) {
			return nil, "", paramError(c, "keyfile", hint, ErrKey)
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
