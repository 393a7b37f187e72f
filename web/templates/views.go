package templates

import (
	"context"
	"strings"
	"unicode/utf8"

	"github.com/dealerkiosk/trainer/web/say"
)

// IDs of the fragments that htmx swaps. Each fragment root carries its ID and
// each hx-target names it through the same constant, so they cannot drift.
const (
	AlertID        = "alert"
	SetupFormID    = "setup-form"
	StaffFormID    = "staff-signin-form"
	BadgeFormID    = "badge-form"
	PINFormID      = "pin-form"
	UserFormID     = "user-form"
	ProfileFormID  = "profile-form"
	SecretFormID   = "secret-form"
	SettingsFormID = "settings-form"
)

// htmxConfig swaps 4xx and 5xx responses too (htmx 2 does not by default), so
// a form re-rendered with 422 replaces itself; it keeps htmx from injecting
// its indicator <style> and from evaluating code, which the Content Security
// Policy (no inline style, no eval) would refuse anyway.
const htmxConfig = `{"includeIndicatorStyles":false,"allowEval":false,"allowScriptTags":false,` +
	`"responseHandling":[{"code":"204","swap":false},{"code":"[23]..","swap":true},{"code":"[45]..","swap":true,"error":true}]}`

// Page is what the layout needs on every page.
type Page struct {
	// Title is the page's title, said by the layout.
	Title say.Message
	// House is the house's name as people read it ("Demo casino"), and
	// LogoURL its logo, or "" when it has none: both head every page.
	House   string
	LogoURL string
	// HideBook leaves the rule book out of the page: an exam's questions
	// may not be answered from it.
	HideBook bool
	Viewer   *Viewer // nil when nobody is signed in
	// Section names the navigation entry to highlight: "users",
	// "settings", "dashboard", "hand-checker", "paytables", "content",
	// "book", "exam" or "".
	Section string
	// IdleSeconds > 0 makes the page go to IdleURL by itself after that
	// many seconds without a request (a trainee's inactivity timeout).
	IdleSeconds int
	IdleURL     string
	// KeepAliveURL, on a signed-in user's pages, is where the page tells
	// the server that someone is still there: a tap or a key that reaches
	// no server (the amount keypad, the chips) keeps the session alive
	// through it, and the warning before the sign-out ("I'm still here")
	// posts to it (web/static/idle.js).
	KeepAliveURL string
	// ExamURL is a trainee's exam under way, shown in the navigation on
	// every page until it is finished; "" when none is.
	ExamURL string
	// RefreshSeconds > 0 reloads the page after that many seconds when
	// JavaScript is off: a page waiting for a computation (htmx polls
	// instead when it runs).
	RefreshSeconds int
}

// Viewer is the signed-in user as the header shows them.
type Viewer struct {
	Name      string
	RoleLabel string
	// Which navigation entries to offer.
	CanManage bool // manager pages (dashboard)
	CanAdmin  bool // administrator pages (users, settings)
	IsTrainee bool // practice, progress and history
}

// Errors maps a form field's name to its message. The key "" is for a message
// about the whole form.
type Errors map[string]string

// Field is one labelled input of a form.
type Field struct {
	Name         string
	Label        string
	Type         string // "text", "password", "number"
	Value        string // never set for a secret
	Error        string
	Hint         string
	Autocomplete string
	InputMode    string // "numeric" for PINs and badges
	MaxLength    int
	Autofocus    bool
}

// SetupForm is the first-administrator form.
type SetupForm struct {
	Name   string
	Errors Errors
}

// SigninView is the trainee sign-in screen: the name grid and the badge form.
type SigninView struct {
	Page
	Trainees []Tile // those the filter shows
	Badge    BadgeForm
	Notice   say.Message // why the visitor is here ("signed out after …"), or ""
	// Large is a class of 30 or more: the badge box and the name filter
	// come first, the tiles are smaller.
	Large bool
	Query string // the name filter as typed
	Total int    // every active trainee
	// Languages are the language buttons under the grid: they choose the
	// language of the pages before sign-in on this tablet.
	Languages LanguageChoice
}

// TraineeGridID is the sign-in grid, which the name filter replaces.
const TraineeGridID = "trainee-grid"

// Tile is one trainee on the sign-in grid.
type Tile struct {
	URL  string
	Name string
}

// Initials returns up to two letters for the tile's round badge.
func (t Tile) Initials() string { return initials(t.Name) }

// WordSize is how long the name's longest word is, in letters: the tile
// sets a long word smaller rather than break it (app.css, .tile-long).
func (t Tile) WordSize() string {
	n := 0
	for _, w := range strings.FieldsFunc(t.Name, func(r rune) bool { return r == ' ' || r == '-' }) {
		n = max(n, utf8.RuneCountInString(w))
	}
	switch {
	case n > 16:
		return "longer"
	case n > 12:
		return "long"
	}
	return ""
}

