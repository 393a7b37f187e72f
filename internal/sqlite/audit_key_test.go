package sqlite_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// keyedDB is a kiosk database on a file with its audit key and head file
// beside it, as `trainer serve` keeps them.
type keyedDB struct {
	*sqlite.DB
	path, head string
	key        []byte
}

// openKeyed opens the database at path (a new one under the test's
// directory when ""), makes the first unkeyed entries (unkeyed: that many
// entries written before the key, as by an older kiosk), then keys it.
func openKeyed(t *testing.T, unkeyed int) *keyedDB {
	t.Helper()
	path := filepath.Join(t.TempDir(), "trainer.db")
	db, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	newClock(db)
	if unkeyed > 0 {
		mustAudit(t, db, unkeyed)
	}
	key, err := sqlite.CreateAuditKeyFile(sqlite.AuditKeyFile(path))
	if err != nil {
		t.Fatal(err)
	}
	k := &keyedDB{DB: db, path: path, head: sqlite.AuditHeadFile(path), key: key}
	// The key is new: it keys the entries of an older kiosk, as its
	// first start with this version does.
	if err := db.KeyAuditLog(t.Context(), key, k.head); err != nil {
		t.Fatal(err)
	}
	return k
}

// reopen closes the database and opens it again as a kiosk starting on it
// would, returning UseAuditKey's answer.
func (k *keyedDB) reopen(t *testing.T) error {
	t.Helper()
	k.DB.Close()
	db, err := sqlite.Open(t.Context(), k.path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	newClock(db)
	k.DB = db
	return db.UseAuditKey(t.Context(), k.key, k.head)
}

// settingsChanges appends n audit entries through the kiosk's own calls.
func settingsChanges(t *testing.T, db *sqlite.DB, n int) {
	t.Helper()
	admin, err := db.FindUserByName(t.Context(), "Ada Admin")
	if err != nil {
		admin = mustCreateUser(t, db, "Ada Admin", trainer.RoleAdministrator, "")
		n--
	}
	ctx := trainer.WithActor(t.Context(), admin)
	st, _ := db.Settings(t.Context())
	for range n {
		st.TraineeIdleTimeout = st.TraineeIdleTimeout%(50*60e9) + 60e9
		if err := db.UpdateSettings(ctx, st); err != nil {
			t.Fatal(err)
		}
	}
}

// TestDB_AuditKey_MigratesForward: a log written before the key keeps its
// entries, checked as before; the first keyed entry names the key and the
// old head; every later entry is keyed, and needs the key to be checked.
func TestDB_AuditKey_MigratesForward(t *testing.T) {
	t.Parallel()
	k := openKeyed(t, 4)
	settingsChanges(t, k.DB, 3)
	es, err := k.ListAudit(t.Context(), sqlite.AuditFilter{Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	keyed := es[3] // newest first: 8, 7, 6, then 5
	if keyed.Seq != 5 || keyed.Action != trainer.AuditKeyed || keyed.Subject != trainer.AuditSubject || keyed.Actor != "kiosk" ||
		!strings.Contains(keyed.Detail, `"key_id":"`+trainer.AuditKeyID(k.key)+`"`) || !strings.Contains(keyed.Detail, `"unkeyed_entries":4`) ||
		!strings.Contains(keyed.Detail, `"unkeyed_head":"`+es[4].Hash+`"`) {
		t.Fatalf("entry 5 = %+v; want audit.keyed naming the key and the unkeyed head (entry 4's hash)", keyed)
	}
	if es[0].Hash == es[0].ComputeHash() {
		t.Error("a keyed entry carries the plain SHA-256 anyone can compute")
	}
	r, err := k.VerifyAudit(t.Context())
	if err != nil || r.Entries != 8 || r.KeyedFrom != 5 || r.Recorded == nil || r.Recorded.Seq != 8 || r.Behind != 0 {
		t.Fatalf("VerifyAudit = %+v, %v; want 8 entries keyed from 5, head on record 8", r, err)
	}

	// Without the key, the unkeyed part is checked and the rest cannot be.
	ro, err := sqlite.OpenReadOnly(t.Context(), k.path)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	r, err = ro.VerifyAudit(t.Context())
	var kn *trainer.KeyNeededError
	if !errors.As(err, &kn) || kn.Seq != 5 || r.Entries != 4 {
		t.Errorf("VerifyAudit without the key = %+v, %v; want 4 entries checked, then the key needed from entry 5", r, err)
	}
	// With another key, it says so instead of calling the entries forged.
	other := make([]byte, trainer.AuditKeySize)
	ro.SetAuditKey(other, k.head)
	_, err = ro.VerifyAudit(t.Context())
	var wk *trainer.WrongKeyError
	if !errors.As(err, &wk) || wk.Seq != 5 || wk.LogKeyID != trainer.AuditKeyID(k.key) {
		t.Errorf("VerifyAudit with another key = %v; want WrongKeyError at entry 5", err)
	}
	// A kiosk started with another key refuses to start.
	k.key, other = other, k.key
	if err := k.reopen(t); !errors.As(err, &wk) {
		t.Errorf("UseAuditKey with another key = %v; want WrongKeyError", err)
	}
	k.key = other
	// A command that writes without the key is refused, not unkeyed.
	if err := k.reopen(t); err != nil {
		t.Fatal(err)
	}
	k.DB.Close()
	plain, err := sqlite.Open(t.Context(), k.path)
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Close()
	if err := plain.UpdateSettings(t.Context(), trainer.DefaultSettings()); !errors.Is(err, sqlite.ErrAuditKeyNeeded) {
		t.Errorf("a change without the key on a keyed log = %v; want ErrAuditKeyNeeded", err)
	}
}

// TestDB_AuditKey_RewrittenWithoutTheKey: whoever changes an entry and
// computes every later hash again cannot make them verify without the key.
func TestDB_AuditKey_RewrittenWithoutTheKey(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		seq  int64 // the entry changed
		want int64 // the entry named
		why  string
	}{
		{"a keyed entry, later hashes recomputed", 6, 6, "does not match its hash"},
		{"an unkeyed entry, later hashes recomputed", 2, 4, "does not match its hash"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			k := openKeyed(t, 3) // entries 1–3 unkeyed, 4 keys the log
			settingsChanges(t, k.DB, 4)
			es, _ := k.ListAudit(t.Context(), sqlite.AuditFilter{Limit: 100})
			raw := behindTheBack(t, k.DB)
			mustExec(t, raw, `DROP TRIGGER audit_log_no_update`)
			// The forger's best: change the entry, then give it and every
			// later entry the hash they can compute (SHA-256; or an HMAC
			// under a key of their own, which is no better).
			prev := ""
			for i := len(es) - 1; i >= 0; i-- {
				e := *es[i]
				if e.Seq < tt.seq {
					prev = e.Hash
					continue
				}
				if e.Seq == tt.seq {
					e.Actor = "Someone Else"
				}
				e.PrevHash = prev
				e.Hash = e.ComputeHash()
				if e.Seq >= 4 {
					e.Keyed = true
					e.Hash = e.ComputeMAC([]byte("the forger's own key, 32 bytes.."))
				}
				mustExec(t, raw, `UPDATE audit_log SET actor = ?, prev_hash = ?, hash = ? WHERE seq = ?`, e.Actor, e.PrevHash, e.Hash, e.Seq)
				prev = e.Hash
			}
			_, err := k.VerifyAudit(t.Context())
			wantBreakAt(t, tt.name, err, tt.want, tt.why)
		})
	}
	// Rewriting the keyed part as if it had never been keyed (the first
	// keyed entry made something else, every hash a plain SHA-256) makes a
	// chain that verifies by itself: the head on record tells.
	t.Run("unkeyed again", func(t *testing.T) {
		k := openKeyed(t, 3)
		settingsChanges(t, k.DB, 2)
		es, _ := k.ListAudit(t.Context(), sqlite.AuditFilter{Limit: 100})
		raw := behindTheBack(t, k.DB)
		mustExec(t, raw, `DROP TRIGGER audit_log_no_update`)
		prev := ""
		for i := len(es) - 1; i >= 0; i-- {
			e := *es[i]
			if e.Seq < 4 {
				prev = e.Hash
				continue
			}
			if e.Seq == 4 {
				e.Action = trainer.AuditSettingsChanged
			}
			e.PrevHash, e.Keyed = prev, false
			e.Hash = e.ComputeHash()
			mustExec(t, raw, `UPDATE audit_log SET action = ?, prev_hash = ?, hash = ? WHERE seq = ?`, e.Action, e.PrevHash, e.Hash, e.Seq)
			prev = e.Hash
		}
		_, err := k.VerifyAudit(t.Context())
		wantBreakAt(t, "the keyed part rewritten unkeyed", err, 6, "not the entry the head on record names")
		if err := k.reopen(t); err == nil {
			t.Error("the kiosk starts on a log rewritten unkeyed")
		}
	})
	// The attack of issue 25: the whole log rewritten as if it had never
	// been keyed (the keying entry dropped, every hash a plain SHA-256 from
	// the start), and the head file deleted with it. The chain verifies by
	// itself and there is no head to compare it with; but a kiosk that
	// holds the key keyed its log at its first start with it, so a log of
	// entries none keyed is refused, by verify and at start, until an
	// operator accepts it with a reason, which the log records.
	t.Run("never keyed, head deleted", func(t *testing.T) {
		k := openKeyed(t, 0) // entry 1 keys the log
		settingsChanges(t, k.DB, 3)
		es, _ := k.ListAudit(t.Context(), sqlite.AuditFilter{Limit: 100})
		raw := behindTheBack(t, k.DB)
		mustExec(t, raw, `DROP TRIGGER audit_log_no_update`)
		mustExec(t, raw, `DROP TRIGGER audit_log_no_delete`)
		mustExec(t, raw, `DELETE FROM audit_log WHERE seq = 1`)
		prev := trainer.GenesisHash
		for i := len(es) - 2; i >= 0; i-- { // oldest first, entry 1 left out
			e := *es[i]
			e.Seq--
			e.PrevHash, e.Keyed = prev, false
			e.Hash = e.ComputeHash()
			mustExec(t, raw, `UPDATE audit_log SET seq = ?, prev_hash = ?, hash = ? WHERE seq = ?`, e.Seq, e.PrevHash, e.Hash, e.Seq+1)
			prev = e.Hash
		}
		if err := os.Remove(k.head); err != nil {
			t.Fatal(err)
		}
		var ul *trainer.UnkeyedLogError
		if _, err := k.VerifyAudit(t.Context()); !errors.As(err, &ul) || ul.Entries != int64(len(es)-1) {
			t.Errorf("verify of a log rewritten as never keyed, its head deleted: %v; want *UnkeyedLogError of %d entries", err, len(es)-1)
		}
		if err := k.reopen(t); !errors.As(err, &ul) {
			t.Errorf("the kiosk's start on a log rewritten as never keyed, its head deleted: %v; want *UnkeyedLogError", err)
		}
		if _, err := k.AcceptAuditRestore(t.Context(), k.key, k.head, " "); trainer.KindOf(err) != trainer.KindInvalid {
			t.Errorf("accept without a reason: %v; want KindInvalid", err)
		}
		rep, err := k.AcceptAuditRestore(t.Context(), k.key, k.head, "the kiosk was upgraded with its key given")
		if err != nil || rep.Unkeyed != int64(len(es)-1) {
			t.Fatalf("accept = %+v, %v", rep, err)
		}
		if err := k.reopen(t); err != nil {
			t.Fatalf("the kiosk's start after the acceptance: %v", err)
		}
		last, _ := k.ListAudit(t.Context(), sqlite.AuditFilter{Limit: 1})
		if last[0].Action != trainer.AuditRestoreAccepted || !strings.Contains(last[0].Detail, "upgraded with its key given") {
			t.Errorf("the newest entry after the acceptance: %+v; want the acceptance with its reason", last[0])
		}
	})
}

// TestDB_AuditKey_TailCut: entries cut from the end are named against the
// head on record; the kiosk refuses to start on the log until an operator
// accepts it, which the log then records.
func TestDB_AuditKey_TailCut(t *testing.T) {
	t.Parallel()
	k := openKeyed(t, 0)
	settingsChanges(t, k.DB, 5) // entry 1 keys the log; 2–6
	raw := behindTheBack(t, k.DB)
	mustExec(t, raw, `DROP TRIGGER audit_log_no_delete`)
	mustExec(t, raw, `DELETE FROM audit_log WHERE seq >= 5`)
	r, err := k.VerifyAudit(t.Context())
	wantBreakAt(t, "the last two entries cut", err, 5, "entry 6, the newest on record, are missing: the end of the log was cut")
	if r.Entries != 4 {
		t.Errorf("report %+v; want the 4 entries left intact", r)
	}
	mustExec(t, raw, `DELETE FROM audit_log WHERE seq = 4`)
	_, err = k.VerifyAudit(t.Context())
	wantBreakAt(t, "the last three entries cut", err, 4, "the end of the log was cut")

	err = k.reopen(t)
	var ce *trainer.ChainError
	if !errors.As(err, &ce) || ce.Seq != 4 {
		t.Fatalf("a kiosk starting on the cut log: %v; want a refusal naming entry 4", err)
	}
	rep, err := k.AcceptAuditRestore(t.Context(), k.key, k.head, "a backup restored in a test")
	if err != nil {
		t.Fatal(err)
	}
	if rep.Previous == nil || rep.Previous.Seq != 6 || rep.LogSeq != 3 || rep.Missing != 3 || rep.Entry != 4 || rep.Replaced == "" {
		t.Errorf("accept = %+v; want head 6 before, log at 3, 3 missing, recorded by entry 4", rep)
	}
	if _, err := os.Stat(rep.Replaced); err != nil {
		t.Errorf("the old head file is not kept: %v", err)
	}
	es, _ := k.ListAudit(t.Context(), sqlite.AuditFilter{Limit: 1})
	if es[0].Action != trainer.AuditRestoreAccepted || !strings.Contains(es[0].Detail, `"missing_entries":3`) ||
		!strings.Contains(es[0].Detail, `"previous_head":6`) {
		t.Errorf("the acceptance's entry: %+v", es[0])
	}
	if r, err := k.VerifyAudit(t.Context()); err != nil || r.HeadSeq != 4 || r.Recorded.Seq != 4 {
		t.Errorf("after accepting: %+v, %v", r, err)
	}
	if err := k.reopen(t); err != nil {
		t.Errorf("a kiosk starting after the acceptance: %v", err)
	}
	// Nothing more to accept.
	if _, err := k.AcceptAuditRestore(t.Context(), k.key, k.head, "a backup restored in a test"); trainer.KindOf(err) != trainer.KindConflict {
		t.Errorf("accepting a log that reaches its head: %v; want KindConflict", err)
	}
}

// TestDB_AuditKey_HeadBehind: a kiosk stopped between a commit and writing
// its head leaves the head behind the log. That reads as such, not as
// tampering: the entries past the head are keyed, so they are the kiosk's
// own, and the next start writes the head again.
func TestDB_AuditKey_HeadBehind(t *testing.T) {
	t.Parallel()
	k := openKeyed(t, 2)
	settingsChanges(t, k.DB, 2)
	old, err := os.ReadFile(k.head)
	if err != nil {
		t.Fatal(err)
	}
	settingsChanges(t, k.DB, 2)
	if err := os.WriteFile(k.head, old, 0o644); err != nil { // the last two heads never reached the disk
		t.Fatal(err)
	}
	r, err := k.VerifyAudit(t.Context())
	if err != nil || r.Behind != 2 || r.HeadSeq != 7 || r.Recorded.Seq != 5 {
		t.Fatalf("VerifyAudit with the head two commits behind = %+v, %v; want OK, 2 behind", r, err)
	}
	if err := k.reopen(t); err != nil {
		t.Fatalf("a kiosk starting with its head behind: %v", err)
	}
	if r, err := k.VerifyAudit(t.Context()); err != nil || r.Behind != 0 || r.Recorded.Seq != 7 {
		t.Errorf("after the start: %+v, %v; want the head caught up", r, err)
	}

	// The head written before the first keyed entry: a kiosk stopped while
	// keying a log for the first time starts again and keys it.
	db := MustOpenDB(t)
	newClock(db)
	mustAudit(t, db, 3)
	es, _ := db.ListAudit(t.Context(), sqlite.AuditFilter{Limit: 1})
	head := filepath.Join(t.TempDir(), "head")
	if err := os.WriteFile(head, trainer.AuditHead{Seq: 3, Hash: es[0].Hash, KeyedFrom: 4}.Marshal(k.key), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := db.UseAuditKey(t.Context(), k.key, head); err != nil {
		t.Fatalf("a start after an interrupted keying: %v", err)
	}
	if r, err := db.VerifyAudit(t.Context()); err != nil || r.KeyedFrom != 4 || r.Recorded.Seq != 4 {
		t.Errorf("after keying: %+v, %v", r, err)
	}
}

// TestDB_AuditKey_HeadFile: a keyed log whose head file is missing, or whose
// head was changed without the key, is refused.
func TestDB_AuditKey_HeadFile(t *testing.T) {
	t.Parallel()
	k := openKeyed(t, 0)
	settingsChanges(t, k.DB, 3)
	b, _ := os.ReadFile(k.head)
	forged := strings.Replace(string(b), "seq=4", "seq=2", 1)
	if forged == string(b) {
		t.Fatalf("head file %q has no seq=4", b)
	}
	var he *sqlite.AuditHeadError
	if err := os.WriteFile(k.head, []byte(forged), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := k.VerifyAudit(t.Context()); !errors.As(err, &he) || !strings.Contains(err.Error(), "signature does not match") {
		t.Errorf("VerifyAudit with a forged head = %v; want the head not believed", err)
	}
	if err := k.reopen(t); !errors.As(err, &he) {
		t.Errorf("a start with a forged head = %v; want refused", err)
	}
	os.Remove(k.head)
	k.SetAuditKey(k.key, k.head) // the refused start left the database without its key
	if _, err := k.VerifyAudit(t.Context()); !errors.As(err, &he) || !he.Missing {
		t.Errorf("VerifyAudit without the head file = %v; want it missing", err)
	}
	if err := k.reopen(t); !errors.As(err, &he) || !he.Missing || !strings.Contains(err.Error(), k.head) {
		t.Errorf("a start without the head file = %v; want a refusal naming %s", err, k.head)
	}
	rep, err := k.AcceptAuditRestore(t.Context(), k.key, k.head, "a backup restored in a test")
	if err != nil || rep.Previous != nil || rep.PreviousProblem != "there was no head file" {
		t.Errorf("accepting without a head file: %+v, %v", rep, err)
	}
	if err := k.reopen(t); err != nil {
		t.Errorf("a start after accepting: %v", err)
	}
}

// TestAuditKeyFile: the key file is made owner-only and never replaced; one
// that others may read is refused.
func TestAuditKeyFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "k")
	key, err := sqlite.CreateAuditKeyFile(path)
	if err != nil || len(key) != trainer.AuditKeySize {
		t.Fatalf("CreateAuditKeyFile = %x, %v", key, err)
	}
	st, _ := os.Stat(path)
	if st.Mode().Perm() != 0o600 {
		t.Errorf("key file mode %04o; want 0600", st.Mode().Perm())
	}
	if got, err := sqlite.ReadAuditKeyFile(path); err != nil || string(got) != string(key) {
		t.Errorf("ReadAuditKeyFile = %x, %v", got, err)
	}
	if _, err := sqlite.CreateAuditKeyFile(path); err == nil {
		t.Error("CreateAuditKeyFile replaced a key")
	}
	os.Chmod(path, 0o644)
	if _, err := sqlite.ReadAuditKeyFile(path); err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Errorf("a key others may read: %v; want refused", err)
	}
}

