package view

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/i18n"
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

// checkerWagerNameIn is checkerWagerName in l's language: the name the
// felt prints (the catalogue's wager.<id>), a Multi Super by the box it
// backs.
func checkerWagerNameIn(l *i18n.Localizer, game, w string, on *games.Target) string {
	english := checkerWagerName(game, w, on)
	if l.Lang() == i18n.Source {
		return english
	}
	switch {
	case w == "multi_super" && on != nil && !on.Dealer:
		return l.T("hc.wager.multi_super_on", "Box", on.String())
	case w == "multi_super" && on != nil, w == "dealer_super":
		return lookup(l, "wager.dealer_super", english)
	}
	return lookup(l, "wager."+w, english)
}

// fieldWhere is what a refused field is on the screen: the box it belongs
// to (its number, 0 for the dealer's, the board's), the thing itself as the
// subject of a sentence ("the Blind", "the board": subject.<key> of the
// checker's catalogue) and the wager's name when it is a wager ("Blind").
type fieldWhere struct {
	box     int
	subject string // the key of hc.subject.<key>; "" for none
	wager   string // the wager's id
	game    string
}

var boxPathRE = regexp.MustCompile(`^boxes\[(\d+)\](?:\.(.*))?$`)

func whereIs(path, game string) fieldWhere {
	switch path {
	case "dealer", "board", "dealer_draw", "boxes":
		return fieldWhere{subject: path, game: game}
	}
	m := boxPathRE.FindStringSubmatch(path)
	if m == nil {
		return fieldWhere{game: game}
	}
	i, _ := strconv.Atoi(m[1])
	w := fieldWhere{box: i + 1, game: game}
	after := m[2]
	if wager, ok := strings.CutPrefix(after, "wagers."); ok {
		w.subject, w.wager = "wager", wager
		return w
	}
	switch {
	case after == "", after == "cards":
		w.subject = "box"
	case after == "wagers":
		w.subject = "wagers"
	case strings.HasPrefix(after, "multi_super"):
		w.subject, w.wager = "multi_super", "multi_super"
	default:
		w.subject = map[string]string{
			"fold": "fold", "fourth_card": "fourth_card", "exchanged": "exchanged", "discards": "discards",
			"draw": "draw", "draw.buy": "draw_buy", "draw.out": "draw_out", "draw.in": "draw_in", "force": "force",
		}[after]
		if w.subject == "" {
			w.subject = "box"
		}
	}
	return w
}

// words says a refusal in one language: l's messages, the field's names.
type words struct {
	l *i18n.Localizer
	w fieldWhere
}

func (c words) t(id string, args ...any) string { return c.l.T("hc.refuse."+id, args...) }

// english reports whether the words are the source language's, which keep
// the engine's own sentences where no rewrite is written for English.
func (c words) english() bool { return c.l.Lang() == i18n.Source }

// wagerName is the refused wager's name ("Blind", "Pair of Kings or
// Better"; the felt's name in another language), "" for no wager.
func (c words) wagerName() string {
	if c.w.wager == "" {
		return ""
	}
	if c.w.wager == "multi_super" {
		return "Multi Super"
	}
	return checkerWagerNameIn(c.l, c.w.game, c.w.wager, nil)
}

// subject is the refused field as the subject of a sentence: "the Blind".
func (c words) subject() string {
	switch c.w.subject {
	case "":
		return ""
	case "box":
		if !c.english() && c.w.box > 0 {
			return c.l.T("table.box", "N", c.w.box) // "Box 1", which the problem then need not repeat
		}
	case "wager":
		return c.l.T("hc.subject.wager", "Wager", c.wagerName())
	}
	return c.l.T("hc.subject." + c.w.subject)
}

// num writes a number or an amount the engine wrote (25, 12.5) in the
// language's notation.
func (c words) num(s string) string { return c.l.Decimal(s) }

