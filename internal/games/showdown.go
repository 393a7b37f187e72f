package games

import (
	"strings"

	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
)

// The words the hold'em games (Ultimate Texas Hold'em and Texas Oracle) share
// when they say how a showdown went: a hand named by the ranks that make it
// ("pair of nines", "ace-high flush"), its kickers, the card that decides,
// "the player's … beats the dealer's …". Each is said twice at once: in
// English, as the settlement's Reason has always said it, and as a phrase of
// the drills catalogue with its ranks as arguments (reason.showdown.*), so
// that a drill says the showdown in the trainee's language. The games word
// the rest of their sentences themselves, each its own way.

// Said is words of a reason together with what says them in any language:
// Text is the English, Arg a Phrase, Category, Rank or Ranks that a
// reason's phrase takes as an argument.
type Said struct {
	Text string
	Arg  any
}

// Saying is Said for a phrase of the catalogue: english is what message id
// says in English with args.
func Saying(english, id string, args ...any) Said {
	return Said{Text: english, Arg: Phrase{ID: id, Args: args}}
}

// The forms a rank takes in a reason (Rank.Form): the catalogue gives each
// rank each form in every language (drill.rank.<rank>.<form>), so that a
// phrase asks for the form its place needs and a language fills it with its
// own words ("ace-high" · "all'asso" · "до туза").
const (
	FormName   = "name"   // "nine": a rank alone
	FormPlural = "plural" // "nines": a pair of them, as a pair decides
	FormOf     = "of"     // "nines": after "pair of", "three"
	FormTop    = "top"    // "nine-high": before "straight" or "flush"
	FormA      = "a"      // "a nine", "an eight": one card
)

// Rank is a rank given as a reason's argument, in a form of the catalogue
// (FormName, FormOf…).
type Rank struct {
	Rank cards.Rank
	Form string
}

// English is the rank in its form, as the English catalogue writes it.
func (r Rank) English() string {
	switch r.Form {
	case FormPlural, FormOf:
		return r.Rank.Plural()
	case FormTop:
		return r.Rank.Name() + "-high"
	case FormA:
		return article(r.Rank.Name()) + r.Rank.Name()
	}
	return r.Rank.Name()
}

// Ranks is ranks in a row given as one argument, each in Form, joined by
// commas: "ace, ten, eight"; with And, the last after "and" (the catalogue's
// reason.showdown.and): "an ace, a king and a queen".
type Ranks struct {
	Ranks []cards.Rank
	Form  string
	And   bool
}

