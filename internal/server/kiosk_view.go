package server

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/templates"
)

// The view models of the practice pages. They format what the drill, the
// stored attempt and eval say; the only thing they decide is what to leave
// out of a question: anything of the key.

// gameName is the game's name for people.
func (s *Server) gameName(slug string) string {
	if g, ok := s.book.Games[slug]; ok {
		return g.Name
	}
	return slug
}

// gameTiles lists the games the trainee can practise.
func (s *Server) gameTiles() []templates.GameTile {
	var out []templates.GameTile
	for _, g := range s.plan.Games() {
		var ks []string
		for _, k := range s.plan.Kinds(g) {
			ks = append(ks, strings.ToLower(kindLabel(k)))
		}
		out = append(out, templates.GameTile{URL: "/practice/new?game=" + url.QueryEscape(g), Name: s.gameName(g), Slug: g,
			Kinds: upperFirst(strings.Join(ks, ", "))})
	}
	return out
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// sessionBar is the header of the session, at scenario position (0 for none).
func (s *Server) sessionBar(sess *trainer.PracticeSession, position int) templates.SessionBar {
	b := templates.SessionBar{
		URL: practiceURL(sess.ID), Title: s.gameName(sess.Game), Mode: sess.Mode.Label(), Kind: kindLabel(sess.Kind),
		Position: position, Planned: sess.Planned, Answered: sess.Answered, Correct: sess.Correct,
		Book: templates.Citation{Label: "Rule book", URL: bookURL(sess.Game), Fragment: bookURL(sess.Game)},
	}
	if sess.Open() {
		b.EndAction = practiceURL(sess.ID) + "/end"
	}
	return b
}

// skillLabel names a skill for people: "Payouts · blind".
func skillLabel(skill string) string {
	parts := strings.SplitN(skill, ".", 3)
	if len(parts) < 2 {
		return skill
	}
	out := kindLabel(parts[1])
	if len(parts) == 3 && parts[2] != "" {
		out += " · " + strings.ReplaceAll(parts[2], "_", " ")
	}
	return out
}

// questionView is the scenario before its answer. form and errs re-render a
// refused answer (422) with what was typed.
func (s *Server) questionView(sess *trainer.PracticeSession, sv *served, form url.Values, errs templates.Errors) templates.QuestionView {
	d, a := sv.d, sv.a
	q := templates.QuestionView{
		AttemptID: a.ID,
		Action:    attemptURL(a.ID) + "/answer",
		Skill:     skillLabel(d.Skill),
		Prompt:    d.Prompt,
		Errors:    errs,
	}
	if q.Errors == nil {
		q.Errors = templates.Errors{}
	}
	if d.Round != nil {
		t := roundView(d.Round, d.Ask)
		q.Table = &t
	}
	s.askChips(&q, d)
	var hint practice.Hint
	if a.HintUsed {
		hint = practice.HintFor(s.book, d, practice.Chips(s.house))
		q.Hint = &templates.HintView{Text: hint.Text}
	}
	if sess.Mode.AllowsHint() {
		q.HintAction = attemptURL(a.ID) + "/hint"
	}
	if sess.Mode.GradesSpeed() {
		q.TargetSeconds = d.TargetSeconds
		q.ElapsedSeconds = int(max(s.db.Now().Sub(a.ServedAt), 0) / time.Second)
	}
	q.HintTarget = "#" + templates.HintBoxID
	switch practice.ShapeOf(d) {
	case practice.ShapeAmount:
		// A net can be negative, and so can one wager when the drill is
		// about a stake collected (Trips lost on a fold): the keypad always
		// has ±, so its presence tells nothing.
		q.Shape, q.AllowSign = templates.ShapeAmount, true
		q.Amount = form.Get(practice.FieldAmount)
		q.ChipSet = s.chipViews()
	case practice.ShapeChoice:
		q.Shape, q.HintTarget = templates.ShapeChoice, "#"+templates.DrillPanelID
		for i, c := range d.Choices {
			q.Choices = append(q.Choices, templates.ChoiceView{N: i + 1, Value: strconv.Itoa(i + 1), Text: c, Struck: hint.Strike == i+1})
		}
	case practice.ShapeOutcomes:
		q.Shape = templates.ShapeOutcomes
		for i, o := range d.Key.Outcomes {
			field := practice.FieldOutcome + strconv.Itoa(i+1)
			row := templates.OutcomeRow{Field: field, Label: outcomeLabel(o), Error: q.Errors[field]}
			for _, v := range practice.Results(o) {
				row.Options = append(row.Options, templates.ChoiceOption{Value: v, Label: resultLabel(v), Selected: form.Get(field) == v})
			}
			q.Outcomes = append(q.Outcomes, row)
		}
	case practice.ShapeChips:
		q.Shape = templates.ShapeChips
		for _, c := range slices.Backward(s.chipViews()) {
			field := practice.FieldChips + c.Value
			q.ChipRows = append(q.ChipRows, templates.ChipRow{Field: field, Chip: c, Count: form.Get(field), Error: q.Errors[field]})
		}
	}
	return q
}

// askChips shows what a chips drill starts from: the stack to colour up or
// the amount to pay.
func (s *Server) askChips(q *templates.QuestionView, d *drills.Drill) {
	if len(d.Ask.Stack) > 0 {
		q.AskLabel = "The player's stack"
		for _, c := range d.Ask.Stack {
			q.Ask = append(q.Ask, templates.ChipCountView{Chip: s.chipView(c.Value), Count: c.Count})
		}
	} else if d.Ask.Amount != nil && d.Kind == drills.KindChips {
		q.AskLabel, q.AskAmount = "Amount to pay:", d.Ask.Amount.String()
	}
}

// outcomeLabel names an outcome row: "Ante", "Multi Super on box 2", "Draw fee".
func outcomeLabel(o drills.Outcome) string {
	if o.Fee != "" {
		return upperFirst(strings.ReplaceAll(o.Fee, "_", " ")) + " fee"
	}
	n := wagerTitle(o.Wager)
	if o.On != nil {
		if o.On.Dealer {
			return n + " on the dealer"
		}
		return fmt.Sprintf("%s on box %d", n, o.On.Box)
	}
	return n
}

// wagerTitle writes a SETTLE.md wager name for people: "kings_or_better" →
// "Kings or better".
func wagerTitle(w string) string { return upperFirst(strings.ReplaceAll(w, "_", " ")) }

func resultLabel(v string) string {
	switch v {
	case drills.OutcomeWin:
		return "Win"
	case drills.OutcomeHalf:
		return "Half"
	case drills.OutcomeLose:
		return "Lose"
	case drills.OutcomePush:
		return "Push"
	case drills.OutcomeFee:
		return "Kept"
	}
	return v
}

// chipViews is the house's chip set, smallest first.
func (s *Server) chipViews() []templates.ChipView {
	out := make([]templates.ChipView, 0, len(s.house.Chips))
	for _, c := range practice.Chips(s.house) {
		out = append(out, s.chipView(c))
	}
	return out
}

func (s *Server) chipView(v games.Money) templates.ChipView {
	cv := templates.ChipView{Value: v.String(), Label: v.String(), Colour: "#ffffff", Pattern: "plain", Name: "chip of " + v.String()}
	for _, c := range s.house.Chips {
		if c.Value == v {
			cv.Label, cv.Colour, cv.Pattern = c.Label, c.Colour, c.Pattern
		}
	}
	return cv
}

// roundView is the round as dealt and decided, with the box and wager the
// question asks about marked.
func roundView(r *games.Round, ask drills.Ask) templates.RoundView {
	t := templates.RoundView{Game: r.Game, Dealer: cardViews(r.Dealer), Board: cardViews(r.Board)}
	if r.DealerDraw != "" {
		t.DealerDraw = cardViews([]string{r.DealerDraw})
	}
	for i, b := range r.Boxes {
		bv := templates.RoundBox{N: i + 1, Asked: ask.Box == i+1, Cards: cardViews(b.Cards)}
		names := make([]string, 0, len(b.Wagers))
		for w := range b.Wagers {
			names = append(names, w)
		}
		slices.Sort(names)
		for _, w := range names {
			bv.Wagers = append(bv.Wagers, templates.RoundWager{Name: wagerTitle(w), Amount: string(b.Wagers[w]),
				Asked: bv.Asked && ask.Wager == w && ask.On == nil})
		}
		for _, sb := range b.MultiSuper {
			on := "the dealer"
			if !sb.On.Dealer {
				on = "box " + strconv.Itoa(sb.On.Box)
			}
			bv.Wagers = append(bv.Wagers, templates.RoundWager{Name: "Multi Super on " + on, Amount: string(sb.Stake),
				Asked: bv.Asked && ask.On != nil && *ask.On == sb.On})
		}
		bv.Notes = boxNotes(b)
		t.Boxes = append(t.Boxes, bv)
	}
	return t
}

// boxNotes are the player's actions on a box, in words.
func boxNotes(b games.Box) []string {
	var out []string
	if b.Fold {
		out = append(out, "Folded")
	}
	if b.FourthCard {
		out = append(out, "Bought a 4th card")
	}
	if b.Exchanged > 0 {
		out = append(out, fmt.Sprintf("Exchanged %d cards", b.Exchanged))
	}
	if b.Draw != nil {
		if b.Draw.Buy != "" {
			out = append(out, "Bought a 6th card: "+cardShort(b.Draw.Buy))
		}
		if len(b.Draw.Out) > 0 {
			out = append(out, fmt.Sprintf("Exchanged %s for %s", cardList(b.Draw.Out), cardList(b.Draw.In)))
		}
	}
	if b.Force {
		out = append(out, "Forced the dealer")
	}
	if len(b.Discards) > 0 {
		out = append(out, "Discarded "+cardList(b.Discards))
	}
	return out
}

func cardList(cs []string) string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = cardShort(c)
	}
	return strings.Join(out, " ")
}

