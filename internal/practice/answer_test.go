package practice_test

import (
	"net/url"
	"regexp"
	"testing"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/google/go-cmp/cmp"
)

var chips = []games.Money{50, 100, 500, 2500, 10000, 50000, 100000}

func money(s string) *games.Money {
	m, err := games.ParseMoney(s)
	if err != nil {
		panic(err)
	}
	return &m
}

func TestDecodeAnswer(t *testing.T) {
	t.Parallel()
	payout := &drills.Drill{Kind: drills.KindPayout, Key: drills.Key{Amount: drills.Amount(750)}}
	choice := &drills.Drill{Kind: drills.KindHand, Choices: []string{"a", "b", "c"}, Key: drills.Key{Choice: 2}}
	outcome := &drills.Drill{Kind: drills.KindOutcome, Key: drills.Key{Outcomes: []drills.Outcome{
		{Wager: "ante", Result: "win"}, {Fee: "draw", Result: "fee"}}}}
	chipDrill := &drills.Drill{Kind: drills.KindChips, Key: drills.Key{Chips: []drills.ChipCount{{Value: 2500, Count: 1}}}}
	tests := []struct {
		name string
		d    *drills.Drill
		form url.Values
		want eval.Answer
		errs map[string]string
	}{
		{"amount", payout, url.Values{"amount": {" 7.5 "}}, eval.Answer{Amount: money("7.5")}, nil},
		{"amount collected, keypad minus", payout, url.Values{"amount": {"−12,5"}}, eval.Answer{Amount: money("-12.5")}, nil},
		{"amount empty", payout, url.Values{}, eval.Answer{}, map[string]string{"amount": "Enter an amount: 0 for a push."}},
		{"amount words", payout, url.Values{"amount": {"seven"}}, eval.Answer{}, map[string]string{"amount": "Enter an amount like 15 or 7.5."}},
		{"amount three decimals", payout, url.Values{"amount": {"7.125"}}, eval.Answer{}, map[string]string{"amount": "Enter an amount like 15 or 7.5."}},
		{"amount huge", payout, url.Values{"amount": {"999999999999"}}, eval.Answer{}, map[string]string{"amount": "That amount is too large."}},
		{"choice", choice, url.Values{"choice": {"3"}}, eval.Answer{Choice: 3}, nil},
		{"choice out of range", choice, url.Values{"choice": {"4"}}, eval.Answer{}, map[string]string{"choice": "Tap one of the answers."}},
		{"outcomes", outcome, url.Values{"outcome-1": {"push"}, "outcome-2": {"fee"}},
			eval.Answer{Outcomes: []drills.Outcome{{Wager: "ante", Result: "push"}, {Fee: "draw", Result: "fee"}}}, nil},
		{"outcome missing, fee as a win", outcome, url.Values{"outcome-2": {"win"}}, eval.Answer{},
			map[string]string{"outcome-1": "Choose how this one ends.", "outcome-2": "Choose how this one ends."}},
		{"chips", chipDrill, url.Values{"chips-25": {"2"}, "chips-5": {"1"}, "chips-1": {""}},
			eval.Answer{Chips: []drills.ChipCount{{Value: 2500, Count: 2}, {Value: 500, Count: 1}}}, nil},
		{"no chips", chipDrill, url.Values{"chips-25": {"0"}}, eval.Answer{}, map[string]string{"chips-": "Tap the chips you would pay."}},
		{"negative chips", chipDrill, url.Values{"chips-25": {"-1"}}, eval.Answer{}, map[string]string{"chips-25": "Give a number of chips from 0 to 999."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, errs := practice.DecodeAnswer(tt.d, chips, tt.form)
			var msgs map[string]string
			for f, e := range errs {
				if msgs == nil {
					msgs = map[string]string{}
				}
				msgs[f] = trainer.MessageOf(e)
				if e.ID == "" || e.Kind != trainer.KindInvalid {
					t.Errorf("DecodeAnswer(%v): %s's message %q names no catalogue message", tt.form, f, e.Message)
				} else if en := i18n.Default().Localizer(i18n.Source).T(e.ID, e.Args...); en != e.Message {
					t.Errorf("%s in English says %q; the message says %q", e.ID, en, e.Message)
				}
			}
			if diff := cmp.Diff(tt.errs, msgs); diff != "" {
				t.Errorf("DecodeAnswer(%v) messages (-want +got):\n%s", tt.form, diff)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("DecodeAnswer(%v) (-want +got):\n%s", tt.form, diff)
			}
		})
	}
}

