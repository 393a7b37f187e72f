package practice

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// ErrRulesChanged is returned for a spec made under rules other than the
// kiosk's that cannot be loaded again (no copy of them was kept): its drill
// can no longer be rebuilt exactly.
var ErrRulesChanged = errors.New("the rules changed since this scenario was made")

// Snapshots returns the rules files of a version the kiosk ran with
// (rulebook.Book.Files, as the store keeps them), or an error when it has no
// copy of that version.
type Snapshots func(version string) (map[string][]byte, error)

// Planner makes the drills a session serves, for one house. It is safe for
// concurrent use; what it makes never changes, so the drills made lately are
// kept, and so are the generators of past rules versions it loads (a few at
// a time).
type Planner struct {
	gen     *drills.Generator
	house   string
	version string
	kinds   map[string][]string // game → the kinds that can be generated
	games   []string

	snapshots Snapshots
	mu        sync.Mutex
	past      map[string]*drills.Generator // version → its generator, loaded from its snapshot
	// recent keeps the drills made lately: a scenario is rebuilt from its
	// spec to show it, to grade its answer and for the feedback, each
	// time the same drill (the generator is deterministic).
	recent drillCache
}

// pastVersions bounds the generators of old rules versions kept loaded: each
// holds a whole rulebook, and old attempts are opened one at a time.
const pastVersions = 8

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

// WithSnapshots lets p rebuild specs made under older rules versions from
// the copies fn returns (the store's rules_versions). Call it before p is
// used.
func (p *Planner) WithSnapshots(fn Snapshots) *Planner {
	p.snapshots = fn
	return p
}

// Rebuild regenerates the drill of spec exactly as it was served, under the
// rules version spec records: the kiosk's own, or an older one loaded from
// its snapshot. Returns an error wrapping ErrRulesChanged when spec was made
// under rules of which no copy was kept.
func (p *Planner) Rebuild(s trainer.Spec) (*drills.Drill, error) {
	if d := p.recent.get(s); d != nil { // the spec holds the rules version
		return d, nil
	}
	gen := p.gen
	if s.RulesVersion != p.version {
		var err error
		if gen, err = p.pastGenerator(s.RulesVersion); err != nil {
			return nil, err
		}
	}
	d, err := gen.Generate(s.House, drills.Spec{Game: s.Game, Kind: s.Kind, Level: s.Level, Seed: s.Seed, Lang: s.Lang})
	if err == nil {
		p.recent.put(s, d)
	}
	return d, err
}

// pastGenerator loads (once) the drill generator of an older rules version
// from its snapshot, and checks that the snapshot is that version.
func (p *Planner) pastGenerator(version string) (*drills.Generator, error) {
	if p.snapshots == nil {
		return nil, ErrRulesChanged
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if g, ok := p.past[version]; ok {
		return g, nil
	}
	files, err := p.snapshots(version)
	if err != nil {
		return nil, fmt.Errorf("%w (rules %s: %v)", ErrRulesChanged, version, err)
	}
	fsys := rulebook.SnapshotFS(files)
	book, err := rulebook.Load(fsys)
	if err != nil {
		return nil, fmt.Errorf("%w (rules %s: %v)", ErrRulesChanged, version, err)
	}
	if book.Version != version {
		return nil, fmt.Errorf("%w (the copy of rules %s loads as %s)", ErrRulesChanged, version, book.Version)
	}
	g, err := drills.Load(book, fsys)
	if err != nil {
		return nil, fmt.Errorf("%w (rules %s: %v)", ErrRulesChanged, version, err)
	}
	if p.past == nil {
		p.past = map[string]*drills.Generator{}
	}
	if len(p.past) >= pastVersions {
		for v := range p.past { // any one: old attempts are opened one at a time
			delete(p.past, v)
			break
		}
	}
	p.past[version] = g
	return g, nil
}

// Fresh makes a new drill of game and kind at level with a seed from rng,
// its words in language lang ("" for English: drills.Spec.Lang). For
// trainer.KindMixed the kind is drawn from the game's kinds.
func (p *Planner) Fresh(rng *rand.Rand, game, kind string, level int, lang string) (*drills.Drill, error) {
	d, err := p.fresh(rng, game, kind, level, lang)
	if err == nil {
		p.recent.put(SpecOf(d), d)
	}
	return d, err
}

func (p *Planner) fresh(rng *rand.Rand, game, kind string, level int, lang string) (*drills.Drill, error) {
	if kind == trainer.KindMixed {
		ks := p.kinds[game]
		if len(ks) == 0 {
			return nil, fmt.Errorf("practice: no drills for game %q", game)
		}
		kind = ks[rng.IntN(len(ks))]
	}
	return p.gen.Generate(p.house, drills.Spec{Game: game, Kind: kind, Level: level, Seed: rng.Uint64N(trainer.MaxSeed), Lang: lang})
}

// skillTries bounds the seeds tried to find a drill of one skill: a skill is
// "<game>.<kind>.<detail>", and the detail comes from the seed.
const skillTries = 40

// ForSkill makes a new drill of skill at level, in language lang: seeds are tried until one
// gives that skill, and if none does within skillTries, a drill of the
// skill's kind is served as it comes.
func (p *Planner) ForSkill(rng *rand.Rand, skill string, level int, lang string) (*drills.Drill, error) {
	game, kind := SkillGame(skill), SkillKind(skill)
	if !p.Offers(game, kind) {
		return nil, fmt.Errorf("practice: no drills for skill %q", skill)
	}
	var last *drills.Drill
	for range skillTries {
		d, err := p.fresh(rng, game, kind, level, lang)
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
	return trainer.Spec{Game: d.Game, Kind: d.Kind, Level: d.Level, Seed: d.Seed, House: d.House, RulesVersion: d.RulesVersion, Lang: d.Lang}
}
