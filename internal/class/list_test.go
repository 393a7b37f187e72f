package class_test

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dealerkiosk/trainer/internal/class"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// offers is a kiosk with two games: Ultimate Texas Hold'em with payouts
// and rulings, Lunar Poker with hands; four levels.
type offers struct{}

func (offers) Offers(game, kind string) bool {
	return game == "uth" && (kind == drills.KindPayout || kind == drills.KindRuling) || game == "lunar" && kind == drills.KindHand
}

func (offers) Levels() []drills.Level { return make([]drills.Level, 4) }

// The kiosk's planner is what the lists are checked against.
var _ class.Offers = (*practice.Planner)(nil)

func seed(n uint64) *uint64 { return &n }

func TestListValidate(t *testing.T) {
	t.Parallel()
	ok := func() class.List {
		return class.List{Name: "Blind pays", Items: []class.Item{
			{Game: "uth", Kind: "payout", Level: 2},
			{Game: "uth", Kind: "payout", Level: 2, Seed: seed(7)},
			{Game: "lunar", Kind: "hand", Level: 4, Seed: seed(0)},
		}}
	}
	tests := []struct {
		name   string
		change func(l *class.List)
		id     string
		item   int // the item an *ItemError names, 0 for none
	}{
		{"valid", func(l *class.List) {}, "", 0},
		{"the largest seed", func(l *class.List) { l.Items[0].Seed = seed(trainer.MaxSeed - 1) }, "", 0},
		{"no name", func(l *class.List) { l.Name = "" }, "class.list.name", 0},
		{"a name too long", func(l *class.List) { l.Name = strings.Repeat("b", class.MaxListName+1) }, "class.list.name_long", 0},
		{"no question", func(l *class.List) { l.Items = nil }, "class.list.empty", 0},
		{"too many questions", func(l *class.List) {
			l.Items = make([]class.Item, class.MaxListItems+1)
			for i := range l.Items {
				l.Items[i] = class.Item{Game: "uth", Kind: "payout", Level: 1}
			}
		}, "class.list.too_many", 0},
		{"a game the kiosk lacks", func(l *class.List) { l.Items[1].Game = "baccarat" }, "class.list.game", 2},
		{"a kind the game lacks", func(l *class.List) { l.Items[2].Kind = "payout" }, "class.list.kind", 3},
		{"mixed kinds", func(l *class.List) { l.Items[0].Kind = trainer.KindMixed }, "class.list.kind", 1},
		{"level 0", func(l *class.List) { l.Items[0].Level = 0 }, "class.list.level", 1},
		{"a level past the last", func(l *class.List) { l.Items[0].Level = 5 }, "class.list.level", 1},
		{"a seed too large", func(l *class.List) { l.Items[1].Seed = seed(trainer.MaxSeed) }, "class.list.seed", 2},
	}
	for _, tt := range tests {
		l := ok()
		tt.change(&l)
		err := l.Validate(offers{})
		if got := refusalID(t, err); got != tt.id {
			t.Errorf("%s: Validate = %q; want %q", tt.name, got, tt.id)
		}
		var ie *class.ItemError
		if errors.As(err, &ie) != (tt.item > 0) || tt.item > 0 && ie.Item != tt.item {
			t.Errorf("%s: Validate = %v; want an ItemError on question %d", tt.name, err, tt.item)
		}
	}
	err := (&class.List{Name: "x", Items: []class.Item{{Game: "uth", Kind: "payout", Level: 9}}}).Validate(offers{})
	if trainer.MessageOf(err) != "Choose a level from 1 to 4." || trainer.KindOf(err) != trainer.KindInvalid {
		t.Errorf("a level refused says %q (%v)", trainer.MessageOf(err), trainer.KindOf(err))
	}
}

func TestListJSON(t *testing.T) {
	t.Parallel()
	l := class.List{Name: "Blind pays", Items: []class.Item{{Game: "uth", Kind: "payout", Level: 2}, {Game: "uth", Kind: "ruling", Level: 1, Seed: seed(0)}}}
	b, err := json.Marshal(l)
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"name":"Blind pays","items":[{"game":"uth","kind":"payout","level":2},{"game":"uth","kind":"ruling","level":1,"seed":0}]}`
	if string(b) != want {
		t.Errorf("json = %s; want %s", b, want)
	}
	var back class.List
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(l, back); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
}

func TestItemSeed(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	fixed := class.Item{Game: "uth", Kind: "payout", Level: 2, Seed: seed(7)}
	if got := fixed.SeedFrom(rng); got != 7 {
		t.Errorf("SeedFrom with a fixed seed = %d; want 7", got)
	}
	drawn := class.Item{Game: "uth", Kind: "payout", Level: 2}
	a, b := drawn.SeedFrom(rng), drawn.SeedFrom(rng)
	if a == b || a >= trainer.MaxSeed || b >= trainer.MaxSeed {
		t.Errorf("SeedFrom drew %d then %d", a, b)
	}
	if got, want := fixed.Spec(7, "it"), (drills.Spec{Game: "uth", Kind: "payout", Level: 2, Seed: 7, Lang: "it"}); got != want {
		t.Errorf("Spec = %+v; want %+v", got, want)
	}
}

func TestCheckList(t *testing.T) {
	t.Parallel()
	c := class.Class{Games: []string{"uth"}}
	l := class.List{Items: []class.Item{{Game: "uth"}, {Game: "lunar"}}}
	var ie *class.ItemError
	if err := c.CheckList(&l); !errors.As(err, &ie) || ie.Item != 2 || refusalID(t, err) != "class.list.class_game" {
		t.Errorf("CheckList = %v; want question 2 refused", err)
	}
	c.Games = append(c.Games, "lunar")
	if err := c.CheckList(&l); err != nil {
		t.Errorf("CheckList = %v; want nil", err)
	}
}
