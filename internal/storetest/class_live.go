package storetest

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/class"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// payout is a payout drill whose key is 15; 30 is its anticipated mistake.
var payout = &drills.Drill{Game: "uth", Kind: drills.KindPayout, TargetSeconds: 12, Key: drills.Key{Amount: units(15)},
	Mistakes: []drills.Mistake{{Key: drills.Key{Amount: units(30)}, ID: "uth.blind_paid_below_straight"}}}

func units(n int64) *games.Money { m := games.Money(n) * games.Unit; return &m }

// answer is a trainee's answer of amount n to the payout drill.
func answer(n int64) trainer.ClassGrader { return class.Grader(payout, eval.Answer{Amount: units(n)}) }

// mustStartRun starts a live drill of c by instructor.
func mustStartRun(t *testing.T, db Store, c *trainer.Class, instructor *trainer.User) *trainer.ClassRun {
	t.Helper()
	r := &trainer.ClassRun{ClassID: c.ID, House: "default", RulesVersion: "v1"}
	if err := db.StartClassRun(trainer.WithActor(t.Context(), instructor), r); err != nil {
		t.Fatalf("StartClassRun: %v", err)
	}
	return r
}

// newQuestion is a payout question of r with a preview and a window.
func newQuestion(r *trainer.ClassRun, seed uint64, preview, window time.Duration) *trainer.ClassQuestion {
	return &trainer.ClassQuestion{RunID: r.ID, Game: "uth", Kind: "payout", Level: 1, Seed: seed, House: "default",
		RulesVersion: "v1", Skill: "uth.payout.blind", TargetSeconds: 12, Timing: trainer.ClassTiming{Preview: preview, Window: window}}
}

func mustAsk(t *testing.T, db Store, q *trainer.ClassQuestion) *trainer.ClassQuestion {
	t.Helper()
	if err := db.StartClassQuestion(t.Context(), q, class.CheckNext); err != nil {
		t.Fatalf("StartClassQuestion: %v", err)
	}
	return q
}

func mustJoin(t *testing.T, db Store, r *trainer.ClassRun, u *trainer.User) *trainer.ClassParticipant {
	t.Helper()
	p, err := db.JoinClassRun(t.Context(), r.ID, u.ID)
	if err != nil {
		t.Fatalf("JoinClassRun(%s): %v", u.Name, err)
	}
	return p
}

// refusedWith reports whether err is the catalogue's message id.
func refusedWith(err error, id string) bool {
	var e *trainer.Error
	return errors.As(err, &e) && e.ID == id
}

