package server

import (
	"net/http"
	"strconv"

	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/records"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/dealerkiosk/trainer/web/view"
	"github.com/go-chi/chi/v5"
)

// The records a gaming regulator inspects (issue 24, docs/records.md): the
// table test with its checklist and typed signature, and the floor's list
// of who may deal what today. Package records decides and the store
// re-decides inside its transaction; web/view says it.

// errChecklistRequired refuses the quick table-test form of a game whose
// programme has an approved version: its checklist must be judged.
var errChecklistRequired = trainer.NewError(trainer.KindConflict, "records.sheet.checklist_required")

// register is the records of the kiosk's store and house (package records).
func (s *Server) register() *records.Register {
	return &records.Register{DB: s.db, House: s.house}
}

// sheetFacts reads what the table test's page of the route's dealer and
// game shows: the certification now, the game's newest approved programme
// version and the dealer's table tests in the game (certs.Certs.Sheet).
func (s *Server) sheetFacts(r *http.Request) (view.SheetFacts, error) {
	var f view.SheetFacts
	u, err := s.fileTraineeParam(r)
	if err != nil {
		return f, err
	}
	if f.Game, err = s.gameParam(r); err != nil {
		return f, err
	}
	f.Dealer, f.Me, f.Now = u, visitOf(r.Context()).user, s.db.Clock()
	if f.Me.ID == u.ID {
		return f, trainer.ErrOwnRecords
	}
	f.Sheet, err = s.certs.Sheet(r.Context(), u.ID, f.Game)
	return f, err
}

// handleTableTestSheet shows the table test of a dealer in a game with the
// programme's checklist, the last sitting's failed items first.
func (s *Server) handleTableTestSheet(w http.ResponseWriter, r *http.Request) {
	f, err := s.sheetFacts(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, templates.TableTestSheetPage(s.view.TableTestSheet(r.Context(), s.page(r, say.Message{}, "dashboard"), f)), nil)
}

