package book

import (
	"maps"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// translate loads the English book of files, then its translation in lang
// (with fallback, when given, as the house's language).
func translate(t *testing.T, files map[string]string, lang string, fallback *Book) (*Book, error) {
	t.Helper()
	fsys := fsWith(files)
	en, err := Load(fsys, "houses/casino", testEnv())
	if err != nil {
		t.Fatalf("the English book: %v", err)
	}
	env := testEnv()
	env.Lang = lang
	return Translate(fsys, "houses/casino", env, en, fallback)
}

func withFiles(extra map[string]string) map[string]string {
	files := map[string]string{"books/uth.md": gameMD, "books/common.md": commonMD}
	maps.Copy(files, extra)
	return files
}

const itGameMD = `# Il gioco {#uth.game}

Si gioca contro il banco.

## La puntata Blind {#uth.blind}

La Blind paga {{pays "blind" "flush"}} su un colore; un'Ante paga {{odds .Set.ante_on_noqual}}; si rilancia di {{times .Set.preflop_multiples}}.

## Trips {#uth.trips}

{{paytable "trips"}}

# Il Play {#uth.play}

Vedi {{ref "uth.blind"}}. Il Progressive: {{paytable "progressive"}}

{{include "common"}}
`

// TestTranslate: a translated book has the English sections, numbers and
// levels; titles, text and the template's words are the language's; a
// section the translation lacks is the English one with a note in the
// reader's language; a cross-reference takes the target's translated title.
func TestTranslate(t *testing.T) {
	b, err := translate(t, withFiles(map[string]string{
		"books/it/uth.md":    itGameMD,
		"books/it/common.md": "## Arrotondamento {#common.rounding}\n\nSi arrotonda alla fiche di {{money .House.SmallestChip}}; massimo {{money .Limits.Max}}.\n",
	}), "it", nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"1 uth.game Il gioco",
		"1.1 uth.blind La puntata Blind",
		"1.2 uth.trips Trips",
		"2 uth.play Il Play",
		"3 common.paying Paying",
		"3.1 common.rounding Arrotondamento",
	}
	if diff := cmp.Diff(want, outline(b)); diff != "" {
		t.Errorf("outline (-want +got):\n%s", diff)
	}
	if b.Title != "Ultimate Texas Hold'em: il regolamento di Demo casino" || b.Lang != "it" {
		t.Errorf("Title, Lang = %q, %q", b.Title, b.Lang)
	}
	for id, want := range map[string][]string{
		"uth.blind":       {"La Blind paga 3 a 2 su un colore", "un'Ante paga 1 a 1", "si rilancia di 3× o 4×"},
		"uth.trips":       {"| Mano | Paga |", "| Scala reale | 10.000 a 1 |", "| Tris | 3 a 1 |"},
		"uth.play":        {"Vedi [§1.1 La puntata Blind](#uth.blind)", "| Scala reale | il 100% del montepremi progressivo |", "| Scala colore | CHF 500 |"},
		"common.rounding": {"alla fiche di CHF 0,50; massimo CHF 500."},
		"common.paying":   {"_Questa sezione non è ancora tradotta._\n\nPay with the fewest chips."},
	} {
		s, _ := b.Section(id)
		for _, w := range want {
			if !strings.Contains(s.Markdown, w) {
				t.Errorf("section %s:\n%s\nwant it to contain %q", id, s.Markdown, w)
			}
		}
	}
	if s, _ := b.Section("common.paying"); s.Lang != "en" || s.Note != "Questa sezione non è ancora tradotta." || strings.Contains(s.HTML, "tradotta") {
		t.Errorf("untranslated section: Lang %q, Note %q, HTML %q; want the note apart from the HTML", s.Lang, s.Note, s.HTML)
	}
	if s, _ := b.Section("uth.game"); s.Lang != "it" || s.File != "books/it/uth.md" || s.Line != 1 {
		t.Errorf("translated section: Lang %q at %s:%d", s.Lang, s.File, s.Line)
	}
	if id, ok := b.TableSection("trips"); !ok || id != "uth.trips" {
		t.Errorf("TableSection(trips) = %q, %v", id, ok)
	}
}

// TestTranslateFallback: a section missing from a translation is read in
// the house's language where that has it, else in English; a section the
// house rewrote is read from the house's own translation only, never from
// the shipped translation of the text it replaced.
func TestTranslateFallback(t *testing.T) {
	files := withFiles(map[string]string{
		"books/it/uth.md":               "# Il gioco {#uth.game}\n\nIn italiano.\n\n## La Blind {#uth.blind}\n\nLa Blind spedita.\n",
		"books/ru/uth.md":               "## Трипс {#uth.trips}\n\nПо-русски.\n",
		"houses/casino/books/uth.md":    "## The Blind at the casino {#uth.blind}\n\nThe house's Blind.\n",
		"houses/casino/books/ru/uth.md": "# Игра {#uth.game}\n\nПеревод казино.\n",
	})
	it, err := translate(t, files, "it", nil)
	if err != nil {
		t.Fatal(err)
	}
	ru, err := translate(t, files, "ru", it)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		b              *Book
		id, lang, text string
		note           bool
	}{
		{it, "uth.game", "it", "In italiano.", false},
		{it, "uth.blind", "en", "The house's Blind.", true}, // the house rewrote it: not the shipped Italian
		{ru, "uth.trips", "ru", "По-русски.", false},
		{ru, "uth.game", "ru", "Перевод казино.", false}, // the house's own translation
		{ru, "uth.play", "en", "See [§1.1 The Blind at the casino](#uth.blind).", true},
		{ru, "uth.blind", "en", "The house's Blind.", true},
	} {
		s, _ := tt.b.Section(tt.id)
		note := strings.Contains(s.Markdown, "Этот раздел ещё не переведён.") || strings.Contains(s.Markdown, "Questa sezione non è ancora tradotta.")
		if s.Lang != tt.lang || !strings.Contains(s.Markdown, tt.text) || note != tt.note {
			t.Errorf("%s %s: Lang %q, note %v, text:\n%s\nwant Lang %q, note %v, %q", tt.b.Lang, tt.id, s.Lang, note, s.Markdown, tt.lang, tt.note, tt.text)
		}
	}
	// With Italian as the house's language, a section Russian lacks is
	// read in Italian where Italian has it, with the note in Russian.
	files["books/it/uth.md"] = "# Il Play {#uth.play}\n\nIl Play in italiano.\n"
	it, err = translate(t, files, "it", nil)
	if err != nil {
		t.Fatal(err)
	}
	ru, err = translate(t, files, "ru", it)
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := ru.Section("uth.play"); s.Lang != "it" || !strings.Contains(s.Markdown, "_Этот раздел ещё не переведён._\n\nIl Play in italiano.") {
		t.Errorf("ru uth.play from the house's Italian: Lang %q\n%s", s.Lang, s.Markdown)
	}
}

