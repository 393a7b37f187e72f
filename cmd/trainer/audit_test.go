package main

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// auditDB makes a kiosk database as a kiosk upgraded from before the audit
// key leaves it: three unkeyed entries (a user made, two settings changes),
// the entry that keyed the log (4), and three keyed entries (5 to 7). The
// key and head files are beside it, where `trainer serve` keeps them.
func auditDB(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "kiosk.db")
	db, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	admin := &trainer.User{Name: "Ada Admin", SecretHash: "$test$"}
	if err := db.CreateFirstAdministrator(t.Context(), admin); err != nil {
		t.Fatal(err)
	}
	ctx := trainer.WithActor(t.Context(), admin)
	settings := func(from, n int) {
		for i := range n {
			st := trainer.DefaultSettings()
			st.TraineeIdleTimeout = time.Duration(from+i) * time.Minute
			if err := db.UpdateSettings(ctx, st); err != nil {
				t.Fatal(err)
			}
		}
	}
	settings(2, 2)
	key, err := sqlite.CreateAuditKeyFile(sqlite.AuditKeyFile(path))
	if err != nil {
		t.Fatal(err)
	}
	// The key is made now: it keys the older kiosk's entries, as the first
	// start of this version does.
	if err := db.KeyAuditLog(t.Context(), key, sqlite.AuditHeadFile(path)); err != nil {
		t.Fatal(err)
	}
	settings(4, 3)
	return path
}

