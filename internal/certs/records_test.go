package certs_test

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/dealerkiosk/trainer/internal/certs"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestFloor reads a site's floor list on a real SQLite store of two
// sites: the site's name, and a row per game for each of its active
// trainees alone (not the other site's, not staff, not a deactivated
// trainee), by name; a site that does not exist is not found. With
// records that agree with the audit trail, Mismatch finds nothing.
func TestFloor(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "kiosk.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	north := &trainer.Site{Name: "North Shore", House: "default"}
	if err := db.CreateSite(ctx, north); err != nil {
		t.Fatal(err)
	}
	admin := &trainer.User{Name: "Ada Admin", Role: trainer.RoleAdministrator, SiteID: trainer.FirstSiteID}
	users := []*trainer.User{admin,
		{Name: "Zoe Trainee", Role: trainer.RoleTrainee, SiteID: trainer.FirstSiteID},
		{Name: "Ann Trainee", Role: trainer.RoleTrainee, SiteID: trainer.FirstSiteID},
		{Name: "Gil Gone", Role: trainer.RoleTrainee, SiteID: trainer.FirstSiteID},
		{Name: "Nat North", Role: trainer.RoleTrainee, SiteID: north.ID},
		{Name: "Max Manager", Role: trainer.RoleManager, SiteID: trainer.FirstSiteID},
	}
	for _, u := range users {
		u.SecretHash = "$test$" + u.Name
		if err := db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.SetUserActive(trainer.WithActor(ctx, admin), users[3].ID, false); err != nil {
		t.Fatal(err)
	}
	std := &rulebook.Standard{Policy: rulebook.Policy{Retakes: 2, ValidityMonths: 12, DueDays: 30}}
	c := &certs.Certs{DB: db, House: &rulebook.House{Certification: map[string]*rulebook.Standard{"uth": std, "lunar": std}}}
	games := []string{"uth", "lunar"}

	f, err := c.Floor(ctx, trainer.FirstSiteID, games)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range f.Rows {
		got = append(got, r.User.Name+"/"+r.Game)
	}
	want := []string{"Ann Trainee/uth", "Ann Trainee/lunar", "Zoe Trainee/uth", "Zoe Trainee/lunar"}
	if f.Site != trainer.DefaultSiteName || !slices.Equal(got, want) || f.Now.IsZero() {
		t.Errorf("Floor = %q %q at %v; want %q %q now", f.Site, got, f.Now, trainer.DefaultSiteName, want)
	}
	if f, err := c.Floor(ctx, north.ID, games[:1]); err != nil || f.Site != "North Shore" || len(f.Rows) != 1 || f.Rows[0].User.Name != "Nat North" {
		t.Errorf("Floor of North Shore = %+v, %v; want Nat North in UTH", f, err)
	}
	if _, err := c.Floor(ctx, north.ID+1, games); trainer.KindOf(err) != trainer.KindNotFound {
		t.Errorf("Floor of no site: %v; want KindNotFound", err)
	}
	if g, m, err := c.Mismatch(ctx, users[1].ID, games); err != nil || g != "" || m != nil {
		t.Errorf("Mismatch of records never changed = %q, %v, %v; want none", g, m, err)
	}
}