// testClassLive: a live drill from start to end, on the store's clock. One
// live drill of a class at a time; only the class's active trainees join,
// each into a session of ModeClass that ends the practice they had open;
// an answer is taken once per trainee per question, only while the
// answers are open (not in the preview, not paused, not after the lock),
// only from a trainee who joined no later than the preview, and only to
// the current question; each change bumps the live version; the answers
// show in history and review; the end closes the trainees' sessions with
// the count of questions asked.
func testClassLive(t *testing.T, open Opener) {
	t.Parallel()
	db := open(t)
	clk := newClock(db)
	ctx := t.Context()
	max := mustCreateUser(t, db, "Max Manager", trainer.RoleManager, "")
	tia := mustCreateUser(t, db, "Tia Trainee", trainer.RoleTrainee, "")
	tom := mustCreateUser(t, db, "Tom Trainee", trainer.RoleTrainee, "")
	una := mustCreateUser(t, db, "Una Trainee", trainer.RoleTrainee, "")
	vic := mustCreateUser(t, db, "Vic Trainee", trainer.RoleTrainee, "")
	rex := mustCreateUser(t, db, "Rex Outsider", trainer.RoleTrainee, "")
	c := mustCreateClass(t, db, "Evenings", max, tia, tom, una, vic)
	versions := []int64{liveVersion(t, db, c.ID)}
	bumped := func(what string) {
		t.Helper()
		v := liveVersion(t, db, c.ID)
		if v <= versions[len(versions)-1] {
			t.Errorf("the live version after %s is %d; was %d", what, v, versions[len(versions)-1])
		}
		versions = append(versions, v)
	}
	practice := mustStart(t, db, tia, 10)
	r := mustStartRun(t, db, c, max)
	bumped("the start")
	if r.ID == 0 || r.StartedBy != max.ID || !r.Live() || r.ListName != "" {
		t.Errorf("StartClassRun set %+v", r)
	}
	if err := db.StartClassRun(ctx, &trainer.ClassRun{ClassID: c.ID, House: "default", RulesVersion: "v1"}); !errors.Is(err, trainer.ErrClassLive) {
		t.Errorf("a second live drill = %v; want ErrClassLive", err)
	}
	if live, err := db.ListClasses(ctx, trainer.ClassFilter{Live: true, MemberID: tia.ID}); err != nil || len(live) != 1 || live[0].RunID != r.ID {
		t.Errorf("Tia's live classes = %+v, %v; want Evenings with its live drill", live, err)
	}

	// Joining: the class's trainees only.
	for _, u := range []*trainer.User{rex, max} {
		if _, err := db.JoinClassRun(ctx, r.ID, u.ID); !errors.Is(err, trainer.ErrClassNotMember) || trainer.KindOf(err) != trainer.KindForbidden {
			t.Errorf("%s joins = %v; want ErrClassNotMember (forbidden)", u.Name, err)
		}
	}
	p := mustJoin(t, db, r, tia)
	bumped("a join")
	if s, _ := db.FindPracticeSession(ctx, practice.ID, tia.ID); s.Open() {
		t.Error("Tia's practice session is still open after she joined the class")
	}
	s, err := db.OpenPracticeSession(ctx, tia.ID)
	if err != nil || s.ID != p.SessionID || s.Mode != trainer.ModeClass || s.Planned != trainer.MaxClassQuestions || s.Game != "uth" {
		t.Errorf("Tia's open session = %+v, %v; want her class session", s, err)
	}
	if again := mustJoin(t, db, r, tia); again.SessionID != p.SessionID || !again.JoinedAt.Equal(p.JoinedAt) {
		t.Errorf("joining again = %+v; want the same participation %+v", again, p)
	}
	mustJoin(t, db, r, tom)

	// The first question.
	q := mustAsk(t, db, newQuestion(r, 7, 5*time.Second, 12*time.Second))
	bumped("a question")
	if q.Number != 1 || q.ID == 0 || !q.Start.Equal(clk.Now()) {
		t.Errorf("the first question = %+v", q)
	}
	mustJoin(t, db, r, vic) // in the preview: takes this question
	lunar := newQuestion(r, 1, 0, 12*time.Second)
	lunar.Game = "lunar"
	if err := db.StartClassQuestion(ctx, lunar, nil); !errors.Is(err, trainer.ErrClassGame) {
		t.Errorf("a question in a game the class does not learn = %v; want ErrClassGame", err)
	}
	if err := db.StartClassQuestion(ctx, newQuestion(r, 8, 0, 12*time.Second), class.CheckNext); !refusedWith(err, "class.live.still_open") {
		t.Errorf("the next question while this one runs = %v; want class.live.still_open", err)
	}
	clk.Advance(2 * time.Second)
	if _, err := db.AnswerClassQuestion(ctx, q.ID, tia.ID, "it", answer(15)); !refusedWith(err, "class.live.not_open") {
		t.Errorf("an answer in the preview = %v; want class.live.not_open", err)
	}
	clk.Advance(4 * time.Second) // 6 s: answers open for 1 s
	a, err := db.AnswerClassQuestion(ctx, q.ID, tia.ID, "it", answer(15))
	if err != nil {
		t.Fatal(err)
	}
	bumped("an answer")
	if a.SessionID != p.SessionID || a.Position != 1 || !a.Correct || a.Elapsed != time.Second || a.Lang != "it" ||
		!a.ServedAt.Equal(q.Start) || a.Skill != "uth.payout.blind" || a.Speed != trainer.SpeedFast || a.Seed != 7 {
		t.Errorf("Tia's answer = %+v", a)
	}
	if _, err := db.AnswerClassQuestion(ctx, q.ID, tia.ID, "it", answer(30)); !errors.Is(err, trainer.ErrAnswered) {
		t.Errorf("a second answer = %v; want ErrAnswered", err)
	}
	if _, err := db.AnswerClassQuestion(ctx, q.ID, rex.ID, "", answer(15)); !errors.Is(err, trainer.ErrClassNotJoined) {
		t.Errorf("an answer from someone who did not join = %v; want ErrClassNotJoined", err)
	}
	mustJoin(t, db, r, una) // answers open: she waits for the next question
	if _, err := db.AnswerClassQuestion(ctx, q.ID, una.ID, "", answer(15)); !refusedWith(err, "class.live.late") {
		t.Errorf("an answer from a trainee who joined once answers were open = %v; want class.live.late", err)
	}

	// The instructor pauses: no answer is taken.
	mctx := trainer.WithActor(ctx, max)
	pq, err := db.RecordClassEvent(mctx, q.ID, trainer.ClassEvent{Action: class.ActionPause}, class.CheckEvent)
	if err != nil {
		t.Fatal(err)
	}
	bumped("a pause")
	if len(pq.Events) != 1 || pq.Events[0].By != max.ID || !pq.Events[0].At.Equal(clk.Now()) {
		t.Errorf("the pause recorded = %+v", pq.Events)
	}
	if _, err := db.RecordClassEvent(mctx, q.ID, trainer.ClassEvent{Action: class.ActionPause}, class.CheckEvent); !refusedWith(err, "class.live.paused_already") {
		t.Errorf("a second pause = %v; want class.live.paused_already", err)
	}
	clk.Advance(30 * time.Second)
	if _, err := db.AnswerClassQuestion(ctx, q.ID, tom.ID, "", answer(30)); !refusedWith(err, "class.live.answer_paused") {
		t.Errorf("an answer while paused = %v; want class.live.answer_paused", err)
	}
	if _, err := db.RecordClassEvent(mctx, q.ID, trainer.ClassEvent{Action: class.ActionResume}, class.CheckEvent); err != nil {
		t.Fatal(err)
	}
	clk.Advance(2 * time.Second)
	wrong, err := db.AnswerClassQuestion(ctx, q.ID, tom.ID, "", answer(30))
	if err != nil || wrong.Correct || wrong.MistakeID != "uth.blind_paid_below_straight" || wrong.Elapsed != 3*time.Second {
		t.Errorf("Tom's answer after the pause = %+v, %v; want wrong, the mistake, 3 s (the pause left out)", wrong, err)
	}
	live, err := db.ClassLive(ctx, c.ID, tia.ID)
	if err != nil {
		t.Fatal(err)
	}
	if live.Run == nil || live.Run.ID != r.ID || live.Question == nil || live.Question.ID != q.ID || len(live.Question.Events) != 2 ||
		live.Answered != 2 || live.Joined != 4 || live.Participant == nil || live.Participant.SessionID != p.SessionID ||
		live.Answer == nil || live.Answer.ID != a.ID || live.Version != liveVersion(t, db, c.ID) {
		t.Errorf("ClassLive for Tia = %+v", live)
	}
	if live, err := db.ClassLive(ctx, c.ID, rex.ID); err != nil || live.Participant != nil || live.Answer != nil {
		t.Errorf("ClassLive for someone not in it = %+v, %v", live, err)
	}
	// The whole read a process makes when the version moves: the class,
	// the live drill as ClassLive says it for nobody, the answers in order.
	if rd, err := db.ReadClassLive(ctx, c.ID); err != nil {
		t.Errorf("ReadClassLive: %v", err)
	} else if rd.Class == nil || rd.Class.ID != c.ID || rd.Class.Name != c.Name || len(rd.Class.Members) != len(c.Members) ||
		rd.Live.Run == nil || rd.Live.Run.ID != r.ID || rd.Live.Question == nil || rd.Live.Question.ID != q.ID ||
		len(rd.Live.Question.Events) != 2 || rd.Live.Answered != 2 || rd.Live.Joined != 4 || rd.Live.Participant != nil ||
		rd.Live.Answer != nil || rd.Live.Version != liveVersion(t, db, c.ID) ||
		len(rd.Answers) != 2 || rd.Answers[0].UserID != tia.ID || rd.Answers[1].UserID != tom.ID {
		t.Errorf("ReadClassLive = class %+v, live %+v, answers %v", rd.Class, rd.Live, rd.Answers)
	}
	if _, err := db.ReadClassLive(ctx, c.ID+1000); trainer.KindOf(err) != trainer.KindNotFound {
		t.Errorf("ReadClassLive of no class = %v; want not found", err)
	}

	// The lock closes the answers; the next question may start; the first
	// takes nothing more.
	if _, err := db.RecordClassEvent(mctx, q.ID, trainer.ClassEvent{Action: class.ActionLock}, class.CheckEvent); err != nil {
		t.Fatal(err)
	}
	if _, err := db.AnswerClassQuestion(ctx, q.ID, vic.ID, "", answer(15)); !refusedWith(err, "class.live.closed") {
		t.Errorf("an answer after the lock = %v; want class.live.closed", err)
	}
	q2 := mustAsk(t, db, newQuestion(r, 8, 5*time.Second, 12*time.Second))
	if q2.Number != 2 {
		t.Errorf("the second question is number %d", q2.Number)
	}
	if _, err := db.AnswerClassQuestion(ctx, q.ID, vic.ID, "", answer(15)); !errors.Is(err, trainer.ErrClassMovedOn) {
		t.Errorf("an answer to the question before = %v; want ErrClassMovedOn", err)
	}
	if _, err := db.RecordClassEvent(mctx, q.ID, trainer.ClassEvent{Action: class.ActionSkip}, class.CheckEvent); !errors.Is(err, trainer.ErrClassMovedOn) {
		t.Errorf("skipping the question before = %v; want ErrClassMovedOn", err)
	}
	if _, err := db.RecordClassEvent(mctx, q2.ID, trainer.ClassEvent{Action: class.ActionSkip}, class.CheckEvent); err != nil {
		t.Fatal(err)
	}

	// The answers are practice-like history: listed, reviewed.
	if as, err := db.ListAttempts(ctx, trainer.AttemptFilter{UserID: tia.ID, Answered: true}); err != nil || len(as) != 1 || as[0].ID != a.ID {
		t.Errorf("Tia's history = %v, %v; want her class answer", as, err)
	}
	if ss, err := db.ListPracticeSessions(ctx, trainer.SessionFilter{UserID: tia.ID}); err != nil || len(ss) != 1 || ss[0].Mode != trainer.ModeClass || ss[0].Answered != 1 {
		t.Errorf("Tia's sessions = %+v, %v; want her class session, 1 answered", ss, err)
	}
	if ms, err := db.ReviewMistakes(ctx, tom.ID, "uth", "", 0, 10); err != nil || len(ms) != 1 || ms[0].ID != wrong.ID {
		t.Errorf("Tom's mistakes to review = %v, %v; want his class answer", ms, err)
	}
	// A class's session is only the instructor's to fill.
	if err := db.StartPracticeSession(ctx, &trainer.PracticeSession{UserID: rex.ID, Mode: trainer.ModeClass, Game: "uth", Kind: "payout",
		Level: 1, House: "default", RulesVersion: "v1", Planned: 5}); trainer.KindOf(err) != trainer.KindInvalid {
		t.Errorf("StartPracticeSession in ModeClass = %v; want KindInvalid", err)
	}
	if _, err := db.ServeAttempt(ctx, &trainer.Attempt{SessionID: p.SessionID, UserID: tia.ID, Skill: "uth.payout.blind", TargetSeconds: 12,
		Source: trainer.SourceNew, Spec: trainer.Spec{Game: "uth", Kind: "payout", Level: 1, House: "default", RulesVersion: "v1"}}); trainer.KindOf(err) != trainer.KindConflict {
		t.Errorf("ServeAttempt into a class's session = %v; want KindConflict", err)
	}

	// The end.
	before := liveVersion(t, db, c.ID)
	ended, err := db.EndClassRun(mctx, r.ID)
	if err != nil || ended.Live() || ended.EndedBy != max.ID {
		t.Fatalf("EndClassRun = %+v, %v", ended, err)
	}
	if v := liveVersion(t, db, c.ID); v <= before {
		t.Errorf("the end did not bump the live version (%d, was %d)", v, before)
	}
	if s, _ := db.FindPracticeSession(ctx, p.SessionID, tia.ID); s.Open() || s.Planned != 2 || s.Answered != 1 {
		t.Errorf("Tia's class session after the end = %+v; want ended, 1 answered of 2", s)
	}
	if again, err := db.EndClassRun(ctx, r.ID); err != nil || !again.EndedAt.Equal(ended.EndedAt) || again.EndedBy != max.ID {
		t.Errorf("ending twice = %+v, %v; want the first end", again, err)
	}
	if _, err := db.AnswerClassQuestion(ctx, q2.ID, tia.ID, "", answer(15)); !errors.Is(err, trainer.ErrClassEnded) {
		t.Errorf("an answer after the end = %v; want ErrClassEnded", err)
	}
	if _, err := db.JoinClassRun(ctx, r.ID, tia.ID); !errors.Is(err, trainer.ErrClassEnded) {
		t.Errorf("joining after the end = %v; want ErrClassEnded", err)
	}
	if err := db.StartClassQuestion(ctx, newQuestion(r, 9, 0, 12*time.Second), nil); !errors.Is(err, trainer.ErrClassEnded) {
		t.Errorf("a question after the end = %v; want ErrClassEnded", err)
	}
	if live, err := db.ClassLive(ctx, c.ID, 0); err != nil || live.Run != nil {
		t.Errorf("ClassLive after the end = %+v, %v; want no live drill", live, err)
	}

	// The record, for the report.
	rec, err := db.ClassRunRecord(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Questions) != 2 || len(rec.Questions[0].Events) != 3 || len(rec.Participants) != 4 || len(rec.Answers[q.ID]) != 2 || len(rec.Answers[q2.ID]) != 0 {
		t.Errorf("ClassRunRecord = %+v", rec)
	}
	asked, err := class.AskedIn(rec)
	if err != nil || len(asked) != 2 || asked[0].Skipped || !asked[1].Skipped || len(asked[0].Responses) != 2 {
		t.Errorf("AskedIn = %+v, %v; want the first asked, the second skipped", asked, err)
	}
	members := []class.Member{{UserID: tia.ID, Name: tia.Name}, {UserID: tom.ID, Name: tom.Name}}
	rep := class.NewReport(members, asked)
	if rep.Rows[0].Right != 1 || rep.Rows[1].Right != 0 || rep.Totals[0].Answered != 2 {
		t.Errorf("the report = %+v", rep)
	}
	// A class runs another live drill once the first has ended.
	mustStartRun(t, db, c, max)
}

