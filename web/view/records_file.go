package view

import (
	"context"

	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/records"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
)

// DealerFileFacts are a dealer's records as the handler read them
// (records.Register.DealerFile): what `trainer records export` prints, for
// the printable page.
type DealerFileFacts = records.DealerFile

// DealerFileGameFacts are one game's certification and the game's newest
// approved programme version (nil when none).
type DealerFileGameFacts = records.DealerFileGame

// DealerFile is the dealer's file on A4 in sheet's language, the same facts
// in the same words as `trainer records export` (content/i18n/records).
func (k *Kiosk) DealerFile(ctx context.Context, page templates.Page, pf PrintFrame, sheet *i18n.Localizer, f DealerFileFacts) templates.DealerFileView {
	u := f.Dealer
	page.Title = say.Msg("records.file.title", "Name", u.Name)
	c := i18n.NewContext(ctx, sheet)
	t := func(id string, args ...any) string { return say.T(c, id, args...) }
	v := templates.DealerFileView{PrintView: printView(page, pf, sheet), House: k.House.Title, Title: t("records.file.title", "Name", u.Name),
		TopicsTitle: t("records.file.topics")}
	if u.Badge != "" {
		v.Identity = append(v.Identity, t("records.file.badge", "Badge", u.Badge))
	} else {
		v.Identity = append(v.Identity, t("records.file.no_badge"))
	}
	if u.Active {
		v.Identity = append(v.Identity, t("records.file.active"))
	} else {
		v.Identity = append(v.Identity, t("records.file.inactive"))
	}
	v.Identity = append(v.Identity, t("records.file.printed", "Day", say.Date(c, f.Now), "Code", f.Code.String()), t("records.file.verify"))
	for _, g := range f.Games {
		v.Games = append(v.Games, k.dealerFileGame(c, f, g))
	}
	v.Topics = k.topicLines(c, f.Topics, f.Now)
	return v
}

// dealerFileGame is one game's section of the dealer's file, in c's language.
func (k *Kiosk) dealerFileGame(c context.Context, f DealerFileFacts, g DealerFileGameFacts) templates.DealerFileGame {
	t := func(id string, args ...any) string { return say.T(c, id, args...) }
	out := templates.DealerFileGame{Game: g.Game, Name: say.Game(c, g.Game)}
	a := records.Authorise(g.Record, k.House.Certification[g.Game].Policy, f.Now)
	switch {
	case a.MayDeal:
		out.Facts = append(out.Facts, t("records.file.authorised", "Since", say.Date(c, a.Grant.At), "Signer", a.Grant.Actor, "Until", say.Date(c, a.Expires)))
	case a.Ending == records.EndNotGiven && len(g.Record.Events) == 0:
		out.Warn = t("records.file.new_game")
	default:
		out.Facts = append(out.Facts, t("records.file.not_authorised", "Why", t("records.ending."+string(a.Ending))))
		if a.Ended != nil && a.Ended.Notes != "" {
			out.Facts = append(out.Facts, t("records.file.reason", "Reason", a.Ended.Notes))
		}
	}
	if g.Programme != nil {
		out.Facts = append(out.Facts, t("records.file.programme", "Number", g.Programme.Number, "Day", say.Date(c, g.Programme.ApprovedAt)))
	} else {
		out.Facts = append(out.Facts, t("records.file.programme_none"))
	}
	if first := records.Completion(g.Record); first != nil {
		out.Facts = append(out.Facts, t("records.file.completed", "Day", say.Date(c, first.At)))
		if years := k.House.Records.FreshnessYears; records.Stale(first.At, years, f.Now) {
			out.Warn = t("records.file.stale", "Years", years)
		}
	}
	minimum := 0
	if p := k.House.Programmes[g.Game]; p != nil {
		minimum = p.MinimumHours
	}
	pr := records.HoursIn(g.Game, minimum, f.Measured, f.Hours)
	out.Facts = append(out.Facts, t("records.file.hours", "Measured", say.Duration(c, pr.Measured), "Entered", say.Duration(c, pr.Entered),
		"Total", say.Duration(c, pr.Total()), "Minimum", say.Duration(c, pr.Minimum), "Percent", pr.Percent()))
	for _, ex := range f.Exams {
		if ex.Game != g.Game {
			continue
		}
		id := "records.file.exam_failed"
		if ex.Passed {
			id = "records.file.exam_passed"
		}
		out.Exams = append(out.Exams, t(id, "Day", say.Date(c, ex.FinishedAt)))
	}
	for _, tt := range f.Tests {
		if tt.Event.Game == g.Game {
			out.Tests = append(out.Tests, k.dealerFileTest(c, g.Game, tt))
		}
	}
	for _, h := range f.Hours {
		if h.Game == g.Game {
			row := templates.DealerFileTest{Line: t("records.file.hours_row", "Day", say.Date(c, h.Day), "Table", h.Table,
				"Minutes", h.Minutes, "By", h.EnteredByName), Notes: h.Note}
			if h.Struck != nil { // kept on the file, struck, and counted nowhere
				row.Struck = t("records.strike.struck", "Day", say.Date(c, h.Struck.At), "By", h.Struck.Actor, "Reason", h.Struck.Reason)
			}
			out.Hours = append(out.Hours, row)
		}
	}
	return out
}

// dealerFileTest is one table test: its result, typed signature and
// signer, each item of its checklist, and its notes.
func (k *Kiosk) dealerFileTest(c context.Context, game string, tt trainer.TableTest) templates.DealerFileTest {
	result := map[trainer.CertEventKind]string{trainer.EventTablePass: "records.file.result_pass",
		trainer.EventTableFail: "records.file.result_fail", trainer.EventTableRetest: "records.file.result_retest"}[tt.Event.Kind]
	signature := tt.Signature
	if !tt.HasSheet() {
		signature = tt.Event.Actor // recorded before checklists: the signer's name
	}
	out := templates.DealerFileTest{Line: say.T(c, "records.file.table_test", "Day", say.Date(c, tt.Event.At), "Result", say.T(c, result),
		"Signature", signature, "Signer", tt.Event.Actor), Notes: tt.Event.Notes}
	if tt.Retest {
		out.Line += " " + say.T(c, "records.file.retest")
	}
	for _, it := range tt.Items {
		item := trainer.ProgrammeItem{ID: it.Item}
		if p := k.House.Programmes[game]; p != nil {
			for _, ci := range p.Checklist {
				if ci.ID == it.Item {
					item.Title = trainer.Words(ci.Title)
				}
			}
		}
		out.Items = append(out.Items, say.T(c, "records.file.item", "Item", say.ChecklistItem(c, item), "Result", say.ItemResult(c, it.Result)))
	}
	return out
}
