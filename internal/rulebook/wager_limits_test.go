package rulebook

import (
	"testing"

	"github.com/dealerkiosk/trainer/internal/games/thrill"
)

// TestSettingWords_WagerLimits: 7 Card Thrill's limits per wager (a map)
// read as a manager reads them, in the layout's order of the wagers, each
// phrase with a message id; never as Go's map.
func TestSettingWords_WagerLimits(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		in   map[string]thrill.Limit
		want string
		ids  int
	}{
		{"none", map[string]thrill.Limit{}, "not set", 1},
		{"one", map[string]thrill.Limit{thrill.Special: {Min: 100, Max: 2500}}, "Special: CHF 1 to CHF 25", 3},
		{"no maximum", map[string]thrill.Limit{thrill.Poker: {Min: 500}}, "Poker Bet: at least CHF 5", 3},
		{"layout's order", map[string]thrill.Limit{thrill.Special: {Min: 100, Max: 2500}, thrill.Poker: {Min: 500, Max: 50050}},
			"Poker Bet: CHF 5 to CHF 500.5 · Special: CHF 1 to CHF 25", 7},
	} {
		y := settingWords("wager_limits", tt.in, "CHF")
		if y.Text != tt.want {
			t.Errorf("%s: %q; want %q", tt.name, y.Text, tt.want)
		}
		why := y.Why()
		if len(why) != tt.ids {
			t.Errorf("%s: %d phrases with ids (%v); want %d", tt.name, len(why), why, tt.ids)
		}
		for _, p := range why {
			if p.ID == "" {
				t.Errorf("%s: a phrase without an id: %v", tt.name, why)
			}
		}
	}
}