// card writes a card code as the screen draws it: "Qh" → "Q♥"; the joker
// by its name in the language.
func (c words) card(code string) string {
	if cd, err := cards.Parse(code); err == nil && cd.IsJoker() && !c.english() {
		return upper(c.l.T("hc.suit.joker"))
	}
	return cardText(code)
}

// stakeMsg is id for a wager, or id_stake when the field is no wager.
func (c words) stakeMsg(id string, args ...any) string {
	if c.w.wager == "" {
		return c.t(id+"_stake", args...)
	}
	return c.t(id, append(args, "Wager", c.wagerName())...)
}

// allowed says UTH's allowed Play bets ("4× (40) or 3× (30) preflop, 2×
// (20) on the flop or 1× (10) on the river") in the language.
func (c words) allowed(s string) string {
	s = strings.TrimSuffix(s, ".")
	m := allowedRE.FindStringSubmatch(s)
	if c.english() || m == nil {
		return s
	}
	pre := strings.Split(m[1], " or ")
	for i, p := range pre {
		pre[i] = c.num(p)
	}
	return c.t("allowed_play", "Preflop", strings.Join(pre, c.l.T("hc.or")), "Flop", c.num(m[2]), "River", c.num(m[3]))
}

var allowedRE = regexp.MustCompile(`^(.+) preflop, 2× \((\S+)\) on the flop or 1× \((\S+)\) on the river$`)

// rewrite is one engine message and its plain words: sub are the
// regexp's groups. A rewrite for other languages only leaves English with
// the engine's own sentence, as the page always showed it.
type rewrite struct {
	re        *regexp.Regexp
	words     func(c words, sub []string) string
	otherOnly bool
}

