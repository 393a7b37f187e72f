package lunar_test

import (
	"regexp"
	"slices"
	"testing"

	"github.com/dealerkiosk/trainer/internal/games/lunar"
)

// devWords are what a dealer must never read in a reason: a citation
// ("§5.3.8", "RULES.md"), a source ("seed 004", "TCS", "PA"), a setting key
// (two words joined by an underscore) or a card code ("Kd", "Ts").
var devWords = regexp.MustCompile(`§|RULES|SETTLE|[Ss]eed \d|TCS|Solaire|Wizard|\bPA\b|house rule|[a-z]+_[a-z]+|\b[2-9TJQKA][cdhs]\b`)

// TestReasonsAndRules checks every wager result, fee and dealer note of
// 3,000 random rounds under the default house and a house with every setting
// flipped: each result cites one of the rule book's sections (lunar.Rules,
// which the rule book test resolves), and no sentence a trainee reads holds a
// citation, a source, a setting key or a card code.
func TestReasonsAndRules(t *testing.T) {
	b := overlayBook(t, variant)
	n := 3000
	if testing.Short() || raceEnabled {
		n = 300
	}
	seen := map[string]bool{}
	for _, house := range []string{"default", "test"} {
		for seed := range uint64(n) {
			_, st := randomRound(t, b, house, seed, 1+int(seed%6))
			check := func(what, s string) {
				t.Helper()
				if m := devWords.FindString(s); m != "" {
					t.Fatalf("house %s, seed %d, %s: %q holds %q", house, seed, what, s, m)
				}
			}
			for _, note := range st.Dealer.Notes {
				check("dealer note", note)
			}
			for _, br := range st.Boxes {
				for _, w := range br.Wagers {
					if !slices.Contains(lunar.Rules, w.Rule) {
						t.Fatalf("house %s, seed %d, box %d %s: rule %q is not one of the book sections %v", house, seed, br.Box, w.Wager, w.Rule, lunar.Rules)
					}
					seen[w.Rule] = true
					check(w.Wager+" reason", w.Reason)
				}
				for _, f := range br.FeeItems {
					check(f.Fee+" fee reason", f.Reason)
				}
			}
		}
	}
	for _, r := range lunar.Rules {
		if !seen[r] {
			t.Errorf("no random round cited %s: the test does not show that it is cited where it should be", r)
		}
	}
}
