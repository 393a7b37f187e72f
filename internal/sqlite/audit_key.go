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
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// The audit key and the audit head, kept outside the database file
// (docs/hardening.md).
//
//   - The key (32 random bytes, in hex) is made at the kiosk's first start in
//     a file beside the database with owner-only permissions, or given by
//     TRAINER_AUDIT_KEY; cmd/trainer decides which. Every entry from the
//     AuditKeyed one on carries the HMAC of its content under it.
//   - The head (the newest entry's number and hash, and the first keyed
//     entry's number, signed with the key) is written to a file beside the
//     database after every commit that appends an entry: the WAL is flushed
//     first, then the head goes to a temporary file that is flushed and
//     renamed over the old one. So the head on disk never names an entry the
//     disk does not hold, and a crash between the commit and the head leaves
//     the head one commit behind: the keyed entries past it prove themselves
//     (nobody without the key could have written them), and the next start
//     writes the head again. A log that ends before its head, or differs at
//     it, lost entries: the kiosk refuses to start on it, and an operator who
//     restored a backup on purpose accepts it (AcceptAuditRestore), which the
//     log records.

// auditKeyring is the audit key and where its head is written.
type auditKeyring struct {
	key      []byte
	headPath string
	// keyedFrom is the number of the first keyed entry (or of the entry
	// about to key the log), for the heads written.
	keyedFrom int64
}

// ErrAuditKeyNeeded refuses to append an unkeyed entry to a log that has
// keyed ones: a command that changes the database needs the key too.
var ErrAuditKeyNeeded = trainer.Errorf(trainer.KindInvalid,
	"The audit trail of this database is keyed: give its audit key (-audit-key FILE or TRAINER_AUDIT_KEY).")

// AuditHeadError is a head file that is missing for a keyed log, or that
// cannot be believed.
type AuditHeadError struct {
	Path    string
	Missing bool
	Reason  string // why it cannot be believed
}

func (e *AuditHeadError) Error() string {
	if e.Missing {
		return fmt.Sprintf("the audit head file %s is missing, so entries cut from the end of the audit log would not show", e.Path)
	}
	return fmt.Sprintf("the audit head file %s cannot be believed: %s", e.Path, e.Reason)
}

// auditKey is the key in use, or nil.
func (db *DB) auditKey() []byte {
	if db.audit == nil {
		return nil
	}
	return db.audit.key
}

// SetAuditKey gives a database opened to be read (OpenReadOnly) the audit
// key and head file to check its log with (VerifyAudit, VerifyRecords). It
// writes nothing; a kiosk that writes calls UseAuditKey instead.
func (db *DB) SetAuditKey(key []byte, headPath string) {
	db.writing.Lock()
	defer db.writing.Unlock()
	db.audit = &auditKeyring{key: key, headPath: headPath}
}

// AuditKeyed reports whether the database's audit log has keyed entries:
// then its key must be given, and a missing key file is an error, not a
// first start.
func (db *DB) AuditKeyed(ctx context.Context) (bool, error) { return auditKeyed(ctx, db) }

func auditKeyed(ctx context.Context, db *DB) (bool, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	seq, _, err := firstKeyed(ctx, tx)
	return seq != 0, err
}

// UseAuditKey makes the kiosk write its audit entries keyed with key and
// its head to headPath, after checking the log against the head on record.
// On a log never keyed (a new database, or one from before the key) it
// writes the head of the unkeyed log, then appends the AuditKeyed entry
// that names the key and the head before it; the entries before it stay as
// they were and are checked as before.
//
// It refuses (and the kiosk does not start) when the key is not the log's
// (*trainer.WrongKeyError), when the head file of a keyed log is missing or
// cannot be believed (*AuditHeadError), and when the log does not reach the
// head on record or differs at it (*trainer.ChainError): writing on would
// overwrite the evidence. A head behind the log is written again. A break
// in the middle of the chain does not stop it: VerifyAudit reports it.
//
// A log that has entries and none keyed is refused too
// (*trainer.UnkeyedLogError): a kiosk that holds a key keyed its log at its
// first start with it, so such a log was rewritten without the key, or its
// head deleted with it. Only a key made at this start (KeyAuditLog) keys
// such a log: the first start of a kiosk from before the key.
func (db *DB) UseAuditKey(ctx context.Context, key []byte, headPath string) error {
	return db.useAuditKey(ctx, key, headPath, false)
}

// KeyAuditLog is UseAuditKey for a key made at this start, when there was
// none: a log never keyed (a new database, or one from before the audit
// key) is keyed with it, whatever its length.
func (db *DB) KeyAuditLog(ctx context.Context, key []byte, headPath string) error {
	return db.useAuditKey(ctx, key, headPath, true)
}