var rewrites = []rewrite{
	{re: regexp.MustCompile(`^must equal the ante \((.+)\)$`), words: func(c words, s []string) string {
		return c.t("ante_equal", "Wager", c.wagerName(), "Ante", c.num(s[1]))
	}},
	{re: regexp.MustCompile(`^needs (\d+) cards, got (\d+)(.*)$`), words: func(c words, s []string) string {
		more := s[3]
		if !c.english() {
			more = "" // the engine's English aside (a misdeal's consequences)
		}
		return c.t("needs_cards", "Subject", upper(c.subject()), "Want", s[1], "Got", s[2], "More", more)
	}},
	{re: regexp.MustCompile(`^duplicate card (\S+)$`), words: func(c words, s []string) string {
		return c.t("duplicate", "Card", c.card(s[1]), "Subject", c.subject())
	}},
	{re: regexp.MustCompile(`^"(.*)" is not an amount`), words: func(c words, s []string) string {
		return c.stakeMsg("not_amount", "Text", s[1])
	}},
	{re: regexp.MustCompile(`^a stake cannot be negative$`), words: func(c words, s []string) string {
		return c.stakeMsg("negative")
	}},
	{re: regexp.MustCompile(`^"(.*)" has more than two decimal places`), words: func(c words, s []string) string {
		return c.stakeMsg("decimals", "Text", s[1])
	}},
	{re: regexp.MustCompile(`^"(.*)" is too large`), words: func(c words, s []string) string {
		return c.stakeMsg("too_large", "Text", s[1])
	}},
	{re: regexp.MustCompile(`^cannot be negative$`), words: func(c words, s []string) string {
		return c.t("exchange_negative") // Texas Oracle's cards exchanged
	}},
	{re: regexp.MustCompile(`^(\d+) cards; the house allows at most (\d+)`), words: func(c words, s []string) string {
		return c.t("exchange_too_many", "Got", s[1], "Max", s[2])
	}},
	{re: regexp.MustCompile(`^the house takes the Special Bet only beside a primary wager`), words: func(c words, s []string) string {
		return c.t("special_alone", "Wager", c.wagerName())
	}},
	{re: regexp.MustCompile(`^no wager: a box needs at least one primary wager`), words: func(c words, s []string) string {
		return c.t("no_primary")
	}},
	{re: regexp.MustCompile(`^(\S+) is below the house's minimum of (\S+) on the (.+)$`), words: func(c words, s []string) string {
		return c.stakeMsg("below_min", "Stake", c.num(s[1]), "Min", c.num(s[2]))
	}},
	{re: regexp.MustCompile(`^(\S+) is above the house's maximum of (\S+) on the (.+)$`), words: func(c words, s []string) string {
		return c.stakeMsg("above_max", "Stake", c.num(s[1]), "Max", c.num(s[2]))
	}},
	{re: regexp.MustCompile(`^a box that folded has no Play bet`), words: func(c words, s []string) string {
		return c.t("folded_play")
	}},
	{re: regexp.MustCompile(`^a box that did not fold has a Play bet: (.+)$`), words: func(c words, s []string) string {
		return c.t("not_folded_play", "Allowed", c.allowed(s[1]))
	}},
	{re: regexp.MustCompile(`^(\S+) is not an allowed Play bet: (.+)$`), words: func(c words, s []string) string {
		return c.t("play_not_allowed", "Play", c.num(s[1]), "Allowed", c.allowed(s[2]))
	}},
	{re: regexp.MustCompile(`^(?:required|missing): every box (?:bets|plays) (?:an |the )?Ante`), words: func(c words, s []string) string {
		return c.t("ante_required")
	}},
	{re: regexp.MustCompile(`^is (\S+); the BET is (\d+)× the Ante \((.+)\)$`), words: func(c words, s []string) string {
		return c.t("bet_is", "N", s[2], "Want", c.num(s[3]), "Got", c.num(s[1]))
	}},
	{re: regexp.MustCompile(`^missing: (.+) bets (\d+)× the Ante \((.+)\)$`), words: func(c words, s []string) string {
		why := s[1]
		if !c.english() {
			why = c.l.T("hc.subject.box") // the engine's English case, said plainly
		}
		return c.t("bet_missing", "Why", why, "N", s[2], "Want", c.num(s[3]))
	}},
	// Said in Italian and Russian only: English keeps the engine's sentence.
	{re: regexp.MustCompile(`^(\d+) boxes(?:, but the table has|; the house's .+ table has) (\d+)`), otherOnly: true, words: func(c words, s []string) string {
		return c.t("too_many_boxes", "N", s[1], "Max", s[2])
	}},
	{re: regexp.MustCompile(`^(?:a round needs at least one box|no box)`), otherOnly: true, words: func(c words, s []string) string {
		return c.t("no_box")
	}},
	{re: regexp.MustCompile(`^the joker is not in`), otherOnly: true, words: func(c words, s []string) string { return c.t("joker") }},
	{re: regexp.MustCompile(`^(?:card \d+: )?"(.*)" is not a card`), otherOnly: true, words: func(c words, s []string) string {
		return c.t("not_card", "Text", s[1])
	}},
	{re: regexp.MustCompile(`^(\S+) is not one of the box's cards`), otherOnly: true, words: func(c words, s []string) string {
		return c.t("not_box_card", "Card", c.card(s[1]))
	}},
	{re: regexp.MustCompile(`^this house does not offer the Progressive`), otherOnly: true, words: func(c words, s []string) string {
		return c.t("no_progressive")
	}},
	{re: regexp.MustCompile(`^must be the Progressive's fixed stake of (\S+), not (\S+)`), otherOnly: true, words: func(c words, s []string) string {
		return c.t("progressive_fixed", "Fixed", c.num(s[1]), "Got", c.num(s[2]))
	}},
	{re: regexp.MustCompile(`^\S+ is (?:above|more than) the largest (?:Ante|stake) the kiosk settles \((\S+)\)`), otherOnly: true, words: func(c words, s []string) string {
		return c.t("largest_stake", "Max", c.num(s[1]))
	}},
	{re: regexp.MustCompile(`^must be (\d+)× the Ante \((\S+)\), got (\S+)`), otherOnly: true, words: func(c words, s []string) string {
		return c.t("bet_is", "N", s[1], "Want", c.num(s[2]), "Got", c.num(s[3]))
	}},
	{re: regexp.MustCompile(`^missing: a box that plays bets (\d+)× the Ante \((\S+)\), or folds`), otherOnly: true, words: func(c words, s []string) string {
		return c.t("bet_missing_plain", "N", s[1], "Want", c.num(s[2]))
	}},
	{re: regexp.MustCompile(`^(?:missing: the Super is compulsory at this house, at least|must be at least) the Ante \((\S+)\)`), otherOnly: true, words: func(c words, s []string) string {
		return c.t("super_at_least", "Ante", c.num(s[1]))
	}},
	{re: regexp.MustCompile(`^\d+ primary wagers`), otherOnly: true, words: func(c words, s []string) string { return c.t("one_primary") }},
	{re: regexp.MustCompile(`^missing: the house holds the player to the five he kept`), otherOnly: true, words: func(c words, s []string) string {
		return c.t("name_discards")
	}},
	{re: regexp.MustCompile(`^a box that did not fold must have bought the 4th card`), otherOnly: true, words: func(c words, s []string) string {
		return c.t("fourth_card_needed")
	}},
	{re: regexp.MustCompile(`^a box cannot fold after an exchange`), otherOnly: true, words: func(c words, s []string) string {
		return c.t("fold_after_exchange")
	}},
	{re: regexp.MustCompile(`^the dealer qualifies \(.*\), so there is nothing to force`), otherOnly: true, words: func(c words, s []string) string {
		return c.t("nothing_to_force")
	}},
	{re: regexp.MustCompile(`^missing: box (\d+) forces the dealer`), otherOnly: true, words: func(c words, s []string) string {
		return c.t("draw_card_needed", "N", s[1])
	}},
	{re: regexp.MustCompile(`^empty: buy a 6th card or exchange`), otherOnly: true, words: func(c words, s []string) string { return c.t("draw_empty") }},
	{re: regexp.MustCompile(`^buy a 6th card or exchange cards, not both`), otherOnly: true, words: func(c words, s []string) string { return c.t("draw_both") }},
	{re: regexp.MustCompile(`^exchange (\d+)(?: to (\d+))?(?: cards?)?, not (\d+)`), otherOnly: true, words: func(c words, s []string) string {
		r := s[1]
		if s[2] != "" {
			r += "–" + s[2]
		}
		return c.t("exchange_count", "Range", r, "Got", s[3])
	}},
	{re: regexp.MustCompile(`^(\d+) cards out need \d+ in, got (\d+)`), otherOnly: true, words: func(c words, s []string) string {
		return c.t("drawn_count", "Out", s[1], "In", s[2])
	}},
	{re: regexp.MustCompile(`^this house does not take Dealer Super bets`), otherOnly: true, words: func(c words, s []string) string { return c.t("no_dealer_super") }},
	{re: regexp.MustCompile(`^this house does not take Multi Super bets`), otherOnly: true, words: func(c words, s []string) string { return c.t("no_multi_super") }},
	{re: regexp.MustCompile(`^a box that folded has no BET`), otherOnly: true, words: func(c words, s []string) string { return c.t("folded_no_bet") }},
	{re: regexp.MustCompile(`^a box that folded cannot force the dealer`), otherOnly: true, words: func(c words, s []string) string { return c.t("folded_no_force") }},
	{re: regexp.MustCompile(`^an exchange comes after the 4th card is bought`), otherOnly: true, words: func(c words, s []string) string {
		return c.t("exchange_without_fourth")
	}},
	{re: instantCashRE, otherOnly: true, words: func(c words, s []string) string {
		what := s[2] + s[3] // draw, force, BET, insurance; or fold
		return c.t("instant_cash_"+strings.ToLower(what), "Hand", c.l.T("reason.category_a."+strings.ReplaceAll(s[1], " ", "_")))
	}},
}

