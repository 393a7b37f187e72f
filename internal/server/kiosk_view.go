package server

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/i18n"
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
func (s *Server) gameTiles(l *i18n.Localizer) []templates.GameTile {
	var out []templates.GameTile
	for _, g := range s.plan.Games() {
		var ks []string
		for _, k := range s.plan.Kinds(g) {
			ks = append(ks, strings.ToLower(kindName(l, k)))
		}
		out = append(out, templates.GameTile{URL: "/practice/new?game=" + url.QueryEscape(g), Name: s.gameNameIn(l, g), Slug: g,
			Kinds: upperFirst(strings.Join(ks, ", "))})
	}
	return out
}

func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	// By rune, not byte: a Russian row's name (флеш) is capitalised whole.
	return string(unicode.ToUpper(r)) + s[n:]
}

// sessionBar is the header of the session, at scenario position (0 for none).
func (s *Server) sessionBar(l *i18n.Localizer, sess *trainer.PracticeSession, position int) templates.SessionBar {
	b := templates.SessionBar{
		URL: practiceURL(sess.ID), Title: s.gameNameIn(l, sess.Game), Mode: modeName(l, sess.Mode), Kind: kindName(l, sess.Kind),
		Position: position, Planned: sess.Planned, Answered: sess.Answered, Correct: sess.Correct,
		Book: templates.Citation{Label: l.T("nav.book"), URL: bookURL(sess.Game), Fragment: bookURL(sess.Game)},
	}
	if sess.Open() {
		b.EndAction = practiceURL(sess.ID) + "/end"
	}
	return b
}

// skillLabel names a skill for people: "Payouts · Blind", and a ruling or
// a sequence of play by its title ("Rulings · A player shows his cards"),
// never by its id.
func (s *Server) skillLabel(skill string) string {
	kind := practice.SkillKind(skill)
	if kind == drills.KindRuling || kind == drills.KindProcedure {
		game := practice.SkillGame(skill)
		id := strings.TrimPrefix(skill, game+"."+kind+".")
		if !strings.Contains(id, ".") {
			id = game + "." + id
		}
		if sit := s.house.Procedures.Situation(id); sit != nil {
			return kindLabel(kind) + " · " + sit.Title
		}
		if seq := s.house.Procedures.Sequence(id); seq != nil {
			return kindLabel(kind) + " · " + seq.Title
		}
		return kindLabel(kind)
	}
	// One name per skill on every page: the trainee's progress and the
	// manager's file must name the same skill alike (TestProgressAgrees).
	return s.questionWords(skill)
}

