package view

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/i18n"
)

// The engine's notes on the dealer's hand (games.Dealer.Notes) are English
// sentences with no message ids: `trainer settle` prints them, and the
// engine's packages are not the checker's to change. The hand checker says
// the ones it knows in the reader's language from its catalogue
// (hc.note.*), read back from the engine's words as its refusals are
// (checker_words.go); a note it does not know (a force's replacement card)
// stays English, as the engine wrote it.

// noteWords is one of the engine's notes and the message that says it.
type noteWords struct {
	re   *regexp.Regexp
	says func(l *i18n.Localizer, sub []string) string
}

// fixed is a note with nothing to carry over.
func fixed(id string) func(l *i18n.Localizer, sub []string) string {
	return func(l *i18n.Localizer, _ []string) string { return l.T(id) }
}

var dealerNotes = []noteWords{
	{regexp.MustCompile(`^At this house every hand, the dealer's included, uses both hole cards and three community cards\.$`), fixed("hc.note.uth_both")},
	{regexp.MustCompile(`^The dealer does not qualify \(less than a pair\): the Ante pushes; Play, Blind, Trips and the Progressive are settled as usual\.$`), fixed("hc.note.uth_noqual")},
	{regexp.MustCompile(`^The dealer qualifies with the pair on the board, which counts\.$`), fixed("hc.note.uth_board_pair")},
	{regexp.MustCompile(`^The dealer qualifies with a pair or better\.$`), fixed("hc.note.uth_qual")},
	{regexp.MustCompile(`^The dealer qualifies: he needs one pair or better, a pair of twos at least\.$`), fixed("hc.note.oracle_qual")},
	{regexp.MustCompile(`^The dealer does not qualify: he needs one pair or better, a pair of twos at least\.$`), fixed("hc.note.oracle_noqual")},
	{regexp.MustCompile(`^The dealer's exposed card was the (.+), the (last|first) card dealt to him; it only informs the players\.$`),
		func(l *i18n.Localizer, s []string) string {
			c, ok := cardNamed(s[1])
			if s[1] == cards.Joker.Name() {
				c, ok = l.T("hc.suit.joker"), true
			}
			if !ok {
				return ""
			}
			return l.T("hc.note.thrill_exposed_"+s[2], "Card", c)
		}},
	{regexp.MustCompile(`^The dealer's hand is king/jack high or lower: a Poker Bet that beats it is paid (\S+), not (\S+)\.$`),
		func(l *i18n.Localizer, s []string) string {
			return l.T("hc.note.thrill_half", "Odds", s[1], "Full", s[2])
		}},
	{regexp.MustCompile(`^The dealer's hand is king/jack high or lower: a Poker Bet that beats it is paid (\S+), as the house's Poker Bet table pays\.$`),
		func(l *i18n.Localizer, s []string) string { return l.T("hc.note.thrill_half_table", "Odds", s[1]) }},
	{regexp.MustCompile(`^The dealer's hand is above king/jack high: a Poker Bet that beats it is paid (\S+)\.$`),
		func(l *i18n.Localizer, s []string) string { return l.T("hc.note.thrill_full", "Odds", s[1]) }},
	{regexp.MustCompile(`^The dealer qualifies with ace-king or better: the boxes that play are compared with his hand\.$`), fixed("hc.note.lunar_qual")},
	{regexp.MustCompile(`^The dealer's first five do not qualify: less than ace-king\.$`), fixed("hc.note.lunar_noqual")},
	{regexp.MustCompile(`^(.+) forced: the dealer's (highest|lowest|first) card, the (.+), is replaced by the next card, the (.+); he (now qualifies|still does not qualify)\.$`),
		func(l *i18n.Localizer, s []string) string {
			out, ok1 := cardNamed(s[3])
			in, ok2 := cardNamed(s[4])
			boxes := boxListRE.FindAllStringSubmatch(s[1], -1)
			if !ok1 || !ok2 || len(boxes) == 0 {
				return ""
			}
			names := make([]string, len(boxes))
			for i, b := range boxes {
				n, _ := strconv.Atoi(b[1])
				names[i] = l.T("table.box", "N", n)
			}
			id := "hc.note.lunar_forced_now"
			if s[5] != "now qualifies" {
				id = "hc.note.lunar_forced_still"
			}
			return l.T(id, "Boxes", strings.Join(names, ", "), "Which", l.T("hc.note.force_"+s[2]), "Out", out, "In", in)
		}},
	{regexp.MustCompile(`^Dealer Super: the dealer's (first five|hand after the replacement) hold (?:an? )?(.+)\.$`),
		func(l *i18n.Localizer, s []string) string {
			key, ok := rowKeyOf(s[2])
			if !ok {
				return ""
			}
			which := l.T("hc.note.lunar_first_five")
			if s[1] != "first five" {
				which = l.T("hc.note.lunar_after")
			}
			return l.T("hc.note.lunar_super", "Which", which, "Row", l.T("row."+key))
		}},
	{regexp.MustCompile(`^Dealer Super: the dealer's (first five|hand after the replacement) hold no Super combination\.$`),
		func(l *i18n.Localizer, s []string) string {
			which := l.T("hc.note.lunar_first_five")
			if s[1] != "first five" {
				which = l.T("hc.note.lunar_after")
			}
			return l.T("hc.note.lunar_no_super", "Which", which)
		}},
}

// boxListRE finds the boxes in the engine's list of those that forced.
var boxListRE = regexp.MustCompile(`(?i)\bbox (\d+)\b`)

// dealerNoteIn is the engine's note in l's language, or the note as the
// engine wrote it when the checker does not know it.
func dealerNoteIn(l *i18n.Localizer, note string) string {
	if l.Lang() == i18n.Source {
		return note
	}
	for _, n := range dealerNotes {
		if sub := n.re.FindStringSubmatch(note); sub != nil {
			if s := n.says(l, sub); s != "" {
				return s
			}
		}
	}
	return note
}

// rowKeyOf is the pay-table row (row.<key> of the hands catalogue) whose
// English words, as the engine writes them in a note, are words.
func rowKeyOf(words string) (string, bool) {
	en := english()
	for _, id := range i18n.Default().IDs() {
		key, ok := strings.CutPrefix(id, "row.")
		if ok && (strings.EqualFold(en.T(id), words) || strings.ReplaceAll(key, "_", " ") == words) {
			return key, true
		}
	}
	return "", false
}

// cardNamed is the card whose English name is name ("queen of hearts"),
// written as the screen draws it (Q♥).
func cardNamed(name string) (string, bool) {
	if name == cards.Joker.Name() {
		return "", false
	}
	for _, s := range []cards.Suit{cards.Spades, cards.Hearts, cards.Diamonds, cards.Clubs} {
		for r := cards.Two; r <= cards.Ace; r++ {
			if c := cards.New(r, s); c.Name() == name {
				return cardText(c.String()), true
			}
		}
	}
	return "", false
}
