package rulebook_test

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// itShowCards translates uth.show_cards (procedures/uth.toml): a prompt
// with {box} and {act}, three values of act holding {other_box} twice, and
// four choices, the first right (no why).
const itShowCards = `
[situation."uth.show_cards"]
title  = "Un giocatore mostra le carte"
prompt = "Prima del flop, il giocatore del box {box} {act}. Che cosa fate?"
vars.act = [
  "gira le carte verso il box {other_box}",
  "mostra le sue due carte al vicino",
  "chiede al giocatore del box {other_box} che cosa farebbe",
]
ruling = "Non è permesso: la mano resta valida."
choices = [
  { text = "Ditegli che non è permesso." },
  { text = "Dichiarate la mano morta.", why = "La pena è un avvertimento." },
  { text = "Non dite nulla.", why = "I giocatori non si consultano." },
  { text = "Annullate il colpo.", why = "La distribuzione era corretta." },
]
`

const itPlay = `
[sequence."uth.play"]
title = "La sequenza di gioco"
steps = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"]
`

func loadWith(files map[string]string) (*rulebook.Book, error) {
	m := fstest.MapFS{}
	for p, s := range files {
		m[p] = &fstest.MapFile{Data: []byte(s)}
	}
	return rulebook.Load(rulebook.Overlay(m, rulebook.Without(rules.FS, untranslated...)))
}

// untranslated are the shipped translations these tests take away, so that
// Russian's Ultimate Texas Hold'em is not translated: what a reader sees of
// a section or a ruling not yet translated, and of one added.
var untranslated = []string{"books/ru/uth.md", "procedures/ru/uth.toml"}

// TestProcedureTranslationRefused: a translation that does not match its
// English item for item is refused, naming the file and the key.
func TestProcedureTranslationRefused(t *testing.T) {
	edit := func(old, new string) string { return strings.Replace(itShowCards, old, new, 1) }
	for _, tt := range []struct {
		name, file, body string
		want             []string
	}{
		{"an id the English lacks", "procedures/it/uth.toml", "[situation.\"uth.nowhere\"]\ntitle = \"x\"\n",
			[]string{"procedures/it/uth.toml", "situation[uth.nowhere]", `procedures/uth.toml has no situation "uth.nowhere"`}},
		{"another game's id", "procedures/it/oracle.toml", itShowCards,
			[]string{"procedures/it/oracle.toml", `procedures/oracle.toml has no situation "uth.show_cards"`}},
		{"a sequence the English lacks", "procedures/ru/uth.toml", "[sequence.\"uth.nowhere\"]\ntitle = \"x\"\nsteps = [\"a\"]\n",
			[]string{"procedures/ru/uth.toml", "sequence[uth.nowhere]", `has no sequence "uth.nowhere"`}},
		{"fewer choices", "procedures/it/uth.toml", edit(`  { text = "Annullate il colpo.", why = "La distribuzione era corretta." },`+"\n", ""),
			[]string{"situation[uth.show_cards].choices", "has 3 choices; the English has 4"}},
		{"more var values", "procedures/it/uth.toml", edit(`  "mostra le sue due carte al vicino",`, `  "mostra le sue due carte al vicino", "ride",`),
			[]string{"situation[uth.show_cards].vars.act", "has 4 values; the English has 3"}},
		{"a var the English lacks", "procedures/it/uth.toml", edit("ruling =", "vars.mood = [\"x\"]\nruling ="),
			[]string{"situation[uth.show_cards].vars.mood", "the English has no vars.mood"}},
		{"a why on the right choice", "procedures/it/uth.toml", edit(`{ text = "Ditegli che non è permesso." }`, `{ text = "Ditegli che non è permesso.", why = "Perché sì." }`),
			[]string{"situation[uth.show_cards].choices[1].why", "the English has no why here"}},
		{"no why on a wrong choice", "procedures/it/uth.toml", edit(`, why = "I giocatori non si consultano."`, ""),
			[]string{"situation[uth.show_cards].choices[3].why", "missing: the English says why"}},
		{"a placeholder the English lacks", "procedures/it/uth.toml", edit("Che cosa fate?", "Che cosa fate al box {other_box}?"),
			[]string{"situation[uth.show_cards].prompt", "has the placeholders {act}, {box}, {other_box}; the English has {act}, {box}"}},
		{"a placeholder left out", "procedures/it/uth.toml", edit("il giocatore del box {box} {act}", "il giocatore {act}"),
			[]string{"situation[uth.show_cards].prompt", "has the placeholders {act}; the English has {act}, {box}"}},
		{"a placeholder left out of a value", "procedures/it/uth.toml", edit("gira le carte verso il box {other_box}", "gira le carte"),
			[]string{"situation[uth.show_cards].vars.act[1]", "the English has {other_box}"}},
		{"an empty ruling", "procedures/it/uth.toml", edit(`ruling = "Non è permesso: la mano resta valida."`, `ruling = ""`),
			[]string{"situation[uth.show_cards].ruling", "is empty"}},
		{"fewer steps", "procedures/it/uth.toml", strings.Replace(itPlay, `"10", "11"`, `"10"`, 1),
			[]string{"sequence[uth.play].steps", "has 10 steps; the English has 11"}},
		{"an unknown key", "procedures/it/uth.toml", itShowCards + "answer = 2\n",
			[]string{"procedures/it/uth.toml", "answer"}},
		{"an unknown file", "procedures/it/poker.toml", "",
			[]string{"procedures/it/poker.toml", "unknown file"}},
		{"the house's translation of an id it lacks", "houses/default/procedures.ru.toml", "[situation.\"uth.nowhere\"]\ntitle = \"x\"\n",
			[]string{"houses/default/procedures.ru.toml", `the English procedures has no situation "uth.nowhere"`}},
		{"the house's translation with fewer choices", "houses/default/procedures.it.toml", edit(`  { text = "Annullate il colpo.", why = "La distribuzione era corretta." },`+"\n", ""),
			[]string{"houses/default/procedures.it.toml", "has 3 choices; the English has 4"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := loadWith(map[string]string{tt.file: tt.body})
			for _, w := range tt.want {
				if err == nil || !strings.Contains(err.Error(), w) {
					t.Errorf("Load: %v; want it to mention %q", err, w)
				}
			}
		})
	}
}

