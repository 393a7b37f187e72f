package view

import (
	"context"
	"math"
	"strconv"

	"github.com/dealerkiosk/trainer/internal/approval"
	"github.com/dealerkiosk/trainer/internal/book"
	"github.com/dealerkiosk/trainer/internal/edge"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
)

// The house rules versions (issue 8, issue 14): each version the kiosk ran
// with, and one version's changes in words, with the house edge before and
// after of every wager whose pay table changed, for a manager to approve.

// RulesList lists the versions the kiosk has run with, newest first;
// current is the one in use.
func RulesList(ctx context.Context, page templates.Page, vs []*trainer.RulesVersion, current string) templates.RulesView {
	page.Title = say.Msg("rulespage.title")
	v := templates.RulesView{Page: page, Current: current}
	for i := len(vs) - 1; i >= 0; i-- {
		rv := vs[i]
		row := templates.RulesRow{Version: rv.Version, URL: templates.RulesURL(rv.Version), FirstSeen: say.DateTime(ctx, rv.FirstSeenAt),
			Current: rv.Version == current, Files: len(rv.Files)}
		if rv.Approved() {
			row.Approved = approvedBy(ctx, rv)
		}
		v.Versions = append(v.Versions, row)
	}
	return v
}

func approvedBy(ctx context.Context, rv *trainer.RulesVersion) string {
	return say.T(ctx, "rulespage.approved_by", "When", say.DateTime(ctx, rv.ApprovedAt), "Name", rv.ApprovedBy)
}

// Against is what a version is compared with (approval.Base).
type Against = approval.Against

const (
	AgainstNothing  = approval.AgainstNothing  // no version came before it
	AgainstApproved = approval.AgainstApproved // the version last approved before it
	AgainstPrevious = approval.AgainstPrevious // the version before it, none being approved
)

// RulesFacts are a rules version as the handler read it: the version, the
// one it is compared with (Base, nil for none) and how, whether the base's
// rules could be read, and either why the changes cannot be shown
// (Problem) or the changes themselves with the house edges of the wagers
// they concern (Edges, by wager: before and after).
type RulesFacts struct {
	Version      *trainer.RulesVersion
	Current      string // the version in use
	Base         *trainer.RulesVersion
	Against      Against
	BaseReadable bool
	Problem      say.Message
	Changes      rulebook.Changes
	Edges        []EdgeChange
}

// EdgeChange is a wager's house edge under the version compared with and
// under this one.
type EdgeChange struct {
	Wager         edge.Wager
	Before, After VersionFigure
}

// RulesVersion is a version with what changed for the kiosk's house, in
// words.
func (k *Kiosk) RulesVersion(ctx context.Context, page templates.Page, f RulesFacts) templates.RulesVersionView {
	rv := f.Version
	page.Title = say.Msg("rulespage.page_title", "Date", say.DateTimeWord(rv.FirstSeenAt))
	v := templates.RulesVersionView{Page: page, Version: rv.Version, FirstSeen: say.DateTime(ctx, rv.FirstSeenAt),
		Current: rv.Version == f.Current, House: k.House.Title, URL: templates.RulesURL(rv.Version)}
	if rv.Approved() {
		v.Approved = approvedBy(ctx, rv)
	} else {
		v.Action = templates.RulesURL(rv.Version) + "/approve"
	}
	switch f.Against {
	case AgainstApproved:
		v.Against = say.T(ctx, "rulespage.against_approved", "Version", say.RulesVersion(ctx, f.Base))
	case AgainstPrevious:
		v.Against = say.T(ctx, "rulespage.against_previous", "Version", say.RulesVersion(ctx, f.Base))
	}
	if f.Problem.ID != "" {
		v.Problem = say.Text(ctx, f.Problem)
		return v
	}
	if !f.BaseReadable {
		v.First = true
		if f.Base == nil {
			v.Against = say.T(ctx, "rulespage.against_first")
		} else {
			v.Against += " " + say.T(ctx, "rulespage.against_unreadable")
		}
	}
	k.changes(ctx, &v, f.Changes, f.Edges)
	return v
}

// ChangedWagers are the wagers whose pay table ch changes, in the kiosk's
// order of games and each game's order of wagers.
func ChangedWagers(ch rulebook.Changes) []edge.Wager {
	type wk struct{ game, kind string }
	kinds := map[wk]bool{}
	for _, c := range ch.Rows {
		kinds[wk{c.Game, c.Kind}] = true
	}
	var out []edge.Wager
	for _, g := range rulebook.GameSlugs {
		for _, w := range edge.Wagers(g) {
			if kinds[wk{g, w.Kind}] {
				out = append(out, w)
			}
		}
	}
	return out
}

