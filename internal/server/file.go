package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/a-h/templ"
	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/go-chi/chi/v5"
)

// A trainee's personnel file for the managers (issue 8): each game's
// certification with its exams, table tests and events, the sign-off,
// revocation and allowance forms, and the links to the printable pages and
// the CSV. Each form is checked three times: here (one's own certification,
// the fields), by eval inside the store's transaction (what the state
// allows), and by the store and the schema (the signer's role, never the
// holder).

// fileGameURL is the base of one game's routes in a trainee's file.
func fileGameURL(userID int64, game string) string {
	return fmt.Sprintf("/manager/trainees/%d/games/%s", userID, game)
}

// fileTraineeParam finds the trainee of the route's {id}. Returns KindNotFound
// for a user who is not a trainee.
func (s *Server) fileTraineeParam(r *http.Request) (*trainer.User, error) {
	id, err := idParam(r)
	if err != nil {
		return nil, err
	}
	u, err := s.db.FindUserByID(r.Context(), id)
	if err != nil || u.Role != trainer.RoleTrainee || !s.sees(r.Context(), u) {
		return nil, trainer.Errorf(trainer.KindNotFound, "Trainee not found.").In("err.trainee_not_found")
	}
	return u, nil
}

// gameParam reads the route's {game}: a game with a certification standard.
func (s *Server) gameParam(r *http.Request) (string, error) {
	g := chi.URLParam(r, "game")
	if _, ok := s.house.Certification[g]; !ok {
		return "", trainer.Errorf(trainer.KindNotFound, "There is no certification in this game.").In("err.no_certification")
	}
	return g, nil
}

// handleTraineeFile shows a trainee's file. ?done= names what was just recorded.
func (s *Server) handleTraineeFile(w http.ResponseWriter, r *http.Request) {
	u, err := s.fileTraineeParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	// Records changed behind the kiosk's back are shown as the kiosk
	// reads them, with a warning: no certificate is granted or printed
	// from them until they agree with the audit trail again.
	problem := ""
	for _, g := range s.certGames() {
		ms, err := s.db.CheckCertRecords(r.Context(), u.ID, g)
		if err != nil {
			s.error(w, r, err)
			return
		}
		if len(ms) > 0 {
			problem = t(r, "file.records_mismatch", "Game", s.gameNameIn(loc(r), g), "About", ms[0].About)
			break
		}
	}
	v, err := s.fileView(r, u, problem, nil)
	if err != nil {
		s.error(w, r, err)
		return
	}
	switch r.URL.Query().Get("done") {
	case "table-test":
		v.Notice = t(r, "file.done_table_test")
	case "revoked":
		v.Notice = t(r, "file.done_revoked")
	case "allowed":
		v.Notice = t(r, "file.done_allowed")
	}
	s.render(w, r, http.StatusOK, templates.TraineeFilePage(v), nil)
}

// formState carries a refused form back into the file: its game, which form
// and what was typed, with the messages.
type formState struct {
	game   string
	form   string // "table-test", "revoke", "allow"
	result string
	notes  string
	errs   templates.Errors
	// confirm shows a table test as it will be recorded, for the manager
	// to confirm (issue 15); edit shows it again to change.
	confirm bool
}

// fileView builds a trainee's file; refused, if not nil, is a form to show
// again with its messages.
func (s *Server) fileView(r *http.Request, u *trainer.User, problem string, refused *formState) (templates.TraineeFileView, error) {
	ctx := r.Context()
	l := loc(r)
	v := templates.TraineeFileView{Page: s.page(r, u.Name, "dashboard"), Trainee: u.Name, Badge: u.Badge, Active: u.Active,
		Problem: problem, AttemptsCSV: traineeFileURL(u.ID) + "/attempts.csv"}
	me := visitOf(ctx).user
	for _, g := range s.certGames() {
		fg, err := s.fileGame(ctx, u, me, g, refused)
		if err != nil {
			return v, err
		}
		v.Games = append(v.Games, fg)
	}
	var err error
	if v.Weakest, err = s.weakest(ctx, l, u.ID, ""); err != nil {
		return v, err
	}
	entries, err := s.db.ListAudit(ctx, trainer.AuditFilter{SubjectPrefix: trainer.UserSubject(u.ID), Limit: 50})
	if err != nil {
		return v, err
	}
	for _, e := range entries {
		v.Audit = append(v.Audit, templates.AuditRow{Seq: fmt.Sprint(e.Seq), When: dateTimeIn(l, e.At), Actor: e.Actor,
			Action: auditActionWords(l, e.Action), Detail: auditDetailText(l, e.Detail, s.auditValue(l))})
	}
	return v, nil
}

