package poker

// Rules are the ranking options that differ between the games. The zero value
// is the standard ranking of UTH, Texas Oracle and Lunar Poker: no joker, and
// A-2-3-4-5 the lowest straight (RULES.md §1.5).
type Rules struct {
	// Joker: the deck holds 7 Card Thrill's bug joker, which plays as an ace or
	// as any card that completes a straight, flush or straight flush (§4.5.2).
	Joker bool
	// WheelSecond: A-2-3-4-5 is the second-highest straight, below A-K-Q-J-10
	// and above K-Q-J-10-9 (7 Card Thrill, §4.5.5).
	WheelSecond bool
	// WheelSecondSF: the same order for straight flushes
	// (thrill_wheel_rule_applies_to_sf, default true).
	WheelSecondSF bool
	// JokerFlushAceAlways: the joker in a flush always counts as an ace, even
	// when the ace of that suit is held (thrill_joker_flush_rank = ace_always).
	// By default it is the highest card of the suit not already held (§4.5.3).
	JokerFlushAceAlways bool
}

// Standard is the ranking of UTH, Texas Oracle and Lunar Poker.
var Standard = Rules{}

// Thrill is 7 Card Thrill's ranking with every house setting at its default.
var Thrill = Rules{Joker: true, WheelSecond: true, WheelSecondSF: true}
