package view

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/certs"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/records"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
)

// The records a gaming regulator inspects (issue 24, docs/records.md): the
// table test with its checklist, and the floor's list of who may deal what
// today. Package records decides; these say it.

// SheetFacts are what the table test's page shows, as the handler read
// them: the dealer, the game's certification now, the game's newest
// approved programme version (nil when none), the dealer's table tests in
// the game (certs.Certs.Sheet), and the form as posted (nil when it is
// first opened).
type SheetFacts struct {
	Dealer, Me *trainer.User
	Game       string
	certs.Sheet
	Now  time.Time
	Form *SheetForm
}

// SheetForm is the table test as posted.
type SheetForm struct {
	Results   map[string]trainer.ItemResult // by item id; "" when not judged
	Again     bool
	Notes     string
	Signature string
	Errs      templates.Errors
}

// ReadSheet reads a posted table test against the programme's checklist
// (value reads a form field), and checks what the form alone can say: an
// item neither passed nor failed (unless the sitting is to be taken again),
// the notes a fail or a sitting taken again needs, a missing signature.
// The store decides the rest (the signer's mark, the signature against the
// account's name, whether there is anything to test).
func ReadSheet(ctx context.Context, v *trainer.ProgrammeVersion, value func(string) string) (*SheetForm, *trainer.TableTest) {
	f := &SheetForm{Results: map[string]trainer.ItemResult{}, Again: value("again") == "yes",
		Notes: trainer.NormalizeNotes(value("notes")), Signature: strings.TrimSpace(value("signature")), Errs: templates.Errors{}}
	t := &trainer.TableTest{Signature: f.Signature, Event: trainer.CertEvent{Notes: f.Notes}}
	kind, missing := trainer.EventTablePass, false
	for _, it := range v.Body.Checklist {
		r := trainer.ItemResult(value("item." + it.ID))
		switch r {
		case trainer.ItemPass:
		case trainer.ItemFail:
			kind = trainer.EventTableFail
		default:
			r, missing = "", true
		}
		f.Results[it.ID] = r
		if r == "" && f.Again {
			r = trainer.ItemNotJudged
		}
		t.Items = append(t.Items, trainer.ChecklistResult{Item: it.ID, Result: r})
	}
	if f.Again {
		kind, t.Event.Kind = trainer.EventTableRetest, trainer.EventTableRetest
	} else if missing {
		f.Errs["checklist"] = say.Error(ctx, records.ErrChecklistIncomplete)
	}
	if err := trainer.ValidateNotes(kind, f.Notes); err != nil {
		f.Errs["notes"] = say.Error(ctx, err)
	}
	if f.Signature == "" {
		f.Errs["signature"] = say.Error(ctx, trainer.ErrSignatureMissing)
	}
	return f, t
}

// SheetRefused puts the store's refusal of a table test on the field it
// concerns: the signature (not marked, not the account's name), the
// checklist (stale, incomplete), the notes, or the form.
func SheetRefused(ctx context.Context, f *SheetForm, me *trainer.User, err error) {
	var te *trainer.Error
	id := ""
	if errors.As(err, &te) {
		id = te.ID
	}
	switch {
	case id == "records.err.signer_not_marked":
		f.Errs["signature"] = say.T(ctx, "records.sheet.not_marked", "Name", me.Name, "Signers", say.Signers(ctx))
	case id == "records.err.signature" || id == "records.err.signature_missing":
		f.Errs["signature"] = say.Error(ctx, err)
	case strings.HasPrefix(id, "records.err.checklist") || id == "records.err.not_judged":
		f.Errs["checklist"] = say.Error(ctx, err)
	case strings.HasPrefix(id, "err.notes") || id == "err.at_most":
		f.Errs["notes"] = say.Error(ctx, err)
	default:
		f.Errs[""] = say.Error(ctx, err)
	}
}