// auditActionWords names an audit log's action in words for the trainee's
// file, in l's language (the catalogue's audit.<action>); an action not
// there is shown as stored.
func auditActionWords(l *i18n.Localizer, action string) string {
	return lookup(l, "audit."+action, action)
}

// auditDetailText writes an entry's detail for people in l's language:
// "key: value" pairs, a change as "key: old → new". A key the catalogue
// names (audit_detail.<key>) reads in words, a stored true or false as yes
// or no; a key it does not know shows with its underscores as spaces. In
// English the text is what the page said before the catalogue had it.
// named writes a value stored as a code (a game's, a role's) as people
// call it; it returns "" for a value it does not name, shown as stored.
func auditDetailText(l *i18n.Localizer, detail string, named func(key, value string) string) string {
	var m map[string]any
	if err := json.Unmarshal([]byte(detail), &m); err != nil {
		return detail
	}
	value := func(v any) string {
		if b, ok := v.(bool); ok {
			if b {
				return l.T("audit_detail.yes")
			}
			return l.T("audit_detail.no")
		}
		if b, err := json.Marshal(v); err == nil && !strings.HasPrefix(string(b), `"`) {
			return string(b)
		}
		return fmt.Sprint(v)
	}
	var parts []string
	for _, k := range sortedMapKeys(m) {
		val := value(m[k])
		if code, ok := m[k].(string); ok && named != nil {
			if name := named(k, code); name != "" {
				val = name
			}
		}
		if ch, ok := m[k].(map[string]any); ok && len(ch) == 2 && ch["old"] != nil && ch["new"] != nil {
			val = value(ch["old"]) + " → " + value(ch["new"])
		}
		parts = append(parts, lookup(l, "audit_detail."+k, strings.ReplaceAll(k, "_", " "))+": "+val)
	}
	return strings.Join(parts, " · ")
}

// auditValue names, in l's language, the values an audit entry stores as
// codes: a game by its name, a role by its title (auditDetailText).
func (s *Server) auditValue(l *i18n.Localizer) func(key, value string) string {
	return func(key, value string) string {
		switch key {
		case "game":
			if slices.Contains(s.certGames(), value) {
				return s.gameNameIn(l, value)
			}
		case "role":
			switch r := trainer.Role(value); r {
			case trainer.RoleAdministrator, trainer.RoleManager, trainer.RoleTrainee, trainer.RoleDirector:
				return roleName(l, r)
			}
		}
		return ""
	}
}

