package sqlite

import (
	"database/sql"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/migrations"
)

// migratedUpTo makes a database file at the schema of migration last (such
// as "0031_practice_session_counts"), as an older kiosk left it, and returns
// its path and a raw connection to put old rows in. Open then applies the
// later migrations, as it would on that kiosk's file.
func migratedUpTo(t *testing.T, last string) (string, *sql.DB) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "trainer.db")
	raw, err := sql.Open("sqlite", "file:"+path+"?_pragma=foreign_keys(1)")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { raw.Close() })
	raw.SetMaxOpenConns(1)
	if _, err := raw.ExecContext(t.Context(), `CREATE TABLE schema_migrations (version TEXT NOT NULL PRIMARY KEY, applied_at TEXT NOT NULL) STRICT`); err != nil {
		t.Fatal(err)
	}
	names, err := fs.Glob(migrations.FS, "*.sql")
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(names)
	for _, name := range names {
		version := strings.TrimSuffix(name, ".sql")
		if version > last {
			break
		}
		body, err := fs.ReadFile(migrations.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := raw.ExecContext(t.Context(), string(body)); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if _, err := raw.ExecContext(t.Context(), `INSERT INTO schema_migrations VALUES (?, '2026-01-01T00:00:00.000Z')`, version); err != nil {
			t.Fatal(err)
		}
	}
	return path, raw
}

func mustExec(t *testing.T, db *sql.DB, query string, args ...any) {
	t.Helper()
	if _, err := db.ExecContext(t.Context(), query, args...); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}

const oldUser = `INSERT INTO users (id, name, role, secret_hash, created_at, updated_at) VALUES (?, ?, ?, '$h$', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`

// TestMigrate_0032KeepsLocks: the lockouts of the first round become locks
// of the accounts everywhere, with their strikes, and the old tables go.
func TestMigrate_0032KeepsLocks(t *testing.T) {
	t.Parallel()
	path, raw := migratedUpTo(t, "0031_practice_session_counts")
	mustExec(t, raw, oldUser, 1, "Ada Admin", "administrator")
	mustExec(t, raw, oldUser, 2, "Tia Trainee", "trainee")
	mustExec(t, raw, `INSERT INTO lockouts VALUES (1, '2026-11-24T10:00:00.000Z', '2026-11-25T10:00:00.000Z', 5, 7, '10.0.0.7')`)
	mustExec(t, raw, `INSERT INTO signin_failures (user_id, address, failed_at) VALUES (2, '10.0.0.7', '2026-11-24T10:00:00.000Z')`)
	raw.Close()
	db, err := Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	tx, err := db.BeginTx(t.Context(), &sql.TxOptions{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	// Read as stored: the hold ended long ago, so the store lists it no more.
	rows, err := tx.QueryContext(t.Context(), `SELECT account, device, coalesce(user_id, 0), staff, strike, held_until FROM signin_holds`)
	if err != nil {
		t.Fatal(err)
	}
	type hold struct {
		account, device string
		userID          int64
		staff           bool
		strike          int
		until           string
	}
	var holds []hold
	for rows.Next() {
		var h hold
		if err := rows.Scan(&h.account, &h.device, &h.userID, &h.staff, &h.strike, &h.until); err != nil {
			t.Fatal(err)
		}
		holds = append(holds, h)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(holds) != 1 {
		t.Fatalf("holds after migration 0032: %v; want Ada Admin's lock", holds)
	}
	h := holds[0]
	if h.account == "" || h.device != "" || h.userID != 1 || !h.staff || h.strike != 7 || h.until != "2026-11-25T10:00:00.000Z" {
		t.Errorf("hold = %+v; want Ada Admin locked everywhere until 2026-11-25 10:00, strike 7", h)
	}
	for _, table := range []string{"lockouts", "signin_failures"} {
		var n int
		if err := tx.QueryRowContext(t.Context(), `SELECT count(*) FROM sqlite_schema WHERE name = ?`, table).Scan(&n); err != nil || n != 0 {
			t.Errorf("table %s after migration 0032: %d, %v; want it gone", table, n, err)
		}
	}
}

// TestMigrate_0033NormalizesNames: stored names are rewritten in NFC; a name
// whose NFC form another user has gets a number; each rename is audited.
func TestMigrate_0033NormalizesNames(t *testing.T) {
	t.Parallel()
	path, raw := migratedUpTo(t, "0032_signin_limits")
	mustExec(t, raw, oldUser, 1, "Jos\u00e9 D\u00edaz", "manager")   // composed
	mustExec(t, raw, oldUser, 2, "Jose\u0301 Di\u0301az", "trainee") // decomposed: the same name
	mustExec(t, raw, oldUser, 3, "Zoe\u0308 Park", "trainee")        // decomposed, alone
	mustExec(t, raw, oldUser, 4, "Ana Lee", "trainee")
	raw.Close()
	db, err := Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	want := map[int64]string{1: "Jos\u00e9 D\u00edaz", 2: "Jos\u00e9 D\u00edaz (2)", 3: "Zo\u00eb Park", 4: "Ana Lee"}
	for id, name := range want {
		u, err := db.FindUserByID(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		if u.Name != name {
			t.Errorf("user %d after migration 0033: %q; want %q", id, u.Name, name)
		}
	}
	if u, err := db.FindUserByName(t.Context(), "Zoe\u0308 Park"); err != nil || u.ID != 3 {
		t.Errorf("FindUserByName of the decomposed name = %+v, %v; want user 3", u, err)
	}
	entries, err := db.ListAudit(t.Context(), AuditFilter{})
	if err != nil {
		t.Fatal(err)
	}
	var renames []string
	for _, e := range entries {
		if e.Action == trainer.AuditUserRenamed {
			renames = append(renames, e.Subject+" "+e.Actor)
		}
	}
	sort.Strings(renames)
	if got := strings.Join(renames, ", "); got != "user:2 kiosk, user:3 kiosk" {
		t.Errorf("renames in the audit log: %s; want users 2 and 3, by the kiosk", got)
	}
}
