package drills

import (
	"slices"
	"strconv"
	"strings"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// The hand-reading questions.
const (
	QBestHand          = "best_hand"          // the box's best hand and its five cards
	QBeatsDealer       = "beats_dealer"       // which boxes beat the dealer
	QDealerQualifies   = "dealer_qualifies"   // UTH, Oracle, Lunar: does the dealer qualify
	QDealerHalfPay     = "dealer_half_pay"    // 7 Card Thrill: is the dealer's hand king/jack high or lower
	QJoker             = "joker"              // 7 Card Thrill: where the joker plays
	QSecondCombination = "second_combination" // Lunar: the second combination paid
)

// altRule is a hand ranking with one rule flipped, for wrong readings. rule
// is the section id of the rule book that the wrong reading breaks.
type altRule struct {
	id, rule, text string
	// key names text in the drills catalogue: drill.hand.alt.<key>.
	key   string
	rules func(h *rulebook.House) (poker.Rules, bool)
}

// textIn is the rule's text in loc's language; English keeps the code's
// words, which the catalogue repeats (TestAltTexts).
func (a altRule) textIn(loc *i18n.Localizer) string {
	if loc.Lang() == i18n.Source || a.key == "" {
		return a.text
	}
	return loc.T("drill.hand.alt." + a.key)
}

// The section ids of a game's book that the shared hand questions cite
// (docs/book.md, "Section ids the shared drill code cites").
func bestHandID(slug string) string    { return slug + ".best_hand" }
func handRankingID(slug string) string { return slug + ".hand_ranking" }

// compareID is the section that says how two hands of g compare: the book's
// own section where it has one (UTH's "Comparing two hands"), else its hand
// ranking. tiesID is the one that rules a tie.
func compareID(g *game) string {
	if g.compare != "" {
		return g.compare
	}
	return handRankingID(g.slug)
}

func tiesID(g *game) string {
	if g.ties != "" {
		return g.ties
	}
	return compareID(g)
}

// handDrill builds a hand-reading drill on a dealt round.
func (b *build) handDrill(d *dealt, foc focus, feat *feature) error {
	qs := []string{QBestHand}
	if len(d.st.Boxes) >= 2 {
		qs = append(qs, QBeatsDealer)
	}
	if d.g.hand != nil {
		qs = append(qs, d.g.hand(d)...)
	}
	q := qs[b.rng.IntN(len(qs))]
	if feat != nil && feat.hand != "" && slices.Contains(qs, feat.hand) {
		q = feat.hand
	}
	box := foc.box
	if box < 0 || box >= len(d.st.Boxes) {
		box = b.rng.IntN(len(d.st.Boxes))
	}
	var c *choiceSet
	var prompt, expl string
	var n int
	// A question with no wrong answer to offer (a five-card hand read alone at
	// the table) gives way to the next one; the dealer's yes/no always has one.
	for _, q2 := range append([]string{q}, qs...) {
		q = q2
		c = &choiceSet{}
		n = b.lv.Choices
		ok := true
		switch q {
		case QBestHand:
			prompt, expl = b.bestHand(d, box, c)
		case QBeatsDealer:
			prompt, expl = b.beatsDealer(d, c)
		default:
			prompt, expl, n, ok = d.g.handQuestion(b, d, q, &box, c)
		}
		if ok && c.enough(2) {
			break
		}
	}
	b.d.Round = &d.in
	b.d.Ask = Ask{Question: q}
	if q != QBeatsDealer && !strings.HasPrefix(q, "dealer_") {
		b.d.Ask.Box = box + 1
	}
	b.d.Skill = d.g.slug + "." + KindHand + "." + q
	b.d.Prompt = prompt
	b.d.Explanation = expl
	choices, key, mistakes := c.finish(b.rng, n)
	b.d.Choices, b.d.Key, b.d.Mistakes = choices, Key{Choice: key}, mistakes
	// The key rests on what the question cited; a game's own question that
	// cites nothing rests on the rules its wrong answers break (the rules
	// the right answer follows).
	if len(c.refs) > 0 {
		b.cite(c.refs...)
	} else {
		for _, m := range mistakes {
			b.cite(ruleIDs(m.Rule)...)
		}
	}
	return nil
}

// describeFive says a five-card hand as the kiosk shows it: the dealer's
// words, then the cards ("Flush, king high: K♥ 10♥ 8♥ 4♥ 2♥").
func describeFive(loc *i18n.Localizer, r poker.Rules, five []cards.Card) string {
	h := r.Evaluate(five)
	return describeHandIn(loc, h) + ": " + showCardsIn(loc, h.Best[:])
}

// describeHand is poker's description, with a wheel named as A-2-3-4-5.
func describeHand(h poker.Hand) string {
	d := h.Describe()
	c := h.Category()
	if (c == poker.Straight || c == poker.StraightFlush) && h.Ranks()[0] == cards.Five {
		d = strings.Replace(d, "five high", "five high (A-2-3-4-5)", 1)
	}
	return d
}

// bestHand asks for box's best hand. The key is the engine's best five; the
// wrong answers are the reading under each flipped ranking rule, the game's
// own slips, and then the next-best hands the cards hold.
func (b *build) bestHand(d *dealt, box int, c *choiceSet) (prompt, expl string) {
	rules := d.g.rules(d.h)
	br := &d.st.Boxes[box]
	c.key = describeFive(b.loc, rules, br.Best)
	c.cite(bestHandID(d.g.slug), handRankingID(d.g.slug))
	held := d.g.handCards(&d.in, box)
	c.right = sameBestHand(b.loc, rules, held, br.Best)
	for _, a := range d.g.alt {
		r, ok := a.rules(d.h)
		if !ok {
			continue
		}
		alt := r.Evaluate(held)
		c.add(describeFive(b.loc, r, alt.Best[:]), a.id, a.rule, a.textIn(b.loc))
	}
	if d.g.handSlips != nil {
		d.g.handSlips(b.loc, d, box, c)
	}
	// The next-best hands in the same cards: a trainee who stops reading too soon.
	for _, h := range lowerHands(rules, held, br.Best) {
		c.add(describeFive(b.loc, rules, h), "slip.missed_better_hand", bestHandID(d.g.slug),
			b.t("drill.hand.better_hand"))
	}
	misreadHand(b.loc, rules, br.Best, c, handRankingID(d.g.slug))
	// Another hand at the table read as this one.
	if d.st.Dealer.Best != nil {
		c.add(describeFive(b.loc, rules, d.st.Dealer.Best), "slip.wrong_hand", bestHandID(d.g.slug),
			b.t("drill.hand.dealers_hand", "Box", box+1))
	}
	for i, o := range d.st.Boxes {
		if i != box {
			c.add(describeFive(b.loc, rules, o.Best), "slip.wrong_hand", bestHandID(d.g.slug),
				b.t("drill.hand.other_box_hand", "Other", i+1, "Box", box+1))
		}
	}
	prompt = b.t("drill.hand.best_prompt", "Box", box+1)
	desc, five, _ := strings.Cut(c.key, ": ")
	expl = b.t("drill.hand.best_expl", "Box", box+1, "Five", five, "Hand", lowerFirst(desc))
	// The engine may say more of the hand in the game's own words (cards
	// speak, the joker's part): add what it says beyond the description.
	if b.loc.Lang() != i18n.Source {
		if note := keptNoteIn(b.loc, d, box); note != "" {
			expl += " " + asSentence(upperFirst(note))
		}
	} else if more := descriptionBeyond(br.Description, desc); more != "" {
		expl += " " + asSentence(upperFirst(more))
	}
	return prompt, expl
}

// sameBestHand reports a choice that is right as well as the key, best:
// five of the box's cards (held, each once) that rank as high as best and
// are named as the kiosk names them. A straight on the board beside the
// same straight made with a hole card, or four of a kind with another
// kicker of the same rank, is the same hand: offering both would give the
// question two right answers (issue 26).
func sameBestHand(loc *i18n.Localizer, r poker.Rules, held, best []cards.Card) func(string) bool {
	top := r.Evaluate(best)
	return func(text string) bool {
		words, five, ok := ChoiceCards(text)
		if !ok || len(five) != 5 || !within(five, held) {
			return false
		}
		h := r.Evaluate(five)
		return h.Value == top.Value && words == describeHandIn(loc, h)
	}
}

// within reports whether every card of five is among held, each once.
func within(five, held []cards.Card) bool {
	left := slices.Clone(held)
	for _, c := range five {
		i := slices.Index(left, c)
		if i < 0 {
			return false
		}
		left = slices.Delete(left, i, i+1)
	}
	return true
}

// descriptionBeyond is what the engine's description of a hand says beyond
// desc, the kiosk's: "" when it says the same, the rest (out of its
// brackets) when it begins with desc, else the whole of it.
func descriptionBeyond(engine, desc string) string {
	e, d := strings.ToLower(engine), strings.ToLower(desc)
	if e == d || strings.HasPrefix(d, e+",") || strings.HasPrefix(d, e+" (") {
		return ""
	}
	// The kiosk names a wheel "(A-2-3-4-5)"; the engine may not.
	e2 := strings.Replace(e, "five high", "five high (a-2-3-4-5)", 1)
	for _, x := range []string{e, e2} {
		if rest, ok := strings.CutPrefix(x, d); ok {
			rest = strings.Trim(strings.TrimSpace(rest), ",;:")
			rest = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(rest), "("), ")"))
			if i := strings.LastIndex(e, rest); i >= 0 && rest != "" && len(e) == len(engine) {
				return engine[i : i+len(rest)]
			}
			return rest
		}
	}
	return engine
}