// fileGame is one game of the file: the state, the history, and the forms
// the state allows the manager me.
func (s *Server) fileGame(ctx context.Context, u, me *trainer.User, game string, refused *formState) (templates.FileGame, error) {
	st, err := s.certStatus(ctx, u.ID, game)
	if err != nil {
		return templates.FileGame{}, err
	}
	rec, err := s.db.FindCertRecord(ctx, u.ID, game)
	if err != nil {
		return templates.FileGame{}, err
	}
	std := s.house.Certification[game]
	l := i18n.FromContext(ctx)
	fg := templates.FileGame{Game: game, GameName: s.gameNameIn(l, game), State: certStateLabel(l, st.State), StateClass: string(st.State),
		Since: dateIn(l, st.Since), Blocked: certBlocked(l, st, std.Policy), Transcript: fileGameURL(u.ID, game) + "/transcript",
		Sittings: l.T("file.sittings_left", "Left", st.SittingsLeft, "Of", 1+std.Policy.Retakes)}
	if st.Grant != nil {
		fg.Expires, fg.SignedBy, fg.SignedAt = dateIn(l, st.Expires), st.Grant.Actor, dateTimeIn(l, st.Grant.At)
		fg.Certificate = fileGameURL(u.ID, game) + "/certificate"
	}
	if fg.Sites, fg.SiteTests, err = s.certSites(ctx, u, me, game, st); err != nil {
		return fg, err
	}
	exams, err := s.db.ListExams(ctx, trainer.ExamFilter{UserID: u.ID, Game: game})
	if err != nil {
		return fg, err
	}
	for _, ex := range exams {
		fe := templates.FileExam{When: dateTimeIn(l, ex.StartedAt), Rules: ex.RulesVersion, Result: l.T("file.in_progress")}
		if ex.Finished() {
			var res eval.ExamResult
			if err := json.Unmarshal(ex.Result, &res); err == nil {
				fe.Right = l.T("file.right_of", "Right", res.Right, "Items", res.Items)
			}
			fe.Result, fe.URL = l.T("file.not_passed"), managerExamURL(ex.ID)
			if ex.Passed {
				fe.Result = l.T("file.passed")
			}
		}
		fg.Exams = append(fg.Exams, fe)
	}
	for i := len(rec.Events) - 1; i >= 0; i-- {
		e := rec.Events[i]
		fg.Events = append(fg.Events, templates.FileEvent{When: dateTimeIn(l, e.At), What: certEventLabel(l, e.Kind), Who: e.Actor, Notes: e.Notes})
	}
	mine := me != nil && me.ID == u.ID
	if st.PendingExam != nil {
		fg.Pending = l.T("file.pending", "At", dateTimeIn(l, st.PendingExam.At))
	}
	if st.CanSignOff && !mine {
		f := &templates.TableTestForm{ID: templates.TableTestFormID + "-" + game, Action: fileGameURL(u.ID, game) + "/table-test",
			Exam: l.T("file.after_exam", "At", dateTimeIn(l, st.PendingExam.At)), Errors: templates.Errors{}}
		chosen := ""
		if refused != nil && refused.game == game && refused.form == "table-test" {
			f.Notes, f.Errors, chosen = refused.notes, refused.errs, refused.result
			if refused.confirm {
				f.Confirm = s.tableTestConfirm(l, u, me, game, chosen, refused.notes)
			}
		}
		for _, k := range trainer.TableResults {
			f.Options = append(f.Options, templates.ChoiceOption{Value: k.FormValue(), Label: tableResultLabel(l, k), Selected: k.FormValue() == chosen})
		}
		fg.TableTest = f
	}
	if st.CanRevoke && !mine {
		f := &templates.RevokeForm{ID: templates.RevokeFormID + "-" + game, Action: fileGameURL(u.ID, game) + "/revoke", Errors: templates.Errors{}}
		if refused != nil && refused.game == game && refused.form == "revoke" {
			f.Reason, f.Errors = refused.notes, refused.errs
		}
		fg.Revoke = f
	}
	if st.NeedsAllowance && !mine {
		f := &templates.AllowForm{ID: templates.AllowFormID + "-" + game, Action: fileGameURL(u.ID, game) + "/allow", Errors: templates.Errors{}}
		if refused != nil && refused.game == game && refused.form == "allow" {
			f.Notes, f.Errors = refused.notes, refused.errs
		}
		fg.Allow = f
	}
	return fg, nil
}