// instantCashRE is Lunar Poker's refusal of an action by a box whose first
// five won Instant Cash: the hand, then what it may not do.
var instantCashRE = regexp.MustCompile(`^the box won Instant Cash with an? (.+) in its first five cards, so its round is over: (?:no (draw|force|BET|insurance)|there is nothing to (fold))$`)

// keyRE finds a setting's key in parentheses, "(uth.max_boxes)": plumbing
// a floor manager has no use for.
var keyRE = regexp.MustCompile(`\s*\([a-z_]+\.[a-z_.]+\)`)

// checkerWords rewrites a refusal of the engine in the screen's words, in
// English: the message beside the field (what is wrong, one sentence: the
// field is narrow), and the problem at the top of the form, which also
// names the box and says what to change.
func checkerWords(fe *games.FieldError, game string) (field, problem string) {
	return checkerWordsIn(english(), fe, game)
}

// checkerWordsIn is checkerWords in l's language.
func checkerWordsIn(l *i18n.Localizer, fe *games.FieldError, game string) (field, problem string) {
	full, problem := checkerSentences(l, fe, game)
	field, _, _ = strings.Cut(full, ". ")
	return strings.TrimSuffix(field, ".") + ".", problem
}

// checkerSentences is the whole message, and the problem naming the box.
func checkerSentences(l *i18n.Localizer, fe *games.FieldError, game string) (field, problem string) {
	c := words{l: l, w: whereIs(fe.Field, game)}
	msg := keyRE.ReplaceAllString(fe.Msg, "")
	for _, r := range rewrites {
		if r.otherOnly && c.english() {
			continue
		}
		if sub := r.re.FindStringSubmatch(msg); sub != nil {
			field = r.words(c, sub)
			break
		}
	}
	if field == "" {
		field = c.engine(msg)
	}
	field = strings.ReplaceAll(field, "×  ", "× ")
	if c.w.box == 0 {
		return field, field
	}
	box := l.T("table.box", "N", c.w.box)
	if c.english() {
		if rest, ok := strings.CutPrefix(field, "The box "); ok {
			return field, box + " " + rest
		}
	} else if strings.HasPrefix(field, box) {
		return field, field
	}
	return field, c.t("in_box", "Box", box, "Message", c.lowerFirstWord(field))
}

