package main

import (
	"context"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/postgres"
	"github.com/dealerkiosk/trainer/internal/postgres/pgtest"
	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestMigrate_RefusesUntrustedSchools: a school is not brought into the
// group, and nothing is copied or marked, when its records disagree with
// its audit trail (each disagreement named), when its trail was rewritten as
// never keyed with its head deleted while its key is there, or when a kiosk
// is serving it now (named by its process).
func TestMigrate_RefusesUntrustedSchools(t *testing.T) {
	t.Parallel()
	url := pgtest.URL(t)
	cmd := migrateCmd(t)
	if _, err := cmd("site", "list", "-db", url); err != nil {
		t.Fatal(err)
	}
	before := groupState(t, url)

	t.Run("records disagree", func(t *testing.T) {
		school := schoolDB(t)
		tamper(t, school, `UPDATE exams SET passed = 1, result = '{"passed":true}'`)
		_, err := cmd("migrate", "-from", school, "-to", url, "-site", "North Shore")
		if err == nil || !strings.Contains(err.Error(), "records disagree with its audit trail") ||
			!strings.Contains(err.Error(), "it is recorded as passed, but audit entry") || !strings.Contains(err.Error(), "nothing copied") {
			t.Errorf("migrate of a school whose exam was turned into a pass = %v; want refused, naming the exam", err)
		}
		if m := movedOut(t, school); m != nil {
			t.Errorf("the refused school is marked %+v", m)
		}
	})
	t.Run("rewritten as never keyed, head deleted", func(t *testing.T) {
		school := schoolDB(t)
		tamper(t, school, `DROP TRIGGER audit_log_no_update`, `DROP TRIGGER audit_log_no_delete`,
			// Not a careful forgery: what matters is that the trail
			// carries no keyed entry while the school's key is there.
			`DELETE FROM audit_log WHERE action = 'audit.keyed'`)
		if err := os.Remove(sqlite.AuditHeadFile(school)); err != nil {
			t.Fatal(err)
		}
		_, err := cmd("migrate", "-from", school, "-to", url, "-site", "North Shore")
		if err == nil || !strings.Contains(err.Error(), "none carries the audit key's mark") {
			t.Errorf("migrate of a school rewritten as never keyed = %v; want refused", err)
		}
	})
	t.Run("a kiosk serves it", func(t *testing.T) {
		school := schoolDB(t)
		startKiosk(t, "-db", school)
		_, err := cmd("migrate", "-from", school, "-to", url, "-site", "North Shore")
		if err == nil || !strings.Contains(err.Error(), "-from: Another kiosk (process ") {
			t.Errorf("migrate of a school a kiosk serves = %v; want refused, naming the process", err)
		}
	})
	if after := groupState(t, url); after != before {
		t.Errorf("the refused moves changed the group:\nbefore %s\nafter  %s", before, after)
	}
}

// TestMigrate_FinishesAnInterruptedMove: a move cut short after the school
// was marked and before the group's transaction leaves the school marked
// "moving" (its kiosk refuses to start, saying to run the move again); the
// next run copies it and marks it moved. Cut short after the group's commit,
// the next run copies nothing again and only marks it. A school copied by
// an earlier version that kept working afterwards is refused, in words,
// never half brought over.
func TestMigrate_FinishesAnInterruptedMove(t *testing.T) {
	t.Parallel()
	url := pgtest.URL(t)
	key := pgtest.Key()
	cmd := migrateCmdKey(t, key)
	group := func() *postgres.DB {
		db, err := postgres.Open(t.Context(), url, key)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	}()

	// Cut before the group's transaction.
	school := schoolDB(t)
	markMoving(t, school, group.Name(), "North Shore")
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	err := run(ctx, []string{"serve", "-addr", "127.0.0.1:0", "-db", school}, noEnv, nil, io.Discard, io.Discard)
	cancel()
	if err == nil || !strings.Contains(err.Error(), "did not finish: run the same trainer migrate command again") {
		t.Errorf("serve on a school left moving = %v; want refused, saying to run the move again", err)
	}
	out, err := cmd("migrate", "-from", school, "-to", url, "-site", "North Shore")
	if err != nil || !strings.Contains(out, "users                  3") {
		t.Fatalf("the move run again = %q, %v; want the school copied", out, err)
	}
	if m := movedOut(t, school); m == nil || m.Moving {
		t.Errorf("the school after the move run again is marked %+v; want moved", m)
	}

	// Cut after the group's commit: the command's first half, by hand.
	second := schoolDB(t)
	tamper(t, second, `UPDATE users SET name = name || ' Two'`)
	markMoving(t, second, group.Name(), "South Shore")
	sdb, err := openSchool(t.Context(), second, sqlite.AuditKeyFile(second))
	if err != nil {
		t.Fatal(err)
	}
	m, err := readSchool(t.Context(), sdb)
	if err != nil {
		t.Fatal(err)
	}
	m.Site = "South Shore"
	if _, err := group.MoveSchool(trainer.WithOperator(t.Context()), m); err != nil {
		t.Fatal(err)
	}
	m.From.Rollback()
	sdb.Close()
	copied := groupState(t, url)
	out, err = cmd("migrate", "-from", second, "-to", url, "-site", "South Shore")
	if err != nil || !strings.Contains(out, "had been copied into the group") {
		t.Errorf("the move run again after the group's commit = %q, %v; want it only marked", out, err)
	}
	if again := groupState(t, url); again != copied {
		t.Errorf("finishing the move copied again:\nbefore %s\nafter  %s", copied, again)
	}
	if m := movedOut(t, second); m == nil || m.Moving {
		t.Errorf("the second school is marked %+v; want moved", m)
	}

	// Copied by an earlier version (the group holds it, the school is not
	// marked), and kept working since.
	third := schoolDB(t)
	tamper(t, third, `UPDATE users SET name = name || ' Three'`)
	sdb, err = openSchool(t.Context(), third, sqlite.AuditKeyFile(third))
	if err != nil {
		t.Fatal(err)
	}
	m, err = readSchool(t.Context(), sdb)
	if err != nil {
		t.Fatal(err)
	}
	m.Site = "West End"
	if _, err := group.MoveSchool(trainer.WithOperator(t.Context()), m); err != nil {
		t.Fatal(err)
	}
	m.From.Rollback()
	sdb.Close()
	if _, err := cmd("migrate", "-from", third, "-to", url, "-site", "West End"); err == nil ||
		!strings.Contains(err.Error(), "has kept working since") || !strings.Contains(err.Error(), "nothing copied") {
		t.Errorf("migrate of a school copied before and still working = %v; want refused in words", err)
	}
}

// markMoving marks the school at path as being moved, as the command does
// before the group's transaction.
func markMoving(t *testing.T, path, group, site string) {
	t.Helper()
	db, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.BeginMoveOut(t.Context(), group, site); err != nil {
		t.Fatal(err)
	}
}
