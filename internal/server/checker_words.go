package server

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
)

// The hand checker speaks to a floor manager, not to `trainer settle`'s
// user: the engine's refusals ("boxes[0].wagers.blind: must equal the ante
// (10)") are rewritten here in the screen's words, naming "Box 1" as the
// form does and saying what to change ("Box 1: the Blind must equal the
// Ante (10). Make the Blind 10, or change the Ante."). The engine's own
// messages stay as they are: they are SETTLE.md's contract.

// checkerWagerName names wager w of game as the practice screens do
// (drills.WagerTitle: "Pair of Kings or Better", "BET"), and a Multi Super
// by the box it backs.
func checkerWagerName(game, w string, on *games.Target) string {
	switch w {
	case "multi_super":
		if on != nil {
			if on.Dealer {
				return "Dealer Super"
			}
			return "Multi Super on box " + on.String()
		}
		return "Multi Super"
	case "dealer_super":
		return "Dealer Super"
	}
	return drills.WagerTitle(game, w)
}

// fieldWhere is what a refused field is on the screen: the box it belongs
// to ("Box 1", "" for the dealer's, the board's), the thing itself as the
// subject of a sentence ("the Blind", "the board") and the wager's name
// when it is a wager ("Blind").
type fieldWhere struct {
	box, subject, wager string
}

var boxPathRE = regexp.MustCompile(`^boxes\[(\d+)\](?:\.(.*))?$`)

func whereIs(path, game string) fieldWhere {
	switch path {
	case "dealer":
		return fieldWhere{subject: "the dealer's hand"}
	case "board":
		return fieldWhere{subject: "the board"}
	case "dealer_draw":
		return fieldWhere{subject: "the dealer's draw card"}
	case "boxes":
		return fieldWhere{subject: "the boxes"}
	}
	m := boxPathRE.FindStringSubmatch(path)
	if m == nil {
		return fieldWhere{}
	}
	i, _ := strconv.Atoi(m[1])
	box := fmt.Sprintf("Box %d", i+1)
	after := m[2]
	if w, ok := strings.CutPrefix(after, "wagers."); ok {
		name := checkerWagerName(game, w, nil)
		return fieldWhere{box: box, subject: "the " + name, wager: name}
	}
	switch {
	case after == "", after == "cards":
		return fieldWhere{box: box, subject: "the box"}
	case after == "wagers":
		return fieldWhere{box: box, subject: "the box's wagers"}
	case strings.HasPrefix(after, "multi_super"):
		return fieldWhere{box: box, subject: "the Multi Super", wager: "Multi Super"}
	}
	subject := map[string]string{
		"fold": "the fold", "fourth_card": "the 4th card", "exchanged": "the exchange", "discards": "the discards",
		"draw": "the draw", "draw.buy": "the 6th card", "draw.out": "the cards exchanged", "draw.in": "the cards drawn",
		"force": "the force",
	}[after]
	if subject == "" {
		subject = "the box"
	}
	return fieldWhere{box: box, subject: subject}
}

// rewrite is one engine message and its plain words: sub are the
// regexp's groups, w where the field is.
type rewrite struct {
	re    *regexp.Regexp
	words func(w fieldWhere, sub []string) string
}

