package i18n

import "strconv"

// Money writes an amount given in hundredths of the currency unit as a rule
// book states a price: whole units grouped as Number groups them, and the
// hundredths, when there are any, as two digits after the language's
// decimal mark: 25,000 · 0.50 (English), 25.000 · 0,50 (Italian), 25 000 ·
// 0,50 (Russian). Amount is the keypad's shorter form (0,5). The currency is
// the caller's: each house writes its own.
func (l *Localizer) Money(hundredths int64) string {
	_, decimal := l.seps()
	neg := hundredths < 0
	if neg {
		hundredths = -hundredths
	}
	s := l.Number(hundredths / 100)
	if f := hundredths % 100; f != 0 {
		s += decimal + strconv.FormatInt(100+f, 10)[1:]
	}
	if neg {
		s = "-" + s
	}
	return s
}
