package drills

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/lunar"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// TestLunarReasonsEveryRule settles many random Lunar Poker rounds at every
// house and at each house with one of its rules the other way (insurance
// offered, the Dealer Super decided after the force, a Multi Super lost with
// its box's fold, no second combination, the Ante bonus): the drills deal
// only at the houses as they are, where some reasons never come. Every
// reason with ids uses only ids of lunar.Reasons, says the engine's English
// sentence word for word, and is translated in Italian and Russian; and
// every id of lunar.Reasons is met, so that none is listed but unreachable.
func TestLunarReasonsEveryRule(t *testing.T) {
	b, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	c := i18n.Default()
	en := c.Localizer(i18n.Source)
	others := []*i18n.Localizer{c.Localizer("it"), c.Localizer("ru")}
	seen := map[string]bool{}
	check := func(english string, why games.Why) {
		t.Helper()
		if why == nil {
			return
		}
		for _, p := range why {
			seen[p.ID] = true
			if p.ID != games.ReasonCut && !slices.Contains(lunar.Reasons, p.ID) {
				t.Errorf("reason id %s is not in lunar.Reasons", p.ID)
			}
		}
		if got := sayWhy(en, why); got != english {
			t.Errorf("the English catalogue says\n\t%q\nwhere the engine says\n\t%q", got, english)
		}
		for _, l := range others {
			if got := sayWhy(l, why); got == english || got == "" {
				t.Errorf("in %s the reason %q stays English", l.Lang(), english)
			}
		}
	}
	variants := []struct {
		rounds uint64
		flip   func(s *lunar.Settings)
	}{
		{600, func(s *lunar.Settings) {}},
		// Insurance is taken only on three of a kind or better: more rounds,
		// so that it is met won after a force too.
		{2500, func(s *lunar.Settings) { s.InsuranceEnabled = !s.InsuranceEnabled }},
		{600, func(s *lunar.Settings) { s.DealerSuperOnInitialHand = !s.DealerSuperOnInitialHand }},
		{600, func(s *lunar.Settings) { s.MultiSuperSurvivesFold = !s.MultiSuperSurvivesFold }},
		{600, func(s *lunar.Settings) { s.SecondCombo = !s.SecondCombo }},
		{600, func(s *lunar.Settings) { s.AnteBonus = !s.AnteBonus }},
	}
	for name, h := range b.Houses {
		for v, vr := range variants {
			s := *h.Lunar
			vr.flip(&s)
			for seed := range vr.rounds {
				rng := rand.New(rand.NewPCG(seed, uint64(v)))
				in := lunar.Random(rng, &s, 5*games.Unit, 100*games.Unit, games.Unit, s.MaxBoxes)
				r, err := lunar.Parse(&in, &s)
				if err != nil {
					t.Fatalf("%s, variant %d, seed %d: Random dealt a round Parse refuses: %v", name, v, seed, err)
				}
				st := lunar.Settle(r, &s, h.Rounding)
				for _, br := range st.Boxes {
					for _, w := range br.Wagers {
						check(w.Reason, w.Why)
					}
					for _, f := range br.FeeItems {
						check(f.Reason, f.Why)
					}
				}
			}
		}
	}
	// A tie after the forced replacement is too rare for random rounds: the
	// dealer's A-9-7-5-3 does not qualify, the box forces, the nine of
	// hearts replaces his ace, and his pair of nines ties the box's.
	tie := `{"game":"lunar","dealer":["Ah","9c","7d","5s","3h"],"dealer_draw":"9h",` +
		`"boxes":[{"cards":["9s","9d","7c","5h","3d"],"wagers":{"ante":10,"super":10,"bet":20},"force":true}]}`
	var in games.Round
	if err := json.Unmarshal([]byte(tie), &in); err != nil {
		t.Fatal(err)
	}
	h := b.Houses["default"]
	r, err := lunar.Parse(&in, h.Lunar)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range lunar.Settle(r, h.Lunar, h.Rounding).Boxes[0].Wagers {
		check(w.Reason, w.Why)
	}
	for _, id := range lunar.Reasons {
		if !seen[id] {
			t.Errorf("no settled round gave reason %s", id)
		}
	}
}
