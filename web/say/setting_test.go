package say

import (
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// TestSettingWords: every house setting a shipped house's procedures name
// (a situation's setting, a sequence's settings, what a house cannot use as
// shipped) has its name in every offered language; in English the name is
// rulebook.SettingLabel's, byte for byte, and no name is the key itself. A
// setting the catalogue lacks reads as SettingLabel's English.
func TestSettingWords(t *testing.T) {
	t.Parallel()
	book := testBook(t)
	settings := map[string]bool{}
	for _, name := range book.HouseNames() {
		h, err := book.House(name)
		if err != nil {
			t.Fatal(err)
		}
		p := h.Procedures
		if p == nil {
			continue
		}
		for _, st := range p.Situations {
			settings[st.Setting] = true
		}
		for _, q := range p.Sequences {
			for _, st := range q.Settings {
				settings[st] = true
			}
		}
		for _, st := range p.Unresolved {
			settings[st] = true
		}
	}
	delete(settings, "")
	if len(settings) < 20 {
		t.Fatalf("the shipped procedures name %d settings; want their dozens", len(settings))
	}
	for st := range settings {
		_, key, _ := strings.Cut(st, ".")
		if got, want := Setting(in(i18n.Source, nil), st), rulebook.SettingLabel(key); got != want {
			t.Errorf("%s in English: %q; want SettingLabel's %q", st, got, want)
		}
		for _, l := range i18n.Offered {
			got := Setting(in(l.Tag, nil), st)
			if got == "" || strings.Contains(got, "_") || strings.Contains(got, "setting.") {
				t.Errorf("%s in %s: %q", st, l.Tag, got)
			}
			if l.Tag != i18n.Source && got == rulebook.SettingLabel(key) {
				t.Errorf("%s in %s is still the English %q", st, l.Tag, got)
			}
		}
	}
	if got, want := Setting(in("it", nil), "uth.a_house_new_one"), "A house new one"; got != want {
		t.Errorf("a setting the catalogue lacks: %q; want %q", got, want)
	}
}
