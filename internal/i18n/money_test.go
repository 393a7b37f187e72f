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