// misreadHand offers the same five cards named wrongly: the kicker taken
// from the wrong card, or a wheel called ace high. rule is the section of
// the game's book on hand ranking.
func misreadHand(loc *i18n.Localizer, r poker.Rules, five []cards.Card, c *choiceSet, rule string) {
	h := r.Evaluate(five)
	cs := showCardsIn(loc, h.Best[:])
	w := wordsOf(h)
	rs := h.Ranks()
	kick := loc.T("drill.hand.kicker")
	switch h.Category() {
	case poker.OnePair, poker.ThreeOfAKind, poker.FourOfAKind, poker.TwoPair:
		at := 4
		if h.Category() == poker.OnePair {
			at = 2
		} else if h.Category() == poker.ThreeOfAKind {
			at = 3
		}
		k := rs[at]
		for _, o := range rs {
			if o != k && o != rs[0] && (h.Category() != poker.TwoPair || o != rs[2]) {
				wrong := w
				wrong.ranks[at] = o
				c.add(wrong.say(loc)+": "+cs, "slip.kicker_misread", rule, kick)
			}
		}
	case poker.Straight, poker.StraightFlush:
		if rs[0] == cards.Five && !r.WheelSecond {
			wrong := w
			wrong.ranks[0], wrong.wheel = cards.Ace, false
			c.add(wrong.say(loc)+": "+cs, "slip.wheel_ace_high", rule,
				loc.T("drill.hand.wheel"))
		}
	}
}

