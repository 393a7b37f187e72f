package class_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/dealerkiosk/trainer/internal/class"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

var offered = []string{"uth", "oracle", "thrill", "lunar"}

func date(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

// refusalID is the catalogue id of err's *trainer.Error, or "" for nil.
func refusalID(t *testing.T, err error) string {
	t.Helper()
	if err == nil {
		return ""
	}
	var e *trainer.Error
	if !errors.As(err, &e) || e.ID == "" {
		t.Fatalf("%v is not a catalogue refusal", err)
	}
	return e.ID
}

func TestClassValidate(t *testing.T) {
	t.Parallel()
	ok := func() class.Class {
		return class.Class{Name: "Croupiers, March intake", Instructors: []int64{3}, Members: []int64{1, 2}, Games: []string{"uth"},
			Starts: date(2027, 3, 1), Ends: date(2027, 5, 28)}
	}
	many := func(n int) []int64 {
		out := make([]int64, n)
		for i := range out {
			out[i] = int64(i + 1)
		}
		return out
	}
	tests := []struct {
		name   string
		change func(c *class.Class)
		id     string
	}{
		{"valid", func(c *class.Class) {}, ""},
		{"no dates", func(c *class.Class) { c.Starts, c.Ends = time.Time{}, time.Time{} }, ""},
		{"a start only", func(c *class.Class) { c.Ends = time.Time{} }, ""},
		{"one day", func(c *class.Class) { c.Ends = c.Starts.Add(23 * time.Hour) }, ""},
		{"no members yet", func(c *class.Class) { c.Members = nil }, ""},
		{"a name of 60 characters", func(c *class.Class) { c.Name = strings.Repeat("é", class.MaxClassName) }, ""},
		{"no name", func(c *class.Class) { c.Name = "" }, "class.err.name"},
		{"a name too long", func(c *class.Class) { c.Name = strings.Repeat("a", class.MaxClassName+1) }, "class.err.name_long"},
		{"an unreadable name", func(c *class.Class) { c.Name = "March\u202eintake" }, "err.name_characters"},
		{"a control character past the 40th", func(c *class.Class) { c.Name = strings.Repeat("a", 45) + "\x07" }, "err.name_characters"},
		{"a control character in the last word", func(c *class.Class) { c.Name = strings.Repeat("word ", 9) + "a\x07b" }, "err.name_characters"},
		{"too many marks past the 40th character", func(c *class.Class) { c.Name = strings.Repeat("b", 39) + " e\u0301\u0301\u0301\u0301" }, "err.marks"},
		{"words of 60 characters", func(c *class.Class) { c.Name = strings.Repeat("Ab cd ", 10)[:59] + "!" }, ""},
		{"no instructor", func(c *class.Class) { c.Instructors = nil }, "class.err.instructor_none"},
		{"too many instructors", func(c *class.Class) { c.Instructors = many(class.MaxInstructors + 1) }, "class.err.instructors_many"},
		{"too many trainees", func(c *class.Class) { c.Members = many(class.MaxMembers + 1) }, "class.err.members_many"},
		{"no game", func(c *class.Class) { c.Games = nil }, "class.err.games_none"},
		{"a game the kiosk lacks", func(c *class.Class) { c.Games = []string{"uth", "baccarat"} }, "class.err.game"},
		{"ends before it starts", func(c *class.Class) { c.Ends = date(2027, 2, 28) }, "class.err.dates"},
		{"teams", func(c *class.Class) { c.Standing = class.StandingTeams }, ""},
		{"a standing of another word", func(c *class.Class) { c.Standing = "podium" }, "class.standing.choose"},
		{"a table", func(c *class.Class) { c.Tables = map[int64]string{c.Members[0]: "UTH-2"} }, ""},
		{"a table of someone not in the class", func(c *class.Class) { c.Tables = map[int64]string{99: "3"} }, "class.err.table_member"},
		{"a table named with a space", func(c *class.Class) { c.Tables = map[int64]string{c.Members[0]: "TABLE 3"} }, "err.badge_characters"},
	}
	for _, tt := range tests {
		c := ok()
		tt.change(&c)
		if got := refusalID(t, c.Validate(offered)); got != tt.id {
			t.Errorf("%s: Validate = %q; want %q", tt.name, got, tt.id)
		}
	}
}

func TestClassNormalize(t *testing.T) {
	t.Parallel()
	c := class.Class{Name: "  March   intake ", Instructors: []int64{3, 6, 3}, Members: []int64{2, 1, 2}, Games: []string{"uth", "lunar", "uth"},
		Tables: map[int64]string{1: " uth-2 ", 2: " "}}
	c.Normalize()
	want := class.Class{Name: "March intake", Instructors: []int64{3, 6}, Members: []int64{2, 1}, Games: []string{"uth", "lunar"},
		Tables: map[int64]string{1: "UTH-2"}, Standing: class.StandingNone}
	if diff := cmp.Diff(want, c); diff != "" {
		t.Errorf("Normalize (-want +got):\n%s", diff)
	}
}

func TestClassOn(t *testing.T) {
	t.Parallel()
	c := class.Class{Starts: date(2027, 3, 1), Ends: date(2027, 3, 31)}
	for _, tt := range []struct {
		at   time.Time
		want bool
	}{
		{date(2027, 2, 28).Add(23 * time.Hour), false},
		{date(2027, 3, 1), true},
		{date(2027, 3, 31).Add(23 * time.Hour), true},
		{date(2027, 4, 1), false},
	} {
		if got := c.On(tt.at); got != tt.want {
			t.Errorf("On(%v) = %v; want %v", tt.at, got, tt.want)
		}
	}
	if open := (class.Class{}); !open.On(date(1999, 1, 1)) {
		t.Error("a class without dates is not on")
	}
}

func TestCheckInstructorAndMember(t *testing.T) {
	t.Parallel()
	tests := []struct {
		u                  trainer.User
		instructor, member string
	}{
		{trainer.User{Name: "Max", Role: trainer.RoleManager, Active: true}, "", "class.err.member"},
		{trainer.User{Name: "Ada", Role: trainer.RoleAdministrator, Active: true}, "", "class.err.member"},
		{trainer.User{Name: "Dee", Role: trainer.RoleDirector, Active: true}, "class.err.instructor", "class.err.member"},
		{trainer.User{Name: "Tina", Role: trainer.RoleTrainee, Active: true}, "class.err.instructor", ""},
		{trainer.User{Name: "Old Max", Role: trainer.RoleManager}, "class.err.instructor", "class.err.member"},
		{trainer.User{Name: "Old Tina", Role: trainer.RoleTrainee}, "class.err.instructor", "class.err.member"},
	}
	for _, tt := range tests {
		if got := refusalID(t, class.CheckInstructor(&tt.u)); got != tt.instructor {
			t.Errorf("CheckInstructor(%s) = %q; want %q", tt.u.Name, got, tt.instructor)
		}
		if got := refusalID(t, class.CheckMember(&tt.u)); got != tt.member {
			t.Errorf("CheckMember(%s) = %q; want %q", tt.u.Name, got, tt.member)
		}
	}
	err := class.CheckInstructor(&trainer.User{Name: "Tina", Role: trainer.RoleTrainee, Active: true})
	if want := "Tina cannot lead a class: only active managers and administrators can."; trainer.MessageOf(err) != want {
		t.Errorf("CheckInstructor says %q; want %q", trainer.MessageOf(err), want)
	}
}

func TestDrives(t *testing.T) {
	t.Parallel()
	c := class.Class{SiteID: 0, Instructors: []int64{3}, Members: []int64{1}}
	tests := []struct {
		name string
		u    trainer.User
		want bool
	}{
		{"the instructor", trainer.User{ID: 3, Role: trainer.RoleManager, Active: true, SiteID: 1}, true},
		{"the instructor, deactivated", trainer.User{ID: 3, Role: trainer.RoleManager, SiteID: 1}, false},
		{"another manager", trainer.User{ID: 9, Role: trainer.RoleManager, Active: true, SiteID: 1}, false},
		{"an administrator of the site", trainer.User{ID: 6, Role: trainer.RoleAdministrator, Active: true, SiteID: 1}, true},
		{"an administrator of another site", trainer.User{ID: 7, Role: trainer.RoleAdministrator, Active: true, SiteID: 2}, false},
		{"the director", trainer.User{ID: 8, Role: trainer.RoleDirector, Active: true, SiteID: 2}, true},
		{"a trainee of the class", trainer.User{ID: 1, Role: trainer.RoleTrainee, Active: true, SiteID: 1}, false},
	}
	for _, tt := range tests {
		if got := c.Drives(&tt.u); got != tt.want {
			t.Errorf("Drives(%s) = %v; want %v", tt.name, got, tt.want)
		}
	}
	if !c.Has(1) || c.Has(3) {
		t.Error("Has: want the member and not the instructor")
	}
	if !class.CanCreate(&trainer.User{Role: trainer.RoleManager, Active: true}) || class.CanCreate(&trainer.User{Role: trainer.RoleTrainee, Active: true}) {
		t.Error("CanCreate: want managers and not trainees")
	}
}
