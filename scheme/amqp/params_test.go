package amqp_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/urikit/urikit/scheme/amqp"
	"github.com/urikit/urikit/uri"
)

func TestParamSpecs(t *testing.T) {
	want := []string{"heartbeat", "connection_timeout", "channel_max", "frame_max", "auth_mechanism",
		"cacertfile", "certfile", "keyfile", "password", "verify", "server_name_indication", "depth",
		"fail_if_no_peer_cert", "customize_hostname_check"}
	specs := amqp.ParamSpecs()
	var names []string
	for _, s := range specs {
		names = append(names, s.Name)
		if s.Type == 0 || s.Default == "" || s.Source == "" {
			t.Errorf("%s: type, default or source missing: %+v", s.Name, s)
		}
		if s.Type == amqp.ParamInteger && s.Min > s.Max {
			t.Errorf("%s: Min > Max", s.Name)
		}
		if s.Type == amqp.ParamEnum && len(s.Values) == 0 {
			t.Errorf("%s: an enum without values", s.Name)
		}
		got, ok := amqp.LookupParamSpec(s.Name)
		if !ok || got.Name != s.Name {
			t.Errorf("LookupParamSpec(%q) = %v, %v", s.Name, got, ok)
		}
	}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("ParamSpecs names (-want +got):\n%s", diff)
	}
	specs[9].Values[0] = "changed"
	if s, _ := amqp.LookupParamSpec("verify"); s.Values[0] != "verify_peer" {
		t.Error("ParamSpecs shares its Values with the registry")
	}
	for _, name := range []string{"Heartbeat", "heartbeat ", "", "ciphers", "customize"} {
		if _, ok := amqp.LookupParamSpec(name); ok {
			t.Errorf("LookupParamSpec(%q) is known", name)
		}
	}
	sensitive := 0
	for _, s := range specs {
		if s.Sensitive {
			sensitive++
			if s.Name != "password" {
				t.Errorf("%s is sensitive", s.Name)
			}
		}
		if s.Repeatable && s.Name != "auth_mechanism" {
			t.Errorf("%s is repeatable", s.Name)
		}
	}
	if sensitive != 1 {
		t.Errorf("%d sensitive parameters, want 1 (password)", sensitive)
	}
}

func TestParams(t *testing.T) {
	in := "amqps://h/v?zeta=1&heartbeat=%31%30&&auth_mechanism=PLAIN&x+y=a+b&auth_mechanism=amqplain&flag&password=s%33cret&=e"
	got, err := amqp.MustParse(in).Params()
	if err != nil {
		t.Fatal(err)
	}
	want := []amqp.Param{
		{Name: "zeta", Value: "1", HasValue: true, Offset: 12},
		{Name: "heartbeat", Value: "10", HasValue: true, Offset: 19, Known: true},
		{Name: "auth_mechanism", Value: "PLAIN", HasValue: true, Offset: 37, Known: true},
		{Name: "x y", Value: "a b", HasValue: true, Offset: 58},
		{Name: "auth_mechanism", Value: "amqplain", HasValue: true, Offset: 66, Known: true},
		{Name: "flag", Offset: 90},
		{Name: "password", Value: "s3cret", HasValue: true, Offset: 95, Known: true},
		{Name: "", Value: "e", HasValue: true, Offset: 113},
	}
	if diff := cmp.Diff(want, got, cmpopts.IgnoreUnexported(amqp.Param{})); diff != "" {
		t.Errorf("Params (-want +got):\n%s", diff)
	}
	for _, p := range got {
		if !strings.HasPrefix(in[p.Offset:], strings.SplitN(strings.ReplaceAll(p.Name, " ", "+"), "%", 2)[0]) {
			t.Errorf("%s: offset %d points at %q", p.Name, p.Offset, in[p.Offset:])
		}
	}
	pw := got[6]
	j, _ := json.Marshal(pw)
	for _, out := range []string{pw.String(), fmt.Sprint(pw), fmt.Sprintf("%+v %#v %q %s", pw, pw, pw, pw), string(j)} {
		if strings.Contains(out, "s3cret") {
			t.Errorf("the passphrase shows: %s", out)
		}
	}
	if s := fmt.Sprint(got[5], " ", got[0]); s != "flag zeta=1" {
		t.Errorf("Param.String = %q", s)
	}
	if ps, err := amqp.MustParse("amqp://h").Params(); ps != nil || err != nil {
		t.Errorf("no query: %v, %v", ps, err)
	}
	if ps, err := amqp.MustParse("amqp://h?").Params(); ps != nil || err != nil {
		t.Errorf("empty query: %v, %v", ps, err)
	}
}

