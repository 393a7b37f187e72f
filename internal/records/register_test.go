package records_test

import (
	"errors"
	"path/filepath"
	"slices"
	"testing"

	"github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/records"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestRegister reads and keeps the records on a real SQLite store: a
// programme approved only as the page showed it (its digest), a version
// found by its number, the newest approved one, and the staff who may sign
// table tests (active managers and administrators, nobody else).
func TestRegister(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	book, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	h, err := book.House(book.HouseNames()[0])
	if err != nil {
		t.Fatal(err)
	}
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "kiosk.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	users := map[string]*trainer.User{}
	for _, u := range []*trainer.User{
		{Name: "Ada Admin", Role: trainer.RoleAdministrator},
		{Name: "Max Manager", Role: trainer.RoleManager},
		{Name: "Gone Manager", Role: trainer.RoleManager},
		{Name: "Dana Rossi", Role: trainer.RoleTrainee},
	} {
		u.SecretHash = "$test$" + u.Name
		if err := db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		users[u.Name] = u
	}
	if err := db.SetUserActive(trainer.WithActor(ctx, users["Ada Admin"]), users["Gone Manager"].ID, false); err != nil {
		t.Fatal(err)
	}
	reg := &records.Register{DB: db, House: h}
	admin := trainer.WithActor(ctx, users["Ada Admin"])

	ps, err := reg.Programmes(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var games []string
	for _, p := range ps {
		games = append(games, p.Game)
		if len(p.Versions) != 0 {
			t.Errorf("Programmes: %s has %d versions before any; want none", p.Game, len(p.Versions))
		}
	}
	if !slices.Equal(games, records.Games(h)) || len(games) == 0 {
		t.Fatalf("Programmes: games %q; want the house's %q", games, records.Games(h))
	}
	game := ps[0].Game
	if v, err := reg.ApprovedVersion(ctx, game); err != nil || v != nil {
		t.Errorf("ApprovedVersion before any = %v, %v; want none", v, err)
	}
	if err := reg.ApproveProgramme(admin, game, "a digest of another page"); !errors.Is(err, records.ErrProgrammeChanged) {
		t.Errorf("ApproveProgramme of a changed programme: %v; want ErrProgrammeChanged", err)
	}
	if err := reg.ApproveProgramme(admin, "poker", trainer.ProgrammeDigest(ps[0].Current)); trainer.KindOf(err) != trainer.KindNotFound {
		t.Errorf("ApproveProgramme of a game without a programme: %v; want KindNotFound", err)
	}
	if _, err := reg.Version(ctx, game, 1); !errors.Is(err, trainer.ErrProgrammeNotFound) {
		t.Errorf("Version 1 after refusals: %v; want ErrProgrammeNotFound (nothing recorded)", err)
	}
	if err := reg.ApproveProgramme(admin, game, trainer.ProgrammeDigest(ps[0].Current)); err != nil {
		t.Fatalf("ApproveProgramme as shown: %v", err)
	}
	v, err := reg.Version(ctx, game, 1)
	if err != nil || v.Number != 1 || !v.Approved() || trainer.ProgrammeDigest(v.Body) != trainer.ProgrammeDigest(ps[0].Current) {
		t.Errorf("Version 1 = %+v, %v; want the approved version of what the page showed", v, err)
	}
	if a, err := reg.ApprovedVersion(ctx, game); err != nil || a == nil || a.ID != v.ID {
		t.Errorf("ApprovedVersion = %v, %v; want version 1", a, err)
	}
	for _, n := range []int{0, 2} {
		if _, err := reg.Version(ctx, game, n); !errors.Is(err, trainer.ErrProgrammeNotFound) {
			t.Errorf("Version %d: %v; want ErrProgrammeNotFound", n, err)
		}
	}

	staff, _, err := reg.Signers(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, u := range staff {
		names = append(names, u.Name)
	}
	slices.Sort(names)
	if want := []string{"Ada Admin", "Max Manager"}; !slices.Equal(names, want) {
		t.Errorf("Signers: staff %q; want %q", names, want)
	}
}
