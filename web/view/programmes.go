package view

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/records"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
)

// The training programmes' approval (issue 24, docs/records.md): each
// game's programme as the house's files hold it beside the version an
// administrator approved, the change between them said in the reader's
// words from records.Changes.

// ProgrammeFacts are what the approval page shows of one game: its
// programme as the house's files hold it now and its recorded versions
// (records.Register.Programmes).
type ProgrammeFacts = records.GameProgramme

// Programmes is the administrator's page of the training programmes:
// per game the approved version, and the house's programme waiting for
// approval with its change from the approved version in words.
func (k *Kiosk) Programmes(ctx context.Context, page templates.Page, fs []ProgrammeFacts, notice string) templates.ProgrammesView {
	page.Title = say.Msg("records.programmes.title")
	v := templates.ProgrammesView{Page: page}
	if notice == "approved" {
		v.Notice = say.Msg("records.programmes.done_approved")
	}
	for _, f := range fs {
		row := templates.ProgrammeRow{Game: f.Game, Name: say.Game(ctx, f.Game), Content: ProgrammeLines(ctx, f.Current)}
		approved := records.Approved(f.Versions)
		if approved == nil {
			row.Approved = say.T(ctx, "records.programmes.approved_none")
		} else {
			row.Approved = say.T(ctx, "records.programmes.approved", "Number", approved.Number,
				"Day", say.Date(ctx, approved.ApprovedAt), "By", approverName(ctx, approved))
			row.ExportURL = templates.ProgrammeExportURL(f.Game, approved.Number)
		}
		if digest := trainer.ProgrammeDigest(f.Current); approved == nil || approved.Digest != digest {
			var old *trainer.ProgrammeBody
			if approved != nil {
				old = &approved.Body
			}
			row.Changes = ChangeWords(ctx, old, f.Current)
			row.Action, row.Digest = templates.ProgrammeApproveURL(f.Game), digest
		}
		v.Games = append(v.Games, row)
	}
	return v
}

// approverName is who approved v: their name, or the kiosk's operator.
func approverName(ctx context.Context, v *trainer.ProgrammeVersion) string {
	if v.ApprovedBy == 0 || v.ApprovedByName == "" {
		return say.T(ctx, "records.signers_page.operator")
	}
	return v.ApprovedByName
}

// ProgrammeLines says a programme's content, a line each: the minimum of
// hours, the topics with their hours, the kinds of drill and the table
// test's checklist.
func ProgrammeLines(ctx context.Context, b trainer.ProgrammeBody) []string {
	minimum := "records.programmes.minimum"
	if b.MinimumBeforeExam {
		minimum = "records.programmes.minimum_before"
	}
	var topics, kinds, items []string
	for _, t := range b.Topics {
		topics = append(topics, say.T(ctx, "records.programmes.topic_hours", "Topic", say.ProgrammeTopic(ctx, t), "Hours", t.Hours))
	}
	for _, d := range b.DrillKinds {
		kinds = append(kinds, say.Kind(ctx, d))
	}
	for _, it := range b.Checklist {
		items = append(items, say.ChecklistItem(ctx, it))
	}
	return []string{
		say.T(ctx, minimum, "Hours", b.MinimumHours),
		say.T(ctx, "records.programmes.topics", "List", strings.Join(topics, "; ")),
		say.T(ctx, "records.programmes.drills", "List", strings.Join(kinds, "; ")),
		say.T(ctx, "records.programmes.checklist", "List", strings.Join(items, "; ")),
	}
}

// ChangeWords says what changed from old to new (old nil: the first
// version), a sentence per change, in the reader's language: the facts
// are records.Changes', the words records.change.<kind>.
func ChangeWords(ctx context.Context, old *trainer.ProgrammeBody, new trainer.ProgrammeBody) []string {
	var out []string
	for _, c := range records.Changes(old, new) {
		id := "records.change." + string(c.Kind)
		if c.Kind == records.ChangeMinimumBefore && c.To == 0 {
			id += "_off"
		}
		out = append(out, say.T(ctx, id, "Item", changeItem(ctx, old, new, c), "From", c.From, "To", c.To))
	}
	return out
}

