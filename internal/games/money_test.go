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

// TestRoundingModes: house.toml `rounding` (RULES.md §1.6, §6 row 30). Down
// keeps the remainder, up pays it as one more chip, nearest pays the nearest
// whole number of chips with exactly half a chip going up. Each want was
// worked by hand: the exact win, then the chips around it.
func TestRoundingModes(t *testing.T) {
	unit, half, quarter, cent := Money(100), Money(50), Money(25), Money(1)
	tests := []struct {
		chip             Money
		stake            Money
		odds             Odds
		down, up, nearer Money
	}{
		// 5.5 at 3:2 = 8.25: between 8 and 9 with a 1 chip, a quarter above 8.
		{unit, 550, Odds{3, 2}, 800, 900, 800},
		// 5 at 3:2 = 7.5: exactly half a chip above 7, so nearest goes up.
		{unit, 500, Odds{3, 2}, 700, 800, 800},
		// 7 at 3:2 = 10.5: half a chip again.
		{unit, 700, Odds{3, 2}, 1000, 1100, 1100},
		// 5.5 at 1:2 = 2.75: three quarters of a chip above 2.
		{unit, 550, Odds{1, 2}, 200, 300, 300},
		// 10 at 3:2 = 15: whole chips, nothing to round.
		{unit, 1000, Odds{3, 2}, 1500, 1500, 1500},
		// 5.5 at 3:2 = 8.25 with a 0.5 chip: 0.25 is exactly half of it.
		{half, 550, Odds{3, 2}, 800, 850, 850},
		// 7.5 at 1:2 = 3.75: 0.25 above 3.5, exactly half a 0.5 chip.
		{half, 750, Odds{1, 2}, 350, 400, 400},
		// 5.2 at 1:2 = 2.6: 0.1 above 2.5, less than half a chip.
		{half, 520, Odds{1, 2}, 250, 300, 250},
		// 0.25 at 1:2 = 0.125: below half a 0.5 chip; up still pays a chip.
		{half, 25, Odds{1, 2}, 0, 50, 0},
		// 0.49 at 1:2 = 0.245: just below half of 0.5.
		{half, 49, Odds{1, 2}, 0, 50, 0},
		// … paid to the cent: 0.125 is exactly half a cent above 0.12.
		{cent, 25, Odds{1, 2}, 12, 13, 13},
		// 0.01 at 1:3 = 0.0033…: less than a cent, which up still pays.
		{cent, 1, Odds{1, 3}, 0, 1, 0},
		// A 0.25 chip, whose half (0.125) is not a whole cent:
		// 0.25 at 1:2 = 0.125 is exactly half, so nearest goes up;
		{quarter, 25, Odds{1, 2}, 0, 25, 25},
		// 0.37 at 1:3 = 0.1233… is below half; 0.38 at 1:3 = 0.1266… above it.
		{quarter, 37, Odds{1, 3}, 0, 25, 0},
		{quarter, 38, Odds{1, 3}, 0, 25, 25},
	}
	for _, tt := range tests {
		for _, c := range []struct {
			mode RoundingMode
			want Money
		}{{RoundDown, tt.down}, {RoundUp, tt.up}, {RoundNearest, tt.nearer}} {
			r := Rounding{Chip: tt.chip, Mode: c.mode}
			if got := r.Pay(tt.stake, tt.odds); got != c.want {
				t.Errorf("Rounding{%s, %s}.Pay(%s, %s) = %s; want %s", tt.chip, c.mode, tt.stake, tt.odds, got, c.want)
			}
		}
	}
	for _, s := range []string{"down", "up", "nearest"} {
		m, err := ParseRoundingMode(s)
		if err != nil || m.String() != s {
			t.Errorf("ParseRoundingMode(%q) = %v, %v", s, m, err)
		}
	}
	if _, err := ParseRoundingMode("half_even"); err == nil {
		t.Error("ParseRoundingMode(\"half_even\") succeeded")
	}
	if (Rounding{Chip: 50}).Mode != RoundDown {
		t.Error("the zero mode is not RoundDown, the default house's")
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
