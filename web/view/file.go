package view

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/certs"
	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
)

// A trainee's personnel file for the managers (issue 8): each game's
// certification with its exams, table tests and events, the sign-off,
// revocation and allowance forms, the weakest skills and the audit trail.

// CertGames lists the games with a certification standard that the kiosk
// practises, in the kiosk's order.
func (k *Kiosk) CertGames() []string {
	var out []string
	for _, g := range rulebook.GameSlugs {
		if _, ok := k.House.Certification[g]; ok && slices.Contains(k.Plan.Games(), g) {
			out = append(out, g)
		}
	}
	return out
}

// FileForm is a refused form of the file, shown again: its game, which form
// ("table-test", "revoke", "allow") and what was typed, with the messages.
// Confirm shows a table test as it will be recorded, for the manager to
// confirm (issue 15).
type FileForm struct {
	Game, Form, Result, Notes string
	Errs                      templates.Errors
	Confirm                   bool
}

// FileFacts are a trainee's file as the handler read it.
type FileFacts struct {
	Trainee *trainer.User
	Me      *trainer.User // the manager reading it
	// File is each game's certification, the rules versions by their
	// code, the audit entries, the table hours entered and the topics
	// completed outside the games (issue 24; certs.Certs.File).
	certs.File
	Now     time.Time
	Weakest []string // view.Weakest's
	// Practice is the trainee's practice per game, as their progress page
	// sums it; Answers their answers, newest first (FileAnswers shown).
	Practice []GameProgress
	Answers  []*trainer.Attempt
	Problem  string
	Refused  *FileForm
}

// File is a trainee's file.
func (k *Kiosk) File(ctx context.Context, page templates.Page, f FileFacts) templates.TraineeFileView {
	u := f.Trainee
	page.Title = say.Name(u.Name)
	v := templates.TraineeFileView{Page: page, Trainee: u.Name, Badge: u.Badge, Active: u.Active,
		Problem: f.Problem, AttemptsCSV: templates.TraineeFileURL(u.ID) + "/attempts.csv", Weakest: f.Weakest,
		DealerFile: templates.DealerFileURL(u.ID)}
	for _, g := range f.Games {
		v.Games = append(v.Games, k.fileGame(ctx, f, g))
	}
	v.Practice = filePractice(ctx, f.Practice, f.Answers)
	v.Hours = hoursForm(ctx, u, f.Games, f.Now)
	v.Hours.Entries = hoursEntries(ctx, u, f.Hours)
	v.Topics = k.topicsForm(ctx, u, f.Topics, f.Now)
	for _, e := range f.Audit {
		v.Audit = append(v.Audit, templates.AuditRow{Seq: fmt.Sprint(e.Seq), Code: say.VerificationCode(e.Hash), When: e.At, Actor: e.Actor,
			Action: say.AuditAction(ctx, e.Action), Detail: say.AuditDetail(ctx, e.Detail, k.auditValue(ctx, f.Versions, f.Games))})
	}
	return v
}

// auditValue names the values an audit entry stores as codes: a game by
// its name, a role by its title, a rules version by its approval
// (versions), and a hash by its verification code; and the records it
// stores by number (say.RecordKeys) in words: an exam by when it started,
// the table test that granted a certificate by its date, a table test's
// result and a refresher's cause in words. Other records' numbers (the
// entry's own event, a user's) are left out: the entry says the trainee
// and the game beside them.
func (k *Kiosk) auditValue(ctx context.Context, versions map[string]*trainer.RulesVersion, games []certs.FileGame) func(key, value string) string {
	return func(key, value string) string {
		if isHash(value) {
			return say.VerificationCode(value)
		}
		switch key {
		case "exam":
			for _, g := range games {
				for _, ex := range g.Exams {
					if strconv.FormatInt(ex.ID, 10) == value {
						return say.DateTime(ctx, ex.StartedAt)
					}
				}
			}
		case "granted_by_event":
			for _, g := range games {
				for _, e := range g.Events {
					if strconv.FormatInt(e.ID, 10) == value {
						return say.DateTime(ctx, e.At)
					}
				}
			}
		case "result", "because":
			if w := say.T(ctx, "audit_detail."+key+"_"+value); w != "audit_detail."+key+"_"+value {
				return w
			}
		case "rules_version":
			return say.RulesVersion(ctx, versions[value])
		case "game":
			if slices.Contains(k.CertGames(), value) {
				return say.Game(ctx, value)
			}
		case "role":
			switch r := trainer.Role(value); r {
			case trainer.RoleAdministrator, trainer.RoleManager, trainer.RoleTrainee, trainer.RoleDirector:
				return say.Role(ctx, r)
			}
		}
		return ""
	}
}

