package edge

import (
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/dealerkiosk/trainer/internal/games"
)

// The methods of a Result.
const (
	Exact      = "exact"      // every combination counted
	Simulation = "simulation" // dealt rounds under a named strategy
)

// Result is the return of one wager under one pay table: SETTLE.md's
// `trainer math` object, and what the pay-table review page shows.
type Result struct {
	Game  string `json:"game"`
	Wager string `json:"wager"`
	House string `json:"house"`
	// Table names the pay table used (for the main game, the table the
	// player's hand is paid from: the Blind, the Poker Bet, the BET).
	Table  string `json:"table,omitempty"`
	Method string `json:"method"`
	// Per says what the edge is a fraction of: "ante" for the main games,
	// "stake" for a wager of its own.
	Per string `json:"per"`

	// Exact results.
	Combinations int64 `json:"combinations,omitempty"`

	// Simulated results.
	Strategy string  `json:"strategy,omitempty"`
	Rounds   int64   `json:"rounds,omitempty"`
	Seed     *uint64 `json:"seed,omitempty"`

	// HouseEdge is the house's expected win per unit of Per, absent where
	// the rows alone do not decide the wager (the Blind's hand distribution,
	// Lunar's Instant Cash: see Return).
	HouseEdge *Num `json:"house_edge,omitempty"`
	// StdErr is the standard error of a simulated HouseEdge.
	StdErr *Num `json:"stderr,omitempty"`
	// HouseEdgeExact is an exact HouseEdge as a fraction, "num/den".
	HouseEdgeExact string `json:"house_edge_exact,omitempty"`
	// Return is what the rows pay per unit staked, on average: Σ probability × odds.
	Return *Num `json:"return,omitempty"`
	// HitFrequency is the chance that a row pays (exact results).
	HitFrequency *Num `json:"hit_frequency,omitempty"`

	Rows []Row `json:"rows,omitempty"`
	// Figures are other simulated figures of the same rounds: how often each
	// decision was taken, side wagers measured on the same cards.
	Figures []Figure `json:"figures,omitempty"`
	Notes   []string `json:"notes,omitempty"`

	// Edge is the exact house edge, when there is one, and Ret the exact Return.
	Edge, Ret *big.Rat `json:"-"`
}

// Row is one row of a pay table with how often it is hit.
type Row struct {
	Key         string `json:"key"`  // the pay-table key: "royal_flush"; "lose" for the hands that lose
	Hand        string `json:"hand"` // in words: "royal flush", "pair of kings", "anything else"
	Count       int64  `json:"count"`
	Probability Num    `json:"probability"`
	Pays        string `json:"pays"` // the odds, "50:1", or "lose" / "push"
	// Return is this row's share of what the wager pays back: probability × odds.
	Return *Num `json:"return,omitempty"`
}

// Figure is one more simulated figure of a Result, with its standard error
// when it is an estimate of an expectation.
type Figure struct {
	Name   string `json:"name"`
	Value  Num    `json:"value"`
	StdErr *Num   `json:"stderr,omitempty"`
	Note   string `json:"note,omitempty"`
	// NameWhy and NoteWhy say Name and Note as message ids with their
	// arguments (words.go), for the reader's language; nil where the
	// words have none. Never in the JSON: `trainer math` prints English.
	NameWhy games.Why `json:"-"`
	NoteWhy games.Why `json:"-"`
}

// Num is a number written in JSON as decimal text that it holds exactly as
// given: an exact fraction rounded once to significant digits, or a float.
type Num string

// MarshalJSON writes the number as a JSON number.
func (n Num) MarshalJSON() ([]byte, error) { return []byte(n), nil }

// Float returns the number as a float64.
func (n Num) Float() float64 {
	f, _ := strconv.ParseFloat(string(n), 64)
	return f
}

// sigDigits is how many significant digits exact figures are printed with:
// SETTLE.md asks for at least 6.
const sigDigits = 12

// RatNum writes r rounded to sigDigits significant digits (half away from
// zero), in plain decimal notation: 0.0190254979, -0.5, 0.
func RatNum(r *big.Rat) Num { return Num(ratDecimal(r, sigDigits)) }

func ptr(n Num) *Num { return &n }

// FloatNum writes a simulated figure with 7 significant digits.
func FloatNum(f float64) Num {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return "null"
	}
	return Num(strconv.FormatFloat(f, 'g', 7, 64))
}

// ratDecimal rounds r to sig significant digits and writes it without an
// exponent.
func ratDecimal(r *big.Rat, sig int) string {
	if r.Sign() == 0 {
		return "0"
	}
	neg := r.Sign() < 0
	a := new(big.Rat).Abs(r)
	// Find e with 10^e ≤ a < 10^(e+1).
	num, den := a.Num(), a.Denom()
	e := len(num.String()) - len(den.String())
	if new(big.Rat).SetFrac(num, den).Cmp(pow10Rat(e)) < 0 {
		e--
	}
	// Scale so that sig digits stand before the point, then round.
	scale := sig - 1 - e
	x := new(big.Rat).Mul(a, pow10Rat(scale))
	q, rem := new(big.Int).QuoRem(x.Num(), x.Denom(), new(big.Int))
	if new(big.Int).Mul(rem, big.NewInt(2)).Cmp(x.Denom()) >= 0 {
		q.Add(q, big.NewInt(1))
	}
	digits := q.String()
	if len(digits) > sig { // rounding carried into a new digit: 9.99… → 10.0…
		digits = digits[:sig]
		scale--
	}
	// The value is digits × 10^(−scale).
	var s string
	switch {
	case scale <= 0:
		s = digits + strings.Repeat("0", -scale)
	case scale >= len(digits):
		s = "0." + strings.Repeat("0", scale-len(digits)) + digits
	default:
		s = digits[:len(digits)-scale] + "." + digits[len(digits)-scale:]
	}
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if neg {
		s = "-" + s
	}
	return s
}

func pow10Rat(e int) *big.Rat {
	p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(abs(e))), nil)
	if e < 0 {
		return new(big.Rat).SetFrac(big.NewInt(1), p)
	}
	return new(big.Rat).SetInt(p)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
