package server

import (
	"net/http"

	"github.com/a-h/templ"
	"github.com/dealerkiosk/trainer/web/say"
)

// render writes page, or only frag when htmx asked for a fragment. It always
// sends Vary: HX-Request, so no cache hands a fragment to a plain request.
// The output is buffered: a template that fails leaves no half-written 200.
func (s *Server) render(w http.ResponseWriter, r *http.Request, status int, page, frag templ.Component) {
	w.Header().Add("Vary", hxRequest)
	c := page
	if frag != nil && wantsFragment(r) {
		c = frag
	}
	templ.Handler(c, templ.WithStatus(status), templ.WithErrorHandler(func(r *http.Request, err error) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			s.logError(r, err)
			http.Error(w, say.T(r.Context(), "error.internal"), http.StatusInternalServerError)
		})
	})).ServeHTTP(w, r)
}

// redirect ends a successful request: 303 See Other for a plain request, and
// HX-Redirect (a full page load) for htmx, whose XMLHttpRequest would follow
// a 303 silently and swap the next page into the form.
func (s *Server) redirect(w http.ResponseWriter, r *http.Request, url string) {
	if isHTMX(r) {
		w.Header().Set(hxRedirect, url)
		w.WriteHeader(http.StatusNoContent)
		return
	}
	http.Redirect(w, r, url, http.StatusSeeOther)
}