// TestTranslateRefused: each way a translation departs from the English is
// refused, naming the file and the line. A missing file is not.
func TestTranslateRefused(t *testing.T) {
	for _, tt := range []struct {
		name  string
		files map[string]string
		want  []string
	}{
		{"a section the English lacks", map[string]string{"books/it/uth.md": "# Il gioco {#uth.game}\n\n## Extra {#uth.extra}\n"},
			[]string{"books/it/uth.md:3:", `books/uth.md has no section "uth.extra"`}},
		{"out of order", map[string]string{"books/it/uth.md": "## Trips {#uth.trips}\n\n## La Blind {#uth.blind}\n"},
			[]string{"books/it/uth.md:3:", `"uth.blind" comes before "uth.trips"`, "keep the English order"}},
		{"translated twice", map[string]string{"books/it/uth.md": "## Trips {#uth.trips}\n\n## Trips ancora {#uth.trips}\n"},
			[]string{"books/it/uth.md:3:", "translated twice"}},
		{"another level", map[string]string{"books/it/uth.md": "# La Blind {#uth.blind}\n"},
			[]string{"books/it/uth.md:1:", `is #, but books/uth.md writes "uth.blind" as ##`}},
		{"common out of order", map[string]string{"books/it/common.md": "## Arrotondamento {#common.rounding}\n\n# Pagare {#common.paying}\n"},
			[]string{"books/it/common.md:3:", `"common.paying" comes before "common.rounding" in books/common.md`}},
		{"a place given", map[string]string{"books/it/uth.md": "## Trips {#uth.trips after=\"uth.blind\"}\n"},
			[]string{"books/it/uth.md:1:", "leave out after="}},
		{"a template that does not parse", map[string]string{"books/it/uth.md": "# Il gioco {#uth.game}\n\n{{if .Set.fold_forfeits_trips}}sì\n"},
			[]string{"books/it/uth.md:", "an {{if}}, {{range}} or {{with}} is not closed"}},
		{"a template that does not run", map[string]string{"books/it/uth.md": "# Il gioco {#uth.game}\n\n{{money .Set.fold_forfeit}}\n"},
			[]string{"books/it/uth.md:3:", `unknown setting "fold_forfeit"`}},
		{"a ref to no section", map[string]string{"books/it/uth.md": "# Il gioco {#uth.game}\n\nVedi {{ref \"uth.nowhere\"}}.\n"},
			[]string{"books/it/uth.md:3:", `the book has no section "uth.nowhere"`}},
		{"the house's translation of a section it lacks", map[string]string{"houses/casino/books/it/uth.md": "## Nuova {#uth.nuova}\n"},
			[]string{"houses/casino/books/it/uth.md:1:", `the house's English book has no section "uth.nuova"`}},
		{"the house's translation at another level", map[string]string{"houses/casino/books/it/common.md": "## Pagare {#common.paying}\n"},
			[]string{"houses/casino/books/it/common.md:1:", `is ##, but the house's English book writes "common.paying" as #`}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := translate(t, withFiles(tt.files), "it", nil)
			for _, w := range tt.want {
				if err == nil || !strings.Contains(err.Error(), w) {
					t.Errorf("Translate: %v; want it to mention %q", err, w)
				}
			}
		})
	}
	if _, err := translate(t, withFiles(nil), "ru", nil); err != nil {
		t.Errorf("no translation at all: %v; want the English sections with notes", err)
	}
}