func (db *DB) useAuditKey(ctx context.Context, key []byte, headPath string, newKey bool) error {
	if len(key) != trainer.AuditKeySize {
		return fmt.Errorf("audit key: %d bytes; want %d", len(key), trainer.AuditKeySize)
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	last, lastHash, err := lastAudit(ctx, tx)
	if err != nil {
		return err
	}
	keyedFrom, keyID, err := firstKeyed(ctx, tx)
	if err != nil {
		return err
	}
	// Another key first: its head would not be believed either, and the
	// key is what the operator must fix.
	if keyedFrom != 0 && keyID != trainer.AuditKeyID(key) {
		return &trainer.WrongKeyError{Seq: keyedFrom, LogKeyID: keyID, KeyID: trainer.AuditKeyID(key)}
	}
	head, err := db.recordedHead(headPath, key)
	if err != nil {
		return err
	}
	if keyedFrom != 0 && head == nil {
		return &AuditHeadError{Path: headPath, Missing: true}
	}
	if keyedFrom == 0 && last > 0 && head == nil && !newKey {
		return &trainer.UnkeyedLogError{Entries: last}
	}
	if head != nil {
		if err := checkHead(ctx, tx, *head); err != nil {
			return err
		}
	}
	kr := &auditKeyring{key: key, headPath: headPath, keyedFrom: keyedFrom}
	db.audit = kr
	ok, wasKeyed := false, db.keyedLog
	defer func() {
		if !ok {
			db.audit, db.keyedLog = nil, wasKeyed
		}
	}()
	switch {
	case keyedFrom == 0:
		if err := keyLog(ctx, tx, kr, last, lastHash, nil); err != nil {
			return err
		}
	case last > head.Seq:
		// A kiosk stopped after a commit and before its head: the
		// entries past the head are keyed, so they are the kiosk's own.
		txConn(tx).head = &trainer.AuditHead{Seq: last, Hash: lastHash, KeyedFrom: keyedFrom}
	}
	// A head's temporary file left by a kiosk killed while writing it.
	if tmps, _ := filepath.Glob(filepath.Join(filepath.Dir(headPath), "."+filepath.Base(headPath)+".tmp-*")); len(tmps) > 0 {
		for _, t := range tmps {
			os.Remove(t)
		}
	}
	db.keyedLog = true // under the write lock, as appendAudit reads it
	if err := tx.Commit(); err != nil {
		return err
	}
	ok = true
	return nil
}

// keyLog keys a log never keyed, in tx: it writes the head of the unkeyed log
// (so that a stop before the commit leaves a head the next start accepts),
// then appends the AuditKeyed entry naming the key and that head. extra
// goes into the entry's detail.
func keyLog(ctx context.Context, tx *Tx, kr *auditKeyring, last int64, lastHash string, extra map[string]any) error {
	kr.keyedFrom = last + 1
	if err := txConn(tx).db.writeHead(trainer.AuditHead{Seq: last, Hash: lastHash, KeyedFrom: last + 1}); err != nil {
		return fmt.Errorf("audit head: %w", err)
	}
	d := map[string]any{"key_id": trainer.AuditKeyID(kr.key), "unkeyed_entries": last, "unkeyed_head": lastHash}
	for k, v := range extra {
		d[k] = v
	}
	_, err := appendAudit(ctx, tx, kiosk, trainer.AuditKeyed, trainer.AuditSubject, d)
	return err
}

// AcceptReport says what an accepted restore lost.
type AcceptReport struct {
	Previous *trainer.AuditHead // the head on record before, or nil
	// PreviousProblem says why there was no head to believe ("" when
	// Previous is set): missing, or why it could not be believed.
	PreviousProblem string
	LogSeq          int64  // the newest entry of the log accepted
	Missing         int64  // entries the head on record names that the log lacks
	Replaced        string // where the old head file was moved, or ""
	// Unkeyed is the number of entries of a log that had none keyed,
	// accepted as they were (0 for a keyed log).
	Unkeyed int64
	Entry   int64 // the audit entry that records the acceptance
}

// AcceptAuditRestore accepts the log as it is as the new starting point of
// its head: after a backup was restored on purpose (the log ends before the
// head on record), or on a machine where the head file was lost. The chain
// must be intact under key. The old head file is kept beside the new one
// (renamed with the time), and the acceptance is appended to the log
// (trainer.AuditRestoreAccepted) with what the head on record was and how
// many entries the log lacks. Run it with the kiosk stopped.
//
// Returns KindConflict when the log reaches its head on record (nothing to
// accept), a *trainer.ChainError when the chain is broken, and
// *trainer.WrongKeyError for another key.
func (db *DB) AcceptAuditRestore(ctx context.Context, key []byte, headPath, reason string) (AcceptReport, error) {
	var rep AcceptReport
	if len(key) != trainer.AuditKeySize {
		return rep, fmt.Errorf("audit key: %d bytes; want %d", len(key), trainer.AuditKeySize)
	}
	if reason = strings.TrimSpace(reason); reason == "" {
		return rep, trainer.Errorf(trainer.KindInvalid, "Give the reason for accepting the audit log as it is.")
	}
	head, herr := db.recordedHead(headPath, key)
	var he *AuditHeadError
	switch {
	case errors.As(herr, &he):
		rep.PreviousProblem = "it could not be believed: " + he.Reason
	case herr != nil:
		return rep, herr
	case head == nil:
		rep.PreviousProblem = "there was no head file"
	default:
		rep.Previous = head
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return rep, err
	}
	defer tx.Rollback()
	if _, err := verifyChain(ctx, tx, key); err != nil {
		return rep, err
	}
	last, lastHash, err := lastAudit(ctx, tx)
	if err != nil {
		return rep, err
	}
	if head != nil && checkHead(ctx, tx, *head) == nil {
		return rep, trainer.Errorf(trainer.KindConflict, "Nothing to accept: the audit log reaches its head on record (entry %d).", head.Seq)
	}
	keyedFrom, _, err := firstKeyed(ctx, tx)
	if err != nil {
		return rep, err
	}
	rep.LogSeq = last
	if head != nil {
		rep.Missing = max(head.Seq-last, 0)
	}
	// Keep the old head file: it is what the log was compared with.
	if _, err := os.Lstat(headPath); err == nil {
		rep.Replaced = headPath + ".replaced-" + time.Now().UTC().Format("20060102T150405Z")
		if err := os.Rename(headPath, rep.Replaced); err != nil {
			return rep, fmt.Errorf("keep the old audit head: %w", err)
		}
	}
	kr := &auditKeyring{key: key, headPath: headPath, keyedFrom: keyedFrom}
	db.audit = kr
	d := map[string]any{"log_head": last, "missing_entries": rep.Missing, "reason": reason}
	if rep.Previous != nil {
		d["previous_head"], d["previous_head_hash"] = rep.Previous.Seq, rep.Previous.Hash
	} else {
		d["previous_head_problem"] = rep.PreviousProblem
	}
	if keyedFrom == 0 {
		// A log with entries and none keyed is accepted as it is: the
		// keyed entry says so, and the acceptance below says why.
		rep.Unkeyed = last
		if err := keyLog(ctx, tx, kr, last, lastHash, map[string]any{"accepted": true}); err != nil {
			return rep, err
		}
		d["unkeyed_entries"] = last
	} else if err := db.writeHead(trainer.AuditHead{Seq: last, Hash: lastHash, KeyedFrom: keyedFrom}); err != nil {
		return rep, fmt.Errorf("audit head: %w", err)
	}
	e, err := appendAudit(ctx, tx, kiosk, trainer.AuditRestoreAccepted, trainer.AuditSubject, d)
	if err != nil {
		return rep, err
	}
	rep.Entry = e.Seq
	db.keyedLog = true // under the write lock, as appendAudit reads it
	if err := tx.Commit(); err != nil {
		return rep, err
	}
	return rep, nil
}

// recordedHead is the head on record: the head file at headPath, or the
// second copy (db.HeadCopy, on another volume) when that names a newer
// entry. A database rolled back together with the head file beside it
// (both restored from an old copy) still falls short of the second copy,
// which was not rolled back. A second copy missing is written again at the
// next change (a copy just configured); one that cannot be believed is an
// *AuditHeadError, as the first.
func (db *DB) recordedHead(headPath string, key []byte) (*trainer.AuditHead, error) {
	head, err := readHead(headPath, key)
	if err != nil || db.HeadCopy == "" {
		return head, err
	}
	cp, err := readHead(db.HeadCopy, key)
	switch {
	case err != nil:
		return nil, err
	case cp != nil && (head == nil || cp.Seq > head.Seq):
		return cp, nil
	}
	return head, nil
}

// readHead reads and checks the head file at path; nil, nil when there is
// none. A file that cannot be read or believed is an *AuditHeadError.
func readHead(path string, key []byte) (*trainer.AuditHead, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, &AuditHeadError{Path: path, Reason: err.Error()}
	}
	h, err := trainer.ParseAuditHead(b, key)
	if err != nil {
		return nil, &AuditHeadError{Path: path, Reason: err.Error()}
	}
	return &h, nil
}