// English is the ranks as the English catalogue joins them.
func (rs Ranks) English() string {
	words := make([]string, len(rs.Ranks))
	for i, r := range rs.Ranks {
		words[i] = Rank{Rank: r, Form: rs.Form}.English()
	}
	if !rs.And || len(words) < 2 {
		return strings.Join(words, ", ")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// The showdown's phrases both hold'em games say (reason.showdown.*). A hand's
// short name is ReasonHand + its category's key; a position in a hand,
// ReasonPos + its key.
const (
	ReasonPlayerBeats = "reason.showdown.player_beats"
	ReasonDealerBeats = "reason.showdown.dealer_beats"
	ReasonA           = "reason.showdown.a"
	ReasonAn          = "reason.showdown.an"
	ReasonWithKicker  = "reason.showdown.with_kicker"
	ReasonWithKickers = "reason.showdown.with_kickers"
	ReasonCards       = "reason.showdown.cards"
	ReasonAnd         = "reason.showdown.and"
	ReasonHand        = "reason.showdown.hand."
	ReasonPos         = "reason.showdown.pos."
)

// ShowdownReasons lists the ids of the shared phrases, for each game's
// Reasons.
var ShowdownReasons = func() []string {
	ids := []string{ReasonPlayerBeats, ReasonDealerBeats, ReasonA, ReasonAn, ReasonWithKicker, ReasonWithKickers, ReasonCards, ReasonAnd}
	for _, c := range []poker.Category{poker.HighCard, poker.OnePair, poker.TwoPair, poker.ThreeOfAKind, poker.Straight,
		poker.Flush, poker.FullHouse, poker.FourOfAKind, poker.StraightFlush, poker.RoyalFlush} {
		ids = append(ids, ReasonHand+c.Key())
	}
	for _, p := range Positions {
		ids = append(ids, ReasonPos+p)
	}
	return ids
}()

// Positions are the places in a hand that may decide a showdown, by key
// (ReasonPos + key), with their English words.
var Positions = []string{"kicker", "first_kicker", "second_kicker", "third_kicker", "second_highest_card",
	"third_highest_card", "fourth_highest_card", "lowest_card", "lower_pair", "pair"}

var positionWords = map[string]string{
	"kicker": "the kicker", "first_kicker": "the first kicker", "second_kicker": "the second kicker",
	"third_kicker": "the third kicker", "second_highest_card": "the second-highest card",
	"third_highest_card": "the third-highest card", "fourth_highest_card": "the fourth-highest card",
	"lowest_card": "the lowest card", "lower_pair": "the lower pair", "pair": "the pair",
}

// Position is the place of key in a hand (Positions): "the second-highest card".
func Position(key string) Said { return Saying(positionWords[key], ReasonPos+key) }

// HandName names h by the ranks that make it: "pair of nines", "two pair of
// kings and fives", "three nines", "ace-high flush", "nines full of fives",
// "ace high", "royal flush".
func HandName(h poker.Hand) Said { return NameOf(h.Category(), h.Ranks()) }

// NameOf names a hand of category c and ranks rs (in poker's reading order)
// as HandName does; a full house's set alone is NameOf(ThreeOfAKind, rs).
func NameOf(c poker.Category, rs [5]cards.Rank) Said {
	id := ReasonHand + c.Key()
	rank := func(i int, form string) Rank { return Rank{Rank: rs[i], Form: form} }
	switch c {
	case poker.HighCard:
		r := rank(0, FormName)
		return Saying(r.English()+" high", id, "Rank", r)
	case poker.OnePair:
		r := rank(0, FormOf)
		return Saying("pair of "+r.English(), id, "Of", r)
	case poker.TwoPair:
		hi, lo := rank(0, FormPlural), rank(2, FormPlural)
		return Saying("two pair of "+hi.English()+" and "+lo.English(), id, "High", hi, "Low", lo)
	case poker.ThreeOfAKind:
		r := rank(0, FormOf)
		return Saying("three "+r.English(), id, "Of", r)
	case poker.FourOfAKind:
		r := rank(0, FormOf)
		return Saying("four "+r.English(), id, "Of", r)
	case poker.FullHouse:
		t, p := rank(0, FormOf), rank(3, FormOf)
		return Saying(t.English()+" full of "+p.English(), id, "TripsOf", t, "PairOf", p)
	case poker.Straight, poker.Flush, poker.StraightFlush:
		r := rank(0, FormTop)
		return Saying(r.English()+" "+c.String(), id, "Top", r)
	case poker.RoyalFlush:
		return Saying("royal flush", id)
	}
	return CategoryName(c)
}

// CategoryName is a hand's category, bare: "two pair", "straight".
func CategoryName(c poker.Category) Said {
	return Said{Text: c.String(), Arg: Category{Key: c.Key()}}
}

// A puts English's indefinite article before s: "a pair of nines", "an
// ace-high flush". Other languages say the hand as they name it.
func A(s Said) Said {
	if a := article(s.Text); a == "an " {
		return Saying(a+s.Text, ReasonAn, "Hand", s.Arg)
	}
	return Saying("a "+s.Text, ReasonA, "Hand", s.Arg)
}

// With adds kickers to a hand's name: one in its form with an article ("two
// pair of kings and fives with an ace"), more as ks says them ("pair of nines
// with ace, ten, eight"; "a pair of eights with an ace and a queen").
func With(s Said, ks Ranks) Said {
	if len(ks.Ranks) == 1 {
		k := Rank{Rank: ks.Ranks[0], Form: FormA}
		return Saying(s.Text+" with "+k.English(), ReasonWithKicker, "Hand", s.Arg, "Kicker", k)
	}
	return Saying(s.Text+" with "+ks.English(), ReasonWithKickers, "Hand", s.Arg, "Kickers", ks)
}

// WithCards adds a hand's five ranks after its name: "ace-high flush (ace,
// king, nine, six, two)".
func WithCards(s Said, rs [5]cards.Rank) Said {
	cs := Ranks{Ranks: rs[:], Form: FormName}
	return Saying(s.Text+" ("+cs.English()+")", ReasonCards, "Hand", s.Arg, "Cards", cs)
}

// Beats says that the winner's hand beats the loser's: "the player's
// straight beats the dealer's two pair", or the dealer's first where
// playerWins is false. player and dealer are the hands as each is named.
func Beats(playerWins bool, player, dealer Said) Said {
	if playerWins {
		return Saying("the player's "+player.Text+" beats the dealer's "+dealer.Text, ReasonPlayerBeats,
			"Player", player.Arg, "Dealer", dealer.Arg)
	}
	return Saying("the dealer's "+dealer.Text+" beats the player's "+player.Text, ReasonDealerBeats,
		"Player", player.Arg, "Dealer", dealer.Arg)
}

// article is English's indefinite article for words: "an " before a vowel.
func article(words string) string {
	if words != "" && strings.ContainsRune("aeiou", rune(words[0])) {
		return "an "
	}
	return "a "
}

// Said appends each of ss to y: a phrase with its id, other words as English
// (which leaves y without a Why).
func (y *Words) Said(ss ...Said) {
	for _, s := range ss {
		if p, ok := s.Arg.(Phrase); ok {
			y.Say(s.Text, p.ID, p.Args...)
		} else {
			y.English(s.Text)
		}
	}
}
