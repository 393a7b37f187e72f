package server

import (
	"context"
	"net/http"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/go-chi/chi/v5/middleware"
)

// statusOf is the only map from an error's Kind to an HTTP status. Form
// validation is not an error: forms re-render themselves with 422.
func statusOf(k trainer.Kind) int {
	switch k {
	case trainer.KindInvalid:
		return http.StatusBadRequest
	case trainer.KindNotFound:
		return http.StatusNotFound
	case trainer.KindConflict:
		return http.StatusConflict
	case trainer.KindUnauthorized:
		return http.StatusUnauthorized
	case trainer.KindForbidden:
		return http.StatusForbidden
	}
	return http.StatusInternalServerError
}

// error answers a failed request. An internal error is logged with the
// request ID and shown as "Internal error."; other kinds show their message.
// htmx requests get an alert fragment in #alert; others get ErrorPage.
func (s *Server) error(w http.ResponseWriter, r *http.Request, err error) {
	k := trainer.KindOf(err)
	if k == trainer.KindInternal {
		s.logError(r, err)
		if s.databaseDown(r) {
			// In the casino's words, with nothing of the driver's.
			w.Header().Set("Retry-After", "30")
			s.errorStatus(w, r, http.StatusServiceUnavailable, errUnavailable)
			return
		}
		err = errInternal // the details are for the log only
	}
	s.errorStatus(w, r, statusOf(k), err)
}

// The errors a page shows in place of what failed inside the kiosk.
var (
	errInternal    = trainer.NewError(trainer.KindInternal, "error.internal")
	errUnavailable = trainer.NewError(trainer.KindInternal, "error.unavailable")
)

// databaseDown reports whether the database fails to answer now, asked
// after an internal error: a group's PostgreSQL server stopped or out of
// reach shows as "unavailable" (503), which passes once the server is back,
// rather than as an internal error. It costs one round trip, on failures only.
func (s *Server) databaseDown(r *http.Request) bool {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), 2*time.Second)
	defer cancel()
	return s.db.Ping(ctx) != nil
}

// errorStatus answers with status and what err says for people
// (say.Error, in the page's words).
func (s *Server) errorStatus(w http.ResponseWriter, r *http.Request, status int, err error) {
	if isHTMX(r) {
		w.Header().Set(hxRetarget, "#"+templates.AlertID)
		w.Header().Set(hxReswap, "innerHTML")
	}
	page := templates.ErrorPage(templates.ErrorView{
		Page:    s.page(r, say.Msg("error.title"), ""),
		Status:  status,
		Err:     err,
		HomeURL: "/",
	})
	s.render(w, r, status, page, templates.Alert(err))
}

func (s *Server) logError(r *http.Request, err error) {
	s.log.ErrorContext(r.Context(), "internal error",
		"request_id", middleware.GetReqID(r.Context()),
		"method", r.Method,
		"path", r.URL.Path,
		"error", err)
}

func (s *Server) handleNotFound(w http.ResponseWriter, r *http.Request) {
	s.errorStatus(w, r, http.StatusNotFound, errPageNotFound)
}

func (s *Server) handleMethodNotAllowed(w http.ResponseWriter, r *http.Request) {
	s.errorStatus(w, r, http.StatusMethodNotAllowed, trainer.NewError(trainer.KindInvalid, "error.method"))
}
