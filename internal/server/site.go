package server

import (
	"context"
	"net/http"
	"strconv"

	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/dealerkiosk/trainer/web/view"
)

// Sites (docs/group.md): a process serves one site (Config.Site), whose
// trainees its sign-in grid shows. Staff see the users of their own site,
// wherever they sign in; a group director sees every site's.

// scopeSite is the site whose users the signed-in staff member sees: their
// own, or 0 (every site) for a group director. Nobody signed in sees the
// process's site only.
func (s *Server) scopeSite(ctx context.Context) int64 {
	u := visitOf(ctx).user
	switch {
	case u == nil:
		return s.site
	case u.Role == trainer.RoleDirector:
		return 0
	}
	return u.SiteID
}

// sees reports whether the signed-in staff member may see user u: another
// site's user is not found for them, as another trainee's attempt is.
func (s *Server) sees(ctx context.Context, u *trainer.User) bool {
	scope := s.scopeSite(ctx)
	// The group director belongs to no site and is shown to every site's
	// administrators, who cannot change them (trainer.User.Manages).
	return scope == 0 || u.SiteID == scope || u.Role == trainer.RoleDirector
}

// homeSite is the site of a user created by the signed-in staff member:
// theirs, or the process's for a director (and at setup).
func (s *Server) homeSite(ctx context.Context) int64 {
	if scope := s.scopeSite(ctx); scope != 0 {
		return scope
	}
	return s.site
}

// Visiting dealers (docs/group.md, "A dealer from another site"): a
// manager sees only their own site's trainees, yet a dealer certified at
// another site who comes to deal at theirs, where the house plays the game
// otherwise, needs a table test that only they can judge at the table. So a
// manager's dashboard lists the other sites' dealers whose certification asks
// for a table test at the manager's site, with the game, and the one form
// that records it. Nothing else of such a dealer's file opens to them: the
// file, exams, transcripts, certificates and other forms stay 404.

// visitingDealers lists, for a manager or administrator of a site of a
// group, the other sites' active trainees whose valid certification in a
// game asks for a table test at that site (certs.Certs.Visiting). Nil for a
// director (who sees and records everywhere from the file), and at a kiosk
// of one site.
func (s *Server) visitingDealers(ctx context.Context) ([]templates.VisitingRow, error) {
	me := visitOf(ctx).user
	here := s.scopeSite(ctx)
	if me == nil || here == 0 {
		return nil, nil
	}
	visitors, hereName, err := s.certs.Visiting(ctx, here, s.certGames())
	if err != nil {
		return nil, err
	}
	var out []templates.VisitingRow
	for _, v := range visitors {
		out = append(out, view.Visiting(ctx, v.User, v.Site, v.Game, v.Status, here, hereName))
	}
	return out, nil
}

// siteTestTrainee finds the trainee of the route's {id} for a table test at
// site: one the signed-in staff member sees, or a dealer of another site
// when site is the staff member's own (a visiting dealer; the caller checks
// that a table test is needed there). Anyone else is not found.
func (s *Server) siteTestTrainee(r *http.Request, site int64) (u *trainer.User, visiting bool, err error) {
	if u, err := s.fileTraineeParam(r); err == nil {
		return u, false, nil
	}
	notFound := errTraineeNotFound
	here := s.scopeSite(r.Context())
	if here == 0 || site != here {
		return nil, false, notFound
	}
	id, err := idParam(r)
	if err != nil {
		return nil, false, err
	}
	u, err = s.db.FindUserByID(r.Context(), id)
	if err != nil || u.Role != trainer.RoleTrainee || !u.Active || u.SiteID == here {
		return nil, false, notFound
	}
	return u, true, nil
}

// handleSiteTableTest records a passing table test of a certified dealer at
// another site of the group (form field site), signed by the signed-in
// manager of that site or the group director; the store refuses anyone else
// (403). One's own is refused too. A manager of that site reaches a dealer of
// another site here only while the table test is needed there (visiting
// dealers, above; certs.Certs.RecordSiteTest), and is sent back to the
// dashboard's list.
func (s *Server) handleSiteTableTest(w http.ResponseWriter, r *http.Request) {
	me := visitOf(r.Context()).user
	site, err := strconv.ParseInt(r.PostFormValue("site"), 10, 64)
	if err != nil || site <= 0 {
		s.error(w, r, trainer.NewError(trainer.KindNotFound, "err.site_not_found"))
		return
	}
	u, visiting, err := s.siteTestTrainee(r, site)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if u.ID == me.ID {
		s.error(w, r, trainer.ErrOwnCertification)
		return
	}
	game, err := s.gameParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if err := s.certs.RecordSiteTest(r.Context(), u, game, site, me.ID, visiting); err != nil {
		s.error(w, r, err)
		return
	}
	if visiting {
		s.redirect(w, r, "/manager#visiting-h")
		return
	}
	s.redirect(w, r, templates.TraineeFileURL(u.ID)+"?done=table-test")
}
