package edge

import (
	"math/big"

	"github.com/dealerkiosk/trainer/internal/games"
)

// outcome is how a line of an exact result settles.
type outcome int

const (
	wins outcome = iota
	loses
	pushes
	none // Instant Cash: the hand wins nothing here and plays on
)

// line is one row of an exact result before it is priced: a pay-table row
// (or the hands that lose or push) and how many hands fall in it.
type line struct {
	key   string
	count int64
	odds  games.Odds // for wins
	how   outcome
}

// priced is an exact wager's rows with its return and house edge as exact fractions.
type priced struct {
	rows  []Row
	total int64
	hits  int64    // hands that win
	ret   *big.Rat // Σ P(row) × odds over the winning rows
	edge  *big.Rat // −E[net] per unit staked: P(lose) − ret
}

// price turns lines into rows over total hands. With returns false the rows
// carry no Return (the Blind's distribution, where a row pays only when the
// player also wins).
func price(lines []line, total int64, returns bool) priced {
	p := priced{total: total, ret: new(big.Rat), edge: new(big.Rat)}
	tot := big.NewInt(total)
	for _, l := range lines {
		prob := new(big.Rat).SetFrac(big.NewInt(l.count), tot)
		row := Row{Key: l.key, Hand: rowWords(l.key), Count: l.count, Probability: RatNum(prob)}
		switch l.how {
		case wins:
			p.hits += l.count
			row.Pays = oddsText(l.odds)
			r := new(big.Rat).Mul(prob, big.NewRat(l.odds.Win, l.odds.Per))
			p.ret.Add(p.ret, r)
			if returns {
				row.Return = ptr(RatNum(r))
			}
		case loses:
			row.Pays = "lose"
			p.edge.Add(p.edge, prob)
		case pushes:
			row.Pays = "push"
		case none:
			row.Pays = "none"
		}
		p.rows = append(p.rows, row)
	}
	p.edge.Sub(p.edge, p.ret)
	return p
}

// rowWords names a pay-table row as a dealer says it (games.RowWords: one
// list for the pay-table page, the books and the figures).
func rowWords(key string) string { return games.RowWords(key) }

// oddsText writes odds as on a layout: "20,000:1".
func oddsText(o games.Odds) string { return group(o.Win) + ":" + group(o.Per) }

func group(n int64) string {
	s := big.NewInt(n).String()
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
