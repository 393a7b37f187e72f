package uth

import (
	"fmt"
	"strings"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/poker"
)

// fullMeter is 100% in the hundredths of a percent that PayRow.Percent counts.
const fullMeter = 10000

// progBox is one box's Progressive as it is being settled.
type progBox struct {
	box      int // 0-based
	inAction bool
	hand     poker.Hand
	row      *games.PayRow // the row its own hand wins on, nil if none
}

// settleProgressive settles every box's Progressive (RULES.md §2.4, §2.6 A1).
// It returns one result per box, nil where the box has no Progressive.
//
//   - A fold forfeits the Progressive under fold_forfeits_progressive; otherwise
//     a folded box's cards still speak.
//   - The hand is the final hand or the hole cards and the flop (progressive_hand).
//   - A winning hand is paid its row on top of the returned stake: a share of
//     progressive_meter or a fixed amount; a hand below every row loses the stake.
//   - Shares of the meter won by several boxes in one round that add up to more
//     than the whole meter are each cut in proportion, so that together they
//     pay exactly the meter (a royal flush on the board shares it equally).
//   - With envy_bonus, each box whose Progressive wins on a row that has an
//     envy_ row pays that amount to every other box whose Progressive is in
//     action. A box whose own hand loses is still paid its envy bonuses, less
//     its stake (Resolve keeps each bonus above the stake, so that is a win).
func settleProgressive(r *Round, finals []poker.Hand, s *Settings, rd games.Rounding) []*games.WagerResult {
	out := make([]*games.WagerResult, len(r.Boxes))
	var ps []progBox
	claimed := int64(0)
	for i, b := range r.Boxes {
		if b.Progressive == 0 {
			continue
		}
		p := progBox{box: i, inAction: !(b.Fold && s.FoldForfeitsProgressive)}
		p.hand = progressiveHand(finals[i], b.Cards, r.Flop(), s)
		if p.inAction {
			p.row = ownRow(s.Progressive, p.hand.Category())
			if p.row != nil {
				claimed += p.row.Percent
			}
		}
		ps = append(ps, p)
	}
	share := max(claimed, fullMeter) // the divisor of a meter share
	meterRd := meterRounding(ps, s, rd, share)
	for _, p := range ps {
		b := r.Boxes[p.box]
		w := &games.WagerResult{Wager: "progressive", Stake: b.Progressive, Rule: "uth.progressive"}
		out[p.box] = w
		if !p.inAction {
			lose(w, "")
			w.Say("Progressive loses: the player folded, and at this house a fold loses the Progressive too", ReasonProgressiveFold)
			w.Rule = "uth.fold"
			continue
		}
		hand := article(p.hand.Category())
		flop := s.ProgressiveHand == "hole_and_flop"
		if flop {
			hand += " in the hole cards and the flop"
		}
		own := &games.Words{}
		won := p.row != nil
		if won {
			amount, what := p.row.Amount, &games.Words{}
			if p.row.Percent > 0 {
				num := int64(s.ProgressiveMeter) * p.row.Percent
				amount = meterRd.Fraction(games.Money(num/share), num%share, share)
				what.Say(fmt.Sprintf(": %s of the meter of %s", percent(p.row.Percent), s.ProgressiveMeter), ReasonProgressiveMeter,
					"Percent", games.Money(p.row.Percent), "Meter", s.ProgressiveMeter)
				if claimed > fullMeter {
					what.Say(fmt.Sprintf(", cut in proportion because this round's winners claim %s of it", percent(claimed)), ReasonProgressiveCut,
						"Claimed", games.Money(claimed))
				}
				if num%share != 0 || games.Money(num/share) != amount {
					what.Append(meterRd.ChipNote())
					if meterRd.Mode != rd.Mode {
						id := ReasonProgressiveHoldsUp
						if rd.Mode == games.RoundNearest {
							id = ReasonProgressiveHoldsNearest
						}
						what.Say(" (the house rounds "+rd.Mode.String()+", but the meter cannot pay more than it holds)", id)
					}
				}
			}
			id := ReasonProgressivePays
			if flop {
				id = ReasonProgressivePaysFlop
			}
			own.Say(fmt.Sprintf("Progressive pays %s on %s", amount, hand), id,
				"Amount", amount, "Hand", games.Category{Key: p.hand.Category().Key(), A: true})
			own.Append(what)
			w.Result, w.Pays, w.Row = games.Win, amount, s.Progressive.RowName(p.row.Key)
			w.Says(own)
			if amount == 0 {
				push(w, w.Reason)
				w.AddWords(meterRd.WhichNote(0))
			}
		} else {
			low := lowest(s.Progressive)
			lose(w, "")
			id := ReasonProgressiveBelow
			if flop {
				id = ReasonProgressiveBelowFlop
			}
			w.Say(fmt.Sprintf("Progressive loses: %s pays nothing (the lowest paying hand is %s)", hand, article(low)), id,
				"Hand", games.Category{Key: p.hand.Category().Key(), A: true}, "Low", games.Category{Key: low.Key(), A: true})
		}
		if s.EnvyBonus {
			envy(w, p, ps, s, won, own)
		}
	}
	return out
}

