package rulebook_test

import (
	"strings"
	"testing"

	i18ncontent "github.com/dealerkiosk/trainer/content/i18n"
	"github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/pelletier/go-toml/v2"
)

// TestTranslationsAvoidRefusedTerms: no translated section of a shipped book
// and no translated ruling, prompt, choice or step uses a rendering its
// language's glossary refuses (content/i18n/glossary.<lang>.toml: "spinta"
// for a push, "крупье" for the dealer), as TestGlossary checks the
// catalogues.
func TestTranslationsAvoidRefusedTerms(t *testing.T) {
	b, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	h, _ := b.House(rulebook.DefaultHouse)
	for lang := range h.Translations {
		data, err := i18ncontent.FS.ReadFile("glossary." + lang + ".toml")
		if err != nil {
			t.Fatal(err)
		}
		var g struct {
			Term []struct {
				EN    string   `toml:"en"`
				Avoid []string `toml:"avoid"`
			} `toml:"term"`
		}
		if err := toml.Unmarshal(data, &g); err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{} // the common chapters are in every game's book
		check := func(where, text string) {
			if seen[where] {
				return
			}
			seen[where] = true
			low := strings.ToLower(text)
			for _, term := range g.Term {
				for _, bad := range term.Avoid {
					if strings.Contains(low, strings.ToLower(bad)) {
						t.Errorf("%s: %q uses %q, which glossary.%s.toml refuses for %q", where, text, bad, lang, term.EN)
					}
				}
			}
		}
		for _, game := range rulebook.GameSlugs {
			for _, s := range h.BookIn(game, lang).Sections {
				if s.Lang == lang {
					check(s.File+" "+s.ID, s.Title+"\n"+s.Text)
				}
			}
		}
		p := h.Procedures
		for _, s := range p.Situations {
			if !p.Translated(lang, s.ID) {
				continue
			}
			tr := p.SituationIn(lang, s.ID)
			texts := []string{tr.Title, tr.Prompt, tr.Ruling}
			for _, c := range tr.Choices {
				texts = append(texts, c.Text, c.Why)
			}
			for _, vs := range tr.Vars {
				texts = append(texts, vs...)
			}
			check("procedures "+lang+" "+s.ID, strings.Join(texts, "\n"))
		}
		for _, q := range p.Sequences {
			if p.Translated(lang, q.ID) {
				tr := p.SequenceIn(lang, q.ID)
				check("procedures "+lang+" "+q.ID, tr.Title+"\n"+strings.Join(tr.Steps, "\n"))
			}
		}
	}
}