// testClassAnswers_Exams: class answers never count towards an exam. A
// trainee whose exam is open can neither join a live drill nor answer in
// one (their tablet is in the exam); after the exam, their answer goes to
// their class session, never to the exam's; and a class session, however
// complete, is no refresher for certification.
func testClassAnswers_Exams(t *testing.T, open Opener) {
	t.Parallel()
	db := open(t)
	clk := newClock(db)
	ctx := t.Context()
	max := mustCreateUser(t, db, "Max Manager", trainer.RoleManager, "")
	tia := mustCreateUser(t, db, "Tia Trainee", trainer.RoleTrainee, "")
	tom := mustCreateUser(t, db, "Tom Trainee", trainer.RoleTrainee, "")
	mustApprove(t, db, max, "v1")
	c := mustCreateClass(t, db, "Evenings", max, tia, tom)
	r := mustStartRun(t, db, c, max)
	p := mustJoin(t, db, r, tia)
	ex := newExam(tom, "uth", 2)
	if err := db.StartExam(ctx, ex, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := db.JoinClassRun(ctx, r.ID, tom.ID); !errors.Is(err, trainer.ErrExamOpen) {
		t.Errorf("joining during an exam = %v; want ErrExamOpen", err)
	}
	q := mustAsk(t, db, newQuestion(r, 7, 0, time.Minute))
	clk.Advance(time.Second)
	tiaExam := newExam(tia, "uth", 2)
	if err := db.StartExam(ctx, tiaExam, nil); err != nil {
		t.Fatalf("Tia's exam during the live drill: %v", err)
	}
	if _, err := db.AnswerClassQuestion(ctx, q.ID, tia.ID, "", answer(15)); !errors.Is(err, trainer.ErrExamOpen) {
		t.Errorf("a class answer during an exam = %v; want ErrExamOpen", err)
	}
	if _, err := db.FinishExam(ctx, tiaExam, false, []byte(`{}`)); err != nil {
		t.Fatal(err)
	}
	a, err := db.AnswerClassQuestion(ctx, q.ID, tia.ID, "", answer(15))
	if err != nil {
		t.Fatalf("a class answer after the exam: %v", err)
	}
	if a.SessionID != p.SessionID || a.SessionID == tiaExam.ID {
		t.Errorf("the class answer went to session %d; want her class session %d", a.SessionID, p.SessionID)
	}
	for _, id := range []int64{ex.ID, tiaExam.ID} {
		if as, err := db.ListAttempts(ctx, trainer.AttemptFilter{UserID: tia.ID, SessionID: id}); err != nil || len(as) != 0 {
			t.Errorf("exam %d holds %d answers (%v); want none of the class's", id, len(as), err)
		}
	}
	if _, err := db.EndClassRun(ctx, r.ID); err != nil {
		t.Fatal(err)
	}
	// Her class session is complete (1 answered of 1 asked): still no
	// refresher, which only a review session is.
	if rec, err := db.FindCertRecord(ctx, tia.ID, "uth"); err != nil || !rec.RefresherAt.IsZero() {
		t.Errorf("Tia's certification record = %+v, %v; want no refresher from a class", rec, err)
	}
}

// testClassAnswers_Concurrent: 30 tablets answer one question at once,
// each twice (a double tap): each trainee's answer is stored once, the
// other refused as answered, and the live version counts every answer.
func testClassAnswers_Concurrent(t *testing.T, open Opener) {
	t.Parallel()
	db := open(t)
	clk := newClock(db)
	ctx := t.Context()
	max := mustCreateUser(t, db, "Max Manager", trainer.RoleManager, "")
	var trainees []*trainer.User
	for i := range 30 {
		trainees = append(trainees, mustCreateUser(t, db, fmt.Sprintf("Tablet %s", words[i%len(words)])+fmt.Sprintf(" %c", 'A'+i/len(words)), trainer.RoleTrainee, ""))
	}
	c := mustCreateClass(t, db, "Evenings", max, trainees...)
	r := mustStartRun(t, db, c, max)
	for _, u := range trainees {
		mustJoin(t, db, r, u)
	}
	q := mustAsk(t, db, newQuestion(r, 7, 0, time.Minute))
	clk.Advance(5 * time.Second)
	before := liveVersion(t, db, c.ID)
	start := make(chan struct{})
	type result struct {
		user int64
		err  error
	}
	results := make(chan result, 2*len(trainees))
	var wg sync.WaitGroup
	for _, u := range trainees {
		for range 2 {
			wg.Go(func() {
				<-start
				_, err := db.AnswerClassQuestion(ctx, q.ID, u.ID, "", answer(15))
				results <- result{u.ID, err}
			})
		}
	}
	close(start)
	wg.Wait()
	close(results)
	stored := map[int64]int{}
	for res := range results {
		switch {
		case res.err == nil:
			stored[res.user]++
		case !errors.Is(res.err, trainer.ErrAnswered):
			t.Errorf("an answer of user %d: %v", res.user, res.err)
		}
	}
	for _, u := range trainees {
		if stored[u.ID] != 1 {
			t.Errorf("%s's answer was stored %d times; want once", u.Name, stored[u.ID])
		}
	}
	rd, err := db.ReadClassLive(ctx, c.ID)
	if err != nil || len(rd.Answers) != 30 || rd.Live.Answered != 30 {
		t.Errorf("ReadClassLive = %+v, %v; want 30 answers", rd, err)
	}
	if v := liveVersion(t, db, c.ID); v != before+30 {
		t.Errorf("the live version went from %d to %d; want one bump per answer stored (30)", before, v)
	}
	if live, err := db.ClassLive(ctx, c.ID, 0); err != nil || live.Answered != 30 {
		t.Errorf("ClassLive = %+v, %v; want 30 answered", live, err)
	}
}