// handleTableTestSheetRecord records a table test with its checklist: what
// the form alone says is refused first (422), then the store decides under
// the game's policy inside its transaction (records.TableTestCheck): the
// signer's mark, the signature against their account's name, something to
// test. A refusal shows the form again with the reason on its field, and
// nothing is recorded; a recorded test goes back to the dealer's file.
func (s *Server) handleTableTestSheetRecord(w http.ResponseWriter, r *http.Request) {
	f, err := s.sheetFacts(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if f.Programme == nil {
		s.error(w, r, trainer.ErrProgrammeNotApproved)
		return
	}
	form, t := view.ReadSheet(r.Context(), f.Programme, r.PostFormValue)
	f.Form = form
	status := http.StatusUnprocessableEntity
	if len(form.Errs) == 0 {
		t.Event.UserID, t.Event.Game, t.Event.ActorID = f.Dealer.ID, f.Game, f.Me.ID
		if st := f.Status; st.CanSignOff && st.PendingExam != nil {
			t.Event.ExamID = st.PendingExam.ExamID
		}
		err = s.db.RecordTableTest(r.Context(), t, records.TableTestCheck(s.house.Certification[f.Game].Policy))
		if err == nil {
			s.redirect(w, r, templates.TraineeFileURL(f.Dealer.ID)+"?done=table-test")
			return
		}
		s.logRecordsRefusal(r, "grant", f.Dealer.ID, f.Game, err)
		switch trainer.KindOf(err) {
		case trainer.KindInvalid, trainer.KindConflict, trainer.KindForbidden:
			if status = statusOf(trainer.KindOf(err)); status == http.StatusBadRequest {
				status = http.StatusUnprocessableEntity // a field refused, as the form's own checks
			}
			view.SheetRefused(r.Context(), form, f.Me, err)
		default:
			s.error(w, r, err)
			return
		}
	}
	v := s.view.TableTestSheet(r.Context(), s.page(r, say.Message{}, "dashboard"), f)
	s.render(w, r, status, templates.TableTestSheetPage(v), templates.TableTestSheetForm(v))
}

// floorFacts reads who may deal what today at the signed-in staff member's
// site (the kiosk's own for the group director: certs.Certs.Floor).
func (s *Server) floorFacts(r *http.Request) (view.FloorFacts, error) {
	return s.certs.Floor(r.Context(), s.homeSite(r.Context()), s.certGames())
}

// handleFloor prints who may deal what today at the site, on one A4 page
// in the house's language (?lang= another).
func (s *Server) handleFloor(w http.ResponseWriter, r *http.Request) {
	f, err := s.floorFacts(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	v := s.view.Floor(r.Context(), s.page(r, say.Message{}, "dashboard"), s.printFrame(r, "/manager"), s.sheetLanguage(r, s.house.Language), f)
	s.render(w, r, http.StatusOK, templates.FloorPage(v), nil)
}

// handleFloorCSV exports the floor's list with the columns of `trainer
// records floor`, no cell starting a formula (writeCSV).
func (s *Server) handleFloorCSV(w http.ResponseWriter, r *http.Request) {
	f, err := s.floorFacts(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	sheet := s.sheetLanguage(r, s.house.Language)
	ctx := i18n.NewContext(r.Context(), sheet)
	out := append([][]string{view.FloorHeader(ctx)}, view.FloorRows(ctx, f.Rows)...)
	s.writeCSV(w, r, "floor-"+f.Now.Local().Format("2006-01-02")+".csv", out)
}

// handleDealerFile prints a dealer's file for a regulator on A4, a section
// per game, in the reader's language (?lang= another), with the code
// `trainer audit verify -file` checks against the audit trail
// (records.Register.DealerFile).
func (s *Server) handleDealerFile(w http.ResponseWriter, r *http.Request) {
	u, err := s.fileTraineeParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	f, err := s.register().DealerFile(r.Context(), u, s.certGames())
	if err != nil {
		s.error(w, r, err)
		return
	}
	v := s.view.DealerFile(r.Context(), s.page(r, say.Message{}, "dashboard"), s.printFrame(r, templates.TraineeFileURL(u.ID)), s.sheetLanguage(r, loc(r).Tag()), f)
	s.render(w, r, http.StatusOK, templates.DealerFilePage(v), nil)
}

// handleSignersShow lists who may sign table tests among the staff the
// administrator sees (records.Register.Signers). ?done= names the change
// just made.
func (s *Server) handleSignersShow(w http.ResponseWriter, r *http.Request) {
	staff, marks, err := s.register().Signers(r.Context(), s.scopeSite(r.Context()))
	if err != nil {
		s.error(w, r, err)
		return
	}
	done := r.URL.Query().Get("done")
	if done != "allowed" && done != "withdrawn" {
		done = ""
	}
	s.render(w, r, http.StatusOK, templates.SignersPage(s.view.Signers(r.Context(), s.page(r, say.Message{}, "users"), staff, marks, done)), nil)
}

// handleSignerUpdate marks a staff member as one who may sign table tests
// (allowed=yes) or takes the mark away (allowed=no); the store checks the
// administrator and the staff member, and audits it.
func (s *Server) handleSignerUpdate(w http.ResponseWriter, r *http.Request) {
	u, err := s.userParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	allowed := r.PostFormValue("allowed") == "yes"
	if _, err := s.db.SetTableTestSigner(r.Context(), u.ID, allowed); err != nil {
		s.error(w, r, err)
		return
	}
	done := "withdrawn"
	if allowed {
		done = "allowed"
	}
	s.redirect(w, r, templates.SignersURL+"?done="+done)
}

// handleHoursEnter enters table hours a manager saw the dealer deal: the
// store checks them (trainer.TableHours.Validate: minutes, table, note, no
// day in the future; not one's own) and audits them. A refusal shows the
// file again with the form as typed and nothing saved.
func (s *Server) handleHoursEnter(w http.ResponseWriter, r *http.Request) {
	u, err := s.fileTraineeParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if err := r.ParseForm(); err != nil {
		s.error(w, r, err)
		return
	}
	h, err := view.ReadHours(u, s.certGames(), r.PostForm.Get)
	if err == nil {
		err = s.db.EnterTableHours(trainer.WithActor(r.Context(), visitOf(r.Context()).user), h)
	}
	if trainer.KindOf(err) == trainer.KindInvalid || trainer.KindOf(err) == trainer.KindForbidden || trainer.KindOf(err) == trainer.KindConflict {
		v, verr := s.fileView(r, u, say.Error(r.Context(), err), nil)
		if verr != nil {
			s.error(w, r, verr)
			return
		}
		view.HoursRetyped(&v.Hours, r.PostForm.Get)
		s.render(w, r, http.StatusUnprocessableEntity, templates.TraineeFilePage(v), nil)
		return
	}
	if err != nil {
		s.error(w, r, err)
		return
	}
	s.redirect(w, r, templates.TraineeFileURL(u.ID)+"?done=hours")
}

// handleProgrammesShow lists each game's programme: the approved version,
// and what approving the house's programme would change, in words.
func (s *Server) handleProgrammesShow(w http.ResponseWriter, r *http.Request) {
	fs, err := s.register().Programmes(r.Context())
	if err != nil {
		s.error(w, r, err)
		return
	}
	v := s.view.Programmes(r.Context(), s.page(r, say.Message{}, "users"), fs, r.URL.Query().Get("done"))
	s.render(w, r, http.StatusOK, templates.ProgrammesPage(v), nil)
}

// handleProgrammeApprove approves the house's programme of a game as the
// page showed it (its digest): recorded as a version if it is new, then
// approved, each audited by the store (programme.recorded,
// programme.approved), as `trainer records programmes -approve` does
// (records.Register.ApproveProgramme).
func (s *Server) handleProgrammeApprove(w http.ResponseWriter, r *http.Request) {
	if err := s.register().ApproveProgramme(r.Context(), chi.URLParam(r, "game"), r.PostFormValue("digest")); err != nil {
		s.error(w, r, err)
		return
	}
	s.redirect(w, r, templates.ProgrammesURL+"?done=approved")
}

// handleProgrammeDoc prints version {n} of a game's programme as a
// document for a regulator, on A4 in the house's language (?lang= another).
func (s *Server) handleProgrammeDoc(w http.ResponseWriter, r *http.Request) {
	game, err := s.gameParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	n, _ := strconv.Atoi(chi.URLParam(r, "n")) // not a number: no version 0
	pv, err := s.register().Version(r.Context(), game, n)
	if err != nil {
		s.error(w, r, err)
		return
	}
	back := "/manager"
	if visitOf(r.Context()).user.Role == trainer.RoleAdministrator {
		back = templates.ProgrammesURL
	}
	v := s.view.ProgrammeDoc(r.Context(), s.page(r, say.Message{}, "dashboard"), s.printFrame(r, back), s.sheetLanguage(r, s.house.Language), pv)
	s.render(w, r, http.StatusOK, templates.ProgrammeDocPage(v), nil)
}

// recordsRefusal reports whether err is a refusal the form shows on its
// field (the store's or the form's), rather than an error page.
func recordsRefusal(err error) bool {
	k := trainer.KindOf(err)
	return err != nil && (k == trainer.KindInvalid || k == trainer.KindForbidden || k == trainer.KindConflict)
}

// handleHoursStrike strikes out entered table hours with the reason typed
// (the store checks and audits it, hours.struck). A refusal shows the file
// again with the sentence on that entry's reason and nothing saved.
func (s *Server) handleHoursStrike(w http.ResponseWriter, r *http.Request) {
	u, err := s.fileTraineeParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	id, _ := strconv.ParseInt(chi.URLParam(r, "hours"), 10, 64)
	reason := r.PostFormValue("reason")
	_, err = s.db.StrikeTableHours(r.Context(), u.ID, id, reason)
	if recordsRefusal(err) {
		v, verr := s.fileView(r, u, "", nil)
		if verr != nil {
			s.error(w, r, verr)
			return
		}
		view.StrikeRefused(r.Context(), &v.Hours, id, reason, err)
		s.render(w, r, http.StatusUnprocessableEntity, templates.TraineeFilePage(v), nil)
		return
	}
	if err != nil {
		s.error(w, r, err)
		return
	}
	s.redirect(w, r, templates.TraineeFileURL(u.ID)+"?done=struck")
}

// handleTopicRecord records a dealer's completion of a topic outside the
// games: the house's topic, the day, the evidence, then the store (not
// one's own; audited topic.completed: records.Register.RecordTopic). A
// refusal shows the file again with the form as typed, the sentence on its
// field, and nothing saved.
func (s *Server) handleTopicRecord(w http.ResponseWriter, r *http.Request) {
	u, err := s.fileTraineeParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	c, err := view.ReadTopic(u, r.PostFormValue)
	if err == nil {
		err = s.register().RecordTopic(r.Context(), c)
	}
	if recordsRefusal(err) {
		v, verr := s.fileView(r, u, "", nil)
		if verr != nil {
			s.error(w, r, verr)
			return
		}
		view.TopicRefused(r.Context(), &v.Topics, r.PostFormValue, err)
		s.render(w, r, http.StatusUnprocessableEntity, templates.TraineeFilePage(v), nil)
		return
	}
	if err != nil {
		s.error(w, r, err)
		return
	}
	s.redirect(w, r, templates.TraineeFileURL(u.ID)+"?done=topic")
}
