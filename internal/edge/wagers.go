package edge

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/lunar"
	"github.com/dealerkiosk/trainer/internal/games/oracle"
	"github.com/dealerkiosk/trainer/internal/games/thrill"
	"github.com/dealerkiosk/trainer/internal/games/uth"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// Wager is one figure `trainer math` computes: a wager of a game, or "main",
// the base game as a whole per unit of Ante (SETTLE.md).
type Wager struct {
	Game  string
	Name  string // as given to --wager: "main", "trips", "kings_or_better"
	Title string // as a manager reads it: "Trips", "Ante, Blind and Play"
	// Kind is the pay-table kind that --table (and the review page's choice
	// of table) selects for this figure.
	Kind   string
	Method string // Exact or Simulation
	// Rounds is the default number of simulated rounds.
	Rounds int64
}

// wagers lists every figure, game by game, in the order the kiosk shows them.
var wagers = []Wager{
	{uth.Slug, "main", "Ante, Blind and Play", "blind", Simulation, 10_000_000},
	{uth.Slug, "trips", "Trips", "trips", Exact, 0},
	{uth.Slug, "blind", "Blind: the player's final hand", "blind", Exact, 0},
	{oracle.Slug, "main", "Ante, fees and BET", "bet", Simulation, 1_000_000},
	{thrill.Slug, "main", "Poker Bet", thrill.Poker, Simulation, 10_000_000},
	{thrill.Slug, thrill.KingsOrBetter, "Pair of Kings or Better", thrill.KingsOrBetter, Exact, 0},
	{thrill.Slug, thrill.TripsOrBetter, "3 of a Kind or Better", thrill.TripsOrBetter, Exact, 0},
	{thrill.Slug, thrill.FullHouseOrBetter, "Full House or Better", thrill.FullHouseOrBetter, Exact, 0},
	{thrill.Slug, thrill.Special, "Special", thrill.Special, Exact, 0},
	{lunar.Slug, "main", "Ante, fees and BET (Super aside)", "bet", Simulation, 1_000_000},
	{lunar.Slug, "super", "Super", "super", Exact, 0},
	{lunar.Slug, "instant", "Instant Cash (paid on the Ante)", "instant", Exact, 0},
}

// aliases are other names --wager accepts: 7 Card Thrill's main game is its
// Poker Bet.
var aliases = map[string]map[string]string{thrill.Slug: {thrill.Poker: "main"}}

// Wagers lists the figures of a game, or of every game for "".
func Wagers(game string) []Wager {
	var out []Wager
	for _, w := range wagers {
		if game == "" || w.Game == game {
			out = append(out, w)
		}
	}
	return out
}

// FindWager returns the figure name of game. The error is one line naming
// the known games or wagers.
func FindWager(game, name string) (Wager, error) {
	if !slices.Contains(rulebook.GameSlugs, game) {
		return Wager{}, fmt.Errorf("unknown game %q (known: %s)", game, strings.Join(rulebook.GameSlugs, ", "))
	}
	if a, ok := aliases[game][name]; ok {
		name = a
	}
	var names []string
	for _, w := range Wagers(game) {
		if w.Name == name {
			return w, nil
		}
		names = append(names, w.Name)
	}
	return Wager{}, fmt.Errorf("%s has no wager %q here (known: %s)", game, name, strings.Join(names, ", "))
}

// HouseTable returns the table of w's kind that house h uses.
func HouseTable(h *rulebook.House, w Wager) games.PayTable {
	switch w.Game {
	case uth.Slug:
		if w.Kind == "trips" {
			return h.UTH.Trips
		}
		return h.UTH.Blind
	case oracle.Slug:
		return h.Oracle.Bet
	case thrill.Slug:
		return h.Thrill.Pay[w.Kind]
	case lunar.Slug:
		switch w.Kind {
		case "super":
			return h.Lunar.Super
		case "instant":
			return h.Lunar.Instant
		}
		return h.Lunar.Bet
	}
	return games.PayTable{}
}

// TableNames lists the tables of w's kind a house may choose between: the
// game's named tables and the house's own choice.
func TableNames(b *rulebook.Book, h *rulebook.House, w Wager) []string {
	names := map[string]bool{HouseTable(h, w).Name: true}
	if g := b.Games[w.Game]; g != nil {
		for n := range g.Tables[w.Kind] {
			names[n] = true
		}
	}
	return slices.Sorted(maps.Keys(names))
}

// FindTable returns the table of w's kind called name: one of the game's
// named tables, or the house's own. The error is one line naming the tables
// there are.
func FindTable(b *rulebook.Book, h *rulebook.House, w Wager, name string) (games.PayTable, error) {
	if pt := HouseTable(h, w); pt.Name == name {
		return pt, nil
	}
	if g := b.Games[w.Game]; g != nil {
		if pt, ok := g.Tables.Lookup(w.Kind, name); ok {
			return pt, nil
		}
	}
	return games.PayTable{}, fmt.Errorf("%s has no %s table %q (known: %s)", w.Game, w.Kind, name, strings.Join(TableNames(b, h, w), ", "))
}