var rewrites = []rewrite{
	{regexp.MustCompile(`^must equal the ante \((.+)\)$`), func(w fieldWhere, s []string) string {
		return fmt.Sprintf("The %s must equal the Ante (%s). Make the %s %s, or change the Ante.", w.wager, s[1], w.wager, s[1])
	}},
	{regexp.MustCompile(`^needs (\d+) cards, got (\d+)(.*)$`), func(w fieldWhere, s []string) string {
		return fmt.Sprintf("%s needs %s cards and has %s%s. Tap a card to add it, or tap one of its cards to take it back.",
			upper(w.subject), s[1], s[2], s[3])
	}},
	{regexp.MustCompile(`^duplicate card (\S+)$`), func(w fieldWhere, s []string) string {
		return fmt.Sprintf("%s is entered twice: a deck has one. Take it out of %s, or out of the other place.", cardText(s[1]), w.subject)
	}},
	{regexp.MustCompile(`^"(.*)" is not an amount`), func(w fieldWhere, s []string) string {
		return fmt.Sprintf("“%s” is not an amount. Write the %s in figures, such as 25 or 12.50.", s[1], orStake(w.wager))
	}},
	{regexp.MustCompile(`^a stake cannot be negative$`), func(w fieldWhere, s []string) string {
		return fmt.Sprintf("A stake cannot be negative. Write the %s as 0 or more.", orStake(w.wager))
	}},
	{regexp.MustCompile(`^(\S+) is below the house's minimum of (\S+) on the (.+)$`), func(w fieldWhere, s []string) string {
		return fmt.Sprintf("The %s (%s) is below the house's minimum of %s. Make it %s or more.", orStake(w.wager), s[1], s[2], s[2])
	}},
	{regexp.MustCompile(`^(\S+) is above the house's maximum of (\S+) on the (.+)$`), func(w fieldWhere, s []string) string {
		return fmt.Sprintf("The %s (%s) is above the house's maximum of %s. Make it %s or less.", orStake(w.wager), s[1], s[2], s[2])
	}},
	{regexp.MustCompile(`^a box that folded has no Play bet`), func(w fieldWhere, s []string) string {
		return "A box that folded has no Play bet. Choose “No Play bet”, or untick Fold."
	}},
	{regexp.MustCompile(`^a box that did not fold has a Play bet: (.+)$`), func(w fieldWhere, s []string) string {
		return fmt.Sprintf("A box that did not fold has a Play bet: %s. Choose it, or tick Fold.", strings.TrimSuffix(s[1], "."))
	}},
	{regexp.MustCompile(`^(\S+) is not an allowed Play bet: (.+)$`), func(w fieldWhere, s []string) string {
		return fmt.Sprintf("%s is not an allowed Play bet: %s. Choose one of these.", s[1], strings.TrimSuffix(s[2], "."))
	}},
	{regexp.MustCompile(`^(?:required|missing): every box (?:bets|plays) (?:an |the )?Ante`), func(w fieldWhere, s []string) string {
		return "Every box bets the Ante. Enter the Ante."
	}},
	{regexp.MustCompile(`^is (\S+); the BET is (\d+)× the Ante \((.+)\)$`), func(w fieldWhere, s []string) string {
		return fmt.Sprintf("The BET is %s×  the Ante, so it is %s here, not %s. Make the BET %s.", s[2], s[3], s[1], s[3])
	}},
	{regexp.MustCompile(`^missing: (.+) bets (\d+)× the Ante \((.+)\)$`), func(w fieldWhere, s []string) string {
		return fmt.Sprintf("The BET is missing: %s bets %s× the Ante. Enter a BET of %s.", s[1], s[2], s[3])
	}},
}

// keyRE finds a setting's key in parentheses, "(uth.max_boxes)": plumbing
// a floor manager has no use for.
var keyRE = regexp.MustCompile(`\s*\([a-z_]+\.[a-z_.]+\)`)

// checkerWords rewrites a refusal of the engine in the screen's words: the
// message beside the field (what is wrong, one sentence: the field is
// narrow), and the problem at the top of the form, which also names the
// box and says what to change.
func checkerWords(fe *games.FieldError, game string) (field, problem string) {
	full, problem := checkerSentences(fe, game)
	field, _, _ = strings.Cut(full, ". ")
	return strings.TrimSuffix(field, ".") + ".", problem
}

// checkerSentences is the whole message, and the problem naming the box.
func checkerSentences(fe *games.FieldError, game string) (field, problem string) {
	w := whereIs(fe.Field, game)
	msg := keyRE.ReplaceAllString(fe.Msg, "")
	field = ""
	for _, r := range rewrites {
		if sub := r.re.FindStringSubmatch(msg); sub != nil {
			field = r.words(w, sub)
			break
		}
	}
	if field == "" {
		// A message without its subject ("is 20; …", "needs …") gets it.
		if w.subject != "" && (strings.HasPrefix(msg, "is ") || strings.HasPrefix(msg, "must ") || strings.HasPrefix(msg, "needs ")) {
			msg = w.subject + " " + msg
		}
		field = upper(strings.TrimSuffix(msg, ".")) + "."
	}
	field = strings.ReplaceAll(field, "×  ", "× ")
	if w.box == "" {
		return field, field
	}
	if rest, ok := strings.CutPrefix(field, "The box "); ok {
		return field, w.box + " " + rest
	}
	return field, w.box + ": " + lowerFirstWord(field)
}

// upper capitalises s's first letter.
func upper(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// lowerFirstWord lowercases the sentence's first letter after "Box 1: "
// when its first word is a plain word ("The Blind …" → "the Blind …"),
// leaving names and cards as they are.
func lowerFirstWord(s string) string {
	for _, w := range []string{"The ", "A ", "Every "} {
		if rest, ok := strings.CutPrefix(s, w); ok {
			return strings.ToLower(w) + rest
		}
	}
	return s
}

// orStake is the wager's name, or "stake" when the field is no wager.
func orStake(wager string) string {
	if wager == "" {
		return "stake"
	}
	return wager
}

// cardText writes a card code as the screen draws it: "Qh" → "Q♥".
func cardText(code string) string {
	c, err := cards.Parse(code)
	if err != nil {
		return "“" + code + "”"
	}
	if c.IsJoker() {
		return "The joker"
	}
	suit := map[cards.Suit]string{cards.Spades: "♠", cards.Hearts: "♥", cards.Diamonds: "♦", cards.Clubs: "♣"}[c.Suit()]
	r := c.Rank().String()
	if r == "T" {
		r = "10"
	}
	return r + suit
}
