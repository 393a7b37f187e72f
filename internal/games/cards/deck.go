package cards

import "math/rand/v2"

// Deck52 returns a new 52-card deck in order (2c 2d 2h 2s 3c … As).
func Deck52() []Card {
	d := make([]Card, 52)
	for i := range d {
		d[i] = Card(i)
	}
	return d
}

// Deck53 returns a new 53-card deck: the 52 cards and the joker last.
func Deck53() []Card { return append(Deck52(), Joker) }

// Shoe deals from a deck shuffled by a PCG generator seeded with Seed, so that
// the same seed and deck always deal the same cards: a disputed drill is rebuilt
// from the seed stored with the attempt.
type Shoe struct {
	Seed  uint64
	cards []Card
	next  int
}

// NewShoe shuffles a copy of deck with a PCG generator seeded by seed.
func NewShoe(deck []Card, seed uint64) *Shoe {
	cs := append([]Card(nil), deck...)
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	rng.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
	return &Shoe{Seed: seed, cards: cs}
}

// Deal returns the next n cards, or nil if fewer than n remain.
func (s *Shoe) Deal(n int) []Card {
	if n < 0 || s.next+n > len(s.cards) {
		return nil
	}
	out := append([]Card(nil), s.cards[s.next:s.next+n]...)
	s.next += n
	return out
}

// Remaining returns how many cards are left to deal.
func (s *Shoe) Remaining() int { return len(s.cards) - s.next }
