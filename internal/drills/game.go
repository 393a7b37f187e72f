package drills

import (
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// game is what the drills need of one game package. Each game's file
// (thrill.go, …) builds one; the functions read the house's settings for the
// game, so that a copy of a house with one setting flipped gives the engine's
// answer under that flipped rule.
type game struct {
	slug, name string
	wagers     []string          // SETTLE.md wager names, in output order
	titles     map[string]string // wager → its name on the layout
	maxBoxes   func(h *rulebook.House) int
	random     func(rng *rand.Rand, h *rulebook.House, lo, hi, chip games.Money, boxes int) games.Round
	// settle parses and settles in under h's settings for the game and the
	// rounding rd. It bypasses the rulebook's house lookup so that a modified
	// copy of a house can be settled; the key itself always comes from settle.Round.
	settle func(h *rulebook.House, in *games.Round, rd games.Rounding) (*games.Settlement, error)
	rules  func(h *rulebook.House) poker.Rules
	// payTables are the pay tables the house's settings for the game use
	// (HalfPays reads them).
	payTables func(h *rulebook.House) []games.PayTable
	// handCards are the cards box i's hand is made from; dealerCards the dealer's.
	handCards   func(in *games.Round, box int) []cards.Card
	dealerCards func(in *games.Round) []cards.Card
	// isolate, when set, returns the round with box i alone (and its index
	// there), where the house's boxes settle independently of each other;
	// ok is false where they do not. The flipped rules are then settled on
	// one box, not the whole table.
	isolate func(h *rulebook.House, in *games.Round, box int) (r games.Round, i int, ok bool)
	// slots are the positions in the round a planted hand for box i may take.
	slots func(in *games.Round, box int) []*string
	// unusual reports a round a common-only level refuses.
	unusual  func(d *dealt) bool
	features []feature
	mistakes []mistake
	// alt are the hand rankings with one rule flipped (wrong hand readings).
	alt []altRule
	// compare is the section of the game's book that says how two hands
	// compare ("uth.compare"), which "which boxes beat the dealer" cites;
	// ties the one that rules a tie ("thrill.ties"). Empty: the book's
	// hand ranking says it (<game>.hand_ranking), or compare does.
	compare, ties string
	// handSlips adds the game's own misreadings of box's best hand.
	handSlips func(loc *i18n.Localizer, d *dealt, box int, c *choiceSet)
	// handQs are every hand question the game asks, for List and the skills.
	handQs []string
	// hand lists the game's own hand-reading questions this round allows,
	// beyond best_hand and beats_dealer.
	hand func(d *dealt) []string
	// handQuestion builds one of them: the prompt, the explanation and the
	// number of choices; box may be moved to the box the question is about.
	handQuestion func(b *build, d *dealt, q string, box *int, c *choiceSet) (prompt, expl string, n int, ok bool)
}

// registry holds the games the drills know, in the kiosk's order.
var registry = []*game{uthGame, oracleGame, thrillGame, lunarGame}

func gameBySlug(slug string) (*game, bool) {
	for _, g := range registry {
		if g.slug == slug {
			return g, true
		}
	}
	return nil, false
}

// title is the wager's name on the layout.
func (g *game) title(w string) string {
	if t, ok := g.titles[w]; ok {
		return t
	}
	return strings.ReplaceAll(w, "_", " ")
}

// focus is where a feature shows in a round: a box (0-based; -1 for none) and,
// when it concerns one wager, that wager.
type focus struct {
	box   int
	wager string
	on    *games.Target
	total bool // ask the box's net
}

var noFocus = focus{box: -1}

// feature is one thing a level can steer rounds toward: a trap for dealers
// ("thrill.king_jack_high") or a rare hand ("thrill.special").
type feature struct {
	id string
	// find reports whether the settled round shows the feature, and where.
	find func(d *dealt) (focus, bool)
	// plant, when set, relabels the round's cards (and may place a wager) so
	// that box shows the feature: rare hands are planted, not waited for.
	plant func(rng *rand.Rand, in *games.Round, box int, d *dealer)
	// hand is the hand question the feature suits ("" for the drill's own choice).
	hand string
	// rare features are left out of common-only levels.
	rare bool
}

// dealer carries what a plant needs besides the round: the game and the house.
type dealer struct {
	g *game
	h *rulebook.House
}

// Features lists every feature id a level may name in drills.toml, sorted.
func Features() []string {
	var out []string
	for _, g := range registry {
		for _, f := range g.features {
			out = append(out, f.id)
		}
	}
	slices.Sort(out)
	return out
}

func (g *game) feature(id string) (*feature, bool) {
	for i := range g.features {
		if g.features[i].id == id {
			return &g.features[i], true
		}
	}
	return nil, false
}

// mistake is one wrong answer dealers give, as the engine's answer under one
// flipped rule. Exactly one of flip, rounding and result is set.
type mistake struct {
	id   string
	rule string // the rule broken: a RULES.md section or "<game>.<setting>"
	// text says what the rule is, as the trainee is told when he breaks it.
	text string
	// flip returns a copy of the round's house with the rule flipped, and the
	// text for that direction (none keeps text); nil where the flip does not
	// apply at that house.
	flip func(d *dealt) (*rulebook.House, said)
	// rounding settles under another rounding: "exact" (no rounding to the
	// smallest chip), "up" or "down" (rounded up or down to it).
	rounding string
	// result applies a dealer's slip to a copy of the engine's settlement and
	// reports whether it changed anything.
	result func(d *dealt, s *games.Settlement) bool
	// applies, when set, is a quick test that the mistake can change
	// anything in the round; a flip that cannot is not settled at all.
	applies func(d *dealt) bool
}

// said is the text a flip writes for the round: its English words, and
// the drills catalogue's message (flip.<game>.<case>) with the named
// arguments that say it in another language. A said without an id stays
// English in every language (TestFlipTexts holds the English message to
// the words, byte for byte).
type said struct {
	text string
	id   string
	args []any
}

// say is a flip's text with its message: the English words, the id, and the
// arguments (name, value pairs; a games.Odds is written in words in the
// reader's language, a string as it is).
func say(text, id string, args ...any) said { return said{text: text, id: id, args: args} }

// wrong is a mistake evaluated on one dealt round.
type wrong struct {
	m    *mistake
	text string
	// flipped is the flip's own text for the round, when it wrote one.
	flipped said
	// static says text is the mistake's own (m.text), which the drills
	// catalogue translates as mistake.<id>; a flip's or a rounding's text
	// is made for the round.
	static bool
	st     *games.Settlement
}

// cloneSettlement copies s deeply enough for a slip to change wagers and fees.
func cloneSettlement(s *games.Settlement) *games.Settlement {
	c := *s
	c.Boxes = slices.Clone(s.Boxes)
	for i := range c.Boxes {
		c.Boxes[i].Wagers = slices.Clone(s.Boxes[i].Wagers)
		c.Boxes[i].FeeItems = slices.Clone(s.Boxes[i].FeeItems)
	}
	return &c
}

// copyHouse returns a shallow copy of h, for a flip to replace one game's settings.
func copyHouse(h *rulebook.House) *rulebook.House {
	c := *h
	return &c
}

// withRow returns a copy of pt with row's odds set to o.
func withRow(pt games.PayTable, row string, o games.Odds) games.PayTable {
	pt.Rows = slices.Clone(pt.Rows)
	for i := range pt.Rows {
		if pt.Rows[i].Key == row {
			pt.Rows[i].Odds = o
		}
	}
	return pt
}

// rowOdds reads the odds at the end of a pay-table row as the engine cites
// it: "trips table B, flush 6:1" → 6:1, or in words, "flush, 6 to 1".
func rowOdds(row string) (games.Odds, bool) {
	i := strings.LastIndexByte(row, ' ')
	if o, err := games.ParseOdds(row[i+1:]); err == nil {
		return o, true
	}
	head, per, ok := strings.Cut(row[max(0, strings.LastIndex(row, " to ")):], " to ")
	if !ok || head != "" {
		return games.Odds{}, false
	}
	before := strings.TrimSpace(row[:strings.LastIndex(row, " to ")])
	win := before[strings.LastIndexByte(before, ' ')+1:]
	o, err := games.ParseOdds(strings.ReplaceAll(win, ",", "") + ":" + strings.ReplaceAll(per, ",", ""))
	if err != nil {
		return games.Odds{}, false
	}
	return o, true
}

// parseCards reads round cards that Random or a plant wrote; they are valid.
func parseCards(ss []string) []cards.Card {
	out := make([]cards.Card, 0, len(ss))
	for _, s := range ss {
		if c, err := cards.Parse(s); err == nil {
			out = append(out, c)
		}
	}
	return out
}