// meterRounding is how this round's shares of the meter are rounded: the
// house's rounding, unless rounding up (or to the nearest chip) would make the
// shares together more than the meter holds; then every share is rounded
// down, as the meter cannot pay out more than it holds.
func meterRounding(ps []progBox, s *Settings, rd games.Rounding, share int64) games.Rounding {
	if rd.Mode == games.RoundDown {
		return rd
	}
	var total games.Money
	for _, p := range ps {
		if p.inAction && p.row != nil && p.row.Percent > 0 {
			num := int64(s.ProgressiveMeter) * p.row.Percent
			total += rd.Fraction(games.Money(num/share), num%share, share)
		}
	}
	if total > s.ProgressiveMeter {
		return games.Rounding{Chip: rd.Chip, Mode: games.RoundDown}
	}
	return rd
}

// envy adds to w the Envy Bonus for every other box whose Progressive won on
// a row that has an envy row. won tells whether the box's own hand won (its
// own reason is own, which the bonuses follow); if it lost, its stake is
// collected and the bonus paid.
func envy(w *games.WagerResult, p progBox, ps []progBox, s *Settings, won bool, own *games.Words) {
	var bonus games.Money
	bonuses := &games.Words{}
	for _, o := range ps {
		if o.box == p.box || !o.inAction || o.row == nil {
			continue
		}
		row := envyRow(s.Progressive, o.row.Key)
		if row == nil {
			continue
		}
		bonus += row.Amount
		if bonuses.Text != "" {
			bonuses.Say(" and ", ReasonEnvyAnd)
		}
		bonuses.Say(fmt.Sprintf("the Envy Bonus of %s for box %d's %s", row.Amount, o.box+1, strings.ReplaceAll(o.row.Key, "_", " ")), ReasonEnvyBonus,
			"Amount", row.Amount, "Box", o.box+1, "Hand", games.Category{Key: o.row.Key})
		if w.Row == "" {
			w.Row = s.Progressive.RowName(row.Key)
		}
	}
	if bonus == 0 {
		return
	}
	w.Rule = "uth.envy_bonus"
	w.Result = games.Win
	if won {
		w.Pays += bonus
		own.Say(", plus ", ReasonEnvyPlus)
		own.Append(bonuses)
		w.Says(own)
		return
	}
	w.Pays = bonus - w.Stake
	y := &games.Words{}
	y.Say(fmt.Sprintf("Progressive pays %s net: its own hand loses the %s stake, but it is paid ", w.Pays, w.Stake), ReasonEnvyNet,
		"Net", w.Pays, "Stake", w.Stake)
	y.Append(bonuses)
	w.Says(y)
}

// ownRow returns the row of a progressive table that pays category c, nil if none.
func ownRow(pt games.PayTable, c poker.Category) *games.PayRow {
	for i, r := range pt.Rows {
		if r.Key == c.Key() {
			return &pt.Rows[i]
		}
	}
	return nil
}

// envyRow returns the envy row for a winning row key, nil if none.
func envyRow(pt games.PayTable, key string) *games.PayRow {
	for i, r := range pt.Rows {
		if r.Key == "envy_"+key {
			return &pt.Rows[i]
		}
	}
	return nil
}

// percent writes hundredths of a percent as "100%" or "12.5%".
func percent(p int64) string { return games.Money(p).String() + "%" }