// TestProcedureTranslation: a translated situation reads in its language
// with the English answer and order; one not translated reads in English;
// a house's rewrite is read from the house's own translation only; the
// book's rulings and steps are the language's.
func TestProcedureTranslation(t *testing.T) {
	b, err := loadWith(map[string]string{"procedures/it/uth.toml": itShowCards + itPlay})
	if err != nil {
		t.Fatal(err)
	}
	h, _ := b.House("")
	p := h.Procedures
	en, it := p.Situation("uth.show_cards"), p.SituationIn("it", "uth.show_cards")
	if it.Title != "Un giocatore mostra le carte" || it.Answer != en.Answer || it.Ref != en.Ref || it.Choices[1].Why != "La pena è un avvertimento." || !p.Translated("it", "uth.show_cards") {
		t.Errorf("SituationIn(it) = %+v", it)
	}
	if ru := p.SituationIn("ru", "uth.show_cards"); ru.Title != en.Title || p.Translated("ru", "uth.show_cards") {
		t.Errorf("SituationIn(ru), not translated: %q; want the English", ru.Title)
	}
	if got := p.SituationIn("en", "uth.show_cards"); got != en {
		t.Errorf("SituationIn(en) is not the English situation")
	}
	if q := p.SequenceIn("it", "uth.play"); q.Title != "La sequenza di gioco" || len(q.Steps) != 11 || q.Ref != p.Sequence("uth.play").Ref {
		t.Errorf("SequenceIn(it) = %+v", q)
	}
	sec, ok := h.BookIn("uth", "it").Section("uth.show_cards")
	if !ok || sec.Title != "Un giocatore mostra le carte" || !strings.Contains(sec.Markdown, "Non è permesso: la mano resta valida.") {
		t.Errorf("the Italian book's ruling uth.show_cards: %q\n%s", sec.Title, sec.Markdown)
	}
	if en, _ := h.Book("uth").Section("uth.show_cards"); en.Title != p.Situation("uth.show_cards").Title {
		t.Errorf("the English book's ruling is %q", en.Title)
	}

	// A house that rewrites the ruling: the shipped Italian says the shipped
	// ruling, so the house reads English until it translates its own.
	rewrite := "[[override]]\nid = \"uth.show_cards\"\nruling = \"The house's own ruling.\"\nref = \"uth.conduct\"\n"
	house := "name = \"roma\"\nlanguage = \"it\"\n"
	b, err = loadWith(map[string]string{"procedures/it/uth.toml": itShowCards, "houses/roma/house.toml": house, "houses/roma/procedures.toml": rewrite})
	if err != nil {
		t.Fatal(err)
	}
	h, _ = b.House("roma")
	if got := h.Procedures.SituationIn("it", "uth.show_cards"); got.Ruling != "The house's own ruling." {
		t.Errorf("a house's rewrite in Italian, untranslated: %q; want the house's English", got.Ruling)
	}
	// A house that changes only where the ruling is cited keeps the
	// shipped words, and their translation.
	b, err = loadWith(map[string]string{"procedures/it/uth.toml": itShowCards, "houses/roma/house.toml": house,
		"houses/roma/procedures.toml": "[[override]]\nid = \"uth.show_cards\"\nref = \"uth.conduct\"\n"})
	if err != nil {
		t.Fatal(err)
	}
	h, _ = b.House("roma")
	if got := h.Procedures.SituationIn("it", "uth.show_cards"); got.Ruling != "Non è permesso: la mano resta valida." || got.House != "roma" {
		t.Errorf("a house's new ref only, in Italian: %q (house %q); want the shipped Italian", got.Ruling, got.House)
	}
	own := strings.Replace(itShowCards, "Non è permesso: la mano resta valida.", "La regola della casa.", 1)
	b, err = loadWith(map[string]string{"procedures/it/uth.toml": itShowCards, "houses/roma/house.toml": house, "houses/roma/procedures.toml": rewrite,
		"houses/roma/procedures.it.toml": own})
	if err != nil {
		t.Fatal(err)
	}
	h, _ = b.House("roma")
	if got := h.Procedures.SituationIn("it", "uth.show_cards"); got.Ruling != "La regola della casa." {
		t.Errorf("a house's rewrite with its translation: %q", got.Ruling)
	}
	// Russian readers at an Italian house read a text Russian lacks in
	// Italian, the house's language.
	if got := h.Procedures.SituationIn("ru", "uth.show_cards"); got.Ruling != "La regola della casa." {
		t.Errorf("Russian at an Italian house: %q; want the house's Italian", got.Ruling)
	}
}

