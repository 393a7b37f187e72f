package sqlite_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/records"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// recordsDB is a keyed kiosk database with one of each record of issue 24:
// a signer's mark, an approved programme, a failed table test with its
// sheet, entered hours and a topic completion.
type recordsDB struct {
	*certRecords
	admin   *trainer.User
	version *trainer.ProgrammeVersion
	test    *trainer.TableTest
	hours   *trainer.TableHours
	topic   *trainer.TopicCompletion
}

func newRecordsDB(t *testing.T) *recordsDB {
	t.Helper()
	r := &recordsDB{certRecords: newCertRecords(t)}
	r.admin = mustCreateUser(t, r.DB, "Ada Admin", trainer.RoleAdministrator, "")
	admin := trainer.WithActor(t.Context(), r.admin)
	body := trainer.ProgrammeBody{Game: "uth", MinimumHours: 40, DrillKinds: []string{"payout"},
		Topics:    []trainer.ProgrammeTopic{{ID: "payouts", Hours: 8}},
		Checklist: []trainer.ProgrammeItem{{ID: "shuffle"}, {ID: "payouts"}},
		Standard:  json.RawMessage(`{}`)}
	v, err := r.RecordProgrammeVersion(t.Context(), &trainer.ProgrammeVersion{Body: body})
	if err != nil {
		t.Fatal(err)
	}
	if r.version, err = r.ApproveProgrammeVersion(admin, v.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := r.SetTableTestSigner(admin, r.mgr.ID, true); err != nil {
		t.Fatal(err)
	}
	r.test = &trainer.TableTest{Event: trainer.CertEvent{UserID: r.tia.ID, Game: "uth", ActorID: r.mgr.ID, Notes: "Short-paid a flush."},
		Signature: "Max Manager", Items: []trainer.ChecklistResult{{Item: "shuffle", Result: trainer.ItemPass}, {Item: "payouts", Result: trainer.ItemFail}}}
	policy := rulebook.Policy{Retakes: 2, RetakeWaitHours: 48, ValidityMonths: 12, DueDays: 30}
	mgr := trainer.WithActor(t.Context(), r.mgr)
	if err := r.RecordTableTest(mgr, r.test, records.TableTestCheck(policy)); err != nil {
		t.Fatal(err)
	}
	r.hours = &trainer.TableHours{UserID: r.tia.ID, Game: "uth", Day: r.Clock().UTC().Truncate(24 * time.Hour), Table: "UTH 2", Minutes: 45}
	if err := r.EnterTableHours(mgr, r.hours); err != nil {
		t.Fatal(err)
	}
	r.topic = &trainer.TopicCompletion{UserID: r.tia.ID, Topic: "cpr", Day: r.hours.Day, Evidence: "Red Cross 4411"}
	if err := r.RecordTopicCompletion(mgr, r.topic); err != nil {
		t.Fatal(err)
	}
	return r
}

// TestRecordsVerifyBehindTheBack: `trainer audit verify` (VerifyRecords)
// checks authorisations' table tests, hours, topic completions, programme
// versions and signers' marks against the audit trail, as it checks exams:
// each row changed, added or deleted behind the kiosk's back is named.
func TestRecordsVerifyBehindTheBack(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		tamper func(r *recordsDB) []string
		want   func(r *recordsDB) []string
	}{
		{"hours inflated", func(r *recordsDB) []string {
			return []string{fmt.Sprintf(`UPDATE table_hours SET minutes = 600 WHERE id = %d`, r.hours.ID)}
		}, func(r *recordsDB) []string { return []string{"recorded 45 minutes; the records hold 600"} }},
		{"hours added", func(r *recordsDB) []string {
			return []string{fmt.Sprintf(`INSERT INTO table_hours (user_id, game, day, table_name, minutes, entered_at) VALUES (%d, 'uth', '2026-01-02', 'UTH 9', 700, '2026-01-02T03:04:05.000Z')`, r.tia.ID)}
		}, func(r *recordsDB) []string {
			return []string{"no audit entry records them: they were added behind the kiosk's back"}
		}},
		{"hours deleted", func(r *recordsDB) []string {
			return []string{fmt.Sprintf(`DELETE FROM table_hours WHERE id = %d`, r.hours.ID)}
		}, func(r *recordsDB) []string {
			return []string{"which are missing from the records: they were deleted behind the kiosk's back"}
		}},
		{"a failed item made a pass", func(r *recordsDB) []string {
			return []string{`DROP TRIGGER table_test_sheets_no_update`,
				fmt.Sprintf(`UPDATE table_test_sheets SET items = '[{"item":"shuffle","result":"pass"},{"item":"payouts","result":"pass"}]' WHERE event_id = %d`, r.test.Event.ID)}
		}, func(r *recordsDB) []string { return []string{"recorded another checklist: payouts was fail, not pass"} }},
		{"the signature changed", func(r *recordsDB) []string {
			return []string{`DROP TRIGGER table_test_sheets_no_update`,
				fmt.Sprintf(`UPDATE table_test_sheets SET signature = 'M.M.' WHERE event_id = %d`, r.test.Event.ID)}
		}, func(r *recordsDB) []string {
			return []string{`recorded the signature "Max Manager"; the records hold "M.M."`}
		}},
		{"a topic completion added", func(r *recordsDB) []string {
			return []string{fmt.Sprintf(`INSERT INTO topic_completions (user_id, topic, day, evidence, recorded_at) VALUES (%d, 'aml', '2026-01-02', 'none', '2026-01-02T03:04:05.000Z')`, r.tia.ID)}
		}, func(r *recordsDB) []string {
			return []string{"topic completion", "no audit entry records it: it was added behind the kiosk's back"}
		}},
		{"a signer marked", func(r *recordsDB) []string {
			return []string{fmt.Sprintf(`INSERT INTO table_test_signers (user_id, allowed_at) VALUES (%d, '2026-01-02T03:04:05.000Z')`, r.admin.ID)}
		}, func(r *recordsDB) []string {
			return []string{fmt.Sprintf("the mark of user %d as one who may sign table tests: no audit entry records it", r.admin.ID)}
		}},
		{"the programme changed", func(r *recordsDB) []string {
			return []string{fmt.Sprintf(`UPDATE programme_versions SET body = replace(body, '"minimum_hours":40', '"minimum_hours":4') WHERE id = %d`, r.version.ID)}
		}, func(r *recordsDB) []string { return []string{"its content is not the content its digest was made of"} }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRecordsDB(t)
			if got := r.recordsMismatches(t); got != "" {
				t.Fatalf("before tampering the records disagree:\n%s", got)
			}
			raw := behindTheBack(t, r.DB)
			for _, q := range tt.tamper(r) {
				mustExec(t, raw, q)
			}
			got := r.recordsMismatches(t)
			for _, w := range tt.want(r) {
				if !strings.Contains(got, w) {
					t.Errorf("the disagreements do not say %q:\n%s", w, got)
				}
			}
		})
	}
}

// recordsMismatches is every disagreement VerifyRecords finds, one per
// line; each says in a dealer's words what it is about.
func (r *recordsDB) recordsMismatches(t *testing.T) string {
	t.Helper()
	_, ms, err := r.VerifyRecords(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, m := range ms {
		if m.About == "" {
			t.Errorf("a disagreement without its words: %q", m.Text)
		}
		lines = append(lines, m.Text)
	}
	return strings.Join(lines, "\n")
}
