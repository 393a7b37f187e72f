package practice

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// ErrRulesChanged is returned for a spec made under rules other than the
// kiosk's: its drill can no longer be rebuilt exactly.
var ErrRulesChanged = errors.New("the rules changed since this scenario was made")

// Planner makes the drills a session serves, for one house. It is safe for
// concurrent use.
type Planner struct {
	gen     *drills.Generator
	house   string
	version string
	kinds   map[string][]string // game → the kinds that can be generated
	games   []string
	// recent keeps the drills made lately: a scenario is rebuilt from its
	// spec to show it, to grade its answer and for the feedback, each
	// time the same drill (the generator is deterministic).
	recent drillCache
}

// NewPlanner returns a Planner over gen for house, rules version version. It
// tries each game and kind once: a kind the content cannot produce yet (the
// drills of a game still to come) is not offered.
func NewPlanner(gen *drills.Generator, house, version string) *Planner {
	p := &Planner{gen: gen, house: house, version: version, kinds: map[string][]string{}}
	for _, g := range drills.GameSlugs() {
		for _, k := range drills.Kinds {
			if _, err := gen.Generate(house, drills.Spec{Game: g, Kind: k, Level: 1, Seed: 1}); err == nil {
				p.kinds[g] = append(p.kinds[g], k)
			}
		}
		if len(p.kinds[g]) > 0 {
			p.games = append(p.games, g)
		}
	}
	return p
}

// Games lists the games with at least one kind of drill, in the kiosk's order.
func (p *Planner) Games() []string { return p.games }

// Kinds lists the kinds of drill the game offers.
func (p *Planner) Kinds(game string) []string { return p.kinds[game] }

// Levels returns the levels of drills.toml.
func (p *Planner) Levels() []drills.Level { return p.gen.Config().Levels }

// House is the house the planner serves.
func (p *Planner) House() string { return p.house }

// Version is the rules version the planner's drills are made on.
func (p *Planner) Version() string { return p.version }

// Offers reports whether game and kind (or trainer.KindMixed) can be practised.
func (p *Planner) Offers(game, kind string) bool {
	if kind == trainer.KindMixed {
		return len(p.kinds[game]) > 0
	}
	return slices.Contains(p.kinds[game], kind)
}

// Rebuild regenerates the drill of spec exactly as it was served. Returns
// ErrRulesChanged when spec was made under other rules.
func (p *Planner) Rebuild(s trainer.Spec) (*drills.Drill, error) {
	if s.RulesVersion != p.version {
		return nil, ErrRulesChanged
	}
	if d := p.recent.get(s); d != nil {
		return d, nil
	}
	d, err := p.gen.Generate(s.House, drills.Spec{Game: s.Game, Kind: s.Kind, Level: s.Level, Seed: s.Seed})
	if err == nil {
		p.recent.put(s, d)
	}
	return d, err
}

// Fresh makes a new drill of game and kind at level with a seed from rng.
// For trainer.KindMixed the kind is drawn from the game's kinds.
func (p *Planner) Fresh(rng *rand.Rand, game, kind string, level int) (*drills.Drill, error) {
	d, err := p.fresh(rng, game, kind, level)
	if err == nil {
		p.recent.put(SpecOf(d), d)
	}
	return d, err
}

func (p *Planner) fresh(rng *rand.Rand, game, kind string, level int) (*drills.Drill, error) {
	if kind == trainer.KindMixed {
		ks := p.kinds[game]
		if len(ks) == 0 {
			return nil, fmt.Errorf("practice: no drills for game %q", game)
		}
		kind = ks[rng.IntN(len(ks))]
	}
	return p.gen.Generate(p.house, drills.Spec{Game: game, Kind: kind, Level: level, Seed: rng.Uint64N(trainer.MaxSeed)})
}

// skillTries bounds the seeds tried to find a drill of one skill: a skill is
// "<game>.<kind>.<detail>", and the detail comes from the seed.
const skillTries = 40

// ForSkill makes a new drill of skill at level: seeds are tried until one
// gives that skill, and if none does within skillTries, a drill of the
// skill's kind is served as it comes.
func (p *Planner) ForSkill(rng *rand.Rand, skill string, level int) (*drills.Drill, error) {
	game, kind := SkillGame(skill), SkillKind(skill)
	if !p.Offers(game, kind) {
		return nil, fmt.Errorf("practice: no drills for skill %q", skill)
	}
	var last *drills.Drill
	for range skillTries {
		d, err := p.fresh(rng, game, kind, level)
		if err != nil {
			return nil, err
		}
		last = d
		if d.Skill == skill {
			break
		}
	}
	p.recent.put(SpecOf(last), last)
	return last, nil
}

// SpecOf is the spec an attempt stores for d.
func SpecOf(d *drills.Drill) trainer.Spec {
	return trainer.Spec{Game: d.Game, Kind: d.Kind, Level: d.Level, Seed: d.Seed, House: d.House, RulesVersion: d.RulesVersion}
}
