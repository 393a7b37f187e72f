package postgres_test

import (
	"testing"

	"github.com/dealerkiosk/trainer/internal/postgres"
	"github.com/dealerkiosk/trainer/internal/postgres/pgtest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestDB_RecoversAfterOutage: on a server of the test's own, stopped under
// an open store and started again, a write while it is down fails and is
// kept as the last write's failure; once it is back the same store reads
// and writes through new connections, and a write probe clears the kept
// failure, so /healthz recovers without a restart.
func TestDB_RecoversAfterOutage(t *testing.T) {
	t.Parallel()
	c := pgtest.NewCluster(t)
	db, err := postgres.Open(t.Context(), c.URL(), pgtest.Key())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	before := &trainer.User{Name: "Before", Role: trainer.RoleTrainee, SecretHash: "x"}
	if err := db.CreateUser(t.Context(), before); err != nil {
		t.Fatal(err)
	}

	c.Stop()
	if err := db.CreateUser(t.Context(), &trainer.User{Name: "During", Role: trainer.RoleTrainee, SecretHash: "x"}); err == nil {
		t.Fatal("a user was created with the server stopped")
	}
	if db.LastWriteError() == nil {
		t.Error("no write failure kept with the server stopped")
	}
	if err := db.ProbeWrite(t.Context()); err == nil {
		t.Error("the write probe passed with the server stopped")
	}

	c.Start()
	if err := db.ProbeWrite(t.Context()); err != nil {
		t.Fatalf("write probe once the server is back: %v", err)
	}
	if err := db.LastWriteError(); err != nil {
		t.Errorf("the failure is still kept after a probe wrote: %v", err)
	}
	if _, err := db.FindUserByID(t.Context(), before.ID); err != nil {
		t.Errorf("the user written before the outage: %v", err)
	}
	if err := db.CreateUser(t.Context(), &trainer.User{Name: "After", Role: trainer.RoleTrainee, SecretHash: "x"}); err != nil {
		t.Errorf("a write once the server is back: %v", err)
	}
	if _, err := db.VerifyAudit(t.Context()); err != nil {
		t.Errorf("audit verify: %v", err)
	}
}