// fileGame is one game of the file: the state, the history, and the forms
// the state allows the manager f.Me.
func (k *Kiosk) fileGame(ctx context.Context, f FileFacts, g certs.FileGame) templates.FileGame {
	u, me, game, st := f.Trainee, f.Me, g.Game, g.Status
	std := k.House.Certification[game]
	fg := templates.FileGame{Game: game, GameName: say.Game(ctx, game), State: say.CertState(ctx, st.State), StateClass: string(st.State),
		Since: say.Date(ctx, st.Since), Blocked: say.CertBlocked(ctx, st, std.Policy), Transcript: templates.FileGameURL(u.ID, game) + "/transcript",
		Sittings: say.T(ctx, "file.sittings_left", "Left", st.SittingsLeft, "Of", 1+std.Policy.Retakes)}
	if st.Grant != nil {
		fg.Expires, fg.SignedBy, fg.SignedAt = say.Date(ctx, st.Expires), st.Grant.Actor, say.DateTime(ctx, st.Grant.At)
		fg.Certificate = templates.FileGameURL(u.ID, game) + "/certificate"
	}
	for _, standing := range g.Standings {
		fg.Sites = append(fg.Sites, siteStanding(ctx, standing))
		if standing.TableTestNeeded && me != nil && me.ID != u.ID && me.Certifies(&trainer.User{SiteID: standing.Site.ID}) {
			fg.SiteTests = append(fg.SiteTests, templates.SiteTestForm{URL: templates.FileGameURL(u.ID, game) + "/site-table-test",
				SiteID: strconv.FormatInt(standing.Site.ID, 10), Site: standing.Site.Name})
		}
	}
	for _, ex := range g.Exams {
		fe := templates.FileExam{When: ex.StartedAt, Rules: say.UpperFirst(say.RulesVersion(ctx, f.Versions[ex.RulesVersion])), Result: say.T(ctx, "file.in_progress")}
		if ex.Finished() {
			var res eval.ExamResult
			if err := json.Unmarshal(ex.Result, &res); err == nil {
				fe.Right = say.T(ctx, "file.right_of", "Right", res.Right, "Items", res.Items)
			}
			fe.Result, fe.URL = say.T(ctx, "file.not_passed"), templates.ManagerExamURL(ex.ID)
			if ex.Passed {
				fe.Result = say.T(ctx, "file.passed")
			}
		}
		fg.Exams = append(fg.Exams, fe)
	}
	for i := len(g.Events) - 1; i >= 0; i-- {
		e := g.Events[i]
		fg.Events = append(fg.Events, templates.FileEvent{When: e.At, What: say.CertEvent(ctx, e.Kind), Who: e.Actor, Notes: e.Notes})
	}
	mine := me != nil && me.ID == u.ID
	if st.PendingExam != nil {
		fg.Pending = say.T(ctx, "file.pending", "At", say.DateTime(ctx, st.PendingExam.At))
	}
	refused := f.Refused
	if refused != nil && refused.Game != game {
		refused = nil
	}
	if g.Checklist && (st.CanSignOff || st.State.MayDeal()) && !mine {
		fg.Checklist = templates.TableTestSheetURL(u.ID, game)
	}
	if st.CanSignOff && !mine && !g.Checklist {
		tf := &templates.TableTestForm{ID: templates.TableTestFormID + "-" + game, Action: templates.FileGameURL(u.ID, game) + "/table-test",
			Exam: say.T(ctx, "file.after_exam", "At", say.DateTime(ctx, st.PendingExam.At)), Errors: templates.Errors{}}
		chosen := ""
		if refused != nil && refused.Form == "table-test" {
			tf.Notes, tf.Errors, chosen = refused.Notes, refused.Errs, refused.Result
			if refused.Confirm {
				tf.Confirm = k.tableTestConfirm(ctx, u, me, game, chosen, refused.Notes, f.Now)
			}
		}
		for _, kind := range trainer.TableResults {
			tf.Options = append(tf.Options, templates.ChoiceOption{Value: kind.FormValue(), Label: say.TableResult(ctx, kind), Selected: kind.FormValue() == chosen})
		}
		fg.TableTest = tf
	}
	if st.CanRevoke && !mine {
		rf := &templates.RevokeForm{ID: templates.RevokeFormID + "-" + game, Action: templates.FileGameURL(u.ID, game) + "/revoke", Errors: templates.Errors{}}
		if refused != nil && refused.Form == "revoke" {
			rf.Reason, rf.Errors = refused.Notes, refused.Errs
		}
		fg.Revoke = rf
	}
	if st.NeedsAllowance && !mine {
		af := &templates.AllowForm{ID: templates.AllowFormID + "-" + game, Action: templates.FileGameURL(u.ID, game) + "/allow", Errors: templates.Errors{}}
		if refused != nil && refused.Form == "allow" {
			af.Notes, af.Errors = refused.Notes, refused.Errs
		}
		fg.Allow = af
	}
	return fg
}

