package view

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/certs"
	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
)

// Printable pages (issue 8): a trainee's transcript and certificate in one
// game, and the house's training programme for the regulator. Each sheet is
// printed in the language of the person it is for (issue 18), sheet's; the
// page around it stays in the reader's own (ctx's).

// PrintFrame is what every printable page shares: where it goes back to,
// the path it was asked at (for the links to it in other languages), when
// and by whom it is printed.
type PrintFrame struct {
	Back, Path string
	Now        time.Time
	By         string // the name of the user printing it
}

// printView is the frame of a printable page in the reader's language
// around a sheet in sheet's: the moment and the printer's name in the
// sheet's words, and a link to the same page in each offered language.
func printView(page templates.Page, f PrintFrame, sheet *i18n.Localizer) templates.PrintView {
	sctx := i18n.NewContext(context.Background(), sheet)
	v := templates.PrintView{Page: page, BackURL: f.Back, Sheet: sheet,
		Printed: sheet.T("print.printed", "When", say.DateTime(sctx, f.Now), "Who", f.By, "App", sheet.T("app.name"))}
	for _, l := range i18n.Offered {
		v.Languages = append(v.Languages, templates.PrintLanguage{Name: l.Name, Lang: l.Tag,
			URL: f.Path + "?lang=" + l.Tag, Current: sheet.Tag() == l.Tag})
	}
	return v
}

// Transcript is a trainee's record in one game: the state, the sign-off,
// every finished exam (oldest first) with its result per kind, and every
// event.
func (k *Kiosk) Transcript(ctx context.Context, page templates.Page, f PrintFrame, sheet *i18n.Localizer, u *trainer.User, game string,
	st eval.CertStatus, exams []*trainer.Exam, events []trainer.CertEvent, versions map[string]*trainer.RulesVersion) (templates.TranscriptView, error) {
	page.Title = say.Msg("print.title_transcript", "Name", u.Name)
	sctx := i18n.NewContext(ctx, sheet)
	v := templates.TranscriptView{PrintView: printView(page, f, sheet),
		Trainee: u.Name, Badge: u.Badge, GameName: say.Game(sctx, game), House: k.House.Title, State: say.CertState(sctx, st.State),
		Since: say.Date(sctx, st.Since)}
	if st.Grant != nil {
		v.Expires, v.SignedBy, v.SignedAt = say.Date(sctx, st.Expires), st.Grant.Actor, say.DateTime(sctx, st.Grant.At)
	}
	for i := len(exams) - 1; i >= 0; i-- {
		ex := exams[i]
		var res eval.ExamResult
		if err := json.Unmarshal(ex.Result, &res); err != nil {
			return v, fmt.Errorf("exam %d: stored result: %w", ex.ID, err)
		}
		te := templates.TranscriptExam{When: ex.FinishedAt, Rules: say.UpperFirst(say.RulesVersion(sctx, versions[ex.RulesVersion])),
			Right: say.T(sctx, "print.right", "Right", res.Right, "Items", res.Items), Result: say.T(sctx, "print.not_passed")}
		if res.Passed {
			te.Result = say.T(sctx, "print.passed")
		}
		var kinds []string
		for _, kr := range res.Kinds {
			kinds = append(kinds, fmt.Sprintf("%s %d/%d", say.Kind(sctx, kr.Kind), kr.Right, kr.Items))
		}
		te.Kinds = strings.Join(kinds, " · ")
		v.Exams = append(v.Exams, te)
	}
	for _, e := range events {
		v.Events = append(v.Events, templates.FileEvent{When: e.At, What: say.CertEvent(sctx, e.Kind), Who: e.Actor, Notes: e.Notes})
	}
	return v, nil
}

// Certificate is the certificate of the last grant in one game: who signed
// it and when, the exam it followed, its validity, and the audit entry that
// records the grant (its number and hash let anyone check the certificate
// against the kiosk's log).
func (k *Kiosk) Certificate(ctx context.Context, page templates.Page, f PrintFrame, sheet *i18n.Localizer, u *trainer.User, game string,
	st eval.CertStatus, c certs.Certificate) templates.CertificateView {
	page.Title = say.Msg("print.title_certificate", "Name", u.Name)
	sctx := i18n.NewContext(ctx, sheet)
	v := templates.CertificateView{PrintView: printView(page, f, sheet),
		HouseTitle: k.House.Title, Trainee: u.Name, Badge: u.Badge, GameName: say.Game(sctx, game),
		Granted: say.Date(sctx, st.Grant.At), Expires: say.Date(sctx, st.Expires), SignedBy: st.Grant.Actor,
		Valid: st.State.MayDeal(), Status: say.T(sctx, "print.status_valid", "Date", say.Date(sctx, st.Expires))}
	switch st.State {
	case eval.StateExpired:
		v.Status = say.T(sctx, "print.status_expired", "Date", say.Date(sctx, st.Expires))
	case eval.StateRevoked:
		v.Status = say.T(sctx, "print.status_revoked", "Date", say.Date(sctx, st.Revocation.At), "Reason", st.Revocation.Notes)
	case eval.StateExamPassed, eval.StateInTraining:
		v.Status = say.T(sctx, "print.status_void")
	}
	if ex := c.Exam; ex != nil {
		var res eval.ExamResult
		if json.Unmarshal(ex.Result, &res) == nil {
			v.ExamDate, v.ExamRight = say.Date(sctx, ex.FinishedAt), say.T(sctx, "print.right", "Right", res.Right, "Items", res.Items)
		}
		v.Rules = say.RulesVersion(sctx, c.Rules)
	}
	if e := c.Entry; e != nil {
		v.AuditSeq, v.AuditCode = strconv.FormatInt(e.Seq, 10), say.VerificationCode(e.Hash)
	}
	return v
}

// Programme is the house's training programme: the games, each exam's
// blueprint and pass marks, the policy, the levels, and the rules version
// rv in use with its approval.
func (k *Kiosk) Programme(ctx context.Context, page templates.Page, f PrintFrame, sheet *i18n.Localizer, rv *trainer.RulesVersion) templates.ProgrammeView {
	page.Title = say.Msg("print.title_programme")
	sctx := i18n.NewContext(ctx, sheet)
	v := templates.ProgrammeView{PrintView: printView(page, f, sheet), HouseTitle: k.House.Title,
		Rules: say.UpperFirst(say.RulesVersion(sctx, rv))}
	for _, l := range k.Plan.Levels() {
		v.Levels = append(v.Levels, strconv.Itoa(l.Level)+": "+say.Level(sctx, l))
	}
	for _, g := range k.CertGames() {
		st := k.House.Certification[g]
		p := st.Policy
		v.Games = append(v.Games, templates.ProgrammeGame{Name: say.Game(sctx, g), Items: st.Items(), Kinds: StandardRows(sctx, st),
			Policy: []string{
				say.T(sctx, "print.policy_sittings", "Sittings", say.T(sctx, "print.sittings", "Count", 1+p.Retakes),
					"Hours", say.T(sctx, "print.hours", "Count", p.RetakeWaitHours)),
				say.T(sctx, "print.policy_judge"),
				say.T(sctx, "print.policy_validity", "Months", say.T(sctx, "print.months", "Count", p.ValidityMonths),
					"Days", say.T(sctx, "print.days", "Count", p.DueDays)),
				say.T(sctx, "print.policy_after"),
			}})
	}
	return v
}
