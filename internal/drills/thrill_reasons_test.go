package drills

import (
	"encoding/json"
	"strings"
	"testing"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/thrill"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// TestThrillReasonsInEveryLanguage settles 7 Card Thrill rounds made for the
// reasons random deals seldom reach (the half pay, the wheel, the joker in a
// flush, the card that decides, the joker beside three of a kind, the
// Special) at the houses that give them: each wager's reason has a Why, its
// English phrases say the engine's sentence byte for byte, and Italian and
// Russian say it in their own words with nothing missing.
func TestThrillReasonsInEveryLanguage(t *testing.T) {
	b, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	def, err := b.House("default")
	if err != nil {
		t.Fatal(err)
	}
	type box struct{ cards, wagers string }
	type tc struct {
		name   string
		set    func(s *thrill.Settings) // the house's settings, changed from the default's
		dealer string
		boxes  []box
		want   []string // ids the round's reasons must use
	}
	// The dealer's hands the cases share.
	const (
		kjDealer    = "Kc Jd 9h 7s 4c 3d 2h" // king/jack high: half pay
		kqDealer    = "Kc Qd 9h 7s 4c 3d 2h" // king-queen high: full pay, half at king_high houses
		sfDealer    = "Kh Qh Jh Th 9h 2c 3c" // a king-high straight flush
		flushDealer = "As Ks Js 3s 2s 8c 6d" // a spade flush A-K-J-3-2
		pairDealer  = "9c 9d Ah 8s 7c 2d 3h" // nines, ace, eight, seven
	)
	cases := []tc{
		{"half pay", nil, kjDealer, []box{{"As Ad 5h 6s 8c Td 3s", "poker=10"}}, []string{thrill.ReasonHalfPay}},
		{"half pay at a king-high house", func(s *thrill.Settings) { s.PokerHalfPayHand = thrill.KingHigh }, kqDealer,
			[]box{{"As Ad 5h 6s 8c Td 3s", "poker=10"}}, []string{thrill.ReasonHalfPay, thrill.ReasonHalfPayHouse}},
		{"the wheel", nil, "Kh Qd Jc Ts 9h 2c 3c", []box{{"As 2d 3h 4s 5c 8d 7h", "poker=10"}}, []string{thrill.ReasonWheel}},
		{"the wheel straight flush", nil, sfDealer, []box{{"As 2s 3s 4s 5s 7d 8d", "poker=10"}}, []string{thrill.ReasonWheelSF}},
		{"the wheel straight flush, lowest", func(s *thrill.Settings) { s.WheelRuleAppliesToSF = false }, sfDealer,
			[]box{{"As 2s 3s 4s 5s 7d 8d", "poker=10"}}, []string{thrill.ReasonWheelSFLowest}},
		{"the joker in a flush, highest missing", nil, flushDealer, []box{{"Ah 9h 7h 4h Jk Tc Qd", "poker=10"}},
			[]string{thrill.ReasonJokerFlushMissing, thrill.ReasonDecides + "third_highest_card", thrill.ReasonDealerAgainst}},
		{"the joker in a flush, an ace", func(s *thrill.Settings) { s.JokerFlushRank = thrill.AceAlways }, flushDealer,
			[]box{{"Ah 9h 7h 4h Jk Tc Qd", "poker=10"}},
			[]string{thrill.ReasonJokerFlushAce, thrill.ReasonDecides + "second_highest_card", thrill.ReasonPlayerAgainst}},
		{"a natural hand ties a joker hand", nil, "Kh Qd Jc Ts 9h 2c 4c", []box{{"Ks Qh Jd Jk 9s 3d 5h", "poker=10"}},
			[]string{thrill.ReasonPokerPushes, thrill.ReasonNaturalTies}},
		{"the second kicker", nil, pairDealer, []box{{"9h 9s Ad 7d 6c 2c 4h", "poker=10"}},
			[]string{thrill.ReasonDecides + "second_kicker"}},
		{"the third kicker", nil, pairDealer, []box{{"9h 9s Ad 8d 6c 2c 4h", "poker=10"}},
			[]string{thrill.ReasonDecides + "third_kicker"}},
		{"the fourth card of a flush", nil, "As Qs 9s 7s 4s 2c 3d", []box{{"Ah Qh 9h 6h 3h 2d 4c", "poker=10"}},
			[]string{thrill.ReasonDecides + "fourth_highest_card"}},
		{"the fifth card of a flush", nil, "As Qs 9s 7s 4s 2c 3d", []box{{"Ah Qh 9h 7h 3h 2d 4c", "poker=10"}},
			[]string{thrill.ReasonDecides + "fifth_highest_card"}},
		{"kings up at a literal house", func(s *thrill.Settings) { s.PKOBHalfOnlyOnePair = false }, pairDealer,
			[]box{{"Ks Kd 5c 5d 7d Tc Jh", "kings_or_better=10"}}, []string{thrill.ReasonKingsContain}},
		{"the Special below a straight flush", nil, pairDealer, []box{{"Ks Kd 5c 5d 7d Tc Jh", "poker=10 special=1"}},
			[]string{thrill.ReasonBelow + "straight_flush"}},
		{"five aces", nil, "Ks Kd 7h 7s 3c 4d 9h", []box{{"Ac Ad Ah As Jk 8c 2d", "poker=10 special=1"}}, []string{thrill.ReasonFiveAces}},
		{"a natural royal", nil, pairDealer, []box{{"As Ks Qs Js Ts 4c 6d", "poker=10 special=1"}}, []string{thrill.ReasonNaturalRoyal}},
		{"a royal with the joker", nil, pairDealer, []box{{"As Ks Qs Js Jk 4c 6d", "poker=10 special=1"}}, []string{thrill.ReasonJokerRoyal}},
		{"a royal with the joker at a natural-only house", func(s *thrill.Settings) { s.SpecialNaturalRoyalOnly = true }, pairDealer,
			[]box{{"As Ks Qs Js Jk 4c 6d", "poker=10 special=1"}}, []string{thrill.ReasonJokerRoyalAsSF}},
	}
	// Three of a kind of every rank but aces with the joker beside it, and
	// three other cards that make no straight or flush with it.
	for r := cards.Two; r < cards.Ace; r++ {
		k := cards.New(r, cards.Clubs).String()[:1]
		rest := map[string]string{"Q": "Kd 8c 3d", "8": "Qd 2c 3d", "3": "Qd 8c 5d"}[k]
		if rest == "" {
			rest = "Qd 8c 3d"
		}
		cases = append(cases, tc{"three " + r.Plural() + " with the joker", nil, "As Ks Qs 9s 7s 5s 3s",
			[]box{{k + "c " + k + "d " + k + "h Jk " + rest, "trips_or_better=5"}}, []string{thrill.ReasonNotFourth + r.Name()}})
	}
	seen := map[string]bool{}
	for _, c := range cases {
		h := def
		if c.set != nil {
			h = withThrill(def, c.set)
		}
		in := &games.Round{Game: thrill.Slug, House: h.Name, Dealer: strings.Fields(c.dealer)}
		for _, bx := range c.boxes {
			gb := games.Box{Cards: strings.Fields(bx.cards), Wagers: map[string]json.Number{}}
			for _, kv := range strings.Fields(bx.wagers) {
				k, v, _ := strings.Cut(kv, "=")
				gb.Wagers[k] = json.Number(v)
			}
			in.Boxes = append(in.Boxes, gb)
		}
		r, err := thrill.Parse(in, h.Thrill)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		st := thrill.Settle(r, h.Thrill, h.Rounding)
		used := map[string]bool{}
		for _, br := range st.Boxes {
			for _, w := range br.Wagers {
				if w.Why == nil {
					t.Errorf("%s: %s's reason has no ids: %q", c.name, w.Wager, w.Reason)
					continue
				}
				for _, p := range w.Why {
					used[p.ID], seen[p.ID] = true, true
				}
				checkWhy(t, c.name, w.Reason, w.Why)
			}
		}
		for _, id := range c.want {
			if !used[id] {
				t.Errorf("%s: no reason says %s", c.name, id)
			}
		}
	}
	for _, id := range rareThrillReasons {
		if !seen[id] {
			t.Errorf("no round here gives %s", id)
		}
	}
}

// rareThrillReasons are the ids TestThrillReasonsInEveryLanguage must reach.
var rareThrillReasons = append([]string{thrill.ReasonHalfPay, thrill.ReasonHalfPayHouse, thrill.ReasonWheel, thrill.ReasonWheelSF,
	thrill.ReasonWheelSFLowest, thrill.ReasonJokerFlushAce, thrill.ReasonJokerFlushMissing, thrill.ReasonNaturalTies,
	thrill.ReasonPlayerAgainst, thrill.ReasonDealerAgainst, thrill.ReasonKingsContain, thrill.ReasonBelow + "straight_flush",
	thrill.ReasonFiveAces, thrill.ReasonNaturalRoyal, thrill.ReasonJokerRoyal, thrill.ReasonJokerRoyalAsSF},
	prefixed(thrill.Reasons, thrill.ReasonDecides, thrill.ReasonNotFourth)...)

// prefixed are the ids of ids that start with one of prefixes.
func prefixed(ids []string, prefixes ...string) []string {
	var out []string
	for _, id := range ids {
		for _, p := range prefixes {
			if strings.HasPrefix(id, p) {
				out = append(out, id)
			}
		}
	}
	return out
}

// checkWhy: why, said in English, is the engine's reason byte for byte; in
// Italian and Russian it is other words, with no message missing.
func checkWhy(t *testing.T, name, english string, why games.Why) {
	t.Helper()
	c := i18n.Default()
	if got := sayWhy(c.Localizer(i18n.Source), why); got != english {
		t.Errorf("%s: the English catalogue says\n\t%q\nwhere the engine says\n\t%q", name, got, english)
	}
	for _, lang := range []string{"it", "ru"} {
		got := sayWhy(c.Localizer(lang), why)
		if got == english || strings.Contains(got, "reason.") || strings.Contains(got, "<no value>") {
			t.Errorf("%s: in %s the reason %q reads %q", name, lang, english, got)
		}
	}
}