var suitSymbols = map[cards.Suit]string{cards.Clubs: "♣", cards.Diamonds: "♦", cards.Hearts: "♥", cards.Spades: "♠"}

func cardShort(code string) string {
	c, err := cards.Parse(code)
	if err != nil {
		return code
	}
	if c.IsJoker() {
		return "Joker"
	}
	r := c.Rank().String()
	if r == "T" {
		r = "10" // as printed on the card
	}
	return r + suitSymbols[c.Suit()]
}

func cardViews(codes []string) []templates.PlainCard {
	out := make([]templates.PlainCard, 0, len(codes))
	for _, code := range codes {
		cv := templates.PlainCard{Code: code, Name: code, Short: code}
		if c, err := cards.Parse(code); err == nil {
			cv.Name, cv.Short, cv.Joker = c.Name(), cardShort(code), c.IsJoker()
			cv.Red = !c.IsJoker() && c.Suit().Red()
		}
		out = append(out, cv)
	}
	return out
}

// feedbackView is an answered attempt: the verdict, the answer given and the
// key, the explanation and the rule broken, the time. inSession adds the
// button to the next scenario; otherwise it is shown from the history.
// d is the attempt's drill when the caller has rebuilt it already, or nil.
func (s *Server) feedbackView(sess *trainer.PracticeSession, a *trainer.Attempt, d *drills.Drill, inSession bool) (templates.FeedbackView, error) {
	f := templates.FeedbackView{
		Correct:    a.Correct,
		Elapsed:    seconds(a.Elapsed),
		HintUsed:   a.HintUsed,
		AnsweredAt: a.AnsweredAt.Local().Format("2 Jan 2006 15:04"),
		Target:     fmt.Sprintf("target %d s", a.TargetSeconds),
	}
	f.Verdict = "Not quite"
	if a.Correct {
		f.Verdict = "Right"
	}
	if sess.Mode.GradesSpeed() {
		f.Speed, f.SpeedClass = a.Speed.Label(), string(a.Speed)
	}
	if inSession && sess.Open() {
		f.NextAction, f.NextLabel = practiceURL(sess.ID)+"/next", "Next question"
		if sess.Done() {
			f.NextLabel = "See the results"
		}
	} else if !inSession {
		f.BackURL = "/history"
		f.Context = s.gameName(a.Game) + " · " + skillLabel(a.Skill) + " · " + sess.Mode.Label()
	}
	var err error
	if d == nil {
		d, err = s.plan.Rebuild(a.Spec)
	}
	if errors.Is(err, practice.ErrRulesChanged) {
		f.Problem = "The house rules have changed since this question was asked, so it cannot be shown again exactly as it was. " +
			"Your answer and its result are kept."
		f.Question.Prompt = skillLabel(a.Skill)
		f.Yours = []templates.AnswerLine{{Text: string(a.Answer), Right: a.Correct}}
		f.Right = []templates.AnswerLine{{Text: string(a.Key), Right: true}}
		return f, nil
	}
	if err != nil {
		return f, fmt.Errorf("rebuild attempt %d: %w", a.ID, err)
	}
	sv := &served{a: a, d: d}
	answer, err := storedAnswer(a)
	if err != nil {
		return f, err
	}
	f.Question = s.questionView(sess, sv, nil, nil)
	f.Question.HintAction, f.Question.TargetSeconds = "", 0
	f.Explanation = d.Explanation
	f.Refs = s.citations(d.Game, d.Refs)
	f.Yours, f.Right = answerLines(d, drills.Key(answer)), answerLines(d, d.Key)
	for i := range f.Yours {
		f.Yours[i].Right = a.Correct || lineRight(d, drills.Key(answer), i)
	}
	if !a.Correct {
		if m := practice.Score(d, answer, a.Elapsed).Mistake; m != nil {
			f.Mistake, f.MistakeText = true, m.Explanation
			f.MistakeRefs = s.mistakeCitations(d.Game, m)
		}
	}
	return f, nil
}

