package drills

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/procedures"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// The questions of a procedure drill, as package procedures names its kinds.
const (
	QNextStep = string(procedures.KindNextStep) // the step that follows in a sequence of play
	QOrder    = string(procedures.KindOrder)    // steps of a sequence put in order
	QRuling   = string(procedures.KindRuling)   // the ruling on a situation
)

// procedureDrill wraps package procedures: a ruling drill asks the house's
// ruling on one of the game's situations (the common ones included), a
// procedure drill the next step of one of its sequences of play or the order
// of its steps, one or the other by the seed. The situation or sequence is
// Spec.ID when given, else drawn from the seed among those the house can ask
// (a situation whose deciding setting the house changed without rewriting
// its ruling is skipped). The question itself — its variant, the order of
// its choices, the key and why each wrong choice is wrong — is package
// procedures', for the drill's seed.
func (b *build) procedureDrill() error {
	kind := procedures.KindRuling
	if b.d.Kind == KindProcedure {
		kind = procedures.KindNextStep
		if b.rng.IntN(2) == 0 {
			kind = procedures.KindOrder
		}
	}
	ids := procedureIDs(b.h, b.g.slug, kind)
	if b.id != "" {
		if !slices.Contains(ids, b.id) {
			if p := b.h.Procedures; p != nil && p.Unresolved[b.id] != "" {
				// The house changed the setting that decides this question and
				// has not written its own answer: say so rather than "no such id".
				return &SpecError{"id", fmt.Sprintf("%s waits for house %q's own ruling: the house changes %s, which decides it, and houses/%s/procedures.toml does not rewrite it",
					b.id, b.h.Name, p.Unresolved[b.id], b.h.Name)}
			}
			if p := b.h.Procedures; p != nil {
				if cond, _ := p.Premise(b.g.slug, b.id); cond != "" {
					// The situation does not arise at this table (no posted
					// maximum payout, say): it is held back, not unknown.
					return &SpecError{"id", fmt.Sprintf("%s is not asked at %s at house %q: its premise %s does not hold there",
						b.id, b.g.name, b.h.Name, cond)}
				}
			}
			return &SpecError{"id", fmt.Sprintf("%s has no %s %q at house %q (see trainer drill --list)", b.g.name, kindNoun(kind), b.id, b.h.Name)}
		}
		ids = []string{b.id}
	}
	if len(ids) == 0 {
		return fmt.Errorf("drills: house %q has no %s for %s", b.h.Name, kindNoun(kind), b.g.name)
	}
	start := b.rng.IntN(len(ids))
	for i := range ids {
		id := ids[(start+i)%len(ids)]
		q, err := procedures.NewIn(b.h, b.lang, b.g.slug, kind, id, b.d.Seed)
		if errors.Is(err, procedures.ErrUnresolved) || errors.Is(err, procedures.ErrWithheld) {
			continue
		}
		if err != nil {
			return err
		}
		b.fromQuestion(q)
		return nil
	}
	return fmt.Errorf("drills: every %s of %s at house %q waits for the house's own ruling", kindNoun(kind), b.g.name, b.h.Name)
}

func kindNoun(k procedures.Kind) string {
	if k == procedures.KindRuling {
		return "ruling situation"
	}
	return "sequence of play"
}

// procedureIDs lists the ids a game's drills of kind draw from at house h,
// in the house's order: its situations and the common ones for a ruling, its
// sequences for the others, each only where its premise holds at the game
// (rulebook.Procedures.Asks: no "pay the posted maximum" where there is none).
func procedureIDs(h *rulebook.House, game string, kind procedures.Kind) []string {
	var ids []string
	for _, it := range procedures.List(h) {
		if !slices.Contains(it.Kinds, kind) || !h.Procedures.Asks(game, it.ID) {
			continue
		}
		if it.Game == game || kind == procedures.KindRuling && it.Game == rulebook.CommonSlug {
			ids = append(ids, it.ID)
		}
	}
	return ids
}

// fromQuestion fills the drill from a procedures question: its choices, the
// key counted from 1, and each wrong choice's reason as a Mistake.
func (b *build) fromQuestion(q procedures.Question) {
	b.d.Prompt = q.Prompt
	b.d.Choices = q.Choices
	b.d.Key = Key{Choice: q.Answer + 1}
	b.d.Explanation = q.Explanation
	b.d.Ask = Ask{Question: string(q.Kind), ID: q.ID}
	b.d.Skill = procedureSkill(b.g.slug, b.d.Kind, q.ID)
	b.cite(q.Ref)
	for i := range q.Choices {
		if i == q.Answer {
			continue
		}
		why := ""
		if i < len(q.Why) {
			why = q.Why[i]
		}
		// Every wrong choice carries its own why (package rulebook checks it);
		// the explanation is not repeated in its place.
		b.d.Mistakes = append(b.d.Mistakes, Mistake{Key: Key{Choice: i + 1}, ID: q.ID, Rule: q.Ref, Explanation: why})
	}
}

// procedureSkill is "<game>.<kind>.<id without the game's prefix>": a common
// situation keeps its "common." prefix ("uth.ruling.common.max_payout").
func procedureSkill(game, kind, id string) string {
	return game + "." + kind + "." + strings.TrimPrefix(id, game+".")
}