// tamper runs SQL on the file as someone with the file would.
func tamper(t *testing.T, path string, stmts ...string) {
	t.Helper()
	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	for _, s := range stmts {
		if _, err := raw.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

func verifyAudit(t *testing.T, path string, env ...string) (string, error) {
	t.Helper()
	getenv := func(k string) string {
		for i := 0; i+1 < len(env); i += 2 {
			if env[i] == k {
				return env[i+1]
			}
		}
		return ""
	}
	var out bytes.Buffer
	err := run(t.Context(), []string{"audit", "verify", "-db", path}, getenv, nil, &out, io.Discard)
	return out.String(), err
}

func wantExit1(t *testing.T, what string, err error, msg string) {
	t.Helper()
	var ec exitCode
	if !errors.As(err, &ec) || ec.code != 1 || !strings.Contains(err.Error(), msg) {
		t.Errorf("%s: verify = %v; want exit status 1 with …%s…", what, err, msg)
	}
}

var okLines = regexp.MustCompile(`^OK: 7 entries, head entry 7, hash [0-9a-f]{64}
not keyed: entries 1 to 3 were written before the trail was keyed and are checked by their SHA-256, as before; entry 4 fixed their head under the key, so only a change made to them before then would not show
keyed: entries 4 to 7 carry an HMAC under the audit key from (\S+): nobody without the key can rewrite them
head: the head on record is entry 7: nothing was cut from the end
records: 0 exams and 0 certification events agree with the audit entries that recorded them
$`)

func TestAuditVerify(t *testing.T) {
	t.Parallel()
	t.Run("OK", func(t *testing.T) {
		path := auditDB(t)
		before, _ := os.ReadFile(path)
		head, _ := os.ReadFile(sqlite.AuditHeadFile(path))
		out, err := verifyAudit(t, path)
		m := okLines.FindStringSubmatch(out)
		if err != nil || m == nil || m[1] != sqlite.AuditKeyFile(path) {
			t.Fatalf("verify = %q, %v; want OK, the unkeyed and keyed parts, the head and the records", out, err)
		}
		after, _ := os.ReadFile(path)
		headAfter, _ := os.ReadFile(sqlite.AuditHeadFile(path))
		if !bytes.Equal(before, after) || !bytes.Equal(head, headAfter) {
			t.Error("verify changed the database or its head file")
		}
	})
	t.Run("KeyFromTheEnvironment", func(t *testing.T) {
		path := auditDB(t)
		b, _ := os.ReadFile(sqlite.AuditKeyFile(path))
		os.Remove(sqlite.AuditKeyFile(path))
		out, err := verifyAudit(t, path, "TRAINER_AUDIT_KEY", strings.TrimSpace(string(b)))
		if m := okLines.FindStringSubmatch(out); err != nil || m == nil || m[1] != "TRAINER_AUDIT_KEY" {
			t.Errorf("verify with TRAINER_AUDIT_KEY = %q, %v", out, err)
		}
	})
	t.Run("NoKey", func(t *testing.T) {
		path := auditDB(t)
		os.Remove(sqlite.AuditKeyFile(path))
		out, err := verifyAudit(t, path)
		wantExit1(t, "without the key", err, "could not be checked")
		if !strings.HasPrefix(out, "NOT CHECKED: entries from 4 on are keyed: the audit key is needed") || !strings.Contains(out, "3 entries before them are intact") {
			t.Errorf("verify without the key printed %q", out)
		}
	})
	t.Run("Updated", func(t *testing.T) {
		path := auditDB(t)
		tamper(t, path, `DROP TRIGGER audit_log_no_update`, `UPDATE audit_log SET actor = 'Someone Else' WHERE seq = 6`)
		out, err := verifyAudit(t, path)
		wantExit1(t, "after an UPDATE", err, "at entry 6")
		if !strings.HasPrefix(out, "BROKEN: entry 6: its content does not match its hash") || !strings.Contains(out, "5 entries before it are intact") {
			t.Errorf("verify printed %q", out)
		}
	})
	t.Run("RehashedWithoutTheKey", func(t *testing.T) {
		// An entry changed and every later hash computed again, as
		// anyone with the file can: SHA-256, the only hash they know.
		path := auditDB(t)
		db, err := sqlite.OpenReadOnly(t.Context(), path)
		if err != nil {
			t.Fatal(err)
		}
		es, err := db.ListAudit(t.Context(), sqlite.AuditFilter{})
		db.Close()
		if err != nil {
			t.Fatal(err)
		}
		stmts := []string{`DROP TRIGGER audit_log_no_update`}
		prev := ""
		for i := len(es) - 1; i >= 0; i-- {
			e := es[i]
			if e.Seq < 5 {
				prev = e.Hash
				continue
			}
			if e.Seq == 5 {
				e.Detail = `{"trainee_idle_timeout_minutes":{"new":60,"old":3}}`
			}
			e.PrevHash = prev
			e.Hash = e.ComputeHash()
			stmts = append(stmts, fmt.Sprintf(`UPDATE audit_log SET detail = '%s', prev_hash = '%s', hash = '%s' WHERE seq = %d`,
				e.Detail, e.PrevHash, e.Hash, e.Seq))
			prev = e.Hash
		}
		tamper(t, path, stmts...)
		out, err := verifyAudit(t, path)
		wantExit1(t, "after a rewrite without the key", err, "at entry 5")
		if !strings.HasPrefix(out, "BROKEN: entry 5: its content does not match its hash") {
			t.Errorf("verify printed %q", out)
		}
	})
	t.Run("Deleted", func(t *testing.T) {
		path := auditDB(t)
		tamper(t, path, `DROP TRIGGER audit_log_no_delete`, `DELETE FROM audit_log WHERE seq = 5`)
		out, err := verifyAudit(t, path)
		wantExit1(t, "after a DELETE", err, "at entry 6")
		if !strings.HasPrefix(out, "BROKEN: entry 6: entries 5 to 5 before it are missing") {
			t.Errorf("verify after a DELETE printed %q", out)
		}
	})
	t.Run("TailCut", func(t *testing.T) {
		path := auditDB(t)
		tamper(t, path, `DROP TRIGGER audit_log_no_delete`, `DELETE FROM audit_log WHERE seq >= 6`)
		out, err := verifyAudit(t, path)
		wantExit1(t, "after cutting the last two entries", err, "at entry 6")
		if !strings.HasPrefix(out, "BROKEN: entry 6: it and every entry after it up to entry 7, the newest on record, are missing: the end of the log was cut") {
			t.Errorf("verify after cutting the tail printed %q", out)
		}
	})
	t.Run("HeadMissing", func(t *testing.T) {
		path := auditDB(t)
		os.Remove(sqlite.AuditHeadFile(path))
		out, err := verifyAudit(t, path)
		wantExit1(t, "without the head file", err, "no head on record")
		if !strings.Contains(out, "NO HEAD: the audit head file "+sqlite.AuditHeadFile(path)+" is missing") {
			t.Errorf("verify without the head printed %q", out)
		}
	})
	t.Run("NoFile", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "missing.db")
		_, err := verifyAudit(t, path)
		if err == nil || !strings.Contains(err.Error(), path) {
			t.Errorf("verify of a missing file = %v; want an error naming it", err)
		}
		if _, serr := os.Stat(path); serr == nil {
			t.Error("verify created the missing database file")
		}
	})
	t.Run("Usage", func(t *testing.T) {
		if err := run(t.Context(), []string{"audit"}, noEnv, nil, io.Discard, io.Discard); err == nil {
			t.Error("audit with no command succeeded")
		}
		if err := run(t.Context(), []string{"audit", "verify", "extra"}, noEnv, nil, io.Discard, io.Discard); err == nil {
			t.Error("audit verify with an extra argument succeeded")
		}
	})
}

