package sqlite_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// certRecords is a keyed kiosk database where Tia failed one exam of uth,
// passed the next, and failed the table test that followed.
type certRecords struct {
	*keyedDB
	mgr, tia       *trainer.User
	failed, passed *trainer.Exam
	tableFail      *trainer.CertEvent
}

func newCertRecords(t *testing.T) *certRecords {
	t.Helper()
	k := openKeyed(t, 0)
	c := &certRecords{keyedDB: k}
	c.mgr = mustCreateUser(t, k.DB, "Max Manager", trainer.RoleManager, "")
	c.tia = mustCreateUser(t, k.DB, "Tia Trainee", trainer.RoleTrainee, "")
	mustApprove(t, k.DB, c.mgr, "v1")
	c.failed = c.sitExam(t, false)
	c.passed = c.sitExam(t, true)
	c.tableFail = &trainer.CertEvent{UserID: c.tia.ID, Game: "uth", Kind: trainer.EventTableFail, ActorID: c.mgr.ID,
		ExamID: c.passed.ID, Notes: "Paid the Blind on a pair."}
	if err := k.RecordCertEvent(trainer.WithActor(t.Context(), c.mgr), c.tableFail, nil); err != nil {
		t.Fatal(err)
	}
	return c
}

// sitExam starts an exam of uth and finishes it, passed or not.
func (c *certRecords) sitExam(t *testing.T, passed bool) *trainer.Exam {
	t.Helper()
	ex := newExam(c.tia, "uth", 2)
	if err := c.StartExam(t.Context(), ex, nil); err != nil {
		t.Fatal(err)
	}
	out, err := c.FinishExam(t.Context(), ex, passed, json.RawMessage(fmt.Sprintf(`{"passed":%t,"right":%d}`, passed, map[bool]int{true: 2}[passed])))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// mismatchTexts is every disagreement VerifyRecords finds, one per line.
func (c *certRecords) mismatchTexts(t *testing.T) string {
	t.Helper()
	_, ms, err := c.VerifyRecords(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, m := range ms {
		if m.UserID != c.tia.ID || m.Game != "uth" || m.About == "" {
			t.Errorf("a disagreement of trainee %d in %q, about %q", m.UserID, m.Game, m.About)
		}
		lines = append(lines, m.Text)
	}
	return strings.Join(lines, "\n")
}

// TestDB_VerifyRecords: each exam and certification event changed behind the
// kiosk's back is found and named against the audit entry that recorded it.
func TestDB_VerifyRecords(t *testing.T) {
	t.Parallel()
	t.Run("OK", func(t *testing.T) {
		c := newCertRecords(t)
		rep, ms, err := c.VerifyRecords(t.Context())
		if err != nil || len(ms) != 0 || rep.Exams != 2 || rep.Events != 3 {
			t.Fatalf("VerifyRecords = %+v, %v, %v; want 2 exams and 3 events in agreement", rep, ms, err)
		}
	})
	tests := []struct {
		name   string
		tamper func(c *certRecords) []string // SQL
		want   func(c *certRecords) []string // in the disagreements
	}{
		{"an exam failure turned into a pass", func(c *certRecords) []string {
			return []string{fmt.Sprintf(`UPDATE exams SET passed = 1, result = '{"passed":true,"right":2}' WHERE session_id = %d`, c.failed.ID)}
		}, func(c *certRecords) []string {
			return []string{fmt.Sprintf("exam %d (trainee %d in uth", c.failed.ID, c.tia.ID), "it is recorded as passed, but audit entry",
				"recorded it failed", "its stored result (the marks per kind) is not the one audit entry"}
		}},
		{"an exam's marks changed", func(c *certRecords) []string {
			return []string{fmt.Sprintf(`UPDATE exams SET result = '{"passed":false,"right":1}' WHERE session_id = %d`, c.failed.ID)}
		}, func(c *certRecords) []string {
			return []string{fmt.Sprintf("exam %d", c.failed.ID), "its stored result (the marks per kind) is not the one"}
		}},
		{"a failed exam's event made a pass", func(c *certRecords) []string {
			return []string{`DROP TRIGGER cert_events_no_update`,
				fmt.Sprintf(`UPDATE cert_events SET kind = 'exam_passed' WHERE exam_id = %d`, c.failed.ID)}
		}, func(c *certRecords) []string {
			return []string{"(exam_passed of trainee", "recorded the exam as failed"}
		}},
		{"a failed table test made a pass", func(c *certRecords) []string {
			return []string{`DROP TRIGGER cert_events_no_update`,
				fmt.Sprintf(`UPDATE cert_events SET kind = 'table_pass' WHERE id = %d`, c.tableFail.ID)}
		}, func(c *certRecords) []string {
			return []string{fmt.Sprintf("certification event %d (table_pass", c.tableFail.ID), `recorded the table test as "fail"`,
				"no audit entry records the grant of the certificate"}
		}},
		{"a table test's notes changed", func(c *certRecords) []string {
			return []string{`DROP TRIGGER cert_events_no_update`,
				fmt.Sprintf(`UPDATE cert_events SET notes = 'Fine.' WHERE id = %d`, c.tableFail.ID)}
		}, func(c *certRecords) []string {
			return []string{fmt.Sprintf("certification event %d", c.tableFail.ID), "recorded other notes"}
		}},
		{"a grant added", func(c *certRecords) []string {
			return []string{fmt.Sprintf(`INSERT INTO cert_events (user_id, game, kind, at, actor_id, exam_id) VALUES (%d, 'uth', 'table_pass', '2026-01-02T03:04:05.000Z', %d, %d)`,
				c.tia.ID, c.mgr.ID, c.passed.ID)}
		}, func(c *certRecords) []string {
			return []string{"(table_pass of trainee", "no audit entry records it: it was added or changed behind the kiosk's back"}
		}},
		{"an event deleted", func(c *certRecords) []string {
			return []string{`DROP TRIGGER cert_events_no_delete`, fmt.Sprintf(`DELETE FROM cert_events WHERE exam_id = %d`, c.failed.ID)}
		}, func(c *certRecords) []string {
			return []string{"(exam.finished", "which is missing from the records: it was deleted"}
		}},
		{"an exam added", func(c *certRecords) []string {
			return []string{
				fmt.Sprintf(`INSERT INTO practice_sessions (id, user_id, mode, game, kind, level, house, rules_version, planned, started_at) VALUES (999, %d, 'exam', 'uth', 'mixed', 2, 'default', 'v1', 1, '2026-01-02T03:04:05.000Z')`, c.tia.ID),
				fmt.Sprintf(`INSERT INTO exams (session_id, user_id, game, house, rules_version, standard, started_at, finished_at, passed, result) VALUES (999, %d, 'uth', 'default', 'v1', '{}', '2026-01-02T03:04:05.000Z', '2026-01-02T03:14:05.000Z', 1, '{}')`, c.tia.ID),
			}
		}, func(c *certRecords) []string {
			return []string{"exam 999 (trainee", "no audit entry records its start", "no audit entry records its end"}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCertRecords(t)
			raw := behindTheBack(t, c.DB)
			for _, q := range tt.tamper(c) {
				mustExec(t, raw, q)
			}
			got := c.mismatchTexts(t)
			for _, w := range tt.want(c) {
				if !strings.Contains(got, w) {
					t.Errorf("the disagreements do not say %q:\n%s", w, got)
				}
			}
			// The chain itself is intact: only the records were changed.
			if _, err := c.VerifyAudit(t.Context()); err != nil {
				t.Errorf("VerifyAudit = %v; the audit log was not touched", err)
			}
			if ms, err := c.CheckCertRecords(t.Context(), c.tia.ID, "uth"); err != nil || len(ms) == 0 {
				t.Errorf("CheckCertRecords of Tia in uth = %v, %v; want the disagreements", ms, err)
			}
			if ms, err := c.CheckCertRecords(t.Context(), c.tia.ID, "oracle"); err != nil || len(ms) != 0 {
				t.Errorf("CheckCertRecords of Tia in oracle = %v, %v; want none", ms, err)
			}
		})
	}
}

// TestDB_RecordCertEvent_RecordsDisagree: a certificate is not granted on
// records that disagree with the audit trail; agreeing records grant it.
func TestDB_RecordCertEvent_RecordsDisagree(t *testing.T) {
	t.Parallel()
	c := newCertRecords(t)
	ctx := trainer.WithActor(t.Context(), c.mgr)
	before, _ := c.VerifyAudit(t.Context())
	raw := behindTheBack(t, c.DB)
	mustExec(t, raw, `DROP TRIGGER cert_events_no_update`)
	mustExec(t, raw, fmt.Sprintf(`UPDATE cert_events SET kind = 'exam_passed' WHERE exam_id = %d`, c.failed.ID))
	mustExec(t, raw, fmt.Sprintf(`UPDATE exams SET passed = 1 WHERE session_id = %d`, c.failed.ID))
	pass := &trainer.CertEvent{UserID: c.tia.ID, Game: "uth", Kind: trainer.EventTablePass, ActorID: c.mgr.ID, ExamID: c.passed.ID}
	err := c.RecordCertEvent(ctx, pass, nil)
	var re *sqlite.RecordsError
	if !errors.As(err, &re) || trainer.KindOf(err) != trainer.KindConflict || len(re.Mismatches) < 2 ||
		!strings.Contains(trainer.MessageOf(err), "do not match the audit trail") ||
		!strings.Contains(trainer.MessageOf(err), "the audit trail says it was failed") {
		t.Fatalf("a grant on changed records = %v; want RecordsError (KindConflict) saying what differs", err)
	}
	after, _ := c.VerifyAudit(t.Context())
	rec, _ := c.FindCertRecord(t.Context(), c.tia.ID, "uth")
	if after.Entries != before.Entries || len(rec.Events) != 3 {
		t.Errorf("the refused grant wrote %d entries and left %d events", after.Entries-before.Entries, len(rec.Events))
	}
	// Put back, the records agree again and the grant goes through; a
	// revocation or another table test is never held back.
	mustExec(t, raw, fmt.Sprintf(`UPDATE cert_events SET kind = 'exam_failed' WHERE exam_id = %d`, c.failed.ID))
	mustExec(t, raw, fmt.Sprintf(`UPDATE exams SET passed = 0 WHERE session_id = %d`, c.failed.ID))
	c.Now = func() time.Time { return time.Now().UTC() }
	if err := c.RecordCertEvent(ctx, pass, nil); err != nil {
		t.Fatalf("the grant on agreeing records: %v", err)
	}
}
