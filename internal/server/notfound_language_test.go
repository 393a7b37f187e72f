package server_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
)

// TestLanguage_UnknownPages: a page the router does not know (404) or a
// method it does not take there (405) speaks the visitor's language: the
// signed-in user's over the browser's, else the sign-in page's choice,
// else Accept-Language, else the house's.
func TestLanguage_UnknownPages(t *testing.T) {
	t.Parallel()
	plainRunOnly(t)
	k := newKiosk(t)
	if err := k.DB.SetUserLanguage(t.Context(), k.manager.ID, "ru"); err != nil {
		t.Fatal(err)
	}
	manager := k.staffClient(t, "Max Manager", managerPassword)
	manager.Header.Set("Accept-Language", "it")
	cookie := k.Client()
	cookie.SetCookie("trainer_lang", "it")
	cookie.Header.Set("Accept-Language", "ru")
	browser := k.Client()
	browser.Header.Set("Accept-Language", "ru-RU,ru;q=0.9")
	house := k.Client()
	c := i18n.Default()
	tests := []struct {
		who    string
		c      *servertest.Client
		method string
		path   string
		status int
		lang   string
		id     string
	}{
		{"Russian manager, Italian browser", manager, http.MethodGet, "/no-such-page", http.StatusNotFound, "ru", "error.not_found"},
		{"Italian sign-in choice", cookie, http.MethodGet, "/manager/no-such-page", http.StatusNotFound, "it", "error.not_found"},
		{"Russian browser", browser, http.MethodGet, "/no-such-page", http.StatusNotFound, "ru", "error.not_found"},
		{"no preference", house, http.MethodGet, "/no-such-page", http.StatusNotFound, "en", "error.not_found"},
		{"Russian manager, Italian browser", manager, http.MethodDelete, "/signin", http.StatusMethodNotAllowed, "ru", "error.method"},
		{"Russian browser", browser, http.MethodDelete, "/signin", http.StatusMethodNotAllowed, "ru", "error.method"},
	}
	for _, tt := range tests {
		resp := tt.c.Do(tt.c.NewRequest(tt.method, tt.path, nil))
		what := tt.who + ": " + tt.method + " " + tt.path
		wantStatus(t, what, resp, tt.status)
		if lang, _ := resp.Doc.Find("html").Attr("lang"); lang != tt.lang {
			t.Errorf("%s: <html lang=%q>; want %q", what, lang, tt.lang)
		}
		if want := c.Localizer(tt.lang).T(tt.id); !strings.Contains(pageText(resp), want) {
			t.Errorf("%s: the page does not say %q: %s", what, want, pageText(resp))
		}
		if tt.lang != "en" {
			if left := englishLeft(tt.lang, pageText(resp)); len(left) > 0 {
				t.Errorf("%s still says, in English: %s", what, strings.Join(left, "; "))
			}
		}
	}
}
