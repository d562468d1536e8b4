package amqpdial_test

import (
	"crypto/tls"
	"errors"
	"net"
	"strings"
	"testing"
	"time"

	amqp091 "github.com/rabbitmq/amqp091-go"

	"github.com/urikit/urikit/amqpdial"
	"github.com/urikit/urikit/scheme/amqp"
)

// TestConfig: what each part of the URI becomes in amqp091.Config, with
// the traps of mapping it by hand: an absent heartbeat is amqp091-go's
// 10 s, heartbeat=0 travels as 0; an absent frame_max is 131072 and
// frame_max=0 is FrameSizeUnlimited; the vhost is decoded.
func TestConfig(t *testing.T) {
	tests := []struct {
		in        string
		addr      string
		vhost     string
		heartbeat time.Duration
		frame     int
		channels  uint16
		mechs     []string
	}{
		{"amqp://h", "h:5672", "/", 10 * time.Second, 131072, 0, []string{"PLAIN"}},
		{"amqp://u:p@h:1/%2F?heartbeat=0&frame_max=0&channel_max=7", "h:1", "/", 0, amqp091.FrameSizeUnlimited, 7, []string{"PLAIN"}},
		{"amqp://h/a%2Fb?heartbeat=30&frame_max=8192", "h:5672", "a/b", 30 * time.Second, 8192, 0, []string{"PLAIN"}},
		{"amqp://[::1]/%C3%BCn%C3%AFcode?auth_mechanism=amqplain&auth_mechanism=external", "[::1]:5672", "ünïcode", 10 * time.Second, 131072, 0, []string{"AMQPLAIN", "EXTERNAL"}},
		{"amqps://h/with%20space?auth_mechanism=EXTERNAL", "h:5671", "with space", 10 * time.Second, 131072, 0, []string{"EXTERNAL"}},
	}
	for _, tt := range tests {
		addr, cfg, err := amqpdial.Config(amqp.MustParse(tt.in))
		if err != nil {
			t.Errorf("%q: %v", tt.in, err)
			continue
		}
		var mechs []string
		for _, a := range cfg.SASL {
			mechs = append(mechs, a.Mechanism())
		}
		if addr != tt.addr || cfg.Vhost != tt.vhost || cfg.Heartbeat != tt.heartbeat || cfg.FrameSize != tt.frame ||
			cfg.ChannelMax != tt.channels || strings.Join(mechs, " ") != strings.Join(tt.mechs, " ") || cfg.Dial == nil || cfg.Locale == "" {
			t.Errorf("%q: %s %+v, mechanisms %v", tt.in, addr, cfg, mechs)
		}
		if (cfg.TLSClientConfig != nil) != strings.HasPrefix(tt.in, "amqps:") {
			t.Errorf("%q: TLSClientConfig %v", tt.in, cfg.TLSClientConfig)
		}
	}
	_, cfg, _ := amqpdial.Config(amqp.MustParse("amqp://us%40er:p%3Ass@h"))
	if p, ok := cfg.SASL[0].(*amqp091.PlainAuth); !ok || p.Username != "us@er" || p.Password != "p:ss" {
		t.Errorf("PLAIN credentials %+v, want the decoded ones", cfg.SASL[0])
	}
	if _, _, err := amqpdial.Config(amqp.MustParse("amqp://h?auth_mechanism=RABBIT-CR-DEMO")); !errors.Is(err, amqpdial.ErrMechanism) {
		t.Errorf("an unsupported mechanism: %v", err)
	}
}

// TestDialErrors: a refused connection and a server that never answers
// (bounded by connection_timeout) fail with an error that names the URI
// masked and holds no password.
func TestDialErrors(t *testing.T) {
	closed := freeAddr(t)
	silent := listen(t, func(c net.Conn) { time.Sleep(5 * time.Second); c.Close() })
	for _, in := range []string{
		"amqp://app:s3cr3t@" + closed + "/v",
		"amqp://app:s3cr3t@" + silent + "/v?connection_timeout=300",
	} {
		start := time.Now()
		_, err := amqpdial.Dial(in)
		if err == nil {
			t.Fatalf("%q: dialed", in)
		}
		if d := time.Since(start); d > 4*time.Second {
			t.Errorf("%q: failed after %v, want connection_timeout to bound it", in, d)
		}
		var de *amqpdial.Error
		if !errors.As(err, &de) || strings.Contains(err.Error(), "s3cr3t") || !strings.Contains(err.Error(), "app:xxxxx@") {
			t.Errorf("%q: error %q (%T)", in, err, err)
		}
	}
}

