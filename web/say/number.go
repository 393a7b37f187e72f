package say

import (
	"context"
	"strconv"
	"strings"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Number is a count with the language's digit grouping: 12,500 · 12.500 ·
// 12 500.
func Number(ctx context.Context, n int64) string { return loc(ctx).Number(n) }

// Amount is an amount with the language's decimal mark and no grouping, as
// the keypad types it: 7.5 · 7,5.
func Amount(ctx context.Context, m games.Money) string { return loc(ctx).Amount(int64(m)) }

// Answer is an amount as the trainee would say it: a push, an amount
// collected, or the amount.
func Answer(ctx context.Context, m games.Money) string {
	switch {
	case m == 0:
		return T(ctx, "amount.push")
	case m < 0:
		return T(ctx, "amount.collected", "Amount", Amount(ctx, m))
	}
	return Amount(ctx, m)
}

// Percent is a/b as a whole percentage, "70 %", or "–" when b is 0.
func Percent(a, b int) string {
	if b == 0 {
		return "–"
	}
	return strconv.Itoa((a*100+b/2)/b) + " %"
}

// Share is a fraction from 0 to 1 as a whole percentage: "85 %".
func Share(f float64) string { return strconv.Itoa(int(f*100+0.5)) + " %" }

// Accuracy is right/items as a percentage, with one decimal (in the
// language's mark) when it is not whole: "87.5 %" · "87,5 %".
func Accuracy(ctx context.Context, right, items int) string {
	switch {
	case items == 0:
		return "–"
	case right*100%items == 0:
		return strconv.Itoa(right*100/items) + " %"
	}
	return loc(ctx).Decimal(strconv.FormatFloat(float64(right)*100/float64(items), 'f', 1, 64)) + " %"
}

// Decimal says the numbers of s, written the source language's way (the
// pay tables' figures), with the reader's separators.
func Decimal(ctx context.Context, s string) string { return loc(ctx).Decimal(s) }

// SpeedNote says what a speed grade means against the target, where the
// grade is shown: FAST within half the target, OK within it, SLOW after it
// (eval.SpeedGrade). The grades' names stay FAST, OK and SLOW in every
// language (the kiosk's timer shows them so); the half takes the language's
// decimal mark.
func SpeedNote(ctx context.Context, sp trainer.Speed, target int) string {
	half := strconv.FormatFloat(float64(target)/2, 'f', -1, 64)
	if loc(ctx).Lang() != i18n.Source {
		half = strings.Replace(half, ".", ",", 1) // Italian and Russian: 7,5
	}
	switch sp {
	case trainer.SpeedFast, trainer.SpeedOK, trainer.SpeedSlow:
		return T(ctx, "speed.note_"+string(sp), "Target", target, "Half", half)
	}
	return ""
}
