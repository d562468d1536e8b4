package amqpdial_test

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	amqp091 "github.com/rabbitmq/amqp091-go"

	"github.com/urikit/urikit/amqpdial"
	"github.com/urikit/urikit/scheme"
	"github.com/urikit/urikit/scheme/amqp"
)

// broker is a RabbitMQ node of the test's own: loopback ports of its own,
// every file under a temporary directory, its own epmd.
type broker struct {
	t            *testing.T
	dir          string
	env          []string
	node         string
	port, tls    int
	ca, wrongCA  string // PEM files
	cert, key    string // the client's, CN clientCN
	ctl          string
	serverIPOnly bool
}

// clientCN is the common name of the client certificate, the user that
// EXTERNAL logs in as.
const clientCN = "ext-user"

// startBroker starts a node for the test and stops it when the test ends;
// without rabbitmq-server it skips, or fails when URIKIT_REQUIRE_BROKER is
// set (.ci/run sets it).
func startBroker(t *testing.T) *broker {
	server := findBinary("rabbitmq-server")
	ctl := findBinary("rabbitmqctl")
	if server == "" || ctl == "" {
		msg := "rabbitmq-server is not installed (Debian package rabbitmq-server): the broker test needs a RabbitMQ node of its own"
		if os.Getenv("URIKIT_REQUIRE_BROKER") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	dir := t.TempDir()
	b := &broker{t: t, dir: dir, ctl: ctl, node: fmt.Sprintf("urikit%d@localhost", os.Getpid())}
	ports := freePorts(t, 4)
	b.port, b.tls = ports[0], ports[1]
	b.writeCerts()
	for _, d := range []string{"home", "mnesia", "log"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	conf := fmt.Sprintf(`listeners.tcp.1 = 127.0.0.1:%d
listeners.ssl.1 = 127.0.0.1:%d
ssl_options.cacertfile = %s
ssl_options.certfile = %s
ssl_options.keyfile = %s
ssl_options.verify = verify_peer
ssl_options.fail_if_no_peer_cert = false
ssl_cert_login_from = common_name
auth_mechanisms.1 = PLAIN
auth_mechanisms.2 = AMQPLAIN
auth_mechanisms.3 = EXTERNAL
loopback_users = none
`, b.port, b.tls, b.ca, filepath.Join(dir, "server.pem"), filepath.Join(dir, "server.key"))
	write(t, filepath.Join(dir, "rabbitmq.conf"), conf)
	write(t, filepath.Join(dir, "enabled_plugins"), "[rabbitmq_auth_mechanism_ssl].\n")
	b.env = append(os.Environ(),
		"HOME="+filepath.Join(dir, "home"),
		"ERL_EPMD_PORT="+strconv.Itoa(ports[2]),
		"RABBITMQ_NODENAME="+b.node,
		"RABBITMQ_NODE_IP_ADDRESS=127.0.0.1",
		"RABBITMQ_NODE_PORT="+strconv.Itoa(b.port),
		"RABBITMQ_DIST_PORT="+strconv.Itoa(ports[3]),
		"RABBITMQ_MNESIA_BASE="+filepath.Join(dir, "mnesia"),
		"RABBITMQ_LOG_BASE="+filepath.Join(dir, "log"),
		"RABBITMQ_CONFIG_FILE="+filepath.Join(dir, "rabbitmq.conf"),
		"RABBITMQ_ENABLED_PLUGINS_FILE="+filepath.Join(dir, "enabled_plugins"),
		"RABBITMQ_PLUGINS_EXPAND_DIR="+filepath.Join(dir, "plugins"),
		"RABBITMQ_PID_FILE="+filepath.Join(dir, "pid"),
	)
	cmd := exec.Command(server)
	cmd.Env = b.env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		b.run("stop")
		cmd.Process.Kill()
		cmd.Wait()
		epmd := exec.Command("epmd", "-kill")
		epmd.Env = b.env
		epmd.Run()
	})
	// await_startup fails at once while the node is not yet registered
	// with epmd: ask again until it answers.
	deadline := time.Now().Add(60 * time.Second)
	for {
		msg, err := b.run("await_startup", "--timeout", "10")
		if err == nil {
			break
		}
		if time.Now().After(deadline) || cmd.ProcessState != nil {
			logs, _ := filepath.Glob(filepath.Join(dir, "log", "*.log"))
			var tail string
			for _, l := range logs {
				data, _ := os.ReadFile(l)
				tail += string(data[max(0, len(data)-2000):])
			}
			t.Fatalf("the node did not start: %v\n%s\n%s\n%s", err, msg, out.String(), tail)
		}
		time.Sleep(500 * time.Millisecond)
	}
	return b
}