// TestWrongPortHints: amqps:// to a port without TLS, and amqp:// to a TLS
// port, fail with a hint to use the other scheme.
func TestWrongPortHints(t *testing.T) {
	plain := listen(t, func(c net.Conn) { c.Write([]byte("AMQP\x00\x00\x09\x01")); time.Sleep(time.Second); c.Close() })
	_, err := amqpdial.Dial("amqps://u:pw@" + plain + "/v?verify=verify_none&connection_timeout=2000")
	if err == nil || !strings.Contains(err.Error(), "use amqp://") {
		t.Errorf("amqps to a plain port: %v", err)
	}
	key, cert := newCA(t, "127.0.0.1")
	srv := &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{cert.Raw}, PrivateKey: key}}}
	tlsAddr := listen(t, func(c net.Conn) { tc := tls.Server(c, srv); tc.Handshake(); tc.Close() })
	_, err = amqpdial.Dial("amqp://u:pw@" + tlsAddr + "/v?connection_timeout=2000")
	if err == nil || !strings.Contains(err.Error(), "use amqps://") {
		t.Errorf("amqp to a TLS port: %v", err)
	}
}

// TestDialList: entries in order, every error kept and masked; an entry
// that does not parse fails the list unless skipped.
func TestDialList(t *testing.T) {
	a, b := freeAddr(t), freeAddr(t)
	list := "amqp://u:s3cr3t@" + a + "/v, amqp://u:s3cr3t@h:99999, amqp://u:s3cr3t@" + b + "/v"
	if _, err := amqpdial.DialList(list, amqpdial.ListOptions{}); !errors.Is(err, amqp.ErrPortRange) {
		t.Errorf("a list with a bad entry: %v, want the parse error", err)
	}
	var seen []int
	_, err := amqpdial.DialList(list, amqpdial.ListOptions{SkipInvalid: true, OnError: func(e *amqpdial.EntryError) { seen = append(seen, e.Index) }})
	var le amqpdial.ListError
	if !errors.As(err, &le) || len(le) != 3 || le[0].Index != 0 || le[1].Index != 1 || le[2].Index != 2 || !errors.Is(err, amqp.ErrPortRange) {
		t.Fatalf("DialList: %v", err)
	}
	if len(seen) != 3 || strings.Contains(err.Error(), "s3cr3t") {
		t.Errorf("OnError saw %v; error %q", seen, err)
	}
	if _, err := amqpdial.DialList(" , ", amqpdial.ListOptions{}); !errors.Is(err, amqp.ErrEmptyList) {
		t.Errorf("an empty list: %v", err)
	}
}

// freeAddr returns a loopback address where nothing listens.
func freeAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// listen serves each connection with serve until the test ends.
func listen(t *testing.T, serve func(net.Conn)) string {
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
			go serve(c)
		}
	}()
	return ln.Addr().String()
}

// TestErrorMasksEchoes: a broker's reason that echoes a user name with
// the shape of an access token shows it masked, as the URI does; Open
// refuses a Recovery that amqp091-go would not run.
func TestErrorMasksEchoes(t *testing.T) {
	const tok = "ghp_abcdefghijklmnopqrstuvwxyz0123456789"
	e := &amqpdial.Error{URI: amqp.MustParse("amqp://" + tok + ":pw@h/v"), Err: errors.New("NOT_ALLOWED - access to vhost 'v' refused for user '" + tok + "'")}
	if strings.Contains(e.Error(), tok) {
		t.Errorf("Error() = %q, which shows the token", e.Error())
	}
	_, cfg, _ := amqpdial.Config(amqp.MustParse("amqp://h"))
	cfg.Recovery = &amqp091.Recovery{}
	if _, err := amqpdial.Open(amqp.MustParse("amqp://h"), "127.0.0.1:1", cfg); !errors.Is(err, amqpdial.ErrRecovery) {
		t.Errorf("Open with Recovery: %v", err)
	}
}