// Rewritten reports whether a rewrite for the other languages says the
// engine's refusal msg, so that Italian and Russian do not quote the
// engine's English for it.
func Rewritten(msg string) bool { return rewritten(msg) }

func rewritten(msg string) bool {
	msg = keyRE.ReplaceAllString(msg, "")
	for _, r := range rewrites {
		if r.re.MatchString(msg) {
			return true
		}
	}
	return false
}

// engine is a refusal no rewrite knows: in English the engine's sentence,
// given its subject when it has none ("is 20; …", "needs …"); in another
// language the field named and the engine's English quoted, said to be so.
func (c words) engine(msg string) string {
	if c.english() {
		if sub := c.subject(); sub != "" && (strings.HasPrefix(msg, "is ") || strings.HasPrefix(msg, "must ") || strings.HasPrefix(msg, "needs ")) {
			msg = sub + " " + msg
		}
		return upper(strings.TrimSuffix(msg, ".")) + "."
	}
	msg = strings.TrimSuffix(msg, ".")
	if sub := c.subject(); sub != "" {
		return c.t("unknown", "Subject", upper(sub), "Engine", msg)
	}
	return c.t("unknown_round", "Engine", msg)
}

// lowerFirstWord lowercases the sentence's first letter after "Box 1: "
// when its first word is a plain word ("The Blind …" → "the Blind …"),
// leaving names and cards as they are: the words are the catalogue's
// hc.refuse.lower_first.
func (c words) lowerFirstWord(s string) string {
	for _, w := range strings.Split(c.t("lower_first"), "|") {
		if rest, ok := strings.CutPrefix(s, w); ok && w != "" {
			return strings.ToLower(w) + rest
		}
	}
	return s
}

// upper capitalises s's first letter.
func upper(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
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