func initials(name string) string {
	var out []rune
	for _, w := range strings.Fields(name) {
		for _, r := range w {
			out = append(out, r)
			break
		}
		if len(out) == 2 {
			break
		}
	}
	return strings.ToUpper(string(out))
}

// BadgeForm is the "type your badge number" form under the grid (above it,
// First, for a large class).
type BadgeForm struct {
	Badge  string
	Errors Errors
	First  bool
}

func badgeLabel(ctx context.Context, f BadgeForm) string {
	if f.First {
		return T(ctx, "signin.badge_first")
	}
	return T(ctx, "signin.badge_or")
}

// PINForm is the keypad screen of one trainee.
type PINForm struct {
	Action string // where the form posts
	Name   string
	Errors Errors
}

// StaffForm is the name-and-password sign-in of managers and administrators.
type StaffForm struct {
	Name   string
	Errors Errors
}

// HomeView is a role's home page.
type HomeView struct {
	Page
	Name string
}

// UserRow is one user in the administrator's list.
type UserRow struct {
	URL       string
	Name      string
	RoleLabel string
	Badge     string
	Active    bool
	// LockedUntil is when the lock on the account everywhere after too
	// many wrong entries ends ("14:35"), or "" when it is not locked.
	LockedUntil string
	// HeldOn is the number of devices the account is held on.
	HeldOn int
}

// HoldRow is one sign-in hold in force on the users pages, with the form
// that lifts it.
type HoldRow struct {
	Name       string // the held account's user; "" for a device's hold
	URL        string // the user's page; "" for a device's hold
	Device     string // the device's address; "" for an account locked everywhere
	Until      string // "14:35"
	Failures   int    // the wrong entries that started it
	LiftAction string
}

// UsersView is the administrator's user list.
type UsersView struct {
	Page
	Users  []UserRow
	Holds  []HoldRow
	Notice say.Message
}

// RoleChoice is one of the role tabs at the top of the new-user form: a
// button of the form, so that what was typed goes with it.
type RoleChoice struct {
	Value    string // the role's stored name
	URL      string // the form of this role, for a link
	Label    string
	Selected bool
}

// UserForm is the new-user form for one role.
type UserForm struct {
	Roles     []RoleChoice // the role tabs
	Role      string       // the role's stored name, posted back in a hidden field
	RoleLabel string
	UsesPIN   bool
	Name      string
	Badge     string
	Errors    Errors
}

// NewUserView is the new-user page.
type NewUserView struct {
	Page
	Form UserForm
}

// ProfileForm corrects a user's name and badge.
type ProfileForm struct {
	Action string
	Name   string
	Badge  string
	Errors Errors
}

// SecretForm resets a user's PIN or password.
type SecretForm struct {
	Action  string
	UsesPIN bool
	Errors  Errors
}

// UserView is one user's page for the administrator.
type UserView struct {
	Page
	User          UserRow
	Secret        SecretForm
	ActiveAction  string    // form action that deactivates or reactivates
	CanDeactivate bool      // false for the administrator's own account
	UnlockAction  string    // form action that lifts every hold of the account
	Holds         []HoldRow // the account's holds in force
	Profile       ProfileForm
	// ConfirmDeactivate asks the administrator to confirm a deactivation.
	ConfirmDeactivate bool
	Notice            say.Message
	Problem           string // why the last action was refused, or ""
	// Language is the user's language, which the administrator sets here.
	Language LanguageChoice
	// ReadOnly shows the account without its forms: its user's reach is
	// wider than the administrator's (the group director).
	ReadOnly bool
}

// SettingsForm is the kiosk settings form.
type SettingsForm struct {
	IdleMinutes string
	MinMinutes  int
	MaxMinutes  int
	// StaffIdleMinutes is the managers' and administrators' inactivity
	// timeout.
	StaffIdleMinutes string
	MinStaffMinutes  int
	MaxStaffMinutes  int
	// MaxFailures and LockoutMinutes are the sign-in lockout: this many
	// wrong entries in this many minutes lock an account that long.
	MaxFailures       string
	MinFailures       int
	MaxMaxFailures    int
	LockoutMinutes    string
	MinLockoutMinutes int
	MaxLockoutMinutes int
	Errors            Errors
	Saved             bool
}

// ErrorView is a whole error page.
type ErrorView struct {
	Page
	Status int
	// Err is what went wrong, said by say.Error: a trainer.Error's message,
	// never an internal error's details.
	Err     error
	HomeURL string
}
