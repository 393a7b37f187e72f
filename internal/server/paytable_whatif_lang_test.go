package server_test

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"testing"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/view"
)

// TestLanguage_PayTableWhatIfRefused: the what-if's table, row and odds
// refusals are said in the reader's language, on their fields, the rows by
// the hands catalogue's names; English says them as before (its rows by
// their keys).
func TestLanguage_PayTableWhatIfRefused(t *testing.T) {
	plainRunOnly(t)
	t.Parallel()
	k := newKiosk(t)
	good := url.Values{"game": {"uth"}, "wager": {"trips"}, "table": {"50-40-30-8-6-5-3"}, "row": {"flush"}, "odds": {"7:1"}}
	with := func(key, v string) url.Values {
		q := url.Values{}
		for k, val := range good {
			q[k] = val
		}
		q.Set(key, v)
		return q
	}
	const tables = "50-40-20-7-6-5-3, 50-40-30-8-6-5-3, 50-40-30-8-7-4-3, 50-40-30-9-7-4-3"
	type refusal struct {
		q     url.Values
		field string
	}
	cases := []refusal{{with("table", "Z"), "table"}, {with("row", "five_aces"), "row"}, {with("odds", "3/2"), "odds"}, {with("odds", "3:0"), "odds"}}
	for _, tt := range []struct {
		lang string
		want []string // one per case
	}{
		{"en", []string{
			`There is no trips table "Z" (tables: ` + tables + `).`,
			`Table 50-40-30-8-6-5-3 has no row "five_aces" (rows: royal flush, straight flush, four of a kind, full house, flush, straight, three of a kind).`,
			`"3/2" is not odds like 3:2.`,
			`"3:0" is not odds like 3:2.`,
		}},
		{"it", []string{
			`Non c'è la tabella "Z" per Trips (ci sono: ` + tables + `).`,
			`La tabella 50-40-30-8-6-5-3 non ha la riga "five_aces" (righe: scala reale, scala colore, poker, full, colore, scala, tris).`,
			`"3/2" non è una quota come 3:2.`,
			`"3:0" non è una quota come 3:2.`,
		}},
		{"ru", []string{
			`Для Trips нет таблицы "Z" (есть: ` + tables + `).`,
			`В таблице 50-40-30-8-6-5-3 нет строки "five_aces" (строки: роял-флеш, стрит-флеш, каре, фулл-хаус, флеш, стрит, тройка).`,
			`"3/2" — не коэффициент вида 3:2.`,
			`"3:0" — не коэффициент вида 3:2.`,
		}},
	} {
		if err := k.DB.SetUserLanguage(t.Context(), k.manager.ID, tt.lang); err != nil {
			t.Fatal(err)
		}
		c := k.staffClient(t, "Max Manager", managerPassword)
		for i, rc := range cases {
			what := tt.lang + ": " + rc.q.Encode()
			resp := c.Get(whatIfPath(rc.q))
			wantStatus(t, what, resp, http.StatusUnprocessableEntity)
			wantFieldError(t, what, resp, rc.field, tt.want[i])
		}
	}
	// The English catalogue says each refusal as the page does.
	en := i18n.Default().Localizer(i18n.Source)
	for id, want := range map[string]struct {
		args []any
		text string
	}{
		"paytables.whatif.no_table": {[]any{"Kind", "trips", "Sent", `"Z"`, "Tables", tables}, `There is no trips table "Z" (tables: ` + tables + `).`},
		"paytables.whatif.no_row":   {[]any{"Table", "A", "Sent", `"x"`, "Rows", "flush, straight"}, `Table A has no row "x" (rows: flush, straight).`},
		"paytables.whatif.bad_odds": {[]any{"Sent", `"3/2"`}, `"3/2" is not odds like 3:2.`},
	} {
		if got := en.T(id, want.args...); got != want.text {
			t.Errorf("the English catalogue says %q; want %q", got, want.text)
		}
	}
}

// TestLanguage_PayTableWhatIfWords: the what-if's change and the label of
// its table before it, and a figure that could not be computed, are said
// in the reader's language; English as before. Another language quotes
// edge's reason only where it has words for it.
func TestLanguage_PayTableWhatIfWords(t *testing.T) {
	plainRunOnly(t)
	t.Parallel()
	pt := games.PayTable{Name: "50-40-30-8-6-5-3", Kind: "trips", Rows: []games.PayRow{
		{Key: "straight_flush", Odds: games.Odds{Win: 40, Per: 1}}, {Key: "flush", Odds: games.Odds{Win: 7, Per: 1}}}}
	plain := errors.New("no count for this table")
	said := trainer.Errorf(trainer.KindInvalid, "Enter the new odds, like 7:1.").In("paytables.enter_odds")
	for _, tt := range []struct {
		lang, change, before, stopped, plain, said string
	}{
		{"en", "straight flush 50:1", "Trips (what-if, before)", "The computation was stopped: the kiosk is shutting down.",
			"Not computed: no count for this table.", "Not computed: Enter the new odds, like 7:1."},
		{"it", "scala colore 50:1", "Trips (e se: prima della modifica)", "Il calcolo si è fermato: il chiosco si sta spegnendo.",
			"Non è stato possibile calcolarlo.", "Non calcolato: Scrivi la nuova quota, per esempio 7:1."},
		{"ru", "стрит-флеш 50:1", "Trips (что если: до изменения)", "Расчёт остановлен: киоск выключается.",
			"Не удалось вычислить.", "Не вычислено: Введите новый коэффициент, например 7:1."},
	} {
		l := i18n.Default().Localizer(tt.lang)
		change, before, err := view.WhatIfWords(l, pt, "straight_flush", games.Odds{Win: 50, Per: 1}, "Trips")
		if err != nil {
			t.Fatal(err)
		}
		if change != tt.change || before != tt.before {
			t.Errorf("%s: the change %q, before %q; want %q, %q", tt.lang, change, before, tt.change, tt.before)
		}
		for _, c := range []struct {
			err  error
			want string
		}{{context.Canceled, tt.stopped}, {plain, tt.plain}, {said, tt.said}} {
			if got := view.FigureProblem(l, c.err); got != c.want {
				t.Errorf("%s: %v is said %q; want %q", tt.lang, c.err, got, c.want)
			}
		}
	}
}