// mistakeCitations are the sections a mistake breaks: its Refs, or its Rule
// (a section id) where the drill has not resolved it.
func (s *Server) mistakeCitations(game string, m *drills.Mistake) []templates.Citation {
	if len(m.Refs) > 0 {
		return s.citations(game, m.Refs)
	}
	return s.cite(game, m.Rule)
}

// answerLines writes an answer (or the key) in the drill's terms.
func answerLines(d *drills.Drill, k drills.Key) []templates.AnswerLine {
	switch practice.ShapeOf(d) {
	case practice.ShapeAmount:
		if k.Amount == nil {
			return nil
		}
		return []templates.AnswerLine{{Text: amountText(*k.Amount)}}
	case practice.ShapeChoice:
		if k.Choice < 1 || k.Choice > len(d.Choices) {
			return nil
		}
		return []templates.AnswerLine{{Text: fmt.Sprintf("%d. %s", k.Choice, d.Choices[k.Choice-1])}}
	case practice.ShapeOutcomes:
		out := make([]templates.AnswerLine, 0, len(k.Outcomes))
		for _, o := range k.Outcomes {
			out = append(out, templates.AnswerLine{Text: outcomeLabel(o) + ": " + resultLabel(o.Result)})
		}
		return out
	}
	var parts []string
	for _, c := range k.Chips {
		parts = append(parts, fmt.Sprintf("%d × %s", c.Count, c.Value))
	}
	return []templates.AnswerLine{{Text: strings.Join(parts, ", ")}}
}

