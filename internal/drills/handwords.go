package drills

import (
	"strings"

	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
	"github.com/dealerkiosk/trainer/internal/games/thrill"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// A hand's description ("Two pair, kings and fives, ace kicker") is said in
// the drill's language from the drills catalogue: one message per category
// (drill.hand_words.<category key>) with the ranks as named arguments, and
// each rank in the forms a language needs beside a noun (drill.rank.<rank>.*:
// its name, its plural, "of" it, and "high" with it), so that Italian can say
// "scala al re" and "coppia d'assi" and Russian "пара королей". The English
// messages say word for word what poker's Hand.Describe says
// (TestHandWordsEnglish), so English drills did not change.

// rankKey is a rank's key in the catalogue: its English name ("king").
func rankKey(r cards.Rank) string { return r.Name() }

// rankForm is rank r in form ("name", "plural", "of", "high") in loc's language.
func rankForm(loc *i18n.Localizer, r cards.Rank, form string) string {
	return loc.T("drill.rank." + rankKey(r) + "." + form)
}

// handWords are what a description says of a hand: its category and ranks
// as poker reads them, and whether a straight's five high is the wheel,
// which the kiosk names "(A-2-3-4-5)". A misreading (a kicker taken from the
// wrong card, a wheel called ace high) is the same words with other ranks.
type handWords struct {
	h     poker.Hand
	ranks [5]cards.Rank
	wheel bool
}

// wordsOf is h's words as the kiosk says them: a wheel named as A-2-3-4-5.
func wordsOf(h poker.Hand) handWords {
	rs := h.Ranks()
	c := h.Category()
	return handWords{h: h, ranks: rs, wheel: (c == poker.Straight || c == poker.StraightFlush) && rs[0] == cards.Five}
}

// describeHandIn says h in loc's language: "Flush, king high" · "Colore al
// re" · "Флеш, старший король".
func describeHandIn(loc *i18n.Localizer, h poker.Hand) string { return wordsOf(h).say(loc) }

// say writes the words in loc's language.
func (w handWords) say(loc *i18n.Localizer) string {
	rs := w.ranks
	cat := w.h.Category()
	id := "drill.hand_words." + cat.Key()
	var s string
	switch cat {
	case poker.FiveAces, poker.RoyalFlush:
		s = loc.T(id)
	case poker.StraightFlush, poker.Straight, poker.Flush:
		high := rankForm(loc, rs[0], "high")
		if w.wheel {
			high += " (A-2-3-4-5)"
		}
		s = loc.T(id, "High", high)
	case poker.FourOfAKind:
		s = loc.T(id, "Of", rankForm(loc, rs[0], "of"), "Kicker", rankForm(loc, rs[4], "name"))
	case poker.FullHouse:
		s = loc.T(id, "TripsOf", rankForm(loc, rs[0], "of"), "PairOf", rankForm(loc, rs[3], "of"))
	case poker.ThreeOfAKind:
		s = loc.T(id, "Of", rankForm(loc, rs[0], "of"), "Kicker", rankForm(loc, rs[3], "name"))
	case poker.TwoPair:
		s = loc.T(id, "High", rankForm(loc, rs[0], "plural"), "Low", rankForm(loc, rs[2], "plural"), "Kicker", rankForm(loc, rs[4], "name"))
	case poker.OnePair:
		s = loc.T(id, "Of", rankForm(loc, rs[0], "of"), "Kicker", rankForm(loc, rs[2], "name"))
	case poker.HighCard:
		names := make([]string, len(rs))
		for i, r := range rs {
			names[i] = rankForm(loc, r, "name")
		}
		s = loc.T(id, "Cards", strings.Join(names, ", "))
	default:
		return loc.T("drill.hand_words.none")
	}
	if w.h.HasJoker() {
		// As poker.Hand.Describe: the joker is "an ace" where it plays as
		// the ace, "the ten" (or "the ace") where it completes a straight
		// or a flush.
		switch {
		case cat == poker.Flush && rs[1] == cards.Ace:
			s += loc.T("drill.hand_words.joker_second_ace")
		case cat < poker.Straight || cat == poker.FullHouse || cat == poker.FourOfAKind || cat == poker.FiveAces:
			s += loc.T("drill.hand_words.joker_ace")
		default:
			s += loc.T("drill.hand_words.joker_as", "Rank", rankForm(loc, w.h.JokerAs.Rank(), "name"))
		}
	}
	return s
}

// decidingIn is deciding in loc's language: "both hands are one pair, nines,
// ace kicker: the third kicker decides, the player's eight against the
// dealer's seven". The card's position (poker.Decider's "the second kicker")
// is drill.hand.pos.<position>.
func decidingIn(loc *i18n.Localizer, player, dealer poker.Hand) string {
	if loc.Lang() == i18n.Source {
		return deciding(player, dealer)
	}
	pos, rp, rd, ok := poker.Decider(player, dealer)
	if !ok {
		return ""
	}
	key := strings.NewReplacer("the ", "", " ", "_", "-", "_").Replace(pos)
	return loc.T("drill.hand.deciding", "Hand", lowerFirst(describeHandIn(loc, player)), "Pos", loc.T("drill.hand.pos."+key),
		"Player", rankForm(loc, rp, "name"), "Dealer", rankForm(loc, rd, "name"))
}

// boxHandIn is box i's hand as the settlement describes it, in loc's
// language: the engine's own words in English; elsewhere the hand's
// description and what 7 Card Thrill adds of the five the player kept.
func boxHandIn(loc *i18n.Localizer, d *dealt, i int) string {
	br := &d.st.Boxes[i]
	if loc.Lang() == i18n.Source || br.Best == nil {
		return br.Description
	}
	rules := d.g.rules(d.h)
	s := describeHandIn(loc, rules.Evaluate(br.Best))
	if note := keptNoteIn(loc, d, i); note != "" {
		s += " (" + note + ")"
	}
	return s
}

// keptNoteIn is what 7 Card Thrill's settlement says of the five box i
// kept, in loc's language, or "": that they bind at this house (and which
// better hand the discards broke), or, under cards speak, that they made
// less than the seven cards do.
func keptNoteIn(loc *i18n.Localizer, d *dealt, i int) string {
	if d.g.slug != thrill.Slug || d.h.Thrill == nil || i >= len(d.in.Boxes) {
		return ""
	}
	b := &d.in.Boxes[i]
	rules := d.g.rules(d.h)
	all := rules.Evaluate(parseCards(b.Cards))
	if !d.h.Thrill.CardsSpeak {
		s := loc.T("drill.hand.kept_bind")
		if h := rules.Evaluate(d.st.Boxes[i].Best); all.Value > h.Value {
			s += loc.T("drill.hand.discards_broke", "Hand", lowerFirst(describeHandIn(loc, all)))
		}
		return s
	}
	if len(b.Discards) == 0 {
		return ""
	}
	if k := rules.Evaluate(thrillKept(b)); k.Value < rules.Evaluate(d.st.Boxes[i].Best).Value {
		return loc.T("drill.hand.kept_only", "Hand", lowerFirst(describeHandIn(loc, k)))
	}
	return ""
}

// dealerHandIn is the dealer's hand as the settlement describes it, in
// loc's language.
func dealerHandIn(loc *i18n.Localizer, d *dealt) string {
	if loc.Lang() == i18n.Source || d.st.Dealer.Best == nil {
		return d.st.Dealer.Description
	}
	return describeHandIn(loc, d.g.rules(d.h).Evaluate(d.st.Dealer.Best))
}

// HandIn describes the five cards best of game at house (as a settlement
// gives a hand's Best) in language lang, with the game's rules (the joker in
// 7 Card Thrill): what the practice hints say of the hands. english is the
// engine's own description, which English, and a game or house this
// package does not know, keep.
func HandIn(lang string, book *rulebook.Book, game, house string, best []cards.Card, english string) string {
	loc := i18n.Default().Localizer(lang)
	g, ok := gameBySlug(game)
	if loc.Lang() == i18n.Source || !ok || len(best) != 5 {
		return english
	}
	h, err := book.House(house)
	if err != nil {
		return english
	}
	return describeHandIn(loc, g.rules(h).Evaluate(best))
}
