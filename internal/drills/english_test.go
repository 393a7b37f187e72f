package drills_test

import (
	"regexp"
	"strings"
	"testing"

	content "github.com/dealerkiosk/trainer/content/i18n"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/pelletier/go-toml/v2"
)

// translatedKinds are the kinds whose own words come from the drills
// catalogue (content/i18n/drills). What they quote is not all translated
// yet: the hands' descriptions, the texts a flipped rule writes for the
// round and the engine's reasons without ids are still English
// (docs/i18n.md, "Not yet in the catalogues"); this test holds the words the
// catalogue owns.
var translatedKinds = []string{drills.KindPayout, drills.KindOutcome, drills.KindHand, drills.KindChips, drills.KindRuling, drills.KindProcedure}

// englishSentences are the literal runs of the English drills catalogue of
// five words or more, the engine's reasons apart: the words between
// placeholders, which no Italian or Russian drill may show.
func englishSentences(t *testing.T) []string {
	t.Helper()
	buf, err := content.FS.ReadFile("drills/en.toml")
	if err != nil {
		t.Fatal(err)
	}
	var tree map[string]any
	if err := toml.Unmarshal(buf, &tree); err != nil {
		t.Fatal(err)
	}
	placeholder := regexp.MustCompile(`\{\{[^}]*\}\}`)
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for _, x := range v {
				walk(x)
			}
		case string:
			for _, run := range placeholder.Split(v, -1) {
				run = strings.Trim(run, " ;:,.()")
				if len(strings.Fields(run)) >= 4 {
					out = append(out, run)
				}
			}
		}
	}
	// The engine's reasons (reason.*) are left out: a reason with ids is
	// checked by TestReasonsSayTheEngine, and one without (most, today) is
	// English by design, phrases added to it included (games.WagerResult.Add).
	delete(tree, "reason")
	walk(tree)
	if len(out) < 20 {
		t.Fatalf("only %d English sentences found in drills/en.toml", len(out))
	}
	return out
}

// TestNoEnglishLeft generates drills of every game, translated kind and
// level in Italian and Russian (fixed seeds) and fails on any prompt,
// choice, explanation or mistake that is empty or says a sentence of the
// English catalogue, and on a prompt equal to the English drill's.
func TestNoEnglishLeft(t *testing.T) {
	_, gen := generator(t)
	english := englishSentences(t)
	levels := len(gen.Config().Levels)
	for _, game := range drills.GameSlugs() {
		for _, kind := range translatedKinds {
			for level := 1; level <= levels; level++ {
				for seed := uint64(1); seed <= 12; seed++ {
					s := drills.Spec{Game: game, Kind: kind, Level: level, Seed: seed}
					en, err := gen.Generate("", s)
					if err != nil {
						t.Fatalf("%+v: %v", s, err)
					}
					own := drillSentences(en)
					for _, lang := range []string{"it", "ru"} {
						s.Lang = lang
						d, err := gen.Generate("", s)
						if err != nil {
							t.Fatalf("%+v: %v", s, err)
						}
						texts := map[string]string{"prompt": d.Prompt, "explanation": d.Explanation}
						for i, c := range d.Choices {
							texts["choice "+string(rune('1'+i))] = c
						}
						for _, m := range d.Mistakes {
							texts["mistake "+m.ID] = m.Explanation
						}
						for what, text := range texts {
							if strings.TrimSpace(text) == "" {
								t.Errorf("%+v: the %s is empty", s, what)
							}
							for _, e := range english {
								if strings.Contains(text, e) {
									t.Errorf("%+v: the %s says the English %q:\n\t%s", s, what, e, text)
								}
							}
							for _, e := range own {
								if strings.Contains(text, e) && !stillEnglish(e) {
									t.Errorf("%+v: the %s says the English drill's %q:\n\t%s", s, what, e, text)
								}
							}
						}
						if d.Prompt == en.Prompt {
							t.Errorf("%+v: the prompt is the English one: %q", s, d.Prompt)
						}
					}
				}
			}
		}
	}
}

// drillSentences are the English drill's own phrases of four words or more
// (its prompt, choices, explanation and mistakes cut at sentence and clause
// marks): the engine's reasons, the rule books' and procedures' words, the
// texts a flipped rule writes. A translated drill says none of them.
func drillSentences(d *drills.Drill) []string {
	texts := append([]string{d.Prompt, d.Explanation}, d.Choices...)
	for _, m := range d.Mistakes {
		texts = append(texts, m.Explanation)
	}
	cut := regexp.MustCompile(`[.;:!?()]\s|[.;:!?()]$|\(`)
	seen := map[string]bool{}
	var out []string
	for _, text := range texts {
		for _, run := range cut.Split(text, -1) {
			run = strings.Trim(run, " ,")
			if len(strings.Fields(run)) >= 4 && !seen[run] && wordy.MatchString(run) {
				seen[run] = true
				out = append(out, run)
			}
		}
	}
	return out
}

// wordy: a phrase with at least one English word of three letters or more,
// not only cards, amounts and signs.
var wordy = regexp.MustCompile(`[a-z]{3,}`)

// stillEnglish reports whether phrase is one of the words known to be
// English in every language still (docs/i18n.md, "Not yet in the
// catalogues"): none today.
func stillEnglish(phrase string) bool { return false }
