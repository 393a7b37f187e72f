package view

import (
	"context"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/templates"
)

// TestRecordsProgrammeChangeWords: every kind of change between two
// versions of a programme is said in English, Italian and Russian from the
// catalogues, naming the topic, checklist item or kind of drill by its
// title (never its id), and no two languages say it alike.
func TestRecordsProgrammeChangeWords(t *testing.T) {
	old := trainer.ProgrammeBody{Game: "uth", MinimumHours: 20, DrillKinds: []string{"payout", "hand"},
		Topics:    []trainer.ProgrammeTopic{{ID: "rules", Hours: 4}, {ID: "hands", Hours: 3}},
		Checklist: []trainer.ProgrammeItem{{ID: "shuffle"}, {ID: "chip_cutting"}}, Standard: []byte(`{"a":1}`)}
	new := trainer.ProgrammeBody{Game: "uth", MinimumHours: 24, MinimumBeforeExam: true, DrillKinds: []string{"payout", "ruling"},
		Topics:    []trainer.ProgrammeTopic{{ID: "rules", Hours: 6}, {ID: "table_practice", Hours: 2}},
		Checklist: []trainer.ProgrammeItem{{ID: "shuffle"}, {ID: "guest_presence"}}, Standard: []byte(`{"a":2}`)}
	want := map[string][]string{
		"en": {"The minimum of training hours goes from 20 to 24.", "The minimum becomes required before the exam.",
			"The game's rules, wagers and pay tables: from 4 h to 6 h.", "Topic added: Supervised practice at a live table, 2 h.", "Topic removed: Reading hands.",
			"Checklist item added: Guest presence.", "Checklist item removed: Chip cutting.",
			"Kind of drill added: ", "Kind of drill removed: ", "The exam's standard changed."},
	}
	cat := i18n.Default()
	said := map[string][]string{}
	for _, lang := range []string{"en", "it", "ru"} {
		ctx := i18n.NewContext(context.Background(), cat.Localizer(lang))
		got := ChangeWords(ctx, &old, new)
		if len(got) != 10 {
			t.Fatalf("%s: %d changes said; want 10: %q", lang, len(got), got)
		}
		for i, s := range got {
			if s == "" || strings.Contains(s, "records.") || strings.Contains(s, "{{") ||
				strings.Contains(s, "chip_cutting") || strings.Contains(s, "guest_presence") || strings.Contains(s, "table_practice") {
				t.Errorf("%s: change %d reads %q: not from the catalogue, or names an id", lang, i, s)
			}
			if w := want[lang]; w != nil && !strings.HasPrefix(s, w[i]) {
				t.Errorf("%s: change %d reads %q; want %q", lang, i, s, w[i])
			}
		}
		said[lang] = got
		first := ChangeWords(ctx, nil, new)
		if len(first) != 1 || first[0] == "" || strings.Contains(first[0], "records.") {
			t.Errorf("%s: the first version reads %q", lang, first)
		}
		off := ChangeWords(ctx, &new, old)
		if off[1] == got[1] {
			t.Errorf("%s: the minimum no longer required reads as required: %q", lang, off[1])
		}
	}
	for i := range said["en"] {
		if said["en"][i] == said["it"][i] || said["en"][i] == said["ru"][i] {
			t.Errorf("change %d reads alike in two languages: %q, %q, %q", i, said["en"][i], said["it"][i], said["ru"][i])
		}
	}
}

// TestRecordsMovedProgrammeDoc: the regulator's document of a version a
// move copied from a school says so, in English, Italian and Russian; the
// group's own version does not.
func TestRecordsMovedProgrammeDoc(t *testing.T) {
	k := &Kiosk{House: &rulebook.House{Title: "Demo casino"}}
	body := trainer.ProgrammeBody{Game: "uth", MinimumHours: 40}
	want := map[string]string{"en": "Recorded at a school before it moved into the group", "it": "Registrato in una scuola",
		"ru": "Записана в школе"}
	for lang, w := range want {
		sheet := i18n.Default().Localizer(lang)
		for _, moved := range []string{"", "5f1c0a"} {
			v := &trainer.ProgrammeVersion{ID: 3, Game: "uth", Number: 2, Body: body, MovedFrom: moved}
			d := k.ProgrammeDoc(context.Background(), templates.Page{}, PrintFrame{}, sheet, v)
			says := strings.Contains(strings.Join(d.Facts, "\n"), w)
			if says != (moved != "") {
				t.Errorf("%s, moved from %q: the document's facts %q; want the school's sentence only for a moved version", lang, moved, d.Facts)
			}
		}
	}
}
