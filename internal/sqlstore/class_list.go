package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"golang.org/x/text/cases"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Prepared lists of questions (class.List): the store keeps a list's items
// as the JSON package class gives, and never looks inside them.

const classListColumns = `id, owner_id, name, items, created_at, updated_at`

// SaveClassList stores l, its name normalized: a new list when l.ID is 0
// (setting its ID and times), otherwise over list l.ID, which must be
// l.OwnerID's. Returns trainer.ErrClassListNameTaken when the owner has
// another list of the name (without regard to case),
// trainer.ErrClassListNotFound for a list that is not the owner's,
// KindNotFound for an owner who does not exist, and KindInvalid for items
// that are not a JSON array.
func (db *DB) SaveClassList(ctx context.Context, l *trainer.ClassList) error {
	var items []json.RawMessage
	if err := json.Unmarshal(l.Items, &items); err != nil {
		return trainer.Errorf(trainer.KindInvalid, "A list's questions are a JSON array.")
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	l.Name = trainer.NormalizeName(l.Name)
	if _, err := findUser(ctx, tx, `id = ?`, l.OwnerID); err != nil {
		return fmt.Errorf("save class list: %w", err)
	}
	if err := checkListName(ctx, tx, l.OwnerID, l.Name, l.ID); err != nil {
		return err
	}
	if l.ID == 0 {
		l.ID, err = tx.Insert(ctx, `INSERT INTO class_lists (owner_id, name, items, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`,
			l.OwnerID, l.Name, string(l.Items), formatTime(tx.Now()), formatTime(tx.Now()))
		if err != nil {
			return fmt.Errorf("save class list: %w", listErr(tx, err))
		}
		l.CreatedAt, l.UpdatedAt = tx.Now(), tx.Now()
		return tx.Commit()
	}
	old, err := findClassList(ctx, tx, l.ID)
	if err != nil || old.OwnerID != l.OwnerID {
		return trainer.ErrClassListNotFound
	}
	if _, err := tx.ExecContext(ctx, `UPDATE class_lists SET name = ?, items = ?, updated_at = ? WHERE id = ?`,
		l.Name, string(l.Items), formatTime(tx.Now()), l.ID); err != nil {
		return fmt.Errorf("save class list: %w", listErr(tx, err))
	}
	l.CreatedAt, l.UpdatedAt = old.CreatedAt, tx.Now()
	return tx.Commit()
}

// FindClassList returns list id. Returns trainer.ErrClassListNotFound.
func (db *DB) FindClassList(ctx context.Context, id int64) (*trainer.ClassList, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	return findClassList(ctx, tx, id)
}

// ListClassLists returns the lists of ownerID, or every list for 0 (a
// list is kept by its maker and asked in any class), by name.
func (db *DB) ListClassLists(ctx context.Context, ownerID int64) ([]*trainer.ClassList, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	where, args := `1 = 1`, []any{}
	if ownerID != 0 {
		where, args = `owner_id = ?`, append(args, ownerID)
	}
	rows, err := tx.QueryContext(ctx, `SELECT `+classListColumns+` FROM class_lists WHERE `+where+` ORDER BY name, id`, args...)
	if err != nil {
		return nil, fmt.Errorf("list class lists: %w", err)
	}
	defer rows.Close()
	var out []*trainer.ClassList
	for rows.Next() {
		l, err := scanClassList(rows)
		if err != nil {
			return nil, fmt.Errorf("list class lists: %w", err)
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// DeleteClassList deletes list id of ownerID. The live drills that asked
// it keep its name. Returns trainer.ErrClassListNotFound when the list is
// not the owner's.
func (db *DB) DeleteClassList(ctx context.Context, id, ownerID int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `DELETE FROM class_lists WHERE id = ? AND owner_id = ?`, id, ownerID)
	if err != nil {
		return fmt.Errorf("delete class list: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return trainer.ErrClassListNotFound
	}
	return tx.Commit()
}

func findClassList(ctx context.Context, tx *Tx, id int64) (*trainer.ClassList, error) {
	l, err := scanClassList(tx.QueryRowContext(ctx, `SELECT `+classListColumns+` FROM class_lists WHERE id = ?`, id))
	if err != nil {
		return nil, notFound(tx, err, trainer.ErrClassListNotFound)
	}
	return l, nil
}

func scanClassList(sc scanner) (*trainer.ClassList, error) {
	var l trainer.ClassList
	var items string
	var created, updated storedTime
	if err := sc.Scan(&l.ID, &l.OwnerID, &l.Name, &items, &created, &updated); err != nil {
		return nil, err
	}
	l.Items = json.RawMessage(items)
	var err error
	if l.CreatedAt, err = created.time(); err != nil {
		return nil, err
	}
	if l.UpdatedAt, err = updated.time(); err != nil {
		return nil, err
	}
	return &l, nil
}

// checkListName refuses name for owner's list except when another of the
// owner's lists has it, without regard to case (folded, as class names).
func checkListName(ctx context.Context, tx *Tx, owner int64, name string, except int64) error {
	rows, err := tx.QueryContext(ctx, `SELECT name FROM class_lists WHERE owner_id = ? AND id <> ?`, owner, except)
	if err != nil {
		return err
	}
	defer rows.Close()
	fold := cases.Fold()
	key := fold.String(name)
	for rows.Next() {
		var other string
		if err := rows.Scan(&other); err != nil {
			return err
		}
		if fold.String(other) == key {
			return trainer.ErrClassListNameTaken
		}
	}
	return rows.Err()
}

func listErr(tx *Tx, err error) error {
	if tx.db.d.IsUnique(err) {
		return trainer.ErrClassListNameTaken
	}
	return err
}
