package cards

import (
	"fmt"
	"strings"
)

// Rank is a card rank, Two (0) to Ace (12).
type Rank uint8

// The thirteen ranks, lowest first.
const (
	Two Rank = iota
	Three
	Four
	Five
	Six
	Seven
	Eight
	Nine
	Ten
	Jack
	Queen
	King
	Ace
)

// NumRanks is the number of ranks in a suit.
const NumRanks = 13

const rankChars = "23456789TJQKA"

// String returns the one-character notation of the rank: "2"…"9", "T", "J", "Q", "K", "A".
func (r Rank) String() string {
	if r > Ace {
		return "?"
	}
	return rankChars[r : r+1]
}

var rankNames = [...]string{"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"}
var rankPlurals = [...]string{"twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks", "queens", "kings", "aces"}

// Name is the rank as a dealer says it: "king".
func (r Rank) Name() string {
	if r > Ace {
		return "?"
	}
	return rankNames[r]
}

// Plural is the rank's plural as a dealer says it: "sixes".
func (r Rank) Plural() string {
	if r > Ace {
		return "?"
	}
	return rankPlurals[r]
}

// Suit is a card suit. Suits never break ties in any of the games (RULES.md §1.1).
type Suit uint8

// The four suits.
const (
	Clubs Suit = iota
	Diamonds
	Hearts
	Spades
)

// NumSuits is the number of suits.
const NumSuits = 4

const suitChars = "cdhs"

// String returns the one-letter notation of the suit: "c", "d", "h" or "s".
func (s Suit) String() string {
	if s > Spades {
		return "?"
	}
	return suitChars[s : s+1]
}

var suitNames = [...]string{"clubs", "diamonds", "hearts", "spades"}

// Name is the suit's plural name: "spades".
func (s Suit) Name() string {
	if s > Spades {
		return "?"
	}
	return suitNames[s]
}

// Red reports whether the suit is red (diamonds or hearts), for Lunar Poker's
// same-coloured combinations.
func (s Suit) Red() bool { return s == Diamonds || s == Hearts }

// Card is one card: rank*4+suit for the 52 standard cards (0…51), or Joker (52).
// The encoding is dense so that a card indexes tables and a set of cards fits a uint64.
type Card uint8

// Joker is 7 Card Thrill's bug joker, the 53rd card.
const Joker Card = 52

// NumCards is the number of distinct cards including the joker.
const NumCards = 53

// New returns the card of rank r and suit s.
func New(r Rank, s Suit) Card { return Card(r)<<2 | Card(s) }

// Rank returns the card's rank. It is meaningless for the joker.
func (c Card) Rank() Rank { return Rank(c >> 2) }

// Suit returns the card's suit. It is meaningless for the joker.
func (c Card) Suit() Suit { return Suit(c & 3) }

// IsJoker reports whether c is the joker.
func (c Card) IsJoker() bool { return c == Joker }

// Valid reports whether c is one of the 53 cards.
func (c Card) Valid() bool { return c <= Joker }

// String returns the canonical notation of SETTLE.md: "As", "Td", "Jk".
func (c Card) String() string {
	switch {
	case c == Joker:
		return "Jk"
	case c < Joker:
		return c.Rank().String() + c.Suit().String()
	default:
		return fmt.Sprintf("?%d", uint8(c))
	}
}

// Name is the card as a dealer says it: "king of spades", "joker".
func (c Card) Name() string {
	if c == Joker {
		return "joker"
	}
	return c.Rank().Name() + " of " + c.Suit().Name()
}

// MarshalText writes the canonical notation, so cards encode as JSON strings.
func (c Card) MarshalText() ([]byte, error) {
	if !c.Valid() {
		return nil, fmt.Errorf("invalid card %d", uint8(c))
	}
	return []byte(c.String()), nil
}

// UnmarshalText parses the notation accepted by Parse.
func (c *Card) UnmarshalText(b []byte) error {
	v, err := Parse(string(b))
	if err != nil {
		return err
	}
	*c = v
	return nil
}

// Parse reads one card in SETTLE.md notation: a rank (2–9, T or 10, J, Q, K, A)
// and a suit (c, d, h, s), case-insensitive, or "Jk" for the joker.
func Parse(s string) (Card, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "jk" {
		return Joker, nil
	}
	if len(t) == 3 && strings.HasPrefix(t, "10") {
		t = "t" + t[2:]
	}
	if len(t) != 2 {
		return 0, notACard(s)
	}
	r := strings.IndexByte("23456789tjqka", t[0])
	u := strings.IndexByte(suitChars, t[1])
	if r < 0 || u < 0 {
		return 0, notACard(s)
	}
	return New(Rank(r), Suit(u)), nil
}

// notACard quotes at most 16 bytes of the text, so that a pasted paragraph
// does not come back whole in an error message.
func notACard(s string) error {
	if len(s) > 16 {
		s = strings.ToValidUTF8(s[:16], "") + "…"
	}
	return fmt.Errorf("%q is not a card", s)
}

// MustParse is Parse for tests and tables known to be valid; it panics on bad input.
func MustParse(s string) Card {
	c, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return c
}
