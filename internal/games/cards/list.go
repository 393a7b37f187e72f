package cards

import (
	"fmt"
	"math/bits"
	"strings"
)

// Set is a set of cards as a bit mask: bit c is set when card c is in it.
type Set uint64

// SetOf returns the set holding cs.
func SetOf(cs ...Card) Set {
	var s Set
	for _, c := range cs {
		s |= 1 << c
	}
	return s
}

// Has reports whether c is in s.
func (s Set) Has(c Card) bool { return s&(1<<c) != 0 }

// Add returns s with c added.
func (s Set) Add(c Card) Set { return s | 1<<c }

// Len returns the number of cards in s.
func (s Set) Len() int { return bits.OnesCount64(uint64(s)) }

// Cards lists the cards of s in deck order (2c 2d … As, then the joker).
func (s Set) Cards() []Card {
	out := make([]Card, 0, s.Len())
	for m := uint64(s); m != 0; m &= m - 1 {
		out = append(out, Card(bits.TrailingZeros64(m)))
	}
	return out
}

// ParseList reads cards separated by spaces or commas ("As Kd 10h Jk").
// Errors name the card's position and text (`card 3: "1x" is not a card`)
// and report a card given twice (`card 4: duplicate card Kd`). It does not
// check how many cards there are or whether a joker is allowed: see ParseHand
// and Check.
func ParseList(s string) ([]Card, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == '\n' })
	return ParseStrings(fields)
}

// ParseStrings parses each string as one card, with the errors of ParseList.
// An empty string is an error (`card 2: "" is not a card`), not a card skipped.
func ParseStrings(ss []string) ([]Card, error) {
	out := make([]Card, 0, len(ss))
	var seen Set
	for i, f := range ss {
		c, err := Parse(f)
		if err != nil {
			return nil, fmt.Errorf("card %d: %w", i+1, err)
		}
		if seen.Has(c) {
			return nil, fmt.Errorf("card %d: duplicate card %s", i+1, c)
		}
		seen = seen.Add(c)
		out = append(out, c)
	}
	return out, nil
}

// ParseHand reads a hand of exactly n cards (n ≤ 0 accepts any number) for a
// deck with or without the joker. Besides the errors of ParseList it reports a
// joker where the game has none (`card 2: the joker is not in this deck`) and
// the wrong number of cards (`needs 7 cards, got 6`). Problems are reported in
// that order, card by card, so the first mistake in the text is the one named.
func ParseHand(s string, n int, joker bool) ([]Card, error) {
	cs, err := ParseList(s)
	if err != nil {
		return nil, err
	}
	if !joker {
		for i, c := range cs {
			if c == Joker {
				return nil, fmt.Errorf("card %d: the joker is not in this deck", i+1)
			}
		}
	}
	if n > 0 && len(cs) != n {
		return nil, countError(n, len(cs))
	}
	return cs, nil
}

func countError(want, got int) error {
	if want == 1 {
		return fmt.Errorf("needs 1 card, got %d", got)
	}
	return fmt.Errorf("needs %d cards, got %d", want, got)
}

// MustParseList is ParseList for tests; it panics on bad input.
func MustParseList(s string) []Card {
	cs, err := ParseList(s)
	if err != nil {
		panic(err)
	}
	return cs
}

// Format writes cards in canonical notation separated by spaces.
func Format(cs []Card) string {
	var b strings.Builder
	for i, c := range cs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.String())
	}
	return b.String()
}

// Check reports whether cs is a legal hand of n cards (n ≤ 0 skips the count)
// for a deck with or without the joker. Errors are sentences a trainee can read:
// "needs 7 cards, got 6", "duplicate card Kd", "the joker is not in this deck".
func Check(cs []Card, n int, joker bool) error {
	if n > 0 && len(cs) != n {
		return countError(n, len(cs))
	}
	var seen Set
	for _, c := range cs {
		if !c.Valid() {
			return fmt.Errorf("%d is not a card", uint8(c))
		}
		if c == Joker && !joker {
			return fmt.Errorf("the joker is not in this deck")
		}
		if seen.Has(c) {
			return fmt.Errorf("duplicate card %s", c)
		}
		seen = seen.Add(c)
	}
	return nil
}
