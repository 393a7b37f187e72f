package drills

import (
	"slices"

	"github.com/dealerkiosk/trainer/internal/procedures"
)

// Listing is what `trainer drill --list` prints: every game with its kinds,
// wagers, hand questions and features, the levels, the target times, every
// situation and sequence of the house, and every skill id a drill can carry.
type Listing struct {
	RulesVersion string            `json:"rules_version"`
	House        string            `json:"house"`
	Games        []ListedGame      `json:"games"`
	Levels       []ListedLevel     `json:"levels"`
	Targets      map[string]int    `json:"targets"`
	Procedures   []ListedProcedure `json:"procedures"`
	Skills       []string          `json:"skills"`
}

// ListedGame is one game of a Listing.
type ListedGame struct {
	Game     string   `json:"game"`
	Name     string   `json:"name"`
	Kinds    []string `json:"kinds"`
	Wagers   []string `json:"wagers"`
	Hand     []string `json:"hand_questions"`
	Features []string `json:"features"`
}

// ListedLevel is one level of a Listing.
type ListedLevel struct {
	Level int    `json:"level"`
	Title string `json:"title"`
}

// ListedProcedure is one situation (kind ruling) or sequence of play (kind
// procedure) a drill of Game can ask about; Spec.ID names it.
type ListedProcedure struct {
	ID    string `json:"id"`
	Game  string `json:"game"` // a game slug, or "common" (asked in every game's ruling drills)
	Kind  string `json:"kind"`
	Title string `json:"title"`
	// AskedAt are the games whose drills ask it at this house: its own game,
	// or for a common situation every game where its premise holds (none
	// where it holds nowhere: "pay the posted maximum" where no maximum is posted).
	AskedAt []string `json:"asked_at"`
}

// List describes what the generator can make at house ("" for the default).
// Returns a *SpecError for an unknown house.
func (gen *Generator) List(house string) (*Listing, error) {
	h, err := gen.book.House(house)
	if err != nil {
		return nil, &SpecError{"house", err.Error()}
	}
	l := &Listing{RulesVersion: gen.book.Version, House: h.Name, Targets: gen.cfg.Targets}
	for _, lv := range gen.cfg.Levels {
		l.Levels = append(l.Levels, ListedLevel{lv.Level, lv.Title})
	}
	for _, g := range registry {
		lg := ListedGame{Game: g.slug, Name: g.name, Kinds: Kinds, Wagers: g.wagers, Hand: g.handQs}
		for _, f := range g.features {
			lg.Features = append(lg.Features, f.id)
		}
		l.Games = append(l.Games, lg)
		for _, w := range g.wagers {
			l.Skills = append(l.Skills, g.slug+".payout."+w)
		}
		l.Skills = append(l.Skills, g.slug+".payout.total", g.slug+"."+KindOutcome)
		for _, q := range g.handQs {
			l.Skills = append(l.Skills, g.slug+"."+KindHand+"."+q)
		}
		l.Skills = append(l.Skills, g.slug+"."+KindChips+"."+QPay, g.slug+"."+KindChips+"."+QColorUp)
		for _, k := range []string{KindProcedure, KindRuling} {
			kind := procedures.KindRuling
			if k == KindProcedure {
				kind = procedures.KindNextStep
			}
			for _, id := range procedureIDs(h, g.slug, kind) {
				l.Skills = append(l.Skills, procedureSkill(g.slug, k, id))
			}
		}
	}
	for _, it := range procedures.List(h) {
		k := KindRuling
		if !slices.Contains(it.Kinds, procedures.KindRuling) {
			k = KindProcedure
		}
		asked := []string{}
		for _, g := range registry {
			if h.Procedures.Asks(g.slug, it.ID) {
				asked = append(asked, g.slug)
			}
		}
		l.Procedures = append(l.Procedures, ListedProcedure{ID: it.ID, Game: it.Game, Kind: k, Title: it.Title, AskedAt: asked})
	}
	return l, nil
}
