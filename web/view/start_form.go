package view

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/templates"
)

// ReadStart reads the start form. It is pure, so any input can be fuzzed
// through it: it never fails, it returns messages by field, in l's language.
func ReadStart(form url.Values, plan *practice.Planner, l *i18n.Localizer) (StartChoice, templates.Errors) {
	errs := templates.Errors{}
	c := StartChoice{
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
