package drills

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/book"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/poker"
)

// payoutDrill asks what one wager pays, or a box's net. The asked wager is
// the feature's when the round was steered; otherwise one that wins, or (a
// share of the time, from the level) one that pushes — "what does the Blind
// pay?" when it pushes is the dealer's trap. The key is the engine's pays or net.
func (b *build) payoutDrill(d *dealt, foc focus) error {
	total := b.rng.Float64() < b.lv.Totals || foc.total
	wantPush := b.rng.Float64() < b.lv.Pushes
	box := -1
	var w *games.WagerResult
	if !total && foc.box >= 0 && foc.wager != "" {
		if br, ok := boxOf(d.st, foc.box); ok {
			if x, ok := wagerOf(br, foc.wager, foc.on); ok {
				box, w = foc.box, x
			}
		}
	}
	if !total && w == nil {
		type cand struct {
			box int
			w   *games.WagerResult
		}
		var wins, pushes []cand
		for i := range d.st.Boxes {
			br := &d.st.Boxes[i]
			for j := range br.Wagers {
				x := &br.Wagers[j]
				switch {
				case x.Pays > 0:
					wins = append(wins, cand{i, x})
				case x.Result == games.Push:
					pushes = append(pushes, cand{i, x})
				}
			}
		}
		pool := wins
		if wantPush && len(pushes) > 0 || len(wins) == 0 {
			pool = pushes
		}
		if len(pool) > 0 {
			c := pool[b.rng.IntN(len(pool))]
			box, w = c.box, c.w
		}
	}
	if w == nil {
		total = true
		box = foc.box
		if box < 0 || box >= len(d.st.Boxes) {
			box = b.rng.IntN(len(d.st.Boxes))
		}
	}
	br := &d.st.Boxes[box]
	b.d.Round = &d.in
	var key games.Money
	if total {
		key = br.Net
		b.d.Ask = Ask{Box: box + 1, Total: true}
		b.d.Skill = d.g.slug + ".payout.total"
		b.d.Prompt = fmt.Sprintf("Box %d: what is the box's net result for the round, every wager and fee together? "+
			"Positive: paid to the player; negative: collected from him.", box+1)
		b.d.Explanation = explainBox(d, br)
		for i := range br.Wagers {
			b.citeWager(d, &br.Wagers[i])
		}
		if len(br.FeeItems) > 0 {
			b.cite(settlementID(d.g.slug))
		}
		b.cite(netID)
	} else {
		key = w.Pays
		b.d.Ask = Ask{Box: box + 1, Wager: w.Wager, On: w.On}
		b.d.Skill = d.g.slug + ".payout." + w.Wager
		// The sign convention is said in full: a trainee who reads only
		// "0 for a push" cannot know that a stake collected is typed as a
		// minus amount (docs/drills.md, "Keys").
		b.d.Prompt = fmt.Sprintf("Box %d: what does the %s pay? Give the amount paid on top of the returned stake: "+
			"0 for a push, a minus amount for a stake collected.", box+1, wagerName(d.g, w))
		b.d.Explanation = explainWager(d, br, w)
		b.citeWager(d, w)
	}
	b.d.Key = Key{Amount: Amount(key)}
	v, vbox := d.view(box)
	b.d.Mistakes = payoutMistakes(v, vbox, w, total, key)
	return nil
}

// The sections of the common chapters (books/common.md) the payout drills cite.
const (
	netID      = "common.net"
	oddsID     = "common.odds"
	roundingID = "common.rounding"
)

// settlementID is the chapter of a game's book on settling its wagers and
// fees (docs/book.md): a fee has no rule of its own in the engine.
func settlementID(slug string) string { return slug + ".settlement" }

// citeWager cites what a wager's result rests on: the engine's rule, and the
// house's rounding where the payout was rounded.
func (b *build) citeWager(d *dealt, w *games.WagerResult) {
	b.cite(w.Rule)
	if w.Pays > 0 && paysRounded(d, w) {
		b.cite(roundingID)
	}
}

