package drills

import (
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// ReasonIn is an engine's reason (WagerResult.Reason and Why, Fee.Reason
// and Why) in loc's language, as the drills say it: the Why's phrases when
// the engine gave them, else the English sentence whole. English is always
// the engine's own sentence. The hand checker says its settlements so.
func ReasonIn(loc *i18n.Localizer, english string, why games.Why) string {
	return reason(loc, english, why)
}

// RowIn is a pay-table row as the engine names it ("Blind table A, flush
// 3:2") in loc's language, as the drills say it; a row the engine names
// otherwise stays as it is.
func RowIn(loc *i18n.Localizer, row string) string { return rowIn(loc, row) }

// BoxHandIn is box number box's hand in settlement st of round in, said in
// language lang as the drills say it: the best five and, in 7 Card Thrill,
// what the five the player kept made or that they bind. English, a game or
// house this package does not know, and a box the settlement does not
// hold keep the engine's description.
func BoxHandIn(lang string, book *rulebook.Book, in *games.Round, st *games.Settlement, box int) string {
	i := box - 1
	if i < 0 || i >= len(st.Boxes) || i >= len(in.Boxes) || st.Boxes[i].Box != box {
		return ""
	}
	english := st.Boxes[i].Description
	loc := i18n.Default().Localizer(lang)
	g, ok := gameBySlug(in.Game)
	if loc.Lang() == i18n.Source || !ok || len(st.Boxes[i].Best) != 5 {
		return english
	}
	h, err := book.House(st.House)
	if err != nil {
		return english
	}
	return boxHandIn(loc, &dealt{book: book, g: g, h: h, in: *in, st: st}, i)
}
