package practice

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// examSkillTries bounds the seeds tried per item to find a skill the exam
// does not ask yet: eight rulings of a game with sixteen situations should
// be eight different ones, but a kind with few skills repeats them.
const examSkillTries = 8

// PlanExam draws the items of an exam of game from the standard's
// blueprint: each entry's count of drills of its kind and level, seeds from
// rng, preferring skills the exam does not ask yet, then shuffled, each with
// the time its kind allows. Every item is generated once here, so an exam
// never starts with an item that cannot be made.
func PlanExam(p *Planner, rng *rand.Rand, game string, st *rulebook.Standard) ([]trainer.ExamItem, error) {
	var items []trainer.ExamItem
	used := map[string]bool{}
	for _, b := range st.Blueprint {
		if !p.Offers(game, b.Kind) {
			return nil, fmt.Errorf("exam of %s: no drills of kind %q", game, b.Kind)
		}
		for range b.Count {
			var it trainer.ExamItem
			for try := range examSkillTries {
				d, err := p.Fresh(rng, game, b.Kind, b.Level, "")
				if err != nil {
					return nil, fmt.Errorf("exam of %s: %w", game, err)
				}
				if try == 0 || !used[d.Skill] {
					it = trainer.ExamItem{Kind: b.Kind, Level: b.Level, Seed: d.Seed, Skill: d.Skill,
						Seconds: st.Thresholds[b.Kind].Seconds}
				}
				if !used[d.Skill] {
					break
				}
			}
			used[it.Skill] = true
			items = append(items, it)
		}
	}
	rng.Shuffle(len(items), func(i, j int) { items[i], items[j] = items[j], items[i] })
	for i := range items {
		items[i].Position = i + 1
	}
	return slices.Clip(items), nil
}
