package drills

import (
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/oracle"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// The words of the payout, outcome and chips drills come from the
// catalogue content/i18n/drills/<lang>.toml (ids "drill.…"), written in the
// drill's language (Spec.Lang). The English file says word for word what
// the code said before the catalogues, so that English drills and their
// golden files did not change. Amounts go through the Localizer (a decimal
// comma in Italian and Russian), never through fmt; a number of chips is a
// Count, so that each language takes its plural form.

// t writes message id in the drill's language; args are name, value pairs.
func (b *build) t(id string, args ...any) string { return b.loc.T(id, args...) }

// money writes an amount in the language's decimal notation: 7.5 · 7,5.
func money(loc *i18n.Localizer, m games.Money) string { return loc.Amount(int64(m)) }

// signedMoney writes an amount with its sign: "+7.5", "-10", "0".
func signedMoney(loc *i18n.Localizer, m games.Money) string {
	if m > 0 {
		return "+" + money(loc, m)
	}
	return money(loc, m)
}

// wagerTitle is a wager's name in loc's language as a sentence says it: the
// drills' own word where a language writes the wager otherwise in running
// text than the layout prints it (drill.wager_text.<id>: Russian «анте»),
// else the name printed on the layout (the kiosk catalogue's wager.<id>,
// which the felt uses too), or the game's English title for a wager the
// catalogues lack.
func wagerTitle(loc *i18n.Localizer, g *game, wager string) string {
	if id := "drill.wager_text." + wager; loc.T(id) != id {
		return loc.T(id)
	}
	id := "wager." + wager
	if s := loc.T(id); s != id {
		return s
	}
	return g.title(wager)
}

// wagerNameIn is how a prompt names a wager in loc's language: "Blind",
// "Multi Super on box 2", "Dealer Super on the dealer".
func wagerNameIn(loc *i18n.Localizer, g *game, w *games.WagerResult) string {
	n := wagerTitle(loc, g, w.Wager)
	if w.On != nil {
		if w.On.Dealer {
			return loc.T("drill.wager_on_dealer", "Wager", n)
		}
		return loc.T("drill.wager_on_box", "Wager", n, "Box", w.On.Box)
	}
	return n
}

// chipWordsIn writes "1 × 25, 2 × 5, 1 × 0.5" with loc's decimal mark.
func chipWordsIn(loc *i18n.Localizer, cs []ChipCount) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = loc.T("drill.chips.count", "N", c.Count, "Value", money(loc, c.Value))
	}
	return strings.Join(parts, ", ")
}

// oddsWords writes odds in words in loc's language, digits grouped as the
// language groups them: "10,000 to 1" · "10.000 a 1" · "10 000 к 1".
func oddsWords(loc *i18n.Localizer, o games.Odds) string {
	return loc.T("drill.odds", "Paid", o.Win, "Staked", o.Per)
}

// reason is an engine's reason in loc's language: its Why's phrases when it
// has one (games.Why), else the English sentence. English is always the
// engine's own sentence, which the catalogue repeats word for word
// (TestReasonsSayTheEngine).
func reason(loc *i18n.Localizer, english string, why games.Why) string {
	if why == nil || loc.Lang() == i18n.Source {
		return english
	}
	return sayWhy(loc, why)
}

// sayWhy writes why's phrases in loc's language, arguments included: an
// amount in the language's notation, a wager by its name there.
func sayWhy(loc *i18n.Localizer, why games.Why) string {
	s, _ := WhyIn(loc, why)
	return s
}

