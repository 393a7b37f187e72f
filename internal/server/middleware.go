package server

import (
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/go-chi/chi/v5/middleware"
)

// logRequests writes one line per request: method, path, status, size,
// duration, request ID and the signed-in user if any. Static files and
// health checks log at debug level so they do not drown the rest.
func (s *Server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		v := &visit{}
		next.ServeHTTP(ww, r.WithContext(withVisit(r.Context(), v)))
		level := slog.LevelInfo
		if strings.HasPrefix(r.URL.Path, "/static/") || r.URL.Path == "/healthz" {
			level = slog.LevelDebug
		}
		attrs := []slog.Attr{
			slog.String("request_id", middleware.GetReqID(r.Context())),
			slog.String("method", r.Method),
			slog.String("path", r.URL.Path),
			slog.Int("status", ww.Status()),
			slog.Int("bytes", ww.BytesWritten()),
			slog.Duration("duration", time.Since(start)),
		}
		if v.user != nil {
			attrs = append(attrs, slog.Int64("user_id", v.user.ID))
		}
		s.log.LogAttrs(r.Context(), level, "request", attrs...)
	})
}

// contentSecurityPolicy allows only the kiosk's own scripts, styles, images
// and requests: no inline script or style, no eval, no framing, and forms
// post only to the kiosk.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; " +
	"connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// securityHeaders sets the headers every response carries.
func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "same-origin")
		h.Set("X-Frame-Options", "DENY") // for browsers older than frame-ancestors
		next.ServeHTTP(w, r)
	})
}

// crossOrigin refuses state-changing requests sent from another site (Go's
// check of Sec-Fetch-Site and Origin), with the kiosk's own error page.
func (s *Server) crossOrigin() func(http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.log.WarnContext(r.Context(), "cross-origin request refused",
			"request_id", middleware.GetReqID(r.Context()), "method", r.Method, "path", r.URL.Path,
			"origin", r.Header.Get("Origin"), "sec_fetch_site", r.Header.Get("Sec-Fetch-Site"))
		s.errorStatus(w, r, http.StatusForbidden, trainer.NewError(trainer.KindForbidden, "error.cross_origin"))
	}))
	return cop.Handler
}

// requireRole lets through users of the given roles. A visitor who is not
// signed in is sent to sign-in (303, or HX-Redirect for htmx), with a note
// when their session just ran out; a user of another role gets 403.
func (s *Server) requireRole(roles ...trainer.Role) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			v := visitOf(r.Context())
			if v.user == nil {
				url := "/signin"
				if v.ended != trainer.SessionLive {
					url += "?ended=" + endedParam(v.ended)
				}
				s.redirect(w, r, url)
				return
			}
			if !slices.Contains(roles, v.user.Role) {
				s.error(w, r, trainer.NewError(trainer.KindForbidden, "error.not_your_role"))
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}
