package view

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/games/oracle"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/web/templates"
)

// TestRound_OracleDrawsWhatHappened: a Texas Oracle box that bought the 4th
// card and exchanged shows the 4th card beside its hand, the hole cards it
// gave up (greyed, under "Exchanged"), the cards drawn for them, and the
// fees it put down, priced as the settlement prices them; the badges that
// only said it are gone. A box of a round without the record (a round read
// from JSON) keeps its badges.
func TestRound_OracleDrawsWhatHappened(t *testing.T) {
	book := testBook(t)
	h, err := book.House(rulebook.DefaultHouse)
	if err != nil {
		t.Fatal(err)
	}
	l := h.Limits[oracle.Slug]
	for _, tag := range []string{"en", "it", "ru"} {
		ctx := i18n.NewContext(context.Background(), i18n.Default().Localizer(tag))
		loc := i18n.Default().Localizer(tag)
		found := 0
		for seed := uint64(0); seed < 300 && found < 20; seed++ {
			in := oracle.Random(rand.New(rand.NewPCG(seed, 5)), h.Oracle, l.Min, l.Max, h.Rounding.Chip, 6)
			v := Round(ctx, h, &in, drills.Ask{Box: 1})
			for i, bx := range in.Boxes {
				if len(bx.Exchanges) == 0 {
					continue
				}
				found++
				bv := v.Boxes[i]
				var out []string
				for _, e := range bx.Exchanges {
					out = append(out, e.Out...)
				}
				if got := codes(bv.GivenUp); !slices.Equal(got, out) {
					t.Errorf("%s seed %d box %d: given up %v, want %v", tag, seed, i+1, got, out)
				}
				if bv.GivenUpLabel != loc.T("table.exchanged") || bv.AddedLabel != loc.T("table.drawn") {
					t.Errorf("%s seed %d box %d: labels %q, %q", tag, seed, i+1, bv.GivenUpLabel, bv.AddedLabel)
				}
				hand := append(codes(bv.Kept), codes(bv.Added)...)
				if !sameCards(hand, bx.Cards) || len(bv.Added) == 0 {
					t.Errorf("%s seed %d box %d: the hand drawn is %v + %v, the box holds %v", tag, seed, i+1, codes(bv.Kept), codes(bv.Added), bx.Cards)
				}
				if got := codes(bv.Bought); !slices.Equal(got, in.Board[3:4]) {
					t.Errorf("%s seed %d box %d: bought %v, want the 4th card %s", tag, seed, i+1, got, in.Board[3])
				}
				var fees []string
				for _, w := range bv.Wagers {
					if w.Fee {
						fees = append(fees, w.Name+" "+w.Amount)
					}
				}
				r, err := oracle.Parse(&in, h.Oracle)
				if err != nil {
					t.Fatal(err)
				}
				var want []string
				for _, f := range oracle.PaidFees(&r.Boxes[i], h.Oracle, h.Rounding) {
					want = append(want, loc.T("fee."+f.Fee)+" "+loc.Decimal(f.Amount.String()))
				}
				if len(want) != 2 || !slices.Equal(fees, want) {
					t.Errorf("%s seed %d box %d: fees on the felt %q, want the 4th card's and the exchange's %q", tag, seed, i+1, fees, want)
				}
				if len(bv.Notes) > 1 || len(bv.Notes) == 1 && !bv.Folded {
					t.Errorf("%s seed %d box %d: badges %q beside the cards that show them", tag, seed, i+1, bv.Notes)
				}
			}
			// The same round as trainer settle reads it: no record, the badges.
			plain := in
			plain.Boxes = slices.Clone(in.Boxes)
			for i := range plain.Boxes {
				plain.Boxes[i].Exchanges = nil
			}
			pv := Round(ctx, h, &plain, drills.Ask{Box: 1})
			for i, bx := range plain.Boxes {
				if bx.Exchanged > 0 && (len(pv.Boxes[i].GivenUp) > 0 || !slices.Contains(pv.Boxes[i].Notes, loc.T("table.exchanged_cards", "Count", bx.Exchanged))) {
					t.Errorf("%s seed %d box %d: a round without the record draws %v, notes %q", tag, seed, i+1, codes(pv.Boxes[i].GivenUp), pv.Boxes[i].Notes)
				}
			}
		}
		if found < 20 {
			t.Fatalf("%s: only %d boxes exchanged in 300 rounds", tag, found)
		}
	}
}

// TestRound_EveryGame: the round of a drill of every game draws without
// a fee line where the game has none at the felt.
func TestRound_EveryGame(t *testing.T) {
	book := testBook(t)
	h, err := book.House(rulebook.DefaultHouse)
	if err != nil {
		t.Fatal(err)
	}
	gen, err := drills.Load(book, rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	ctx := i18n.NewContext(context.Background(), i18n.Default().Localizer("en"))
	for _, game := range drills.GameSlugs() {
		d, err := gen.Generate(h.Name, drills.Spec{Game: game, Kind: "outcome", Level: 4, Seed: 7})
		if err != nil {
			t.Fatal(err)
		}
		in := d.Round
		v := Round(ctx, h, in, drills.Ask{Box: 1})
		if len(v.Boxes) != len(in.Boxes) {
			t.Fatalf("%s: %d boxes drawn of %d", game, len(v.Boxes), len(in.Boxes))
		}
		for _, b := range v.Boxes {
			for _, w := range b.Wagers {
				if w.Fee && game != oracle.Slug {
					t.Errorf("%s: a fee line %q", game, w.Name)
				}
			}
		}
	}
}

func codes(cs []templates.CardView) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Code
	}
	return out
}

func sameCards(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
