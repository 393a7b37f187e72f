package drills_test

import (
	"strings"
	"testing"
	"testing/fstest"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// TestRoundingMistakesFollowTheHouse checks the rounding mistakes against
// house.toml rounding (RULES.md §1.6, §6 row 30): where a house rounds up,
// rounding up is the key and never offered as a mistake, and rounding down
// is; where it rounds to the nearest chip, both up and down are mistakes.
// Each mistake's explanation states the house's own rounding, and the key is
// settle.Round's at that house.
func TestRoundingMistakesFollowTheHouse(t *testing.T) {
	fsys := rulebook.Overlay(fstest.MapFS{
		"houses/roundup/house.toml":   {Data: []byte("name = \"roundup\"\nrounding = \"up\"\n")},
		"houses/roundnear/house.toml": {Data: []byte("name = \"roundnear\"\nrounding = \"nearest\"\n")},
	}, rules.FS)
	b, err := rulebook.Load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	g, err := drills.Load(b, fsys)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		house    string
		says     string   // in every rounding mistake's explanation
		never    string   // a mistake id the house's rule makes right
		wantSeen []string // seen at least once over the seeds
	}{
		{"roundup", "rounded up to the next smallest chip", "rounding.up", []string{"rounding.down", "rounding.exact"}},
		// Stakes are whole smallest chips, so a 3:2 or 1:2 remainder is
		// exactly half a chip, which nearest sends up: rounding up then gives
		// the key and is not offered; rounding down is.
		{"roundnear", "rounded to the nearest smallest chip", "", []string{"rounding.down", "rounding.exact"}},
	} {
		seen := map[string]bool{}
		for _, game := range []string{"uth", "thrill"} { // the games with 3:2 and 1:2 pays
			for lv := 1; lv <= len(g.Config().Levels); lv++ {
				for seed := range uint64(seedsPerLevel(200)) {
					d, err := g.Generate(tt.house, drills.Spec{Game: game, Kind: drills.KindPayout, Level: lv, Seed: seed})
					if err != nil {
						t.Fatalf("Generate(%s, %s, L%d, %d): %v", tt.house, game, lv, seed, err)
					}
					s, in := reread(t, d)
					st := engine(t, b, s, in)
					box := st.Boxes[s.Ask.Box-1]
					want := box.Net
					if !s.Ask.Total {
						for _, w := range box.Wagers {
							if w.Wager == s.Ask.Wager && (w.On == nil || *w.On == *s.Ask.On) {
								want = w.Pays
							}
						}
					}
					if *s.Key.Amount != want {
						t.Errorf("%s at %s: key %s; settle.Round gives %s", name(d), tt.house, *s.Key.Amount, want)
					}
					for _, m := range s.Mistakes {
						if !strings.HasPrefix(m.ID, "rounding.") {
							continue
						}
						seen[m.ID] = true
						if m.ID == tt.never {
							t.Errorf("%s at %s: %s offered as a mistake, but it is the house's rule", name(d), tt.house, m.ID)
						}
						if !strings.Contains(m.Explanation, tt.says) {
							t.Errorf("%s at %s: %s explains %q; want it to say %q", name(d), tt.house, m.ID, m.Explanation, tt.says)
						}
						if *m.Amount == want {
							t.Errorf("%s at %s: mistake %s equals the key", name(d), tt.house, m.ID)
						}
					}
				}
			}
		}
		for _, id := range tt.wantSeen {
			if !seen[id] {
				t.Errorf("%s: no payout drill offered %s", tt.house, id)
			}
		}
	}
}
