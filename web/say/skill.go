package say

import (
	"context"
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// The words for what a question asks and what a dealer got wrong: a
// question by its kind and what it asks ("Payouts · Pair of Kings or
// Better"), a ruling or a sequence of play by its title in the house's
// procedures, a mistake by what the dealer did ("Stake counted in the
// payout"). The ids the store keeps ("thrill.payout.kings_or_better",
// "slip.stake_included") never reach a page.

// handQuestions and chipQuestions are the questions (drills.Q*) that have
// words of their own in the catalogue, as skill.<question>.
var (
	handQuestions = []string{drills.QBestHand, drills.QBeatsDealer, drills.QDealerQualifies,
		drills.QDealerHalfPay, drills.QJoker, drills.QSecondCombination}
	chipQuestions = []string{drills.QPay, drills.QColorUp}
)

// procedures are the house's procedures in ctx, or nil.
func procedures(ctx context.Context) *rulebook.Procedures {
	if h := House(ctx); h != nil {
		return h.Procedures
	}
	return nil
}

// procedureTitle is the title of a situation or a sequence of play id in
// the reader's language (in the house's language, else English, where its
// procedures are not translated); "" when the house has none of that id.
func procedureTitle(ctx context.Context, id string) string {
	p := procedures(ctx)
	if p == nil {
		return ""
	}
	lang := loc(ctx).Lang()
	if sit := p.SituationIn(lang, id); sit != nil {
		return sit.Title
	}
	if seq := p.SequenceIn(lang, id); seq != nil {
		return seq.Title
	}
	return ""
}

// Skill names a skill (a drill's "<game>.<kind>[.<what>]") for people: its
// kind and what it asks ("Pagamenti · il risultato di un box"); a ruling or
// a sequence of play by its title. One name per skill on every page: the
// trainee's progress and the manager's file name the same skill alike
// (TestProgressAgrees).
func Skill(ctx context.Context, skill string) string {
	kind := practice.SkillKind(skill)
	if kind == drills.KindRuling || kind == drills.KindProcedure {
		game := practice.SkillGame(skill)
		id := strings.TrimPrefix(skill, game+"."+kind+".")
		if !strings.Contains(id, ".") {
			id = game + "." + id
		}
		if title := procedureTitle(ctx, id); title != "" {
			return joinWords(Kind(ctx, kind), title)
		}
		return Kind(ctx, kind)
	}
	return Question(ctx, skill)
}

// Question names skill for the managers without the game, which their
// pages show beside it.
func Question(ctx context.Context, skill string) string {
	kind := practice.SkillKind(skill)
	game := practice.SkillGame(skill)
	what := strings.TrimPrefix(skill, game+"."+kind)
	what = strings.TrimPrefix(what, ".")
	label := Kind(ctx, kind)
	switch kind {
	case drills.KindRuling, drills.KindProcedure:
		return Skill(ctx, skill) // the situation's or the sequence's title
	case drills.KindPayout:
		switch what {
		case "":
			return label
		case "total":
			return joinWords(label, T(ctx, "skill.payout_total"))
		}
		return joinWords(label, Wager(ctx, game, what))
	case drills.KindHand:
		if slices.Contains(handQuestions, what) {
			return joinWords(label, T(ctx, "skill."+what))
		}
	case drills.KindChips:
		if slices.Contains(chipQuestions, what) {
			return joinWords(label, T(ctx, "skill."+what))
		}
	}
	return skillWords(ctx, skill)
}

// skillWords names a skill from its words: "Payouts · blind".
func skillWords(ctx context.Context, skill string) string {
	parts := strings.SplitN(skill, ".", 3)
	if len(parts) < 2 {
		return skill
	}
	out := Kind(ctx, parts[1])
	if len(parts) == 3 && parts[2] != "" {
		out += " · " + strings.ReplaceAll(parts[2], "_", " ")
	}
	return out
}

// Mistake names an anticipated mistake by its id (drills.Mistake.ID): a
// ruling or a sequence by its title, any other by the catalogue's
// mistake_name.<id>, what a dealer did who gave that answer, in a few
// words; "" when there are no words for it (the page then names none rather
// than show the id). TestMistakeWords fails on an id the catalogue lacks.
func Mistake(ctx context.Context, id string) string {
	if id == "" {
		return ""
	}
	if title := procedureTitle(ctx, id); title != "" {
		return title
	}
	return lookup(loc(ctx), "mistake_name."+id, "")
}

// Setting names a house setting ("uth.fold_forfeits_trips") in words: "Fold
// forfeits Trips". The catalogue holds it as setting.<game>.<key, dots made
// underscores>, or, for the settings only the rules approval shows,
// approval.setting.<game>.<key>; a setting a house adds and the catalogue
// lacks reads as rulebook.SettingLabel's English, never as its key.
func Setting(ctx context.Context, setting string) string {
	if setting == "" {
		return ""
	}
	game, key, ok := strings.Cut(setting, ".")
	if !ok {
		return rulebook.SettingLabel(setting)
	}
	l := loc(ctx)
	k := game + "." + strings.ReplaceAll(key, ".", "_")
	return lookup(l, "setting."+k, lookup(l, "approval.setting."+k, rulebook.SettingLabel(key)))
}