// lowerHands lists five-card hands from held below best, best first: first
// one per distinct description (another category, or other ranks a dealer
// says), then ones that differ only in a kicker the description leaves out.
func lowerHands(r poker.Rules, held, best []cards.Card) [][]cards.Card {
	type cand struct {
		v    poker.Value
		desc string
		five []cards.Card
	}
	top := r.Evaluate(best)
	topDesc := describeHand(top)
	var cs []cand
	n := len(held)
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			for c := b + 1; c < n; c++ {
				for e := c + 1; e < n; e++ {
					for f := e + 1; f < n; f++ {
						five := []cards.Card{held[a], held[b], held[c], held[e], held[f]}
						if h := r.Evaluate(five); h.Value < top.Value {
							cs = append(cs, cand{h.Value, describeHand(h), five})
						}
					}
				}
			}
		}
	}
	slices.SortStableFunc(cs, func(x, y cand) int {
		switch {
		case x.v > y.v:
			return -1
		case x.v < y.v:
			return 1
		}
		return 0
	})
	var out, same [][]cards.Card
	seen := map[string]bool{topDesc: true}
	for i, x := range cs {
		if i > 0 && x.v == cs[i-1].v {
			continue
		}
		if seen[x.desc] {
			same = append(same, x.five)
			continue
		}
		seen[x.desc] = true
		out = append(out, x.five)
	}
	return append(out, same...)
}

