package drills

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/lunar"
	"github.com/dealerkiosk/trainer/internal/games/oracle"
	"github.com/dealerkiosk/trainer/internal/games/thrill"
	"github.com/dealerkiosk/trainer/internal/games/uth"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// reasonIDs are the reason ids each game's settlement may give (its
// Reasons), and those any game may add: the house cap's and the rounding
// notes.
var reasonIDs = map[string][]string{
	"uth":    append(commonReasons(), uth.Reasons...),
	"oracle": append(commonReasons(), oracle.Reasons...),
	"thrill": append(commonReasons(), thrill.Reasons...),
	"lunar":  append(commonReasons(), lunar.Reasons...),
}

// commonReasons are the ids any game's settlement may give.
func commonReasons() []string { return append([]string{games.ReasonCut}, games.RoundingReasons...) }

// signsOnly are reason phrases made of numbers, signs and a wager's printed
// name (Ante), the same in every language, and the phrase that is only a
// hand (thrill.ReasonHand), which the reader's language describes.
var signsOnly = map[string]bool{oracle.ReasonRatioN: true, oracle.ReasonRatioTimes: true, thrill.ReasonHand: true}

// TestReasonIDsInEveryCatalogue: every reason id any game lists has its
// message in every language, translated (not the English words).
func TestReasonIDsInEveryCatalogue(t *testing.T) {
	c := i18n.Default()
	for game, ids := range reasonIDs {
		for _, id := range ids {
			en := c.Text(i18n.Source, id)
			if len(en) == 0 {
				t.Errorf("%s: reason %s has no English message", game, id)
				continue
			}
			for _, l := range i18n.Offered {
				tr := c.Text(l.Tag, id)
				if len(tr) == 0 {
					t.Errorf("%s: reason %s has no %s message", game, id, l.Tag)
				} else if l.Tag != i18n.Source && tr["other"] == en["other"] && !signsOnly[id] {
					t.Errorf("%s: reason %s in %s is the English %q", game, id, l.Tag, en["other"])
				}
			}
		}
	}
}

