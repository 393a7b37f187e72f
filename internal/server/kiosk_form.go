package server

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/templates"
)

// startChoice is what the start form chooses.
type startChoice struct {
	Game  string
	Kind  string // a drill kind or trainer.KindMixed
	Mode  trainer.Mode
	Level int
}

// decodeStart reads the start form. It is pure, so any input can be fuzzed
// through it: it never fails, it returns messages by field.
func decodeStart(form url.Values, plan *practice.Planner) (startChoice, templates.Errors) {
	errs := templates.Errors{}
	c := startChoice{
		Game: strings.TrimSpace(form.Get("game")),
		Kind: strings.TrimSpace(form.Get("kind")),
	}
	if !plan.Offers(c.Game, trainer.KindMixed) {
		errs[""] = "Choose a game from your games."
	} else if !plan.Offers(c.Game, c.Kind) {
		errs["kind"] = "Choose what to practise."
	}
	m, err := trainer.ParseMode(strings.TrimSpace(form.Get("mode")))
	if err != nil {
		errs["mode"] = trainer.MessageOf(err)
	}
	c.Mode = m
	lv, err := strconv.Atoi(strings.TrimSpace(form.Get("level")))
	if err != nil || lv < 1 || lv > len(plan.Levels()) {
		errs["level"] = "Choose a level."
	}
	c.Level = lv
	return c, errs
}

// startForm is the start form for c, with errs.
func (s *Server) startForm(c startChoice, errs templates.Errors) templates.StartForm {
	f := templates.StartForm{Action: "/practice", Game: c.Game, Errors: errs}
	kinds := append([]string{trainer.KindMixed}, s.plan.Kinds(c.Game)...)
	for _, k := range kinds {
		f.Kinds = append(f.Kinds, templates.ChoiceOption{Value: k, Label: kindLabel(k), Hint: kindHint(k), Selected: k == c.Kind})
	}
	for _, m := range trainer.Modes {
		f.Modes = append(f.Modes, templates.ChoiceOption{Value: string(m), Label: m.Label(), Hint: modeHint(m), Selected: m == c.Mode})
	}
	for _, l := range s.plan.Levels() {
		f.Levels = append(f.Levels, templates.ChoiceOption{Value: strconv.Itoa(l.Level), Label: "Level " + strconv.Itoa(l.Level),
			Hint: l.Title, Selected: l.Level == c.Level})
	}
	return f
}

// kindLabel names a drill kind for people.
func kindLabel(k string) string {
	switch k {
	case trainer.KindMixed:
		return "Mixed"
	case "payout":
		return "Payouts"
	case "outcome":
		return "Outcomes"
	case "hand":
		return "Hand reading"
	case "chips":
		return "Chips"
	case "procedure":
		return "Procedures"
	case "ruling":
		return "Rulings"
	}
	return k
}

func kindHint(k string) string {
	switch k {
	case trainer.KindMixed:
		return "A bit of everything"
	case "payout":
		return "What a wager pays"
	case "outcome":
		return "Win, lose or push"
	case "hand":
		return "Best hands, who wins"
	case "chips":
		return "Pay with the fewest chips"
	case "procedure":
		return "Order of play"
	case "ruling":
		return "What the rules say"
	}
	return ""
}

func modeHint(m trainer.Mode) string {
	switch m {
	case trainer.ModePractice:
		return "Feedback after each question; hints allowed"
	case trainer.ModeTimed:
		return "Each answer timed: FAST within half the target time, OK within it, SLOW after it"
	case trainer.ModeReview:
		return "Your mistakes first, then what is due"
	}
	return ""
}
