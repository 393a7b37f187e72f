package class_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/dealerkiosk/trainer/internal/class"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// record is question as the store reads it back.
func record(q *class.Question) *trainer.ClassQuestion { return (*trainer.ClassQuestion)(q) }

func TestCheckNext(t *testing.T) {
	t.Parallel()
	if err := class.CheckNext(nil, at(0)); err != nil {
		t.Errorf("CheckNext before the first question = %v", err)
	}
	for _, tt := range []struct {
		name string
		q    *class.Question
		at   float64
		id   string
	}{
		{"in the preview", question(), 2, "class.live.still_open"},
		{"answers open", question(), 8, "class.live.still_open"},
		{"paused", question(ev(class.ActionPause, 8)), 60, "class.live.still_open"},
		{"closed at the end of the window", question(), 17, ""},
		{"closed early", question(ev(class.ActionLock, 8)), 9, ""},
		{"skipped in the preview", question(ev(class.ActionSkip, 1)), 2, ""},
	} {
		if got := refusalID(t, class.CheckNext(record(tt.q), at(tt.at))); got != tt.id {
			t.Errorf("CheckNext %s = %q; want %q", tt.name, got, tt.id)
		}
	}
}

func TestCheckEvent(t *testing.T) {
	t.Parallel()
	q := record(question(ev(class.ActionPause, 6)))
	if got := refusalID(t, class.CheckEvent(q, ev(class.ActionPause, 7))); got != "class.live.paused_already" {
		t.Errorf("CheckEvent(pause while paused) = %q", got)
	}
	if err := class.CheckEvent(q, ev(class.ActionResume, 7)); err != nil {
		t.Errorf("CheckEvent(resume while paused) = %v", err)
	}
}

// TestGrader: the store's grading callback takes an answer only while the
// answers are open, from a trainee who joined no later than the preview,
// and grades it as practice does, with the window's time.
func TestGrader(t *testing.T) {
	t.Parallel()
	d := payoutDrill()
	grade := class.Grader(d, amount(15))
	g, err := grade(record(question()), at(-60), at(9))
	if err != nil {
		t.Fatal(err)
	}
	want := trainer.Grade{Answer: []byte(`{"amount":15}`), Key: g.Key, Correct: true, Score: 1, Speed: trainer.SpeedFast,
		Elapsed: 4 * time.Second}
	if diff := cmp.Diff(want, g); diff != "" {
		t.Errorf("a right answer 4 s into the window (-want +got):\n%s", diff)
	}
	if !strings.Contains(string(g.Key), `"amount"`) {
		t.Errorf("the key stored is %s; want the drill's", g.Key)
	}
	wrong, err := class.Grader(d, amount(30))(record(question()), at(3), at(15))
	if err != nil || wrong.Correct || wrong.MistakeID != "uth.blind_paid_below_straight" || wrong.Elapsed != 10*time.Second {
		t.Errorf("a wrong answer from a trainee who joined in the preview = %+v, %v; want the anticipated mistake, 10 s", wrong, err)
	}
	for _, tt := range []struct {
		name        string
		q           *class.Question
		joined, ans float64
		id          string
	}{
		{"joined once answers were open", question(), 6, 8, "class.live.late"},
		{"in the preview", question(), 0, 3, "class.live.not_open"},
		{"after the window", question(), 0, 17.5, "class.live.closed"},
		{"closed early", question(ev(class.ActionLock, 7)), 0, 8, "class.live.closed"},
		{"while paused", question(ev(class.ActionPause, 7)), 0, 8, "class.live.answer_paused"},
		{"skipped", question(ev(class.ActionSkip, 7)), 0, 8, "class.live.skipped"},
	} {
		_, err := grade(record(tt.q), at(tt.joined), at(tt.ans))
		if got := refusalID(t, err); got != tt.id || trainer.KindOf(err) != trainer.KindConflict {
			t.Errorf("an answer %s: %q (%v); want %q", tt.name, got, trainer.KindOf(err), tt.id)
		}
	}
	// With no preview, a trainee who joined before the question takes it.
	open := &class.Question{Start: t0, Timing: class.Timing{Window: 12 * time.Second}}
	if _, err := grade(record(open), at(-1), at(2)); err != nil {
		t.Errorf("no preview, joined before: %v", err)
	}
}

