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

// warnTries is how few tries left the sign-in forms warn of: the keypad
// says "2 tries left" before a hold stops the account on the device.
const warnTries = 2

// WrongSecret is the message of a wrong PIN or password (message id
// wrong) with, when few are left, how many more a hold allows ("That PIN is
// not right. 2 tries left before sign-in is held on this device."). The
// words are the same for every account, so they tell nothing of whether a
// staff name exists: a name of nobody's is counted like an account.
func WrongSecret(wrong string, left int) say.Message {
	if left <= 0 || left > warnTries {
		return say.Msg(wrong)
	}
	return say.Msg(wrong+"_left", "Count", left)
}

// SigninHeld tells a visitor the hold h stops their sign-in, and until when
// on the kiosk's clock (say.Clock). The words depend on what is held, never
// on whether a staff name exists.
func SigninHeld(h *trainer.SigninHold, now time.Time) say.Message {
	until := say.ClockWord(now, h.Until)
	what := "pins"
	if h.Staff {
		what = "passwords"
	}
	switch h.Scope {
	case trainer.HoldDevice:
		return say.Msg("signin.held_device", "Until", until)
	case trainer.HoldAccount:
		return say.Msg("signin.locked_"+what, "Until", until)
	}
	return say.Msg("signin.held_here_"+what, "Until", until)
}