// payoutMistakes lists the amounts the flipped rules give for the same ask,
// then the arithmetic slips, each once and none equal to the key.
func payoutMistakes(d *dealt, box int, w *games.WagerResult, total bool, key games.Money) []Mistake {
	var out []Mistake
	add := func(m games.Money, id, rule, text string) {
		if m == key || slices.ContainsFunc(out, func(x Mistake) bool { return *x.Amount == m }) {
			return
		}
		out = append(out, Mistake{Key: Key{Amount: Amount(m)}, ID: id, Rule: rule, Explanation: text})
	}
	for _, wr := range d.wrongs() {
		br, ok := boxOf(wr.st, box)
		if !ok {
			continue
		}
		if total {
			add(br.Net, wr.m.id, wr.m.rule, wr.text)
		} else if x, ok := wagerOf(br, w.Wager, w.On); ok {
			add(x.Pays, wr.m.id, wr.m.rule, wr.text)
		}
	}
	rd := d.h.Rounding
	if total {
		br := &d.st.Boxes[box]
		var won, stakes games.Money
		for _, x := range br.Wagers {
			if x.Pays > 0 {
				won += x.Pays
				stakes += x.Stake
			}
		}
		if br.Fees > 0 {
			add(br.Net+br.Fees, "slip.fees_forgotten", netID,
				fmt.Sprintf("The fees the box paid, %s, count in its result: the house keeps them.", br.Fees))
		}
		if won-br.Fees != br.Net {
			add(won-br.Fees, "slip.losses_forgotten", netID,
				"The result counts every bet: the stakes the box lost are taken off what it won.")
		}
		if stakes > 0 {
			add(br.Net+stakes, "slip.stake_included", netID,
				"Returned stakes are not part of the result: only what changes hands counts.")
		}
		if br.Net != 0 {
			add(-br.Net, "slip.sign", netID,
				"The sign says who pays: a positive result is paid to the player, a negative one is collected from him.")
		}
		return out
	}
	o, hasOdds := rowOdds(w.Row)
	if w.Pays > 0 {
		add(w.Pays+w.Stake, "slip.stake_included", oddsID,
			fmt.Sprintf("The stake of %s is returned beside the payout; it is not part of what the bet pays.", w.Stake))
	}
	if w.Result == games.Win && hasOdds && o.Win != o.Per {
		add(w.Stake, "slip.even_money", firstRule(w.Rule), fmt.Sprintf("This bet pays %s here, not even money.", book.OddsText(o)))
		if inv := rd.Pay(w.Stake, games.Odds{Win: o.Per, Per: o.Win}); inv > 0 {
			add(inv, "slip.odds_inverted", oddsID,
				fmt.Sprintf("Odds of %s pay %d for every %d staked, not the other way round.", book.OddsText(o), o.Win, o.Per))
		}
	}
	if w.Result == games.Push {
		add(w.Stake, "slip.push_paid", firstRule(w.Rule), "A push pays nothing: the stake is returned as it is.")
	}
	return out
}

// wagerName is how a prompt names a wager: "Blind", "Multi Super on box 2".
func wagerName(g *game, w *games.WagerResult) string {
	n := g.title(w.Wager)
	if w.On != nil {
		if w.On.Dealer {
			return n + " on the dealer"
		}
		return fmt.Sprintf("%s on box %d", n, w.On.Box)
	}
	return n
}

// explainWager is the engine's reason with its pay-table row, and which
// card decided a showdown between hands described alike. The section it
// rests on is cited apart (Drill.Refs), never in the text.
func explainWager(d *dealt, br *games.BoxResult, w *games.WagerResult) string {
	row := ""
	if w.Row != "" {
		row = "Pay-table row: " + w.Row
	}
	return joinSentences(w.Reason, row, showdownNote(d, br, w.Reason))
}

// explainBox says each wager's reason and what it pays, each fee, and the net.
func explainBox(d *dealt, br *games.BoxResult) string {
	var parts, reasons []string
	for _, w := range br.Wagers {
		reasons = append(reasons, w.Reason)
	}
	for i, r := range sayOnce(reasons) {
		parts = append(parts, fmt.Sprintf("%s (%s)", strings.TrimSuffix(upperFirst(r), "."), signed(br.Wagers[i].Pays)))
	}
	for _, f := range br.FeeItems {
		parts = append(parts, fmt.Sprintf("%s (%s)", strings.TrimSuffix(upperFirst(f.Reason), "."), signed(-f.Amount)))
	}
	parts = append(parts, showdownNote(d, br, strings.Join(reasons, " ")), "Net "+signed(br.Net))
	return joinSentences(parts...)
}

// showdownNote says which card decided between the box's hand and the
// dealer's when the two are described alike ("both hands are one pair,
// nines, ace kicker: the third kicker decides, …"), where the reasons speak
// of the showdown and do not already name that card. "" otherwise.
func showdownNote(d *dealt, br *games.BoxResult, reasons string) string {
	if br.Versus != games.VersusWin && br.Versus != games.VersusLose || br.Best == nil || d.st.Dealer.Best == nil ||
		!strings.Contains(reasons, "beat") {
		return ""
	}
	r := d.g.rules(d.h)
	player, dealer := r.Evaluate(br.Best), r.Evaluate(d.st.Dealer.Best)
	pos, _, _, ok := poker.Decider(player, dealer)
	if !ok || strings.Contains(reasons, pos) {
		return ""
	}
	return deciding(player, dealer)
}

// signed writes an amount with its sign: "+7.5", "-10", "0".
func signed(m games.Money) string {
	if m > 0 {
		return "+" + m.String()
	}
	return m.String()
}

// sayOnce shortens the wagers' reasons that repeat an earlier one's ground:
// "Ante loses: the dealer's pair of nines … beats …" then "Blind loses: the
// dealer's pair of nines … beats …" reads "Blind loses for the same
// reason". Each explanation is said once.
func sayOnce(reasons []string) []string {
	out := make([]string, len(reasons))
	seen := map[string]bool{}
	for i, r := range reasons {
		head, ground, ok := strings.Cut(strings.TrimSuffix(r, "."), ": ")
		switch {
		case !ok:
			out[i] = r
		case seen[ground]:
			out[i] = head + " for the same reason."
		default:
			seen[ground] = true
			out[i] = r
		}
	}
	return out
}
