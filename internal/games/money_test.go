package games

import (
	"strings"
	"testing"
)

// TestParseMoney: amounts are read exactly, in hundredths, or refused.
func TestParseMoney(t *testing.T) {
	tests := []struct {
		in   string
		want Money
		err  string // a fragment of the error; "" for none
	}{
		{"10", 1000, ""},
		{"7.5", 750, ""},
		{"0.25", 25, ""},
		{"5.50", 550, ""}, // a trailing zero is not a third decimal
		{"2.500", 250, ""},
		{"-3", -300, ""},
		{" 4 ", 400, ""},
		{"10.255", 0, "more than two decimal places"}, // SETTLE.md: no amount finer than a hundredth
		{"1e1", 0, "is not an amount"},                // no exponent: json.Number would allow it
		{".5", 0, "is not an amount"},
		{"5.", 0, "is not an amount"},
		{"+5", 0, "is not an amount"},
		{"ten", 0, "is not an amount"},
		{"", 0, "is not an amount"},
		{"9999999999999999", 0, "too large"},
	}
	for _, tt := range tests {
		got, err := ParseMoney(tt.in)
		switch {
		case tt.err == "" && (err != nil || got != tt.want):
			t.Errorf("ParseMoney(%q) = %d, %v; want %d", tt.in, got, err, tt.want)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("ParseMoney(%q) = %d, %v; want an error with %q", tt.in, got, err, tt.err)
		}
	}
}

func TestMoneyText(t *testing.T) {
	tests := []struct {
		m            Money
		short, fixed string
	}{
		{750, "7.5", "7.50"},
		{1000, "10", "10.00"},
		{25, "0.25", "0.25"},
		{-25, "-0.25", "-0.25"},
		{-5000, "-50", "-50.00"},
		{0, "0", "0.00"},
	}
	for _, tt := range tests {
		if got := tt.m.String(); got != tt.short {
			t.Errorf("Money(%d).String() = %q; want %q", int64(tt.m), got, tt.short)
		}
		if got := tt.m.Fixed(); got != tt.fixed {
			t.Errorf("Money(%d).Fixed() = %q; want %q", int64(tt.m), got, tt.fixed)
		}
		if back, err := ParseMoney(tt.m.String()); err != nil || back != tt.m {
			t.Errorf("ParseMoney(%q) = %d, %v; want %d back", tt.m.String(), back, err, tt.m)
		}
	}
}

