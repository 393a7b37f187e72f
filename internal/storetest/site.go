package storetest

import (
	"errors"
	"testing"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// testSites: a store starts with one site (a kiosk is one site, a group
// starts as one); more are added with a unique name, audited; users belong to
// the site they were created at, the first when none was named, and can be
// listed by site.
func testSites(t *testing.T, open Opener) {
	t.Parallel()
	db := open(t)
	newClock(db)
	ctx := t.Context()
	sites, err := db.ListSites(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(sites) != 1 || sites[0].ID != trainer.FirstSiteID || sites[0].Name != trainer.DefaultSiteName {
		t.Fatalf("a new store's sites = %+v; want one, %q", sites, trainer.DefaultSiteName)
	}
	north := &trainer.Site{Name: "  North   Shore ", House: "default"}
	if err := db.CreateSite(ctx, north); err != nil {
		t.Fatal(err)
	}
	if north.ID == 0 || north.Name != "North Shore" || north.CreatedAt.IsZero() {
		t.Errorf("CreateSite set %+v; want an ID, the name normalised and a time", north)
	}
	got, err := db.FindSiteByName(ctx, "north shore")
	if err != nil || got.ID != north.ID || got.House != "default" || !got.CreatedAt.Equal(north.CreatedAt) {
		t.Errorf("FindSiteByName = %+v, %v; want %+v", got, err, north)
	}
	if got, err := db.FindSiteByID(ctx, north.ID); err != nil || got.Name != "North Shore" {
		t.Errorf("FindSiteByID = %+v, %v", got, err)
	}
	for _, bad := range []struct {
		site *trainer.Site
		kind trainer.Kind
	}{
		{&trainer.Site{Name: "NORTH SHORE", House: "default"}, trainer.KindConflict},
		{&trainer.Site{Name: "", House: "default"}, trainer.KindInvalid},
		{&trainer.Site{Name: "South", House: ""}, trainer.KindInvalid},
	} {
		if err := db.CreateSite(ctx, bad.site); trainer.KindOf(err) != bad.kind {
			t.Errorf("CreateSite(%+v) = %v; want kind %v", bad.site, err, bad.kind)
		}
	}
	if err := db.CreateSite(ctx, &trainer.Site{Name: "north shore", House: "x"}); !errors.Is(err, trainer.ErrSiteNameTaken) {
		t.Errorf("CreateSite of a name taken = %v; want ErrSiteNameTaken", err)
	}
	if _, err := db.FindSiteByName(ctx, "Nowhere"); trainer.KindOf(err) != trainer.KindNotFound {
		t.Errorf("FindSiteByName of no site = %v; want KindNotFound", err)
	}
	if sites, _ := db.ListSites(ctx); len(sites) != 2 || sites[0].Name != "North Shore" || sites[1].Name != trainer.DefaultSiteName {
		t.Errorf("ListSites = %+v; want North Shore, %s by name", sites, trainer.DefaultSiteName)
	}
	es, err := db.ListAudit(ctx, trainer.AuditFilter{SubjectPrefix: trainer.SiteSubject(north.ID)})
	if err != nil || len(es) != 1 || es[0].Action != trainer.AuditSiteCreated {
		t.Errorf("audit of the new site = %+v, %v; want one %s", es, err, trainer.AuditSiteCreated)
	}

	// Users: the first site unless named; a site that does not exist is refused.
	home := mustCreateUser(t, db, "Ana Lee", trainer.RoleTrainee, "")
	away := &trainer.User{Name: "Bo Chan", Role: trainer.RoleTrainee, SecretHash: "$h$", SiteID: north.ID}
	if err := db.CreateUser(ctx, away); err != nil {
		t.Fatal(err)
	}
	if home.SiteID != trainer.FirstSiteID {
		t.Errorf("a user created without a site is at site %d; want %d", home.SiteID, trainer.FirstSiteID)
	}
	if u, err := db.FindUserByName(ctx, "Bo Chan"); err != nil || u.SiteID != north.ID {
		t.Errorf("FindUserByName = %+v, %v; want site %d", u, err, north.ID)
	}
	if err := db.CreateUser(ctx, &trainer.User{Name: "Cy Dee", Role: trainer.RoleTrainee, SecretHash: "$h$", SiteID: 999}); trainer.KindOf(err) != trainer.KindNotFound {
		t.Errorf("CreateUser at no site = %v; want KindNotFound", err)
	}
	for _, tt := range []struct {
		site int64
		want []string
	}{{0, []string{"Ana Lee", "Bo Chan"}}, {trainer.FirstSiteID, []string{"Ana Lee"}}, {north.ID, []string{"Bo Chan"}}} {
		us, err := db.ListUsers(ctx, trainer.UserFilter{SiteID: tt.site})
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, u := range us {
			names = append(names, u.Name)
		}
		if len(names) != len(tt.want) || (len(names) > 0 && names[0] != tt.want[0]) || (len(names) > 1 && names[1] != tt.want[1]) {
			t.Errorf("ListUsers(site %d) = %v; want %v", tt.site, names, tt.want)
		}
	}

	// A table test at another site: signed by a manager of that site only.
	homeManager := mustCreateUser(t, db, "Mia Manager", trainer.RoleManager, "")
	northManager := &trainer.User{Name: "Ned Manager", Role: trainer.RoleManager, SecretHash: "$h$", SiteID: north.ID}
	if err := db.CreateUser(ctx, northManager); err != nil {
		t.Fatal(err)
	}
	if err := db.RecordSiteTableTest(ctx, &trainer.SiteTableTest{UserID: home.ID, Game: "uth", SiteID: north.ID, ActorID: homeManager.ID}); trainer.KindOf(err) != trainer.KindForbidden {
		t.Errorf("a table test at North Shore signed by another site's manager = %v; want KindForbidden", err)
	}
	tt := &trainer.SiteTableTest{UserID: home.ID, Game: "uth", SiteID: north.ID, ActorID: northManager.ID}
	if err := db.RecordSiteTableTest(ctx, tt); err != nil {
		t.Fatal(err)
	}
	if err := db.RecordSiteTableTest(ctx, &trainer.SiteTableTest{UserID: home.ID, Game: "uth", SiteID: 999, ActorID: northManager.ID}); trainer.KindOf(err) != trainer.KindNotFound {
		t.Errorf("a table test at no site = %v; want KindNotFound", err)
	}
	got2, err := db.ListSiteTableTests(ctx, home.ID, "uth")
	if err != nil || len(got2) != 1 || got2[0].ID != tt.ID || got2[0].SiteID != north.ID || got2[0].Actor != "Ned Manager" || !got2[0].At.Equal(tt.At) {
		t.Errorf("ListSiteTableTests = %+v, %v; want the one recorded, %+v", got2, err, tt)
	}
	if other, err := db.ListSiteTableTests(ctx, home.ID, "lunar"); err != nil || len(other) != 0 {
		t.Errorf("ListSiteTableTests of another game = %+v, %v; want none", other, err)
	}
	es, _ = db.ListAudit(ctx, trainer.AuditFilter{SubjectPrefix: trainer.CertSubject(home.ID, "uth")})
	if len(es) != 1 || es[0].Action != trainer.AuditSiteTableTest || es[0].Actor != "Ned Manager" {
		t.Errorf("audit of the table test = %+v; want one %s by Ned Manager", es, trainer.AuditSiteTableTest)
	}
	if _, ms, err := db.VerifyRecords(ctx); err != nil || len(ms) != 0 {
		t.Errorf("VerifyRecords after a table test at another site = %v, %v", ms, err)
	}

	// Practice sessions and exams are stamped with the site where they
	// were taken: the first when none is named.
	ps := mustStart(t, db, home, 5)
	if got, err := db.FindPracticeSession(ctx, ps.ID, home.ID); err != nil || got.SiteID != trainer.FirstSiteID {
		t.Errorf("a session started without a site: %+v, %v; want site %d", got, err, trainer.FirstSiteID)
	}
	away2 := &trainer.PracticeSession{UserID: away.ID, Mode: trainer.ModePractice, Game: "uth", Kind: "payout", Level: 1,
		House: "default", RulesVersion: "v1", Planned: 5, SiteID: north.ID}
	if err := db.StartPracticeSession(ctx, away2); err != nil {
		t.Fatal(err)
	}
	if got, err := db.FindPracticeSession(ctx, away2.ID, away.ID); err != nil || got.SiteID != north.ID {
		t.Errorf("a session started at North Shore: %+v, %v; want site %d", got, err, north.ID)
	}
	mustApprove(t, db, homeManager, "v1")
	ex := newExam(away, "lunar", 2)
	ex.SiteID = north.ID
	if err := db.StartExam(ctx, ex, nil); err != nil {
		t.Fatal(err)
	}
	if got, err := db.FindExam(ctx, ex.ID, away.ID); err != nil || got.SiteID != north.ID {
		t.Errorf("an exam taken at North Shore: %+v, %v; want site %d", got, err, north.ID)
	}

	// The house a site plays: changed once, audited once.
	for range 2 {
		if s, err := db.SetSiteHouse(ctx, north.ID, "riverside"); err != nil || s.House != "riverside" {
			t.Fatalf("SetSiteHouse = %+v, %v", s, err)
		}
	}
	es, _ = db.ListAudit(ctx, trainer.AuditFilter{SubjectPrefix: trainer.SiteSubject(north.ID)})
	if len(es) != 2 {
		t.Errorf("audit of the site after its house changed twice to the same = %d entries; want 2", len(es))
	}
	if _, err := db.SetSiteHouse(ctx, 999, "x"); trainer.KindOf(err) != trainer.KindNotFound {
		t.Errorf("SetSiteHouse of no site = %v; want KindNotFound", err)
	}
	if rep, err := db.VerifyAudit(ctx); err != nil || rep.Entries < 7 {
		t.Errorf("VerifyAudit = %+v, %v", rep, err)
	}
}

// testSiteWithAdministrator: a site and its first administrator are stored
// together, each audited, the administrator belonging to the site; a name
// the store has refuses both.
func testSiteWithAdministrator(t *testing.T, open Opener) {
	t.Parallel()
	db := open(t)
	newClock(db)
	ctx := t.Context()
	mustCreateUser(t, db, "Ada Admin", trainer.RoleAdministrator, "")
	before, _ := db.ListSites(ctx)
	taken := &trainer.User{Name: "ADA ADMIN", SecretHash: "$test$"}
	if err := db.CreateSiteWithAdministrator(ctx, &trainer.Site{Name: "North Shore", House: "default"}, taken); !errors.Is(err, trainer.ErrNameTaken) {
		t.Errorf("a site with an administrator whose name is taken = %v; want ErrNameTaken", err)
	}
	if after, _ := db.ListSites(ctx); len(after) != len(before) {
		t.Errorf("the refused site was stored: %+v", after)
	}
	north := &trainer.Site{Name: "North Shore", House: "default"}
	nia := &trainer.User{Name: "Nia North", SecretHash: "$test$"}
	if err := db.CreateSiteWithAdministrator(ctx, north, nia); err != nil {
		t.Fatal(err)
	}
	got, err := db.FindUserByName(ctx, "Nia North")
	if err != nil || got.Role != trainer.RoleAdministrator || got.SiteID != north.ID || !got.Active {
		t.Errorf("the site's administrator = %+v, %v; want an active administrator of site %d", got, err, north.ID)
	}
	es, _ := db.ListAudit(ctx, trainer.AuditFilter{Limit: 2})
	if len(es) != 2 || es[0].Action != trainer.AuditUserCreated || es[1].Action != trainer.AuditSiteCreated {
		t.Errorf("the newest audit entries = %+v; want the site and its administrator", es)
	}
}

// testRenameSite: a site, the first included, is renamed (normalised,
// audited); another site's name, or none, is refused.
func testRenameSite(t *testing.T, open Opener) {
	t.Parallel()
	db := open(t)
	newClock(db)
	ctx := t.Context()
	north := &trainer.Site{Name: "North Shore", House: "default"}
	if err := db.CreateSite(ctx, north); err != nil {
		t.Fatal(err)
	}
	if _, err := db.RenameSite(ctx, trainer.FirstSiteID, "north shore"); !errors.Is(err, trainer.ErrSiteNameTaken) {
		t.Errorf("RenameSite to another site's name = %v; want ErrSiteNameTaken", err)
	}
	if _, err := db.RenameSite(ctx, trainer.FirstSiteID, " "); trainer.KindOf(err) != trainer.KindInvalid {
		t.Errorf("RenameSite to no name = %v; want KindInvalid", err)
	}
	s, err := db.RenameSite(ctx, trainer.FirstSiteID, "  Harbour   View ")
	if err != nil || s.Name != "Harbour View" {
		t.Fatalf("RenameSite = %+v, %v", s, err)
	}
	if got, err := db.FindSiteByID(ctx, trainer.FirstSiteID); err != nil || got.Name != "Harbour View" {
		t.Errorf("the first site after the rename = %+v, %v", got, err)
	}
	es, _ := db.ListAudit(ctx, trainer.AuditFilter{Limit: 1})
	if len(es) != 1 || es[0].Action != trainer.AuditSiteRenamed {
		t.Errorf("the newest audit entry = %+v; want the rename", es)
	}
}