// TestReasonsSayTheEngine settles many rounds of every game at every house
// and level: every reason has ids (games.Why: one without would show in
// English in every language), uses only ids its game lists,
// and its English phrases say the engine's English Reason word for word, so
// the catalogue cannot drift from the engine. Italian and Russian render
// without a missing message.
func TestReasonsSayTheEngine(t *testing.T) {
	b, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	gen, err := Load(b, rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	en := gen.cat.Localizer(i18n.Source)
	others := []*i18n.Localizer{gen.cat.Localizer("it"), gen.cat.Localizer("ru")}
	seen := map[string]bool{}
	check := func(game, english string, why games.Why) {
		if why == nil {
			if english != "" {
				t.Errorf("%s: the reason %q has no message ids: it would show in English in every language", game, english)
			}
			return
		}
		for _, p := range why {
			seen[p.ID] = true
			if !slices.Contains(reasonIDs[game], p.ID) {
				t.Errorf("%s: reason id %s is not in the game's Reasons", game, p.ID)
			}
		}
		if got := sayWhy(en, why); got != english {
			t.Errorf("%s: the English catalogue says\n\t%q\nwhere the engine says\n\t%q", game, got, english)
		}
		for _, l := range others {
			if got := sayWhy(l, why); got == english || got == "" {
				t.Errorf("%s: in %s the reason %q stays English", game, l.Lang(), english)
			}
		}
	}
	houses := make([]string, 0, len(b.Houses))
	for name := range b.Houses {
		houses = append(houses, name)
	}
	slices.Sort(houses)
	for _, g := range registry {
		for _, name := range houses {
			h := b.Houses[name]
			for i := range gen.cfg.Levels {
				lv := &gen.cfg.Levels[i]
				for s := range uint64(40) {
					d, _, _ := gen.deal(rand.New(rand.NewPCG(s, uint64(i))), g, h, lv, nil)
					if d == nil {
						continue
					}
					for _, br := range d.st.Boxes {
						for _, w := range br.Wagers {
							check(g.slug, w.Reason, w.Why)
							checkRow(t, en, w.Row)
						}
						for _, f := range br.FeeItems {
							check(g.slug, f.Reason, f.Why)
						}
					}
				}
			}
		}
	}
	if rows < 100 {
		t.Errorf("only %d pay-table rows read back; the engine's row names have changed shape", rows)
	}
	for _, id := range []string{uth.ReasonAnteFold, oracle.ReasonBetNoQualify, oracle.ReasonFeeOf, oracle.ReasonFeeExchange, lunar.ReasonForceFee,
		uth.ReasonBlindBelow, uth.ReasonTripsBelow, uth.ReasonProgressiveBelow, lunar.ReasonAntePushWon, lunar.ReasonAnteLose, lunar.ReasonBetNoQualify, lunar.ReasonBetPays, lunar.ReasonBetPaysTwo, thrill.ReasonKingsBetter} {
		if !seen[id] {
			t.Errorf("no settled round gave reason %s: the test does not reach the reasons it checks", id)
		}
	}
}

// checkRow: every pay-table row the engine names is read back into its
// parts (parseRow) and said in words in every language, without the
// table's own name (issue 26); Italian is not the English sentence.
func checkRow(t *testing.T, en *i18n.Localizer, row string) {
	t.Helper()
	kind, _, ok := parseRow(row)
	if !ok {
		if row != "" && !strings.HasPrefix(row, oracle.NoQualifyRow) {
			t.Errorf("row %q is not read back", row)
		}
		return
	}
	rows++
	name := strings.TrimPrefix(row, games.KindWords(kind)+" table ")
	name, _, _ = strings.Cut(name, ", ")
	for _, loc := range []*i18n.Localizer{en, i18n.Default().Localizer("it"), i18n.Default().Localizer("ru")} {
		said := rowIn(loc, row)
		if said == "" || strings.Contains(said, "{{") || strings.Contains(said, "drill.") {
			t.Errorf("%s: row %q is said %q", loc.Lang(), row, said)
		}
		// The Progressive's table is named "jackpot", which is also the
		// word its sentence needs.
		word := strings.Contains(loc.T("drill.row.percent"), name)
		if !word && (strings.Contains(said, " "+name+" ") || strings.Contains(said, " "+name+".")) {
			t.Errorf("%s: row %q names its table %q: %q", loc.Lang(), row, name, said)
		}
	}
	if it := rowIn(i18n.Default().Localizer("it"), row); it == rowIn(en, row) {
		t.Errorf("row %q stays English in Italian", row)
	}
}

// rows counts the rows checkRow read back.
var rows int

// TestMistakeTexts: every mistake of every game with a text of its own has
// it in the drills catalogue (mistake.<id>), the English word for word, the
// Italian and Russian translated; ids of such mistakes are unique, so that
// one message says one text.
func TestMistakeTexts(t *testing.T) {
	c := i18n.Default()
	seen := map[string]string{}
	for _, g := range registry {
		for _, m := range g.mistakes {
			if m.text == "" || m.rounding != "" {
				continue
			}
			id := "mistake." + m.id
			if prev, ok := seen[id]; ok && prev != m.text {
				t.Errorf("%s: two mistakes of id %s say different texts", g.slug, m.id)
			}
			seen[id] = m.text
			en := c.Text(i18n.Source, id)["other"]
			if en != m.text {
				t.Errorf("%s: %s says %q in the English catalogue; the mistake says %q", g.slug, id, en, m.text)
			}
			for _, tag := range []string{"it", "ru"} {
				if tr := c.Text(tag, id)["other"]; tr == "" || tr == en {
					t.Errorf("%s: %s in %s is %q", g.slug, id, tag, tr)
				}
			}
		}
	}
	if len(seen) < 10 {
		t.Errorf("only %d mistakes with texts of their own", len(seen))
	}
}

// TestRoundingTextIn: the catalogue's rounding slips say in English what
// roundingText says, for every slip and every way of rounding.
func TestRoundingTextIn(t *testing.T) {
	en, it := i18n.Default().Localizer(i18n.Source), i18n.Default().Localizer("it")
	for _, how := range []string{"exact", "up", "down"} {
		for _, mode := range []games.RoundingMode{games.RoundDown, games.RoundUp, games.RoundNearest} {
			rd := games.Rounding{Chip: games.Unit / 2, Mode: mode}
			if got, want := roundingTextIn(en, how, rd), roundingText(how, rd); got != want {
				t.Errorf("%s, %v: the catalogue says %q; roundingText %q", how, mode, got, want)
			}
			if got := roundingTextIn(it, how, rd); got == roundingText(how, rd) || !strings.Contains(got, "0,5") {
				t.Errorf("%s, %v: Italian %q", how, mode, got)
			}
		}
	}
}

// TestFlipTexts deals many rounds of every game at every house and level:
// each text a flipped rule writes for the round with a message (said) is,
// in the English catalogue, the flip's English words byte for byte, and in
// Italian and Russian other words with no message missing. Each message the
// flips use is reached at least once by some house.
func TestFlipTexts(t *testing.T) {
	b, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	gen, err := Load(b, rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	en := gen.cat.Localizer(i18n.Source)
	others := []*i18n.Localizer{gen.cat.Localizer("it"), gen.cat.Localizer("ru")}
	seen := map[string]bool{}
	houses := make([]string, 0, len(b.Houses))
	for name := range b.Houses {
		houses = append(houses, name)
	}
	slices.Sort(houses)
	// A house's flip reaches one direction of its rule; the flipped houses,
	// dealt again, reach the other.
	type gameHouse struct {
		g *game
		h *rulebook.House
	}
	var queue, flipped []gameHouse
	for _, g := range registry {
		for _, name := range houses {
			queue = append(queue, gameHouse{g, b.Houses[name]})
		}
	}
	tried := map[string]bool{}
	for pass := 0; pass < 2; pass++ {
		for _, gh := range queue {
			g, h := gh.g, gh.h
			for i := range gen.cfg.Levels {
				lv := &gen.cfg.Levels[i]
				for s := range uint64(40) {
					d, _, _ := gen.deal(rand.New(rand.NewPCG(s, uint64(i))), g, h, lv, nil)
					if d == nil {
						continue
					}
					for _, w := range d.wrongs() {
						f := w.flipped
						if f.id == "" {
							continue
						}
						if !strings.HasPrefix(f.id, "flip."+g.slug+".") {
							t.Errorf("%s: flip %s says %s, not a message of its game", g.slug, w.m.id, f.id)
						}
						if !tried[f.id] {
							tried[f.id] = true
							if fh, _ := w.m.flip(d); fh != nil {
								flipped = append(flipped, gameHouse{g, fh})
							}
						}
						if seen[f.id+"\x00"+w.text] {
							continue
						}
						seen[f.id] = true
						seen[f.id+"\x00"+w.text] = true
						if got := sayFlip(en, f); got != w.text {
							t.Errorf("%s: the English catalogue says\n\t%q\nwhere the flip says\n\t%q", f.id, got, w.text)
						}
						for _, l := range others {
							if got := sayFlip(l, f); got == w.text || got == "" || got == f.id || strings.Contains(got, "{{") || strings.Contains(got, "no value") {
								t.Errorf("%s in %s: %q", f.id, l.Lang(), got)
							}
						}
					}
				}
			}
		}
		queue, flipped = flipped, nil
	}
	ids := 0
	for id := range seen {
		if !strings.Contains(id, "\x00") {
			ids++
		}
	}
	t.Logf("%d flip messages reached", ids)
	if ids < 35 {
		t.Errorf("only %d flip messages reached: the test does not reach the texts it checks", ids)
	}
}