// tableTestConfirm says what recording a table test with result (a form
// value) will do, for the manager me to confirm before it is recorded: a
// record cannot be taken back, only followed by another.
func (s *Server) tableTestConfirm(l *i18n.Localizer, u, me *trainer.User, game, result, notes string) *templates.TableTestConfirm {
	kind, err := trainer.ParseTableResult(result)
	if err != nil {
		return nil
	}
	c := &templates.TableTestConfirm{Result: result, Notes: notes,
		Title: l.T("file.confirm_title", "Result", strings.ToLower(tableResultLabel(l, kind)), "Name", u.Name, "Game", s.gameNameIn(l, game))}
	signer := l.T("file.you")
	if me != nil {
		signer = l.T("file.you_name", "Name", me.Name)
	}
	switch kind {
	case trainer.EventTablePass:
		c.What = l.T("file.confirm_pass", "Name", u.Name, "Game", s.gameNameIn(l, game),
			"Date", dateIn(l, eval.Expiry(s.db.Clock(), s.house.Certification[game].Policy)), "Signer", signer)
		c.Pass = true
	case trainer.EventTableFail:
		c.What = l.T("file.confirm_fail", "Signer", signer, "Name", u.Name)
	default:
		c.What = l.T("file.confirm_retest", "Signer", signer, "Name", u.Name)
	}
	return c
}

func tableResultLabel(l *i18n.Localizer, k trainer.CertEventKind) string {
	switch k {
	case trainer.EventTablePass:
		return l.T("file.pass")
	case trainer.EventTableFail:
		return l.T("file.fail")
	case trainer.EventTableRetest:
		return l.T("file.retest")
	}
	return string(k)
}

// handleTableTestRecord records a table test: pass (which grants the
// certification), fail or re-test, the latter two with notes.
func (s *Server) handleTableTestRecord(w http.ResponseWriter, r *http.Request) {
	f := formState{form: "table-test", errs: templates.Errors{}}
	f.result = r.PostFormValue("result")
	f.notes = trainer.NormalizeNotes(r.PostFormValue("notes"))
	kind, err := trainer.ParseTableResult(f.result)
	fieldError(loc(r), f.errs, "result", err)
	if err == nil {
		fieldError(loc(r), f.errs, "notes", trainer.ValidateNotes(kind, f.notes))
	}
	s.recordCertEvent(w, r, kind, &f, "table-test")
}

// handleCertRevoke revokes a valid certification, with the reason.
func (s *Server) handleCertRevoke(w http.ResponseWriter, r *http.Request) {
	f := formState{form: "revoke", errs: templates.Errors{}}
	f.notes = trainer.NormalizeNotes(r.PostFormValue("reason"))
	if err := trainer.ValidateNotes(trainer.EventRevoked, f.notes); err != nil {
		fieldError(loc(r), f.errs, "reason", err)
	}
	s.recordCertEvent(w, r, trainer.EventRevoked, &f, "revoked")
}

// handleRetakeAllow allows another sitting once a cycle's are used up.
func (s *Server) handleRetakeAllow(w http.ResponseWriter, r *http.Request) {
	f := formState{form: "allow", errs: templates.Errors{}}
	f.notes = trainer.NormalizeNotes(r.PostFormValue("notes"))
	fieldError(loc(r), f.errs, "notes", trainer.ValidateNotes(trainer.EventRetakeAllowed, f.notes))
	s.recordCertEvent(w, r, trainer.EventRetakeAllowed, &f, "allowed")
}