func TestPlan_Import(t *testing.T) {
	t.Parallel()
	tina := &trainer.User{ID: 4, Name: "Tina Trainee", Role: trainer.RoleTrainee, Badge: "T-1", Active: true}
	rows, err := class.ParseRoster([]byte("name,badge,pin\nTina Trainee,T-1,\nAnna Bell,B-2,4821\nCarl Dune,,\nTina Trainee,,\n"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := class.PlanImport(rows, class.IndexUsers([]*trainer.User{tina}), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	var hashed []string
	im, err := p.Import(func(pin string) (string, error) { hashed = append(hashed, pin); return "hash:" + pin, nil })
	if err != nil {
		t.Fatal(err)
	}
	if len(im.New) != 2 || im.New[0].Name != "Anna Bell" || im.New[0].Badge != "B-2" || im.New[0].SecretHash != "hash:4821" ||
		im.New[1].Name != "Carl Dune" || im.New[1].Role != trainer.RoleTrainee || !slicesEqual(im.Join, []int64{4}) {
		t.Errorf("Import = new %+v, %+v; join %v; want Anna and Carl new, Tina joining", im.New[0], im.New[1], im.Join)
	}
	if len(hashed) != 2 || hashed[1] != p.Slips()[0].IssuedPIN {
		t.Errorf("hashed %v; want the file's PIN, then the one made for Carl's slip", hashed)
	}
	boom := errors.New("no entropy")
	if _, err := p.Import(func(string) (string, error) { return "", boom }); !errors.Is(err, boom) || !strings.Contains(err.Error(), "line 3") {
		t.Errorf("Import with a failing hash = %v; want the error, naming the line", err)
	}
}

func slicesEqual(a, b []int64) bool { return cmp.Equal(a, b) }

// TestAskedIn: a stored live drill reads back as the report's questions,
// a skipped one marked, each with its answers.
func TestAskedIn(t *testing.T) {
	t.Parallel()
	d := payoutDrill()
	q1, q2 := question(), question(ev(class.ActionSkip, 3))
	q1.ID, q1.Skill, q1.TargetSeconds = 11, "uth.payout.blind", 12
	q2.ID, q2.Number = 12, 2
	right, err := class.Grader(d, amount(15))(record(q1), at(0), at(8))
	if err != nil {
		t.Fatal(err)
	}
	rec := &trainer.ClassRunRecord{
		Questions:    []*trainer.ClassQuestion{record(q1), record(q2)},
		Participants: []trainer.ClassParticipant{{UserID: 1, Table: "3"}, {UserID: 2}},
		Answers:      map[int64][]*trainer.Attempt{11: {{UserID: 1, Grade: right}}},
	}
	asked, err := class.AskedIn(rec)
	if err != nil {
		t.Fatal(err)
	}
	want := []class.Asked{
		{Number: 1, Game: "uth", Kind: "payout", Level: 1, Seed: 7, Skill: "uth.payout.blind", TargetSeconds: 12,
			Responses: []class.Response{{UserID: 1, Answer: amount(15), Correct: true, Elapsed: 3 * time.Second}}},
		{Number: 2, Game: "uth", Kind: "payout", Level: 1, Seed: 7, Skipped: true, Responses: []class.Response{}},
	}
	if diff := cmp.Diff(want, asked); diff != "" {
		t.Errorf("AskedIn (-want +got):\n%s", diff)
	}
	if got := class.Participants(rec); !cmp.Equal(got, []class.Participant{{UserID: 1, Table: "3"}, {UserID: 2}}) {
		t.Errorf("Participants = %+v", got)
	}
}
