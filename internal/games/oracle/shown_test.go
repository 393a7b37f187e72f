package oracle_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/oracle"
)

// TestRandomRecordsExchanges holds the record of each exchange that Random
// keeps for the screen (games.Box.Exchanges) to the round it dealt: as many
// cards given up as the box's exchanged count, every card of the round in
// one place only, a card given up out of the final hand unless drawn again,
// and the final hand made of cards drawn and cards never given up.
func TestRandomRecordsExchanges(t *testing.T) {
	b := testBook(t)
	seen := 0
	for _, house := range []string{"default", "twoex", "onecard", "committed"} {
		h, err := b.House(house)
		if err != nil {
			t.Fatal(err)
		}
		l := h.Limits[oracle.Slug]
		for seed := range uint64(400) {
			in := oracle.Random(rand.New(rand.NewPCG(seed, 9)), h.Oracle, l.Min, l.Max, h.Rounding.Chip, 6)
			for i, bx := range in.Boxes {
				where := fmt.Sprintf("house %s seed %d box %d", house, seed, i+1)
				out, drawn := 0, map[string]bool{}
				gone := map[string]bool{}
				for _, e := range bx.Exchanges {
					if len(e.Out) != len(e.In) || len(e.Out) == 0 {
						t.Fatalf("%s: exchange %v gives up %d cards and draws %d", where, e, len(e.Out), len(e.In))
					}
					out += len(e.Out)
					for _, c := range e.Out {
						gone[c] = true
						delete(drawn, c)
					}
					for _, c := range e.In {
						drawn[c] = true
						delete(gone, c)
					}
				}
				if out != bx.Exchanged {
					t.Errorf("%s: %d cards recorded given up, exchanged %d", where, out, bx.Exchanged)
				}
				for _, c := range bx.Cards {
					if gone[c] {
						t.Errorf("%s: %s given up and still in the hand %v", where, c, bx.Cards)
					}
				}
				for c := range drawn {
					if !slices.Contains(bx.Cards, c) {
						t.Errorf("%s: %s drawn and kept, but not in the hand %v", where, c, bx.Cards)
					}
				}
				if len(bx.Exchanges) > 0 {
					seen++
				}
			}
			// Every card of the round, given-up cards included, once.
			all := slices.Concat(in.Dealer, in.Board)
			for _, bx := range in.Boxes {
				all = append(all, bx.Cards...)
				held := map[string]bool{}
				for _, c := range bx.Cards {
					held[c] = true
				}
				for _, e := range bx.Exchanges {
					for _, c := range e.Out {
						if !held[c] {
							all = append(all, c)
						}
						held[c] = true
					}
				}
			}
			if dup := firstDuplicate(all); dup != "" {
				t.Fatalf("house %s seed %d: %s dealt twice: %s", house, seed, dup, strings.Join(all, " "))
			}
		}
	}
	if seen < 100 {
		t.Errorf("only %d boxes exchanged: the test sees too few exchanges", seen)
	}
}

func firstDuplicate(cs []string) string {
	seen := map[string]bool{}
	for _, c := range cs {
		if seen[c] {
			return c
		}
		seen[c] = true
	}
	return ""
}

// TestPaidFeesAreTheSettlements checks that the fees the screen says a box
// put down are the fees its settlement keeps, wherever the settlement keeps
// them (a house whose fees are not refundable, or a box whose Ante lost).
func TestPaidFeesAreTheSettlements(t *testing.T) {
	b := testBook(t)
	checked := 0
	for _, house := range []string{"default", "halffee", "freecard", "twoex", "onecard", "refund", "halfup", "betpay"} {
		h, err := b.House(house)
		if err != nil {
			t.Fatal(err)
		}
		l := h.Limits[oracle.Slug]
		for seed := range uint64(200) {
			in := oracle.Random(rand.New(rand.NewPCG(seed, 3)), h.Oracle, l.Min, l.Max, h.Rounding.Chip, 4)
			r, err := oracle.Parse(&in, h.Oracle)
			if err != nil {
				t.Fatalf("house %s seed %d: %v", house, seed, err)
			}
			st := oracle.Settle(r, h.Oracle, h.Rounding)
			for i := range r.Boxes {
				paid := oracle.PaidFees(&r.Boxes[i], h.Oracle, h.Rounding)
				kept := st.Boxes[i].FeeItems
				refunded := slices.ContainsFunc(kept, func(f games.Fee) bool { return f.Amount == 0 })
				if refunded {
					if len(paid) != len(kept) {
						t.Errorf("house %s seed %d box %d: paid %v, settled %v", house, seed, i+1, paid, kept)
					}
					continue
				}
				if len(paid) != len(kept) {
					t.Fatalf("house %s seed %d box %d: paid %v, settled %v", house, seed, i+1, paid, kept)
				}
				for j := range paid {
					if paid[j].Fee != kept[j].Fee || paid[j].Amount != kept[j].Amount {
						t.Errorf("house %s seed %d box %d: paid %s %s, settlement keeps %s %s",
							house, seed, i+1, paid[j].Fee, paid[j].Amount, kept[j].Fee, kept[j].Amount)
					}
					checked++
				}
			}
		}
	}
	if checked < 500 {
		t.Errorf("only %d fees compared", checked)
	}
}
