package i18n

import "testing"

func TestMoney(t *testing.T) {
	for _, tt := range []struct {
		lang       string
		hundredths int64
		want       string
	}{
		{"en", 2500000, "25,000"},
		{"en", 50, "0.50"},
		{"en", -1205, "-12.05"},
		{"it", 2500000, "25.000"},
		{"it", 50, "0,50"},
		{"ru", 2500050, "25\u00a0000,50"},
		{"ru", 200, "2"},
	} {
		if got := Default().Localizer(tt.lang).Money(tt.hundredths); got != tt.want {
			t.Errorf("Localizer(%s).Money(%d) = %q; want %q", tt.lang, tt.hundredths, got, tt.want)
		}
	}
}

// TestDecimal: figures written the source's way read with the reader's
// separators, and nothing else in the text changes.
func TestDecimal(t *testing.T) {
	tests := []struct{ lang, in, want string }{
		{"en", "1,000,000 rounds · 1.90%", "1,000,000 rounds · 1.90%"},
		{"it", "1,000,000 mani · 1.90%", "1.000.000 mani · 1,90%"},
		{"ru", "133,784,560 · 0.00323%", "133\u00a0784\u00a0560 · 0,00323%"},
		{"it", "Box 1. 3:2, 50-40-30", "Box 1. 3:2, 50-40-30"},
		{"ru", "−0.4%", "−0,4%"},
	}
	c := Default()
	for _, tt := range tests {
		if got := c.Localizer(tt.lang).Decimal(tt.in); got != tt.want {
			t.Errorf("%s %q: %q; want %q", tt.lang, tt.in, got, tt.want)
		}
	}
}
