package say

import (
	"context"
	"fmt"
	"time"

	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// The records a gaming regulator inspects (issue 24): the names of a
// checklist's items, of what ended an authorisation, and the house's word
// for those who may sign a table test.

// ChecklistItem is the name of an item of a table test's checklist: the
// programme's own title in the reader's language when it has one, else
// the catalogue's (records.checklist.<id>), else its English title.
func ChecklistItem(ctx context.Context, it trainer.ProgrammeItem) string {
	if s := it.Title[loc(ctx).Tag()]; s != "" {
		return s
	}
	return lookup(loc(ctx), rulebook.ChecklistMessage+it.ID, it.Title[i18n.Source])
}

// Signers is how the house calls the staff who may sign a table test
// (records.toml signers, "pit manager or higher" by default).
func Signers(ctx context.Context) string {
	if h := House(ctx); h != nil && h.Records != nil {
		if s := h.Records.Signers[loc(ctx).Tag()]; s != "" {
			return s
		}
		if s := h.Records.Signers[i18n.Source]; s != "" && english(ctx) {
			return s
		}
	}
	return T(ctx, rulebook.SignersMessage)
}

// ItemResult is a checklist item's result ("pass", "fail", "not judged").
func ItemResult(ctx context.Context, r trainer.ItemResult) string {
	return lookup(loc(ctx), "records.file.item_"+string(r), string(r))
}

// Topic is the name of a topic outside the games: the house's own title in
// the reader's language, else the catalogue's (records.topic.<id>).
func Topic(ctx context.Context, t *rulebook.Topic) string {
	if t == nil {
		return ""
	}
	if s := t.Title[loc(ctx).Tag()]; s != "" {
		return s
	}
	return lookup(loc(ctx), rulebook.TopicMessage+t.ID, t.Title[i18n.Source])
}

// Duration says d in hours and minutes ("12 h 05 min").
func Duration(ctx context.Context, d time.Duration) string {
	m := int(d / time.Minute)
	return T(ctx, "records.file.duration", "H", m/60, "M", fmt.Sprintf("%02d", m%60))
}

// ProgrammeTopic is the name of a topic of a game's programme: the
// programme's own title in the reader's language when it has one, else
// the catalogue's (records.programme_topic.<id>), else its English title.
func ProgrammeTopic(ctx context.Context, t trainer.ProgrammeTopic) string {
	if s := t.Title[loc(ctx).Tag()]; s != "" {
		return s
	}
	return lookup(loc(ctx), rulebook.ProgrammeTopicMessage+t.ID, t.Title[i18n.Source])
}
