package amqp_test

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/urikit/urikit/scheme/amqp"
)

// TestSecretUnexported: fmt calls no method of a value it reaches through
// an unexported struct field; a Secret is then printed as what it holds,
// which is no text of the password.
func TestSecretUnexported(t *testing.T) {
	const pw = "s3cr3tPW"
	v := amqp.MustParse("amqp://u:" + pw + "@h/v").Values()
	s := amqp.NewSecret(pw)
	type holder struct {
		v amqp.Values
		s amqp.Secret
		p *amqp.URI // a pointer prints as an address (the package doc's advice)
		a any
	}
	u := amqp.MustParse("amqp://u:" + pw + "@h/v")
	h := holder{v: v, s: s, p: &u, a: s}
	var logged strings.Builder
	slog.New(slog.NewTextHandler(&logged, nil)).Info("m", "h", h)
	for _, o := range []string{
		fmt.Sprintf("%v %+v %#v", h, h, h),
		fmt.Sprintf("%v %+v %#v", &h, &h, &h),
		fmt.Sprintf("%+v %#v %x %X", v, v, s, s),
		logged.String(),
	} {
		if strings.Contains(o, pw) || strings.Contains(o, fmt.Sprintf("%x", pw)) || strings.Contains(o, fmt.Sprintf("%X", pw)) {
			t.Errorf("output shows the password: %s", o)
		}
	}
	// The secret is still there for the one who asks, and compares by
	// value.
	if v.Password.Reveal() != pw || v.Password != s || amqp.NewSecret("") != (amqp.Secret{}) || (amqp.Secret{}).Reveal() != "" {
		t.Errorf("Reveal = %q", v.Password.Reveal())
	}
	if v.Password == amqp.NewSecret(pw+"x") {
		t.Error("different secrets compare equal")
	}
	j, err := json.Marshal(struct{ P amqp.Secret }{s})
	if err != nil || string(j) != `{"P":"xxxxx"}` {
		t.Errorf("JSON %s, %v", j, err)
	}
	if got := fmt.Sprint(s, " ", amqp.Secret{}, "|"); got != "xxxxx |" {
		t.Errorf("Sprint = %q", got)
	}
}

// TestConfigUnexported: where fmt reaches a Config through an unexported
// field, it prints the fields as they are (the package doc says so), but
// not the text of the URI the Config was read from: a value that Config
// drops shows nowhere.
func TestConfigUnexported(t *testing.T) {
	for _, tt := range []struct{ in, dropped string }{
		{"amqp://user:pw@h/v?password=Dr0pped;x&x=1", "Dr0pped"},
		{"amqp://h?password=first&password=Dr0pped", "Dr0pped"},
	} {
		c, err := amqp.MustParse(tt.in).Config()
		if err != nil {
			t.Fatalf("%s: %v", tt.in, err)
		}
		type holder struct{ c amqp.Config }
		if o := fmt.Sprintf("%v %+v %#v", holder{c}, holder{c}, holder{c}); strings.Contains(o, tt.dropped) {
			t.Errorf("%s: a Config below an unexported field shows the dropped value: %s", tt.in, o)
		}
	}
}