// WhyIn writes why's phrases in loc's language, arguments included: an
// amount (games.Money) in the language's notation, a price
// (rulebook.Price) after the house's currency, a hand, category, rank or
// wager by its name there. It reports false when a phrase's id is not in
// the catalogues (the phrase is then written as its id): the drills, the
// hand checker, the rules approval and the pay tables all say the engine's
// and the rules' ids through it.
func WhyIn(loc *i18n.Localizer, why games.Why) (string, bool) {
	known := true
	var b strings.Builder
	for _, p := range why {
		args := make([]any, len(p.Args))
		copy(args, p.Args)
		for i := 1; i < len(args); i += 2 {
			switch v := args[i].(type) {
			case games.Money:
				args[i] = money(loc, v)
			case rulebook.Price:
				args[i] = strings.TrimSpace(v.Currency + " " + money(loc, v.Amount))
			case games.Hand:
				w := wordsOf(v.Hand)
				w.wheel = w.wheel && v.Wheel
				args[i] = lowerFirst(w.say(loc))
			case games.Category:
				id := "reason.category."
				if v.A {
					id = "reason.category_a."
				}
				args[i] = loc.T(id + v.Key)
			case games.Phrase:
				args[i] = sayWhy(loc, games.Why{v})
			case games.Rank:
				args[i] = rankForm(loc, v.Rank, v.Form)
			case games.Ranks:
				args[i] = ranksIn(loc, v)
			case games.WagerID:
				id := "wager." + string(v)
				if s := loc.T(id); s != id {
					args[i] = s
				} else {
					args[i] = strings.ReplaceAll(string(v), "_", " ")
				}
			}
		}
		said := loc.T(p.ID, args...)
		if said == p.ID {
			known = false
		}
		b.WriteString(said)
	}
	return b.String(), known
}

// ranksIn writes ranks in a row in loc's language, each in its form, the
// last after "and" where rs says so (reason.showdown.and).
func ranksIn(loc *i18n.Localizer, rs games.Ranks) string {
	words := make([]string, len(rs.Ranks))
	for i, r := range rs.Ranks {
		words[i] = rankForm(loc, r, rs.Form)
	}
	if !rs.And || len(words) < 2 {
		return strings.Join(words, ", ")
	}
	return loc.T(games.ReasonAnd, "List", strings.Join(words[:len(words)-1], ", "), "Last", words[len(words)-1])
}

// rowIn says a pay-table row as the engine cites it (games.PayTable.RowName:
// "Blind table straight-pays, flush 3:2") in loc's language, as a sentence
// a dealer reads: "At this house the Blind pays 3 to 2 for a flush." The
// table's own name ("straight-pays", "Regular", "C") is the rules files'
// and is never said (issue 26): the wager it pays and the row are. A row
// this package cannot read back is not said at all ("").
func rowIn(loc *i18n.Localizer, row string) string {
	if row == "" {
		return ""
	}
	if odds, ok := strings.CutPrefix(row, oracle.NoQualifyRow); ok {
		o, err := games.ParseOdds(odds)
		if err != nil {
			return ""
		}
		return loc.T("drill.row.no_qualify", "Odds", oddsWords(loc, o))
	}
	kind, rows, ok := parseRow(row)
	if !ok {
		return ""
	}
	first := rows[0]
	wager := loc.T("drill.row_wager." + kind)
	if kind == "main" {
		// The main table's rows are its wagers: the Ante, the Play.
		wager = loc.T("drill.row_wager." + first.key)
	}
	o, isOdds := first.odds()
	switch {
	case len(rows) == 2 && isOdds:
		o2, ok := rows[1].odds()
		if !ok {
			return ""
		}
		return loc.T("drill.row.second", "Wager", wager, "Odds", oddsWords(loc, o), "Row", rowFor(loc, first.key),
			"Odds2", oddsWords(loc, o2), "Row2", rowFor(loc, rows[1].key))
	case len(rows) != 1:
		return ""
	case isOdds && (first.key == "win" || kind == "main"):
		return loc.T("drill.row.win", "Wager", wager, "Odds", oddsWords(loc, o))
	case isOdds && first.key == "win_vs_king_jack_high":
		return loc.T("drill.row.beats_king_jack", "Wager", wager, "Odds", oddsWords(loc, o))
	case isOdds:
		return loc.T("drill.row.pays", "Wager", wager, "Odds", oddsWords(loc, o), "Row", rowFor(loc, first.key))
	}
	if pct, ok := strings.CutSuffix(first.pay, "%"); ok {
		m, err := games.ParseMoney(pct)
		if err != nil {
			return ""
		}
		return loc.T("drill.row.percent", "Wager", wager, "Percent", money(loc, m), "Row", rowFor(loc, first.key))
	}
	m, err := games.ParseMoney(first.pay)
	if err != nil {
		return ""
	}
	return loc.T("drill.row.amount", "Wager", wager, "Amount", money(loc, m), "Row", rowFor(loc, first.key))
}

