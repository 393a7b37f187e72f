package trainer

import (
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Role is what a user may do. The same word is stored in the database.
type Role string

const (
	// RoleAdministrator manages users and the kiosk's settings. An
	// administrator may also open every manager page.
	RoleAdministrator Role = "administrator"
	// RoleManager certifies staff: a pit manager or an instructor.
	RoleManager Role = "manager"
	// RoleTrainee is a dealer in training, signing in on a shared tablet.
	RoleTrainee Role = "trainee"
	// RoleDirector is a casino group's training director: sees every site,
	// compares them, opens any trainee's file and certifies anywhere. Only
	// a group (PostgreSQL) has one; an administrator's form does not offer
	// it (the command line, trainer user add, makes one).
	RoleDirector Role = "director"
)

// Roles lists every role in the order forms offer them.
var Roles = []Role{RoleTrainee, RoleManager, RoleAdministrator}

// ParseRole returns the Role named s. Returns KindInvalid for any other word.
func ParseRole(s string) (Role, error) {
	for _, r := range Roles {
		if string(r) == s {
			return r, nil
		}
	}
	return "", Errorf(KindInvalid, "Choose trainee, manager or administrator.").In("err.choose_role")
}

// Label is the role's name for people, capitalised.
func (r Role) Label() string {
	switch r {
	case RoleAdministrator:
		return "Administrator"
	case RoleManager:
		return "Manager"
	case RoleTrainee:
		return "Trainee"
	case RoleDirector:
		return "Group director"
	}
	return string(r)
}

// Certifies reports whether u may sign a certification event (an exam's
// sign-off, a table test, a revocation) for trainee t: an active manager or
// administrator of t's site, or an active group director.
func (u *User) Certifies(t *User) bool {
	switch {
	case !u.Active:
		return false
	case u.Role == RoleDirector:
		return true
	case u.Role == RoleManager || u.Role == RoleAdministrator:
		return u.SiteID == t.SiteID
	}
	return false
}

// Manages reports whether u may change user t's account (a PIN or password,
// the name and badge, the language, deactivation, holds): nobody changes a
// user whose reach is wider than their own. An active administrator manages
// the users of their own site but never the group director, who sees every
// site; a director manages everyone; anyone manages their own language. The
// machine's operator (trainer user, trainer unlock) is not a user and is
// checked by the command itself. The store asks it again inside the
// transaction that makes the change, and records a refusal in the audit
// log (AuditUserChangeRefused).
func (u *User) Manages(t *User) bool {
	switch {
	case !u.Active:
		return false
	case u.Role == RoleDirector:
		return true
	case u.Role == RoleAdministrator:
		return t.Role != RoleDirector && u.SiteID == t.SiteID
	}
	return false
}

// ErrWiderScope refuses a change to a user whose reach is wider than the
// actor's: a site's administrator changing the group director.
var ErrWiderScope = (&Error{Kind: KindForbidden,
	Message: "Only another group director, or the machine's operator, can change the group director's account."}).In("err.wider_scope")

// UsesPIN reports whether the role signs in with a PIN on the name grid
// (trainees) rather than with a password (staff).
func (r Role) UsesPIN() bool { return r == RoleTrainee }

// User is one person who signs in to the kiosk. Users are never deleted, so
// that their attempts and certifications keep an owner: an administrator
// deactivates them instead.
type User struct {
	ID    int64
	Name  string // unique, compared without regard to case
	Role  Role
	Badge string // optional badge number, unique when set; "" when none
	// SiteID is the site the user belongs to: the kiosk's one site on
	// SQLite; at a group, the site of the process that created them. 0 when
	// created means the first site (FirstSiteID), except for the group
	// director, who belongs to no site and keeps 0.
	SiteID int64
	// SecretHash is the argon2id hash of the PIN (trainees) or the password
	// (staff), as HashSecret writes it. It never leaves the server.
	SecretHash string
	Active     bool
	// Language is the tag of the language the kiosk speaks to the user
	// (one of Languages), or "" for the house's default.
	Language  string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// The conflicts a user's fields can run into. The store returns these very
// values (wrapped), so a form can put the message on the right field with
// errors.Is.
var (
	ErrNameTaken  = (&Error{Kind: KindConflict, Message: "Another user already has this name: add an initial or a number."}).In("err.name_taken")
	ErrBadgeTaken = (&Error{Kind: KindConflict, Message: "Another user already has this badge number."}).In("err.badge_taken")
)

// Limits on what a user types. Names appear on the sign-in grid of a tablet,
// so they stay short.
const (
	MaxNameLen        = 40
	MaxBadgeLen       = 20
	MinPasswordLen    = 8 // NIST SP 800-63B's minimum for a chosen password
	MaxPasswordLen    = 128
	MinPINLen         = 4
	MaxPINLen         = 6
	maxSecretForForms = 1024 // anything longer is not a typed secret; refuse before hashing
)

// NormalizeName trims a name, collapses runs of spaces and puts it in
// Unicode's composed form (NFC), so that "Ana  Lee " and "Ana Lee" are the
// same person on the grid, and so is "José" whether the é came as one
// character or as an e and an accent. Names are stored so (name.go).
func NormalizeName(s string) string { return norm.NFC.String(strings.Join(strings.Fields(s), " ")) }

// ValidateName checks a normalized name. Returns KindInvalid with a message
// for the form field.
func ValidateName(name string) error {
	switch {
	case name == "":
		return Errorf(KindInvalid, "Enter a name.").In("err.enter_name")
	case !utf8.ValidString(name):
		return Errorf(KindInvalid, "Use letters, digits, spaces and punctuation only.").In("err.name_characters")
	case utf8.RuneCountInString(name) > MaxNameLen:
		return Errorf(KindInvalid, "Use at most %d characters.", MaxNameLen).In("err.at_most", "Max", MaxNameLen)
	}
	for _, r := range name {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			return Errorf(KindInvalid, "Use letters, digits, spaces and punctuation only.").In("err.name_characters")
		}
	}
	if marksPerLetter(name) > MaxMarksPerLetter {
		return Errorf(KindInvalid, "Use at most %d accents or marks on a letter, so the name can be read on the sign-in screen.", MaxMarksPerLetter).In("err.marks", "Max", MaxMarksPerLetter)
	}
	return nil
}

// NormalizeBadge trims a badge number and makes its letters upper case, as
// badges are printed.
func NormalizeBadge(s string) string { return strings.ToUpper(strings.TrimSpace(s)) }

// ValidateBadge checks a normalized badge number; "" (no badge) is valid.
// Returns KindInvalid with a message for the form field.
func ValidateBadge(badge string) error {
	if len(badge) > MaxBadgeLen {
		return Errorf(KindInvalid, "Use at most %d characters.", MaxBadgeLen).In("err.at_most", "Max", MaxBadgeLen)
	}
	for _, r := range badge {
		if !('0' <= r && r <= '9' || 'A' <= r && r <= 'Z' || r == '-') {
			return Errorf(KindInvalid, "Use digits, letters and dashes only.").In("err.badge_characters")
		}
	}
	return nil
}

// ValidatePIN checks a trainee's PIN: 4 to 6 digits. Returns KindInvalid.
func ValidatePIN(pin string) error {
	if len(pin) < MinPINLen || len(pin) > MaxPINLen {
		return Errorf(KindInvalid, "A PIN is %d to %d digits.", MinPINLen, MaxPINLen).In("err.pin_digits", "Min", MinPINLen, "Max", MaxPINLen)
	}
	for _, r := range pin {
		if r < '0' || r > '9' {
			return Errorf(KindInvalid, "A PIN is %d to %d digits.", MinPINLen, MaxPINLen).In("err.pin_digits", "Min", MinPINLen, "Max", MaxPINLen)
		}
	}
	return nil
}

// ValidatePassword checks a staff password: 8 to 128 characters, any of
// them. Long passphrases are welcome; no composition rules (NIST SP 800-63B).
// Returns KindInvalid.
func ValidatePassword(pw string) error {
	n := utf8.RuneCountInString(pw)
	switch {
	case n < MinPasswordLen:
		return Errorf(KindInvalid, "Use at least %d characters.", MinPasswordLen).In("err.at_least", "Min", MinPasswordLen)
	case n > MaxPasswordLen:
		return Errorf(KindInvalid, "Use at most %d characters.", MaxPasswordLen).In("err.at_most", "Max", MaxPasswordLen)
	}
	return nil
}

// ValidateSecret checks a new PIN (trainees) or password (staff) for role r.
func ValidateSecret(r Role, secret string) error {
	if r.UsesPIN() {
		return ValidatePIN(secret)
	}
	return ValidatePassword(secret)
}

// ValidateConfirm checks that a secret was typed the same way twice.
func ValidateConfirm(secret, confirm string) error {
	if secret != confirm {
		return Errorf(KindInvalid, "The two entries do not match.").In("err.confirm")
	}
	return nil
}

// Validate checks the stored fields of u (not its secret, which is a hash by
// now). The store calls it before writing. Returns KindInvalid.
func (u *User) Validate() error {
	if err := ValidateName(u.Name); err != nil {
		return err
	}
	if _, err := ParseRole(string(u.Role)); err != nil && u.Role != RoleDirector {
		return err
	}
	if err := ValidateBadge(u.Badge); err != nil {
		return err
	}
	if u.SecretHash == "" {
		return Errorf(KindInvalid, "A user needs a PIN or a password.").In("err.needs_secret")
	}
	return nil
}