// run runs rabbitmqctl against the node.
func (b *broker) run(args ...string) (string, error) {
	cmd := exec.Command(b.ctl, append([]string{"-q", "--node", b.node}, args...)...)
	cmd.Env = b.env
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// must runs rabbitmqctl and fails the test on an error.
func (b *broker) must(args ...string) string {
	out, err := b.run(args...)
	if err != nil {
		b.t.Fatalf("rabbitmqctl %q: %v\n%s", args, err, out)
	}
	return out
}

// connections returns the rows of list_connections for the items given.
func (b *broker) connections(items ...string) []string {
	var rows []string
	for _, l := range strings.Split(strings.TrimSpace(b.must(append([]string{"list_connections"}, items...)...)), "\n")[1:] {
		rows = append(rows, l)
	}
	return rows
}

// TestBroker dials a RabbitMQ node of its own and asks the node, with
// rabbitmqctl, where each connection landed: users and vhosts whose names
// hold delimiters, spaces and non-ASCII, through Dial and through Build's
// output; the tuning parameters; TLS with the right CA, a wrong one and a
// wrong name; EXTERNAL; a failover list with a dead node first.
func TestBroker(t *testing.T) {
	if testing.Short() {
		t.Skip("the broker test starts a RabbitMQ node")
	}
	b := startBroker(t)
	addr := "127.0.0.1:" + strconv.Itoa(b.port)

	vhosts := []string{"/", "prod", "a/b", "ünïcode", "with space", "%"}
	users := [][2]string{{"guest", "guest"}, {"u@:/?#%+&=", "p@:/?#%+&="}, {"with space", "pass word"}, {"jöhn ü", "pässwörd ü"}}
	for _, v := range vhosts {
		if v != "/" {
			b.must("add_vhost", v)
		}
	}
	for _, u := range users[1:] {
		b.must("add_user", u[0], u[1])
	}
	b.must("add_user", clientCN, "unused-"+strconv.Itoa(os.Getpid()))
	b.must("set_permissions", "-p", "/", clientCN, ".*", ".*", ".*")
	for i, v := range vhosts {
		u := users[i%len(users)]
		b.must("set_permissions", "-p", v, u[0], ".*", ".*", ".*")
		built, err := amqp.Build(amqp.Values{Username: u[0], HasUsername: true, Password: amqp.NewSecret(u[1]), HasPassword: true,
			Host: "127.0.0.1", Port: b.port, HasPort: true, Vhost: v, HasVhost: true})
		if err != nil {
			t.Fatal(err)
		}
		// Through Build's output, then through Dial of its text.
		for _, dial := range []func() (interface{ Close() error }, error){
			func() (interface{ Close() error }, error) { return amqpdial.DialURI(built) },
			func() (interface{ Close() error }, error) { return amqpdial.Dial(built.Unredacted().String()) },
		} {
			c, err := dial()
			if err != nil {
				t.Errorf("user %q vhost %q: %v", u[0], v, err)
				continue
			}
			want := u[0] + "\t" + v
			if rows := b.connections("user", "vhost"); !contains(rows, want) {
				t.Errorf("user %q vhost %q: the node lists %q", u[0], v, rows)
			}
			c.Close()
			b.waitNoConnections()
		}
	}

	// The same URIs through amqp091-go alone (amqp091.Dial of the text),
	// for the README's matrix: logged, not checked.
	for i, v := range vhosts {
		u := users[i%len(users)]
		built, _ := amqp.Build(amqp.Values{Username: u[0], HasUsername: true, Password: amqp.NewSecret(u[1]), HasPassword: true,
			Host: "127.0.0.1", Port: b.port, HasPort: true, Vhost: v, HasVhost: true})
		landed := "fails: "
		c, err := amqp091.Dial(built.Unredacted().String())
		if err != nil {
			landed += scheme.RedactText(err.Error())
		} else {
			landed = strings.Join(b.connections("user", "vhost"), ", ")
			c.Close()
			b.waitNoConnections()
		}
		t.Logf("matrix: user %q vhost %q: amqpdial lands as written; amqp091-go alone: %q", u[0], v, landed)
	}

	// Tuning: heartbeat, channel_max and frame_max as asked; heartbeat=0
	// gets the broker's interval with amqp091-go.
	for q, want := range map[string]string{
		"heartbeat=7&channel_max=9&frame_max=8192": "7\t9\t8192",
		"heartbeat=0": "60\t2047\t131072",
	} {
		c, err := amqpdial.Dial("amqp://guest:guest@" + addr + "/?" + q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		if rows := b.connections("timeout", "channel_max", "frame_max"); !contains(rows, want) {
			t.Errorf("%s: the node lists %q, want %q", q, rows, want)
		}
		c.Close()
		b.waitNoConnections()
		// The same through amqp091-go alone, for the README's matrix.
		if c, err := amqp091.Dial("amqp://guest:guest@" + addr + "/?" + q); err == nil {
			t.Logf("matrix: %s: amqpdial %q; amqp091-go alone: %q", q, want, b.connections("timeout", "channel_max", "frame_max"))
			c.Close()
			b.waitNoConnections()
		}
	}

	// TLS: verified with the right CA, by IP address; refused with a wrong
	// CA and with a wrong name; EXTERNAL logs in as the certificate's CN.
	tlsAddr := "127.0.0.1:" + strconv.Itoa(b.tls)
	q := func(kv ...string) string { return "?" + strings.Join(kv, "&") }
	ca := "cacertfile=" + b.ca
	for _, tt := range []struct {
		uri, user string // user: "" when the dial must fail
	}{
		{"amqps://guest:guest@" + tlsAddr + "/" + q(ca), "guest"},
		// An IP host with the certificate's name given for SNI.
		{"amqps://guest:guest@" + tlsAddr + "/" + q(ca, "server_name_indication=localhost"), "guest"},
		{"amqps://guest:guest@" + tlsAddr + "/" + q("cacertfile="+b.wrongCA), ""},
		{"amqps://guest:guest@" + tlsAddr + "/" + q(ca, "server_name_indication=wrong.example"), ""},
		{"amqps://localhost:" + strconv.Itoa(b.tls) + "/" + q(ca, "certfile="+b.cert, "keyfile="+b.key, "auth_mechanism=external"), clientCN},
	} {
		c, err := amqpdial.Dial(tt.uri)
		if tt.user == "" {
			if err == nil {
				c.Close()
				t.Errorf("%s: dialed, want a refusal", tt.uri)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.uri, err)
			continue
		}
		if rows := b.connections("user", "ssl"); !contains(rows, tt.user+"\ttrue") {
			t.Errorf("%s: the node lists %q", tt.uri, rows)
		}
		c.Close()
		b.waitNoConnections()
	}

	// The wrong scheme for the port gets a hint.
	if _, err := amqpdial.Dial("amqp://guest:guest@" + tlsAddr + "/?connection_timeout=5000"); err == nil || !strings.Contains(err.Error(), "use amqps://") {
		t.Errorf("amqp:// to the TLS port: %v", err)
	}

	// A failover list: the dead node first, then the live one.
	dead := freeAddr(t)
	var failed []string
	c, err := amqpdial.DialList("amqp://guest:guest@"+dead+"/, amqp://guest:guest@"+addr+"/", amqpdial.ListOptions{
		OnError: func(e *amqpdial.EntryError) { failed = append(failed, e.Error()) },
	})
	if err != nil || len(failed) != 1 {
		t.Errorf("DialList: %v, failed %q", err, failed)
	} else {
		c.Close()
	}
}

// waitNoConnections waits until the node lists no connection, so that the
// next check sees only its own.
func (b *broker) waitNoConnections() {
	for range 50 {
		if len(b.connections("user")) == 0 {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	b.t.Fatalf("connections stay open: %q", b.connections("user", "vhost"))
}

func contains(rows []string, want string) bool {
	for _, r := range rows {
		if r == want {
			return true
		}
	}
	return false
}

// findBinary looks name up in Debian's RabbitMQ directory, then in PATH.
// Debian's /usr/sbin/rabbitmq-server is a wrapper that runs the node as
// the user rabbitmq, which could not write the test's directory: the
// scripts themselves run as the test's user.
func findBinary(name string) string {
	if p := filepath.Join("/usr/lib/rabbitmq/bin", name); fileExists(p) {
		return p
	}
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	return ""
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// freePorts returns n loopback ports where nothing listens.
func freePorts(t *testing.T, n int) []int {
	var ports []int
	var lns []net.Listener
	for range n {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		lns = append(lns, ln)
		ports = append(ports, ln.Addr().(*net.TCPAddr).Port)
	}
	for _, ln := range lns {
		ln.Close()
	}
	return ports
}

func write(t *testing.T, path, s string) {
	if err := os.WriteFile(path, []byte(s), 0o600); err != nil {
		t.Fatal(err)
	}
}

// writeCerts writes a CA, the server's certificate for localhost and
// 127.0.0.1, a client certificate whose CN is clientCN, and another CA.
func (b *broker) writeCerts() {
	t := b.t
	caKey, caCert := newCA(t, "urikit test CA")
	_, wrongCert := newCA(t, "another CA")
	b.ca = filepath.Join(b.dir, "ca.pem")
	b.wrongCA = filepath.Join(b.dir, "wrong-ca.pem")
	writePEM(t, b.ca, "CERTIFICATE", caCert.Raw)
	writePEM(t, b.wrongCA, "CERTIFICATE", wrongCert.Raw)
	leaf := func(name, cn string, server bool) {
		key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		tmpl := &x509.Certificate{SerialNumber: big.NewInt(time.Now().UnixNano()), Subject: pkix.Name{CommonName: cn},
			NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
			KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth}}
		if server {
			tmpl.ExtKeyUsage = []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}
			tmpl.DNSNames = []string{"localhost"}
			tmpl.IPAddresses = []net.IP{net.ParseIP("127.0.0.1")}
		}
		der, err := x509.CreateCertificate(rand.Reader, tmpl, caCert, &key.PublicKey, caKey)
		if err != nil {
			t.Fatal(err)
		}
		kder, err := x509.MarshalPKCS8PrivateKey(key)
		if err != nil {
			t.Fatal(err)
		}
		writePEM(t, filepath.Join(b.dir, name+".pem"), "CERTIFICATE", der)
		writePEM(t, filepath.Join(b.dir, name+".key"), "PRIVATE KEY", kder)
	}
	leaf("server", "localhost", true)
	leaf("client", clientCN, false)
	b.cert, b.key = filepath.Join(b.dir, "client.pem"), filepath.Join(b.dir, "client.key")
}

func newCA(t *testing.T, cn string) (*ecdsa.PrivateKey, *x509.Certificate) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: cn},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	c, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return key, c
}

func writePEM(t *testing.T, path, typ string, der []byte) {
	write(t, path, string(pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der})))
}
