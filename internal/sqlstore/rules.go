package sqlstore

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

const msgRulesNotFound = "Rules version not found."

const rulesColumns = `r.version, r.files, r.first_seen_at, r.approved_at, coalesce(r.approved_by, 0),
	coalesce((SELECT u.name FROM users u WHERE u.id = r.approved_by), '')`

// RecordRulesVersion stores a rules version the kiosk runs with, with its
// files, the first time it is seen (audited), and returns it as stored: a
// version seen before keeps its first date and its approval.
func (db *DB) RecordRulesVersion(ctx context.Context, version string, files map[string][]byte) (*trainer.RulesVersion, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	v, err := findRulesVersion(ctx, tx, version)
	if err == nil {
		return v, nil
	}
	if trainer.KindOf(err) != trainer.KindNotFound {
		return nil, err
	}
	text := make(map[string]string, len(files))
	for p, b := range files {
		text[p] = fileText(b)
	}
	data, err := json.Marshal(text)
	if err != nil {
		return nil, fmt.Errorf("record rules version: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO rules_versions (version, files, first_seen_at) VALUES (?, ?, ?)`,
		version, string(data), formatTime(tx.Now())); err != nil {
		return nil, fmt.Errorf("record rules version: %w", err)
	}
	if _, err := appendAudit(ctx, tx, actorOf(ctx), trainer.AuditRulesRecorded, trainer.RulesSubject(version),
		map[string]any{"version": version, "files": len(files)}); err != nil {
		return nil, fmt.Errorf("record rules version: %w", err)
	}
	if v, err = findRulesVersion(ctx, tx, version); err != nil {
		return nil, err
	}
	return v, tx.Commit()
}

// FindRulesVersion returns a recorded version with its files. Returns
// KindNotFound.
func (db *DB) FindRulesVersion(ctx context.Context, version string) (*trainer.RulesVersion, error) {
	tx, err := db.BeginTx(ctx, readOne)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	return findRulesVersion(ctx, tx, version)
}

// ListRulesVersions returns every recorded version with its files, the
// first seen first.
func (db *DB) ListRulesVersions(ctx context.Context) ([]*trainer.RulesVersion, error) {
	tx, err := db.BeginTx(ctx, readOne)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `SELECT `+rulesColumns+` FROM rules_versions r ORDER BY r.first_seen_at, r.rowid`)
	if err != nil {
		return nil, fmt.Errorf("list rules versions: %w", err)
	}
	defer rows.Close()
	var out []*trainer.RulesVersion
	for rows.Next() {
		v, err := scanRulesVersion(rows)
		if err != nil {
			return nil, fmt.Errorf("list rules versions: %w", err)
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// ApproveRulesVersion records that the signed-in manager (trainer.ActorOf)
// approves version, and audits it. Returns KindNotFound, KindConflict if it
// is approved already, and KindUnauthorized without a signed-in user.
func (db *DB) ApproveRulesVersion(ctx context.Context, version string) (*trainer.RulesVersion, error) {
	who := trainer.ActorOf(ctx)
	if who == nil {
		return nil, trainer.Errorf(trainer.KindUnauthorized, "Sign in to approve the rules.")
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	v, err := findRulesVersion(ctx, tx, version)
	if err != nil {
		return nil, err
	}
	if v.Approved() {
		return v, trainer.Errorf(trainer.KindConflict, "This version was approved by %s on %s.", v.ApprovedBy,
			v.ApprovedAt.Local().Format("2 Jan 2006 15:04"))
	}
	if _, err := tx.ExecContext(ctx, `UPDATE rules_versions SET approved_at = ?, approved_by = ? WHERE version = ?`,
		formatTime(tx.Now()), who.ID, version); err != nil {
		return nil, fmt.Errorf("approve rules version: %w", err)
	}
	if _, err := appendAudit(ctx, tx, Actor{who.ID, who.Name}, trainer.AuditRulesApproved, trainer.RulesSubject(version),
		map[string]any{"version": version}); err != nil {
		return nil, fmt.Errorf("approve rules version: %w", err)
	}
	if v, err = findRulesVersion(ctx, tx, version); err != nil {
		return nil, err
	}
	return v, tx.Commit()
}

func findRulesVersion(ctx context.Context, tx *Tx, version string) (*trainer.RulesVersion, error) {
	v, err := scanRulesVersion(tx.QueryRowContext(ctx, `SELECT `+rulesColumns+` FROM rules_versions r WHERE r.version = ?`, version))
	if err != nil {
		return nil, tx.translate(err, msgRulesNotFound)
	}
	return v, nil
}

func scanRulesVersion(sc scanner) (*trainer.RulesVersion, error) {
	var v trainer.RulesVersion
	var files string
	var first, approved storedTime
	if err := sc.Scan(&v.Version, &files, &first, &approved, &v.ApprovedByID, &v.ApprovedBy); err != nil {
		return nil, err
	}
	var text map[string]string
	if err := json.Unmarshal([]byte(files), &text); err != nil {
		return nil, fmt.Errorf("rules version %s: stored files: %w", v.Version, err)
	}
	v.Files = make(map[string][]byte, len(text))
	for p, s := range text {
		b, err := fileBytes(s)
		if err != nil {
			return nil, fmt.Errorf("rules version %s: stored file %s: %w", v.Version, p, err)
		}
		v.Files[p] = b
	}
	var err error
	if v.FirstSeenAt, err = first.time(); err != nil {
		return nil, err
	}
	if v.ApprovedAt, err = approved.time(); err != nil {
		return nil, err
	}
	return &v, nil
}

// rulesApproved reports whether version is recorded and approved.
func rulesApproved(ctx context.Context, tx *Tx, version string) (bool, error) {
	var n int
	err := tx.QueryRowContext(ctx, `SELECT count(*) FROM rules_versions WHERE version = ? AND approved_at IS NOT NULL`,
		version).Scan(&n)
	return n > 0, err
}

// binaryPrefix marks a stored file that is not text (a house's PNG logo):
// JSON strings hold only UTF-8, so such a file is kept in base64 behind this
// prefix, which no text file of the rules begins with (a NUL byte).
const binaryPrefix = "\x00base64:"

// fileText is a rules file as stored in the files column's JSON.
func fileText(b []byte) string {
	if utf8.Valid(b) && !strings.HasPrefix(string(b), binaryPrefix) {
		return string(b)
	}
	return binaryPrefix + base64.StdEncoding.EncodeToString(b)
}

// fileBytes reads back what fileText stored.
func fileBytes(s string) ([]byte, error) {
	if rest, ok := strings.CutPrefix(s, binaryPrefix); ok {
		return base64.StdEncoding.DecodeString(rest)
	}
	return []byte(s), nil
}
