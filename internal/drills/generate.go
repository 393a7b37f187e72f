package drills

import (
	"fmt"
	"hash/fnv"
	"io/fs"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// Spec names one drill. With the rules version and the house it determines
// the drill completely.
type Spec struct {
	Game  string `json:"game"`
	Kind  string `json:"kind"`
	Level int    `json:"level"` // 1 … len(levels); 0 means 1
	Seed  uint64 `json:"seed"`
	// ID optionally names the situation or sequence a ruling or procedure
	// drill asks about ("oracle.R7"); empty lets the seed choose. An
	// attempt stores it with the rest of the Spec.
	ID string `json:"id,omitempty"`
	// Lang is the language the drill's words are written in: "" (the
	// source, English) or an offered language's tag ("it", "ru"). It changes
	// the words only, never the deal, the key or the choices' order, so an
	// attempt stores it to show a past question again as it was shown.
	Lang string `json:"lang,omitempty"`
}

// SpecError is a Spec (or house) that names something that does not exist:
// the caller's input is at fault, not the content.
type SpecError struct {
	Field string // "game", "kind", "level", "house"
	Msg   string
}

func (e *SpecError) Error() string { return e.Field + ": " + e.Msg }

// Generator makes drills from a rulebook and the drill configuration. It is
// immutable and safe for concurrent use.
type Generator struct {
	book *rulebook.Book
	cfg  *Config
	// cat holds the drills' words in every language (content/i18n/drills):
	// the embedded catalogues, which i18n's tests check, so that a drill
	// never waits on a file the binary does not carry.
	cat *i18n.Catalog
}

// New returns a Generator over b and c, writing its drills' words from the
// embedded catalogues (i18n.Default).
func New(b *rulebook.Book, c *Config) *Generator {
	return &Generator{book: b, cfg: c, cat: i18n.Default()}
}

// Load reads drills.toml from fsys (the FS the rulebook was loaded from) and
// returns a Generator over b. Errors are *ConfigError.
func Load(b *rulebook.Book, fsys fs.FS) (*Generator, error) {
	c, err := LoadConfig(fsys)
	if err != nil {
		return nil, err
	}
	return New(b, c), nil
}

// Warm makes a payout and a best-hand drill of every game at house, and
// throws them away. What a process builds once, on its first drill of a
// game (the hand evaluators' tables, the joker's, the catalogue's lists),
// is then built before anyone waits for it: on a loaded two-core machine
// the first drill of a process took half a second against a tenth of a
// millisecond after, and it was the slowest question a live class's
// tablets received (docs/load.md, "The first question of a process").
// The kiosk calls it in the background at start; a drill it cannot make
// is left for the request that asks, which reports it.
func (gen *Generator) Warm(house string) {
	for _, g := range GameSlugs() {
		for _, k := range []string{KindPayout, KindHand} {
			_, _ = gen.Generate(house, Spec{Game: g, Kind: k, Level: 1, Seed: 1})
		}
	}
}

// Config returns the drill configuration (levels and target times).
func (gen *Generator) Config() *Config { return gen.cfg }

// build carries one drill under construction.
type build struct {
	gen *Generator
	id  string // Spec.ID
	rng *rand.Rand
	g   *game
	h   *rulebook.House
	lv  *Level
	d   *Drill
	// lang is Spec.Lang, "en" for the source: the language the drill's
	// words are written in, and loc writes them.
	lang string
	loc  *i18n.Localizer
}

// Generate makes the drill s names at house ("" for the default house). The
// same Spec, house and rules version always give the same drill. Returns a
// *SpecError for an unknown game, kind, level or house, and another error
// only if the content cannot produce the drill (e.g. a house with no ruling
// situations for the game).
func (gen *Generator) Generate(house string, s Spec) (*Drill, error) {
	if s.Level == 0 {
		s.Level = 1
	}
	g, ok := gameBySlug(s.Game)
	if !ok {
		return nil, &SpecError{"game", fmt.Sprintf("unknown game %q (games: %s)", s.Game, strings.Join(GameSlugs(), ", "))}
	}
	if !slices.Contains(Kinds, s.Kind) {
		return nil, &SpecError{"kind", fmt.Sprintf("unknown kind %q (kinds: %s)", s.Kind, strings.Join(Kinds, ", "))}
	}
	if s.ID != "" && s.Kind != KindRuling && s.Kind != KindProcedure {
		return nil, &SpecError{"id", fmt.Sprintf("only ruling and procedure drills take a situation or sequence id, not %s drills", s.Kind)}
	}
	lang := s.Lang
	if lang == "" {
		lang = i18n.Source
	}
	if !i18n.IsOffered(lang) {
		return nil, &SpecError{"lang", fmt.Sprintf("unknown language %q", s.Lang)}
	}
	lv, ok := gen.cfg.level(s.Level)
	if !ok {
		return nil, &SpecError{"level", fmt.Sprintf("no level %d (levels 1 to %d)", s.Level, len(gen.cfg.Levels))}
	}
	h, err := gen.book.House(house)
	if err != nil {
		return nil, &SpecError{"house", err.Error()}
	}
	b := &build{
		gen: gen, id: s.ID, rng: newRand(s), g: g, h: h, lv: lv, lang: lang, loc: gen.cat.Localizer(lang),
		d: &Drill{
			Game: s.Game, Kind: s.Kind, Level: s.Level, Seed: s.Seed,
			RulesVersion: gen.book.Version, House: h.Name, Lang: s.Lang,
			TargetSeconds: gen.cfg.Targets[s.Kind],
		},
	}
	switch s.Kind {
	case KindPayout, KindOutcome, KindHand:
		d, foc, feat := gen.deal(b.rng, g, h, lv, nil)
		if d == nil {
			return nil, fmt.Errorf("drills: no %s round could be dealt at house %q", g.name, h.Name)
		}
		switch s.Kind {
		case KindPayout:
			err = b.payoutDrill(d, foc)
		case KindOutcome:
			err = b.outcomeDrill(d, foc)
		default:
			err = b.handDrill(d, foc, feat)
		}
	case KindChips:
		err = b.chipsDrill()
	case KindProcedure, KindRuling:
		err = b.procedureDrill()
	}
	if err != nil {
		return nil, err
	}
	b.resolve()
	return b.d, nil
}

// cite records section ids the key rests on (Drill.Cites), each once; a
// wager's rule may hold several, separated by ";".
func (b *build) cite(ids ...string) {
	for _, s := range ids {
		for _, id := range ruleIDs(s) {
			if !slices.Contains(b.d.Cites, id) {
				b.d.Cites = append(b.d.Cites, id)
			}
		}
	}
}

// ruleIDs splits a citation into its section ids: an engine's rule may name
// several ("uth.blind; common.max_payout").
func ruleIDs(rule string) []string {
	var out []string
	for part := range strings.SplitSeq(rule, ";") {
		if id := strings.TrimSpace(part); id != "" {
			out = append(out, id)
		}
	}
	return out
}

// firstRule is the first section id of an engine's rule, for a mistake that
// breaks the rule of the wager itself.
func firstRule(rule string) string {
	if ids := ruleIDs(rule); len(ids) > 0 {
		return ids[0]
	}
	return ""
}

// resolve fills Drill.Refs and each Mistake.Refs from the house's book of
// the game in the drill's language: the number and title of each cited
// section. A citation the book does not have is left out (refs_test.go
// fails on any).
func (b *build) resolve() {
	bk := b.h.BookIn(b.g.slug, b.lang)
	if bk == nil {
		return
	}
	b.d.Refs = bk.Refs(b.d.Cites...)
	for i := range b.d.Mistakes {
		m := &b.d.Mistakes[i]
		m.Refs = bk.Refs(ruleIDs(m.Rule)...)
	}
}

// newRand returns the drill's random stream: a PCG seeded with the Spec's
// seed and a stream number hashed from game, kind and level, so that the same
// seed gives unrelated drills of different kinds.
func newRand(s Spec) *rand.Rand {
	h := fnv.New64a()
	fmt.Fprintf(h, "drills/%s/%s/%d", s.Game, s.Kind, s.Level)
	return rand.New(rand.NewPCG(s.Seed, h.Sum64()))
}

// GameSlugs lists the games drills are made for, in the kiosk's order.
func GameSlugs() []string {
	out := make([]string, len(registry))
	for i, g := range registry {
		out[i] = g.slug
	}
	return out
}