// tableTestConfirm says what recording a table test with result (a form
// value) will do, for the manager me to confirm before it is recorded: a
// record cannot be taken back, only followed by another.
func (k *Kiosk) tableTestConfirm(ctx context.Context, u, me *trainer.User, game, result, notes string, now time.Time) *templates.TableTestConfirm {
	kind, err := trainer.ParseTableResult(result)
	if err != nil {
		return nil
	}
	c := &templates.TableTestConfirm{Result: result, Notes: notes,
		Title: say.T(ctx, "file.confirm_title", "Result", strings.ToLower(say.TableResult(ctx, kind)), "Name", u.Name, "Game", say.Game(ctx, game))}
	signer := say.T(ctx, "file.you")
	if me != nil {
		signer = say.T(ctx, "file.you_name", "Name", me.Name)
	}
	switch kind {
	case trainer.EventTablePass:
		c.What = say.T(ctx, "file.confirm_pass", "Name", u.Name, "Game", say.Game(ctx, game),
			"Date", say.Date(ctx, eval.Expiry(now, k.House.Certification[game].Policy)), "Signer", signer)
		c.Pass = true
	case trainer.EventTableFail:
		c.What = say.T(ctx, "file.confirm_fail", "Signer", signer, "Name", u.Name)
	default:
		c.What = say.T(ctx, "file.confirm_retest", "Signer", signer, "Name", u.Name)
	}
	return c
}

// siteStanding is eval.SiteStanding's Label in the reader's language.
func siteStanding(ctx context.Context, st eval.SiteStanding) string {
	switch {
	case st.Valid:
		return say.T(ctx, "file.site_valid", "Site", st.Site.Name)
	case st.TableTestNeeded:
		return say.T(ctx, "file.site_needed", "Site", st.Site.Name)
	}
	return say.T(ctx, "file.site_not", "Site", st.Site.Name)
}

// isHash reports whether s is a SHA-256 or HMAC-SHA256 in hex, as the audit
// log stores its records' digests.
func isHash(s string) bool {
	if len(s) != 64 {
		return false
	}
	for _, c := range s {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// hoursForm is the form entering u's table hours in one of games, empty
// but for today's date (a refused form is filled again as typed by the
// handler that refused it).
func hoursForm(ctx context.Context, u *trainer.User, games []certs.FileGame, now time.Time) templates.HoursForm {
	f := templates.HoursForm{Action: templates.TraineeFileURL(u.ID) + "/hours", Day: now.Local().Format(time.DateOnly)}
	for _, g := range games {
		f.Games = append(f.Games, templates.ChoiceOption{Value: g.Game, Label: say.Game(ctx, g.Game)})
	}
	return f
}
