package procedures_test

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/procedures"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// TestOracleRulingsFollowHouse checks the Texas Oracle rulings whose right
// answer depends on a house setting that issue 14 found taught as if every
// house read the rule one way: a house that sets it otherwise is not asked
// the shipped question (ErrUnresolved naming the setting) until it writes its
// own ruling, while the default house is asked.
func TestOracleRulingsFollowHouse(t *testing.T) {
	tests := []struct {
		toml    string
		setting string
		ids     []string
	}{
		// "take back what was paid too much" is wrong where overpayments stay.
		{`recover_overpayment = "never"`, "oracle.recover_overpayment", []string{"oracle.R10"}},
		// A house that lets an undecided player still buy or exchange.
		{`premature_dealer_reveal_options = ["fold", "continue_without_purchase", "exchange"]`, "oracle.premature_dealer_reveal_options", []string{"oracle.R8", "oracle.R8_first"}},
		// Closing the box at the first decision pays for the 4th card only
		// where staying in needs it, and places a BET besides only where the
		// payment is a fee.
		{`continue_without_4th_card = true`, "oracle.continue_without_4th_card", []string{"oracle.R8_first"}},
		{"fourth_card_payment = \"bet\"\nbet_multiple = 1", "oracle.fourth_card_payment", []string{"oracle.R8_first"}},
	}
	upper := fstest.MapFS{}
	name := func(i int) string { return "oflip" + string(rune('a'+i)) }
	for i, tt := range tests {
		upper["houses/"+name(i)+"/house.toml"] = &fstest.MapFile{Data: []byte("name = \"" + name(i) + "\"\n")}
		upper["houses/"+name(i)+"/oracle.toml"] = &fstest.MapFile{Data: []byte(tt.toml + "\n")}
	}
	b, err := rulebook.Load(rulebook.Overlay(upper, rules.FS))
	if err != nil {
		t.Fatal(err)
	}
	def, _ := b.House(rulebook.DefaultHouse)
	for i, tt := range tests {
		h, _ := b.House(name(i))
		for _, id := range tt.ids {
			if _, err := procedures.Ruling(def, id, 1); err != nil {
				t.Errorf("default house, %s: %v", id, err)
			}
			_, err := procedures.Ruling(h, id, 1)
			if !errors.Is(err, procedures.ErrUnresolved) || !strings.Contains(err.Error(), tt.setting) {
				t.Errorf("%s at a house with %s: %v; want ErrUnresolved naming %s", id, tt.toml, err, tt.setting)
			}
		}
	}
}

// TestOracleOneDefensibleAnswer checks, at the default house, that the
// rulings issue 14 named offer no wrong choice that the house's own rule
// makes right: R10 never offers "short payments only" (the source's own
// reading) as a wrong answer, and R8 at the first decision never makes
// staying in without the 4th card the answer at a house that requires it.
func TestOracleOneDefensibleAnswer(t *testing.T) {
	h := loadDefault(t)
	for seed := uint64(1); seed <= 40; seed++ {
		q, err := procedures.Ruling(h, "oracle.R10", seed)
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range q.Choices {
			lc := strings.ToLower(c)
			if i != q.Answer && (strings.Contains(lc, "short payment only") || strings.Contains(lc, "overpayment stays") || strings.Contains(lc, "pay what is missing")) {
				t.Errorf("R10 seed %d: wrong choice %q is the source's reading or part of the answer", seed, c)
			}
		}
		if !strings.Contains(q.Choices[q.Answer], "pay what is missing") || !strings.Contains(q.Choices[q.Answer], "take back") {
			t.Errorf("R10 seed %d: answer %q does not correct both ways", seed, q.Choices[q.Answer])
		}

		first, err := procedures.Ruling(h, "oracle.R8_first", seed)
		if err != nil {
			t.Fatal(err)
		}
		if !h.Oracle.ContinueWithout4thCard && !strings.Contains(first.Choices[first.Answer], "pay for the 4th card") {
			t.Errorf("R8_first seed %d: answer %q lets a box stay in without the 4th card, which this house refuses", seed, first.Choices[first.Answer])
		}
		second, err := procedures.Ruling(h, "oracle.R8", seed)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(second.Prompt, "second decision") || !strings.Contains(first.Prompt, "first decision") {
			t.Errorf("seed %d: R8 and R8_first are not each about their own decision: %q / %q", seed, second.Prompt, first.Prompt)
		}
	}
}
