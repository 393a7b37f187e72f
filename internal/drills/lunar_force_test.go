package drills_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	content "github.com/dealerkiosk/trainer/content/i18n"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/pelletier/go-toml/v2"
)

// TestLunarBeatsDealerAfterForce reads Lunar Poker's "which boxes beat the
// dealer" where boxes forced, in every language, and fails where a box is
// not said against the hand it faced: a box that forced against the
// dealer's hand after the replacement, every other box in the showdown
// against his five as dealt (issue 26: the explanation named the hand
// after the force and judged the others against the first five). Which
// boxes forced is read from the round, and whether the dealer's first five
// qualify (ace-king or better) by the test's own evaluation.
func TestLunarBeatsDealerAfterForce(t *testing.T) {
	_, gen := generator(t)
	seeds := uint64(seedsPerLevel(400))
	for _, lang := range []string{"en", "it", "ru"} {
		faced := facedWordsIn(t, lang)
		box := regexp.MustCompile(`(?i)\b(box|бокс) (\d)\b`)
		read := 0
		for level := 2; level <= 4; level++ {
			// A short run reads fewer seeds, but on until ten forced
			// rounds have been read, so that it never passes on too few.
			for seed := uint64(0); seed < 400 && (seed < seeds || read < 10); seed++ {
				s := drills.Spec{Game: "lunar", Kind: drills.KindHand, Level: level, Seed: seed, Lang: lang}
				if lang == "en" {
					s.Lang = ""
				}
				d, err := gen.Generate("", s)
				if err != nil {
					t.Fatal(err)
				}
				if d.Ask.Question != drills.QBeatsDealer || !forcedRound(t, d) {
					continue
				}
				read++
				// Each box's part of the explanation runs from its number
				// to the next box's.
				at := box.FindAllStringSubmatchIndex(d.Explanation, -1)
				for i, m := range at {
					end := len(d.Explanation)
					if i+1 < len(at) {
						end = at[i+1][0]
					}
					part := d.Explanation[m[0]:end]
					var n int
					fmt.Sscan(d.Explanation[m[4]:m[5]], &n)
					b := d.Round.Boxes[n-1]
					if b.Fold || strings.Contains(part, faced["versus_none"]) {
						continue // out of the showdown: it faced no hand
					}
					want, not := "faced_first", "faced_forced"
					if b.Force {
						want, not = not, want
					}
					if !strings.Contains(part, faced[want]) || strings.Contains(part, faced[not]) {
						t.Errorf("%+v: box %d (forced: %v) is not said against the hand it faced (%q): %q", s, n, b.Force, faced[want], part)
					}
				}
			}
		}
		if read < 10 {
			t.Errorf("%s: only %d questions with a force read", lang, read)
		}
	}
}

// facedWordsIn reads the drills catalogue of lang for the words that name
// the dealer's hand a box faced.
func facedWordsIn(t *testing.T, lang string) map[string]string {
	t.Helper()
	buf, err := content.FS.ReadFile("drills/" + lang + ".toml")
	if err != nil {
		t.Fatal(err)
	}
	var cat struct {
		Drill struct {
			Hand map[string]any `toml:"hand"`
		} `toml:"drill"`
	}
	if err := toml.Unmarshal(buf, &cat); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, k := range []string{"faced_first", "faced_forced", "versus_none"} {
		s, ok := cat.Drill.Hand[k].(string)
		if !ok || s == "" {
			t.Fatalf("drills/%s.toml: no drill.hand.%s", lang, k)
		}
		out[k] = s
	}
	return out
}

// forcedRound reports a Lunar round where the dealer's five as dealt do not
// qualify (less than ace-king), a box forced, and the dealer's next card is
// there to replace one.
func forcedRound(t *testing.T, d *drills.Drill) bool {
	t.Helper()
	if d.Round.DealerDraw == "" {
		return false
	}
	r := rank5(readTestCards(t, d.Round.Dealer), false)
	if r[0] > tHighCard || r[1] == 14 && r[2] == 13 {
		return false
	}
	for _, b := range d.Round.Boxes {
		if b.Force {
			return true
		}
	}
	return false
}
