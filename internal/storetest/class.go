package storetest

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/dealerkiosk/trainer/internal/class"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// mustCreateClass stores a class of the first site learning uth, led by
// instructor, with members.
func mustCreateClass(t *testing.T, db Store, name string, instructor *trainer.User, members ...*trainer.User) *trainer.Class {
	t.Helper()
	c := &trainer.Class{Name: name, Instructors: []int64{instructor.ID}, Games: []string{"uth"}}
	for _, m := range members {
		c.Members = append(c.Members, m.ID)
	}
	if err := db.CreateClass(trainer.WithActor(t.Context(), instructor), c); err != nil {
		t.Fatalf("CreateClass(%q): %v", name, err)
	}
	return c
}

// testCreateClass: a class is stored as given, found by ID and by its name
// without regard to case, listed by site, instructor and member, and
// audited; the store refuses what only it can know: a name another class
// of the site has (in any case, Cyrillic too), and people who are not, as
// stored, active staff or trainees of the class's site.
func testCreateClass(t *testing.T, open Opener) {
	t.Parallel()
	db := open(t)
	newClock(db)
	ctx := t.Context()
	max := mustCreateUser(t, db, "Max Manager", trainer.RoleManager, "")
	ada := mustCreateUser(t, db, "Ada Admin", trainer.RoleAdministrator, "")
	tia := mustCreateUser(t, db, "Tia Trainee", trainer.RoleTrainee, "T-1")
	tom := mustCreateUser(t, db, "Tom Trainee", trainer.RoleTrainee, "")
	c := &trainer.Class{Name: "  Croupiers,  March ", Instructors: []int64{max.ID, ada.ID}, Members: []int64{tia.ID, tom.ID},
		Tables: map[int64]string{tia.ID: "UTH-2"}, Games: []string{"uth", "lunar"},
		Starts: time.Date(2027, 3, 1, 0, 0, 0, 0, time.UTC), Ends: time.Date(2027, 5, 28, 0, 0, 0, 0, time.UTC),
		Standing: "teams", ShowNames: true}
	if err := db.CreateClass(trainer.WithActor(ctx, max), c); err != nil {
		t.Fatal(err)
	}
	if c.ID == 0 || c.Name != "Croupiers, March" || c.SiteID != trainer.FirstSiteID || c.CreatedBy != max.ID || c.CreatedAt.IsZero() {
		t.Errorf("CreateClass set %+v; want an ID, the name normalized, the first site, Max and a time", c)
	}
	got, err := db.FindClass(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(c, got, cmpopts.SortSlices(func(a, b int64) bool { return a < b })); diff != "" {
		t.Errorf("FindClass (-created +found):\n%s", diff)
	}
	if got, err := db.FindClassByName(ctx, 0, "croupiers, MARCH"); err != nil || got.ID != c.ID {
		t.Errorf("FindClassByName in another case = %+v, %v", got, err)
	}
	if _, err := db.FindClass(ctx, c.ID+100); !errors.Is(err, trainer.ErrClassNotFound) {
		t.Errorf("FindClass of no class = %v; want ErrClassNotFound", err)
	}
	es, _ := db.ListAudit(ctx, trainer.AuditFilter{Limit: 1})
	if len(es) != 1 || es[0].Action != trainer.AuditClassCreated || es[0].Subject != trainer.ClassSubject(c.ID) ||
		es[0].Actor != "Max Manager" || !strings.Contains(es[0].Detail, `"Tia Trainee"`) {
		t.Errorf("audit of the new class = %+v; want class.created by Max naming the members", es)
	}

	// The name: taken at the site in any case; free at another site.
	grp := &trainer.Class{Name: "Группа А", Instructors: []int64{max.ID}, Games: []string{"uth"}}
	if err := db.CreateClass(ctx, grp); err != nil {
		t.Fatal(err)
	}
	north := &trainer.Site{Name: "North Shore", House: "default"}
	if err := db.CreateSite(ctx, north); err != nil {
		t.Fatal(err)
	}
	nina := &trainer.User{Name: "Nina North", Role: trainer.RoleManager, SiteID: north.ID, SecretHash: "$test$"}
	nico := &trainer.User{Name: "Nico North", Role: trainer.RoleTrainee, SiteID: north.ID, SecretHash: "$test$"}
	for _, u := range []*trainer.User{nina, nico} {
		if err := db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.CreateClass(ctx, &trainer.Class{SiteID: north.ID, Name: "croupiers, march", Instructors: []int64{nina.ID},
		Members: []int64{nico.ID}, Games: []string{"uth"}}); err != nil {
		t.Errorf("a class of the same name at another site: %v", err)
	}
	old := mustCreateUser(t, db, "Olga Old", trainer.RoleManager, "")
	gone := mustCreateUser(t, db, "Gus Gone", trainer.RoleTrainee, "")
	for _, id := range []int64{old.ID, gone.ID} {
		if err := db.SetUserActive(ctx, id, false); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		name   string
		change func(c *trainer.Class)
		want   string // the catalogue message
	}{
		{"a name taken, in another case", func(c *trainer.Class) { c.Name = "CROUPIERS, march" }, "err.class_name_taken"},
		{"a Cyrillic name taken, in another case", func(c *trainer.Class) { c.Name = "группа а" }, "err.class_name_taken"},
		{"a trainee as instructor", func(c *trainer.Class) { c.Instructors = []int64{tom.ID} }, "class.err.instructor"},
		{"a deactivated manager", func(c *trainer.Class) { c.Instructors = []int64{old.ID} }, "class.err.instructor"},
		{"a manager as member", func(c *trainer.Class) { c.Members = []int64{ada.ID} }, "class.err.member"},
		{"a deactivated trainee", func(c *trainer.Class) { c.Members = []int64{gone.ID} }, "class.err.member"},
		{"an instructor of another site", func(c *trainer.Class) { c.Instructors = []int64{nina.ID} }, "err.class_other_site"},
		{"a trainee of another site", func(c *trainer.Class) { c.Members = []int64{nico.ID} }, "err.class_other_site"},
		{"nobody", func(c *trainer.Class) { c.Members = []int64{9999} }, ""},
	} {
		n := &trainer.Class{Name: "Evenings", Instructors: []int64{max.ID}, Members: []int64{tia.ID}, Games: []string{"uth"}}
		tt.change(n)
		err := db.CreateClass(ctx, n)
		var e *trainer.Error
		switch {
		case tt.want == "" && trainer.KindOf(err) != trainer.KindNotFound:
			t.Errorf("CreateClass with %s = %v; want KindNotFound", tt.name, err)
		case tt.want != "" && (!errors.As(err, &e) || e.ID != tt.want):
			t.Errorf("CreateClass with %s = %v; want %s", tt.name, err, tt.want)
		}
	}
	if n := countAudit(t, db, trainer.AuditClassCreated); n != 3 {
		t.Errorf("%d classes audited; want the 3 created", n)
	}

	// Lists by site, instructor and member, by name.
	for _, tt := range []struct {
		f    trainer.ClassFilter
		want []string
	}{
		{trainer.ClassFilter{SiteID: trainer.FirstSiteID}, []string{"Croupiers, March", "Группа А"}},
		{trainer.ClassFilter{InstructorID: ada.ID}, []string{"Croupiers, March"}},
		{trainer.ClassFilter{MemberID: nico.ID}, []string{"croupiers, march"}},
		{trainer.ClassFilter{MemberID: tom.ID, SiteID: north.ID}, nil},
		{trainer.ClassFilter{Live: true}, nil},
	} {
		cs, err := db.ListClasses(ctx, tt.f)
		var names []string
		for _, c := range cs {
			names = append(names, c.Name)
		}
		if err != nil || !cmp.Equal(names, tt.want) {
			t.Errorf("ListClasses(%+v) = %q, %v; want %q", tt.f, names, err, tt.want)
		}
	}
}

func countAudit(t *testing.T, db Store, action string) int {
	t.Helper()
	es, err := db.ListAudit(t.Context(), trainer.AuditFilter{Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range es {
		if e.Action == action {
			n++
		}
	}
	return n
}

// testUpdateClass: a change replaces the class but its site; the people
// it adds are checked, those already in it stay even when deactivated
// since; the change is audited with who came and went, and bumps the live
// version; a change that changes nothing writes nothing.
func testUpdateClass(t *testing.T, open Opener) {
	t.Parallel()
	db := open(t)
	newClock(db)
	ctx := t.Context()
	max := mustCreateUser(t, db, "Max Manager", trainer.RoleManager, "")
	mia := mustCreateUser(t, db, "Mia Manager", trainer.RoleManager, "")
	tia := mustCreateUser(t, db, "Tia Trainee", trainer.RoleTrainee, "")
	tom := mustCreateUser(t, db, "Tom Trainee", trainer.RoleTrainee, "")
	una := mustCreateUser(t, db, "Una Trainee", trainer.RoleTrainee, "")
	c := mustCreateClass(t, db, "Evenings", max, tia, tom)
	if err := db.SetUserActive(ctx, tom.ID, false); err != nil {
		t.Fatal(err)
	}
	v0 := liveVersion(t, db, c.ID)
	upd := &trainer.Class{ID: c.ID, SiteID: 99, Name: "Evenings, UTH", Instructors: []int64{max.ID, mia.ID},
		Members: []int64{tom.ID, una.ID}, Tables: map[int64]string{una.ID: "3"}, Games: []string{"uth"}, Standing: "anonymous"}
	if err := db.UpdateClass(trainer.WithActor(ctx, mia), upd); err != nil {
		t.Fatal(err)
	}
	got, err := db.FindClass(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Name != "Evenings, UTH" || got.SiteID != trainer.FirstSiteID || !cmp.Equal(got.Members, []int64{tom.ID, una.ID}) ||
		got.Tables[una.ID] != "3" || got.Standing != "anonymous" || len(got.Instructors) != 2 || !got.CreatedAt.Equal(c.CreatedAt) {
		t.Errorf("after UpdateClass: %+v", got)
	}
	es, _ := db.ListAudit(ctx, trainer.AuditFilter{Limit: 1})
	if es[0].Action != trainer.AuditClassChanged || es[0].Actor != "Mia Manager" ||
		!strings.Contains(es[0].Detail, `"members_added":["Una Trainee"]`) || !strings.Contains(es[0].Detail, `"members_removed":["Tia Trainee"]`) ||
		!strings.Contains(es[0].Detail, `"instructors_added":["Mia Manager"]`) {
		t.Errorf("audit of the change = %+v", es[0])
	}
	if v := liveVersion(t, db, c.ID); v <= v0 {
		t.Errorf("live version %d after the change; was %d", v, v0)
	}
	before := countAudit(t, db, trainer.AuditClassChanged)
	if err := db.UpdateClass(ctx, got); err != nil || countAudit(t, db, trainer.AuditClassChanged) != before {
		t.Errorf("a change that changes nothing: %v, audited %d times", err, countAudit(t, db, trainer.AuditClassChanged)-before)
	}
	// Tom, deactivated, stays; adding Tia back is checked again and fine;
	// adding a deactivated trainee is not.
	got.Members = append(got.Members, tia.ID)
	if err := db.UpdateClass(ctx, got); err != nil {
		t.Errorf("adding Tia back: %v", err)
	}
	if err := db.SetUserActive(ctx, una.ID, false); err != nil {
		t.Fatal(err)
	}
	again := &trainer.Class{ID: c.ID, Name: "Evenings, UTH", Instructors: []int64{max.ID}, Members: []int64{tom.ID}, Games: []string{"uth"}}
	if err := db.UpdateClass(ctx, again); err != nil {
		t.Fatal(err)
	}
	again.Members = append(again.Members, una.ID)
	var e *trainer.Error
	if err := db.UpdateClass(ctx, again); !errors.As(err, &e) || e.ID != "class.err.member" || !strings.Contains(e.Message, "Una Trainee") {
		t.Errorf("adding a deactivated trainee = %v; want class.err.member naming her", err)
	}
	mustCreateClass(t, db, "Mornings", max)
	again.Name = "MORNINGS"
	if err := db.UpdateClass(ctx, again); !errors.Is(err, trainer.ErrClassNameTaken) {
		t.Errorf("renaming to another class's name = %v; want ErrClassNameTaken", err)
	}
	if err := db.UpdateClass(ctx, &trainer.Class{ID: 999, Name: "X", Instructors: []int64{max.ID}}); !errors.Is(err, trainer.ErrClassNotFound) {
		t.Errorf("UpdateClass of no class = %v", err)
	}
}

func liveVersion(t *testing.T, db Store, classID int64) int64 {
	t.Helper()
	vs, err := db.ClassLiveVersions(t.Context(), classID)
	if err != nil {
		t.Fatal(err)
	}
	v, ok := vs[classID]
	if !ok {
		t.Fatalf("no live version for class %d", classID)
	}
	return v
}

// testClassLists: a prepared list is saved, found, listed (its owner's, or
// everyone's), renamed, and deleted by its owner only; names are unique
// per owner without regard to case; a live drill keeps the name of the
// list it asked after the list is gone.
func testClassLists(t *testing.T, open Opener) {
	t.Parallel()
	db := open(t)
	newClock(db)
	ctx := t.Context()
	max := mustCreateUser(t, db, "Max Manager", trainer.RoleManager, "")
	mia := mustCreateUser(t, db, "Mia Manager", trainer.RoleManager, "")
	items := []byte(`[{"game":"uth","kind":"payout","level":1},{"game":"uth","kind":"outcome","level":2,"seed":7}]`)
	l := &trainer.ClassList{OwnerID: max.ID, Name: " Blind  pays ", Items: items}
	if err := db.SaveClassList(ctx, l); err != nil {
		t.Fatal(err)
	}
	got, err := db.FindClassList(ctx, l.ID)
	if err != nil || got.Name != "Blind pays" || string(got.Items) != string(items) || got.OwnerID != max.ID || got.CreatedAt.IsZero() {
		t.Errorf("FindClassList = %+v, %v", got, err)
	}
	if err := db.SaveClassList(ctx, &trainer.ClassList{OwnerID: max.ID, Name: "BLIND PAYS", Items: items}); !errors.Is(err, trainer.ErrClassListNameTaken) {
		t.Errorf("a second list of the name = %v; want ErrClassListNameTaken", err)
	}
	other := &trainer.ClassList{OwnerID: mia.ID, Name: "Blind pays", Items: []byte(`[]`)}
	if err := db.SaveClassList(ctx, other); err != nil {
		t.Errorf("another owner's list of the name: %v", err)
	}
	if err := db.SaveClassList(ctx, &trainer.ClassList{OwnerID: mia.ID, Name: "Bad", Items: []byte(`{"game":"uth"}`)}); trainer.KindOf(err) != trainer.KindInvalid {
		t.Errorf("items that are not an array = %v; want KindInvalid", err)
	}
	// Mia cannot overwrite or delete Max's list.
	if err := db.SaveClassList(ctx, &trainer.ClassList{ID: l.ID, OwnerID: mia.ID, Name: "Mine", Items: items}); !errors.Is(err, trainer.ErrClassListNotFound) {
		t.Errorf("saving over another's list = %v; want ErrClassListNotFound", err)
	}
	if err := db.DeleteClassList(ctx, l.ID, mia.ID); !errors.Is(err, trainer.ErrClassListNotFound) {
		t.Errorf("deleting another's list = %v; want ErrClassListNotFound", err)
	}
	l.Name = "Blind pays, again"
	if err := db.SaveClassList(ctx, l); err != nil || !l.UpdatedAt.Equal(l.CreatedAt) && l.UpdatedAt.Before(l.CreatedAt) {
		t.Errorf("renaming the list: %v", err)
	}
	for _, tt := range []struct {
		owner int64
		want  int
	}{{max.ID, 1}, {mia.ID, 1}, {0, 2}} {
		if ls, err := db.ListClassLists(ctx, tt.owner); err != nil || len(ls) != tt.want {
			t.Errorf("ListClassLists(%d) = %d lists, %v; want %d", tt.owner, len(ls), err, tt.want)
		}
	}
	c := mustCreateClass(t, db, "Evenings", max)
	r := &trainer.ClassRun{ClassID: c.ID, ListID: l.ID, House: "default", RulesVersion: "v1"}
	if err := db.StartClassRun(trainer.WithActor(ctx, max), r); err != nil {
		t.Fatal(err)
	}
	if err := db.DeleteClassList(ctx, l.ID, max.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := db.FindClassList(ctx, l.ID); !errors.Is(err, trainer.ErrClassListNotFound) {
		t.Errorf("a deleted list is found: %v", err)
	}
	runs, err := db.ListClassRuns(ctx, c.ID)
	if err != nil || len(runs) != 1 || runs[0].ListID != 0 || runs[0].ListName != "Blind pays, again" || runs[0].StartedBy != max.ID {
		t.Errorf("the live drill after its list was deleted = %+v, %v; want the list's name kept", runs, err)
	}
}

// Roster40 is a roster of 40 rows, its cells separated by sep, with every
// fate: 18 new trainees (9 with a PIN in the file), 4 existing trainees
// joining (one with a PIN the file gives in vain), 2 already in the class,
// and a refusal of each kind (16), against the users RosterUsers makes.
// The command's tests import it too.
func Roster40(sep string) string {
	var b strings.Builder
	row := func(cells ...string) { b.WriteString(strings.Join(cells, sep) + "\n") }
	row("Name", "Badge", "PIN")
	for i := range 18 {
		pin := ""
		if i%2 == 0 {
			pin = fmt.Sprintf("%04d", 4000+i*7)
		}
		row("Trainee "+words[i], fmt.Sprintf("B-%03d", i), pin)
	}
	row("Jo Join", "J-1", "")       // joins, with the badge on record
	row("Jay Join", "", "")         // joins by name
	row("Jill Join", "J-3", "5555") // joins; the PIN is not used
	row("Jack Join", "", "")
	row("Mo Member", "", "")                           // in the class already
	row("May Member", "M-2", "")                       //
	row("", "X-1", "")                                 // an empty name
	row("Rex Refused", "R-1", "12")                    // a PIN too short
	row("Ray Refused", "R-2", "12a4")                  // a PIN not digits
	row("Trainee Alpha", "Z-9", "")                    // the name twice in the file
	row("Roy Refused", "B-001", "")                    // a badge twice in the file
	row("Max Manager", "", "")                         // a manager
	row("Gus Gone", "", "")                            // deactivated
	row("Tess Other", "Q-1", "")                       // a badge another user has
	row("Trainee GoIf", "", "")                        // looks like a row above (I for l)
	row("Kirn Lee", "", "")                            // looks like a user (rn for m)
	row("Omar Other", "O-2", "")                       // a trainee of that name has another badge
	row("Nell Nobadge", "N-5", "")                     // a trainee of that name has no badge
	row("Bea Badge", "B/7", "")                        // a badge of other characters
	row("Zoe\u200bZed", "", "")                        // an invisible character in the name
	row(strings.Repeat("Longname ", 5), "", "")        // a name of 45 characters
	row("Mare\u0301\u0301\u0301\u0301\u0301k", "", "") // marks stacked on a letter
	return b.String()
}

var words = []string{"Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India", "Juliett", "Kilo",
	"Lima", "Mike", "November", "Oscar", "Papa", "Quebec", "Romeo", "Sierra", "Tango", "Uniform", "Victor", "Whiskey"}

// RosterUsers makes the users Roster40 meets in db, at the first site,
// and the class "Evenings" led by Max Manager with Mo and May on its
// roster.
func RosterUsers(tb testing.TB, db trainer.Store) (*trainer.User, *trainer.Class) {
	tb.Helper()
	ctx := tb.Context()
	add := func(name string, role trainer.Role, badge string) *trainer.User {
		u := &trainer.User{Name: name, Role: role, Badge: badge, SecretHash: "$test$" + name}
		if err := db.CreateUser(ctx, u); err != nil {
			tb.Fatalf("CreateUser(%q): %v", name, err)
		}
		return u
	}
	max := add("Max Manager", trainer.RoleManager, "")
	for _, u := range [][2]string{{"Jo Join", "J-1"}, {"Jay Join", "J-2"}, {"Jill Join", "J-3"}, {"Jack Join", ""},
		{"Quinn Q", "Q-1"}, {"Kim Lee", "K-1"}, {"Omar Other", "O-1"}, {"Nell Nobadge", ""}} {
		add(u[0], trainer.RoleTrainee, u[1])
	}
	gus := add("Gus Gone", trainer.RoleTrainee, "")
	if err := db.SetUserActive(ctx, gus.ID, false); err != nil {
		tb.Fatal(err)
	}
	mo, may := add("Mo Member", trainer.RoleTrainee, ""), add("May Member", trainer.RoleTrainee, "M-2")
	c := &trainer.Class{Name: "Evenings", Instructors: []int64{max.ID}, Members: []int64{mo.ID, may.ID}, Games: []string{"uth"}}
	if err := db.CreateClass(trainer.WithActor(ctx, max), c); err != nil {
		tb.Fatal(err)
	}
	return max, c
}

func rosterUsers(t *testing.T, db Store) (*trainer.User, *trainer.Class) { return RosterUsers(t, db) }

// planRoster plans Roster40 for c against every user the store has, as
// the preview does.
func planRoster(t *testing.T, db Store, c *trainer.Class) *class.Plan {
	t.Helper()
	rows, err := class.ParseRoster([]byte(Roster40(";")))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 40 {
		t.Fatalf("the roster has %d rows; want 40", len(rows))
	}
	users, err := db.ListUsers(t.Context(), trainer.UserFilter{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := class.PlanImport(rows, class.IndexUsers(users), c.Members, nil)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// cheapHash stands in for trainer.HashSecret: the store does not look
// inside a hash.
func cheapHash(pin string) (string, error) { return "$test$" + pin, nil }
