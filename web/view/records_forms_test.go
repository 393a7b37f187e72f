package view_test

import (
	"errors"
	"net/url"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/dealerkiosk/trainer/web/view"
)

// TestReadHours reads the table hours' form: what the form alone refuses
// (a game not offered, a day that is not a date, minutes that are not a
// whole number) is refused with its message id, the rest is trimmed and
// left to the store's checks.
func TestReadHours(t *testing.T) {
	t.Parallel()
	dealer := &trainer.User{ID: 7, Name: "Dana Rossi", Role: trainer.RoleTrainee}
	games := []string{"uth", "oracle"}
	tests := []struct {
		form string
		want *trainer.TableHours
		err  string // the refusal's message id
	}{
		{"game=uth&day=2026-12-01&minutes=90&table=%20T4%20&note=%20live%20game%20",
			&trainer.TableHours{UserID: 7, Game: "uth", Day: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC), Table: "T4", Minutes: 90, Note: "live game"}, ""},
		{"game=oracle&day=%202026-11-30%20&minutes=%2045%20",
			&trainer.TableHours{UserID: 7, Game: "oracle", Day: time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC), Minutes: 45}, ""},
		// Minutes out of range are the store's to refuse (Validate).
		{"game=uth&day=2026-12-01&minutes=-5", &trainer.TableHours{UserID: 7, Game: "uth", Day: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC), Minutes: -5}, ""},
		{"game=lunar&day=2026-12-01&minutes=90", nil, "records.hours.bad_game"}, // not certified here
		{"day=2026-12-01&minutes=90", nil, "records.hours.bad_game"},
		{"game=uth&day=1.12.2026&minutes=90", nil, "records.hours.bad_day"},
		{"game=uth&day=&minutes=90", nil, "records.hours.bad_day"},
		{"game=uth&day=2026-12-01&minutes=1h30", nil, "records.hours.bad_minutes"},
		{"game=uth&day=2026-12-01&minutes=", nil, "records.hours.bad_minutes"},
		{"game=uth&day=junk&minutes=junk", nil, "records.hours.bad_day"}, // the first field refused
	}
	for _, tt := range tests {
		form, err := url.ParseQuery(tt.form)
		if err != nil {
			t.Fatal(err)
		}
		got, err := view.ReadHours(dealer, games, form.Get)
		var te *trainer.Error
		switch {
		case tt.err != "" && (!errors.As(err, &te) || te.ID != tt.err || trainer.KindOf(err) != trainer.KindInvalid):
			t.Errorf("ReadHours(%q): error %v; want %s (invalid)", tt.form, err, tt.err)
		case tt.err == "" && err != nil:
			t.Errorf("ReadHours(%q): error %v; want none", tt.form, err)
		case tt.err == "" && *got != *tt.want:
			t.Errorf("ReadHours(%q) = %+v; want %+v", tt.form, *got, *tt.want)
		}
	}
}

// TestHoursRetyped fills the hours' form again as typed, the game chosen.
func TestHoursRetyped(t *testing.T) {
	t.Parallel()
	f := templates.HoursForm{Games: []templates.ChoiceOption{{Value: "uth", Selected: true}, {Value: "oracle"}}, Day: "2026-12-06"}
	form := url.Values{"game": {"oracle"}, "day": {"yesterday"}, "table": {"T4"}, "minutes": {"ninety"}, "note": {"n"}}
	view.HoursRetyped(&f, form.Get)
	if f.Day != "yesterday" || f.Table != "T4" || f.Minutes != "ninety" || f.Note != "n" {
		t.Errorf("HoursRetyped: %+v; want the form as typed", f)
	}
	if f.Games[0].Selected || !f.Games[1].Selected {
		t.Errorf("HoursRetyped: games %+v; want oracle alone chosen", f.Games)
	}
}
