package view

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
)

// The practice pages. They format what the drill, the stored attempt and
// eval say; the only thing they decide is what to leave out of a question:
// anything of the key.

// GameTiles lists the games the trainee can practise.
func (k *Kiosk) GameTiles(ctx context.Context) []templates.GameTile {
	var out []templates.GameTile
	for _, g := range k.Plan.Games() {
		var ks []string
		for _, kind := range k.Plan.Kinds(g) {
			ks = append(ks, strings.ToLower(say.Kind(ctx, kind)))
		}
		out = append(out, templates.GameTile{URL: templates.StartURL(g), Name: say.Game(ctx, g), Slug: g,
			Kinds: say.UpperFirst(strings.Join(ks, ", "))})
	}
	return out
}

// Resume offers the trainee's open session (or exam) sess.
func Resume(ctx context.Context, sess *trainer.PracticeSession) *templates.ResumeView {
	progress := say.T(ctx, "exam.answered", "N", sess.Answered, "Of", sess.Planned)
	if sess.Mode == trainer.ModeExam {
		return &templates.ResumeView{URL: templates.ExamURL(sess.ID), Exam: true, Progress: progress,
			Title: say.T(ctx, "start.resume_exam", "Game", say.Game(ctx, sess.Game))}
	}
	return &templates.ResumeView{URL: templates.PracticeURL(sess.ID), Progress: progress,
		Title: say.Game(ctx, sess.Game) + " · " + say.Mode(ctx, sess.Mode) + " · " + say.Kind(ctx, sess.Kind)}
}

// StartChoice is what the start form chooses.
type StartChoice struct {
	Game  string
	Kind  string // a drill kind or trainer.KindMixed
	Mode  trainer.Mode
	Level int
}

// StartForm is the start form for c, with errs.
func (k *Kiosk) StartForm(ctx context.Context, c StartChoice, errs templates.Errors) templates.StartForm {
	f := templates.StartForm{Action: "/practice", Game: c.Game, Errors: errs}
	kinds := append([]string{trainer.KindMixed}, k.Plan.Kinds(c.Game)...)
	for _, kind := range kinds {
		f.Kinds = append(f.Kinds, templates.ChoiceOption{Value: kind, Label: say.Kind(ctx, kind), Hint: say.KindHint(ctx, kind),
			Selected: kind == c.Kind})
	}
	for _, m := range trainer.Modes {
		f.Modes = append(f.Modes, templates.ChoiceOption{Value: string(m), Label: say.Mode(ctx, m), Hint: say.ModeHint(ctx, m),
			Selected: m == c.Mode})
	}
	for _, lv := range k.Plan.Levels() {
		f.Levels = append(f.Levels, templates.ChoiceOption{Value: strconv.Itoa(lv.Level), Label: say.T(ctx, "start.level_n", "N", lv.Level),
			Hint: say.Level(ctx, lv), Selected: lv.Level == c.Level})
	}
	return f
}

// SessionBar is the header of the session, at scenario position (0 for none).
func SessionBar(ctx context.Context, sess *trainer.PracticeSession, position int) templates.SessionBar {
	b := templates.SessionBar{
		URL: templates.PracticeURL(sess.ID), Title: say.Game(ctx, sess.Game), Mode: say.Mode(ctx, sess.Mode), Kind: say.Kind(ctx, sess.Kind),
		Position: position, Planned: sess.Planned, Answered: sess.Answered, Correct: sess.Correct,
		Book: templates.Citation{Label: say.T(ctx, "nav.book"), URL: templates.BookURL(sess.Game), Fragment: templates.BookURL(sess.Game)},
	}
	if sess.Open() {
		b.EndAction = templates.PracticeURL(sess.ID) + "/end"
	}
	return b
}