// paramErrors are inputs whose parameters Config and Params reject: the
// field, the reason and the offset of the pair.
var paramErrors = []struct {
	in     string
	field  string
	reason error
	offset int
}{
	{"amqp://h?heartbeat=1&heartbeat=2", "heartbeat", amqp.ErrParamRepeated, 21},
	{"amqps://h?certfile=a&certfile=a", "certfile", amqp.ErrParamRepeated, 21},
	{"amqps://h?cert%66ile=a&certfile=b", "certfile", amqp.ErrParamRepeated, 23},
	{"amqp://h?heartbeat", "heartbeat", amqp.ErrParamEmpty, 9},
	{"amqp://h?heartbeat=", "heartbeat", amqp.ErrParamEmpty, 9},
	{"amqps://h?certfile=", "certfile", amqp.ErrParamEmpty, 10},
	{"amqp://h?auth_mechanism=", "auth_mechanism", amqp.ErrParamEmpty, 9},
	{"amqp://h?auth_mechanism=plain&auth_mechanism", "auth_mechanism", amqp.ErrParamEmpty, 30},
	{"amqps://h?password", "password", amqp.ErrParamEmpty, 10},
	{"amqps://h?server_name_indication=", "server_name_indication", amqp.ErrParamEmpty, 10},
	{"amqp://h?heartbeat=x", "heartbeat", amqp.ErrParamInteger, 9},
	{"amqp://h?heartbeat=-1", "heartbeat", amqp.ErrParamInteger, 9},
	{"amqp://h?heartbeat=%2B1", "heartbeat", amqp.ErrParamInteger, 9},
	{"amqp://h?heartbeat=+1", "heartbeat", amqp.ErrParamInteger, 9},
	{"amqp://h?heartbeat=1_0", "heartbeat", amqp.ErrParamInteger, 9},
	{"amqp://h?heartbeat=0x10", "heartbeat", amqp.ErrParamInteger, 9},
	{"amqp://h?heartbeat=65536", "heartbeat", amqp.ErrParamRange, 9},
	{"amqp://h?heartbeat=99999999999999999999999", "heartbeat", amqp.ErrParamRange, 9},
	{"amqp://h?channel_max=65536", "channel_max", amqp.ErrParamRange, 9},
	{"amqp://h?channel_max=-0", "channel_max", amqp.ErrParamInteger, 9},
	{"amqp://h?connection_timeout=-1", "connection_timeout", amqp.ErrParamRange, 9},
	{"amqp://h?connection_timeout=1.5", "connection_timeout", amqp.ErrParamInteger, 9},
	{"amqp://h?connection_timeout=-", "connection_timeout", amqp.ErrParamInteger, 9},
	{"amqp://h?connection_timeout=9223372036855", "connection_timeout", amqp.ErrParamRange, 9},
	{"amqp://h?connection_timeout=9223372036854775808", "connection_timeout", amqp.ErrParamRange, 9},
	{"amqp://h?frame_max=4095", "frame_max", amqp.ErrParamRange, 9},
	{"amqp://h?frame_max=4294967296", "frame_max", amqp.ErrParamRange, 9},
	{"amqp://h?frame_max=big", "frame_max", amqp.ErrParamInteger, 9},
	{"amqps://h?depth=-1", "depth", amqp.ErrParamInteger, 10},
	{"amqps://h?depth=2147483648", "depth", amqp.ErrParamRange, 10},
	{"amqps://h?verify=VERIFY_NONE", "verify", amqp.ErrParamValue, 10},
	{"amqps://h?verify=false", "verify", amqp.ErrParamValue, 10},
	{"amqps://h?fail_if_no_peer_cert=yes", "fail_if_no_peer_cert", amqp.ErrParamValue, 10},
	{"amqps://h?customize_hostname_check=http", "customize_hostname_check", amqp.ErrParamValue, 10},
	{"amqps://h?a=1&cacertfile=/x;y", "cacertfile", amqp.ErrParamSemicolon, 14},
	{"amqp://h?heartbeat=5;", "heartbeat", amqp.ErrParamSemicolon, 9},
	{"amqp://h/v?x=1&heartbeat=5&heartbeat=oops", "heartbeat", amqp.ErrParamRepeated, 27},
	{"amqp://h/v?heartbeat=oops&heartbeat=5", "heartbeat", amqp.ErrParamInteger, 11},
	{"amqp://h?" + strings.Repeat("a&", 10000), "query", amqp.ErrTooManyParams, 9},
}

