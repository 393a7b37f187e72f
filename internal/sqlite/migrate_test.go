package sqlite

import (
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/migrations"
)

func TestOpen_MigratesOnceThenNoOp(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "trainer.db")
	db, err := Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	applied := func(db *DB) map[string]string {
		t.Helper()
		rows, err := db.db.QueryContext(t.Context(), `SELECT version, applied_at FROM schema_migrations`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		m := map[string]string{}
		for rows.Next() {
			var v, at string
			if err := rows.Scan(&v, &at); err != nil {
				t.Fatal(err)
			}
			m[v] = at
		}
		return m
	}
	first := applied(db)
	files, err := fs.Glob(migrations.FS, "*.sql")
	if err != nil {
		t.Fatal(err)
	}
	if len(first) != len(files) {
		t.Fatalf("after the first Open, schema_migrations has %d rows %v; want %d", len(first), first, len(files))
	}
	for _, table := range []string{"users", "sessions", "settings", "practice_sessions", "attempts"} {
		var strict int
		if err := db.db.QueryRowContext(t.Context(),
			`SELECT strict FROM pragma_table_list WHERE name = ?`, table).Scan(&strict); err != nil {
			t.Fatalf("table %s: %v", table, err)
		}
		if strict != 1 {
			t.Errorf("table %s is not STRICT", table)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	db, err = Open(t.Context(), path)
	if err != nil {
		t.Fatalf("second Open: %v", err)
	}
	defer db.Close()
	second := applied(db)
	if len(second) != len(first) {
		t.Fatalf("second Open changed schema_migrations: %v, was %v", second, first)
	}
	for v, at := range first {
		if second[v] != at {
			t.Errorf("migration %s re-applied: applied_at %s, was %s", v, second[v], at)
		}
	}
	v, err := db.SchemaVersion(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.TrimSuffix(files[len(files)-1], ".sql"); v != want {
		t.Errorf("SchemaVersion = %q; want %q, the last file", v, want)
	}
}

func TestOpen_Pragmas(t *testing.T) {
	t.Parallel()
	db, err := Open(t.Context(), filepath.Join(t.TempDir(), "trainer.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for pragma, want := range map[string]string{
		"journal_mode": "wal",
		"foreign_keys": "1",
		"busy_timeout": "5000",
		"synchronous":  "1", // NORMAL
	} {
		var got string
		if err := db.db.QueryRowContext(t.Context(), `PRAGMA `+pragma).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("PRAGMA %s = %q; want %q", pragma, got, want)
		}
	}
}

func TestOpen_BadPath(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "no-such-dir", "trainer.db")
	_, err := Open(t.Context(), path)
	if err == nil {
		t.Fatalf("Open(%q) succeeded; want an error", path)
	}
	if msg := err.Error(); !strings.Contains(msg, path) || strings.Contains(msg, "\n") {
		t.Errorf("Open(%q) error = %q; want one line naming the path", path, msg)
	}
}

func TestOpen_OddFileName(t *testing.T) {
	t.Parallel()
	// '?', '#' and '%' mean something in SQLite URIs; the file must still be
	// the one named.
	path := filepath.Join(t.TempDir(), "a?b#c%20d.db")
	db, err := Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var file string
	if err := db.db.QueryRowContext(t.Context(), `SELECT file FROM pragma_database_list WHERE name = 'main'`).Scan(&file); err != nil {
		t.Fatal(err)
	}
	if file != path {
		t.Errorf("database file = %q; want %q", file, path)
	}
}
