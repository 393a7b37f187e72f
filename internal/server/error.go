package server

import (
	"context"
	"errors"
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
	if k == trainer.KindInternal && clientGone(r, err) {
		// The tablet went away (closed, asleep, out of reach) before the
		// answer: nobody reads it, and nothing failed on our side.
		s.log.InfoContext(r.Context(), "client went away",
			"request_id", middleware.GetReqID(r.Context()), "method", r.Method, "path", r.URL.Path)
		w.WriteHeader(statusClientClosed)
		return
	}
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

// databaseDown reports whether the database cannot be used now, asked
// after an internal error: a group's PostgreSQL server stopped or out of
// reach, or a database whose last write failed because it cannot be written
// (a full disk, a read-only file), shows as "unavailable" (503), which
// passes once the database is back, rather than as an internal error. It
// costs one round trip, on failures only.
func (s *Server) databaseDown(r *http.Request) bool {
	if s.db.LastWriteError() != nil {
		return true
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), 2*time.Second)
	defer cancel()
	return s.db.Ping(ctx) != nil
}

// statusClientClosed is the status logged for a request whose client went
// away before the answer (nginx's 499): no answer is sent.
const statusClientClosed = 499

// clientGone reports whether err came from the request's client going away
// (its connection closed, so the request's context was cancelled), not from
// the kiosk.
func clientGone(r *http.Request, err error) bool {
	// Whatever err says (the drivers word it differently: "context
	// canceled", "interrupted"), the request's context is cancelled only
	// when its client has gone.
	return errors.Is(r.Context().Err(), context.Canceled)
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