func TestParseOdds(t *testing.T) {
	tests := []struct {
		in   string
		want Odds
		ok   bool
	}{
		{"3:2", Odds{3, 2}, true},
		{"1:2", Odds{1, 2}, true},          // the 7 Card Thrill half pay
		{"20,000:1", Odds{20000, 1}, true}, // the Special's five aces, as printed
		{"0:1", Odds{0, 1}, true},          // a free fee (Texas Oracle)
		{"3/2", Odds{}, false},             // the classic typo: the rulebook names file and key
		{"3:0", Odds{}, false},             // nothing is paid per zero units
		{"-1:1", Odds{}, false},            // no negative odds
		{"1.5:1", Odds{}, false},           // whole numbers only
		{"100000000:1", Odds{}, false},     // beyond any table: overflow guard
		{"", Odds{}, false},
	}
	for _, tt := range tests {
		got, err := ParseOdds(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseOdds(%q) = %v, %v; want %v (ok %v)", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

// TestRoundingPay: RULES.md §1.6, pay exactly to the smallest chip and round
// the remainder down. Each want was worked by hand.
func TestRoundingPay(t *testing.T) {
	half, quarter, cent := Rounding{Chip: 50}, Rounding{Chip: 25}, Rounding{Chip: 1}
	tests := []struct {
		r     Rounding
		stake Money
		odds  Odds
		want  Money
	}{
		{half, 1000, Odds{3, 2}, 1500},     // 10 at 3:2 = 15
		{half, 500, Odds{3, 2}, 750},       // 5 at 3:2 = 7.5, a whole half chip
		{half, 550, Odds{3, 2}, 800},       // 5.5 at 3:2 = 8.25 → 8
		{quarter, 550, Odds{3, 2}, 825},    // … paid exactly where the smallest chip is 0.25
		{half, 750, Odds{1, 2}, 350},       // 7.5 at 1:2 = 3.75 → 3.5
		{half, 25, Odds{1, 2}, 0},          // 0.25 at 1:2 = 0.125: less than a chip, nothing
		{cent, 25, Odds{1, 2}, 12},         // … 0.12 where coins are paid to the cent
		{half, 1000, Odds{500, 1}, 500000}, // the Blind's royal flush
		{half, 100, Odds{20000, 1}, 2000000},
	}
	for _, tt := range tests {
		if got := tt.r.Pay(tt.stake, tt.odds); got != tt.want {
			t.Errorf("Rounding{%s}.Pay(%s, %s) = %s; want %s", tt.r.Chip, tt.stake, tt.odds, got, tt.want)
		}
	}
}

func TestTop(t *testing.T) {
	pt := PayTable{Rows: []PayRow{{Key: "flush", Odds: Odds{3, 2}}, {Key: "straight", Odds: Odds{1, 1}}, {Key: "full_house", Odds: Odds{7, 4}}}}
	if got := pt.Top(); got != (Odds{7, 4}) { // 1.75 beats 1.5 though 7:4 has the larger Per
		t.Errorf("Top() = %v; want 7:4", got)
	}
}

// TestCapBox: RULES.md §6 row 32. Winnings above the cap are cut, the largest
// pay first; stakes and losses are untouched; a pay cut to nothing is a push.
func TestCapBox(t *testing.T) {
	box := func() BoxResult {
		return BoxResult{
			Wagers: []WagerResult{
				{Wager: "ante", Stake: 1000, Result: Win, Pays: 1000},
				{Wager: "blind", Stake: 1000, Result: Win, Pays: 500000},
				{Wager: "play", Stake: 4000, Result: Win, Pays: 4000},
				{Wager: "trips", Stake: 500, Result: Win, Pays: 25000},
				{Wager: "progressive", Stake: 200, Result: Lose, Pays: -200},
			},
			FeeItems: []Fee{{Fee: "draw", Amount: 100}},
		}
	}
	tests := []struct {
		limit Money
		pays  []Money
	}{
		{0, []Money{1000, 500000, 4000, 25000, -200}},      // no cap
		{600000, []Money{1000, 500000, 4000, 25000, -200}}, // under the cap: paid in full
		{10000, []Money{1000, 0, 4000, 5000, -200}},        // 530,000 won: the Blind goes, then Trips is cut to 50
		{1000, []Money{1000, 0, 0, 0, -200}},               // Blind, Trips, then Play (40) go: the Ante's 10 is the cap
	}
	for _, tt := range tests {
		b := box()
		b.Total()
		CapBox(&b, tt.limit)
		var won, sum Money
		for i, w := range b.Wagers {
			if w.Pays != tt.pays[i] {
				t.Errorf("cap %s: %s pays %s; want %s", tt.limit, w.Wager, w.Pays, tt.pays[i])
			}
			if w.Pays == 0 && w.Result != Push {
				t.Errorf("cap %s: %s cut to 0 is %s; want a push", tt.limit, w.Wager, w.Result)
			}
			if w.Pays > 0 {
				won += w.Pays
			}
			sum += w.Pays
		}
		if tt.limit > 0 && won > tt.limit {
			t.Errorf("cap %s: the box still wins %s", tt.limit, won)
		}
		if b.Net != sum-100 || b.Fees != 100 {
			t.Errorf("cap %s: net %s, fees %s; want Σ pays %s less the fee 1", tt.limit, b.Net, b.Fees, sum)
		}
	}
}
