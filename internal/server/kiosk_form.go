package server

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/dealerkiosk/trainer/internal/i18n"
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
// through it: it never fails, it returns messages by field, in l's language.
func decodeStart(form url.Values, plan *practice.Planner, l *i18n.Localizer) (startChoice, templates.Errors) {
	errs := templates.Errors{}
	c := startChoice{
		Game: strings.TrimSpace(form.Get("game")),
		Kind: strings.TrimSpace(form.Get("kind")),
	}
	if !plan.Offers(c.Game, trainer.KindMixed) {
		errs[""] = l.T("form.choose_game")
	} else if !plan.Offers(c.Game, c.Kind) {
		errs["kind"] = l.T("form.choose_kind")
	}
	m, err := trainer.ParseMode(strings.TrimSpace(form.Get("mode")))
	if err != nil {
		errs["mode"] = l.T("form.choose_mode") // trainer.ParseMode's sentence
	}
	c.Mode = m
	lv, err := strconv.Atoi(strings.TrimSpace(form.Get("level")))
	if err != nil || lv < 1 || lv > len(plan.Levels()) {
		errs["level"] = l.T("form.choose_level")
	}
	c.Level = lv
	return c, errs
}

// startForm is the start form for c, with errs.
func (s *Server) startForm(l *i18n.Localizer, c startChoice, errs templates.Errors) templates.StartForm {
	f := templates.StartForm{Action: "/practice", Game: c.Game, Errors: errs}
	kinds := append([]string{trainer.KindMixed}, s.plan.Kinds(c.Game)...)
	for _, k := range kinds {
		f.Kinds = append(f.Kinds, templates.ChoiceOption{Value: k, Label: kindName(l, k), Hint: kindHint(l, k), Selected: k == c.Kind})
	}
	for _, m := range trainer.Modes {
		f.Modes = append(f.Modes, templates.ChoiceOption{Value: string(m), Label: modeName(l, m), Hint: modeHint(l, m), Selected: m == c.Mode})
	}
	for _, lv := range s.plan.Levels() {
		f.Levels = append(f.Levels, templates.ChoiceOption{Value: strconv.Itoa(lv.Level), Label: l.T("start.level_n", "N", lv.Level),
			Hint: levelTitle(l, lv), Selected: lv.Level == c.Level})
	}
	return f
}

// kindName names a drill kind (or trainer.KindMixed) for people in l's
// language: "Payouts", "Pagamenti".
func kindName(l *i18n.Localizer, k string) string {
	if n := l.T("kind." + k); n != "kind."+k {
		return n
	}
	return k
}

// kindLabel is kindName in English, for the skill names and the staff's
// pages, which are not yet in the catalogues.
func kindLabel(k string) string { return kindName(i18n.Default().Localizer(i18n.Source), k) }

// kindHint says in a few words what a kind of drill asks.
func kindHint(l *i18n.Localizer, k string) string {
	if n := l.T("kind_hint." + k); n != "kind_hint."+k {
		return n
	}
	return ""
}

// modeName names a mode of practice in l's language: "Timed", "A tempo".
func modeName(l *i18n.Localizer, m trainer.Mode) string {
	if n := l.T("mode." + string(m)); n != "mode."+string(m) {
		return n
	}
	return m.Label()
}

// modeHint says how a mode of practice goes; "" for the exam.
func modeHint(l *i18n.Localizer, m trainer.Mode) string {
	if n := l.T("mode_hint." + string(m)); n != "mode_hint."+string(m) {
		return n
	}
	return ""
}