// changes fills v with ch in words in the reader's language, and the house
// edge before and after of every wager whose pay table changed.
func (k *Kiosk) changes(ctx context.Context, v *templates.RulesVersionView, ch rulebook.Changes, edges []EdgeChange) {
	l := i18n.FromContext(ctx)
	for _, c := range ch.Sections {
		v.Sections = append(v.Sections, sectionChange(ctx, c))
	}
	for _, lc := range ch.Languages {
		lv := templates.LanguageChangeView{Tag: lc.Lang, Name: say.Language(lc.Lang), Heading: booksIn(l, lc.Lang)}
		for _, c := range lc.Sections {
			lv.Sections = append(lv.Sections, sectionChange(ctx, c))
		}
		v.Languages = append(v.Languages, lv)
	}
	for _, c := range ch.Rows {
		v.Rows = append(v.Rows, templates.RowChangeView{GameName: say.Game(ctx, c.Game), Table: tableTitle(l, c.Game, c.Kind),
			Row: rowTitleIn(l, c.Row), OldTable: c.OldTable, NewTable: c.NewTable, Old: sayIn(l, c.Old, c.OldWhy), New: sayIn(l, c.New, c.NewWhy)})
	}
	for _, c := range ch.Settings {
		scope := l.T("rulespage.whole_house")
		if c.Game != "" {
			scope = say.Game(ctx, c.Game)
		}
		v.Settings = append(v.Settings, templates.SettingChangeView{Scope: scope, Label: settingChangeLabel(l, c),
			Old: sayIn(l, c.Old, c.OldWhy), New: sayIn(l, c.New, c.NewWhy)})
	}
	for i, o := range ch.Others {
		if i < len(ch.OtherIDs) {
			o = lookup(l, ch.OtherIDs[i], o)
		}
		v.Others = append(v.Others, o)
	}
	for _, e := range edges {
		if e.Before.None && e.After.None {
			continue
		}
		v.Edges = append(v.Edges, templates.EdgeChangeView{GameName: say.Game(ctx, e.Wager.Game), Wager: wagerTitle(l, e.Wager),
			Before: versionFigureIn(l, e.Before), After: versionFigureIn(l, e.After)})
	}
}

// sectionChange is a section added, changed or removed, as the page shows
// it: the number and title now (or before, when removed).
func sectionChange(ctx context.Context, c rulebook.SectionChange) templates.SectionChangeView {
	sv := templates.SectionChangeView{GameName: say.Game(ctx, c.Game), Change: c.Change}
	if c.Old != nil {
		sv.OldTitle, sv.OldHTML = c.Old.Number+" "+c.Old.Title, c.Old.HTML
		sv.Number, sv.Title = c.Old.Number, c.Old.Title
	}
	if c.New != nil {
		sv.NewTitle, sv.NewHTML = c.New.Number+" "+c.New.Title, c.New.HTML
		sv.Number, sv.Title = c.New.Number, c.New.Title
	}
	return sv
}

// tableTitle names a kind of pay table in l's language as the pay-table
// page does: by the wager it pays (wagerTitle), else by the kind's name in
// the hands catalogue (table.<kind>; in English the row words).
func tableTitle(l *i18n.Localizer, game, kind string) string {
	for _, w := range edge.Wagers(game) {
		if w.Kind == kind && w.Name != "main" {
			return wagerTitle(l, w)
		}
	}
	english := say.UpperFirst(book.RowTitle(kind))
	if l.Lang() == i18n.Source {
		return english
	}
	return lookup(l, "table."+kind, english)
}

// rowTitleIn names a pay-table row with a capital, as a book's table does:
// from the hands catalogue (row.<key>) outside English.
func rowTitleIn(l *i18n.Localizer, key string) string {
	if l.Lang() == i18n.Source {
		return book.RowTitle(key)
	}
	return say.UpperFirst(lookup(l, "row."+key, book.RowTitle(key)))
}

// VersionFigure is a wager's house edge as computed for a rules version, in
// no language yet (package approval).
type VersionFigure = approval.Figure

// versionFigureIn is f in l's language: "1,904 %" and how it was found.
func versionFigureIn(l *i18n.Localizer, f VersionFigure) templates.EdgeFigure {
	switch {
	case f.None:
		return templates.EdgeFigure{}
	case f.Problem != nil:
		if why, ok := edgeWhy(l, f.Problem); ok {
			return templates.EdgeFigure{Text: l.T("approval.edge.not_computed_why", "Why", why)}
		}
		if l.Lang() == i18n.Source {
			return templates.EdgeFigure{Text: l.T("approval.edge.not_computed_why", "Why", f.Problem.Error())}
		}
		// edge's reason is English: the log has it.
		return templates.EdgeFigure{Text: l.T("approval.edge.not_computed")}
	}
	e := templates.EdgeFigure{Text: l.Decimal(percentText(f.Edge))}
	if f.Simulated {
		e.Text += " ± " + l.Decimal(percentText(f.StdErr))
		e.How = l.T("approval.edge.simulated", "Rounds", f.Rounds)
	} else {
		e.How = l.T("approval.edge.exact")
	}
	return e
}

// percentText writes a fraction as a percentage to three decimals: "3.528 %".
func percentText(f float64) string {
	if math.IsNaN(f) {
		return "–"
	}
	return strconv.FormatFloat(f*100, 'f', 3, 64) + " %"
}

// booksIn heads a language's changes of the rule books, the language named
// in the reader's own ("The rule books in Italian", «Правила игры на
// итальянском языке»), not by its own name inside another language's
// sentence ("in Italiano"). A language without its sentence in the
// catalogue is named by its own name.
func booksIn(l *i18n.Localizer, lang string) string {
	id := "rulespage.books_in_lang." + lang
	if s := l.T(id); s != id {
		return s
	}
	return l.T("rulespage.books_in", "Language", say.Language(lang))
}
