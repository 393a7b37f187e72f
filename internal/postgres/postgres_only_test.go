package postgres_test

import (
	"bytes"
	"database/sql"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/postgres"
	"github.com/dealerkiosk/trainer/internal/postgres/pgtest"
	"github.com/dealerkiosk/trainer/internal/sqlstore"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/migrations"
)

// TestOpen_MigratesOnce: processes started together on one new database
// migrate it once (the advisory lock) and key its audit log once.
func TestOpen_MigratesOnce(t *testing.T) {
	t.Parallel()
	url, key := pgtest.URL(t), pgtest.Key()
	const n = 4
	dbs := make([]*postgres.DB, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { dbs[i], errs[i] = postgres.Open(t.Context(), url, key) })
	}
	wg.Wait()
	for i := range n {
		if errs[i] != nil {
			t.Fatalf("open %d: %v", i, errs[i])
		}
		defer dbs[i].Close()
	}
	v, err := dbs[0].SchemaVersion(t.Context())
	last := migrations.LastPostgres()
	if err != nil || v != last {
		t.Errorf("SchemaVersion = %q, %v; want %s (the last migration)", v, err, last)
	}
	r, err := dbs[1].VerifyAudit(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if r.Entries != 1 || r.KeyedFrom != 1 || r.Recorded == nil || r.Recorded.Seq != 1 {
		t.Errorf("VerifyAudit = %+v; want the one entry that keys the log, at the head", r)
	}
}

// TestOpen_WrongKey: a process given another key than the log's refuses to
// start, naming both keys.
func TestOpen_WrongKey(t *testing.T) {
	t.Parallel()
	url := pgtest.URL(t)
	db, err := postgres.Open(t.Context(), url, pgtest.Key())
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	_, err = postgres.Open(t.Context(), url, pgtest.Key())
	var we *trainer.WrongKeyError
	if !errors.As(err, &we) {
		t.Fatalf("Open with another key = %v; want a *trainer.WrongKeyError", err)
	}
	if _, err := postgres.Open(t.Context(), url, nil); err == nil {
		t.Fatal("Open with no key succeeded")
	}
}

