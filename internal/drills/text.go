package drills

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
	"github.com/dealerkiosk/trainer/internal/i18n"
)

// What a trainee reads is written here the way a dealer says it: cards with
// their suit symbols ("K♠ 10♥"), never the notation of `trainer settle`
// ("Ks Th"); "an ace", not "a ace"; each sentence ended once. The test over
// generated text (text_test.go) holds every drill to it.

var suitSymbols = [...]string{cards.Clubs: "♣", cards.Diamonds: "♦", cards.Hearts: "♥", cards.Spades: "♠"}

// showCard writes one card as printed on it: "K♠", "10♥", "Joker".
func showCard(c cards.Card) string {
	if c.IsJoker() {
		return "Joker"
	}
	if !c.Valid() {
		return "?"
	}
	r := c.Rank().String()
	if c.Rank() == cards.Ten {
		r = "10"
	}
	return r + suitSymbols[c.Suit()]
}

// showCards writes cards separated by spaces: "K♠ Q♦ 10♥ 9♣ 2♦".
func showCards(cs []cards.Card) string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = showCard(c)
	}
	return strings.Join(out, " ")
}

// showCardsIn is showCards in loc's language: the joker as the language
// writes it among the cards (drill.thrill.joker_card: "Joker", "Jolly",
// "Джокер"); every other card is printed alike in every language. The
// round's own notation ("Jk") is never this: only what a trainee reads.
func showCardsIn(loc *i18n.Localizer, cs []cards.Card) string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = showCard(c)
		if c.IsJoker() {
			out[i] = loc.T(jokerCard)
		}
	}
	return strings.Join(out, " ")
}

// jokerCard is the message that names the joker among a hand's cards.
const jokerCard = "drill.thrill.joker_card"

// withArticle puts "a" or "an" before word, by its sound: "an ace", "an
// eight", "an 8", "a king", "a one-card exchange".
func withArticle(word string) string {
	if startsWithVowelSound(word) {
		return "an " + word
	}
	return "a " + word
}

func startsWithVowelSound(word string) bool {
	w := strings.ToLower(word)
	for _, p := range []string{"one", "once", "uni", "use", "usu", "eu"} {
		if strings.HasPrefix(w, p) {
			return false
		}
	}
	if strings.HasPrefix(w, "8") || strings.HasPrefix(w, "hour") || strings.HasPrefix(w, "honest") {
		return true // eight, eighty, eight hundred
	}
	for _, p := range []string{"11", "18"} { // eleven, eighteen (not "a 110")
		if strings.HasPrefix(w, p) && (len(w) == len(p) || !unicode.IsDigit(rune(w[len(p)]))) {
			return true
		}
	}
	r, _ := utf8.DecodeRuneInString(w)
	return strings.ContainsRune("aeiou", r)
}

// asSentence ends s with a full stop, unless it already ends a sentence
// ("…done.", "…(1× Ante).", "…?"); an engine's reason may come with its own.
func asSentence(s string) string {
	s = strings.TrimRight(s, " ")
	if s == "" {
		return s
	}
	for _, end := range []string{".", "!", "?", "…", ".”", ".\""} {
		if strings.HasSuffix(s, end) {
			return s
		}
	}
	return s + "."
}

// joinSentences writes each part as a sentence with a capital, once.
func joinSentences(parts ...string) string {
	var out []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, asSentence(upperFirst(p)))
		}
	}
	return strings.Join(out, " ")
}

// deciding says which card decides between two hands described alike, the
// player's first: "both hands are one pair, nines, ace kicker: the third
// kicker decides, the player's eight against the dealer's seven"; "" where
// the descriptions already say it (poker.Decider).
func deciding(player, dealer poker.Hand) string {
	pos, rp, rd, ok := poker.Decider(player, dealer)
	if !ok {
		return ""
	}
	return "both hands are " + lowerFirst(describeHand(player)) + ": " + pos + " decides, the player's " +
		rp.Name() + " against the dealer's " + rd.Name()
}

// lowerFirst and upperFirst change the case of s's first letter, a whole
// rune: a Russian sentence starts with a two-byte letter.
func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToLower(r)) + s[n:]
}

func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
