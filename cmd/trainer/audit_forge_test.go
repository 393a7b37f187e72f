package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestAudit_ForgedWithoutTheKeyRefused is the attack of issue 25 on a kiosk
// whose audit key is kept outside its folder (TRAINER_AUDIT_KEY): someone
// who can write the database file and its folder, but has no key, rewrites
// the log as if it had never been keyed (the keying entry dropped, plain
// hashes from the start, a failed exam turned into a pass in the rows and in
// its entry) and deletes the head file. Before, verify said OK ("not
// keyed") and the kiosk started and keyed the forgery. Now verify fails,
// the kiosk and the commands that write refuse to start, each saying the way
// out, and only `trainer audit accept` with a reason lets it start, which
// the log records.
func TestAudit_ForgedWithoutTheKeyRefused(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "kiosk.db")
	key := make([]byte, trainer.AuditKeySize)
	for i := range key {
		key[i] = byte(i + 7)
	}
	getenv := func(k string) string {
		if k == "TRAINER_AUDIT_KEY" {
			return hex.EncodeToString(key)
		}
		return ""
	}
	db, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
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
	es, err := db.ListAudit(t.Context(), trainer.AuditFilter{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()

	// The forgery, as someone with the file but not the key does it.
	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := raw.Exec(q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	exec(`DROP TRIGGER audit_log_no_update`)
	exec(`DROP TRIGGER audit_log_no_delete`)
	exec(`DROP TRIGGER cert_events_no_update`)
	exec(`DELETE FROM audit_log WHERE seq = 1`)
	prev := trainer.GenesisHash
	for i := len(es) - 2; i >= 0; i-- { // oldest first, the keying entry left out
		e := *es[i]
		if e.Action == trainer.AuditExamFinished || strings.HasPrefix(e.Action, "certification") || e.Action == "exam.failed" {
			e.Detail = strings.ReplaceAll(e.Detail, `"passed":false`, `"passed":true`)
		}
		e.Seq--
		e.PrevHash, e.Keyed = prev, false
		e.Hash = e.ComputeHash()
		exec(`UPDATE audit_log SET seq = ?, detail = ?, prev_hash = ?, hash = ? WHERE seq = ?`, e.Seq, e.Detail, e.PrevHash, e.Hash, e.Seq+1)
		prev = e.Hash
	}
	exec(`UPDATE exams SET passed = 1, result = '{"passed":true}'`)
	raw.Close()
	if err := os.Remove(sqlite.AuditHeadFile(path)); err != nil {
		t.Fatal(err)
	}

	var out bytes.Buffer
	err = run(t.Context(), []string{"audit", "verify", "-db", path}, getenv, nil, &out, io.Discard)
	wantExit1(t, "a log rewritten as never keyed", err, "carries no mark of its key")
	if !strings.Contains(out.String(), "NOT KEYED: ") {
		t.Errorf("verify of the forgery says:\n%s", out.String())
	}
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	err = run(ctx, []string{"serve", "-addr", "127.0.0.1:0", "-db", path}, getenv, nil, io.Discard, io.Discard)
	cancel()
	if err == nil || !strings.Contains(err.Error(), "none carries the audit key's mark") || !strings.Contains(err.Error(), "trainer audit accept -db "+path+" -reason") {
		t.Errorf("serve on the forgery = %v; want refused, saying the way out", err)
	}
	err = run(t.Context(), []string{"unlock", "-db", path, "--all"}, getenv, nil, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "none carries the audit key's mark") {
		t.Errorf("unlock on the forgery = %v; want refused", err)
	}
	if err := run(t.Context(), []string{"audit", "accept", "-db", path}, getenv, nil, io.Discard, io.Discard); err == nil ||
		!strings.Contains(err.Error(), "-reason") {
		t.Errorf("accept without a reason = %v; want refused, naming -reason", err)
	}

	// The operator's explicit step: the log is taken as it is, and says so.
	out.Reset()
	if err := run(t.Context(), []string{"audit", "accept", "-db", path, "-reason", "upgraded with the key already given"}, getenv, nil, &out, io.Discard); err != nil ||
		!strings.Contains(out.String(), "carried no audit key's mark") {
		t.Fatalf("accept = %v:\n%s", err, out.String())
	}
	// The chain now verifies, keyed from the acceptance on; the records
	// still say what the forger left half done (the exam's marks, its
	// certification event), as they would after any acceptance.
	out.Reset()
	run(t.Context(), []string{"audit", "verify", "-db", path}, getenv, nil, &out, io.Discard)
	if !strings.HasPrefix(out.String(), "OK: ") || !strings.Contains(out.String(), "keyed: entries 7 to 8") {
		t.Errorf("verify after the acceptance:\n%s", out.String())
	}
	startGroupKiosk(t, getenv, path) // serves the file as it serves a group's URL
}