// FuzzDecodeAnswer feeds any form to every shape of answer: it must never
// panic, and it returns either an answer in the drill's shape or messages.
func FuzzDecodeAnswer(f *testing.F) {
	for _, s := range []string{"amount=7.5", "amount=-0", "choice=2", "outcome-1=win&outcome-2=fee", "chips-0.5=3", "amount=%E2%88%921", ""} {
		f.Add(s)
	}
	drillsByShape := []*drills.Drill{
		{Kind: drills.KindPayout, Key: drills.Key{Amount: drills.Amount(0)}},
		{Kind: drills.KindRuling, Choices: []string{"a", "b"}, Key: drills.Key{Choice: 1}},
		{Kind: drills.KindOutcome, Key: drills.Key{Outcomes: []drills.Outcome{{Wager: "ante", Result: "win"}, {Fee: "draw", Result: "fee"}}}},
		{Kind: drills.KindChips, Key: drills.Key{Chips: []drills.ChipCount{{Value: 50, Count: 1}}}},
	}
	f.Fuzz(func(t *testing.T, raw string) {
		form, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		for _, d := range drillsByShape {
			a, errs := practice.DecodeAnswer(d, chips, form)
			if len(errs) > 0 {
				if !cmp.Equal(a, eval.Answer{}) {
					t.Errorf("%q: messages %v with an answer %+v", raw, errs, a)
				}
				continue
			}
			switch practice.ShapeOf(d) {
			case practice.ShapeAmount:
				if a.Amount == nil {
					t.Errorf("%q: no amount and no message", raw)
				}
			case practice.ShapeChoice:
				if a.Choice < 1 || a.Choice > len(d.Choices) {
					t.Errorf("%q: choice %d out of range", raw, a.Choice)
				}
			case practice.ShapeOutcomes:
				if len(a.Outcomes) != len(d.Key.Outcomes) {
					t.Errorf("%q: %d outcomes for %d lines", raw, len(a.Outcomes), len(d.Key.Outcomes))
				}
			case practice.ShapeChips:
				if len(a.Chips) == 0 {
					t.Errorf("%q: no chips and no message", raw)
				}
			}
		}
	})
}

// TestHintGivesNothingAway checks, on real drills of every game and kind,
// that a hint never holds the key: a struck choice is a wrong one, and the
// text of an amount's hint does not name the amount unless the round shows it.
func TestHintGivesNothingAway(t *testing.T) {
	t.Parallel()
	book, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	gen, err := drills.Load(book, rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	h, _ := book.House("")
	for _, game := range drills.GameSlugs() {
		for _, kind := range drills.Kinds {
			for seed := range uint64(20) {
				d, err := gen.Generate("", drills.Spec{Game: game, Kind: kind, Level: 2, Seed: seed})
				if err != nil {
					t.Fatal(err)
				}
				hint := practice.HintFor(book, d, practice.Chips(h))
				if hint.Text == "" {
					t.Errorf("%s %s seed %d: empty hint", game, kind, seed)
				}
				if hint.Strike != 0 && (hint.Strike == d.Key.Choice || hint.Strike > len(d.Choices)) {
					t.Errorf("%s %s seed %d: the hint strikes out choice %d; the key is %d", game, kind, seed, hint.Strike, d.Key.Choice)
				}
				if d.Explanation != "" && hint.Text == d.Explanation {
					t.Errorf("%s %s seed %d: the hint is the explanation", game, kind, seed)
				}
			}
		}
	}
}

// TestHintInTheDrillsLanguage: a hint speaks the language its drill was
// asked in (drills.Spec.Lang), never the English words of the same hint.
// englishHand: words of an English hand description (poker.Hand.Describe)
// that no Italian or Russian description says.
var englishHand = regexp.MustCompile(`\b(high|pair|flush|straight|of a kind|full house|with the joker)\b`)

func TestHintInTheDrillsLanguage(t *testing.T) {
	t.Parallel()
	book, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	gen, err := drills.Load(book, rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	h, _ := book.House("")
	for _, game := range drills.GameSlugs() {
		for _, kind := range []string{drills.KindPayout, drills.KindHand, drills.KindChips} {
			for seed := range uint64(8) {
				s := drills.Spec{Game: game, Kind: kind, Level: 2, Seed: seed}
				en, err := gen.Generate("", s)
				if err != nil {
					t.Fatal(err)
				}
				want := practice.HintFor(book, en, practice.Chips(h))
				for _, lang := range []string{"it", "ru"} {
					s.Lang = lang
					d, err := gen.Generate("", s)
					if err != nil {
						t.Fatal(err)
					}
					got := practice.HintFor(book, d, practice.Chips(h))
					if got.Text == want.Text || got.Text == "" || got.Strike != want.Strike {
						t.Errorf("%+v: hint %+v; want the English %+v in other words", s, got, want)
					}
					if englishHand.MatchString(got.Text) {
						t.Errorf("%+v: hint %q describes a hand in English", s, got.Text)
					}
				}
			}
		}
	}
}
