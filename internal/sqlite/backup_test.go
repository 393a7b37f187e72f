package sqlite_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

func TestBackup(t *testing.T) {
	t.Parallel()

	t.Run("OK", func(t *testing.T) {
		db := MustOpenDB(t)
		for i := range 20 {
			mustCreateUser(t, db, fmt.Sprintf("Trainee %02d", i), trainer.RoleTrainee, "")
		}
		// Writers keep going while the backup runs, on their own
		// connection as a running kiosk would.
		ctx, stop := context.WithCancel(t.Context())
		var wg sync.WaitGroup
		wg.Go(func() {
			for i := 0; ctx.Err() == nil; i++ {
				u := &trainer.User{Name: fmt.Sprintf("Late %d", i), Role: trainer.RoleTrainee, SecretHash: "$h$"}
				if err := db.CreateUser(ctx, u); err != nil && ctx.Err() == nil {
					t.Errorf("write during backup: %v", err)
					return
				}
			}
		})
		dst := filepath.Join(t.TempDir(), "backup.db")
		err := sqlite.Backup(t.Context(), db.Path(), dst)
		stop()
		wg.Wait()
		if err != nil {
			t.Fatal(err)
		}
		if left := leftovers(t, filepath.Dir(dst)); len(left) != 1 {
			t.Errorf("backup directory holds %q; want only backup.db", left)
		}

		restored, err := sqlite.Open(t.Context(), dst)
		if err != nil {
			t.Fatal(err)
		}
		defer restored.Close()
		if err := restored.IntegrityCheck(t.Context()); err != nil {
			t.Fatal(err)
		}
		users, err := restored.ListUsers(t.Context(), sqlite.UserFilter{})
		if err != nil {
			t.Fatal(err)
		}
		names := map[string]bool{}
		for _, u := range users {
			names[u.Name] = true
		}
		for i := range 20 {
			if n := fmt.Sprintf("Trainee %02d", i); !names[n] {
				t.Errorf("the backup lacks %s", n)
			}
		}
		// The copy is one snapshot: the late users it holds are a prefix
		// of those written, with no gap.
		late := len(users) - 20
		for i := range late {
			if n := fmt.Sprintf("Late %d", i); !names[n] {
				t.Errorf("the backup holds %d late users but not %s", late, n)
			}
		}
	})

	t.Run("ErrConflict", func(t *testing.T) {
		db := MustOpenDB(t)
		dst := filepath.Join(t.TempDir(), "backup.db")
		if err := os.WriteFile(dst, []byte("an older backup"), 0o600); err != nil {
			t.Fatal(err)
		}
		err := sqlite.Backup(t.Context(), db.Path(), dst)
		if trainer.KindOf(err) != trainer.KindConflict || !strings.Contains(err.Error(), "never overwrites") {
			t.Errorf("Backup over an existing file: %v (kind %v); want KindConflict", err, trainer.KindOf(err))
		}
		if b, _ := os.ReadFile(dst); string(b) != "an older backup" {
			t.Errorf("the existing file was changed to %q", b)
		}
	})

	t.Run("ErrNotFound", func(t *testing.T) {
		dir := t.TempDir()
		err := sqlite.Backup(t.Context(), filepath.Join(dir, "missing.db"), filepath.Join(dir, "backup.db"))
		if trainer.KindOf(err) != trainer.KindNotFound || !strings.Contains(err.Error(), "missing.db") {
			t.Errorf("Backup of a missing file: %v (kind %v); want KindNotFound naming it", err, trainer.KindOf(err))
		}
		if _, err := os.Stat(filepath.Join(dir, "missing.db")); err == nil {
			t.Error("Backup created the missing source")
		}
	})

	t.Run("ErrInvalid", func(t *testing.T) {
		dir := t.TempDir()
		src := filepath.Join(dir, "notes.txt")
		if err := os.WriteFile(src, []byte("not a database at all"), 0o600); err != nil {
			t.Fatal(err)
		}
		err := sqlite.Backup(t.Context(), src, filepath.Join(dir, "backup.db"))
		if trainer.KindOf(err) != trainer.KindInvalid || !strings.Contains(err.Error(), "not a kiosk database") {
			t.Errorf("Backup of a text file: %v (kind %v); want KindInvalid", err, trainer.KindOf(err))
		}
		if left := leftovers(t, dir); len(left) != 1 {
			t.Errorf("directory holds %q after a refused backup; want only notes.txt", left)
		}
	})
}

func leftovers(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

func TestDB_IntegrityCheck(t *testing.T) {
	t.Parallel()
	db := MustOpenDB(t)
	if err := db.IntegrityCheck(t.Context()); err != nil {
		t.Errorf("IntegrityCheck of a new database: %v", err)
	}
}
