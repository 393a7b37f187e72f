package view

import "testing"

// TestFitLabel: a chart label longer than the chart holds is cut at a
// letter, never inside a Cyrillic one, ends with "…" and keeps its whole
// text for the tooltip; one that fits is left alone.
func TestFitLabel(t *testing.T) {
	for _, tt := range []struct {
		in        string
		n         int
		want, all string
	}{
		{"Chips · new", 46, "Chips · new", ""},
		{"Спорные ситуации · Игрок хочет действовать после паса · новый", 30, "Спорные ситуации · Игрок хоче…", "Спорные ситуации · Игрок хочет действовать после паса · новый"},
		{"Procedure · The deal · new", 12, "Procedure…", "Procedure · The deal · new"},
	} {
		got, all := fitLabel(tt.in, tt.n)
		if got != tt.want || all != tt.all || len([]rune(got)) > tt.n {
			t.Errorf("fitLabel(%q, %d) = %q, %q; want %q, %q", tt.in, tt.n, got, all, tt.want, tt.all)
		}
	}
}
