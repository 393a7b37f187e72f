package sqlstore

import (
	"context"
	"database/sql"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// The dealer's file's verification code (trainer.FileCode): the dealer, the
// newest audit entry about them and a digest of the hashes of every entry
// about them up to it.

// aboutUser is the condition on audit_log of the entries about user id:
// subject "user:N" or below it ("user:N/game:uth", "user:N/topic:cpr").
func aboutUser(id int64) (string, []any) {
	s := trainer.UserSubject(id)
	return `(subject = ? OR substr(subject, 1, CAST(? AS INTEGER)) = ?)`, []any{s, len(s) + 1, s + "/"}
}

// DealerFileCode is the verification code of dealer userID's file as the
// records stand now. Returns KindNotFound for no such user.
func (db *DB) DealerFileCode(ctx context.Context, userID int64) (trainer.FileCode, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return trainer.FileCode{}, err
	}
	defer tx.Rollback()
	if _, err := findUser(ctx, tx, `id = ?`, userID); err != nil {
		return trainer.FileCode{}, err
	}
	where, args := aboutUser(userID)
	es, err := certEntries(ctx, tx, where, args...)
	if err != nil {
		return trainer.FileCode{}, err
	}
	code := trainer.FileCode{UserID: userID}
	var hashes []string
	for _, e := range es {
		hashes = append(hashes, e.Hash)
		code.Seq = e.Seq
	}
	code.Digest = trainer.FileDigest(hashes)
	return code, nil
}

// CheckFileCode finds the entries a file's code was made of again and
// checks them: the code's entry is about the dealer, the digest is theirs,
// each is intact under the audit key, and the dealer's records agree with
// the trail now (VerifyRecords, the dealer's part). Entries about the
// dealer after the code's are counted: the file has changed since.
func (db *DB) CheckFileCode(ctx context.Context, code trainer.FileCode) (*trainer.FileCheck, error) {
	c := &trainer.FileCheck{Code: code}
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	u, err := findUser(ctx, tx, `id = ?`, code.UserID)
	if trainer.KindOf(err) == trainer.KindNotFound {
		tx.Rollback()
		return c, nil
	} else if err != nil {
		tx.Rollback()
		return nil, err
	}
	c.User = u
	where, args := aboutUser(code.UserID)
	es, err := certEntries(ctx, tx, where, args...)
	tx.Rollback()
	if err != nil {
		return nil, err
	}
	var hashes []string
	for _, e := range es {
		if e.Seq > code.Seq {
			c.Later++
			continue
		}
		hashes = append(hashes, e.Hash)
		c.Entries++
		if !e.Intact(db.d.AuditKey()) {
			c.Broken = append(c.Broken, e.Seq)
		}
		if e.Seq == code.Seq {
			c.Found, c.At = true, e.At
		}
	}
	if code.Seq == 0 {
		c.Found = c.Entries == 0
	}
	c.DigestOK = c.Found && trainer.FileDigest(hashes) == code.Digest
	_, ms, err := db.VerifyRecords(ctx)
	if err != nil {
		return nil, err
	}
	for _, m := range ms {
		if m.UserID == code.UserID {
			c.Mismatches = append(c.Mismatches, m)
		}
	}
	return c, nil
}
