package storetest

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// mustApprove records and approves rules version v, by manager m.
func mustApprove(t *testing.T, db Store, m *trainer.User, v string) {
	t.Helper()
	if _, err := db.RecordRulesVersion(t.Context(), v, map[string][]byte{"drills.toml": []byte("# " + v + "\n")}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ApproveRulesVersion(trainer.WithActor(t.Context(), m), v); err != nil {
		t.Fatal(err)
	}
}

func newExam(u *trainer.User, game string, n int) *trainer.Exam {
	ex := &trainer.Exam{UserID: u.ID, Game: game, House: "default", RulesVersion: "v1", Standard: json.RawMessage(`{"game":"` + game + `"}`)}
	for i := range n {
		ex.Items = append(ex.Items, trainer.ExamItem{Kind: "payout", Level: 2, Seed: uint64(100 + i), Skill: "uth.payout.blind", Seconds: 30})
	}
	return ex
}

func testStartExam(t *testing.T, open Opener) {
	t.Parallel()
	t.Run("OK", func(t *testing.T) {
		db := open(t)
		newClock(db)
		mgr := mustCreateUser(t, db, "Max Manager", trainer.RoleManager, "")
		tia := mustCreateUser(t, db, "Tia Trainee", trainer.RoleTrainee, "")
		mustApprove(t, db, mgr, "v1")
		practice := mustStart(t, db, tia, 10)
		ex := newExam(tia, "uth", 3)
		var seen trainer.CertRecord
		if err := db.StartExam(t.Context(), ex, func(r trainer.CertRecord) error { seen = r; return nil }); err != nil {
			t.Fatal(err)
		}
		if seen.UserID != tia.ID || seen.Game != "uth" || len(seen.Events) != 0 {
			t.Errorf("the check saw %+v; want Tia's empty uth record", seen)
		}
		got, err := db.FindExam(t.Context(), ex.ID, tia.ID)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(ex, got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("FindExam (-started +found):\n%s", diff)
		}
		sess, err := db.OpenPracticeSession(t.Context(), tia.ID)
		if err != nil || sess.ID != ex.ID || sess.Mode != trainer.ModeExam || sess.Planned != 3 {
			t.Errorf("open session %+v (%v); want the exam's, 3 planned", sess, err)
		}
		if old, _ := db.FindPracticeSession(t.Context(), practice.ID, tia.ID); old.Open() {
			t.Error("the practice session is still open after the exam started")
		}
		// Practice is refused while the exam is open, and so is a second exam.
		if err := db.StartPracticeSession(t.Context(), &trainer.PracticeSession{UserID: tia.ID, Mode: trainer.ModePractice,
			Game: "uth", Kind: "payout", Level: 1, House: "default", RulesVersion: "v1", Planned: 10}); !errors.Is(err, trainer.ErrExamOpen) {
			t.Errorf("practice during the exam: %v; want ErrExamOpen", err)
		}
		if err := db.StartExam(t.Context(), newExam(tia, "oracle", 2), nil); !errors.Is(err, trainer.ErrExamOpen) {
			t.Errorf("a second exam: %v; want ErrExamOpen", err)
		}
		es, _ := db.ListAudit(t.Context(), trainer.AuditFilter{Limit: 1})
		if es[0].Action != trainer.AuditExamStarted || es[0].Subject != trainer.CertSubject(tia.ID, "uth") {
			t.Errorf("last audit entry %s on %s; want exam.started on Tia's uth", es[0].Action, es[0].Subject)
		}
	})
	t.Run("ErrRulesNotApproved", func(t *testing.T) {
		db := open(t)
		tia := mustCreateUser(t, db, "Tia Trainee", trainer.RoleTrainee, "")
		if _, err := db.RecordRulesVersion(t.Context(), "v1", nil); err != nil {
			t.Fatal(err)
		}
		err := db.StartExam(t.Context(), newExam(tia, "uth", 2), nil)
		if trainer.KindOf(err) != trainer.KindConflict || !strings.Contains(err.Error(), "approved") {
			t.Errorf("StartExam under rules not approved: %v; want KindConflict", err)
		}
		if _, err := db.OpenPracticeSession(t.Context(), tia.ID); trainer.KindOf(err) != trainer.KindNotFound {
			t.Errorf("a refused exam left a session open: %v", err)
		}
	})
	t.Run("ErrCheckRefuses", func(t *testing.T) {
		db := open(t)
		mgr := mustCreateUser(t, db, "Max Manager", trainer.RoleManager, "")
		tia := mustCreateUser(t, db, "Tia Trainee", trainer.RoleTrainee, "")
		mustApprove(t, db, mgr, "v1")
		no := trainer.Errorf(trainer.KindConflict, "Too early.")
		before, _ := db.VerifyAudit(t.Context())
		if err := db.StartExam(t.Context(), newExam(tia, "uth", 2), func(trainer.CertRecord) error { return no }); err != no {
			t.Errorf("StartExam with a refusing check: %v; want its error", err)
		}
		after, _ := db.VerifyAudit(t.Context())
		if after.Entries != before.Entries {
			t.Errorf("a refused exam wrote %d audit entries", after.Entries-before.Entries)
		}
	})
	t.Run("ErrNotATrainee", func(t *testing.T) {
		db := open(t)
		mgr := mustCreateUser(t, db, "Max Manager", trainer.RoleManager, "")
		mustApprove(t, db, mgr, "v1")
		if err := db.StartExam(t.Context(), newExam(mgr, "uth", 2), nil); trainer.KindOf(err) != trainer.KindNotFound {
			t.Errorf("an exam for a manager: %v; want KindNotFound", err)
		}
	})
}

// TestDB_FinishExam answers an exam's items and finishes it twice at once:
// the result, the event and the audit entry are written once.
func testFinishExam(t *testing.T, open Opener) {
	t.Parallel()
	db := open(t)
	clk := newClock(db)
	mgr := mustCreateUser(t, db, "Max Manager", trainer.RoleManager, "")
	tia := mustCreateUser(t, db, "Tia Trainee", trainer.RoleTrainee, "")
	mustApprove(t, db, mgr, "v1")
	ex := newExam(tia, "uth", 2)
	if err := db.StartExam(t.Context(), ex, nil); err != nil {
		t.Fatal(err)
	}
	sess, _ := db.FindPracticeSession(t.Context(), ex.ID, tia.ID)
	for _, it := range ex.Items {
		a := mustServe(t, db, sess, it.Seed)
		clk.Advance(5 * time.Second)
		if _, err := db.AnswerAttempt(t.Context(), a.ID, tia.ID, db.Clock(), grade(true)); err != nil {
			t.Fatal(err)
		}
	}
	// While the exam is open its answers stay out of the history.
	if as, _ := db.ListAttempts(t.Context(), trainer.AttemptFilter{UserID: tia.ID}); len(as) != 0 {
		t.Errorf("the history lists %d answers of the open exam", len(as))
	}
	if ss, _ := db.ListPracticeSessions(t.Context(), trainer.SessionFilter{UserID: tia.ID}); len(ss) != 0 {
		t.Errorf("the progress lists the open exam's session")
	}
	result := json.RawMessage(`{"passed":true}`)
	done := make(chan *trainer.Exam, 2)
	for range 2 {
		go func() {
			got, err := db.FinishExam(t.Context(), ex, true, result)
			if err != nil {
				t.Error(err)
			}
			done <- got
		}()
	}
	a, b := <-done, <-done
	if a == nil || b == nil || !a.Finished() || !a.Passed || !a.FinishedAt.Equal(b.FinishedAt) || string(a.Result) != string(result) {
		t.Fatalf("finished exams %+v and %+v", a, b)
	}
	rec, err := db.FindCertRecord(t.Context(), tia.ID, "uth")
	if err != nil || len(rec.Events) != 1 || rec.Events[0].Kind != trainer.EventExamPassed || rec.Events[0].ExamID != ex.ID {
		t.Fatalf("cert record %+v (%v); want one exam_passed event of exam %d", rec, err, ex.ID)
	}
	if s, _ := db.FindPracticeSession(t.Context(), ex.ID, tia.ID); s.Open() {
		t.Error("the exam's session is open after the exam finished")
	}
	if as, _ := db.ListAttempts(t.Context(), trainer.AttemptFilter{UserID: tia.ID}); len(as) != 2 {
		t.Errorf("the history lists %d answers of the finished exam; want 2", len(as))
	}
	es, _ := db.ListAudit(t.Context(), trainer.AuditFilter{SubjectPrefix: trainer.CertSubject(tia.ID, "uth")})
	if len(es) != 2 || es[0].Action != trainer.AuditExamFinished || es[1].Action != trainer.AuditExamStarted {
		t.Errorf("Tia's uth audit entries %v; want exam.started, exam.finished once", es)
	}
	exams, err := db.ListExams(t.Context(), trainer.ExamFilter{UserID: tia.ID, Finished: true})
	if err != nil || len(exams) != 1 || len(exams[0].Items) != 2 {
		t.Errorf("ListExams: %d (%v)", len(exams), err)
	}
}

func testRecordCertEvent(t *testing.T, open Opener) {
	t.Parallel()
	setup := func(t *testing.T) (Store, *trainer.User, *trainer.User, *trainer.Exam) {
		db := open(t)
		newClock(db)
		mgr := mustCreateUser(t, db, "Max Manager", trainer.RoleManager, "")
		tia := mustCreateUser(t, db, "Tia Trainee", trainer.RoleTrainee, "")
		mustApprove(t, db, mgr, "v1")
		ex := newExam(tia, "uth", 1)
		if err := db.StartExam(t.Context(), ex, nil); err != nil {
			t.Fatal(err)
		}
		if _, err := db.FinishExam(t.Context(), ex, true, json.RawMessage(`{}`)); err != nil {
			t.Fatal(err)
		}
		return db, mgr, tia, ex
	}
	t.Run("OK", func(t *testing.T) {
		db, mgr, tia, ex := setup(t)
		ctx := trainer.WithActor(t.Context(), mgr)
		fail := &trainer.CertEvent{UserID: tia.ID, Game: "uth", Kind: trainer.EventTableFail, ActorID: mgr.ID, ExamID: ex.ID, Notes: "Paid the Blind on a pair."}
		if err := db.RecordCertEvent(ctx, fail, nil); err != nil {
			t.Fatal(err)
		}
		pass := &trainer.CertEvent{UserID: tia.ID, Game: "uth", Kind: trainer.EventTablePass, ActorID: mgr.ID, ExamID: ex.ID}
		if err := db.RecordCertEvent(ctx, pass, nil); err != nil {
			t.Fatal(err)
		}
		rec, err := db.FindCertRecord(t.Context(), tia.ID, "uth")
		if err != nil || len(rec.Events) != 3 {
			t.Fatalf("record %+v (%v); want 3 events", rec, err)
		}
		if got := rec.Events[2]; got.Kind != trainer.EventTablePass || got.Actor != "Max Manager" || got.ActorID != mgr.ID || got.ExamID != ex.ID {
			t.Errorf("the sign-off %+v; want signed by Max Manager after exam %d", got, ex.ID)
		}
		es, _ := db.ListAudit(t.Context(), trainer.AuditFilter{SubjectPrefix: trainer.CertSubject(tia.ID, "uth"), Limit: 3})
		if es[0].Action != trainer.AuditGranted || es[1].Action != trainer.AuditTableTest || es[2].Action != trainer.AuditTableTest ||
			!strings.Contains(es[2].Detail, "Paid the Blind") || es[0].Actor != "Max Manager" {
			t.Errorf("audit entries %s, %s, %s (%s)", es[0].Action, es[1].Action, es[2].Action, es[2].Detail)
		}
		// An expiry the kiosk notices is on record once, by the kiosk.
		exp := &trainer.CertEvent{UserID: tia.ID, Game: "uth", Kind: trainer.EventExpired, At: db.Clock().AddDate(1, 0, 0), RefID: pass.ID}
		if err := db.RecordCertEvent(ctx, exp, nil); err != nil {
			t.Fatal(err)
		}
		again := *exp
		if err := db.RecordCertEvent(ctx, &again, nil); trainer.KindOf(err) != trainer.KindConflict {
			t.Errorf("the same expiry twice: %v; want KindConflict", err)
		}
		es, _ = db.ListAudit(t.Context(), trainer.AuditFilter{Limit: 2})
		if es[0].Action != trainer.AuditRefresherAssigned || es[1].Action != trainer.AuditExpired || es[1].Actor != "kiosk" {
			t.Errorf("after the expiry: %s, %s by %s", es[1].Action, es[0].Action, es[1].Actor)
		}
	})
	t.Run("ErrOwnCertification", func(t *testing.T) {
		db, _, tia, ex := setup(t)
		e := &trainer.CertEvent{UserID: tia.ID, Game: "uth", Kind: trainer.EventTablePass, ActorID: tia.ID, ExamID: ex.ID}
		if err := db.RecordCertEvent(t.Context(), e, nil); !errors.Is(err, trainer.ErrOwnCertification) {
			t.Errorf("signing one's own: %v; want ErrOwnCertification", err)
		}
	})
	t.Run("ErrTraineeSigns", func(t *testing.T) {
		db, _, tia, ex := setup(t)
		bo := mustCreateUser(t, db, "Bo Chan", trainer.RoleTrainee, "")
		e := &trainer.CertEvent{UserID: tia.ID, Game: "uth", Kind: trainer.EventTablePass, ActorID: bo.ID, ExamID: ex.ID}
		if err := db.RecordCertEvent(t.Context(), e, nil); trainer.KindOf(err) != trainer.KindForbidden {
			t.Errorf("a trainee signs: %v; want KindForbidden", err)
		}
	})
	t.Run("ErrNotesRequired", func(t *testing.T) {
		db, mgr, tia, ex := setup(t)
		e := &trainer.CertEvent{UserID: tia.ID, Game: "uth", Kind: trainer.EventTableRetest, ActorID: mgr.ID, ExamID: ex.ID}
		if err := db.RecordCertEvent(t.Context(), e, nil); trainer.KindOf(err) != trainer.KindInvalid {
			t.Errorf("a re-test without notes: %v; want KindInvalid", err)
		}
	})
	t.Run("ErrCheckRefuses", func(t *testing.T) {
		db, mgr, tia, ex := setup(t)
		before, _ := db.VerifyAudit(t.Context())
		no := trainer.Errorf(trainer.KindConflict, "No.")
		e := &trainer.CertEvent{UserID: tia.ID, Game: "uth", Kind: trainer.EventTablePass, ActorID: mgr.ID, ExamID: ex.ID}
		if err := db.RecordCertEvent(t.Context(), e, func(trainer.CertRecord) error { return no }); err != no {
			t.Errorf("refused: %v", err)
		}
		rec, _ := db.FindCertRecord(t.Context(), tia.ID, "uth")
		after, _ := db.VerifyAudit(t.Context())
		if len(rec.Events) != 1 || after.Entries != before.Entries {
			t.Errorf("a refused sign-off left %d events and %d new audit entries", len(rec.Events), after.Entries-before.Entries)
		}
	})
	t.Run("ErrNotATrainee", func(t *testing.T) {
		db, mgr, _, _ := setup(t)
		ann := mustCreateUser(t, db, "Ann Other", trainer.RoleManager, "")
		e := &trainer.CertEvent{UserID: ann.ID, Game: "uth", Kind: trainer.EventRevoked, ActorID: mgr.ID, Notes: "x"}
		if err := db.RecordCertEvent(t.Context(), e, nil); trainer.KindOf(err) != trainer.KindNotFound {
			t.Errorf("revoking a manager's: %v; want KindNotFound", err)
		}
	})
}

func testCertRecordRefresher(t *testing.T, open Opener) {
	t.Parallel()
	db := open(t)
	clk := newClock(db)
	tia := mustCreateUser(t, db, "Tia Trainee", trainer.RoleTrainee, "")
	s := &trainer.PracticeSession{UserID: tia.ID, Mode: trainer.ModeReview, Game: "uth", Kind: "mixed", Level: 1,
		House: "default", RulesVersion: "v1", Planned: 2}
	if err := db.StartPracticeSession(t.Context(), s); err != nil {
		t.Fatal(err)
	}
	answer := func() time.Time {
		a := mustServe(t, db, s, uint64(clk.Now().Unix()))
		clk.Advance(time.Minute)
		if _, err := db.AnswerAttempt(t.Context(), a.ID, tia.ID, db.Clock(), grade(false)); err != nil {
			t.Fatal(err)
		}
		return db.Clock()
	}
	answer()
	if rec, _ := db.FindCertRecord(t.Context(), tia.ID, "uth"); !rec.RefresherAt.IsZero() {
		t.Errorf("half a review session counts as the refresher (%v)", rec.RefresherAt)
	}
	done := answer()
	rec, err := db.FindCertRecord(t.Context(), tia.ID, "uth")
	if err != nil || !rec.RefresherAt.Equal(done) {
		t.Errorf("refresher at %v (%v); want %v, the last answer of the review", rec.RefresherAt, err, done)
	}
	recs, err := db.ListCertRecords(t.Context(), "")
	if err != nil || len(recs) != 1 || !recs[0].RefresherAt.Equal(done) {
		t.Errorf("ListCertRecords = %+v (%v)", recs, err)
	}
	if rec, _ := db.FindCertRecord(t.Context(), tia.ID, "oracle"); !rec.RefresherAt.IsZero() {
		t.Error("a uth review counts for oracle")
	}
}

func testRulesVersions(t *testing.T, open Opener) {
	t.Parallel()
	db := open(t)
	newClock(db)
	mgr := mustCreateUser(t, db, "Max Manager", trainer.RoleManager, "")
	// A house's PNG logo is no UTF-8 text: it comes back byte for byte,
	// and so does a text file that happens to begin like a stored binary.
	files := map[string][]byte{"games/uth.toml": []byte("game = \"uth\"\n"), "drills.toml": []byte("[targets]\n"),
		"houses/x/logo.png": {0x89, 'P', 'N', 'G', 0xff, 0x00, 0xfe}, "books/odd.md": []byte("\x00base64:AAAA")}
	v, err := db.RecordRulesVersion(t.Context(), "abc", files)
	if err != nil {
		t.Fatal(err)
	}
	if v.Approved() || !cmp.Equal(v.Files, files) {
		t.Errorf("recorded %+v; want the files, not approved", v)
	}
	again, err := db.RecordRulesVersion(t.Context(), "abc", nil)
	if err != nil || !again.FirstSeenAt.Equal(v.FirstSeenAt) || !cmp.Equal(again.Files, files) {
		t.Errorf("recording it again: %+v (%v); want the first record kept", again, err)
	}
	if _, err := db.ApproveRulesVersion(t.Context(), "abc"); trainer.KindOf(err) != trainer.KindUnauthorized {
		t.Errorf("approving with nobody signed in: %v", err)
	}
	ok, err := db.ApproveRulesVersion(trainer.WithActor(t.Context(), mgr), "abc")
	if err != nil || !ok.Approved() || ok.ApprovedBy != "Max Manager" {
		t.Fatalf("approved %+v (%v)", ok, err)
	}
	if _, err := db.ApproveRulesVersion(trainer.WithActor(t.Context(), mgr), "abc"); trainer.KindOf(err) != trainer.KindConflict {
		t.Errorf("approving twice: %v; want KindConflict", err)
	}
	if _, err := db.ApproveRulesVersion(trainer.WithActor(t.Context(), mgr), "nope"); trainer.KindOf(err) != trainer.KindNotFound {
		t.Errorf("approving a version never seen: %v", err)
	}
	es, _ := db.ListAudit(t.Context(), trainer.AuditFilter{SubjectPrefix: trainer.RulesSubject("abc")})
	if len(es) != 2 || es[0].Action != trainer.AuditRulesApproved || es[1].Action != trainer.AuditRulesRecorded {
		t.Errorf("audit of the version: %v", es)
	}
}