// Question is attempt a's scenario d before its answer, at now. form and
// errs re-render a refused answer (422) with what was typed.
func (k *Kiosk) Question(ctx context.Context, sess *trainer.PracticeSession, a *trainer.Attempt, d *drills.Drill, now time.Time,
	form url.Values, errs templates.Errors) templates.QuestionView {
	q := templates.QuestionView{
		AttemptID: a.ID,
		Action:    templates.AttemptURL(a.ID) + "/answer",
		Skill:     say.Skill(ctx, d.Skill),
		Prompt:    d.Prompt,
		Errors:    errs,
	}
	if q.Errors == nil {
		q.Errors = templates.Errors{}
	}
	if d.Round != nil {
		t := Round(ctx, k.House, d.Round, d.Ask)
		q.Table = &t
	}
	q.Ask, q.AskLabel, q.AskAmount = k.askChips(ctx, d)
	var hint practice.Hint
	if a.HintUsed {
		hint = practice.HintFor(k.Book, d, practice.Chips(k.House))
		q.Hint = &templates.HintView{Text: hint.Text}
	}
	if sess.Mode.AllowsHint() {
		q.HintAction = templates.AttemptURL(a.ID) + "/hint"
	}
	if sess.Mode.GradesSpeed() {
		q.TargetSeconds = d.TargetSeconds
		q.ElapsedSeconds = int(max(now.Sub(a.ServedAt), 0) / time.Second)
	}
	q.HintTarget = "#" + templates.HintBoxID
	switch practice.ShapeOf(d) {
	case practice.ShapeAmount:
		// A net can be negative, and so can one wager when the drill is
		// about a stake collected (Trips lost on a fold): the keypad always
		// has ±, so its presence tells nothing.
		q.Shape, q.AllowSign = templates.ShapeAmount, true
		q.Amount = form.Get(practice.FieldAmount)
		q.ChipSet = k.chips()
	case practice.ShapeChoice:
		q.Shape, q.HintTarget = templates.ShapeChoice, "#"+templates.DrillPanelID
		for i, c := range d.Choices {
			cv := templates.ChoiceView{N: i + 1, Value: strconv.Itoa(i + 1), Text: c, Struck: hint.Strike == i+1}
			if words, cs, ok := drills.ChoiceCards(c); ok {
				cv.Words = words
				for _, card := range cs {
					cv.Cards = append(cv.Cards, templates.NewCard(card))
				}
			}
			q.Choices = append(q.Choices, cv)
		}
	case practice.ShapeOutcomes:
		// The rows follow the layout; each keeps its field number, which is
		// the key's order (practice.DecodeAnswer reads outcome-1 …).
		q.Shape = templates.ShapeOutcomes
		for _, i := range outcomeOrder(d.Game, d.Key.Outcomes) {
			o := d.Key.Outcomes[i]
			field := practice.FieldOutcome + strconv.Itoa(i+1)
			row := templates.OutcomeRow{Field: field, Label: outcomeLabel(ctx, d.Game, o), Error: q.Errors[field]}
			for _, v := range drills.OutcomeResults(k.House, d.Game, o) {
				row.Options = append(row.Options, templates.ChoiceOption{Value: v, Label: resultLabel(ctx, o, v), Selected: form.Get(field) == v})
			}
			q.Outcomes = append(q.Outcomes, row)
		}
	case practice.ShapeChips:
		q.Shape = templates.ShapeChips
		var total games.Money
		for _, c := range slices.Backward(k.chips()) {
			field := practice.FieldChips + c.Value
			q.ChipRows = append(q.ChipRows, templates.ChipRow{Field: field, Chip: c, Count: form.Get(field), Error: q.Errors[field]})
			n, err := strconv.Atoi(strings.TrimSpace(form.Get(field)))
			v, verr := games.ParseMoney(c.Value)
			if err == nil && verr == nil && n > 0 && n <= practice.MaxChips {
				total += v * games.Money(n)
			}
		}
		q.ChipTotal = total.String()
	}
	return q
}

