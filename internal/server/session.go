package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/gorilla/securecookie"
	"github.com/gorilla/sessions"
)

// The session cookie holds one value: the token of a row in the sessions
// table. Everything else about the session lives on the server, so sign-out,
// deactivation and the trainees' inactivity timeout take effect there.
const (
	cookieName = "trainer_session"
	tokenKey   = "token"
)

// newCookieStore returns the store of the session cookie, signed with key
// (HMAC-SHA256, timestamped: gorilla's securecookie), whose signed value is
// the token itself (tokenSerializer).
func newCookieStore(key []byte) *sessions.CookieStore {
	st := sessions.NewCookieStore(key)
	for _, c := range st.Codecs {
		if sc, ok := c.(*securecookie.SecureCookie); ok {
			sc.SetSerializer(tokenSerializer{})
		}
	}
	return st
}

// tokenSerializer writes the cookie's values, which are the token alone, as
// the token's text instead of gob: every request decodes the cookie, and gob
// compiled a decoder for each one (about 7% of the kiosk's CPU under load,
// docs/load.md). It runs only on bytes whose signature securecookie has
// already checked, so it never sees a value the kiosk did not write. A cookie
// written in gob before (any gob stream holds bytes a token never has) is
// still read, so an upgrade signs nobody out.
type tokenSerializer struct{}

var errCookieValues = errors.New("session cookie: only the session token is kept in the cookie")

// Serialize writes the token; no values (a cleared cookie) is no bytes.
func (tokenSerializer) Serialize(src any) ([]byte, error) {
	m, ok := src.(map[any]any)
	if !ok {
		return nil, fmt.Errorf("session cookie: values of type %T", src)
	}
	token, _ := m[tokenKey].(string)
	switch {
	case len(m) == 0:
		return []byte{}, nil
	case len(m) == 1 && isTokenText(token):
		return []byte(token), nil
	}
	return nil, errCookieValues
}

// Deserialize reads the token into dst, a *map[any]any.
func (tokenSerializer) Deserialize(src []byte, dst any) error {
	m, ok := dst.(*map[any]any)
	if !ok {
		return fmt.Errorf("session cookie: decode into %T", dst)
	}
	switch {
	case len(src) == 0:
		*m = map[any]any{}
	case isTokenText(string(src)):
		*m = map[any]any{tokenKey: string(src)}
	default:
		return securecookie.GobEncoder{}.Deserialize(src, dst)
	}
	return nil
}

// isTokenText reports whether t is made of the characters of a session
// token (unpadded URL-safe base64), which a gob stream never is.
func isTokenText(t string) bool {
	if t == "" {
		return false
	}
	for i := range len(t) {
		c := t[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// visit is what the middleware learns about the person behind a request.
type visit struct {
	user  *trainer.User
	token string
	ended trainer.EndReason // why the browser's session just ended, if it did
	idle  time.Duration     // the idle timeout of the user's role, read with the session
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
		// Secure when this request came over HTTPS (directly, or through a
		// trusted proxy); a kiosk on a school's LAN is often plain HTTP,
		// where a Secure cookie would never return.
		Secure: s.isHTTPS(r),
	}
	return sess
}

// loadSession finds the signed-in user from the cookie. A session that has
// ended is deleted by the store; its cookie is cleared here, and the reason is
// kept so that sign-in can say why.
//
// Every response that reads the session is Cache-Control: no-store. On a
// shared tablet the browser's Back button would otherwise show the previous
// person's pages from its cache after they signed out; with no-store it asks
// the kiosk again, which sends the visitor to sign-in. The pages of visitors
// who are not signed in get it too: they are cheap to make, and a response
// never has to be told apart by who asked.
func (s *Server) loadSession(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		v := visitOf(r.Context())
		sess := s.cookieSession(r)
		token, _ := sess.Values[tokenKey].(string)
		ctx, touch := s.db.DeferTouch(r.Context()) // the session's touch rides the request's next statement
		defer touch()
		if token != "" {
			ss, end, err := s.db.AuthenticateSession(ctx, token)
			switch {
			case err == nil && end == trainer.SessionLive && ss.User.Role == trainer.RoleTrainee && ss.User.SiteID != s.site:
				// A trainee practises at their own site's kiosks: at
				// another site's process their session does not count (it
				// stays good at home), so their practice is never stamped
				// with a site that is not theirs (docs/group.md).
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
		ctx = withVisit(ctx, v)
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
	case trainer.SessionStaffIdle:
		return "staff-idle"
	case trainer.SessionExpired:
		return "expired"
	case trainer.SessionDeactivated:
		return "deactivated"
	}
	return "out"
}
