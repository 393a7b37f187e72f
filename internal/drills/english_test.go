package drills_test

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	content "github.com/dealerkiosk/trainer/content/i18n"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/pelletier/go-toml/v2"
)

// translatedKinds are every kind of drill: the payout, outcome, hand and
// chips drills' words come from the drills catalogue (content/i18n/drills),
// the rulings' and sequences' from the procedures in each language; none
// may quote English (TestNoEnglishLeft).
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

// TestNoEnglishLeft generates drills of every game, kind (rulings and
// sequences of play included) and level in Italian and Russian (fixed seeds)
// and fails on any prompt, choice, explanation or mistake that is empty, on a
// prompt equal to the English drill's, and on any English left in them: a
// run of the English drills catalogue of four
// words or more, or a phrase of four words or more of the English drill of
// the same spec (its engine's reasons, its rule book's and procedures'
// sentences, its flipped rules' texts).
//
// missing is a message id a Localizer returns for a message it lacks.
var missing = regexp.MustCompile(`\b(drill|reason|flip|mistake|row|table)\.[a-z_]+\.?[a-z_]*\b`)

func TestNoEnglishLeft(t *testing.T) {
	_, gen := generator(t)
	english := englishSentences(t)
	levels := len(gen.Config().Levels)
	left := map[string]int{}
	total := 0
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
						texts := []string{d.Prompt, d.Explanation}
						texts = append(texts, d.Choices...)
						for _, m := range d.Mistakes {
							texts = append(texts, m.Explanation)
						}
						for _, text := range texts {
							if strings.TrimSpace(text) == "" {
								t.Errorf("%+v: a text is empty", s)
							}
							if missing.MatchString(text) || strings.Contains(text, "<no value>") {
								t.Errorf("%+v: a message is missing or lacks an argument: %q", s, text)
							}
							for _, e := range append(slices.Clone(english), own...) {
								if strings.Contains(text, e) {
									left[game+" "+kind+": "+e]++
									total++
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
	if total > 0 {
		t.Errorf("%d English phrases left in Italian and Russian drills; the most frequent:\n%s", total, mostFrequent(left, 40))
	}
}

// mostFrequent lists the n phrases of counts seen most often, one a line.
func mostFrequent(counts map[string]int, n int) string {
	keys := slices.Collect(maps.Keys(counts))
	slices.SortFunc(keys, func(a, b string) int {
		if c := counts[b] - counts[a]; c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	var b strings.Builder
	for i, k := range keys {
		if i == n {
			break
		}
		fmt.Fprintf(&b, "\t%5d  %s\n", counts[k], k)
	}
	return b.String()
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
