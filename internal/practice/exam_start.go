package practice

import (
	"context"
	"encoding/json"

	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// ExamBlocked is why eval refuses an exam now, the argument "Why" of the
// refusal "cert.blocked": the state and the policy a page says it from
// (say.CertBlocked). The domain names the refusal by its code and writes no
// word of it.
type ExamBlocked struct {
	Status eval.CertStatus
	Policy rulebook.Policy
}

// ExamGate is what the page that starts an exam shows of it: the
// certification's state, the rules version the kiosk runs with, and the
// training hours' refusal (nil when they allow the exam, or when the state
// refuses it first).
type ExamGate struct {
	Status eval.CertStatus
	Rules  *trainer.RulesVersion
	Hours  error
}

// Gate reads the exam gate of trainee userID in game.
func (f *Flow) Gate(ctx context.Context, userID int64, game string) (ExamGate, error) {
	var g ExamGate
	var err error
	if g.Status, err = f.Certs.Find(ctx, userID, game); err != nil {
		return g, err
	}
	if g.Rules, err = f.DB.FindRulesVersion(ctx, f.Plan.Version()); err != nil {
		return g, err
	}
	if g.Status.CanStartExam {
		g.Hours, err = f.Certs.HoursBeforeExam(ctx, userID, game)
	}
	return g, err
}

// StartExam starts trainee userID's exam of game under standard st at
// site: its items are drawn from the standard's blueprint and fixed
// (PlanExam), then the first is served, asked in lang. The house's
// training hours are checked first (certs.HoursBeforeExam), and eval's
// state inside the store's transaction, on the record as it stands then.
// Returns KindConflict when either refuses it (ExamBlocked names eval's
// reason), and trainer.ErrExamOpen when the trainee has an exam open.
func (f *Flow) StartExam(ctx context.Context, userID int64, game string, st *rulebook.Standard, site int64, lang string) (*trainer.Exam, error) {
	items, err := PlanExam(f.Plan, NewRand(), game, st)
	if err != nil {
		return nil, err
	}
	standard, err := json.Marshal(st)
	if err != nil {
		return nil, err
	}
	ex := &trainer.Exam{UserID: userID, Game: game, House: f.Certs.House.Name, SiteID: site, RulesVersion: f.Plan.Version(),
		Standard: standard, Items: items}
	refused, err := f.Certs.HoursBeforeExam(ctx, userID, game)
	if err != nil {
		return nil, err
	}
	if refused != nil {
		return nil, refused
	}
	if err := f.DB.StartExam(ctx, ex, f.examCheck(game, st.Policy)); err != nil {
		return nil, err
	}
	if _, err := f.ExamItem(ctx, ex, lang); err != nil {
		return nil, err
	}
	return ex, nil
}

// examCheck lets an exam start only when eval says the trainee may sit it
// now, on the record as it stands in the transaction that starts it.
func (f *Flow) examCheck(game string, p rulebook.Policy) trainer.CertCheck {
	return func(rec trainer.CertRecord) error {
		st := f.Certs.Status(rec, game)
		if !st.CanStartExam {
			return trainer.NewError(trainer.KindConflict, "cert.blocked", "Why", ExamBlocked{Status: st, Policy: p})
		}
		return nil
	}
}