// askChips is what a chips drill starts from: the stack to colour up or
// the amount to pay, with its label.
func (k *Kiosk) askChips(ctx context.Context, d *drills.Drill) (ask []templates.ChipCountView, label, amount string) {
	if len(d.Ask.Stack) > 0 {
		for _, c := range d.Ask.Stack {
			ask = append(ask, templates.ChipCountView{Chip: k.chip(c.Value), Count: c.Count})
		}
		return ask, say.T(ctx, "practice.ask_stack"), ""
	}
	if d.Ask.Amount != nil && d.Kind == drills.KindChips {
		return nil, say.T(ctx, "practice.ask_amount"), d.Ask.Amount.String()
	}
	return nil, "", ""
}

// outcomeLabel names an outcome row as the prompts name the wager: "Ante",
// "Multi Super on box 2", "Draw fee".
func outcomeLabel(ctx context.Context, game string, o drills.Outcome) string {
	l := i18n.FromContext(ctx)
	if o.Fee != "" {
		if s := l.T("fee." + o.Fee); s != "fee."+o.Fee {
			return s
		}
		return say.UpperFirst(strings.ReplaceAll(o.Fee, "_", " ")) + " fee"
	}
	n := say.Wager(ctx, game, o.Wager)
	if o.On != nil {
		if o.On.Dealer {
			return l.T("outcome.on_dealer", "Wager", n)
		}
		return l.T("outcome.on_box", "Wager", n, "Box", o.On.Box)
	}
	return n
}

// resultLabel names a result of outcome row o: a fee is kept or returned.
func resultLabel(ctx context.Context, o drills.Outcome, v string) string {
	switch v {
	case drills.OutcomeWin:
		return say.T(ctx, "outcome.win")
	case drills.OutcomeHalf:
		return say.T(ctx, "outcome.half")
	case drills.OutcomeLose:
		return say.T(ctx, "outcome.lose")
	case drills.OutcomePush:
		if o.Fee != "" {
			return say.T(ctx, "outcome.returned")
		}
		return say.T(ctx, "outcome.push")
	case drills.OutcomeFee:
		return say.T(ctx, "outcome.kept")
	}
	return v
}

// chips is the house's chip set, smallest first.
func (k *Kiosk) chips() []templates.ChipView {
	out := make([]templates.ChipView, 0, len(k.House.Chips))
	for _, c := range practice.Chips(k.House) {
		out = append(out, k.chip(c))
	}
	return out
}

func (k *Kiosk) chip(v games.Money) templates.ChipView {
	cv := templates.ChipView{Value: v.String(), Label: v.String(), Colour: "#ffffff", Pattern: "plain"}
	for _, c := range k.House.Chips {
		if c.Value == v {
			cv.Label, cv.Colour, cv.Pattern = c.Label, c.Colour, c.Pattern
		}
	}
	return cv
}

