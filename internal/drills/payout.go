package drills

import (
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/poker"
	"github.com/dealerkiosk/trainer/internal/i18n"
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
		b.d.Prompt = b.t("drill.payout.prompt_total", "Box", box+1)
		b.d.Explanation = explainBox(b.loc, d, br)
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
		b.d.Prompt = b.t("drill.payout.prompt_wager", "Box", box+1, "Wager", wagerNameIn(b.loc, d.g, w))
		b.d.Explanation = explainWager(b.loc, d, br, w)
		b.citeWager(d, w)
	}
	b.d.Key = Key{Amount: Amount(key)}
	v, vbox := d.view(box)
	b.d.Mistakes = payoutMistakes(b.loc, v, vbox, w, total, key)
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
func payoutMistakes(loc *i18n.Localizer, d *dealt, box int, w *games.WagerResult, total bool, key games.Money) []Mistake {
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
			add(br.Net, wr.m.id, wr.m.rule, mistakeText(loc, d, wr))
		} else if x, ok := wagerOf(br, w.Wager, w.On); ok {
			add(x.Pays, wr.m.id, wr.m.rule, mistakeText(loc, d, wr))
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
				loc.T("drill.slip.fees_forgotten", "Fees", money(loc, br.Fees)))
		}
		if won-br.Fees != br.Net {
			add(won-br.Fees, "slip.losses_forgotten", netID, loc.T("drill.slip.losses_forgotten"))
		}
		if stakes > 0 {
			add(br.Net+stakes, "slip.stake_included", netID, loc.T("drill.slip.stakes_in_net"))
		}
		if br.Net != 0 {
			add(-br.Net, "slip.sign", netID, loc.T("drill.slip.sign"))
		}
		return out
	}
	o, hasOdds := rowOdds(w.Row)
	if w.Pays > 0 {
		add(w.Pays+w.Stake, "slip.stake_included", oddsID,
			loc.T("drill.slip.stake_included", "Stake", money(loc, w.Stake)))
	}
	if w.Result == games.Win && hasOdds && o.Win != o.Per {
		add(w.Stake, "slip.even_money", firstRule(w.Rule), loc.T("drill.slip.even_money", "Odds", oddsWords(loc, o)))
		if inv := rd.Pay(w.Stake, games.Odds{Win: o.Per, Per: o.Win}); inv > 0 {
			add(inv, "slip.odds_inverted", oddsID,
				loc.T("drill.slip.odds_inverted", "Odds", oddsWords(loc, o), "Paid", o.Win, "Staked", o.Per))
		}
	}
	if w.Result == games.Push {
		add(w.Stake, "slip.push_paid", firstRule(w.Rule), loc.T("drill.slip.push_paid"))
	}
	return out
}

// explainWager is the engine's reason with its pay-table row, and which
// card decided a showdown between hands described alike. The section it
// rests on is cited apart (Drill.Refs), never in the text.
func explainWager(loc *i18n.Localizer, d *dealt, br *games.BoxResult, w *games.WagerResult) string {
	return joinSentences(reason(loc, w.Reason, w.Why), rowIn(loc, w.Row), showdownNote(loc, d, br, w.Reason))
}

// explainBox says each wager's reason and what it pays, each fee, and the net.
func explainBox(loc *i18n.Localizer, d *dealt, br *games.BoxResult) string {
	var parts, reasons, said []string
	for _, w := range br.Wagers {
		reasons = append(reasons, w.Reason)
		said = append(said, reason(loc, w.Reason, w.Why))
	}
	for i, r := range sayOnce(loc, reasons, said) {
		parts = append(parts, loc.T("drill.item_amount", "Item", strings.TrimSuffix(upperFirst(r), "."), "Amount", signedMoney(loc, br.Wagers[i].Pays)))
	}
	for _, f := range br.FeeItems {
		parts = append(parts, loc.T("drill.item_amount", "Item", strings.TrimSuffix(upperFirst(reason(loc, f.Reason, f.Why)), "."), "Amount", signedMoney(loc, -f.Amount)))
	}
	parts = append(parts, showdownNote(loc, d, br, strings.Join(reasons, " ")), loc.T("drill.net", "Amount", signedMoney(loc, br.Net)))
	return joinSentences(parts...)
}

// showdownNote says which card decided between the box's hand and the
// dealer's when the two are described alike ("both hands are one pair,
// nines, ace kicker: the third kicker decides, …"), in loc's language,
// where the reasons speak of the showdown and do not already name that
// card. "" otherwise. The reasons are the engine's English ones, which
// tell whether a note is needed.
func showdownNote(loc *i18n.Localizer, d *dealt, br *games.BoxResult, reasons string) string {
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
	return decidingIn(loc, player, dealer)
}

// sayOnce shortens the wagers' reasons that repeat an earlier one's ground:
// "Ante loses: the dealer's pair of nines … beats …" then "Blind loses: the
// dealer's pair of nines … beats …" reads "Blind loses for the same
// reason". Each explanation is said once.
//
// The grounds are compared in English (reasons), and said in loc's language
// (said, the same reasons translated, each "head: ground" as in English).
func sayOnce(loc *i18n.Localizer, reasons, said []string) []string {
	out := make([]string, len(reasons))
	seen := map[string]bool{}
	for i, r := range reasons {
		_, ground, ok := strings.Cut(strings.TrimSuffix(r, "."), ": ")
		head, _, _ := strings.Cut(strings.TrimSuffix(said[i], "."), ": ")
		switch {
		case !ok:
			out[i] = said[i]
		case seen[ground]:
			out[i] = loc.T("drill.same_reason", "Head", head)
		default:
			seen[ground] = true
			out[i] = said[i]
		}
	}
	return out
}