// boxSet names a set of boxes (1-based) in loc's language: "No box", "Box 2
// only", "Boxes 1 and 3".
func boxSet(loc *i18n.Localizer, bs []int) string {
	switch len(bs) {
	case 0:
		return loc.T("drill.hand.no_box")
	case 1:
		return loc.T("drill.hand.box_only", "Box", bs[0])
	}
	s := make([]string, len(bs))
	for i, b := range bs {
		s[i] = strconv.Itoa(b)
	}
	return loc.T("drill.hand.boxes", "List", strings.Join(s[:len(s)-1], ", "), "Last", s[len(s)-1])
}

// beatsDealer asks which boxes beat the dealer. The key is the engine's
// versus; wrong answers come from flipped ranking rules, ties counted as
// wins, and then other sets, each explained box by box from the engine.
// In Lunar Poker, when boxes forced, each box is said against the hand it
// faced: a box that forced against the dealer's hand after the
// replacement, the others against his five as dealt (issue 26).
func (b *build) beatsDealer(d *dealt, c *choiceSet) (prompt, expl string) {
	var win, tie []int
	var lines []string
	rules := d.g.rules(d.h)
	forced := d.st.Dealer.First != nil
	// decides says what decides between box i's hand and the dealer's it
	// faced when both are described alike: "; the second kicker decides, …".
	decides := func(i int) string {
		br := &d.st.Boxes[i]
		faced, _ := dealerFaced(d, i)
		if br.Versus == games.VersusNone || br.Best == nil || faced == nil {
			return ""
		}
		if s := decidingIn(b.loc, rules.Evaluate(br.Best), rules.Evaluate(faced)); s != "" {
			return "; " + s
		}
		return ""
	}
	// facedWords names the dealer's hand box i faced, where a force gave
	// the boxes two: "the dealer's five as dealt".
	facedWords := func(i int) string {
		if _, after := dealerFaced(d, i); after {
			return b.t("drill.hand.faced_forced")
		}
		return b.t("drill.hand.faced_first")
	}
	for i, br := range d.st.Boxes {
		switch br.Versus {
		case games.VersusWin:
			win = append(win, br.Box)
		case games.VersusTie:
			tie = append(tie, br.Box)
		}
		if forced && br.Versus != games.VersusNone {
			lines = append(lines, b.t("drill.hand.line_faced", "Box", br.Box, "Versus", versusWord(b.loc, br.Versus),
				"Hand", lowerFirst(boxHandIn(b.loc, d, i)), "Faced", facedWords(i), "Decides", decides(i)))
			continue
		}
		lines = append(lines, b.t("drill.hand.line", "Box", br.Box, "Versus", versusWord(b.loc, br.Versus),
			"Hand", lowerFirst(boxHandIn(b.loc, d, i)), "Decides", decides(i)))
	}
	c.key = boxSet(b.loc, win)
	c.cite(compareID(d.g))
	head := b.t("drill.hand.dealer_holds", "Hand", lowerFirst(dealerHandIn(b.loc, d)))
	if forced {
		head = b.t("drill.hand.dealer_forced", "First", lowerFirst(handOf(b.loc, rules, d.st.Dealer.First)),
			"Hand", lowerFirst(dealerHandIn(b.loc, d)))
	}
	expl = joinSentences(head, strings.Join(lines, "; "))
	wrongWhy := func(set []int) string {
		var why []string
		for i, br := range d.st.Boxes {
			in := slices.Contains(set, br.Box)
			if in == (br.Versus == games.VersusWin) {
				continue
			}
			also := ""
			if br.Versus == games.VersusWin {
				also = b.t("drill.hand.as_well")
			}
			args := []any{"Box", br.Box, "Versus", versusWord(b.loc, br.Versus), "Also", also,
				"Hand", lowerFirst(boxHandIn(b.loc, d, i)), "Decides", decides(i)}
			if forced {
				faced, _ := dealerFaced(d, i)
				why = append(why, b.t("drill.hand.why_line_faced", append(args, "Faced", facedWords(i),
					"Against", lowerFirst(handOf(b.loc, rules, faced)))...))
				continue
			}
			why = append(why, b.t("drill.hand.why_line", append(args, "Dealer", lowerFirst(dealerHandIn(b.loc, d)))...))
		}
		return joinSentences(strings.Join(why, "; "))
	}
	held := func(i int) []cards.Card { return d.g.handCards(&d.in, i) }
	for _, a := range d.g.alt {
		r, ok := a.rules(d.h)
		if !ok {
			continue
		}
		var set []int
		for i := range d.st.Boxes {
			if d.st.Boxes[i].Versus == games.VersusNone {
				continue
			}
			faced, _ := dealerFaced(d, i)
			if faced == nil {
				faced = d.g.dealerCards(&d.in)
			}
			if r.Evaluate(held(i)).Value > r.Evaluate(faced).Value {
				set = append(set, i+1)
			}
		}
		c.add(boxSet(b.loc, set), a.id, a.rule, a.textIn(b.loc))
	}
	if len(tie) > 0 {
		set := slices.Sorted(slices.Values(append(slices.Clone(win), tie...)))
		c.add(boxSet(b.loc, set), "slip.tie_counted_as_win", tiesID(d.g),
			b.t("drill.hand.tie")+" "+wrongWhy(set))
	}
	// Other sets, nearest first: one box added or taken away.
	for i := range d.st.Boxes {
		set := slices.Clone(win)
		if j := slices.Index(set, i+1); j >= 0 {
			set = slices.Delete(set, j, j+1)
		} else {
			set = slices.Sorted(slices.Values(append(set, i+1)))
		}
		c.add(boxSet(b.loc, set), "slip.misread_showdown", compareID(d.g), wrongWhy(set))
	}
	if len(win) > 0 {
		c.add(boxSet(b.loc, nil), "slip.misread_showdown", compareID(d.g), wrongWhy(nil))
	}
	var all []int
	for i := range d.st.Boxes {
		all = append(all, i+1)
	}
	c.add(boxSet(b.loc, all), "slip.misread_showdown", compareID(d.g), wrongWhy(all))
	return b.t("drill.hand.beats_prompt"), expl
}