// lineRight reports whether line i of an answer matches the key: one outcome
// of several can be right when the whole answer is not.
func lineRight(d *drills.Drill, answer drills.Key, i int) bool {
	if practice.ShapeOf(d) != practice.ShapeOutcomes || i >= len(answer.Outcomes) || i >= len(d.Key.Outcomes) {
		return false
	}
	return answer.Outcomes[i].Result == d.Key.Outcomes[i].Result
}

// amountText writes an amount as the trainee would say it.
func amountText(m games.Money) string {
	switch {
	case m == 0:
		return "0 (a push)"
	case m < 0:
		return m.String() + " (collected)"
	}
	return m.String()
}

// seconds writes a duration as "8.4 s".
func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', 1, 64) + " s"
}

// summaryView sums up a session's answers.
func (s *Server) summaryView(sess *trainer.PracticeSession, as []*trainer.Attempt) templates.SummaryView {
	v := templates.SummaryView{
		AgainURL:    "/practice/new?game=" + url.QueryEscape(sess.Game),
		ProgressURL: "/progress",
	}
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
		v.Rows = append(v.Rows, s.historyRow(a, sess.Mode.GradesSpeed()))
	}
	v.Accuracy = percent(v.Correct, v.Answered)
	if v.Answered > 0 {
		v.MeanTime = seconds(total / time.Duration(v.Answered))
	} else {
		v.MeanTime = "–"
	}
	return v
}

// historyRow is one answered attempt in a list.
func (s *Server) historyRow(a *trainer.Attempt, speed bool) templates.HistoryRow {
	r := templates.HistoryRow{
		URL: attemptURL(a.ID), When: a.AnsweredAt.Local().Format("2 Jan 15:04"), Game: s.gameName(a.Game),
		Skill: skillLabel(a.Skill), Correct: a.Correct, Result: "Wrong", Elapsed: seconds(a.Elapsed), HintUsed: a.HintUsed,
	}
	if a.Correct {
		r.Result = "Right"
	}
	if speed {
		r.Speed = a.Speed.Label()
	}
	return r
}

// percent writes a/b as "70 %", or "–" when b is 0.
func percent(a, b int) string {
	if b == 0 {
		return "–"
	}
	return strconv.Itoa((a*100+b/2)/b) + " %"
}
