package say

import (
	"context"
	"strconv"
	"strings"
	"time"
)

// Times are said on the kiosk's clock (t.Local()) in the reader's language;
// the zero time says nothing.

// Date is t's day: 2 Jan 2026 · 2 gen 2026 · 2 янв. 2026.
func Date(ctx context.Context, t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return loc(ctx).Date(t.Local())
}

// DateWord is t's day as a Word.
func DateWord(t time.Time) Word {
	return wordFunc(func(ctx context.Context) string { return Date(ctx, t) })
}

// DateTime is the moment t: 2 Jan 2026 15:04.
func DateTime(ctx context.Context, t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return loc(ctx).DateTime(t.Local())
}

// DateTimeWord is the moment t as a Word.
func DateTimeWord(t time.Time) Word {
	return wordFunc(func(ctx context.Context) string { return DateTime(ctx, t) })
}

// DayTime is the moment t within the year, without it, as lists of recent
// answers show it: 2 Jan 15:04 · 2 gen 15:04 · 2 янв. 15:04.
func DayTime(ctx context.Context, t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return DayMonth(ctx, t) + " " + t.Local().Format("15:04")
}

// DayMonth is t's day and month, without the year, as the progress chart's
// points read: 2 Jan · 2 gen · 2 янв.
func DayMonth(ctx context.Context, t time.Time) string {
	t = t.Local()
	return strings.TrimSuffix(loc(ctx).Date(t), " "+strconv.Itoa(t.Year()))
}

// Clock is t as the kiosk's clock shows it against now: "14:35", with the
// day of the week when it is not today ("Mon 14:35", "lun 14:35").
func Clock(ctx context.Context, now, t time.Time) string {
	now, t = now.Local(), t.Local()
	if t.YearDay() != now.YearDay() || t.Year() != now.Year() {
		day := strings.ToLower(t.Format("Mon"))
		return lookup(loc(ctx), "weekday."+day, t.Format("Mon")) + " " + t.Format("15:04")
	}
	return t.Format("15:04")
}

// Seconds is a duration in seconds with decimals decimals, the language's
// decimal mark and its symbol for a second: 0.9 s · 0,9 s · 0,9 с.
func Seconds(ctx context.Context, d time.Duration, decimals int) string {
	return loc(ctx).Seconds(d, decimals)
}

// ClockWord is Clock as a Word.
func ClockWord(now, t time.Time) Word {
	return wordFunc(func(ctx context.Context) string { return Clock(ctx, now, t) })
}