// recordCertEvent is the rest of the three forms: one's own certification is
// refused (403) before anything else, a form with messages is shown again
// (422), then the store records the event if eval allows it on the state
// inside its transaction (409 otherwise), and the file is shown (303).
func (s *Server) recordCertEvent(w http.ResponseWriter, r *http.Request, kind trainer.CertEventKind, f *formState, done string) {
	me := visitOf(r.Context()).user
	id, err := idParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if id == me.ID {
		s.error(w, r, trainer.ErrOwnCertification)
		return
	}
	u, err := s.fileTraineeParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if f.game, err = s.gameParam(r); err != nil {
		s.error(w, r, err)
		return
	}
	if len(f.errs) > 0 {
		s.renderFileForm(w, r, u, "", f, http.StatusUnprocessableEntity)
		return
	}
	st, err := s.certStatus(r.Context(), u.ID, f.game)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if f.form == "table-test" && st.CanSignOff && (r.PostFormValue("confirm") != "yes" || r.PostFormValue("edit") != "") {
		// A table test is recorded once confirmed (issue 15): the first
		// tap shows what it will do; "Change" shows the form again. One
		// that cannot be recorded now is refused below, unasked.
		f.confirm = r.PostFormValue("edit") == ""
		s.renderFileForm(w, r, u, "", f, http.StatusOK)
		return
	}
	e := &trainer.CertEvent{UserID: u.ID, Game: f.game, Kind: kind, ActorID: me.ID, Notes: f.notes}
	if kind.IsTableTest() && st.PendingExam != nil {
		e.ExamID = st.PendingExam.ExamID
	}
	err = s.db.RecordCertEvent(r.Context(), e, func(rec trainer.CertRecord) error {
		return eval.CheckEvent(s.statusOf(rec, f.game), kind, me.ID, rec.UserID)
	})
	if err != nil {
		s.logRecordsRefusal(r, "grant", u.ID, f.game, err)
		// Refused by the state (another manager recorded something
		// meanwhile, or records that disagree with the audit trail): the
		// page again, as the state now is, with the reason.
		if trainer.KindOf(err) == trainer.KindConflict && !isHTMX(r) {
			s.renderFileForm(w, r, u, messageIn(loc(r), err), nil, http.StatusConflict)
			return
		}
		s.error(w, r, err)
		return
	}
	s.redirect(w, r, traineeFileURL(u.ID)+"?done="+done)
}

// renderFileForm shows the file again with a refused form (or a problem):
// the whole page, or for htmx the form alone.
func (s *Server) renderFileForm(w http.ResponseWriter, r *http.Request, u *trainer.User, problem string, f *formState, status int) {
	v, err := s.fileView(r, u, problem, f)
	if err != nil {
		s.error(w, r, err)
		return
	}
	var frag templ.Component
	if f != nil {
		for _, g := range v.Games {
			if g.Game != f.game {
				continue
			}
			switch {
			case f.form == "table-test" && g.TableTest != nil:
				frag = templates.TableTestFormFragment(*g.TableTest)
			case f.form == "revoke" && g.Revoke != nil:
				frag = templates.RevokeFormFragment(*g.Revoke)
			case f.form == "allow" && g.Allow != nil:
				frag = templates.AllowFormFragment(*g.Allow)
			}
		}
	}
	s.render(w, r, status, templates.TraineeFilePage(v), frag)
}

func sortedMapKeys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func managerExamURL(id int64) string { return fmt.Sprintf("/manager/exams/%d", id) }

// handleManagerExam shows a finished exam to a manager, with every item.
func (s *Server) handleManagerExam(w http.ResponseWriter, r *http.Request) {
	id, err := idParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	exams, err := s.db.ListExams(r.Context(), trainer.ExamFilter{ID: id, Finished: true})
	if err != nil {
		s.error(w, r, err)
		return
	}
	if len(exams) == 0 {
		s.error(w, r, trainer.Errorf(trainer.KindNotFound, "Exam not found, or not finished yet.").In("err.exam_not_found"))
		return
	}
	ex := exams[0]
	u, err := s.db.FindUserByID(r.Context(), ex.UserID)
	if err == nil && !s.sees(r.Context(), u) {
		err = trainer.Errorf(trainer.KindNotFound, "Exam not found, or not finished yet.").In("err.exam_not_found")
	}
	if err != nil {
		s.error(w, r, err)
		return
	}
	res, err := s.examResultView(r.Context(), ex, u.Name, false)
	if err != nil {
		s.error(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, templates.ManagerExamPage(templates.ExamResultPageView{
		Page: s.page(r, t(r, "file.exam_of", "Name", u.Name), "dashboard"), BackURL: traineeFileURL(u.ID), Result: res}), nil)
}
