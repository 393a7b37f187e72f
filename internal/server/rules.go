package server

import (
	"net/http"

	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/go-chi/chi/v5"
)

// The house rules versions (issue 8). Rules change by editing the files
// (content/rules, or a house's own directory given with -rules) and
// restarting: the kiosk records each version it starts with, with a copy of
// its files, and a manager approves it here after reading what changed.
// Exams start only under an approved version.

func rulesURL(version string) string { return "/manager/rules/" + version }

// handleRulesList lists the versions the kiosk has run with.
func (s *Server) handleRulesList(w http.ResponseWriter, r *http.Request) {
	vs, err := s.db.ListRulesVersions(r.Context())
	if err != nil {
		s.error(w, r, err)
		return
	}
	v := templates.RulesView{Page: s.page(r, "House rules", "rules"), Current: s.plan.Version()}
	for i := len(vs) - 1; i >= 0; i-- {
		rv := vs[i]
		row := templates.RulesRow{Version: rv.Version, URL: rulesURL(rv.Version), FirstSeen: dateTimeText(rv.FirstSeenAt),
			Current: rv.Version == s.plan.Version(), Files: len(rv.Files)}
		if rv.Approved() {
			row.Approved = dateTimeText(rv.ApprovedAt) + " by " + rv.ApprovedBy
		}
		v.Versions = append(v.Versions, row)
	}
	s.render(w, r, http.StatusOK, templates.RulesPage(v), nil)
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
		v.Notice = "Approved. Exams may start under these rules."
	}
	s.render(w, r, http.StatusOK, templates.RulesVersionPage(v), nil)
}

func (s *Server) rulesVersionView(r *http.Request, version string) (templates.RulesVersionView, error) {
	vs, err := s.db.ListRulesVersions(r.Context())
	if err != nil {
		return templates.RulesVersionView{}, err
	}
	at := -1
	for i, rv := range vs {
		if rv.Version == version {
			at = i
		}
	}
	if at < 0 {
		return templates.RulesVersionView{}, trainer.Errorf(trainer.KindNotFound, "Rules version not found.")
	}
	rv := vs[at]
	v := templates.RulesVersionView{Page: s.page(r, "Rules "+rv.Version, "rules"), Version: rv.Version,
		FirstSeen: dateTimeText(rv.FirstSeenAt), Current: rv.Version == s.plan.Version()}
	if rv.Approved() {
		v.Approved = dateTimeText(rv.ApprovedAt) + " by " + rv.ApprovedBy
	} else {
		v.Action = rulesURL(rv.Version) + "/approve"
	}
	var base map[string][]byte
	for i := at - 1; i >= 0; i-- {
		if vs[i].Approved() {
			base, v.Against = vs[i].Files, "Compared with version "+vs[i].Version+", the last approved before it."
			break
		}
	}
	if base == nil && at > 0 {
		base, v.Against = vs[at-1].Files, "Compared with version "+vs[at-1].Version+", the one before it (none was approved)."
	}
	if base == nil {
		v.Against = "The first version this kiosk ran with: every file is new."
		base = map[string][]byte{}
	}
	for _, fc := range rulebook.Diff(base, rv.Files) {
		fv := templates.FileChangeView{Path: fc.Path, Change: fc.Change}
		for _, k := range fc.Keys {
			fv.Keys = append(fv.Keys, templates.KeyChangeView{Key: k.Key, Old: k.Old, New: k.New})
		}
		v.Changes = append(v.Changes, fv)
	}
	return v, nil
}

// handleRulesApprove approves a version as the signed-in manager (audited).
func (s *Server) handleRulesApprove(w http.ResponseWriter, r *http.Request) {
	version := chi.URLParam(r, "version")
	if _, err := s.db.ApproveRulesVersion(r.Context(), version); err != nil {
		s.error(w, r, err)
		return
	}
	s.redirect(w, r, rulesURL(version)+"?done=approved")
}
