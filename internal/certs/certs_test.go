package certs_test

import (
	"encoding/json"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/certs"
	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestFindRecordsAnExpiryOnce grants a certification on a real SQLite
// store, moves the store's clock past its validity, and reads it from two
// requests at once: both see it expired, and the expiry is on record once.
func TestFindRecordsAnExpiryOnce(t *testing.T) {
	ctx := t.Context()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "kiosk.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	var now atomic.Int64
	now.Store(time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC).UnixNano())
	db.Now = func() time.Time { return time.Unix(0, now.Load()).UTC() }

	mgr := &trainer.User{Name: "Max Manager", Role: trainer.RoleManager, SecretHash: "$test$max"}
	tia := &trainer.User{Name: "Tia Trainee", Role: trainer.RoleTrainee, SecretHash: "$test$tia"}
	for _, u := range []*trainer.User{mgr, tia} {
		if err := db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.RecordRulesVersion(ctx, "v1", map[string][]byte{"drills.toml": []byte("# v1\n")}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ApproveRulesVersion(trainer.WithActor(ctx, mgr), "v1"); err != nil {
		t.Fatal(err)
	}
	ex := &trainer.Exam{UserID: tia.ID, Game: "uth", House: "default", RulesVersion: "v1", Standard: json.RawMessage(`{"game":"uth"}`),
		Items: []trainer.ExamItem{{Kind: "payout", Level: 2, Seed: 100, Skill: "uth.payout.blind", Seconds: 30}}}
	if err := db.StartExam(ctx, ex, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := db.FinishExam(ctx, ex, true, json.RawMessage(`{}`)); err != nil {
		t.Fatal(err)
	}
	pass := &trainer.CertEvent{UserID: tia.ID, Game: "uth", Kind: trainer.EventTablePass, ActorID: mgr.ID, ExamID: ex.ID}
	if err := db.RecordCertEvent(trainer.WithActor(ctx, mgr), pass, nil); err != nil {
		t.Fatal(err)
	}

	c := &certs.Certs{DB: db, House: &rulebook.House{Certification: map[string]*rulebook.Standard{
		"uth": {Policy: rulebook.Policy{Retakes: 2, ValidityMonths: 12, DueDays: 30}}}}}
	if st, err := c.Find(ctx, tia.ID, "uth"); err != nil || st.State != eval.StateCertified {
		t.Fatalf("just granted: %v (%v); want certified", st.State, err)
	}
	now.Add(int64(13 * 30 * 24 * time.Hour))
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			st, err := c.Find(ctx, tia.ID, "uth")
			if err != nil || st.State != eval.StateExpired || st.ExpiryUnrecorded {
				t.Errorf("13 months on: %v, unrecorded %t (%v); want expired, recorded", st.State, st.ExpiryUnrecorded, err)
			}
		})
	}
	wg.Wait()
	rec, err := db.FindCertRecord(ctx, tia.ID, "uth")
	if err != nil {
		t.Fatal(err)
	}
	expired := 0
	for _, e := range rec.Events {
		if e.Kind == trainer.EventExpired {
			expired++
		}
	}
	if expired != 1 {
		t.Errorf("%d expiries on record; want 1", expired)
	}
	if st := c.Status(rec, "uth"); st.ExpiryUnrecorded {
		t.Error("the record read again says the expiry is not on record")
	}
}
