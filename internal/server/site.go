package server

import (
	"context"

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