// dealerFaced is the dealer's five that box i's hand was compared with:
// his best five, or in Lunar Poker after a force, the hand after the
// replacement for a box that forced (after) and his five as dealt for the
// others (the engine's Dealer.First).
func dealerFaced(d *dealt, i int) (five []cards.Card, after bool) {
	if d.st.Dealer.First == nil {
		return d.st.Dealer.Best, false
	}
	if i < len(d.in.Boxes) && d.in.Boxes[i].Force {
		return d.st.Dealer.Best, true
	}
	return d.st.Dealer.First, false
}

// handOf describes the best five of cs in loc's language ("" for none).
func handOf(loc *i18n.Localizer, r poker.Rules, cs []cards.Card) string {
	if len(cs) < 5 {
		return ""
	}
	return describeHandIn(loc, r.Evaluate(cs))
}

func versusWord(loc *i18n.Localizer, v games.Versus) string {
	switch v {
	case games.VersusWin:
		return loc.T("drill.hand.versus_win")
	case games.VersusLose:
		return loc.T("drill.hand.versus_lose")
	case games.VersusTie:
		return loc.T("drill.hand.versus_tie")
	}
	return loc.T("drill.hand.versus_none")
}

// yesNo fills c for a yes/no question whose answer is yes; why is the
// reason the other answer is wrong (the drill's explanation reads the hand:
// why must not repeat it). rule is the section id the answer rests on, and
// the key cites it.
func yesNo(c *choiceSet, yes bool, yesText, noText, id, rule, why string) {
	c.cite(rule)
	if yes {
		c.key = yesText
		c.add(noText, id, rule, why)
		return
	}
	c.key = noText
	c.add(yesText, id, rule, why)
}