// TestTranslationVersion: a change in any language's book or procedures is
// a new rules version, but not a new fingerprint of the game: certification
// across sites rests on the rules, not on their wording.
func TestTranslationVersion(t *testing.T) {
	base, err := loadWith(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, files := range []map[string]string{
		{"procedures/it/uth.toml": itShowCards},
		{"books/ru/uth.md": "# Игра {#uth.game}\n\nПо-русски.\n"},
		{"houses/default/procedures.it.toml": itShowCards},
		{"houses/default/books/it/common.md": "## Arrotondamento {#common.rounding}\n\nDella casa.\n"},
	} {
		b, err := loadWith(files)
		if err != nil {
			t.Fatal(err)
		}
		if b.Version == base.Version {
			t.Errorf("%v: the same rules version", files)
		}
		for _, g := range rulebook.GameSlugs {
			f0, _ := base.Houses["default"].GameFingerprint(g)
			f1, _ := b.Houses["default"].GameFingerprint(g)
			if f0 != f1 {
				t.Errorf("%v: the fingerprint of %s changed", files, g)
			}
		}
	}
}

// TestCompareLanguages: the changes of a version list each language's
// translated sections that came, changed or went, apart from the English
// ones; a section read in English in both versions is not among them.
func TestCompareLanguages(t *testing.T) {
	base, err := loadWith(nil)
	if err != nil {
		t.Fatal(err)
	}
	one, err := loadWith(map[string]string{"books/ru/uth.md": "# Игра {#uth.game}\n\nПо-русски.\n"})
	if err != nil {
		t.Fatal(err)
	}
	two, err := loadWith(map[string]string{"books/ru/uth.md": "# Игра {#uth.game}\n\nПо-русски, иначе.\n\n## Разметка {#uth.layout}\n\nСтол.\n"})
	if err != nil {
		t.Fatal(err)
	}
	type change struct{ lang, game, id, change string }
	list := func(c rulebook.Changes) []change {
		var out []change
		for _, l := range c.Languages {
			for _, s := range l.Sections {
				id := ""
				if s.New != nil {
					id = s.New.ID
				} else {
					id = s.Old.ID
				}
				out = append(out, change{l.Lang, s.Game, id, s.Change})
			}
		}
		return out
	}
	for _, tt := range []struct {
		name     string
		old, new *rulebook.Book
		want     []change
	}{
		{"a translation added", base, one, []change{{"ru", "uth", "uth.game", rulebook.FileAdded}}},
		{"changed and added", one, two, []change{{"ru", "uth", "uth.game", rulebook.FileChanged}, {"ru", "uth", "uth.layout", rulebook.FileAdded}}},
		{"removed", two, base, []change{{"ru", "uth", "uth.game", rulebook.FileRemoved}, {"ru", "uth", "uth.layout", rulebook.FileRemoved}}},
		{"nothing", one, one, nil},
	} {
		c, err := rulebook.Compare(tt.old, tt.new, "")
		if err != nil {
			t.Fatal(err)
		}
		if got := list(c); !slices.Equal(got, tt.want) {
			t.Errorf("%s: %v; want %v", tt.name, got, tt.want)
		}
		if len(c.Sections) != 0 {
			t.Errorf("%s: English sections changed: %d", tt.name, len(c.Sections))
		}
		if c.Empty() != (tt.want == nil) {
			t.Errorf("%s: Empty() = %v", tt.name, c.Empty())
		}
	}
}
