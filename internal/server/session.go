package server

import (
	"context"
	"net/http"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/gorilla/sessions"
)

// The session cookie holds one value: the token of a row in the sessions
// table. Everything else about the session lives on the server, so sign-out,
// deactivation and the trainees' inactivity timeout take effect there.
const (
	cookieName = "trainer_session"
	tokenKey   = "token"
)

// visit is what the middleware learns about the person behind a request.
type visit struct {
	user  *trainer.User
	token string
	ended trainer.EndReason // why the browser's session just ended, if it did
	idle  time.Duration     // the trainees' idle timeout, read with the session
}

type visitKey struct{}

func withVisit(ctx context.Context, v *visit) context.Context {
	return context.WithValue(ctx, visitKey{}, v)
}

// visitOf returns the request's visit; never nil.
func visitOf(ctx context.Context) *visit {
	if v, ok := ctx.Value(visitKey{}).(*visit); ok {
		return v
	}
	return &visit{}
}

// cookieSession returns the browser's gorilla session. A cookie that is
// forged, stale or signed with an old key yields a fresh, empty session and
// an error from gorilla: that is a signed-out visitor, never a 500.
func (s *Server) cookieSession(r *http.Request) *sessions.Session {
	sess, err := s.cookies.Get(r, cookieName)
	if err != nil {
		s.log.DebugContext(r.Context(), "unreadable session cookie", "error", err)
	}
	sess.Options = &sessions.Options{
		Path:     "/",
		MaxAge:   int(trainer.SessionLifetime.Seconds()),
		HttpOnly: true,
		SameSite: http.SameSiteLaxMode,
		// Secure when this request came over TLS; a kiosk on a school's
		// LAN is often plain HTTP, where a Secure cookie would never return.
		Secure: r.TLS != nil,
	}
	return sess
}

// loadSession finds the signed-in user from the cookie. A session that has
// ended is deleted by the store; its cookie is cleared here, and the reason is
// kept so that sign-in can say why.
func (s *Server) loadSession(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		v := visitOf(r.Context())
		sess := s.cookieSession(r)
		token, _ := sess.Values[tokenKey].(string)
		if token != "" {
			ss, end, err := s.db.AuthenticateSession(r.Context(), token)
			switch {
			case err == nil && end == trainer.SessionLive:
				v.user, v.token, v.idle = ss.User, token, ss.IdleTimeout
			case err == nil || trainer.KindOf(err) == trainer.KindUnauthorized:
				v.ended = end
				if err := s.clearCookie(w, r); err != nil {
					s.error(w, r, err)
					return
				}
			default:
				s.error(w, r, err)
				return
			}
		}
		ctx := withVisit(r.Context(), v)
		if v.user != nil {
			// The store names the signed-in user in the audit entries of
			// the changes this request makes.
			ctx = trainer.WithActor(ctx, v.user)
		}
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// signIn starts a new session for u on this browser, ending the browser's
// previous one, and sets the cookie. Call it before writing the response.
func (s *Server) signIn(w http.ResponseWriter, r *http.Request, u *trainer.User) error {
	v := visitOf(r.Context())
	token, err := s.db.CreateSession(r.Context(), u.ID, v.token)
	if err != nil {
		return err
	}
	sess := s.cookieSession(r)
	sess.Values[tokenKey] = token
	if err := sess.Save(r, w); err != nil {
		return err
	}
	v.user, v.token = u, token
	return nil
}

// clearCookie removes the session cookie from the browser.
func (s *Server) clearCookie(w http.ResponseWriter, r *http.Request) error {
	sess := s.cookieSession(r)
	sess.Values = map[any]any{}
	sess.Options.MaxAge = -1
	return sess.Save(r, w)
}

// endedParam names an end reason in the sign-in URL (?ended=idle).
func endedParam(e trainer.EndReason) string {
	switch e {
	case trainer.SessionIdle:
		return "idle"
	case trainer.SessionExpired:
		return "expired"
	case trainer.SessionDeactivated:
		return "deactivated"
	}
	return "out"
}