// TableTestSheet is the table test's page: the form, or why nothing can be
// recorded now (no approved programme; no passed exam waiting and no
// authorisation to re-test).
func (k *Kiosk) TableTestSheet(ctx context.Context, page templates.Page, f SheetFacts) templates.TableTestSheetView {
	u, st := f.Dealer, f.Status
	page.Title = say.Msg("records.sheet.title", "Game", say.GameWord(f.Game))
	v := templates.TableTestSheetView{Page: page, BackURL: templates.TraineeFileURL(u.ID), Dealer: u.Name, Badge: u.Badge,
		Game: say.Game(ctx, f.Game), Signers: say.Signers(ctx), Date: say.Date(ctx, f.Now), Signer: f.Me.Name, Errors: templates.Errors{}}
	switch {
	case f.Programme == nil:
		v.Blocked = say.Error(ctx, trainer.ErrProgrammeNotApproved)
		return v
	case st.CanSignOff:
		v.Sitting = say.T(ctx, "records.sheet.sitting", "At", say.DateTime(ctx, st.PendingExam.At))
	case st.State.MayDeal():
		v.Sitting = say.T(ctx, "records.sheet.retest")
	default:
		v.Blocked = say.Error(ctx, records.ErrNothingToTest)
		return v
	}
	v.Action = templates.TableTestSheetURL(u.ID, f.Game)
	v.Programme = say.T(ctx, "records.file.programme", "Number", f.Programme.Number, "Day", say.Date(ctx, f.Programme.ApprovedAt))
	sheet := records.NextSitting(f.Tests, f.Game, f.Programme)
	for _, it := range sheet.Items {
		si := templates.SheetItem{ID: it.ID, Name: say.ChecklistItem(ctx, it)}
		for _, id := range sheet.Failed {
			if id == it.ID {
				si.FailedLast = true
				v.LastFailed = append(v.LastFailed, si.Name)
			}
		}
		if f.Form != nil {
			si.Result = string(f.Form.Results[it.ID])
		}
		v.Items = append(v.Items, si)
	}
	if f.Form != nil {
		v.Again, v.Notes, v.Signature, v.Errors = f.Form.Again, f.Form.Notes, f.Form.Signature, f.Form.Errs
	}
	return v
}

// FloorFacts are the floor's list as the handler read it: the site, and
// each active dealer's certification in each game now (certs.Certs.Floor).
type FloorFacts = certs.Floor

// Floor is who may deal what today at the site: every active dealer
// authorised to deal a game (a table test passed, not expired, revoked or
// ended by a failed re-test), by name, on one A4 sheet in sheet's language.
func (k *Kiosk) Floor(ctx context.Context, page templates.Page, pf PrintFrame, sheet *i18n.Localizer, f FloorFacts) templates.FloorView {
	page.Title = say.Msg("records.floor.title")
	sctx := i18n.NewContext(ctx, sheet)
	v := templates.FloorView{PrintView: printView(page, pf, sheet), House: k.House.Title,
		Lead: say.T(sctx, "records.floor.lead", "Site", f.Site, "Day", say.Date(sctx, f.Now)), CSVURL: templates.FloorURL + ".csv?lang=" + sheet.Tag()}
	if f.Site == trainer.DefaultSiteName {
		// A kiosk of one site: its name is the migrations' placeholder.
		v.Lead = say.T(sctx, "records.floor.lead_kiosk", "Day", say.Date(sctx, f.Now))
	}
	for _, r := range FloorRows(sctx, f.Rows) {
		v.Rows = append(v.Rows, templates.FloorRow{Name: r[0], Badge: r[1], Game: r[2], Since: r[3], Until: r[4], Signer: r[5]})
	}
	return v
}

// FloorHeader is the floor list's header row in ctx's language: the same
// columns as `trainer records floor`.
func FloorHeader(ctx context.Context) []string {
	return []string{say.T(ctx, "records.floor.name"), say.T(ctx, "records.floor.badge"), say.T(ctx, "records.floor.game"),
		say.T(ctx, "records.floor.since"), say.T(ctx, "records.floor.until"), say.T(ctx, "records.floor.signed_by")}
}

// FloorRows are the rows of the floor's list in ctx's language: the rows
// whose dealer may deal the game now, in rows' order.
func FloorRows(ctx context.Context, rows []CertRow) [][]string {
	var out [][]string
	for _, r := range rows {
		st := r.Status
		if !st.State.MayDeal() || st.Grant == nil || !r.User.Active {
			continue
		}
		out = append(out, []string{r.User.Name, r.User.Badge, say.Game(ctx, r.Game), say.Date(ctx, st.Grant.At), say.Date(ctx, st.Expires), st.Grant.Actor})
	}
	return out
}

// Signers is the administrator's page of who may sign table tests: staff
// (active managers and administrators of the site) with their marks.
func (k *Kiosk) Signers(ctx context.Context, page templates.Page, staff []*trainer.User, marks []trainer.Signer, notice string) templates.SignersView {
	page.Title = say.Msg("records.signers_page.title")
	v := templates.SignersView{Page: page, Signers: say.Signers(ctx)}
	if notice != "" {
		v.Notice = say.Msg("records.signers_page.done_" + notice)
	}
	for _, u := range staff {
		id := strconv.FormatInt(u.ID, 10)
		r := templates.SignerRow{ID: id, Name: u.Name, Role: say.Role(ctx, u.Role), Action: templates.SignersURL + "/" + id}
		for _, m := range marks {
			if m.UserID == u.ID {
				by := m.AllowedByName
				if m.AllowedBy == 0 {
					by = say.T(ctx, "records.signers_page.operator")
				}
				r.Marked = say.T(ctx, "records.signers_page.marked", "Day", say.Date(ctx, m.AllowedAt), "By", by)
			}
		}
		v.Rows = append(v.Rows, r)
	}
	return v
}