// questionView is the scenario before its answer. form and errs re-render a
// refused answer (422) with what was typed.
func (s *Server) questionView(l *i18n.Localizer, sess *trainer.PracticeSession, sv *served, form url.Values, errs templates.Errors) templates.QuestionView {
	d, a := sv.d, sv.a
	q := templates.QuestionView{
		AttemptID: a.ID,
		Action:    attemptURL(a.ID) + "/answer",
		Skill:     s.skillName(l, d.Skill),
		Prompt:    d.Prompt,
		Errors:    errs,
	}
	if q.Errors == nil {
		q.Errors = templates.Errors{}
	}
	if d.Round != nil {
		t := roundView(l, d.Round, d.Ask)
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
		q.ElapsedSeconds = int(max(s.db.Clock().Sub(a.ServedAt), 0) / time.Second)
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
			row := templates.OutcomeRow{Field: field, Label: outcomeLabel(l, d.Game, o), Error: q.Errors[field]}
			for _, v := range drills.OutcomeResults(s.house, d.Game, o) {
				row.Options = append(row.Options, templates.ChoiceOption{Value: v, Label: resultLabel(l, o, v), Selected: form.Get(field) == v})
			}
			q.Outcomes = append(q.Outcomes, row)
		}
	case practice.ShapeChips:
		q.Shape = templates.ShapeChips
		var total games.Money
		for _, c := range slices.Backward(s.chipViews()) {
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

// outcomeLabel names an outcome row as the prompts name the wager: "Ante",
// "Multi Super on box 2", "Draw fee".
func outcomeLabel(l *i18n.Localizer, game string, o drills.Outcome) string {
	if o.Fee != "" {
		return lookup(l, "fee."+o.Fee, upperFirst(strings.ReplaceAll(o.Fee, "_", " "))+" fee")
	}
	n := wagerName(l, game, o.Wager)
	if o.On != nil {
		if o.On.Dealer {
			return l.T("outcome.on_dealer", "Wager", n)
		}
		return l.T("outcome.on_box", "Wager", n, "Box", o.On.Box)
	}
	return n
}

// resultLabel names a result of outcome row o: a fee is kept or returned.
func resultLabel(l *i18n.Localizer, o drills.Outcome, v string) string {
	switch v {
	case drills.OutcomeWin:
		return l.T("outcome.win")
	case drills.OutcomeHalf:
		return l.T("outcome.half")
	case drills.OutcomeLose:
		return l.T("outcome.lose")
	case drills.OutcomePush:
		if o.Fee != "" {
			return l.T("outcome.returned")
		}
		return l.T("outcome.push")
	case drills.OutcomeFee:
		return l.T("outcome.kept")
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
// question asks about marked: each box's hand that plays (the cards given
// up for an exchange or a discard apart, greyed and struck), its wagers in
// the order the layout places them and named as the prompts name them, and
// what the player did, in l's language (the wagers by their ids: wagerName).
func roundView(l *i18n.Localizer, r *games.Round, ask drills.Ask) templates.RoundView {
	t := templates.RoundView{Game: r.Game, Dealer: cardFaces(r.Dealer), Board: cardFaces(r.Board)}
	if r.DealerDraw != "" {
		// Lunar: the next card off the deck, which takes the place of the
		// dealer's highest card if a box forces him (docs/SETTLE.md).
		t.DealerDraw, t.DealerDrawLabel = cardFaces([]string{r.DealerDraw}), l.T("table.replacement")
	}
	most := 0
	for i, b := range r.Boxes {
		bv := templates.RoundBox{N: i + 1, Asked: ask.Box == i+1, Folded: b.Fold}
		handThatPlays(l, &bv, b)
		most = max(most, len(bv.Kept)+len(bv.Added)+len(bv.GivenUp))
		for _, w := range wagerOrder(r.Game, b) {
			bv.Wagers = append(bv.Wagers, templates.RoundWager{Name: wagerName(l, r.Game, w), Amount: string(b.Wagers[w]),
				Asked: bv.Asked && ask.Wager == w && ask.On == nil})
		}
		for _, sb := range b.MultiSuper {
			on := l.T("table.on_dealer")
			if !sb.On.Dealer {
				on = l.T("table.on_box", "N", sb.On.Box)
			}
			bv.Side = append(bv.Side, templates.RoundWager{Name: on, Amount: string(sb.Stake),
				Asked: bv.Asked && ask.On != nil && *ask.On == sb.On})
		}
		bv.Notes = boxNotes(l, b)
		t.Boxes = append(t.Boxes, bv)
	}
	t.Density = templates.RoundDensity(len(r.Boxes), most)
	return t
}

// handThatPlays splits a box's cards into the hand that plays and the cards
// given up: a Lunar exchange's cards out (the cards drawn join the hand), a
// bought sixth card, 7 Card Thrill's two discards.
func handThatPlays(l *i18n.Localizer, bv *templates.RoundBox, b games.Box) {
	out := map[string]bool{}
	switch {
	case b.Draw != nil && len(b.Draw.Out) > 0:
		bv.GivenUpLabel = l.T("table.exchanged")
		for _, c := range b.Draw.Out {
			out[strings.ToLower(c)] = true
		}
	case len(b.Discards) > 0:
		bv.GivenUpLabel = l.T("table.discarded")
		for _, c := range b.Discards {
			out[strings.ToLower(c)] = true
		}
	}
	for _, c := range b.Cards {
		if out[strings.ToLower(c)] {
			bv.GivenUp = append(bv.GivenUp, templates.CardOf(c))
		} else {
			bv.Kept = append(bv.Kept, templates.CardOf(c))
		}
	}
	if b.Draw != nil {
		switch {
		case len(b.Draw.In) > 0:
			bv.Added, bv.AddedLabel = cardFaces(b.Draw.In), l.T("table.drawn")
		case b.Draw.Buy != "":
			bv.Added, bv.AddedLabel = cardFaces([]string{b.Draw.Buy}), l.T("table.bought")
		}
	}
}

// wagerOrder lists a box's wagers in the order the game's layout places
// them (templates.GameLayouts), then any other wager by name.
func wagerOrder(game string, b games.Box) []string {
	var out []string
	for _, sp := range templates.GameLayouts[game].Spots {
		if _, ok := b.Wagers[sp.Wager]; ok {
			out = append(out, sp.Wager)
		}
	}
	var rest []string
	for w := range b.Wagers {
		if !slices.Contains(out, w) {
			rest = append(rest, w)
		}
	}
	slices.Sort(rest)
	return append(out, rest...)
}

// wagerRank is a wager's place in the game's layout (wagerOrder), for
// sorting an outcome question's rows; Multi Super and fees come after.
func wagerRank(game string, o drills.Outcome) int {
	if o.Fee != "" {
		return 2000
	}
	for i, sp := range templates.GameLayouts[game].Spots {
		if sp.Wager == o.Wager && o.On == nil {
			return i
		}
	}
	if o.On != nil {
		if o.On.Dealer {
			return 1000 + 99
		}
		return 1000 + o.On.Box
	}
	return 500
}

// outcomeOrder is the order an outcome question shows its rows in: the
// indexes of outs (the key's order, which the form's field numbers keep)
// in the layout's order.
func outcomeOrder(game string, outs []drills.Outcome) []int {
	idx := make([]int, len(outs))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return wagerRank(game, outs[a]) - wagerRank(game, outs[b]) })
	return idx
}

// boxNotes are the player's actions on a box, in words; the cards of an
// exchange or a discard are drawn, not written.
func boxNotes(l *i18n.Localizer, b games.Box) []string {
	var out []string
	if b.Fold {
		out = append(out, l.T("table.folded"))
	}
	if b.FourthCard {
		out = append(out, l.T("table.fourth_card"))
	}
	if b.Exchanged > 0 {
		out = append(out, l.T("table.exchanged_cards", "Count", b.Exchanged))
	}
	if b.Draw != nil {
		if b.Draw.Buy != "" {
			out = append(out, l.T("table.sixth_card"))
		}
		if len(b.Draw.Out) > 0 {
			out = append(out, l.T("table.exchanged_cards", "Count", len(b.Draw.Out)))
		}
	}
	if b.Force {
		out = append(out, l.T("table.forced"))
	}
	return out
}

// wagerName is wager w of game as the felt names it, in l's language: the
// catalogue's "wager.<id>" (the games' stable wager ids, never the English
// title), else drills.WagerTitle's English for a wager the catalogues lack
// (TestWagerNames keeps them complete).
func wagerName(l *i18n.Localizer, game, w string) string {
	if key := "wager." + w; l.T(key) != key {
		return l.T(key)
	}
	return drills.WagerTitle(game, w)
}

// cardFaces draws cards written in the settle contract's notation.
func cardFaces(codes []string) []templates.CardView {
	out := make([]templates.CardView, 0, len(codes))
	for _, c := range codes {
		out = append(out, templates.CardOf(c))
	}
	return out
}

// feedbackView is an answered attempt: the verdict, the answer given and the
// key, the explanation and the rule broken, the time. inSession adds the
// button to the next scenario; otherwise it is shown from the history.
// d is the attempt's drill when the caller has rebuilt it already, or nil.
func (s *Server) feedbackView(l *i18n.Localizer, sess *trainer.PracticeSession, a *trainer.Attempt, d *drills.Drill, inSession bool) (templates.FeedbackView, error) {
	f := templates.FeedbackView{
		Correct:    a.Correct,
		Elapsed:    l.Seconds(a.Elapsed, 1),
		HintUsed:   a.HintUsed,
		AnsweredAt: a.AnsweredAt.Local().Format("2 Jan 2006 15:04"),
		Target:     l.T("speed.target", "Target", a.TargetSeconds),
	}
	f.Verdict = l.T("verdict.not_quite")
	if a.Correct {
		f.Verdict = l.T("verdict.right")
	}
	if sess.Mode.GradesSpeed() {
		f.Speed, f.SpeedClass = a.Speed.Label(), string(a.Speed)
		f.SpeedNote = speedNote(l, a.Speed, a.TargetSeconds)
	}
	if inSession && sess.Open() {
		f.NextAction, f.NextLabel = practiceURL(sess.ID)+"/next", l.T("verdict.next")
		if sess.Done() {
			f.NextLabel = l.T("verdict.results")
		}
	} else if !inSession {
		f.BackURL = "/history"
		f.Context = s.gameNameIn(l, a.Game) + " · " + s.skillName(l, a.Skill) + " · " + modeName(l, sess.Mode)
	}
	var err error
	if d == nil {
		d, err = s.plan.Rebuild(a.Spec)
	}
	if errors.Is(err, practice.ErrRulesChanged) {
		f.Problem = "The house rules have changed since this question was asked, so it cannot be shown again exactly as it was. " +
			"Your answer and its result are kept."
		f.Question.Prompt = s.skillName(l, a.Skill)
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
	f.Question = s.questionView(l, sess, sv, nil, nil)
	f.Question.HintAction, f.Question.TargetSeconds = "", 0
	f.Explanation = d.Explanation
	f.Refs = s.citations(l.Lang(), d.Game, d.Refs)
	f.Yours, f.Right = answerLines(l, d, drills.Key(answer)), answerLines(l, d, d.Key)
	for i := range f.Yours {
		f.Yours[i].Right = f.Yours[i].Right || a.Correct
	}
	f.Note = chipsNote(d, drills.Key(answer))
	if !a.Correct {
		if m := practice.Score(d, answer, a.Elapsed).Mistake; m != nil {
			f.Mistake, f.MistakeText = true, m.Explanation
			f.MistakeRefs = s.mistakeCitations(l.Lang(), d.Game, m)
		}
	}
	return f, nil
}

// mistakeCitations are the sections a mistake breaks: its Refs, or its Rule
// (a section id) where the drill has not resolved it.
func (s *Server) mistakeCitations(lang, game string, m *drills.Mistake) []templates.Citation {
	if len(m.Refs) > 0 {
		return s.citations(lang, game, m.Refs)
	}
	return s.cite(lang, game, m.Rule)
}

// answerLines writes an answer (or the key) in the drill's terms; an
// outcome answer's lines follow the layout, as the question's rows do. Each
// line is marked Right when it matches the key's: one outcome of several
// can be right when the whole answer is not.
func answerLines(l *i18n.Localizer, d *drills.Drill, k drills.Key) []templates.AnswerLine {
	switch practice.ShapeOf(d) {
	case practice.ShapeAmount:
		if k.Amount == nil {
			return nil
		}
		return []templates.AnswerLine{{Text: amountText(l, *k.Amount), Right: d.Key.Amount != nil && *k.Amount == *d.Key.Amount}}
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
			out = append(out, templates.AnswerLine{Text: outcomeLabel(l, d.Game, o) + ": " + resultLabel(l, o, o.Result), Right: right})
		}
		return out
	}
	var parts []string
	for _, c := range k.Chips {
		parts = append(parts, fmt.Sprintf("%d × %s", c.Count, c.Value))
	}
	return []templates.AnswerLine{{Text: strings.Join(parts, ", ")}}
}

// amountText writes an amount as the trainee would say it, with the
// language's decimal mark (7,5 in Italian and Russian).
func amountText(l *i18n.Localizer, m games.Money) string {
	switch {
	case m == 0:
		return l.T("amount.push")
	case m < 0:
		return l.T("amount.collected", "Amount", l.Amount(int64(m)))
	}
	return l.Amount(int64(m))
}

// summaryView sums up a session's answers.
func (s *Server) summaryView(l *i18n.Localizer, sess *trainer.PracticeSession, as []*trainer.Attempt) templates.SummaryView {
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
		v.Rows = append(v.Rows, s.historyRow(l, a, sess.Mode.GradesSpeed()))
	}
	v.Accuracy = percent(v.Correct, v.Answered)
	if v.Answered > 0 {
		v.MeanTime = l.Seconds(total/time.Duration(v.Answered), 1)
	} else {
		v.MeanTime = "–"
	}
	return v
}

// historyRow is one answered attempt in a list.
func (s *Server) historyRow(l *i18n.Localizer, a *trainer.Attempt, speed bool) templates.HistoryRow {
	r := templates.HistoryRow{
		URL: attemptURL(a.ID), When: a.AnsweredAt.Local().Format("2 Jan 15:04"), Game: s.gameNameIn(l, a.Game),
		Skill: s.skillName(l, a.Skill), Correct: a.Correct, Result: l.T("verdict.wrong"), Elapsed: l.Seconds(a.Elapsed, 1), HintUsed: a.HintUsed,
	}
	if a.Correct {
		r.Result = l.T("verdict.right")
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

// chipsNote says what a chips answer's chips make when that is not what was
// asked, or how many chips too many it takes: "Your chips make 25, not
// 120." The trainee sees only chips; the sum is what the question is about.
func chipsNote(d *drills.Drill, answer drills.Key) string {
	if practice.ShapeOf(d) != practice.ShapeChips {
		return ""
	}
	made, n := chipSum(answer.Chips)
	want, fewest := chipSum(d.Key.Chips)
	switch {
	case made != want:
		return fmt.Sprintf("Your chips make %s, not %s.", made, want)
	case n > fewest:
		return fmt.Sprintf("Your chips make %s, but with %d chips: %d would do.", made, n, fewest)
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

// speedNote says what a speed grade means against the target, where the
// grade is shown: FAST within half the target, OK within it, SLOW after it
// (eval.SpeedGrade), in l's language. The grades' names stay FAST, OK and
// SLOW in every language (the kiosk's timer shows them so).
func speedNote(l *i18n.Localizer, sp trainer.Speed, target int) string {
	half := strconv.FormatFloat(float64(target)/2, 'f', -1, 64)
	if l.Lang() != i18n.Source {
		half = strings.Replace(half, ".", ",", 1) // Italian and Russian: 7,5
	}
	switch sp {
	case trainer.SpeedFast, trainer.SpeedOK, trainer.SpeedSlow:
		return l.T("speed.note_"+string(sp), "Target", target, "Half", half)
	}
	return ""
}
