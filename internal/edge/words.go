package edge

import "github.com/dealerkiosk/trainer/internal/games"

// The words a Result's extra figures are named and noted in, as message ids
// of content/i18n/staff (edge_figure.*) with their arguments, beside the
// English that `trainer math` prints (Figure.Name, Figure.Note). The
// server says them in the reader's language; the JSON keeps the English.
// Each English catalogue entry says what the code writes, word for word
// (TestFigureWords).

// figureNames are the ids of the simulations' events and side figures, by
// their English name (the *Events and *Quantities of each game's
// simulation, a quantity's with " house edge" after it).
var figureNames = map[string]games.Phrase{
	"bet 4× pre-flop":        {ID: "edge_figure.bet_preflop", Args: []any{"N", 4}},
	"bet 2× on the flop":     {ID: "edge_figure.bet_flop", Args: []any{"N", 2}},
	"bet 1× on the river":    {ID: "edge_figure.bet_river", Args: []any{"N", 1}},
	"folded":                 {ID: "edge_figure.folded"},
	"dealer did not qualify": {ID: "edge_figure.dealer_no_qualify"},
	"player won":             {ID: "edge_figure.player_won"},
	"tie":                    {ID: "edge_figure.tie"},

	"folded before the 4th card": {ID: "edge_figure.folded_before_4th"},
	"folded after the 4th card":  {ID: "edge_figure.folded_after_4th"},
	"went to the showdown":       {ID: "edge_figure.showdown"},

	"player won against king/jack high or lower": {ID: "edge_figure.player_won_vs_kj"},
	"player lost": {ID: "edge_figure.player_lost"},

	"Instant Cash":                 {ID: "edge_figure.instant_cash"},
	"played the first five":        {ID: "edge_figure.played_first_five"},
	"bought a 6th card and played": {ID: "edge_figure.bought_sixth_played"},
	"bought a 6th card and folded": {ID: "edge_figure.bought_sixth_folded"},
	"forced":                       {ID: "edge_figure.forced"},
	"trips house edge":             {ID: "edge_figure.trips_edge"},
	"super house edge":             {ID: "edge_figure.super_edge"},
}

// figureName is a figure's name as ids, or nil for a name without one (it
// is then read in English).
func figureName(name string) games.Why {
	if p, ok := figureNames[name]; ok {
		return games.Why{p}
	}
	return nil
}

// sayFigure is one phrase: id with args.
func sayFigure(id string, args ...any) games.Why { return games.Why{{ID: id, Args: args}} }
