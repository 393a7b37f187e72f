package sqlite

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Backup writes a consistent copy of the kiosk database at src into dst, a
// file that must not exist yet. It works while a kiosk is running on src:
// VACUUM INTO reads one snapshot (a read transaction, which in WAL mode does
// not stop the kiosk's writes) and writes it out as a new, compact database.
//
// The copy is made beside dst under a temporary name, checked (PRAGMA
// integrity_check and the kiosk's schema), flushed to disk, and only then
// given the name dst, so that dst is either a whole, checked backup or does
// not exist — never a half-written file after a crash or a full disk.
//
// Backup does not migrate or otherwise write to src. Returns KindNotFound if
// src is not a file, KindConflict if dst exists, and KindInvalid if src is
// not a kiosk database.
func Backup(ctx context.Context, src, dst string) error {
	if st, err := os.Stat(src); err != nil || !st.Mode().IsRegular() {
		return trainer.Errorf(trainer.KindNotFound, "There is no database file at %s.", src)
	}
	if _, err := os.Lstat(dst); err == nil {
		return trainer.Errorf(trainer.KindConflict, "%s already exists: a backup never overwrites a file; choose a new name.", dst)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("backup: %w", err)
	}
	tmp := filepath.Join(filepath.Dir(dst), "."+filepath.Base(dst)+".partial-"+randomHex(6))
	defer os.Remove(tmp) // a no-op once the copy has its name

	if err := vacuumInto(ctx, src, tmp); err != nil {
		return err
	}
	if err := checkCopy(ctx, tmp); err != nil {
		return err
	}
	if err := syncFile(tmp); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if err := publish(tmp, dst); err != nil {
		return err
	}
	// The new name is durable only once the directory is flushed too.
	if err := syncFile(filepath.Dir(dst)); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	return nil
}

// vacuumInto copies src into the new file out with VACUUM INTO. The source is
// opened read-write but without creating it and without migrations: a backup
// taken by a newer program must not upgrade the schema under a running kiosk.
func vacuumInto(ctx context.Context, src, out string) error {
	sdb, err := sql.Open("sqlite", "file:"+uriPath.Replace(src)+"?mode=rw&_pragma=busy_timeout(5000)")
	if err != nil {
		return fmt.Errorf("backup: open %s: %w", src, err)
	}
	defer sdb.Close()
	sdb.SetMaxOpenConns(1)
	if err := isKioskDB(ctx, sdb); err != nil {
		return trainer.Errorf(trainer.KindInvalid, "%s is not a kiosk database (%s).", src, firstLine(err))
	}
	// VACUUM INTO reads inside one read transaction: the copy is the
	// database as of one commit, whatever the kiosk writes meanwhile.
	if _, err := sdb.ExecContext(ctx, `VACUUM INTO ?`, out); err != nil {
		return fmt.Errorf("backup: copy %s: %s", src, firstLine(err))
	}
	return nil
}

// checkCopy opens the new copy on its own and checks it page by page.
func checkCopy(ctx context.Context, path string) error {
	cdb, err := sql.Open("sqlite", "file:"+uriPath.Replace(path)+"?mode=ro")
	if err != nil {
		return fmt.Errorf("backup: check the copy: %w", err)
	}
	defer cdb.Close()
	if err := integrityCheck(ctx, cdb); err != nil {
		return fmt.Errorf("backup: the copy failed its check: %w", err)
	}
	if err := isKioskDB(ctx, cdb); err != nil {
		return fmt.Errorf("backup: the copy failed its check: %w", err)
	}
	return nil
}

// isKioskDB checks that sdb holds the kiosk's schema, so that a mistyped
// -db does not produce a "backup" of some other file.
func isKioskDB(ctx context.Context, sdb *sql.DB) error {
	var n int
	return sdb.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations`).Scan(&n)
}

// publish gives the checked copy tmp its final name dst, refusing to replace
// a file that appeared meanwhile. A hard link fails if dst exists; where the
// file system has no hard links (a FAT USB stick), a rename after a last
// check does.
func publish(tmp, dst string) error {
	err := os.Link(tmp, dst)
	if errors.Is(err, fs.ErrExist) {
		return trainer.Errorf(trainer.KindConflict, "%s already exists: a backup never overwrites a file; choose a new name.", dst)
	}
	if err == nil {
		return nil
	}
	if _, err := os.Lstat(dst); !errors.Is(err, fs.ErrNotExist) {
		return trainer.Errorf(trainer.KindConflict, "%s already exists: a backup never overwrites a file; choose a new name.", dst)
	}
	if err := os.Rename(tmp, dst); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	return nil
}

func syncFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b) // never fails (crypto/rand since Go 1.24)
	return hex.EncodeToString(b)
}

// IntegrityCheck runs PRAGMA integrity_check over the whole database. It
// returns nil when SQLite answers "ok", and otherwise an error listing the
// first problems found.
func (db *DB) IntegrityCheck(ctx context.Context) error {
	return integrityCheck(ctx, db.db)
}

func integrityCheck(ctx context.Context, sdb *sql.DB) error {
	rows, err := sdb.QueryContext(ctx, `PRAGMA integrity_check(20)`)
	if err != nil {
		return fmt.Errorf("integrity check: %s", firstLine(err))
	}
	defer rows.Close()
	var msgs []string
	for rows.Next() {
		var m string
		if err := rows.Scan(&m); err != nil {
			return fmt.Errorf("integrity check: %w", err)
		}
		msgs = append(msgs, m)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("integrity check: %w", err)
	}
	if len(msgs) == 1 && msgs[0] == "ok" {
		return nil
	}
	return fmt.Errorf("integrity check: %s", strings.Join(msgs, "; "))
}