// TestDB_AuditVerifies: a log written through every kind of change verifies,
// with its head row, and the records agree with it.
func TestDB_AuditVerifies(t *testing.T) {
	t.Parallel()
	db := MustOpenDB(t)
	ctx := t.Context()
	admin := &trainer.User{Name: "Ada Admin", SecretHash: "$test$ada"}
	if err := db.CreateFirstAdministrator(ctx, admin); err != nil {
		t.Fatal(err)
	}
	actx := trainer.WithActor(ctx, admin)
	tia := &trainer.User{Name: "Tia Trainee", Role: trainer.RoleTrainee, SecretHash: "$test$tia"}
	if err := db.CreateUser(actx, tia); err != nil {
		t.Fatal(err)
	}
	if _, err := db.RecordRulesVersion(ctx, "v1", map[string][]byte{"a.toml": []byte("x")}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ApproveRulesVersion(actx, "v1"); err != nil {
		t.Fatal(err)
	}
	st, err := db.Settings(ctx)
	if err != nil {
		t.Fatal(err)
	}
	st.MaxSigninFailures = 7
	if err := db.UpdateSettings(actx, st); err != nil {
		t.Fatal(err)
	}
	r, err := db.VerifyAudit(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if r.Entries != 6 || r.Recorded.Seq != r.HeadSeq || r.Behind != 0 {
		t.Errorf("VerifyAudit = %+v; want 6 entries up to the head row", r)
	}
	if _, ms, err := db.VerifyRecords(ctx); err != nil || len(ms) != 0 {
		t.Errorf("VerifyRecords = %v, %v; want agreement", ms, err)
	}
	if _, err := db.MissedSkills(ctx, trainer.MissFilter{Game: "uth"}); err != nil {
		t.Errorf("MissedSkills: %v", err)
	}
}

// TestDB_AuditTampering: changes made behind the kiosk's back, by someone
// who can turn the log's triggers off, show in VerifyAudit: an entry
// rewritten (its HMAC), and the newest entries cut from the end (the head
// row names an entry the log no longer holds).
func TestDB_AuditTampering(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name   string
		change string
		seq    int64
		reason string
	}{
		{"Rewritten", `UPDATE audit_log SET actor = 'Someone Else' WHERE seq = 2`, 2, "does not match its hash"},
		{"TailCut", `DELETE FROM audit_log WHERE seq >= 3`, 3, "end of the log was cut"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			u, key := pgtest.URL(t), pgtest.Key()
			db, err := postgres.Open(t.Context(), u, key)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			for _, name := range []string{"Ana Lee", "Bo Chan", "Cy Diaz"} {
				if err := db.CreateUser(t.Context(), &trainer.User{Name: name, Role: trainer.RoleTrainee, SecretHash: "$test$"}); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := db.VerifyAudit(t.Context()); err != nil {
				t.Fatalf("before the change: %v", err)
			}
			raw, err := sql.Open("pgx", u)
			if err != nil {
				t.Fatal(err)
			}
			defer raw.Close()
			for _, q := range []string{`ALTER TABLE audit_log DISABLE TRIGGER USER`, tt.change, `ALTER TABLE audit_log ENABLE TRIGGER USER`} {
				if _, err := raw.ExecContext(t.Context(), q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			_, err = db.VerifyAudit(t.Context())
			var ce *trainer.ChainError
			if !errors.As(err, &ce) || ce.Seq != tt.seq || !strings.Contains(ce.Reason, tt.reason) {
				t.Errorf("VerifyAudit after the change = %v; want entry %d named: %s", err, tt.seq, tt.reason)
			}
		})
	}
}

// TestDB_SharedAcrossProcesses: what one process writes, another opened on
// the same database sees: the session-cookie key made by the first, and the
// sign-in hold its wrong PINs started.
func TestDB_SharedAcrossProcesses(t *testing.T) {
	t.Parallel()
	u, key := pgtest.URL(t), pgtest.Key()
	one, err := postgres.Open(t.Context(), u, key)
	if err != nil {
		t.Fatal(err)
	}
	defer one.Close()
	two, err := postgres.Open(t.Context(), u, key)
	if err != nil {
		t.Fatal(err)
	}
	defer two.Close()
	k1, err := one.SessionKey(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if k2, err := two.SessionKey(t.Context()); err != nil || !bytes.Equal(k1, k2) {
		t.Errorf("the second process's session key differs from the first's (%v)", err)
	}
	ana := &trainer.User{Name: "Ana Lee", Role: trainer.RoleTrainee, SecretHash: "$test$"}
	if err := one.CreateUser(t.Context(), ana); err != nil {
		t.Fatal(err)
	}
	a := trainer.SigninAttempt{Account: trainer.UserAccount(ana.ID), UserID: ana.ID, Device: "10.0.0.7"}
	for range trainer.DefaultMaxSigninFailures {
		d, err := one.ReserveSigninAttempt(t.Context(), a)
		if err != nil || d.Refused != nil {
			t.Fatalf("reserve: %+v, %v", d, err)
		}
		if _, err := one.FinishSigninAttempt(t.Context(), d.Attempt, false); err != nil {
			t.Fatal(err)
		}
	}
	if d, err := two.ReserveSigninAttempt(t.Context(), a); err != nil || d.Refused == nil {
		t.Errorf("the other process let the held account try again: %+v, %v", d, err)
	}
}

// TestDB_SessionSeenAcrossProcesses: a sign-out or a deactivation made on
// one process holds on that process at once, and on another process that
// read the session less than sqlstore.SessionReuseFor ago no later than
// that: the other process decides from its copy until then (and the copy is
// used, or every request would cost PostgreSQL a read).
func TestDB_SessionSeenAcrossProcesses(t *testing.T) {
	t.Parallel()
	u, key := pgtest.URL(t), pgtest.Key()
	open := func() *postgres.DB {
		db, err := postgres.Open(t.Context(), u, key)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	}
	one, two := open(), open()
	now := time.Date(2026, 12, 5, 9, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	one.Now, two.Now = clock, clock
	ctx := t.Context()
	for _, end := range []string{"sign-out", "deactivation"} {
		ana := &trainer.User{Name: "Ana Lee " + end, Role: trainer.RoleTrainee, SecretHash: "$test$"}
		if err := one.CreateUser(ctx, ana); err != nil {
			t.Fatal(err)
		}
		token, err := one.CreateSession(ctx, ana.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, db := range []*postgres.DB{one, two} {
			if _, reason, err := db.AuthenticateSession(ctx, token); err != nil || reason != trainer.SessionLive {
				t.Fatalf("%s: a new session: %v, %v", end, reason, err)
			}
		}
		if end == "sign-out" {
			err = one.DeleteSession(ctx, token)
		} else {
			err = one.SetUserActive(ctx, ana.ID, false)
		}
		if err != nil {
			t.Fatal(err)
		}
		if _, reason, err := one.AuthenticateSession(ctx, token); err == nil && reason == trainer.SessionLive {
			t.Errorf("%s: the process that made it still lets the session in", end)
		}
		if _, reason, err := two.AuthenticateSession(ctx, token); err != nil || reason != trainer.SessionLive {
			t.Errorf("%s: the other process read the database again at once (%v, %v); want its copy", end, reason, err)
		}
		now = now.Add(sqlstore.SessionReuseFor)
		if _, reason, err := two.AuthenticateSession(ctx, token); err == nil && reason == trainer.SessionLive {
			t.Errorf("%s: the other process still lets the session in %v later", end, sqlstore.SessionReuseFor)
		}
	}
}