// Feedback is an answered attempt a of session sess: the verdict, the
// answer given and the key, the explanation and the rule broken, the time.
// d is its drill rebuilt from its spec, or nil when its rules are no longer
// kept (practice.ErrRulesChanged): the page then says so, with what is
// stored. inSession adds the button to the next scenario; otherwise it is
// shown from the history.
func (k *Kiosk) Feedback(ctx context.Context, sess *trainer.PracticeSession, a *trainer.Attempt, d *drills.Drill, inSession bool) (templates.FeedbackView, error) {
	f := templates.FeedbackView{
		Correct:    a.Correct,
		Elapsed:    say.Seconds(ctx, a.Elapsed, 1),
		HintUsed:   a.HintUsed,
		AnsweredAt: a.AnsweredAt,
		Target:     say.T(ctx, "speed.target", "Target", a.TargetSeconds),
		Verdict:    say.T(ctx, "verdict.not_quite"),
	}
	if a.Correct {
		f.Verdict = say.T(ctx, "verdict.right")
	}
	if sess.Mode.GradesSpeed() {
		f.Speed, f.SpeedClass = a.Speed.Label(), string(a.Speed)
		f.SpeedNote = say.SpeedNote(ctx, a.Speed, a.TargetSeconds)
	}
	if inSession && sess.Open() {
		f.NextAction, f.NextLabel = templates.PracticeURL(sess.ID)+"/next", say.T(ctx, "verdict.next")
		if sess.Done() {
			f.NextLabel = say.T(ctx, "verdict.results")
		}
	} else if !inSession {
		f.BackURL = "/history"
		f.Context = say.Game(ctx, a.Game) + " · " + say.Skill(ctx, a.Skill) + " · " + say.Mode(ctx, sess.Mode)
	}
	if d == nil {
		f.Problem = say.Msg("feedback.rules_changed")
		f.Question.Prompt = say.Skill(ctx, a.Skill)
		f.Yours = []templates.AnswerLine{{Text: string(a.Answer), Right: a.Correct}}
		f.Right = []templates.AnswerLine{{Text: string(a.Key), Right: true}}
		return f, nil
	}
	answer, err := StoredAnswer(a)
	if err != nil {
		return f, err
	}
	lang := i18n.FromContext(ctx).Lang()
	f.Question = k.Question(ctx, sess, a, d, a.ServedAt, nil, nil)
	f.Question.HintAction, f.Question.TargetSeconds = "", 0
	f.Explanation = d.Explanation
	f.Refs = k.Citations(lang, d.Game, d.Refs)
	f.Yours, f.Right = AnswerLines(ctx, d, drills.Key(answer)), AnswerLines(ctx, d, d.Key)
	for i := range f.Yours {
		f.Yours[i].Right = f.Yours[i].Right || a.Correct
	}
	f.Note = chipsNote(ctx, d, drills.Key(answer))
	if !a.Correct {
		if m := practice.Score(d, answer, a.Elapsed).Mistake; m != nil {
			f.Mistake, f.MistakeText = true, m.Explanation
			f.MistakeRefs = k.mistakeCitations(lang, d.Game, m)
		}
	}
	return f, nil
}

// mistakeCitations are the sections a mistake breaks: its Refs, or its Rule
// (a section id) where the drill has not resolved it.
func (k *Kiosk) mistakeCitations(lang, game string, m *drills.Mistake) []templates.Citation {
	if len(m.Refs) > 0 {
		return k.Citations(lang, game, m.Refs)
	}
	return k.Cite(lang, game, m.Rule)
}

// AnswerLines writes an answer (or the key) in the drill's terms; an
// outcome answer's lines follow the layout, as the question's rows do. Each
// line is marked Right when it matches the key's: one outcome of several
// can be right when the whole answer is not.
func AnswerLines(ctx context.Context, d *drills.Drill, k drills.Key) []templates.AnswerLine {
	switch practice.ShapeOf(d) {
	case practice.ShapeAmount:
		if k.Amount == nil {
			return nil
		}
		return []templates.AnswerLine{{Text: say.Answer(ctx, *k.Amount), Right: d.Key.Amount != nil && *k.Amount == *d.Key.Amount}}
	case practice.ShapeChoice:
		if k.Choice < 1 || k.Choice > len(d.Choices) {
			return nil
		}
		return []templates.AnswerLine{{Text: fmt.Sprintf("%d. %s", k.Choice, d.Choices[k.Choice-1]), Right: k.Choice == d.Key.Choice}}
	case practice.ShapeOutcomes:
		out := make([]templates.AnswerLine, 0, len(k.Outcomes))
		for _, i := range outcomeOrder(d.Game, k.Outcomes) {
			o := k.Outcomes[i]
			right := i < len(d.Key.Outcomes) && o.Result == d.Key.Outcomes[i].Result
			out = append(out, templates.AnswerLine{Text: outcomeLabel(ctx, d.Game, o) + ": " + resultLabel(ctx, o, o.Result), Right: right})
		}
		return out
	}
	var parts []string
	for _, c := range k.Chips {
		parts = append(parts, fmt.Sprintf("%d × %s", c.Count, c.Value))
	}
	return []templates.AnswerLine{{Text: strings.Join(parts, ", ")}}
}

