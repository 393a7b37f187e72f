package class

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// What the stores call back inside their transactions (the checks of
// trainer.ClassService, as a trainer.CertCheck decides a certification),
// and what the pages make of the stores' records. A question read from a
// store is a Question without copying: (*Question)(rec).

// CheckNext decides whether a live drill may put its next question at
// now (trainer.ClassNextCheck), current being the question asked last
// (nil before the first): not while current is in its preview or its
// answers are open, paused or not, since its answers would never reach
// the projector. The instructor closes the answers or skips it first.
// Returns KindConflict.
func CheckNext(current *trainer.ClassQuestion, now time.Time) error {
	if current == nil {
		return nil
	}
	switch (*Question)(current).At(now).Phase {
	case PhasePreview, PhaseOpen:
		return refusal(trainer.KindConflict, "class.live.still_open")
	}
	return nil
}

// CheckEvent is Question.Check for the stores (trainer.ClassEventCheck).
func CheckEvent(q *trainer.ClassQuestion, e trainer.ClassEvent) error { return (*Question)(q).Check(e) }

// Grader grades answer to a question whose drill is d, as the store
// records it (trainer.ClassGrader). The answer is taken only from a
// trainee who joined the live drill no later than the question's preview
// (State.Admits; joining earlier counts too), while the answers are open
// and not paused (Question.Answer), and is graded as practice grades it
// (practice.Score) with the time it took: the answer window used so far,
// pauses left out. Returns KindConflict for an answer not taken.
func Grader(d *drills.Drill, answer eval.Answer) trainer.ClassGrader {
	return func(rec *trainer.ClassQuestion, joined, at time.Time) (trainer.Grade, error) {
		q := (*Question)(rec)
		if joined.After(q.Start) && !q.At(joined).Admits() {
			return trainer.Grade{}, refusal(trainer.KindConflict, "class.live.late")
		}
		elapsed, err := q.Answer(at)
		if err != nil {
			return trainer.Grade{}, err
		}
		elapsed = elapsed.Round(time.Millisecond)
		res := practice.Score(d, answer, elapsed)
		ans, err := json.Marshal(answer)
		if err != nil {
			return trainer.Grade{}, err
		}
		key, err := json.Marshal(d.Key)
		if err != nil {
			return trainer.Grade{}, err
		}
		g := trainer.Grade{Answer: ans, Key: key, Correct: res.Correct, Score: res.Score, Speed: practice.Speed(res.Grade),
			Elapsed: elapsed}
		if res.Mistake != nil {
			g.MistakeID = res.Mistake.ID
		}
		return g, nil
	}
}

// Import is the plan as the store commits it (trainer.ClassImport,
// ImportClassRoster): a trainee to create for each added row, in the
// file's order, with the hash of the PIN issued to them, and the ID of
// each trainee who joins. The store sets the new trainees' IDs in that
// order, the order of the plan's FateAdd entries. Rows refused, and
// trainees in the class already, are left out. Returns hash's error.
func (p *Plan) Import(hash func(pin string) (string, error)) (*trainer.ClassImport, error) {
	im := &trainer.ClassImport{}
	for _, e := range p.Entries {
		switch e.Fate {
		case FateAdd:
			h, err := hash(e.IssuedPIN)
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", e.Line, err)
			}
			im.New = append(im.New, &trainer.User{Name: e.Name, Badge: e.Badge, Role: trainer.RoleTrainee, SecretHash: h})
		case FateJoin:
			im.Join = append(im.Join, e.User.ID)
		}
	}
	return im, nil
}

// Responses are the stored answers to one question (the store's
// ClassAnswers) as Tally and the report read them.
func Responses(as []*trainer.Attempt) ([]Response, error) {
	out := make([]Response, 0, len(as))
	for _, a := range as {
		var ans eval.Answer
		if len(a.Answer) > 0 {
			if err := json.Unmarshal(a.Answer, &ans); err != nil {
				return nil, fmt.Errorf("answer %d: %w", a.ID, err)
			}
		}
		out = append(out, Response{UserID: a.UserID, Answer: ans, Correct: a.Correct, Elapsed: a.Elapsed})
	}
	return out, nil
}

// AskedIn lays out a live drill's record (the store's ClassRunRecord) for
// NewReport: each question in order, skipped or not as its events left
// it, with its answers. Its participants are rec.Participants, as
// Report.Scores takes them (Participants).
func AskedIn(rec *trainer.ClassRunRecord) ([]Asked, error) {
	out := make([]Asked, 0, len(rec.Questions))
	for _, rq := range rec.Questions {
		rs, err := Responses(rec.Answers[rq.ID])
		if err != nil {
			return nil, err
		}
		q := (*Question)(rq)
		out = append(out, Asked{Number: q.Number, Game: q.Game, Kind: q.Kind, Level: q.Level, Seed: q.Seed,
			Skill: q.Skill, TargetSeconds: q.TargetSeconds, Skipped: q.skipped(), Responses: rs})
	}
	return out, nil
}

// Participants are the trainees who joined a live drill, for Report.Scores.
func Participants(rec *trainer.ClassRunRecord) []Participant {
	out := make([]Participant, 0, len(rec.Participants))
	for _, p := range rec.Participants {
		out = append(out, Participant{UserID: p.UserID, Table: p.Table})
	}
	return out
}

// skipped reports whether q was skipped: its state once every recorded
// event has been applied.
func (q *Question) skipped() bool {
	last := q.Start
	for _, e := range q.Events {
		if e.At.After(last) {
			last = e.At
		}
	}
	return q.At(last).Phase == PhaseSkipped
}

// ReportMembers are the trainees a live drill's report lists: those of
// users on class c's roster or among the drill's participants (rec).
func ReportMembers(c *Class, rec *trainer.ClassRunRecord, users []*trainer.User) []Member {
	in := map[int64]bool{}
	for _, id := range c.Members {
		in[id] = true
	}
	for _, p := range rec.Participants {
		in[p.UserID] = true
	}
	var members []Member
	for _, u := range users {
		if in[u.ID] {
			members = append(members, Member{UserID: u.ID, Name: u.Name, Badge: u.Badge})
		}
	}
	return members
}
