package server

import (
	"net/http"

	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/dealerkiosk/trainer/web/view"
	"github.com/go-chi/chi/v5"
)

// The house rules versions (issue 8, issue 14). Rules change by editing the
// files (content/rules, or a house's own directory given with -rules) and
// restarting: the kiosk records each version it starts with, with a copy of
// its files, and a manager approves it here after reading what changed, in
// words (rules_view.go): the sections of the rule books, the pay-table rows
// with the house edge before and after, and the settings. Approving asks for
// a confirmation first. Exams start only under an approved version.

// handleRulesList lists the versions the kiosk has run with.
func (s *Server) handleRulesList(w http.ResponseWriter, r *http.Request) {
	vs, err := s.db.ListRulesVersions(r.Context())
	if err != nil {
		s.error(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, templates.RulesPage(view.RulesList(r.Context(), s.page(r, say.Message{}, "rules"), vs, s.plan.Version())), nil)
}

// handleRulesShow shows one version: what changed against the version last
// approved before it (or, with none approved, the version before it), and
// the approval.
func (s *Server) handleRulesShow(w http.ResponseWriter, r *http.Request) {
	v, err := s.rulesVersionView(r, chi.URLParam(r, "version"))
	if err != nil {
		s.error(w, r, err)
		return
	}
	if r.URL.Query().Get("done") == "approved" {
		v.Notice = say.Msg("rulespage.notice_approved")
	}
	s.render(w, r, http.StatusOK, templates.RulesVersionPage(v), nil)
}

// handleRulesApprove approves a version as the signed-in manager (audited),
// once confirmed: without confirm=yes it shows what is about to be approved
// and asks.
func (s *Server) handleRulesApprove(w http.ResponseWriter, r *http.Request) {
	version := chi.URLParam(r, "version")
	if err := r.ParseForm(); err != nil {
		s.error(w, r, errUnreadableForm)
		return
	}
	if r.PostForm.Get("confirm") != "yes" {
		v, err := s.rulesVersionView(r, version)
		if err != nil {
			s.error(w, r, err)
			return
		}
		if v.Approved != "" {
			s.error(w, r, trainer.NewError(trainer.KindConflict, "err.rules_approved", "Approved", v.Approved))
			return
		}
		v.Page.Title = say.Msg("rulespage.confirm_title", "Version", version)
		s.render(w, r, http.StatusOK, templates.RulesConfirmPage(v), nil)
		return
	}
	if _, err := s.db.ApproveRulesVersion(r.Context(), version); err != nil {
		s.error(w, r, err)
		return
	}
	s.redirect(w, r, templates.RulesURL(version)+"?done=approved")
}
