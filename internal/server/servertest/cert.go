package servertest

import (
	"encoding/json"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// The certification states the managers' pages show, seeded through the
// store as the kiosk records them (an exam started and finished, a manager's
// event), at the harness's clock: tests of the dashboard move the clock
// between them instead of sitting real exams.

// SitExam stores an exam of trainee u in game that is started and finished
// now, passed or not, under the harness's rules version (which must be
// approved). It returns the exam.
func (h *Harness) SitExam(u *trainer.User, game string, passed bool) *trainer.Exam {
	h.TB.Helper()
	ex := &trainer.Exam{UserID: u.ID, Game: game, House: "default", RulesVersion: h.Book.Version,
		Standard: json.RawMessage(`{}`),
		Items:    []trainer.ExamItem{{Kind: "payout", Level: 2, Seed: 1, Skill: game + ".payout.ante", Seconds: 30}}}
	if err := h.DB.StartExam(h.TB.Context(), ex, nil); err != nil {
		h.TB.Fatalf("start an exam of %s in %s: %v", u.Name, game, err)
	}
	right := 0
	if passed {
		right = 1
	}
	res, _ := json.Marshal(map[string]any{"passed": passed, "items": 1, "right": right})
	if _, err := h.DB.FinishExam(h.TB.Context(), ex, passed, res); err != nil {
		h.TB.Fatalf("finish the exam of %s in %s: %v", u.Name, game, err)
	}
	return ex
}

// RecordCert records event kind on trainee u's certification in game, by
// manager m, now: a table test (pass, fail, re-test; the passed exam it
// follows is found by the store), a revocation or an allowance.
func (h *Harness) RecordCert(u *trainer.User, game string, kind trainer.CertEventKind, m *trainer.User, notes string) {
	h.TB.Helper()
	e := &trainer.CertEvent{UserID: u.ID, Game: game, Kind: kind, ActorID: m.ID, Notes: notes}
	if kind.IsTableTest() {
		rec, err := h.DB.FindCertRecord(h.TB.Context(), u.ID, game)
		if err != nil {
			h.TB.Fatal(err)
		}
		for _, ev := range rec.Events {
			if ev.Kind == trainer.EventExamPassed {
				e.ExamID = ev.ExamID
			}
		}
	}
	if err := h.DB.RecordCertEvent(trainer.WithActor(h.TB.Context(), m), e, nil); err != nil {
		h.TB.Fatalf("record %s for %s in %s: %v", kind, u.Name, game, err)
	}
}

// Certify gives trainee u a certificate in game now: a passed exam and a
// table test passed with manager m.
func (h *Harness) Certify(u *trainer.User, game string, m *trainer.User) {
	h.TB.Helper()
	h.SitExam(u, game, true)
	h.RecordCert(u, game, trainer.EventTablePass, m, "")
}
