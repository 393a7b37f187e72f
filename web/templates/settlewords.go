package templates

import (
	"context"
	"strings"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/i18n"
)

// SettleWords says a settlement in the reader's language on the hand
// checker (its felt and its result lines). The frame (what a wager did,
// against whom, a fee's name) comes from the catalogue content/i18n/checker
// through Loc; what the engine says of the round (a hand, a reason, a
// pay-table row, a note on the dealer) is said by the server's funcs, which
// render the engine's message ids in the drills' words: this package does
// not import the drills. A nil Loc is English and a nil func keeps the
// engine's English, so the zero SettleWords writes what the page wrote
// before the catalogues.
type SettleWords struct {
	Loc *i18n.Localizer
	// Hand describes the five cards best; english is the engine's description.
	Hand func(best []cards.Card, english string) string
	// BoxHand describes box number box's hand, the engine's notes on it
	// included (7 Card Thrill's five kept); nil describes it as Hand does.
	BoxHand func(box int, best []cards.Card, english string) string
	// Reason is a wager's or a fee's reason: its Why, else the English.
	Reason func(english string, why games.Why) string
	// Row is a pay-table row the engine names.
	Row func(row string) string
	// Note is one of the engine's notes on the dealer's hand.
	Note func(english string) string
	// Wager names a wager (a Multi Super by the box it backs).
	Wager func(wager string, on *games.Target) string
}

func (w SettleWords) loc() *i18n.Localizer {
	if w.Loc == nil {
		return i18n.Default().Localizer(i18n.Source)
	}
	return w.Loc
}

func (w SettleWords) hand(best []cards.Card, english string) string {
	if w.Hand == nil {
		return english
	}
	return w.Hand(best, english)
}

func (w SettleWords) boxHand(box int, best []cards.Card, english string) string {
	if w.BoxHand == nil {
		return w.hand(best, english)
	}
	if s := w.BoxHand(box, best, english); s != "" {
		return s
	}
	return w.hand(best, english)
}

func (w SettleWords) reason(english string, why games.Why) string {
	if w.Reason == nil {
		return english
	}
	return w.Reason(english, why)
}

// row says a pay-table row; a row the words cannot say (one the engine
// names in its own words) stays the engine's.
func (w SettleWords) row(row string) string {
	if w.Row == nil || row == "" {
		return row
	}
	if said := w.Row(row); said != "" {
		return said
	}
	return row
}

func (w SettleWords) note(english string) string {
	if w.Note == nil {
		return english
	}
	return w.Note(english)
}

// outcome says a wager's outcome: "Wins +5,000", "Loses 10", "Push".
func outcome(l *i18n.Localizer, r games.Result, pays games.Money) string {
	switch r {
	case games.Win:
		return l.T("hc.result.wins", "Amount", SignedIn(l, pays))
	case games.Lose:
		return l.T("hc.result.loses", "Amount", AmountIn(l, -pays))
	case games.Push:
		return l.T("hc.result.push")
	}
	return ""
}

// AmountIn writes an amount as Amount does, with l's digit grouping and
// decimal mark: 5,300 · 5.300 · 5 300; 7.50 · 7,50.
func AmountIn(l *i18n.Localizer, m games.Money) string {
	if l == nil || l.Lang() == i18n.Source {
		return Amount(m)
	}
	if m < 0 {
		return "−" + l.Money(int64(-m))
	}
	return l.Money(int64(m))
}

// SignedIn writes a change of money with its sign, as Signed does, in l's
// notation: +5.300 · −25 · 0.
func SignedIn(l *i18n.Localizer, m games.Money) string {
	if m > 0 {
		return "+" + AmountIn(l, m)
	}
	return AmountIn(l, m)
}

// versusIn says how a box fared against the dealer on the felt, after its
// hand: "beats the dealer"; "" when it did not meet him.
func versusIn(l *i18n.Localizer, v games.Versus) string {
	switch v {
	case games.VersusWin, games.VersusLose, games.VersusTie:
		return l.T("hc.felt.versus_" + string(v))
	}
	return ""
}

// boxVersusIn is the result's sentence on the box against the dealer: "The
// box beats the dealer."; "" when it did not meet him.
func boxVersusIn(l *i18n.Localizer, v games.Versus) string {
	switch v {
	case games.VersusWin, games.VersusLose, games.VersusTie:
		return l.T("hc.versus_" + string(v))
	}
	return ""
}

// feeNameIn is a fee as a dealer names it: "4th card", "exchange".
func feeNameIn(l *i18n.Localizer, fee string) string {
	switch fee {
	case "fourth_card", "exchange", "draw", "force":
		return l.T("hc.fee_name." + fee)
	}
	return fee
}

// feeLabelIn is a fee's line in the results: "4th card fee".
func feeLabelIn(l *i18n.Localizer, fee string) string {
	switch fee {
	case "fourth_card", "exchange", "draw", "force":
		return l.T("hc.fee." + fee)
	}
	return l.T("hc.fee.unknown", "Fee", strings.ToUpper(fee[:min(1, len(fee))])+fee[min(1, len(fee)):])
}

// AmountT is AmountIn in the request's language, for components.
func AmountT(ctx context.Context, m games.Money) string { return AmountIn(i18n.FromContext(ctx), m) }

// SignedT is SignedIn in the request's language, for components.
func SignedT(ctx context.Context, m games.Money) string { return SignedIn(i18n.FromContext(ctx), m) }