// joinLines is an answer's lines on one line.
func joinLines(ls []templates.AnswerLine) string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = l.Text
	}
	return strings.Join(out, "; ")
}

// StoredAnswer reads an answered attempt's answer back in the key's shape.
func StoredAnswer(a *trainer.Attempt) (eval.Answer, error) {
	var k eval.Answer
	if len(a.Answer) == 0 {
		return k, nil
	}
	if err := json.Unmarshal(a.Answer, &k); err != nil {
		return k, fmt.Errorf("attempt %d: stored answer: %w", a.ID, err)
	}
	return k, nil
}

// chipsNote says what a chips answer's chips make when that is not what was
// asked, or how many chips too many it takes: "Your chips make 25, not
// 120." The trainee sees only chips; the sum is what the question is about.
func chipsNote(ctx context.Context, d *drills.Drill, answer drills.Key) string {
	if practice.ShapeOf(d) != practice.ShapeChips {
		return ""
	}
	made, n := chipSum(answer.Chips)
	want, fewest := chipSum(d.Key.Chips)
	switch {
	case made != want:
		return say.T(ctx, "feedback.chips_make_not", "Made", say.Amount(ctx, made), "Want", say.Amount(ctx, want))
	case n > fewest:
		return say.T(ctx, "feedback.chips_too_many", "Made", say.Amount(ctx, made), "Count", n, "Fewest", fewest)
	}
	return ""
}

// chipSum is what chips make, and how many they are.
func chipSum(cs []drills.ChipCount) (games.Money, int) {
	var sum games.Money
	n := 0
	for _, c := range cs {
		sum += c.Value * games.Money(c.Count)
		n += c.Count
	}
	return sum, n
}

// Summary sums up a session's answers.
func Summary(ctx context.Context, sess *trainer.PracticeSession, as []*trainer.Attempt) templates.SummaryView {
	v := templates.SummaryView{AgainURL: templates.StartURL(sess.Game), ProgressURL: "/progress"}
	var total time.Duration
	for _, a := range as {
		v.Answered++
		total += a.Elapsed
		if a.Correct {
			v.Correct++
		}
		if a.Speed == trainer.SpeedFast || a.Speed == trainer.SpeedOK {
			v.OnTime++
		}
		v.Rows = append(v.Rows, HistoryRow(ctx, a, sess.Mode.GradesSpeed()))
	}
	v.Accuracy = say.Percent(v.Correct, v.Answered)
	if v.Answered > 0 {
		v.MeanTime = say.Seconds(ctx, total/time.Duration(v.Answered), 1)
	} else {
		v.MeanTime = "–"
	}
	return v
}

// HistoryRow is one answered attempt in a list.
func HistoryRow(ctx context.Context, a *trainer.Attempt, speed bool) templates.HistoryRow {
	r := templates.HistoryRow{
		URL: templates.AttemptURL(a.ID), When: a.AnsweredAt, Game: say.Game(ctx, a.Game),
		Skill: say.Skill(ctx, a.Skill), Correct: a.Correct, Result: say.Verdict(ctx, a.Correct),
		Elapsed: say.Seconds(ctx, a.Elapsed, 1), HintUsed: a.HintUsed,
	}
	if speed {
		r.Speed = a.Speed.Label()
	}
	return r
}

// FieldErrors are an answer's messages by field (practice.DecodeAnswer's),
// said in the reader's language.
func FieldErrors(ctx context.Context, errs map[string]*trainer.Error) templates.Errors {
	out := make(templates.Errors, len(errs))
	for f, e := range errs {
		out[f] = say.Error(ctx, e)
	}
	return out
}
