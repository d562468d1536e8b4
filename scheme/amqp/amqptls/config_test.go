package amqptls_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"math/big"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/urikit/urikit/internal/errtest"
	"github.com/urikit/urikit/scheme/amqp"
	"github.com/urikit/urikit/scheme/amqp/amqptls"
	"github.com/urikit/urikit/uri"
)

// pki is a test PKI made at test time: a root CA, an intermediate CA, a
// server certificate (localhost and 127.0.0.1) issued by the
// intermediate, a client certificate issued by the root, and their PEM
// files in a temporary directory.
type pki struct {
	dir                string
	root               *x509.Certificate
	server             tls.Certificate // leaf and intermediate
	caFile             string          // the root, PEM
	clientCert         string          // the client certificate, PEM
	clientKey          string          // its key, PKCS #8 PEM
	clientKeyEC        string          // its key, SEC 1 PEM
	clientKeyEncrypted string          // its key, SEC 1 with legacy PEM encryption
	clientKeyPKCS8Enc  string          // a PEM "ENCRYPTED PRIVATE KEY"
	otherKey           string          // a key of no certificate here
}

const keyPassphrase = "k3y-phr4se"

func newKey(t *testing.T) *ecdsa.PrivateKey {
	t.Helper()
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func issue(t *testing.T, tmpl, parent *x509.Certificate, pub, signer any) *x509.Certificate {
	t.Helper()
	der, err := x509.CreateCertificate(rand.Reader, tmpl, parent, pub, signer)
	if err != nil {
		t.Fatal(err)
	}
	c, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func writePEM(t *testing.T, dir, name string, blocks ...*pem.Block) string {
	t.Helper()
	var b []byte
	for _, blk := range blocks {
		b = append(b, pem.EncodeToMemory(blk)...)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func newPKI(t *testing.T) *pki {
	t.Helper()
	dir := t.TempDir()
	now := time.Now()
	ca := func(serial int64, name string) *x509.Certificate {
		return &x509.Certificate{SerialNumber: big.NewInt(serial), Subject: pkix.Name{CommonName: name},
			NotBefore: now.Add(-time.Hour), NotAfter: now.Add(time.Hour), IsCA: true, BasicConstraintsValid: true,
			KeyUsage: x509.KeyUsageCertSign}
	}
	rootKey, interKey, serverKey, clientKey := newKey(t), newKey(t), newKey(t), newKey(t)
	root := issue(t, ca(1, "test root"), ca(1, "test root"), &rootKey.PublicKey, rootKey)
	inter := issue(t, ca(2, "test intermediate"), root, &interKey.PublicKey, rootKey)
	server := issue(t, &x509.Certificate{SerialNumber: big.NewInt(3), Subject: pkix.Name{CommonName: "localhost"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(time.Hour), DNSNames: []string{"localhost"},
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		KeyUsage: x509.KeyUsageDigitalSignature}, inter, &serverKey.PublicKey, interKey)
	client := issue(t, &x509.Certificate{SerialNumber: big.NewInt(4), Subject: pkix.Name{CommonName: "client"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(time.Hour), ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth},
		KeyUsage: x509.KeyUsageDigitalSignature}, root, &clientKey.PublicKey, rootKey)

	p := &pki{dir: dir, root: root}
	p.server = tls.Certificate{Certificate: [][]byte{server.Raw, inter.Raw}, PrivateKey: serverKey}
	p.caFile = writePEM(t, dir, "ca.pem", &pem.Block{Type: "CERTIFICATE", Bytes: root.Raw})
	p.clientCert = writePEM(t, dir, "client.pem", &pem.Block{Type: "CERTIFICATE", Bytes: client.Raw})
	pkcs8, err := x509.MarshalPKCS8PrivateKey(clientKey)
	if err != nil {
		t.Fatal(err)
	}
	p.clientKey = writePEM(t, dir, "client-key.pem", &pem.Block{Type: "PRIVATE KEY", Bytes: pkcs8})
	sec1, err := x509.MarshalECPrivateKey(clientKey)
	if err != nil {
		t.Fatal(err)
	}
	p.clientKeyEC = writePEM(t, dir, "client-key-ec.pem", &pem.Block{Type: "EC PRIVATE KEY", Bytes: sec1})
	//lint:ignore SA1019 legacy PEM encryption is what Config opens.
	enc, err := x509.EncryptPEMBlock(rand.Reader, "EC PRIVATE KEY", sec1, []byte(keyPassphrase), x509.PEMCipherAES256)
	if err != nil {
		t.Fatal(err)
	}
	p.clientKeyEncrypted = writePEM(t, dir, "client-key-enc.pem", enc)
	p.clientKeyPKCS8Enc = writePEM(t, dir, "client-key-pkcs8enc.pem", &pem.Block{Type: "ENCRYPTED PRIVATE KEY", Bytes: []byte{0x30, 0x03, 0x02, 0x01, 0x00}})
	other, err := x509.MarshalPKCS8PrivateKey(newKey(t))
	if err != nil {
		t.Fatal(err)
	}
	p.otherKey = writePEM(t, dir, "other-key.pem", &pem.Block{Type: "PRIVATE KEY", Bytes: other})
	return p
}

// serve starts a TLS server on 127.0.0.1 that presents p's server chain
// and, when clientAuth, requires a client certificate issued by p's root.
// Each handshake's SNI and client certificate count go to the channel.
func (p *pki) serve(t *testing.T, clientAuth bool) (port string, hellos chan string) {
	t.Helper()
	pool := x509.NewCertPool()
	pool.AddCert(p.root)
	hellos = make(chan string, 1)
	cfg := &tls.Config{Certificates: []tls.Certificate{p.server}, ClientCAs: pool, MinVersion: tls.VersionTLS12}
	if clientAuth {
		cfg.ClientAuth = tls.RequireAndVerifyClientCert
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			tc := tls.Server(c, cfg)
			tc.SetDeadline(time.Now().Add(10 * time.Second))
			if err := tc.Handshake(); err == nil {
				st := tc.ConnectionState()
				hellos <- fmt.Sprintf("sni=%q certs=%d", st.ServerName, len(st.PeerCertificates))
			}
			tc.Close()
		}
	}()
	_, port, _ = net.SplitHostPort(ln.Addr().String())
	return port, hellos
}

// dial builds the TLS configuration of the URI s and handshakes with the
// server on 127.0.0.1:port.
func dial(t *testing.T, s, port string) error {
	t.Helper()
	c, err := amqp.MustParse(s).Config()
	if err != nil {
		t.Fatalf("%s: Config: %v", s, err)
	}
	cfg, err := amqptls.Config(c)
	if err != nil {
		t.Fatalf("%s: amqptls.Config: %v", s, err)
	}
	conn, err := net.DialTimeout("tcp", net.JoinHostPort("127.0.0.1", port), 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	tc := tls.Client(conn, cfg)
	tc.SetDeadline(time.Now().Add(10 * time.Second))
	return tc.Handshake()
}

// q escapes a path as a query value.
func q(path string) string { return url.QueryEscape(path) }

func TestConfigHandshake(t *testing.T) {
	p := newPKI(t)
	port, hellos := p.serve(t, true)
	mtls := "?cacertfile=" + q(p.caFile) + "&certfile=" + q(p.clientCert) + "&keyfile="
	tests := []struct {
		name, uri, hello string
	}{
		{"host name, PKCS #8 key", "amqps://localhost:" + port + mtls + q(p.clientKey), `sni="localhost" certs=1`},
		{"IP host: no SNI, IP SAN checked", "amqps://127.0.0.1:" + port + mtls + q(p.clientKey), `sni="" certs=1`},
		{"server_name_indication", "amqps://127.0.0.1:" + port + mtls + q(p.clientKeyEC) + "&server_name_indication=localhost", `sni="localhost" certs=1`},
		{"encrypted key", "amqps://localhost:" + port + mtls + q(p.clientKeyEncrypted) + "&password=" + keyPassphrase, `sni="localhost" certs=1`},
		{"depth 1 allows the intermediate", "amqps://localhost:" + port + mtls + q(p.clientKey) + "&depth=1", `sni="localhost" certs=1`},
	}
	for _, tt := range tests {
		if err := dial(t, tt.uri, port); err != nil {
			t.Errorf("%s: handshake: %v", tt.name, err)
			continue
		}
		if got := <-hellos; got != tt.hello {
			t.Errorf("%s: server saw %s, want %s", tt.name, got, tt.hello)
		}
	}
}

func TestConfigRefusesServer(t *testing.T) {
	p := newPKI(t)
	port, hellos := p.serve(t, false)
	ca := "?cacertfile=" + q(p.caFile)
	for _, s := range []string{
		"amqps://localhost:" + port + ca + "&server_name_indication=broker.example", // name mismatch
		"amqps://[::1]:" + port + ca,                  // no IP SAN ::1
		"amqps://localhost:" + port,                   // system roots do not hold the test root
		"amqps://localhost:" + port + ca + "&depth=0", // an intermediate follows the server's certificate
		"amqps://localhost:" + port + ca + "&verify=verify_peer&depth=0",
	} {
		if err := dial(t, s, port); err == nil {
			t.Errorf("%s: handshake succeeded", s)
			<-hellos
		} else if strings.Contains(s, "depth=0") && !errors.Is(err, amqptls.ErrDepth) {
			t.Errorf("%s: %v, want ErrTLSDepth", s, err)
		}
	}
	// verify_none skips the check of an unknown root.
	if err := dial(t, "amqps://localhost:"+port+"?verify=verify_none", port); err != nil {
		t.Errorf("verify_none: %v", err)
	} else {
		<-hellos
	}
}

func TestConfigFields(t *testing.T) {
	p := newPKI(t)
	for _, tt := range []struct {
		in, serverName string
		insecure       bool
		roots, certs   bool
	}{
		{"amqps://", "localhost", false, false, false},
		{"amqps://[::1]", "::1", false, false, false},
		{"amqps://B%C3%BCcher.example?verify=verify_none", "Bücher.example", true, false, false},
		{"amqps://h?server_name_indication=broker&cacertfile=" + q(p.caFile), "broker", false, true, false},
		{"amqps://h?certfile=" + q(p.clientCert) + "&keyfile=" + q(p.clientKey) + "&fail_if_no_peer_cert=true", "h", false, false, true},
		{"amqp://h?customize_hostname_check=https", "h", false, false, false},
	} {
		c, err := amqp.MustParse(tt.in).Config()
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := amqptls.Config(c)
		if err != nil {
			t.Errorf("%s: %v", tt.in, err)
			continue
		}
		if cfg.ServerName != tt.serverName || cfg.InsecureSkipVerify != tt.insecure || (cfg.RootCAs != nil) != tt.roots ||
			(len(cfg.Certificates) == 1) != tt.certs || cfg.MinVersion != tls.VersionTLS12 {
			t.Errorf("%s: ServerName %q, InsecureSkipVerify %v, RootCAs %v, %d certificates, MinVersion %x", tt.in,
				cfg.ServerName, cfg.InsecureSkipVerify, cfg.RootCAs != nil, len(cfg.Certificates), cfg.MinVersion)
		}
	}
}

// TestConfigByHand: a Config made by hand without a host and without
// server_name_indication has no name to check the server's certificate
// against: an error, never an empty ServerName.
func TestConfigByHand(t *testing.T) {
	for _, c := range []amqp.Config{{Scheme: "amqps"}, {Scheme: "amqps", Verify: "verify_none"}, {}} {
		cfg, err := amqptls.Config(c)
		var e *amqp.Error
		if cfg != nil || !errors.Is(err, amqptls.ErrNoServerName) || !errors.As(err, &e) || e.Field != "host" || e.URI.Component != uri.ComponentHost {
			t.Errorf("%amqptls.Config(v) = %v, %v; want ErrTLSNoServerName on the host", c, cfg, err)
		}
	}
	for c, want := range map[*amqp.Config]string{
		{Scheme: "amqps", ServerName: "broker"}: "broker",
		{Scheme: "amqps", Host: "h"}:            "h",
		{Scheme: "amqps", Host: "[::1]"}:        "::1",
		{Scheme: "amqps", Host: "[v1.x]"}:       "[v1.x]",
	} {
		cfg, err := amqptls.Config(*c)
		if err != nil || cfg.ServerName != want {
			t.Errorf("%amqptls.Config(v) = %v, %v; want ServerName %q", *c, cfg, err, want)
		}
	}
}

// tlsErrors returns the inputs whose amqptls.Config fails, with the field,
// the reason and the offset of the parameter's pair.
func tlsErrors(p *pki, pass string) []struct {
	in     string
	field  string
	reason error
	offset int
} {
	missing := filepath.Join(p.dir, "missing.pem")
	notPEM := filepath.Join(p.dir, "ca.pem.txt")
	os.WriteFile(notPEM, []byte("not a certificate "+pass), 0o600)
	return []struct {
		in     string
		field  string
		reason error
		offset int
	}{
		{"amqps://h?cacertfile=" + q(missing), "cacertfile", fs.ErrNotExist, 10},
		{"amqps://h?x=1&cacertfile=" + q(notPEM), "cacertfile", amqptls.ErrNoCertificate, 14},
		{"amqps://h?cacertfile=" + q(p.dir), "cacertfile", amqptls.ErrFile, 10},
		{"amqps://h?certfile=" + q(p.clientCert), "certfile", amqptls.ErrCertKeyPair, 10},
		{"amqps://h?keyfile=" + q(p.clientKey), "keyfile", amqptls.ErrCertKeyPair, 10},
		{"amqps://h?certfile=" + q(missing) + "&keyfile=" + q(p.clientKey), "certfile", fs.ErrNotExist, 10},
		{"amqps://h?certfile=" + q(p.clientKey) + "&keyfile=" + q(p.clientKey), "certfile", amqptls.ErrNoCertificate, 10},
		{"amqps://h?certfile=" + q(p.clientCert) + "&keyfile=" + q(missing), "keyfile", fs.ErrNotExist, 20 + len(q(p.clientCert))},
		{"amqps://h?certfile=" + q(p.clientCert) + "&keyfile=" + q(p.clientCert), "keyfile", amqptls.ErrKey, 20 + len(q(p.clientCert))},
		{"amqps://h?certfile=" + q(p.clientCert) + "&keyfile=" + q(p.otherKey), "keyfile", amqptls.ErrKeyMismatch, 20 + len(q(p.clientCert))},
		{"amqps://h?certfile=" + q(p.clientCert) + "&keyfile=" + q(p.clientKeyPKCS8Enc) + "&password=" + q(pass), "keyfile", amqptls.ErrKeyPKCS8Encrypted, 20 + len(q(p.clientCert))},
		{"amqps://h?certfile=" + q(p.clientCert) + "&keyfile=" + q(p.clientKeyEncrypted), "keyfile", amqptls.ErrKeyEncrypted, 20 + len(q(p.clientCert))},
		{"amqps://h?password=" + q(pass) + "&certfile=" + q(p.clientCert) + "&keyfile=" + q(p.clientKeyEncrypted), "password", amqptls.ErrKeyPassphrase, 10},
		{"amqps://h?server_name_indication=disable&password=" + q(pass), "server_name_indication", amqptls.ErrSNIDisable, 10},
	}
}

func TestConfigErrors(t *testing.T) {
	p := newPKI(t)
	for _, tt := range tlsErrors(p, "wr0ng-pass") {
		c, err := amqp.MustParse(tt.in).Config()
		if err != nil {
			t.Fatalf("%s: %v", tt.in, err)
		}
		cfg, err := amqptls.Config(c)
		var e *amqp.Error
		if !errors.As(err, &e) || cfg != nil {
			t.Errorf("%s: %v, %v; want an *amqp.Error", tt.in, cfg, err)
			continue
		}
		if e.Field != tt.field || !errors.Is(err, tt.reason) || e.URI.Offset != tt.offset || e.URI.Component != uri.ComponentQuery || e.Hint == "" {
			t.Errorf("%s: %v (field %q, offset %d); want field %q, reason %v, offset %d", tt.in, err, e.Field, e.URI.Offset, tt.field, tt.reason, tt.offset)
		}
		if strings.Contains(err.Error(), p.dir) || strings.Contains(err.Error(), "wr0ng") {
			t.Errorf("%s: the error shows input: %v", tt.in, err)
		}
	}
}

// secretPasswords hold "@", "#", "/", "?", "%" and ":".
var secretPasswords = []string{"s3cr3t", "p@ss:w0rd", "pa#ss/wd?x", "100%sure", "::::", "p%40ss", "ab/cd#ef", "we?rd@#"}

// TestSecretsNeverShow runs every error path of Config, and valid
// configurations, with login passwords and key passphrases that hold "@",
// "#", "/", "?", "%" and ":", and requires that no 4-byte piece of them,
// nor of a key file's contents, appears in any output.
func TestSecretsNeverShow(t *testing.T) {
	p := newPKI(t)
	keyPEM, err := os.ReadFile(p.clientKey)
	if err != nil {
		t.Fatal(err)
	}
	keyBody := strings.Split(string(keyPEM), "\n")[1] // base64 of the key
	for _, pw := range secretPasswords {
		enc := uri.EscapeQueryPart(pw)
		var inputs []string
		for _, tt := range tlsErrors(p, pw) {
			inputs = append(inputs, strings.Replace(tt.in, "amqps://h", "amqps://user:"+uri.EscapeUserinfoPart(pw)+"@h", 1))
		}
		inputs = append(inputs, "amqps://u:"+uri.EscapeUserinfoPart(pw)+"@h?password="+enc+"&certfile="+q(p.clientCert)+"&keyfile="+q(p.clientKey))
		for _, in := range inputs {
			c, err := amqp.MustParse(in).Config()
			if err != nil {
				t.Fatalf("%q: %v", in, err)
			}
			j, _ := json.Marshal(c)
			outs := []string{c.String(), string(j), fmt.Sprintf("%v %+v %#v %q", c, c, c, c), fmt.Sprintf("%v %+v", c.Fields(), c.Fields())}
			if _, err = amqptls.Config(c); err != nil {
				j, _ := json.Marshal(err)
				outs = append(outs, err.Error(), fmt.Sprintf("%v %+v %#v", err, err, err), string(j))
			}
			for _, o := range outs {
				if piece, bad := errtest.Leak(o, pw); bad {
					t.Errorf("%q: output %q holds %q of a secret", in, o, piece)
				}
				if piece, bad := errtest.Leak(o, keyBody); bad {
					t.Errorf("%q: output %q holds %q of the key file", in, o, piece)
				}
			}
		}
	}
}