// changeItem names the topic, checklist item or kind of drill change c is
// about, from whichever version has it.
func changeItem(ctx context.Context, old *trainer.ProgrammeBody, new trainer.ProgrammeBody, c records.Change) string {
	bodies := []trainer.ProgrammeBody{new}
	if old != nil {
		bodies = append(bodies, *old)
	}
	switch c.Kind {
	case records.ChangeTopicAdded, records.ChangeTopicRemoved, records.ChangeTopicHours:
		for _, b := range bodies {
			for _, t := range b.Topics {
				if t.ID == c.Item {
					return say.ProgrammeTopic(ctx, t)
				}
			}
		}
	case records.ChangeItemAdded, records.ChangeItemRemoved:
		for _, b := range bodies {
			for _, it := range b.Checklist {
				if it.ID == c.Item {
					return say.ChecklistItem(ctx, it)
				}
			}
		}
	case records.ChangeDrillAdded, records.ChangeDrillRemoved:
		return say.Kind(ctx, c.Item)
	}
	return ""
}

// ProgrammeDoc is version v of a game's programme as a document for a
// regulator, on A4 in sheet's language: the game, the version, its
// approval, the topics with their hours, the kinds of drill, the exam's
// standard and the table test's checklist.
func (k *Kiosk) ProgrammeDoc(ctx context.Context, page templates.Page, pf PrintFrame, sheet *i18n.Localizer, v *trainer.ProgrammeVersion) templates.ProgrammeDocView {
	c := i18n.NewContext(ctx, sheet)
	game := say.Game(c, v.Game)
	page.Title = say.Msg("records.programme_doc.title", "Game", say.GameWord(v.Game), "Number", v.Number)
	d := templates.ProgrammeDocView{PrintView: printView(page, pf, sheet), House: k.House.Title,
		Title: say.T(c, "records.programme_doc.title", "Game", game, "Number", v.Number)}
	if v.Approved() {
		d.Facts = append(d.Facts, say.T(c, "records.programme_doc.approved", "Day", say.Date(c, v.ApprovedAt), "By", approverName(c, v)))
	} else {
		d.Facts = append(d.Facts, say.T(c, "records.programme_doc.not_approved"))
	}
	d.Facts = append(d.Facts, say.T(c, "records.programme_doc.recorded", "Day", say.Date(c, v.RecordedAt)))
	if v.MovedFrom != "" { // a school's history, never the group's programme (docs/records.md)
		d.Facts = append(d.Facts, say.T(c, "records.programme_doc.moved"))
	}
	d.Facts = append(d.Facts, say.T(c, "records.programme_doc.minimum", "Hours", v.Body.MinimumHours))
	if v.Body.MinimumBeforeExam {
		d.Facts = append(d.Facts, say.T(c, "records.programme_doc.minimum_before"))
	}
	total := 0
	for _, t := range v.Body.Topics {
		d.Topics = append(d.Topics, templates.ProgrammeDocTopic{Name: say.ProgrammeTopic(c, t), Hours: say.Number(c, int64(t.Hours))})
		total += t.Hours
	}
	d.TotalHours = say.Number(c, int64(total))
	for _, kind := range v.Body.DrillKinds {
		d.Drills = append(d.Drills, say.Kind(c, kind))
	}
	var std rulebook.Standard
	if len(v.Body.Standard) > 0 && json.Unmarshal(v.Body.Standard, &std) == nil {
		d.Standard = append(d.Standard, say.T(c, "records.programme_doc.standard_total", "Items", std.Items()))
		for _, kind := range std.Kinds() {
			n := 0
			for _, b := range std.Blueprint {
				if b.Kind == kind {
					n += b.Count
				}
			}
			th := std.Thresholds[kind]
			d.Standard = append(d.Standard, say.T(c, "records.programme_doc.standard_kind", "Kind", say.Kind(c, kind),
				"Items", n, "Accuracy", th.Accuracy, "Seconds", th.Seconds))
		}
	}
	d.ChecklistLead = say.T(c, "records.programme_doc.checklist_lead", "Signers", say.Signers(c))
	for _, it := range v.Body.Checklist {
		d.Checklist = append(d.Checklist, say.ChecklistItem(c, it))
	}
	return d
}
