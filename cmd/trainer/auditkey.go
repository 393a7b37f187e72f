package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"

	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// auditFiles are where the audit key and head of a database are: the
// -audit-key and -audit-head flags, by default beside the database.
type auditFiles struct {
	key, head string
	// headCopy is a second file for the head, on another volume (""
	// for none): -audit-head-copy.
	headCopy string
}

// addAuditFlags adds -audit-key and -audit-head to fs. Their defaults follow
// -db (resolve fills them in once the flags are parsed).
func addAuditFlags(fs *flag.FlagSet, a *auditFiles) {
	fs.StringVar(&a.key, "audit-key", "", "the audit key `file` (default: the database file's name + \".audit-key\"; TRAINER_AUDIT_KEY wins)")
	fs.StringVar(&a.head, "audit-head", "", "the audit head `file` (default: the database file's name + \".audit-head\")")
	fs.StringVar(&a.headCopy, "audit-head-copy", "", "a second audit head `file`, on another volume or machine, so that a database rolled back with the head beside it still shows (docs/hardening.md)")
}

func (a *auditFiles) resolve(dbPath string) {
	if isPostgres(dbPath) {
		return // no files beside a database server: the key is given (groupKey)
	}
	if a.key == "" {
		a.key = sqlite.AuditKeyFile(dbPath)
	}
	if a.head == "" {
		a.head = sqlite.AuditHeadFile(dbPath)
	}
}

// auditKey returns the audit key: TRAINER_AUDIT_KEY when set (hex), or the
// key file. With create, a missing key file is made (owner-only) unless the
// database's log is keyed already: then the key is lost, and making another
// would only hide that. Without create, a missing key is nil, nil. source
// says where the key came from, for the log.
func auditKey(ctx context.Context, e *env, db *sqlite.DB, file string, create bool) (key []byte, source string, err error) {
	if v := e.Getenv("TRAINER_AUDIT_KEY"); v != "" {
		key, err := trainer.ParseAuditKey(v)
		if err != nil {
			return nil, "", fmt.Errorf("TRAINER_AUDIT_KEY: %s", trainer.MessageOf(err))
		}
		return key, "TRAINER_AUDIT_KEY", nil
	}
	key, err = sqlite.ReadAuditKeyFile(file)
	switch {
	case err == nil:
		return key, file, nil
	case !errors.Is(err, fs.ErrNotExist):
		return nil, "", err
	case !create:
		return nil, "", nil
	}
	keyed, err := db.AuditKeyed(ctx)
	if err != nil {
		return nil, "", err
	}
	if keyed {
		return nil, "", fmt.Errorf("the audit trail of %s is keyed, but its key file %s is missing: put back the copy of the key you keep, or set TRAINER_AUDIT_KEY",
			db.Path(), file)
	}
	key, err = sqlite.CreateAuditKeyFile(file)
	if err != nil {
		return nil, "", err
	}
	return key, file + newKeySource, nil
}

// newKeySource ends the source of a key auditKey made at this start: only
// such a key keys a log that has entries and none keyed (sqlite.KeyAuditLog).
const newKeySource = " (new)"

// auditStartError turns UseAuditKey's refusals into the one line the kiosk
// prints before it stops, naming the files and the way out.
func auditStartError(dbPath string, files auditFiles, err error) error {
	var ce *trainer.ChainError
	var he *sqlite.AuditHeadError
	var wk *trainer.WrongKeyError
	var ul *trainer.UnkeyedLogError
	accept := fmt.Sprintf("if you restored a backup or moved the database on purpose, accept it with: trainer audit accept -db %s", dbPath)
	switch {
	case errors.As(err, &ce):
		return fmt.Errorf("the audit log of %s does not reach the head on record in %s (entry %d: %s); %s",
			dbPath, files.head, ce.Seq, ce.Reason, accept)
	case errors.As(err, &he) && he.Missing:
		return fmt.Errorf("%s; %s", he, accept)
	case errors.As(err, &he):
		return fmt.Errorf("%s; check -audit-key, or %s", he, accept)
	case errors.As(err, &wk):
		return fmt.Errorf("audit trail of %s: %s; give the right key with -audit-key or TRAINER_AUDIT_KEY", dbPath, wk)
	case errors.As(err, &ul):
		return unkeyedStartError(dbPath, ul)
	}
	return fmt.Errorf("audit trail of %s: %w", dbPath, err)
}

// unkeyedStartError is the one line for a log of entries none keyed while a
// key is given: the kiosk would otherwise key a log that may be a forgery.
func unkeyedStartError(dbPath string, ul *trainer.UnkeyedLogError) error {
	return fmt.Errorf("the audit log of %s has %d entries and none carries the audit key's mark, although an audit key is given, "+
		"and the log has no head on record: it may have been rewritten by someone without the key (restore the database from a backup), "+
		"or it is a kiosk from before the audit key upgraded with the key already given; if you know which, accept it with: "+
		"trainer audit accept -db %s -reason \"…\"", dbPath, ul.Entries, dbPath)
}

// openAudited opens the database at path for a command that changes it
// beside (or instead of) the kiosk — a change the store audits — with the
// audit key, so that its entries are keyed like the kiosk's. It never makes
// a key: a database without one is keyed by the kiosk's first start.
func openAudited(ctx context.Context, e *env, path string, files auditFiles) (trainer.Store, error) {
	if isPostgres(path) {
		db, _, err := openGroup(ctx, e, path, files.key)
		if err != nil {
			return nil, err
		}
		return db, nil
	}
	files.resolve(path)
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		return nil, err
	}
	db.HeadCopy = files.headCopy
	// A school moved into a group is changed there, not in its old file.
	if err := db.RefuseMoved(ctx); err != nil {
		db.Close()
		return nil, err
	}
	key, _, err := auditKey(ctx, e, db, files.key, false)
	if err == nil && key == nil {
		var keyed bool
		if keyed, err = db.AuditKeyed(ctx); err == nil && keyed {
			err = fmt.Errorf("the audit trail of %s is keyed, but there is no key: the key file %s does not exist and TRAINER_AUDIT_KEY is not set",
				path, files.key)
		}
	}
	if err == nil && key != nil {
		if err = db.UseAuditKey(ctx, key, files.head); err != nil {
			err = auditStartError(path, files, err)
		}
	}
	if err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}
