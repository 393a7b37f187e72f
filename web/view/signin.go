package view

import (
	"context"
	"time"

	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
)

// largeClass is how many trainees make the sign-in screen a class's: the
// badge box and a name filter come before the grid, whose tiles are
// smaller, so that nobody scrolls through thirty names to find their own.
const largeClass = 30

// Signin is the sign-in screen but for its layout: the trainees (users,
// the site's active ones) whose names match the filter q
// (trainer.NameMatches), badge as the badge form, and notice, why the
// visitor was sent here.
func Signin(ctx context.Context, users []*trainer.User, q string, badge templates.BadgeForm, notice say.Message) templates.SigninView {
	v := templates.SigninView{Badge: badge, Notice: notice,
		Large: len(users) >= largeClass, Query: q, Total: len(users),
		Languages: LanguageChoice(ctx, "/signin/language", "signin-languages", i18n.FromContext(ctx).Lang(), "")}
	v.Badge.First = v.Large
	for _, u := range users {
		if trainer.NameMatches(u.Name, q) {
			v.Trainees = append(v.Trainees, templates.Tile{URL: templates.PINURL(u.ID), Name: u.Name})
		}
	}
	return v
}

// EndedNotice explains why the visitor was sent to sign-in (?ended=…): an
// idle timeout says its minutes from st, the kiosk's settings (nil when
// they could not be read).
func EndedNotice(ended string, st *trainer.Settings) say.Message {
	switch ended {
	case "idle", "staff-idle":
		if st == nil {
			return say.Msg("signin.ended_idle_some")
		}
		idle := st.TraineeIdleTimeout
		if ended == "staff-idle" {
			idle = st.StaffIdleTimeout
		}
		return say.Msg("signin.ended_idle", "Count", int(idle/time.Minute))
	case "expired":
		return say.Msg("signin.expired")
	case "deactivated":
		return say.Msg("signin.inactive")
	case "out":
		return say.Msg("signin.signed_out")
	}
	return say.Message{}
}
