package class

import "testing"

func TestClassString(t *testing.T) {
	tests := []struct {
		c    Class
		want string
	}{
		{0, "0"},
		{Alpha, "Alpha"},
		{Alpha | Hexdig, "Alpha|Hexdig"},
		{Query | Digit, "Digit|Query"},
		{1 << 15, "0x8000"},
	}
	for _, tt := range tests {
		if got := tt.c.String(); got != tt.want {
			t.Errorf("Class(%#x).String() = %q, want %q", uint16(tt.c), got, tt.want)
		}
	}
}
