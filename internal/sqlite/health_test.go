package sqlite_test

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
	msqlite "modernc.org/sqlite"
)

// limitPages stops the database file at path at its present size plus spare
// pages for every writing connection opened on it from now on (PRAGMA
// max_page_count through the driver's connection hook), as a full disk
// would: a write that needs a new page fails with SQLITE_FULL.
func limitPages(t *testing.T, path string, spare int) {
	t.Helper()
	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	var pages int64
	err = raw.QueryRow(`SELECT page_count FROM pragma_page_count()`).Scan(&pages)
	raw.Close()
	if err != nil {
		t.Fatal(err)
	}
	msqlite.RegisterConnectionHook(func(conn msqlite.ExecQuerierContext, dsn string) error {
		if !strings.Contains(dsn, path+"?") || !strings.Contains(dsn, "_txlock=immediate") {
			return nil
		}
		_, err := conn.ExecContext(context.Background(), fmt.Sprintf(`PRAGMA max_page_count = %d`, pages+int64(spare)), []driver.NamedValue{})
		return err
	})
}

// TestOpen_FullDatabaseRefused: a database with no room left is refused at
// start, naming the file, rather than opened for a kiosk that cannot write.
func TestOpen_FullDatabaseRefused(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "trainer.db")
	db, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	mustCreateUser(t, db, "Tia Trainee", trainer.RoleTrainee, "")
	db.Close()
	limitPages(t, path, 0)
	_, err = sqlite.Open(t.Context(), path)
	if err == nil || !strings.Contains(err.Error(), "open database "+path+": the kiosk cannot write to it: its disk is full (SQLite says: database or disk is full") {
		t.Errorf("Open on a full database = %v; want a refusal naming the file, in words", err)
	}
}

// TestDB_WriteHealth: the last write's failure is kept until a write
// succeeds; the probe tells a database without room for new pages.
func TestDB_WriteHealth(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "trainer.db")
	db, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	limitPages(t, path, 8)
	db, err = sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if db.LastWriteError() != nil || db.ProbeWrite(t.Context()) != nil {
		t.Fatalf("a database with room: %v, %v", db.LastWriteError(), db.ProbeWrite(t.Context()))
	}
	var last error
	for i := 0; i < 500 && last == nil; i++ {
		last = db.CreateUser(t.Context(), &trainer.User{Name: fmt.Sprintf("Trainee %03d", i),
			Role: trainer.RoleTrainee, SecretHash: strings.Repeat("h", 400)})
	}
	if last == nil || !strings.Contains(last.Error(), "database or disk is full") {
		t.Fatalf("writes on a database out of room: %v; want it full", last)
	}
	if err := db.LastWriteError(); err == nil || !strings.Contains(err.Error(), "database or disk is full") {
		t.Errorf("LastWriteError = %v; want the full database", err)
	}
	if err := db.ProbeWrite(t.Context()); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("ProbeWrite on a full database = %v; want it to fail, naming the file", err)
	}
	// Room made (the trainees removed, their pages free again), the next
	// write succeeds and clears the failure; the probe passes again.
	raw := behindTheBack(t, db)
	mustExec(t, raw, `DELETE FROM users WHERE name LIKE 'Trainee %'`)
	if err := db.ProbeWrite(t.Context()); err != nil {
		t.Errorf("ProbeWrite with room again = %v", err)
	}
	if err := db.CreateUser(t.Context(), &trainer.User{Name: "Tia Trainee", Role: trainer.RoleTrainee, SecretHash: "$test$"}); err != nil {
		t.Fatal(err)
	}
	if err := db.LastWriteError(); err != nil {
		t.Errorf("LastWriteError after a write that succeeded = %v", err)
	}
}
