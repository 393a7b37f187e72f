package drills

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/oracle"
	"github.com/dealerkiosk/trainer/internal/games/uth"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// TestShowdownWordsIn: the hold'em showdowns' arguments in the reader's
// language: ranks in the form their place asks for, a list joined by the
// language's "and", a phrase inside a phrase, and Oracle's Ante row when
// the dealer does not qualify; English as the engine says it.
func TestShowdownWordsIn(t *testing.T) {
	c := i18n.Default()
	en, it, ru := c.Localizer(i18n.Source), c.Localizer("it"), c.Localizer("ru")
	pair := games.Phrase{ID: games.ReasonHand + "one_pair", Args: []any{"Of", games.Rank{Rank: cards.Eight, Form: games.FormOf}}}
	kickers := games.Ranks{Ranks: []cards.Rank{cards.Ace, cards.Queen}, Form: games.FormA, And: true}
	why := games.Why{{ID: games.ReasonWithKickers, Args: []any{"Hand", games.Phrase{ID: games.ReasonA, Args: []any{"Hand", pair}}, "Kickers", kickers}}}
	straight := games.Why{{ID: games.ReasonHand + "straight", Args: []any{"Top", games.Rank{Rank: cards.King, Form: games.FormTop}}}}
	for _, tt := range []struct {
		loc  *i18n.Localizer
		got  string
		want string
	}{
		{en, sayWhy(en, why), "a pair of eights with an ace and a queen"},
		{it, sayWhy(it, why), "coppia di otto con un asso e una donna"},
		{ru, sayWhy(ru, why), "пара восьмёрок (кикеры туз и дама)"},
		{en, sayWhy(en, straight), "king-high straight"},
		{it, sayWhy(it, straight), "scala al re"},
		{ru, sayWhy(ru, straight), "стрит до короля"},
		{en, rowIn(en, oracle.NoQualifyRow+"1:1"), "At this house the Ante pays 1 to 1 when the dealer does not qualify."},
		{it, rowIn(it, oracle.NoQualifyRow+"1:1"), "In questa casa, quando il banco non si qualifica, l'Ante paga 1 a 1."},
		{ru, rowIn(ru, oracle.NoQualifyRow+"1:1"), "В этом казино, когда у дилера нет игры, анте оплачивается 1 к 1."},
		{en, rowIn(en, "Blind table straight-pays, flush 3:2"), "At this house the Blind pays 3 to 2 for a flush."},
		{it, rowIn(it, "BET table standard, one pair 1:1 + ace-king high 1:1"), "In questa casa la BET paga la coppia 1 a 1 e, come seconda combinazione, l'asso-re 1 a 1."},
		{ru, rowIn(ru, "Progressive table jackpot, straight flush 10%"), "В этом казино ставка Progressive за стрит-флеш приносит 10% джекпота."},
	} {
		if tt.got != tt.want {
			t.Errorf("%s: %q; want %q", tt.loc.Lang(), tt.got, tt.want)
		}
	}
}

// TestShowdownPhrasesReached settles rounds of Ultimate Texas Hold'em and
// Texas Oracle, dealt at every house and level as TestReasonsSayTheEngine
// deals them and made for the rare showdowns (four of a kind against four
// of a kind, two straight flushes, a royal flush on the board, full houses
// the pair decides, a BET table without the player's row): each reason's
// phrases say the engine's English word for word, and every showdown phrase
// is met, inside another phrase or not.
func TestShowdownPhrasesReached(t *testing.T) {
	b, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	gen, err := Load(b, rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	en, others := gen.cat.Localizer(i18n.Source), []*i18n.Localizer{gen.cat.Localizer("it"), gen.cat.Localizer("ru")}
	seen := map[string]bool{}
	var walk func(games.Why)
	walk = func(why games.Why) {
		for _, p := range why {
			seen[p.ID] = true
			for _, a := range p.Args {
				if q, ok := a.(games.Phrase); ok {
					walk(games.Why{q})
				}
			}
		}
	}
	check := func(st *games.Settlement) {
		for _, br := range st.Boxes {
			for _, w := range br.Wagers {
				if w.Why == nil {
					continue
				}
				walk(w.Why)
				if got := sayWhy(en, w.Why); got != w.Reason {
					t.Errorf("the English catalogue says\n\t%q\nwhere the engine says\n\t%q", got, w.Reason)
				}
				for _, l := range others {
					if got := sayWhy(l, w.Why); got == w.Reason || strings.Contains(got, "reason.") || strings.Contains(got, "drill.") || strings.Contains(got, "no value") {
						t.Errorf("%s: %q", l.Lang(), got)
					}
				}
			}
		}
	}
	for _, g := range registry {
		if g.slug != uth.Slug && g.slug != oracle.Slug {
			continue
		}
		for _, h := range b.Houses {
			for i := range gen.cfg.Levels {
				for s := range uint64(40) {
					d, _, _ := gen.deal(rand.New(rand.NewPCG(s, uint64(i))), g, h, &gen.cfg.Levels[i], nil)
					if d != nil {
						check(d.st)
					}
				}
			}
		}
	}
	h := b.Houses["default"]
	two := func(s string) [2]cards.Card { return [2]cards.Card(cards.MustParseList(s)) }
	five := func(s string) [5]cards.Card { return [5]cards.Card(cards.MustParseList(s)) }
	unit := games.Unit
	for _, r := range []struct{ dealer, board, player string }{
		{"Qs 4d", "9s 9d 9c 9h 2s", "Ks 3d"},  // four nines, the kicker decides
		{"5h 3d", "9h 8h 7h 6h 2c", "10h 3c"}, // two straight flushes
		{"2c 3d", "Ah Kh Qh Jh 10h", "4s 5s"}, // a royal flush on the board: a tie
	} {
		rd := uth.Round{Dealer: two(r.dealer), Board: five(r.board),
			Boxes: []uth.Box{{Cards: two(r.player), Ante: 10 * unit, Blind: 10 * unit, Play: 40 * unit, Multiple: 4}}}
		check(uth.Settle(&rd, h.UTH, h.Rounding))
	}
	// Full houses the pair decides; a BET table without two pair.
	noTwoPair := *h.Oracle
	noTwoPair.Bet.Rows = slices.DeleteFunc(slices.Clone(noTwoPair.Bet.Rows), func(r games.PayRow) bool { return r.Key == "two_pair" })
	for _, r := range []struct {
		dealer, board, player string
		s                     *oracle.Settings
	}{
		{"2d 4c", "9s 9d 9c 5h 2s", "5s 3d", h.Oracle},
		{"Qd 4c", "Ks Kd 7c 5h 2s", "7s 5d", &noTwoPair},
	} {
		rd := oracle.Round{Dealer: two(r.dealer), Board: five(r.board), Boxes: []oracle.Box{{Cards: two(r.player), Ante: 10 * unit, Bet: 20 * unit}}}
		check(oracle.Settle(&rd, r.s, h.Rounding))
	}
	// Two high-card hands never meet in Oracle's showdown (a dealer without
	// a pair does not qualify); the row is not a reason (TestShowdownWordsIn),
	// nor is "and", which joins ranks (ranksIn).
	never := map[string]bool{oracle.ReasonCardsHeaded: true, oracle.RowNoQualify: true, games.ReasonAnd: true}
	for _, id := range append(slices.Clone(uth.Reasons), oracle.Reasons...) {
		if strings.Contains(id, "showdown") && !never[id] && !seen[id] {
			t.Errorf("no settled round gave showdown phrase %s", id)
		}
	}
}
