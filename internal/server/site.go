package server

import (
	"context"

	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/trainer"
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
	return scope == 0 || u.SiteID == scope
}

// homeSite is the site of a user created by the signed-in staff member:
// theirs, or the process's for a director (and at setup).
func (s *Server) homeSite(ctx context.Context) int64 {
	if scope := s.scopeSite(ctx); scope != 0 {
		return scope
	}
	return s.site
}

// certSites says where the valid certification st of trainee u in game holds
// across the group's sites (eval.AcrossSites): nothing at a kiosk of one site
// or for a certification not valid at all.
func (s *Server) certSites(ctx context.Context, u *trainer.User, game string, st eval.CertStatus) ([]string, error) {
	if !st.State.MayDeal() {
		return nil, nil
	}
	sites, err := s.db.ListSites(ctx)
	if err != nil || len(sites) < 2 {
		return nil, err
	}
	var home *trainer.Site
	for _, site := range sites {
		if site.ID == u.SiteID {
			home = site
		}
	}
	if home == nil {
		return nil, nil
	}
	tests, err := s.db.ListSiteTableTests(ctx, u.ID, game)
	if err != nil {
		return nil, err
	}
	fingerprint := func(house string) (string, error) {
		h, err := s.book.House(house)
		if err != nil {
			return "", err
		}
		return h.GameFingerprint(game)
	}
	var out []string
	for _, standing := range eval.AcrossSites(st, home, sites, fingerprint, tests) {
		out = append(out, standing.Label())
	}
	return out, nil
}
