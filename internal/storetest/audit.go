package storetest

import (
	"slices"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestDB_AuditUserChanges checks that each user change appends its entry,
// in the same transaction, naming the administrator who made it, and never
// the secret.
func testAuditUserChanges(t *testing.T, open Opener) {
	t.Parallel()
	db := open(t)
	first := &trainer.User{Name: "Ada Admin", SecretHash: "$test$ada"}
	if err := db.CreateFirstAdministrator(t.Context(), first); err != nil {
		t.Fatal(err)
	}
	ctx := trainer.WithActor(t.Context(), first)
	tia := &trainer.User{Name: "Tia Trainee", Role: trainer.RoleTrainee, Badge: "1042", SecretHash: "$test$secret-hash"}
	if err := db.CreateUser(ctx, tia); err != nil {
		t.Fatal(err)
	}
	if err := db.SetUserSecret(ctx, tia.ID, "$test$new-hash"); err != nil {
		t.Fatal(err)
	}
	if err := db.SetUserActive(ctx, tia.ID, false); err != nil {
		t.Fatal(err)
	}
	if err := db.SetUserActive(ctx, tia.ID, true); err != nil {
		t.Fatal(err)
	}
	// A change refused writes no entry.
	if err := db.SetUserActive(ctx, first.ID, false); trainer.KindOf(err) != trainer.KindConflict {
		t.Fatalf("deactivating the last administrator: %v", err)
	}
	es, err := db.ListAudit(t.Context(), trainer.AuditFilter{})
	if err != nil {
		t.Fatal(err)
	}
	// A store keyed from its start (PostgreSQL's) opens its log with the
	// entry naming the key: not a user change.
	es = slices.DeleteFunc(es, func(e *trainer.AuditEntry) bool { return e.Subject == trainer.AuditSubject })
	want := []string{trainer.AuditUserReactivated, trainer.AuditUserDeactivated, trainer.AuditUserSecretReset,
		trainer.AuditUserCreated, trainer.AuditUserCreated}
	var got []string
	for _, e := range es {
		got = append(got, e.Action)
		if strings.Contains(e.Detail, "hash") {
			t.Errorf("entry %d holds a secret: %s", e.Seq, e.Detail)
		}
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("actions, newest first: %v; want %v", got, want)
	}
	if es[4].Actor != "Ada Admin" || es[4].ActorID != first.ID || es[0].Actor != "Ada Admin" || es[0].Subject != trainer.UserSubject(tia.ID) {
		t.Errorf("entries name %q (%d) and %q on %q", es[4].Actor, es[4].ActorID, es[0].Actor, es[0].Subject)
	}
	mine, err := db.ListAudit(t.Context(), trainer.AuditFilter{SubjectPrefix: trainer.UserSubject(tia.ID)})
	if err != nil || len(mine) != 4 {
		t.Errorf("Tia's entries: %d (%v); want 4", len(mine), err)
	}
	// Without a signed-in user (tests, the command line) the kiosk is the actor.
	mustCreateUser(t, db, "Bo Chan", trainer.RoleTrainee, "")
	es, _ = db.ListAudit(t.Context(), trainer.AuditFilter{Limit: 1})
	if es[0].Actor != "kiosk" || es[0].ActorID != 0 {
		t.Errorf("a change with no actor names %q (%d); want the kiosk", es[0].Actor, es[0].ActorID)
	}
}
