package procedures_test

import (
	"strings"
	"testing"
	"testing/fstest"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/procedures"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// itTexts translates one situation and one sequence of uth (testdata for
// this test only: the shipped translations come and go with the
// translators' work).
const itTexts = `
[situation."uth.show_cards"]
title  = "Un giocatore mostra le carte"
prompt = "Prima del flop, il giocatore del box {box} {act}. Che cosa fate?"
vars.act = ["gira le carte verso il box {other_box}", "mostra le carte al vicino", "chiede al box {other_box} che cosa farebbe"]
ruling = "Non è permesso: la mano resta valida."
choices = [
  { text = "Ditegli che non è permesso." },
  { text = "Dichiarate la mano morta.", why = "La pena è un avvertimento." },
  { text = "Non dite nulla.", why = "I giocatori non si consultano." },
  { text = "Annullate il colpo.", why = "La distribuzione era corretta." },
]

[sequence."uth.play"]
title = "La sequenza di gioco"
steps = ["passo 1", "passo 2", "passo 3", "passo 4", "passo 5", "passo 6", "passo 7", "passo 8", "passo 9", "passo 10", "passo 11"]
`

// TestLanguages: a question in Italian or Russian has the English key,
// choice order, variant and citation for the same seed; a translated item
// reads in the language, the frame of a step or order question too; an item
// not translated reads in English words.
func TestLanguages(t *testing.T) {
	b, err := rulebook.Load(rulebook.Overlay(fstest.MapFS{"procedures/it/uth.toml": {Data: []byte(itTexts)}},
		rulebook.Without(rules.FS, "procedures/ru/uth.toml")))
	if err != nil {
		t.Fatal(err)
	}
	h, _ := b.House(rulebook.DefaultHouse)
	sit := h.Procedures.Situation("uth.show_cards")
	for _, tt := range []struct {
		kind procedures.Kind
		id   string
	}{{procedures.KindRuling, "uth.show_cards"}, {procedures.KindNextStep, "uth.play"}, {procedures.KindOrder, "uth.play"},
		{procedures.KindRuling, "uth.misdeal"}, {procedures.KindRuling, "common.fractional_payout"}} {
		for seed := uint64(1); seed <= 12; seed++ {
			en, err := procedures.NewIn(h, "en", "uth", tt.kind, tt.id, seed)
			if err != nil {
				t.Fatal(err)
			}
			if old, _ := procedures.NewAt(h, "uth", tt.kind, tt.id, seed); old.Prompt != en.Prompt || old.Explanation != en.Explanation {
				t.Errorf("%s %s seed %d: NewIn(en) is not NewAt", tt.kind, tt.id, seed)
			}
			for _, lang := range []string{"it", "ru"} {
				q, err := procedures.NewIn(h, lang, "uth", tt.kind, tt.id, seed)
				if err != nil {
					t.Fatal(err)
				}
				if q.Answer != en.Answer || len(q.Choices) != len(en.Choices) || q.Ref != en.Ref || q.ID != en.ID || q.Kind != en.Kind {
					t.Errorf("%s %s seed %d in %s: answer %d of %d, ref %s; English %d of %d, %s", tt.kind, tt.id, seed, lang,
						q.Answer, len(q.Choices), q.Ref, en.Answer, len(en.Choices), en.Ref)
				}
				translated := lang == "it" && strings.HasPrefix(tt.id, "uth.") && tt.id != "uth.misdeal" ||
					tt.id == "common.fractional_payout" // shipped in both languages
				if translated == (q.Title == en.Title) || !translated && tt.kind == procedures.KindRuling && q.Prompt != en.Prompt {
					t.Errorf("%s %s seed %d in %s: %q, %q; English %q, %q (translated: %v)", tt.kind, tt.id, seed, lang, q.Title, q.Prompt, en.Title, en.Prompt, translated)
				}
				if tt.kind == procedures.KindRuling && tt.id == "uth.show_cards" {
					// The same choice in every place, and the same variant.
					for i, c := range q.Choices {
						j := indexOf(sit, en.Choices[i])
						if lang == "it" && c != itChoice(j) {
							t.Errorf("seed %d: choice %d is %q; the English has choice %d there", seed, i, c, j)
						}
					}
					if lang == "it" && !strings.Contains(q.Prompt, boxOf(en.Prompt)) {
						t.Errorf("seed %d: %q is not the English variant %q", seed, q.Prompt, en.Prompt)
					}
				}
			}
		}
	}
	q, _ := procedures.NewIn(h, "it", "uth", procedures.KindNextStep, "uth.play", 3)
	if !strings.Contains(q.Prompt, "Fatto finora:") || !strings.Contains(q.Prompt, "Qual è il passaggio successivo?") || !strings.Contains(q.Explanation, "La sequenza completa:") {
		t.Errorf("next step in Italian:\n%s\n%s", q.Prompt, q.Explanation)
	}
	q, _ = procedures.NewIn(h, "ru", "uth", procedures.KindOrder, "uth.play", 3)
	if !strings.Contains(q.Prompt, "Расставьте шаги") || !strings.HasPrefix(q.Explanation, "По порядку:") {
		t.Errorf("order in Russian, steps in English:\n%s\n%s", q.Prompt, q.Explanation)
	}
}

var itChoices = []string{"Ditegli che non è permesso.", "Dichiarate la mano morta.", "Non dite nulla.", "Annullate il colpo."}

func itChoice(i int) string { return itChoices[i] }

func indexOf(s *rulebook.Situation, text string) int {
	for i, c := range s.Choices {
		if c.Text == text {
			return i
		}
	}
	return -1
}

// boxOf is the "box N" of an English prompt.
func boxOf(prompt string) string {
	i := strings.Index(prompt, "box ")
	return prompt[i : i+5]
}
