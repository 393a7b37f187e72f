package view

import (
	"context"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/edge"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/web/say"
)

// The words the lower packages compose for the rules approval and the pay
// tables (rulebook's settings, values and other files that changed, edge's
// extra figures), in the reader's language. rulebook and edge give each
// text in English and as message ids with arguments (games.Why), as the
// games do for the drills' reasons; the server says them here. English is
// always the packages' own words, which the English catalogue repeats word
// for word (TestApprovalWordsEnglish).

// sayIn is english, or why in l's language: English whole where why is nil
// or one of its ids is not in the catalogues, so that a text is never half
// in one language, and never shows an id.
func sayIn(l *i18n.Localizer, english string, why games.Why) string {
	if why == nil || l.Lang() == i18n.Source {
		return english
	}
	if s, ok := drills.WhyIn(l, why); ok {
		return s
	}
	return english
}

// settingChangeLabel names a changed setting in l's language: a game's
// setting as the content page names it (settingWords), a house's by its
// own message.
func settingChangeLabel(l *i18n.Localizer, c rulebook.SettingChange) string {
	if c.LabelWhy != nil {
		return sayIn(l, c.Label, c.LabelWhy)
	}
	if c.Game == "" {
		return c.Label
	}
	return say.Setting(i18n.NewContext(context.Background(), l), c.Key)
}

// figureLine is one of edge's extra figures with its name and note in l's
// language.
func figureLine(l *i18n.Localizer, f edge.Figure) (name, note string) {
	return sayIn(l, f.Name, f.NameWhy), sayIn(l, f.Note, f.NoteWhy)
}
