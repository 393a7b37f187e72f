package rulebook_test

import (
	"strings"
	"testing"
	"testing/fstest"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// commonIDs are the sections of books/common.md that the drills, the
// rulings and the game books cite (docs/book.md, "Section ids the shared
// drill code cites"): every book of every house has each of them.
var commonIDs = []string{
	"common.chips", "common.chip_set", "common.odds", "common.paying", "common.fewest_chips",
	"common.colour_up", "common.net", "common.rounding", "common.fractional_payout",
	"common.payout_cap", "common.max_payout", "common.conduct", "common.dealer_conduct",
	"common.player_conduct", "common.disputes", "common.dispute_steps", "common.corrections",
}

// TestCommonChapters checks the common chapters against the house's values:
// the chip set, the rounding and each game's maximum payout are rendered
// from the house's files, and every common id is in every book, whether the
// game has a maximum payout or not.
func TestCommonChapters(t *testing.T) {
	upper := fstest.MapFS{
		"houses/capped/house.toml": {Data: []byte("name = \"capped\"\ntitle = \"Capped casino\"\nrounding = \"up\"\n")},
		"houses/capped/uth.toml":   {Data: []byte("max_payout_per_box = \"5000\"\n")},
		"houses/capped/procedures.toml": {Data: []byte(`
[[override]]
id     = "common.fractional_payout"
ref    = "common.rounding"
ruling = "Pay down to the smallest chip and pay any fraction as one more smallest chip."
answer = 1
[[override.choices]]
text = "Pay any fraction as one more smallest chip."
[[override.choices]]
text = "Round the fraction down."
why  = "This house rounds up."
[[override.choices]]
text = "Pay the fraction in cash."
why  = "Only chips are paid."
`)},
	}
	b, err := rulebook.Load(rulebook.Overlay(upper, rules.FS))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range b.HouseNames() {
		h := b.Houses[name]
		for _, g := range rulebook.GameSlugs {
			bk := h.Book(g)
			for _, id := range commonIDs {
				if _, ok := bk.Ref(id); !ok {
					t.Errorf("house %s, %s book: no section %s", name, g, id)
				}
			}
		}
	}
	section := func(house, game, id string) string {
		t.Helper()
		h, _ := b.House(house)
		var out strings.Builder
		for _, s := range h.Book(game).Subtree(id) {
			out.WriteString(s.Title + "\n" + s.Text + "\n")
		}
		return out.String()
	}
	tests := []struct {
		house, game, id string
		want, not       []string
	}{
		// The chip set, each chip with its value, from house.toml.
		{"default", "uth", "common.chip_set", []string{"CHF 0.50", "1K", "CHF 1,000", "CHF 25"}, nil},
		// Rounding down at the default house, up at the capped one.
		{"default", "oracle", "common.rounding", []string{"rounded down", "paid four of them"}, []string{"one more smallest chip, in the"}},
		{"capped", "oracle", "common.rounding", []string{"one more smallest chip", "paid five of them"}, []string{"rounded down to the smallest chip:"}},
		// The maximum payout where it is posted, with its ruling; none elsewhere.
		{"capped", "uth", "common.payout_cap", []string{"at most CHF 5,000", "A win above the house's maximum payout", "Call the pit to verify the win"}, []string{"posts no maximum"}},
		{"capped", "thrill", "common.payout_cap", []string{"posts no maximum payout", "7 Card Thrill"}, []string{"Call the pit to verify the win"}},
		{"default", "uth", "common.payout_cap", []string{"posts no maximum payout"}, []string{"at most"}},
		// The house's name.
		{"capped", "lunar", "common.chips", []string{"Capped casino"}, nil},
	}
	for _, tt := range tests {
		text := section(tt.house, tt.game, tt.id)
		for _, w := range tt.want {
			if !strings.Contains(text, w) {
				t.Errorf("house %s, %s, %s: %q missing from:\n%s", tt.house, tt.game, tt.id, w, text)
			}
		}
		for _, w := range tt.not {
			if strings.Contains(text, w) {
				t.Errorf("house %s, %s, %s: %q should not be there:\n%s", tt.house, tt.game, tt.id, w, text)
			}
		}
	}
}
