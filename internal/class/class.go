package class

import (
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Class is a group of trainees taught together: a name, the managers or
// administrators who lead it, its roster (with the practice table each
// member sits at, if any), the games it learns, optionally the days it
// runs, and the standing its live drills show. A trainee may be in several
// classes. It is defined on trainer's record (trainer.Class: its fields and
// what each means), so that a class read from the store is one without
// copying: (*Class)(rec).
type Class trainer.Class

// Limits of a class. A dealer school teaches 10 to 30 trainees a class; a
// lecture hall holds more, and a larger intake is several classes, each
// with its own live drill and report.
const (
	MaxClassName   = 60
	MaxInstructors = 10
	MaxMembers     = trainer.MaxClassMembers
)

// Normalize tidies c as a form or a command gives it: the name as user
// names are (trainer.NormalizeName), each instructor, member and game once
// in the order first given, the tables as badges are
// (trainer.NormalizeBadge; a member at no table has none), and no standing
// as StandingNone.
func (c *Class) Normalize() {
	c.Name = trainer.NormalizeName(c.Name)
	c.Instructors = once(c.Instructors)
	c.Members = once(c.Members)
	c.Games = once(c.Games)
	for id, t := range c.Tables {
		if t = trainer.NormalizeBadge(t); t == "" {
			delete(c.Tables, id)
		} else {
			c.Tables[id] = t
		}
	}
	if c.Standing == "" {
		c.Standing = StandingNone
	}
}

func once[T comparable](xs []T) []T {
	var out []T
	for _, x := range xs {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

// Validate checks a normalized class: a readable name, one to
// MaxInstructors instructors, at most MaxMembers members, at least one game
// and only games of offered (the slugs the kiosk has drills for), an end
// no earlier than the start, a standing of Standings, and practice tables
// of members only, each named as a badge is. Whether each instructor and member may be
// one is CheckInstructor's and CheckMember's, which need the users. Returns
// KindInvalid.
func (c *Class) Validate(offered []string) error {
	if err := validateName(c.Name, "class.err.name", "class.err.name_long", MaxClassName); err != nil {
		return err
	}
	switch {
	case len(c.Instructors) == 0:
		return refusal(trainer.KindInvalid, "class.err.instructor_none")
	case len(c.Instructors) > MaxInstructors:
		return refusal(trainer.KindInvalid, "class.err.instructors_many", "Max", MaxInstructors)
	case len(c.Members) > MaxMembers:
		return refusal(trainer.KindInvalid, "class.err.members_many", "Max", MaxMembers)
	case len(c.Games) == 0:
		return refusal(trainer.KindInvalid, "class.err.games_none")
	}
	for _, g := range c.Games {
		if !slices.Contains(offered, g) {
			return refusal(trainer.KindInvalid, "class.err.game")
		}
	}
	if !c.Starts.IsZero() && !c.Ends.IsZero() && day(c.Ends) < day(c.Starts) {
		return refusal(trainer.KindInvalid, "class.err.dates")
	}
	if _, err := ParseStanding(string(c.Standing)); err != nil {
		return err
	}
	// A practice table is named as a badge is (letters, digits, dashes:
	// "3", "UTH-2"), and only a member sits at one.
	for id, t := range c.Tables {
		if !c.Has(id) {
			return refusal(trainer.KindInvalid, "class.err.table_member")
		}
		if err := trainer.ValidateBadge(t); err != nil {
			return err
		}
	}
	return nil
}

// validateName checks a normalized name of a class or a list: not empty,
// at most max characters, and readable by trainer.ValidateName's rules on
// characters and marks, whose messages it returns.
func validateName(name, emptyID, longID string, max int) error {
	switch {
	case name == "":
		return refusal(trainer.KindInvalid, emptyID)
	case utf8.ValidString(name) && utf8.RuneCountInString(name) > max:
		return refusal(trainer.KindInvalid, longID, "Max", max)
	}
	// trainer's length limit is a user's, shorter than a class's: the name
	// is checked in runs of whole words that fit it (a run of marks never
	// crosses a space), a word too long for it cut.
	for _, p := range pieces(name, trainer.MaxNameLen) {
		if err := trainer.ValidateName(p); err != nil {
			return err
		}
	}
	return nil
}

// pieces cuts s into runs of whole words of at most n runes each, a word
// longer than n into runs of n.
func pieces(s string, n int) []string {
	var out []string
	cur := ""
	for _, w := range strings.Split(s, " ") {
		for utf8.RuneCountInString(w) > n {
			c := trainer.Clip(w, n)
			out = append(out, c)
			w = w[len(c):]
		}
		switch {
		case cur == "":
			cur = w
		case utf8.RuneCountInString(cur)+1+utf8.RuneCountInString(w) <= n:
			cur += " " + w
		default:
			out = append(out, cur)
			cur = w
		}
	}
	if cur != "" {
		out = append(out, cur)
	}
	return out
}

// day is t's date as a sortable number, yyyymmdd, in t's own location.
func day(t time.Time) int {
	y, m, d := t.Date()
	return y*10000 + int(m)*100 + d
}

// On reports whether the class runs on the day of t: from its start (if
// set) to its end (if set), both days included.
func (c *Class) On(t time.Time) bool {
	d := day(t)
	return (c.Starts.IsZero() || day(c.Starts) <= d) && (c.Ends.IsZero() || d <= day(c.Ends))
}

// CheckInstructor refuses u as an instructor of a class unless u is an
// active manager or administrator. Returns KindInvalid.
func CheckInstructor(u *trainer.User) error {
	if !u.Active || (u.Role != trainer.RoleManager && u.Role != trainer.RoleAdministrator) {
		return refusal(trainer.KindInvalid, "class.err.instructor", "Name", u.Name)
	}
	return nil
}

// CheckMember refuses u as a member of a class unless u is an active
// trainee. Returns KindInvalid.
func CheckMember(u *trainer.User) error {
	if !u.Active || u.Role != trainer.RoleTrainee {
		return refusal(trainer.KindInvalid, "class.err.member", "Name", u.Name)
	}
	return nil
}

// CanCreate reports whether u may create a class: an active administrator,
// manager or group director.
func CanCreate(u *trainer.User) bool {
	return u.Active && (u.Role == trainer.RoleAdministrator || u.Role == trainer.RoleManager || u.Role == trainer.RoleDirector)
}

// Drives reports whether u may drive c's live drills, and change c: an
// active instructor of c, an active administrator of c's site, or an
// active group director. A manager who is not c's instructor may not: the
// class is its instructors'.
func (c *Class) Drives(u *trainer.User) bool {
	switch {
	case !u.Active:
		return false
	case u.Role == trainer.RoleDirector:
		return true
	case u.Role == trainer.RoleAdministrator && site(u.SiteID) == site(c.SiteID):
		return true
	}
	return (u.Role == trainer.RoleManager || u.Role == trainer.RoleAdministrator) && slices.Contains(c.Instructors, u.ID)
}

// site is a site ID with 0, "the first site" as created, resolved.
func site(id int64) int64 {
	if id == 0 {
		return trainer.FirstSiteID
	}
	return id
}

// Has reports whether the trainee with ID userID is in c's roster: only
// members may join its live drills.
func (c *Class) Has(userID int64) bool { return slices.Contains(c.Members, userID) }

// Learns reports whether c learns game.
func (c *Class) Learns(game string) bool { return slices.Contains(c.Games, game) }
