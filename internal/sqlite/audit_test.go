package sqlite_test

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
	_ "modernc.org/sqlite"
)

// behindTheBack opens the kiosk's database file as someone with the file
// would: a second connection of its own, no kiosk code in between.
func behindTheBack(t *testing.T, db *sqlite.DB) *sql.DB {
	t.Helper()
	raw, err := sql.Open("sqlite", "file:"+db.Path()+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { raw.Close() })
	return raw
}

// mustAudit makes n audit entries through the kiosk's own calls: a user
// created, then the settings changed n-1 times by an administrator.
func mustAudit(t *testing.T, db *sqlite.DB, n int) {
	t.Helper()
	admin := mustCreateUser(t, db, "Ada Admin", trainer.RoleAdministrator, "")
	ctx := trainer.WithActor(t.Context(), admin)
	for i := range n - 1 {
		st := trainer.DefaultSettings()
		st.TraineeIdleTimeout = time.Duration(i%30+1) * time.Minute
		if err := db.UpdateSettings(ctx, st); err != nil {
			t.Fatal(err)
		}
	}
}

func wantBreakAt(t *testing.T, what string, err error, seq int64, because string) {
	t.Helper()
	var ce *trainer.ChainError
	if !errors.As(err, &ce) {
		t.Fatalf("%s: VerifyAudit = %v; want a broken chain at entry %d", what, err, seq)
	}
	if ce.Seq != seq || !strings.Contains(ce.Reason, because) {
		t.Errorf("%s: VerifyAudit names entry %d (%s); want entry %d, …%s…", what, ce.Seq, ce.Reason, seq, because)
	}
}

func TestDB_VerifyAudit(t *testing.T) {
	t.Parallel()
	t.Run("OK", func(t *testing.T) {
		db := MustOpenDB(t)
		newClock(db)
		mustAudit(t, db, 6)
		r, err := db.VerifyAudit(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		es, err := db.ListAudit(t.Context(), sqlite.AuditFilter{})
		if err != nil {
			t.Fatal(err)
		}
		if r.Entries != 6 || r.HeadSeq != 6 || r.Head != es[0].Hash || len(es) != 6 {
			t.Errorf("report %+v with %d entries listed; want 6 entries, head = the newest entry's hash %s", r, len(es), es[0].Hash)
		}
		if es[5].Action != trainer.AuditUserCreated || es[0].Action != trainer.AuditSettingsChanged || es[0].Actor != "Ada Admin" {
			t.Errorf("entries %q … %q by %q", es[5].Action, es[0].Action, es[0].Actor)
		}
		if !strings.Contains(es[0].Detail, `"trainee_idle_timeout_minutes":{"new":5,"old":4}`) {
			t.Errorf("settings entry detail %s; want the old and new values", es[0].Detail)
		}
	})
	t.Run("EmptyLog", func(t *testing.T) {
		db := MustOpenDB(t)
		r, err := db.VerifyAudit(t.Context())
		if err != nil || r.Entries != 0 || r.Head != trainer.GenesisHash {
			t.Errorf("empty log: %+v, %v", r, err)
		}
	})
	t.Run("TheKioskCannotChangeIt", func(t *testing.T) {
		db := MustOpenDB(t)
		mustAudit(t, db, 2)
		raw := behindTheBack(t, db)
		if _, err := raw.Exec(`UPDATE audit_log SET actor = 'x' WHERE seq = 1`); err == nil || !strings.Contains(err.Error(), "append-only") {
			t.Errorf("UPDATE with the triggers in place = %v; want refused", err)
		}
		if _, err := raw.Exec(`DELETE FROM audit_log WHERE seq = 1`); err == nil {
			t.Error("DELETE with the triggers in place succeeded")
		}
	})
	t.Run("ErrUpdated", func(t *testing.T) {
		db := MustOpenDB(t)
		mustAudit(t, db, 6)
		raw := behindTheBack(t, db)
		// Whoever has the file can drop the triggers; the chain still tells.
		mustExec(t, raw, `DROP TRIGGER audit_log_no_update`)
		mustExec(t, raw, `UPDATE audit_log SET detail = '{"trainee_idle_timeout_minutes":{"new":60,"old":2}}' WHERE seq = 4`)
		r, err := db.VerifyAudit(t.Context())
		wantBreakAt(t, "entry 4 updated", err, 4, "changed after it was written")
		if r.Entries != 3 || r.HeadSeq != 3 {
			t.Errorf("report %+v; want the 3 intact entries before the break", r)
		}
	})
	t.Run("ErrUpdatedAndRehashed", func(t *testing.T) {
		db := MustOpenDB(t)
		mustAudit(t, db, 6)
		es, _ := db.ListAudit(t.Context(), sqlite.AuditFilter{})
		e := *es[2] // entry 4
		e.Actor = "Someone Else"
		raw := behindTheBack(t, db)
		mustExec(t, raw, `DROP TRIGGER audit_log_no_update`)
		mustExec(t, raw, `UPDATE audit_log SET actor = ?, hash = ? WHERE seq = 4`, e.Actor, e.ComputeHash())
		_, err := db.VerifyAudit(t.Context())
		wantBreakAt(t, "entry 4 updated and its hash recomputed", err, 5, "does not follow")
	})
	t.Run("ErrDeleted", func(t *testing.T) {
		db := MustOpenDB(t)
		mustAudit(t, db, 6)
		raw := behindTheBack(t, db)
		mustExec(t, raw, `DROP TRIGGER audit_log_no_delete`)
		mustExec(t, raw, `DELETE FROM audit_log WHERE seq = 3`)
		_, err := db.VerifyAudit(t.Context())
		wantBreakAt(t, "entry 3 deleted", err, 4, "entries 3 to 3 before it are missing")
	})
	t.Run("ErrTimeGarbled", func(t *testing.T) {
		db := MustOpenDB(t)
		mustAudit(t, db, 3)
		raw := behindTheBack(t, db)
		mustExec(t, raw, `DROP TRIGGER audit_log_no_update`)
		mustExec(t, raw, `UPDATE audit_log SET at = 'yesterday' WHERE seq = 2`)
		_, err := db.VerifyAudit(t.Context())
		wantBreakAt(t, "entry 2's time garbled", err, 2, "time cannot be read")
	})
	t.Run("TailDeletionNeedsTheHead", func(t *testing.T) {
		db := MustOpenDB(t)
		mustAudit(t, db, 6)
		before, err := db.VerifyAudit(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		raw := behindTheBack(t, db)
		mustExec(t, raw, `DROP TRIGGER audit_log_no_delete`)
		mustExec(t, raw, `DELETE FROM audit_log WHERE seq >= 5`)
		after, err := db.VerifyAudit(t.Context())
		if err != nil {
			t.Fatalf("a log cut at its end verifies by itself (the documented limit); got %v", err)
		}
		if after.Head == before.Head || after.Entries != 4 {
			t.Errorf("after cutting the tail: %+v; the head hash must differ from the one written down (%s)", after, before.Head)
		}
	})
}

func mustExec(t *testing.T, db *sql.DB, query string, args ...any) {
	t.Helper()
	if _, err := db.ExecContext(context.Background(), query, args...); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}
