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

// Users is the users' page but for its layout: every user, active or not,
// with the accounts locked or held after too many wrong entries marked,
// and every hold in force (holds) with the form that lifts it; added names
// the user just added (0 for none), lifted says a hold was just lifted.
func Users(ctx context.Context, users []*trainer.User, holds []*trainer.SigninHold, added int64, lifted bool, now time.Time) templates.UsersView {
	var v templates.UsersView
	byID := map[int64]*trainer.User{}
	for _, u := range users {
		byID[u.ID] = u
		v.Users = append(v.Users, UserRow(ctx, u, holds, now))
		if u.ID == added {
			v.Notice = say.Msg("admin.added", "Name", u.Name)
		}
	}
	v.Holds = HoldRows(ctx, holds, byID, now)
	if lifted {
		v.Notice = say.Msg("admin.hold_lifted")
	}
	return v
}

// NewUser is the new-user page but for its layout: form f with the role
// tabs, f's role selected.
func NewUser(ctx context.Context, f templates.UserForm) templates.NewUserView {
	for _, role := range trainer.Roles {
		f.Roles = append(f.Roles, templates.RoleChoice{
			Value:    string(role),
			URL:      "/admin/users/new?role=" + string(role),
			Label:    say.Role(ctx, role),
			Selected: string(role) == f.Role,
		})
	}
	return templates.NewUserView{Form: f}
}

// UserForm is an empty new-user form for role.
func UserForm(role trainer.Role) templates.UserForm {
	return templates.UserForm{Role: string(role), RoleLabel: role.Label(), UsesPIN: role.UsesPIN(), Errors: templates.Errors{}}
}

// SecretForm is an empty form that sets u's PIN or password.
func SecretForm(u *trainer.User) templates.SecretForm {
	return templates.SecretForm{Action: templates.UserURL(u.ID) + "/secret", UsesPIN: u.Role.UsesPIN(), Errors: templates.Errors{}}
}

// UserPage is the facts one user's page shows, as the handler read them.
type UserPage struct {
	User, Me *trainer.User          // the user shown; the administrator reading (nil at setup)
	Holds    []*trainer.SigninHold  // every hold in force; the page shows the user's own
	Secret   templates.SecretForm   // the PIN or password form, maybe refused
	Profile  *templates.ProfileForm // the name and badge form, refused; nil for the user's own values
	House    string                 // the house's language, the default of the user's
	Done     string                 // the action just done (?done=), "" for none
}

// User is one user's page but for its layout.
func User(ctx context.Context, p UserPage, now time.Time) templates.UserView {
	u, me := p.User, p.Me
	v := templates.UserView{
		User:          UserRow(ctx, u, p.Holds, now),
		Holds:         HoldRows(ctx, holdsOf(p.Holds, u.ID), map[int64]*trainer.User{u.ID: u}, now),
		Secret:        p.Secret,
		CanDeactivate: me == nil || me.ID != u.ID,
		ReadOnly:      me != nil && me.ID != u.ID && !me.Manages(u),
		UnlockAction:  templates.UserURL(u.ID) + "/unlock",
	}
	profile := p.Profile
	if profile == nil {
		profile = &templates.ProfileForm{Name: u.Name, Badge: u.Badge, Errors: templates.Errors{}}
	}
	profile.Action = templates.UserURL(u.ID) + "/profile"
	v.Profile = *profile
	v.ActiveAction = templates.UserURL(u.ID) + "/deactivate"
	if !u.Active {
		v.ActiveAction = templates.UserURL(u.ID) + "/reactivate"
	}
	v.Language = LanguageChoice(ctx, templates.UserURL(u.ID)+"/language", "user-languages", u.Language, p.House)
	switch p.Done {
	case "language":
		v.Notice = say.Msg("language.saved_for", "Name", u.Name)
	case "secret":
		v.Notice = say.Msg("admin.password_set")
		if u.Role.UsesPIN() {
			v.Notice = say.Msg("admin.pin_set")
		}
	case "deactivated":
		v.Notice = say.Msg("admin.deactivated", "Name", u.Name)
	case "reactivated":
		v.Notice = say.Msg("admin.reactivated", "Name", u.Name)
	case "unlocked":
		v.Notice = say.Msg("admin.unlocked", "Name", u.Name)
	case "profile":
		v.Notice = say.Msg("admin.profile_saved")
	}
	return v
}

// holdsOf returns the holds of user id's account.
func holdsOf(holds []*trainer.SigninHold, id int64) []*trainer.SigninHold {
	var out []*trainer.SigninHold
	for _, h := range holds {
		if h.UserID == id && h.Scope != trainer.HoldDevice {
			out = append(out, h)
		}
	}
	return out
}