// writeHead writes h to the head file. The WAL is flushed to the disk first,
// so that the head on disk never names an entry the disk does not hold even
// after a power cut (the database runs with synchronous=NORMAL, which does
// not flush on each commit); then the head is written to a temporary file,
// flushed, and renamed over the old one, so that a crash leaves either head
// whole.
func (db *DB) writeHead(h trainer.AuditHead) error {
	kr := db.audit
	if kr == nil {
		return errors.New("no audit key")
	}
	if f, err := os.Open(db.path + "-wal"); err == nil {
		err = f.Sync()
		f.Close()
		if err != nil {
			return fmt.Errorf("flush %s-wal: %w", db.path, err)
		}
	}
	if err := writeFileAtomic(kr.headPath, h.Marshal(kr.key), 0o644); err != nil {
		return err
	}
	if db.HeadCopy != "" {
		if err := writeFileAtomic(db.HeadCopy, h.Marshal(kr.key), 0o644); err != nil {
			return fmt.Errorf("the second copy %s: %w", db.HeadCopy, err)
		}
	}
	if db.OnHead != nil {
		db.OnHead(h)
	}
	return nil
}

// writeFileAtomic writes data to path through a temporary file beside it,
// flushed and renamed, then flushes the directory.
func writeFileAtomic(path string, data []byte, perm os.FileMode) error {
	tmp := filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".tmp-"+randomHex(4))
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	defer os.Remove(tmp) // a no-op once renamed
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		return err
	}
	return syncFile(filepath.Dir(path))
}

