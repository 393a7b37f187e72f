package drills

import (
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/i18n"
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
