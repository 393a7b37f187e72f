package server

import (
	"net/http"
	"time"

	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/dealerkiosk/trainer/web/view"
)

// languageCookie holds the language tapped on the sign-in page. It chooses
// only the language of the pages before sign-in: once signed in, a user
// reads their own language (or the house's).
const languageCookie = "trainer_lang"

// languageCookieAge keeps the sign-in page's language across the tablet's
// restarts for a season; anyone can change it with one tap.
const languageCookieAge = 90 * 24 * time.Hour

// language is the tag of the language r is answered in: the signed-in
// user's, else the house's default for a signed-in user who chose none;
// before sign-in, the language tapped on the sign-in page, else the
// browser's Accept-Language, else the house's default. The browser's
// preference never overrides a signed-in user's.
func (s *Server) language(r *http.Request) string {
	if s.pseudo {
		return i18n.Pseudo
	}
	if u := visitOf(r.Context()).user; u != nil {
		if u.Language != "" {
			return u.Language
		}
		return s.house.Language
	}
	if c, err := r.Cookie(languageCookie); err == nil && i18n.IsOffered(c.Value) {
		return c.Value
	}
	if tag := i18n.Match(r.Header.Get("Accept-Language")); tag != "" {
		return tag
	}
	return s.house.Language
}

// localize puts the request's Localizer in its context, with the house
// whose words the pages speak (say.WithHouse), for the views and the
// templates. It runs after loadSession, which finds the user.
func (s *Server) localize(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		l := s.catalog.Localizer(s.language(r))
		ctx := say.WithHouse(i18n.NewContext(r.Context(), l), s.house)
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// loc is the Localizer of r's language.
func loc(r *http.Request) *i18n.Localizer { return i18n.FromContext(r.Context()) }

// errLanguageInvalid refuses a language the kiosk does not offer.
var errLanguageInvalid = trainer.NewError(trainer.KindInvalid, "language.invalid")

// handleSigninLanguage is a language button of the sign-in page: the pages
// before sign-in speak it on this tablet from now on.
func (s *Server) handleSigninLanguage(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		s.error(w, r, errUnreadableForm)
		return
	}
	tag := r.PostForm.Get("language")
	if !i18n.IsOffered(tag) {
		s.error(w, r, errLanguageInvalid)
		return
	}
	http.SetCookie(w, &http.Cookie{
		Name: languageCookie, Value: tag, Path: "/", MaxAge: int(languageCookieAge / time.Second),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.isHTTPS(r),
	})
	s.redirect(w, r, "/signin")
}

// handleLanguageShow lets a signed-in user choose their language.
func (s *Server) handleLanguageShow(w http.ResponseWriter, r *http.Request) {
	u := visitOf(r.Context()).user
	v := templates.LanguageView{
		Page:   s.page(r, say.Msg("language.title"), "language"),
		Choice: view.LanguageChoice(r.Context(), "/language", "languages", u.Language, s.house.Language),
	}
	if r.URL.Query().Get("saved") != "" {
		v.Notice = say.Msg("language.saved")
	}
	s.render(w, r, http.StatusOK, templates.LanguagePage(v), nil)
}

// handleLanguageUpdate stores the signed-in user's language; the next page
// speaks it. Answers and past questions keep the words they were shown in.
func (s *Server) handleLanguageUpdate(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		s.error(w, r, errUnreadableForm)
		return
	}
	u := visitOf(r.Context()).user
	if err := s.db.SetUserLanguage(r.Context(), u.ID, r.PostForm.Get("language")); err != nil {
		if trainer.KindOf(err) == trainer.KindInvalid {
			err = errLanguageInvalid
		}
		s.error(w, r, err)
		return
	}
	s.redirect(w, r, "/language?saved=1")
}

// handleUserLanguage is the administrator setting a user's language on the
// user's page.
func (s *Server) handleUserLanguage(w http.ResponseWriter, r *http.Request) {
	u, err := s.userParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if err := r.ParseForm(); err != nil {
		s.error(w, r, errUnreadableForm)
		return
	}
	if err := s.db.SetUserLanguage(r.Context(), u.ID, r.PostForm.Get("language")); err != nil {
		s.error(w, r, err)
		return
	}
	s.redirect(w, r, templates.UserURL(u.ID)+"?done=language")
}
