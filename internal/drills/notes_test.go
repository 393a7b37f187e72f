package drills

import (
	"regexp"
	"strings"
	"testing"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/uth"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// sayAlike checks one reason with phrases: the English catalogue says the
// engine's English words byte for byte, Italian and Russian say other words
// with every message and argument found. It records the ids it meets.
func sayAlike(t *testing.T, english string, why games.Why, seen map[string]bool) {
	t.Helper()
	if why == nil {
		t.Errorf("%q has no phrases", english)
		return
	}
	for _, p := range why {
		seen[p.ID] = true
	}
	c := i18n.Default()
	if got := sayWhy(c.Localizer(i18n.Source), why); got != english {
		t.Errorf("the English catalogue says\n\t%q\nwhere the engine says\n\t%q", got, english)
	}
	for _, tag := range []string{"it", "ru"} {
		got := sayWhy(c.Localizer(tag), why)
		if got == english || lacking.MatchString(got) || strings.Contains(got, "{{") || strings.Contains(got, "no value") {
			t.Errorf("%s: %q says %q", tag, english, got)
		}
	}
}

// lacking is a message id a Localizer returns for a message it lacks.
var lacking = regexp.MustCompile(`\breason\.[a-z_]+\.[a-z_]+\b`)

// TestRoundingNotesSay: every rounding note (games.RoundingReasons), in
// every way of rounding, exact amounts the minor unit can and cannot write,
// is said by the English catalogue as the engine writes it and translated
// in Italian and Russian; and every listed id is reached.
func TestRoundingNotesSay(t *testing.T) {
	seen := map[string]bool{}
	for _, mode := range []games.RoundingMode{games.RoundDown, games.RoundUp, games.RoundNearest} {
		rd := games.Rounding{Chip: games.Unit / 2, Mode: mode}
		half := games.Odds{Win: 1, Per: 2}
		third := games.Odds{Win: 1, Per: 3}
		var notes []*games.Words
		for _, stake := range []games.Money{17950, 17250, 1} {
			for _, o := range []games.Odds{half, third, {Win: 3, Per: 2}} {
				paid := rd.Pay(stake, o)
				if n := rd.Note(stake, o, paid); n.Text != "" {
					notes = append(notes, n)
				}
				notes = append(notes, rd.OddsNote("1:2", stake, o, paid))
			}
			notes = append(notes, rd.NothingNote("1:2", stake), rd.PaidNote(rd.Pay(stake, half)))
		}
		notes = append(notes, rd.ChipNote(), rd.WhichNote(0), rd.NoPayNote())
		for _, n := range notes {
			sayAlike(t, n.Text, n.Why(), seen)
		}
	}
	for _, id := range games.RoundingReasons {
		if !seen[id] {
			t.Errorf("no note gave %s", id)
		}
	}
}

// TestProgressiveReasonsSay settles Ultimate Texas Hold'em rounds whose
// Progressive wins a share of the meter, shares cut in proportion and
// rounded down as the meter holds, a win rounded to nothing, the Envy
// Bonus on a win and on a loss, and the hand of the hole cards and the
// flop: each Progressive's reason is said in every language, and every
// Progressive id of uth.Reasons is reached.
func TestProgressiveReasonsSay(t *testing.T) {
	b, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	def := b.Houses["default"].UTH
	box := func(hole string) uth.Box {
		cs := cards.MustParseList(hole)
		return uth.Box{Cards: [2]cards.Card{cs[0], cs[1]}, Ante: 10 * games.Unit, Blind: 10 * games.Unit, Progressive: games.Unit}
	}
	round := func(dealer, board string, holes ...string) *uth.Round {
		d, bd := cards.MustParseList(dealer), cards.MustParseList(board)
		r := &uth.Round{Dealer: [2]cards.Card{d[0], d[1]}, Board: [5]cards.Card(bd)}
		for _, h := range holes {
			r.Boxes = append(r.Boxes, box(h))
		}
		return r
	}
	royalBoard := round("8c 9d", "As Ks Qs Js Ts", "2c 3d", "4h 5c", "6d 7h")
	envy := round("2h 2d", "Qs Js Ts 4d 3c", "As Ks", "7c 7h", "9s 8s")
	tests := []struct {
		name  string
		r     *uth.Round
		set   func(s *uth.Settings)
		round games.RoundingMode
	}{
		{"shares cut and rounded down for the meter, house rounds up", royalBoard,
			func(s *uth.Settings) { s.ProgressiveMeter = 123457 }, games.RoundUp},
		{"shares cut and rounded down for the meter, house rounds to the nearest", royalBoard,
			func(s *uth.Settings) { s.ProgressiveMeter = 123540 }, games.RoundNearest},
		{"a share that rounds to nothing", round("8c 9d", "As Ks Qs Js Ts", "2c 3d"),
			func(s *uth.Settings) { s.ProgressiveMeter = 1 }, games.RoundDown},
		{"envy bonus", envy, func(s *uth.Settings) { s.EnvyBonus = true }, games.RoundDown},
		{"hole cards and flop", envy, func(s *uth.Settings) { s.ProgressiveHand = "hole_and_flop" }, games.RoundDown},
	}
	seen := map[string]bool{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := *def
			tt.set(&s)
			st := uth.Settle(tt.r, &s, games.Rounding{Chip: games.Unit / 2, Mode: tt.round})
			for _, br := range st.Boxes {
				for _, w := range br.Wagers {
					if w.Wager == "progressive" {
						sayAlike(t, w.Reason, w.Why, seen)
					}
				}
			}
		})
	}
	for _, id := range uth.Reasons {
		if (strings.Contains(id, "progressive_") || strings.Contains(id, "envy_")) && !strings.Contains(id, "fold") && !strings.Contains(id, "below") && !seen[id] {
			t.Errorf("no round gave %s", id)
		}
	}
	if !seen[games.ReasonRoundingChipDown] {
		t.Error("no Progressive share was rounded down for the meter")
	}
}
