package server

import (
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/practice"
)

// The managers' dashboard names what the class misses in the casino's
// words: a question by its kind and what it asks ("Payouts · Pair of Kings
// or Better"), a mistake by what the dealer did ("Stake counted in the
// payout"). The ids the store keeps ("thrill.payout.kings_or_better",
// "slip.stake_included") never reach the page.

// handQuestions and chipQuestions are the questions (drills.Q*) that have
// words of their own in the catalogue, as skill.<question>.
var (
	handQuestions = []string{drills.QBestHand, drills.QBeatsDealer, drills.QDealerQualifies,
		drills.QDealerHalfPay, drills.QJoker, drills.QSecondCombination}
	chipQuestions = []string{drills.QPay, drills.QColorUp}
)

// questionWords is questionWordsIn in English, for what is not yet
// translated (the trainee's skill labels, the exports).
func (s *Server) questionWords(skill string) string { return s.questionWordsIn(english(), skill) }

// questionWordsIn names skill (a drill's "<game>.<kind>[.<what>]") for the
// managers in l's language, without the game: the dashboard shows the game
// beside it.
func (s *Server) questionWordsIn(l *i18n.Localizer, skill string) string {
	kind := practice.SkillKind(skill)
	game := practice.SkillGame(skill)
	what := strings.TrimPrefix(skill, game+"."+kind)
	what = strings.TrimPrefix(what, ".")
	label := kindName(l, kind)
	switch kind {
	case drills.KindRuling, drills.KindProcedure:
		return s.skillName(l, skill) // the situation's or the sequence's title
	case drills.KindPayout:
		switch what {
		case "":
			return label
		case "total":
			return label + " · " + l.T("skill.payout_total")
		}
		return label + " · " + lookup(l, "wager."+what, drills.WagerTitle(game, what))
	case drills.KindHand:
		if slices.Contains(handQuestions, what) {
			return label + " · " + l.T("skill."+what)
		}
	case drills.KindChips:
		if slices.Contains(chipQuestions, what) {
			return label + " · " + l.T("skill."+what)
		}
	}
	return skillWordsIn(l, skill)
}

// skillWordsIn names a skill from its words: "Payouts · blind".
func skillWordsIn(l *i18n.Localizer, skill string) string {
	parts := strings.SplitN(skill, ".", 3)
	if len(parts) < 2 {
		return skill
	}
	out := kindName(l, parts[1])
	if len(parts) == 3 && parts[2] != "" {
		out += " · " + strings.ReplaceAll(parts[2], "_", " ")
	}
	return out
}

// The words for a mistake's id (drills.Mistake.ID) are the catalogue's
// mistake_name.<id> (content/i18n/staff): what a dealer did who gave that answer,
// in a few words. TestMistakeWords draws drills of every game, kind and
// level and fails on an id the catalogue lacks, so a new mistake gets its
// words before it can reach the dashboard.

// mistakeWords is mistakeWordsIn in English.
func (s *Server) mistakeWords(id string) string { return s.mistakeWordsIn(english(), id) }

// mistakeWordsIn names an anticipated mistake by its id in words, in l's
// language: a ruling or a sequence by its title, any other by the
// catalogue's mistake.<id>; "" when there are no words for it (the page
// then names none rather than show the id).
func (s *Server) mistakeWordsIn(l *i18n.Localizer, id string) string {
	if id == "" {
		return ""
	}
	if st := s.house.Procedures.SituationIn(l.Lang(), id); st != nil {
		return st.Title
	}
	if q := s.house.Procedures.SequenceIn(l.Lang(), id); q != nil {
		return q.Title
	}
	return lookup(l, "mistake_name."+id, "")
}