// AuditKeyFile is the default audit key file of the database at dbPath.
func AuditKeyFile(dbPath string) string { return dbPath + ".audit-key" }

// AuditHeadFile is the default audit head file of the database at dbPath.
func AuditHeadFile(dbPath string) string { return dbPath + ".audit-head" }

// ReadAuditKeyFile reads the audit key at path. It refuses a file that
// others than its owner may read or write: the key is what makes the trail
// trustworthy. Returns an error wrapping fs.ErrNotExist when there is none.
func ReadAuditKeyFile(path string) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("audit key %s: %w", path, err)
	}
	if st.Mode().Perm()&0o077 != 0 {
		return nil, fmt.Errorf("audit key %s: others than its owner may read or change it (mode %04o): make it owner-only with chmod 600 %s",
			path, st.Mode().Perm(), path)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("audit key %s: %w", path, err)
	}
	key, err := trainer.ParseAuditKey(string(b))
	if err != nil {
		return nil, fmt.Errorf("audit key %s: %s", path, trainer.MessageOf(err))
	}
	return key, nil
}

// CreateAuditKeyFile makes a new random audit key in the new file path,
// readable and writable by its owner only, flushed to the disk. It never
// replaces a file.
func CreateAuditKeyFile(path string) ([]byte, error) {
	key := make([]byte, trainer.AuditKeySize)
	rand.Read(key) // never fails (crypto/rand since Go 1.24)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, fmt.Errorf("create the audit key %s: %w", path, err)
	}
	_, err = f.WriteString(hex.EncodeToString(key) + "\n")
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = syncFile(filepath.Dir(path))
	}
	if err != nil {
		os.Remove(path)
		return nil, fmt.Errorf("create the audit key %s: %w", path, err)
	}
	return key, nil
}

// WriteCopyHead writes the head of the database copy at path (a backup) to
// headPath, signed with key, so that the copy too shows entries cut from its
// end: `trainer audit verify -db COPY -audit-key KEY` compares them. It
// returns the head written, or nil when the copy's log is not keyed (then
// there is no head to write).
func WriteCopyHead(ctx context.Context, path string, key []byte, headPath string) (*trainer.AuditHead, error) {
	db, err := OpenReadOnly(ctx, path)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	keyedFrom, keyID, err := firstKeyed(ctx, tx)
	if err != nil || keyedFrom == 0 {
		return nil, err
	}
	if keyID != trainer.AuditKeyID(key) {
		return nil, &trainer.WrongKeyError{Seq: keyedFrom, LogKeyID: keyID, KeyID: trainer.AuditKeyID(key)}
	}
	last, hash, err := lastAudit(ctx, tx)
	if err != nil {
		return nil, err
	}
	h := trainer.AuditHead{Seq: last, Hash: hash, KeyedFrom: keyedFrom}
	if err := writeFileAtomic(headPath, h.Marshal(key), 0o644); err != nil {
		return nil, fmt.Errorf("write the backup's audit head: %w", err)
	}
	return &h, nil
}
