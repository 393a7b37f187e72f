package view

import (
	"context"
	"fmt"
	"time"

	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
)

// UserRow is u for the administrator's users pages; holds are the sign-in
// holds in force, their ends said against now on the kiosk's clock.
func UserRow(ctx context.Context, u *trainer.User, holds []*trainer.SigninHold, now time.Time) templates.UserRow {
	row := templates.UserRow{URL: templates.UserURL(u.ID), Name: u.Name, RoleLabel: say.Role(ctx, u.Role), Badge: u.Badge, Active: u.Active}
	for _, h := range holds {
		switch {
		case h.UserID != u.ID:
		case h.Scope == trainer.HoldAccount:
			row.LockedUntil = say.Clock(ctx, now, h.Until)
		case h.Scope == trainer.HoldPair:
			row.HeldOn++
		}
	}
	return row
}

// HoldRows are the holds in force for the users page, each with the form
// that lifts it: those of users (everywhere or on a device) and of devices.
// Holds of names that match nobody stop nobody and are not shown.
func HoldRows(ctx context.Context, holds []*trainer.SigninHold, users map[int64]*trainer.User, now time.Time) []templates.HoldRow {
	var out []templates.HoldRow
	for _, h := range holds {
		row := templates.HoldRow{Device: h.Device, Until: say.Clock(ctx, now, h.Until), Failures: h.Failures,
			LiftAction: fmt.Sprintf("/admin/holds/%d/lift", h.ID)}
		if h.Scope != trainer.HoldDevice {
			u := users[h.UserID]
			if u == nil {
				continue
			}
			row.Name, row.URL = u.Name, templates.UserURL(u.ID)
		}
		out = append(out, row)
	}
	return out
}

// LanguageChoice is the row of language buttons posting to action, with
// current marked; a house language (houseDefault, "" for none) adds "the
// house's language" (value "") first, named in that language.
func LanguageChoice(ctx context.Context, action, testID, current, houseDefault string) templates.LanguageChoice {
	c := templates.LanguageChoice{Action: action, Legend: say.T(ctx, "nav.language"), TestID: testID}
	if houseDefault != "" {
		c.Options = append(c.Options, templates.LanguageOption{
			Name:    say.T(ctx, "language.house_default", "Name", say.Language(houseDefault)),
			Current: current == "",
		})
	}
	for _, l := range i18n.Offered {
		c.Options = append(c.Options, templates.LanguageOption{Value: l.Tag, Name: l.Name, Lang: l.Tag, Current: current == l.Tag})
	}
	return c
}

// CSVHeader is the header row of an export's columns in the reader's
// language (export.<column>; English keeps the names programs have read
// since the exports began). The values below it stay codes, ISO times and
// decimal points in every language: they are for programs.
func CSVHeader(ctx context.Context, columns []string) []string {
	row := make([]string, len(columns))
	for i, c := range columns {
		row[i] = say.T(ctx, "export."+c)
	}
	return row
}
