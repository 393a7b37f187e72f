package storetest

import (
	"errors"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/class"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// testImportClassRoster: a roster of 40 rows of mixed fates, planned as the
// preview plans it, is committed whole: the 18 new trainees created at the
// class's site with the PIN issued to each, the 4 joining trainees added,
// those already in the class and those refused left as they are, and each
// change audited as a user's creation is. An import whose commit fails
// midway (a name another process took between the preview and the commit)
// leaves nothing behind.
func testImportClassRoster(t *testing.T, open Opener) {
	t.Parallel()
	t.Run("OK", func(t *testing.T) {
		t.Parallel()
		db := open(t)
		newClock(db)
		ctx := t.Context()
		max, c := rosterUsers(t, db)
		p := planRoster(t, db, c)
		for fate, want := range map[class.Fate]int{class.FateAdd: 18, class.FateJoin: 4, class.FateMember: 2, class.FateRefused: 16} {
			if n := p.Count(fate); n != want {
				t.Errorf("the plan has %d rows of fate %s; want %d", n, fate, want)
			}
		}
		im, err := p.Import(cheapHash)
		if err != nil {
			t.Fatal(err)
		}
		created, joined := countAudit(t, db, trainer.AuditUserCreated), countAudit(t, db, trainer.AuditClassJoined)
		if err := db.ImportClassRoster(trainer.WithActor(ctx, max), c.ID, im); err != nil {
			t.Fatal(err)
		}
		got, err := db.FindClass(ctx, c.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Members) != 2+18+4 {
			t.Errorf("the class has %d members after the import; want 24", len(got.Members))
		}
		var adds []class.Entry
		for _, e := range p.Entries {
			if e.Fate == class.FateAdd {
				adds = append(adds, e)
			}
		}
		for i, u := range im.New {
			stored, err := db.FindUserByID(ctx, u.ID)
			if err != nil {
				t.Fatalf("new trainee %q: %v", u.Name, err)
			}
			if stored.Name != adds[i].Name || stored.Badge != adds[i].Badge || stored.Role != trainer.RoleTrainee ||
				stored.SiteID != trainer.FirstSiteID || stored.SecretHash != "$test$"+adds[i].IssuedPIN || !(*class.Class)(got).Has(u.ID) {
				t.Errorf("new trainee %d = %+v; want row %d's, with the PIN issued, in the class", i, stored, adds[i].Line)
			}
		}
		if n := countAudit(t, db, trainer.AuditUserCreated) - created; n != 18 {
			t.Errorf("%d user.created entries; want 18", n)
		}
		if n := countAudit(t, db, trainer.AuditClassJoined) - joined; n != 22 {
			t.Errorf("%d class.joined entries; want 22", n)
		}
		es, _ := db.ListAudit(ctx, trainer.AuditFilter{Limit: 1})
		if es[0].Actor != "Max Manager" || es[0].Action != trainer.AuditClassJoined || !strings.Contains(es[0].Subject, trainer.ClassSubject(c.ID)) {
			t.Errorf("the last audit entry = %+v; want class.joined by Max", es[0])
		}
		// The same plan again: everyone is in the class or taken; nothing
		// is half-done, the names taken refuse the whole import.
		if err := db.ImportClassRoster(ctx, c.ID, im); !errors.Is(err, trainer.ErrNameTaken) {
			t.Errorf("the same import twice = %v; want ErrNameTaken", err)
		}
	})
	t.Run("FailsMidway", func(t *testing.T) {
		t.Parallel()
		db := open(t)
		newClock(db)
		ctx := t.Context()
		max, c := rosterUsers(t, db)
		p := planRoster(t, db, c)
		im, err := p.Import(cheapHash)
		if err != nil {
			t.Fatal(err)
		}
		// Between the preview and the commit, another process creates a
		// trainee of a name the plan adds, the last of its 18.
		mustCreateUser(t, db, "Trainee Romeo", trainer.RoleTrainee, "")
		users, _ := db.ListUsers(ctx, trainer.UserFilter{})
		audit, _ := db.ListAudit(ctx, trainer.AuditFilter{Limit: 1000})
		err = db.ImportClassRoster(trainer.WithActor(ctx, max), c.ID, im)
		var ie *trainer.ClassImportError
		if !errors.Is(err, trainer.ErrNameTaken) || !errors.As(err, &ie) || ie.Name != "Trainee Romeo" {
			t.Errorf("the import = %v; want ErrNameTaken at Trainee Romeo", err)
		}
		after, _ := db.ListUsers(ctx, trainer.UserFilter{})
		got, _ := db.FindClass(ctx, c.ID)
		auditAfter, _ := db.ListAudit(ctx, trainer.AuditFilter{Limit: 1000})
		if len(after) != len(users) || len(got.Members) != 2 || len(auditAfter) != len(audit) {
			t.Errorf("after the failed import: %d users (were %d), %d members (were 2), %d audit entries (were %d); want nothing changed",
				len(after), len(users), len(got.Members), len(auditAfter), len(audit))
		}
		for _, u := range im.New[:17] {
			if _, err := db.FindUserByName(ctx, u.Name); trainer.KindOf(err) != trainer.KindNotFound {
				t.Errorf("%s, before the failing row, was kept: %v", u.Name, err)
			}
		}
		if err := db.ImportClassRoster(ctx, 999, &trainer.ClassImport{}); !errors.Is(err, trainer.ErrClassNotFound) {
			t.Errorf("an import into no class = %v; want ErrClassNotFound", err)
		}
	})
}
