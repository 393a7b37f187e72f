package server

import (
	"strconv"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// The names many pages share, in the reader's language: games, levels,
// skills, certification steps and records, roles. The catalogue
// content/i18n/staff holds them; each English entry repeats the word the
// code or the rules content says (TestNamesAgree), so that an English page
// reads the same whichever way it asked. A name the catalogue lacks (a game
// a house adds, a level a new drills.toml adds) falls back to the English
// the content gives, never to an id.

// english is the source language's Localizer, for the pages and exports
// that are not yet translated.
func english() *i18n.Localizer { return i18n.Default().Localizer(i18n.Source) }

// lookup is message id in l's language, or fallback when the catalogues
// have no such message.
func lookup(l *i18n.Localizer, id, fallback string) string {
	if s := l.T(id); s != id {
		return s
	}
	return fallback
}

// gameNameIn names the game slug in l's language: proper names stay as
// the layout prints them unless the catalogue says otherwise.
func (s *Server) gameNameIn(l *i18n.Localizer, slug string) string {
	return lookup(l, "game."+slug, s.gameName(slug))
}

// levelTitle is the title of drill level lv in l's language.
func levelTitle(l *i18n.Localizer, lv drills.Level) string {
	return lookup(l, "level."+strconv.Itoa(lv.Level), lv.Title)
}

// stepLabel names what a certification waits for in l's language
// (eval.Step's Label in English).
func stepLabel(l *i18n.Localizer, st eval.Step) string {
	return lookup(l, "step."+string(st), st.Label())
}

// certEventLabel names a certification record in l's language
// (trainer.CertEventKind's Label in English).
func certEventLabel(l *i18n.Localizer, k trainer.CertEventKind) string {
	return lookup(l, "cert_event."+string(k), k.Label())
}

// roleName names a role in l's language (trainer.Role's Label in English).
func roleName(l *i18n.Localizer, r trainer.Role) string {
	return lookup(l, "role."+string(r), r.Label())
}

// skillName is skillLabel in l's language: a skill's kind and what it
// asks ("Pagamenti · il risultato di un box"); a ruling or a sequence of
// play by its title in l's language (in English where the house's
// procedures are not translated).
func (s *Server) skillName(l *i18n.Localizer, skill string) string {
	kind := practice.SkillKind(skill)
	if kind == drills.KindRuling || kind == drills.KindProcedure {
		game := practice.SkillGame(skill)
		id := strings.TrimPrefix(skill, game+"."+kind+".")
		if !strings.Contains(id, ".") {
			id = game + "." + id
		}
		if sit := s.house.Procedures.SituationIn(l.Lang(), id); sit != nil {
			return kindName(l, kind) + " · " + sit.Title
		}
		if seq := s.house.Procedures.SequenceIn(l.Lang(), id); seq != nil {
			return kindName(l, kind) + " · " + seq.Title
		}
		return kindName(l, kind)
	}
	return s.questionWordsIn(l, skill)
}

// dateIn writes t's day in l's language on the kiosk's clock; "" for no
// date (dateText's English).
func dateIn(l *i18n.Localizer, t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return l.Date(t.Local())
}

// dateTimeIn writes the moment t in l's language on the kiosk's clock; ""
// for none (dateTimeText's English).
func dateTimeIn(l *i18n.Localizer, t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return l.DateTime(t.Local())
}

// dayMonth writes t's day and month in l's language, without the year, as
// the progress chart's points read: 2 Jan · 2 gen · 2 янв.
func dayMonth(l *i18n.Localizer, t time.Time) string {
	t = t.Local()
	return strings.TrimSuffix(l.Date(t), " "+strconv.Itoa(t.Year()))
}
