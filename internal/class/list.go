package class

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Item is one question an instructor puts to a class: a game, a kind of
// drill and a level, and optionally a fixed seed, so that a list asks the
// very question it was prepared with (a round the instructor wants to
// discuss). Without a seed a new one is drawn each time the item is asked.
type Item struct {
	Game  string  `json:"game"`
	Kind  string  `json:"kind"`
	Level int     `json:"level"`
	Seed  *uint64 `json:"seed,omitempty"`
}

// List is a prepared list of questions an instructor saves and asks again,
// in order, in any class that learns its games.
type List struct {
	ID    int64  `json:"-"`
	Name  string `json:"name"`
	Items []Item `json:"items"`
	// OwnerID is the user who made the list.
	OwnerID int64 `json:"-"`
}

// Limits of a list: a live drill of a lesson, not an exam bank.
const (
	MaxListName  = 60
	MaxListItems = 50
)

// Offers is what the kiosk can ask: practice.Planner implements it.
type Offers interface {
	// Offers reports whether game has drills of kind.
	Offers(game, kind string) bool
	// Levels are the levels of drills.toml.
	Levels() []drills.Level
}

// ItemError is a refusal of one item of a list: Item counts from 1, so that
// a form puts the message beside that question. It unwraps to the
// *trainer.Error with the message.
type ItemError struct {
	Item int
	Err  *trainer.Error
}

func (e *ItemError) Error() string { return fmt.Sprintf("question %d: %s", e.Item, e.Err.Message) }

// Unwrap gives KindOf and MessageOf the refusal.
func (e *ItemError) Unwrap() error { return e.Err }

// Validate checks an item against what the kiosk offers: a game with
// drills, a kind that game has (one kind: a live question is one drill, so
// trainer.KindMixed is refused), a level of drills.toml, and a fixed seed
// below trainer.MaxSeed. Returns KindInvalid.
func (it Item) Validate(o Offers) error {
	games := false
	for _, k := range drills.Kinds {
		games = games || o.Offers(it.Game, k)
	}
	switch {
	case !games:
		return refusal(trainer.KindInvalid, "class.list.game")
	case !o.Offers(it.Game, it.Kind):
		return refusal(trainer.KindInvalid, "class.list.kind")
	case it.Level < 1 || it.Level > len(o.Levels()):
		return refusal(trainer.KindInvalid, "class.list.level", "Max", len(o.Levels()))
	case it.Seed != nil && *it.Seed >= trainer.MaxSeed:
		return refusal(trainer.KindInvalid, "class.list.seed", "Max", fmt.Sprint(uint64(trainer.MaxSeed)))
	}
	return nil
}

// SeedFrom is the seed the item is asked with: its fixed seed, or one drawn
// from rng below trainer.MaxSeed, as practice draws them.
func (it Item) SeedFrom(rng *rand.Rand) uint64 {
	if it.Seed != nil {
		return *it.Seed
	}
	return rng.Uint64N(trainer.MaxSeed)
}

// Spec is the drill the item asks with seed, in language lang ("" for
// English), for practice.Planner or drills.Generator.
func (it Item) Spec(seed uint64, lang string) drills.Spec {
	return drills.Spec{Game: it.Game, Kind: it.Kind, Level: it.Level, Seed: seed, Lang: lang}
}

// Normalize tidies the list's name as class names are.
func (l *List) Normalize() { l.Name = trainer.NormalizeName(l.Name) }

// Validate checks a normalized list: a readable name of at most
// MaxListName characters, one to MaxListItems items, each valid (an
// *ItemError naming the first that is not). Returns KindInvalid.
func (l *List) Validate(o Offers) error {
	if err := validateName(l.Name, "class.list.name", "class.list.name_long", MaxListName); err != nil {
		return err
	}
	switch {
	case len(l.Items) == 0:
		return refusal(trainer.KindInvalid, "class.list.empty")
	case len(l.Items) > MaxListItems:
		return refusal(trainer.KindInvalid, "class.list.too_many", "Max", MaxListItems)
	}
	for i, it := range l.Items {
		if err := it.Validate(o); err != nil {
			return &ItemError{Item: i + 1, Err: asError(err)}
		}
	}
	return nil
}

// CheckList refuses l in class c when an item asks a game c does not
// learn, as an *ItemError naming it. Returns KindInvalid.
func (c *Class) CheckList(l *List) error {
	for i, it := range l.Items {
		if !c.Learns(it.Game) {
			return &ItemError{Item: i + 1, Err: refusal(trainer.KindInvalid, "class.list.class_game")}
		}
	}
	return nil
}

// ListItems reads a stored list's questions.
func ListItems(l *trainer.ClassList) ([]Item, error) {
	var items []Item
	if err := json.Unmarshal(l.Items, &items); err != nil {
		return nil, fmt.Errorf("class list %d: %w", l.ID, err)
	}
	return items, nil
}

// SaveList checks list l against the kiosk's drills (Normalize, Validate)
// and saves it as its owner's. Returns KindInvalid, with the item
// concerned (*ItemError), for a list that cannot be asked.
func (d *Drive) SaveList(ctx context.Context, l *List) error {
	l.Normalize()
	if err := l.Validate(d.Plan); err != nil {
		return err
	}
	items, err := json.Marshal(l.Items)
	if err != nil {
		return err
	}
	return d.DB.SaveClassList(ctx, &trainer.ClassList{OwnerID: l.OwnerID, Name: l.Name, Items: items})
}