// TestDB_AuditKey_HeadCopy: a database rolled back together with the head
// file beside it (both put back from an older copy of the folder) verifies
// against that head; with a second copy of the head elsewhere, which the
// rollback did not reach, the kiosk refuses to start and verify names the
// entries missing. Every head written is also told to OnHead, for the log.
func TestDB_AuditKey_HeadCopy(t *testing.T) {
	t.Parallel()
	for _, withCopy := range []bool{false, true} {
		k := openKeyed(t, 0)
		copyPath := filepath.Join(t.TempDir(), "elsewhere.audit-head")
		var told []int64
		if withCopy {
			k.HeadCopy = copyPath
			k.OnHead = func(h trainer.AuditHead) { told = append(told, h.Seq) }
		}
		settingsChanges(t, k.DB, 2)
		k.DB.Close()
		// The folder as it was: the database and its head.
		old := map[string][]byte{}
		for _, f := range []string{k.path, k.head} {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			old[f] = b
		}
		reopenWithCopy := func() error {
			t.Helper()
			db, err := sqlite.Open(t.Context(), k.path)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			if withCopy {
				db.HeadCopy = copyPath
			}
			k.DB = db
			return db.UseAuditKey(t.Context(), k.key, k.head)
		}
		if err := reopenWithCopy(); err != nil {
			t.Fatal(err)
		}
		settingsChanges(t, k.DB, 3) // what the rollback will take away
		k.DB.Close()
		for f, b := range old {
			if err := os.WriteFile(f, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		os.Remove(k.path + "-wal")
		os.Remove(k.path + "-shm")
		err := reopenWithCopy()
		var ce *trainer.ChainError
		switch {
		case !withCopy && err != nil:
			t.Errorf("without a second copy, the rolled-back folder starts with %v; the test expects the limit the copy closes", err)
		case withCopy && !errors.As(err, &ce):
			t.Errorf("with a second copy elsewhere, the rolled-back folder starts with %v; want a *trainer.ChainError", err)
		}
		if withCopy && len(told) != 2 {
			t.Errorf("OnHead was told %v; want the heads of the two changes", told)
		}
	}
}
