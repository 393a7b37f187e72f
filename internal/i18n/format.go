package i18n

import (
	"strconv"
	"strings"
	"time"
)

// separators are each language's digit-group and decimal marks (CLDR):
// Italian writes 1.234,5 and Russian 1 234,5 with a no-break space, so that
// an amount never breaks across lines.
var separators = map[string]struct{ group, decimal string }{
	"en": {",", "."},
	"it": {".", ","},
	"ru": {"\u00a0", ","},
}

func (l *Localizer) seps() (group, decimal string) {
	s, ok := separators[l.Lang()]
	if !ok {
		s = separators[Source]
	}
	return s.group, s.decimal
}

// Number writes n with the language's digit grouping (CLDR groups from four
// digits in all three): 12,500 · 12.500 · 12 500.
func (l *Localizer) Number(n int64) string {
	group, _ := l.seps()
	neg := n < 0
	if neg {
		n = -n
	}
	s := strconv.FormatInt(n, 10)
	if len(s) > 3 {
		var b strings.Builder
		for i, r := range s {
			if i > 0 && (len(s)-i)%3 == 0 {
				b.WriteString(group)
			}
			b.WriteRune(r)
		}
		s = b.String()
	}
	if neg {
		s = "-" + s
	}
	return s
}

// Amount writes an amount given in hundredths of the currency unit as short
// decimal text with the language's decimal mark and no digit grouping:
// 1396.5 · 1396,5 · -0,25, as the amount keypad types it and the pay tables
// print it (Number groups digits; an amount at a table rarely needs it).
// Money is never a float: the hundredths are written as digits.
func (l *Localizer) Amount(hundredths int64) string {
	_, decimal := l.seps()
	neg := hundredths < 0
	if neg {
		hundredths = -hundredths
	}
	s := strconv.FormatInt(hundredths/100, 10)
	if f := hundredths % 100; f != 0 {
		fs := strings.TrimRight(strconv.FormatInt(100+f, 10)[1:], "0")
		s += decimal + fs
	}
	if neg {
		s = "-" + s
	}
	return s
}

// Seconds writes a duration in seconds with the given number of decimals
// (rounded), the language's decimal mark and its symbol for a second
// (message unit.seconds): 0.9 s · 0,9 s · 0,9 с.
func (l *Localizer) Seconds(d time.Duration, decimals int) string {
	_, decimal := l.seps()
	n := strings.Replace(strconv.FormatFloat(d.Seconds(), 'f', decimals, 64), ".", decimal, 1)
	return l.T("unit.seconds", "Seconds", n)
}

// months are each language's short month names, January first.
var months = map[string][12]string{
	"en": {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"},
	"it": {"gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"},
	// Russian months in the genitive, as a date reads them: 2 янв. 2026.
	"ru": {"янв.", "февр.", "мар.", "апр.", "мая", "июн.", "июл.", "авг.", "сент.", "окт.", "нояб.", "дек."},
}

// Date writes t's day as the language writes it: 2 Jan 2026 · 2 gen 2026 ·
// 2 янв. 2026. The caller chooses the time zone (t.Local() on the kiosk).
func (l *Localizer) Date(t time.Time) string {
	m, ok := months[l.Lang()]
	if !ok {
		m = months[Source]
	}
	return strconv.Itoa(t.Day()) + " " + m[t.Month()-1] + " " + strconv.Itoa(t.Year())
}

// DateTime writes t's day and time on the 24-hour clock every language of
// the kiosk uses: 2 Jan 2026 15:04.
func (l *Localizer) DateTime(t time.Time) string {
	return l.Date(t) + " " + t.Format("15:04")
}

// Decimal rewrites the numbers of s, written as the source language writes
// them (1,000,000 · 1.90%), with l's separators (1.000.000 · 1,90% in
// Italian): a comma or a point between two digits is a group or a decimal
// mark; the rest of s is left as it is. The pay tables' figures are exact
// decimal text computed once for every language; this says them in the
// reader's.
func (l *Localizer) Decimal(s string) string {
	group, decimal := l.seps()
	if group == "," && decimal == "." {
		return s
	}
	digit := func(b byte) bool { return b >= '0' && b <= '9' }
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c == ',' || c == '.') && i > 0 && i+1 < len(s) && digit(s[i-1]) && digit(s[i+1]) {
			if c == ',' {
				b.WriteString(group)
			} else {
				b.WriteString(decimal)
			}
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}