// TestAuditVerify_Records: `trainer audit verify` names each exam and
// certification event changed behind the kiosk's back.
func TestAuditVerify_Records(t *testing.T) {
	t.Parallel()
	path := auditDB(t)
	db, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	key, _ := sqlite.ReadAuditKeyFile(sqlite.AuditKeyFile(path))
	if err := db.UseAuditKey(t.Context(), key, sqlite.AuditHeadFile(path)); err != nil {
		t.Fatal(err)
	}
	mgr := &trainer.User{Name: "Max Manager", Role: trainer.RoleManager, SecretHash: "$test$"}
	tia := &trainer.User{Name: "Tia Trainee", Role: trainer.RoleTrainee, SecretHash: "$test$"}
	for _, u := range []*trainer.User{mgr, tia} {
		if err := db.CreateUser(t.Context(), u); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.RecordRulesVersion(t.Context(), "v1", map[string][]byte{"drills.toml": nil}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ApproveRulesVersion(trainer.WithActor(t.Context(), mgr), "v1"); err != nil {
		t.Fatal(err)
	}
	ex := &trainer.Exam{UserID: tia.ID, Game: "uth", House: "default", RulesVersion: "v1", Standard: json.RawMessage(`{}`),
		Items: []trainer.ExamItem{{Kind: "payout", Level: 2, Seed: 7, Skill: "uth.payout.blind", Seconds: 30}}}
	if err := db.StartExam(t.Context(), ex, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := db.FinishExam(t.Context(), ex, false, json.RawMessage(`{"passed":false}`)); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if out, err := verifyAudit(t, path); err != nil || !strings.Contains(out, "records: 1 exams and 1 certification events agree") {
		t.Fatalf("verify before = %q, %v", out, err)
	}

	tamper(t, path, fmt.Sprintf(`UPDATE exams SET passed = 1, result = '{"passed":true}' WHERE session_id = %d`, ex.ID),
		`DROP TRIGGER cert_events_no_update`, `UPDATE cert_events SET kind = 'exam_passed'`)
	out, err := verifyAudit(t, path)
	wantExit1(t, "an exam failure turned into a pass", err, "the records were changed")
	for _, want := range []string{
		fmt.Sprintf("DISAGREES: exam %d (trainee %d in uth, started ", ex.ID, tia.ID),
		"it is recorded as passed, but audit entry",
		"DISAGREES: certification event 1 (exam_passed of trainee",
		"recorded the exam as failed",
		"records: 3 disagreements with the audit trail among 1 exams and 1 certification events",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("verify does not say %q:\n%s", want, out)
		}
	}
	if !strings.HasPrefix(out, "OK: ") {
		t.Errorf("the audit log itself was not touched, so its chain is OK:\n%s", out)
	}
}

// TestAuditRestore follows the restore of docs/hardening.md: a backup with
// its head, entries made after it, the backup put back; the kiosk refuses
// to start on a log that lost entries until `trainer audit accept`, which
// the log records.
func TestAuditRestore(t *testing.T) {
	t.Parallel()
	path := auditDB(t)
	backup := filepath.Join(t.TempDir(), "backup.db")
	var out bytes.Buffer
	if err := run(t.Context(), []string{"backup", "-db", path, backup}, noEnv, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"audit head of the backup (entry 7) in " + sqlite.AuditHeadFile(backup),
		"the audit key is not in the backup (it is in " + sqlite.AuditKeyFile(path) + ")",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("backup printed %q; want …%s…", out.String(), want)
		}
	}
	if _, err := os.Stat(sqlite.AuditKeyFile(backup)); err == nil {
		t.Error("the backup carries the audit key")
	}
	// The backup verifies by itself, with the key and its own head.
	out.Reset()
	err := run(t.Context(), []string{"audit", "verify", "-db", backup, "-audit-key", sqlite.AuditKeyFile(path)}, noEnv, nil, &out, io.Discard)
	if err != nil || !strings.Contains(out.String(), "head: the head on record is entry 7: nothing was cut") {
		t.Errorf("verify of the backup = %q, %v", out.String(), err)
	}

	// The kiosk goes on: two more entries.
	db, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	key, _ := sqlite.ReadAuditKeyFile(sqlite.AuditKeyFile(path))
	if err := db.UseAuditKey(t.Context(), key, sqlite.AuditHeadFile(path)); err != nil {
		t.Fatal(err)
	}
	for _, u := range []string{"Bo Chan", "Cy Dee"} {
		if err := db.CreateUser(t.Context(), &trainer.User{Name: u, Role: trainer.RoleTrainee, SecretHash: "$test$"}); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()

	// Restore: the backup in place of the database, the key and the head
	// left where they are.
	if err := os.Rename(path, path+".damaged"); err != nil {
		t.Fatal(err)
	}
	copyFile(t, backup, path)
	err = run(t.Context(), []string{"serve", "-addr", "127.0.0.1:0", "-db", path}, noEnv, nil, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "does not reach the head on record") ||
		!strings.Contains(err.Error(), "trainer audit accept -db "+path) || strings.Contains(err.Error(), "\n") {
		t.Fatalf("serve on the restored backup = %v; want one line saying the log lost entries and how to accept it", err)
	}
	out.Reset()
	if err := run(t.Context(), []string{"audit", "accept", "-db", path, "-reason", "restored a backup"}, noEnv, nil, &out, io.Discard); err != nil {
		t.Fatalf("audit accept: %v", err)
	}
	if !strings.Contains(out.String(), "accepted: the log ends at entry 7; the head on record was entry 9: 2 entries are not in it") ||
		!strings.Contains(out.String(), "entry 8 records the acceptance") {
		t.Errorf("audit accept printed %q", out.String())
	}
	out.Reset()
	if err := run(t.Context(), []string{"audit", "verify", "-db", path}, noEnv, nil, &out, io.Discard); err != nil ||
		!strings.HasPrefix(out.String(), "OK: 8 entries, head entry 8") {
		t.Errorf("verify after the acceptance = %q, %v", out.String(), err)
	}
	out.Reset()
	if err := run(t.Context(), []string{"audit", "accept", "-db", path, "-reason", "restored a backup"}, noEnv, nil, &out, io.Discard); err != nil ||
		!strings.Contains(out.String(), "Nothing to accept") {
		t.Errorf("a second accept = %q, %v; want nothing to accept", out.String(), err)
	}
}

// TestOpenAudited: a command that changes the database (as `trainer unlock`
// does) writes keyed entries with the key beside the database, and is
// refused without it rather than writing entries nobody could check.
func TestOpenAudited(t *testing.T) {
	t.Parallel()
	path := auditDB(t)
	db, err := openAudited(t.Context(), &env{Getenv: noEnv}, path, auditFiles{})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.CreateUser(t.Context(), &trainer.User{Name: "Bo Chan", Role: trainer.RoleTrainee, SecretHash: "$test$"}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if out, err := verifyAudit(t, path); err != nil || !strings.HasPrefix(out, "OK: 8 entries, head entry 8") ||
		!strings.Contains(out, "head: the head on record is entry 8") {
		t.Errorf("verify after a keyed change = %q, %v", out, err)
	}
	os.Rename(sqlite.AuditKeyFile(path), path+".key-elsewhere")
	if _, err := openAudited(t.Context(), &env{Getenv: noEnv}, path, auditFiles{}); err == nil || !strings.Contains(err.Error(), "there is no key") {
		t.Errorf("openAudited without the key = %v; want refused", err)
	}
}
