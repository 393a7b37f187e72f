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

// wagerTitle is a wager's name in loc's language: the name printed on the
// layout (the kiosk catalogue's wager.<id>, which the felt uses too), or the
// game's English title for a wager the catalogue lacks.
func wagerTitle(loc *i18n.Localizer, g *game, wager string) string {
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

// rowIn is a pay-table row's name (games.PayTable.RowName: "Blind table A,
// flush 3:2") in loc's language: the table by the wager it pays and the row
// from the hands catalogue (table.<kind>, row.<key>), the table's own name
// and the odds as they are; Oracle's Ante when the dealer does not qualify
// from its own message.
func rowIn(loc *i18n.Localizer, row string) string {
	if loc.Lang() == i18n.Source || row == "" {
		return row
	}
	if odds, ok := strings.CutPrefix(row, oracle.NoQualifyRow); ok {
		return loc.T(oracle.RowNoQualify, "Odds", odds)
	}
	kind, name, key, odds, ok := parseRow(row)
	if !ok {
		return row
	}
	return strings.TrimSpace(loc.T("drill.pay_row", "Table", loc.T("table."+kind), "Name", name, "Row", loc.T("row."+key), "Odds", odds))
}

// parseRow reads back what games.PayTable.RowName wrote: the kind's words,
// " table ", the table's name, ", ", the row's words and, after a space, the
// odds (or a percent or an amount). The kinds and rows are those the hands
// catalogue names, so that each read-back part has its translation.
func parseRow(row string) (kind, name, key, odds string, ok bool) {
	for _, id := range i18n.Default().IDs() {
		k, isTable := strings.CutPrefix(id, "table.")
		if !isTable {
			continue
		}
		rest, found := strings.CutPrefix(row, games.KindWords(k)+" table ")
		if !found {
			continue
		}
		name, rest, found = strings.Cut(rest, ", ")
		if !found {
			continue
		}
		best := ""
		for _, rid := range i18n.Default().IDs() {
			r, isRow := strings.CutPrefix(rid, "row.")
			w := games.RowWords(r)
			if isRow && (rest == w || strings.HasPrefix(rest, w+" ")) && len(w) > len(games.RowWords(best)) {
				best = r
			}
		}
		if best == "" {
			continue
		}
		return k, name, best, strings.TrimPrefix(strings.TrimPrefix(rest, games.RowWords(best)), " "), true
	}
	return "", "", "", "", false
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