func TestParamErrors(t *testing.T) {
	for _, tt := range paramErrors {
		u, err := amqp.Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%.40q) = %v: a parameter made Parse fail", tt.in, err)
			continue
		}
		_, perr := u.Params()
		_, cerr := u.Config()
		for _, err := range []error{perr, cerr} {
			var e *amqp.Error
			if !errors.As(err, &e) {
				t.Errorf("%.40q: error %v (%T), want *amqp.Error", tt.in, err, err)
				continue
			}
			if e.Field != tt.field || !errors.Is(err, tt.reason) || e.URI.Offset != tt.offset || e.URI.Component != uri.ComponentQuery {
				t.Errorf("%.40q: %v (field %q, offset %d), want field %q, reason %v, offset %d", tt.in, err, e.Field, e.URI.Offset, tt.field, tt.reason, tt.offset)
			}
			if e.Hint == "" {
				t.Errorf("%.40q: no hint", tt.in)
			}
		}
	}
	// The 10000th pair is still read.
	if _, err := amqp.MustParse("amqp://h?" + strings.Repeat("a&", 9999) + "b").Config(); err != nil {
		t.Errorf("10000 pairs: %v", err)
	}
}

// TestParamErrorsHoldNoInput: no error names a value or an unknown
// parameter.
func TestParamErrorsHoldNoInput(t *testing.T) {
	const v = "Zq9vx"
	for _, in := range []string{
		"amqp://h?heartbeat=" + v, "amqps://h?verify=" + v, "amqps://h?depth=" + v,
		"amqps://h?password=" + v + "&password=" + v, "amqps://h?cacertfile=" + v + ";",
		"amqp://h?" + v + "=1&heartbeat=" + v, "amqp://h?frame_max=" + v,
	} {
		_, err := amqp.MustParse(in).Config()
		if err == nil {
			t.Errorf("%q: no error", in)
			continue
		}
		j, _ := json.Marshal(err)
		for _, out := range []string{err.Error(), fmt.Sprintf("%+v %#v", err, err), string(j)} {
			if strings.Contains(out, v) {
				t.Errorf("%q: the error shows input: %s", in, out)
			}
		}
	}
}

// TestParamsFormDecoding: values decode as Go's url.ParseQuery decodes
// them ("+" a space, keys decoded too), pieces with an unencoded ";" in
// an unknown parameter are kept.
func TestParamsFormDecoding(t *testing.T) {
	c, err := amqp.MustParse("amqps://h?c%61certfile=/a+b%2Bc&keyfile=%2Fk%20y&x=1;2&auth_mechanism=a%2Bb&auth_mechanism=ex+ternal").Config()
	if err != nil {
		t.Fatal(err)
	}
	if c.CACertFile != "/a b+c" || c.KeyFile != "/k y" {
		t.Errorf("CACertFile %q, KeyFile %q", c.CACertFile, c.KeyFile)
	}
	if diff := cmp.Diff([]string{"a+b", "ex ternal"}, c.AuthMechanism); diff != "" {
		t.Errorf("AuthMechanism (-want +got):\n%s", diff)
	}
	if len(c.Unknown) != 1 || c.Unknown[0].Name != "x" || c.Unknown[0].Value != "1;2" {
		t.Errorf("Unknown = %v", c.Unknown)
	}
}