// rowFor names a row where a sentence says what is paid for it: "a flush",
// "il colore", "флеш" (drill.row_for.<key>); a row the catalogue lacks by
// its hands catalogue's name.
func rowFor(loc *i18n.Localizer, key string) string {
	id := "drill.row_for." + key
	if s := loc.T(id); s != id {
		return s
	}
	return loc.T("row." + key)
}

// rowPay is one row of a pay-table row's name, read back: the row's key
// and what it pays as written ("3:2", "10%", "500").
type rowPay struct{ key, pay string }

// odds reads the row's pay as odds.
func (r rowPay) odds() (games.Odds, bool) {
	o, err := games.ParseOdds(r.pay)
	return o, err == nil
}

// parseRow reads back what games.PayTable.RowName wrote: the kind's words,
// " table ", the table's name, ", ", then the row's words and, after a
// space, the odds (or a percent or an amount); Lunar's second combination
// follows after " + ". The kinds and rows are those the hands catalogue
// names, so that each read-back part has its words.
func parseRow(row string) (kind string, rows []rowPay, ok bool) {
	for _, k := range catalogueTables() {
		rest, found := strings.CutPrefix(row, games.KindWords(k)+" table ")
		if !found {
			continue
		}
		if _, rest, found = strings.Cut(rest, ", "); !found {
			continue
		}
		rows = nil
		for part := range strings.SplitSeq(rest, " + ") {
			key := rowKeyOf(part)
			if key == "" {
				rows = nil
				break
			}
			rows = append(rows, rowPay{key, strings.TrimSpace(strings.TrimPrefix(part, games.RowWords(key)))})
		}
		if len(rows) > 0 {
			return k, rows, true
		}
	}
	return "", nil, false
}

// rowKeyOf is the key of the row whose words begin part (the longest such
// words), or "".
func rowKeyOf(part string) string {
	best := ""
	for _, r := range catalogueRows() {
		w := games.RowWords(r)
		if (part == w || strings.HasPrefix(part, w+" ")) && len(w) > len(games.RowWords(best)) {
			best = r
		}
	}
	return best
}

// mistakeText is what a flipped rule or a slip evaluated on d tells the
// trainee, in loc's language: a mistake's own text from the catalogue
// (mistake.<id>), a rounding slip's from drill.rounding.*, a flip's text
// for the round from its message (flip.<game>.<case>); a flip's text without
// one stays as the flip says it (English).
func mistakeText(loc *i18n.Localizer, d *dealt, w wrong) string {
	switch {
	case loc.Lang() == i18n.Source:
		return w.text
	case w.flipped.id != "":
		return sayFlip(loc, w.flipped)
	case w.m.rounding != "":
		return roundingTextIn(loc, w.m.rounding, d.h.Rounding)
	case w.static:
		id := "mistake." + w.m.id
		if s := loc.T(id); s != id {
			return s
		}
	}
	return w.text
}

// roundingTextIn is roundingText in loc's language; the English catalogue
// says what roundingText says (TestRoundingTextIn).
func roundingTextIn(loc *i18n.Localizer, how string, rd games.Rounding) string {
	rule := map[games.RoundingMode]string{
		games.RoundDown:    "drill.rounding.rule_down",
		games.RoundUp:      "drill.rounding.rule_up",
		games.RoundNearest: "drill.rounding.rule_nearest",
	}[rd.Mode]
	chip := money(loc, rd.Chip)
	switch {
	case how == "exact":
		return loc.T("drill.rounding.exact", "Chip", chip, "Rule", loc.T(rule))
	case how == "up" && rd.Mode == games.RoundNearest:
		return loc.T("drill.rounding.up_nearest", "Chip", chip)
	case how == "up":
		return loc.T("drill.rounding.up", "Chip", chip)
	case rd.Mode == games.RoundNearest:
		return loc.T("drill.rounding.down_nearest", "Chip", chip)
	}
	return loc.T("drill.rounding.down", "Chip", chip)
}

// sayFlip is a flip's text in loc's language: odds in the language's words,
// a pay table's rows as a dealer reads them (payRows).
func sayFlip(loc *i18n.Localizer, s said) string {
	args := slices.Clone(s.args)
	for i, a := range args {
		switch v := a.(type) {
		case games.Odds:
			args[i] = oddsWords(loc, v)
		case payRows:
			args[i] = payRowsIn(loc, v)
		}
	}
	return loc.T(s.id, args...)
}
