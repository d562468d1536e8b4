package conformance

import (
	"strings"
	"testing"
)

// TestAMQPMismatchHidesPassword: whatever disagrees, the checker's message
// shows neither the parsed password nor the vector's (RabbitMQ URI spec,
// Security considerations).
func TestAMQPMismatchHidesPassword(t *testing.T) {
	secrets := []string{"s3cr3t", "0th3rs"}
	lines := []string{
		// The code's password and the vector's differ.
		`{"op":"amqp","input":"amqp://u:s3cr3t@h","valid":true,"username":"u","password":"0th3rs","host":"h","port":null,"vhost":null,"source":"derived: x"}`,
		// Present against absent, both ways.
		`{"op":"amqp","input":"amqp://u:s3cr3t@h","valid":true,"username":"u","password":null,"host":"h","port":null,"vhost":null,"source":"derived: x"}`,
		`{"op":"amqp","input":"amqp://u@h","valid":true,"username":"u","password":"0th3rs","host":"h","port":null,"vhost":null,"source":"derived: x"}`,
		// Every other field wrong, the password right.
		`{"op":"amqp","input":"amqp://u:s3cr3t@h:1/v","valid":true,"username":"x","password":"s3cr3t","host":"y","port":2,"vhost":"z","source":"derived: x"}`,
		// Parse fails where the vector expects success.
		`{"op":"amqp","input":"amqp://u:s3cr3t@h:99999","valid":true,"username":"u","password":"s3cr3t","host":"h","port":99999,"vhost":null,"source":"derived: x"}`,
		`{"op":"amqp","input":"amqp://u:s3cr3t@h/a/b","valid":true,"username":"u","password":"s3cr3t","host":"h","port":null,"vhost":"a/b","source":"derived: x"}`,
		`{"op":"amqp","input":"amqp://u:s3:cr3t@h","valid":true,"username":"u","password":"s3:cr3t","host":"h","port":null,"vhost":null,"source":"derived: x"}`,
		// Parse succeeds where the vector expects an error.
		`{"op":"amqp","input":"amqp://u:s3cr3t@h","valid":false,"source":"derived: x"}`,
	}
	for i, line := range lines {
		v, err := ParseLine("test", i+1, []byte(line))
		if err != nil {
			t.Fatal(err)
		}
		res := Check(v)
		if res.Outcome != Fail {
			t.Errorf("line %d: outcome %v, want FAIL", i+1, res.Outcome)
			continue
		}
		msg := res.Err.Error()
		for _, s := range secrets {
			for _, piece := range []string{s, s[:4], s[2:]} {
				if strings.Contains(msg, piece) {
					t.Errorf("line %d: message %q shows %q, a piece of a password", i+1, msg, piece)
				}
			}
		}
	}
}
