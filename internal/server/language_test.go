package server_test

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// chrome is what a page's layout says, to compare languages by.
type chrome struct{ lang, signout, practice, language string }

func chromeOf(r *servertest.Response) chrome {
	lang, _ := r.Doc.Find("html").Attr("lang")
	return chrome{lang, r.TestID("signout"), r.Text(`.nav a[href="/trainee"]`), r.TestID("language-link")}
}

var (
	englishChrome = chrome{"en", "Sign out", "Practice", "Language"}
	italianChrome = chrome{"it", "Esci", "Esercizi", "Lingua"}
)

// TestLanguage_UserSeesTheirLanguage: a user whose language is Italian
// reads the kiosk in Italian whatever the browser asks for; a user with no
// language reads the house's (English), not the browser's.
func TestLanguage_UserSeesTheirLanguage(t *testing.T) {
	t.Parallel()
	plainRunOnly(t)
	k := newKiosk(t)
	if err := k.DB.SetUserLanguage(t.Context(), k.trainee.ID, "it"); err != nil {
		t.Fatal(err)
	}
	c := k.traineeClient(t)
	c.Header.Set("Accept-Language", "ru-RU,ru;q=0.9")
	resp := c.Get("/trainee")
	wantStatus(t, "GET /trainee", resp, http.StatusOK)
	if got := chromeOf(resp); got != italianChrome {
		t.Errorf("an Italian trainee's page: %+v; want %+v", got, italianChrome)
	}
	if got, want := resp.TestID("who"), "Tia Trainee Allievo Lingua"; got != want {
		t.Errorf("header: %q; want %q", got, want)
	}

	// Back to the house's language: the browser's Russian is not used.
	if err := k.DB.SetUserLanguage(t.Context(), k.trainee.ID, ""); err != nil {
		t.Fatal(err)
	}
	if got := chromeOf(c.Get("/trainee")); got != englishChrome {
		t.Errorf("a trainee without a language, browser in Russian: %+v; want the house's English %+v", got, englishChrome)
	}
}

// TestLanguage_SigninButtons: the sign-in grid offers each language by its
// own name; tapping one switches the pages before sign-in, and only them.
func TestLanguage_SigninButtons(t *testing.T) {
	t.Parallel()
	plainRunOnly(t)
	k := newKiosk(t)
	c := k.Client()
	resp := c.Get("/signin")
	var names, langs []string
	resp.Doc.Find(`[data-testid="signin-languages"] button`).Each(func(_ int, b *goquery.Selection) {
		names = append(names, b.Text())
		l, _ := b.Attr("lang")
		langs = append(langs, l)
	})
	if want := []string{"English", "Italiano", "Русский"}; !slices.Equal(names, want) {
		t.Errorf("language buttons %q; want %q", names, want)
	}
	if want := []string{"en", "it", "ru"}; !slices.Equal(langs, want) {
		t.Errorf("the buttons' lang %q; want %q", langs, want)
	}
	if got := resp.TestID("signin-languages"); got == "" {
		t.Fatal("no language buttons on the sign-in grid")
	}

	wantRedirect(t, "tap Русский", c.PostForm("/signin/language", url.Values{"language": {"ru"}}), "/signin")
	resp = c.Get("/signin")
	if lang, _ := resp.Doc.Find("html").Attr("lang"); lang != "ru" {
		t.Errorf("after Русский, <html lang=%q>; want ru", lang)
	}
	if got, want := resp.Text("h1"), "Нажмите на своё имя"; got != want {
		t.Errorf("after Русский, heading %q; want %q", got, want)
	}
	if p, _ := resp.Doc.Find(`[data-testid="language-ru"]`).Attr("aria-pressed"); p != "true" {
		t.Errorf("the Русский button is not shown pressed: aria-pressed=%q", p)
	}
	if got, want := c.Get("/signin/staff").Text("h1"), "Вход для сотрудников"; got != want {
		t.Errorf("staff sign-in after Русский: %q; want %q", got, want)
	}
	// A wrong PIN is told in the sign-in page's language.
	resp = c.PostForm(pinPath(k.trainee), url.Values{"pin": {"0000"}})
	if got, want := resp.TestID("field-error"), "PIN-код неверный. Попробуйте ещё раз."; got != want {
		t.Errorf("wrong PIN after Русский: %q; want %q", got, want)
	}

	// Signed in, the trainee reads their own language (the house's).
	wantRedirect(t, "trainee sign-in", c.PostForm(pinPath(k.trainee), url.Values{"pin": {traineePIN}}), "/trainee")
	if got := chromeOf(c.Get("/trainee")); got != englishChrome {
		t.Errorf("signed in after Русский on the grid: %+v; want the trainee's %+v", got, englishChrome)
	}

	t.Run("ErrInvalid", func(t *testing.T) {
		resp := k.Client().PostForm("/signin/language", url.Values{"language": {"fr"}})
		wantStatus(t, "language fr", resp, http.StatusBadRequest)
	})
	t.Run("CrossSite", func(t *testing.T) {
		c := k.Client()
		c.Header.Set("Sec-Fetch-Site", "cross-site")
		wantStatus(t, "a language posted from another site", c.PostForm("/signin/language", url.Values{"language": {"it"}}), http.StatusForbidden)
		if c.Cookie("trainer_lang") != "" {
			t.Error("a cross-site post set the language")
		}
	})
}

// TestLanguage_AcceptLanguage chooses the sign-in page's language, and
// nothing after sign-in.
func TestLanguage_AcceptLanguage(t *testing.T) {
	t.Parallel()
	plainRunOnly(t)
	k := newKiosk(t)
	tests := []struct{ accept, lang, heading string }{
		{"it-IT,it;q=0.9", "it", "Tocca il tuo nome"},
		{"ru", "ru", "Нажмите на своё имя"},
		{"de-DE,fr;q=0.8", "en", "Tap your name"}, // none offered: the house's
		{"", "en", "Tap your name"},
	}
	for _, tt := range tests {
		c := k.Client()
		c.Header.Set("Accept-Language", tt.accept)
		resp := c.Get("/signin")
		lang, _ := resp.Doc.Find("html").Attr("lang")
		if lang != tt.lang || resp.Text("h1") != tt.heading {
			t.Errorf("Accept-Language %q: lang %q, heading %q; want %q, %q", tt.accept, lang, resp.Text("h1"), tt.lang, tt.heading)
		}
	}
	c := k.Client()
	c.Header.Set("Accept-Language", "it")
	wantRedirect(t, "trainee sign-in", c.PostForm(pinPath(k.trainee), url.Values{"pin": {traineePIN}}), "/trainee")
	if got := chromeOf(c.Get("/trainee")); got != englishChrome {
		t.Errorf("signed in with a browser in Italian: %+v; want the house's %+v", got, englishChrome)
	}
}

// TestLanguage_UserChanges: a user changes their own language on the page
// the header links to; the next page speaks it.
func TestLanguage_UserChanges(t *testing.T) {
	t.Parallel()
	plainRunOnly(t)
	k := newKiosk(t)
	c := k.traineeClient(t)
	resp := c.Get("/language")
	wantStatus(t, "GET /language", resp, http.StatusOK)
	if p, _ := resp.Doc.Find(`[data-testid="languages"] [data-testid="language-"]`).Attr("aria-pressed"); p != "true" {
		t.Errorf("the house's language is not shown as the trainee's: aria-pressed=%q", p)
	}
	wantRedirect(t, "choose Italiano", c.PostForm("/language", url.Values{"language": {"it"}}), "/language?saved=1")
	resp = c.Get("/language?saved=1")
	if got := chromeOf(resp); got != italianChrome {
		t.Errorf("after Italiano: %+v; want %+v", got, italianChrome)
	}
	if got, want := resp.TestID("notice"), "Salvato: il kiosk ora parla la tua lingua."; got != want {
		t.Errorf("notice %q; want %q", got, want)
	}
	if u, _ := k.DB.FindUserByID(t.Context(), k.trainee.ID); u.Language != "it" {
		t.Errorf("stored language %q; want it", u.Language)
	}
	resp = c.PostForm("/language", url.Values{"language": {"klingon"}})
	wantStatus(t, "language klingon", resp, http.StatusBadRequest)
	if got, want := resp.TestID("error-page"), "Scegli una delle lingue proposte."; !strings.Contains(got, want) {
		t.Errorf("refused language: %q; want it to say %q", got, want)
	}
	wantStatus(t, "GET /language signed out", k.Client().Get("/language"), http.StatusSeeOther)
}

// TestLanguage_AdministratorSets a user's language on the user's page;
// nobody else may.
func TestLanguage_AdministratorSets(t *testing.T) {
	t.Parallel()
	plainRunOnly(t)
	k := newKiosk(t)
	admin := k.staffClient(t, "Ada Admin", adminPassword)
	path := userPath(k.trainee)
	resp := admin.Get(path)
	if !resp.Has(`[data-testid="user-languages"] [data-testid="language-ru"]`) {
		t.Fatal("the user's page has no language buttons")
	}
	wantRedirect(t, "set Русский", admin.PostForm(path+"/language", url.Values{"language": {"ru"}}), path+"?done=language")
	if u, _ := k.DB.FindUserByID(t.Context(), k.trainee.ID); u.Language != "ru" {
		t.Errorf("stored language %q; want ru", u.Language)
	}
	if p, _ := admin.Get(path).Doc.Find(`[data-testid="language-ru"]`).Attr("aria-pressed"); p != "true" {
		t.Errorf("after setting Русский, its button is not pressed")
	}
	// The administrator's own pages stay in the administrator's language.
	if got := chromeOf(admin.Get(path)); got.lang != "en" {
		t.Errorf("the administrator's page turned %q", got.lang)
	}
	tc := k.traineeClient(t)
	if got, want := tc.Get("/trainee").TestID("signout"), "Выйти"; got != want {
		t.Errorf("the trainee's sign-out after the administrator chose Русский: %q; want %q", got, want)
	}
	wantStatus(t, "a trainee setting a language", tc.PostForm(path+"/language", url.Values{"language": {"it"}}), http.StatusForbidden)
	wantStatus(t, "language fr", admin.PostForm(path+"/language", url.Values{"language": {"fr"}}), http.StatusBadRequest)
}

// TestLanguage_PracticeInItalian: a practice question's fixed texts, its
// feedback frame and its verdict are in the trainee's language.
func TestLanguage_PracticeInItalian(t *testing.T) {
	t.Parallel()
	plainRunOnly(t)
	k := newKiosk(t)
	if err := k.DB.SetUserLanguage(t.Context(), k.trainee.ID, "it"); err != nil {
		t.Fatal(err)
	}
	c := k.traineeClient(t)
	if got, want := c.Get("/trainee").Text("h1"), "Ciao, Tia Trainee"; got != want {
		t.Errorf("start page heading %q; want %q", got, want)
	}
	start := c.Get("/practice/new?game=uth")
	for testID, want := range map[string]string{"kind-payout": "Pagamenti Quanto paga una puntata", "mode-timed": "A tempo", "level-1": "Livello 1"} {
		if got := start.TestID(testID); !strings.HasPrefix(got, want) {
			t.Errorf("start form: %s reads %q; want %q", testID, got, want)
		}
	}
	if got, want := c.Get("/exams/new?game=uth").Text("h1"), "Ultimate Texas Hold'em: esame di certificazione"; got != want {
		t.Errorf("exam start page heading %q; want %q", got, want)
	}
	id := startSession(t, c, "uth", "payout", trainer.ModePractice, 1)
	resp := c.Get(sessionPath(id))
	for testID, want := range map[string]string{
		"pad-submit":  "Rispondi",
		"hint-button": "Mostra un suggerimento",
		"end-session": "Termina la sessione",
	} {
		if got := resp.TestID(testID); got != want {
			t.Errorf("%s: %q; want %q", testID, got, want)
		}
	}
	if got := resp.TestID("session-count"); !strings.HasPrefix(got, "Domanda 1 di ") {
		t.Errorf("session count %q; want Domanda 1 di …", got)
	}
	a, d := pending(t, k.Harness, id)
	wrong := *d.Key.Amount + 100
	resp = c.PostForm(answerPath(a), url.Values{"amount": {wrong.String()}})
	if resp.StatusCode == http.StatusSeeOther {
		resp = c.Get(resp.Header.Get("Location"))
	}
	if got, want := resp.TestID("verdict"), "✗ Non proprio"; got != want {
		t.Errorf("verdict %q; want %q", got, want)
	}
	if got, want := resp.Text(`[data-testid="your-answer"] h2`), "La tua risposta"; got != want {
		t.Errorf("your answer's heading %q; want %q", got, want)
	}
	// The amount is written with the Italian decimal mark.
	if m := wrong; m%100 != 0 {
		if got := resp.Text(`[data-testid="your-answer"] .answer-line`); !strings.Contains(got, ",") {
			t.Errorf("your answer %q; want a decimal comma", got)
		}
	}
}

// TestLanguage_RoundOnTheFelt: the round of a question speaks the trainee's
// language (the dealer's hand, the boxes, the wagers' names from the
// catalogue by their ids), while the same round stays word for word English
// for an English trainee.
func TestLanguage_RoundOnTheFelt(t *testing.T) {
	t.Parallel()
	plainRunOnly(t)
	k := newKiosk(t)
	c := k.traineeClient(t)
	id := startSession(t, c, "uth", drills.KindPayout, trainer.ModePractice, 1)
	en := c.Get(sessionPath(id))
	wantStatus(t, "GET the question in English", en, http.StatusOK)
	if got := en.Text(`[data-testid="table-dealer"] .table-label`); got != "Dealer" {
		t.Errorf("English dealer's label %q; want Dealer", got)
	}
	if got := en.Text(`[data-testid="box-1"] .table-label`); !strings.HasPrefix(got, "Box 1") {
		t.Errorf("English box label %q; want Box 1", got)
	}
	if err := k.DB.SetUserLanguage(t.Context(), k.trainee.ID, "it"); err != nil {
		t.Fatal(err)
	}
	it := c.Get(sessionPath(id))
	wantStatus(t, "GET the question in Italian", it, http.StatusOK)
	if got := it.Text(`[data-testid="table-dealer"] .table-label`); got != "Banco" {
		t.Errorf("Italian dealer's label %q; want Banco", got)
	}
	if label, _ := it.Doc.Find(`[data-testid="table-dealer"] .round-cards`).Attr("aria-label"); label != "Le carte del banco" {
		t.Errorf("Italian dealer's cards are read as %q; want “Le carte del banco”", label)
	}
	if got := it.Text(`[data-testid="box-1"] .table-label`); !strings.HasPrefix(got, "Box 1") {
		t.Errorf("Italian box label %q; want Box 1", got)
	}
	if label, _ := it.Doc.Find(`[data-testid="box-1"] .wagers`).Attr("aria-label"); label != "Box 1: puntate" {
		t.Errorf("Italian box's wagers are read as %q; want “Box 1: puntate”", label)
	}
	if err := k.DB.SetUserLanguage(t.Context(), k.trainee.ID, "ru"); err != nil {
		t.Fatal(err)
	}
	ru := c.Get(sessionPath(id))
	if got := ru.Text(`[data-testid="box-1"] .table-label`); !strings.HasPrefix(got, "Бокс 1") {
		t.Errorf("Russian box label %q; want Бокс 1", got)
	}
	// The felt's printed names stay as printed (glossary): Ante in every language.
	if names := ru.Doc.Find(`[data-testid="box-1"] .wager-name`).Map(func(_ int, s *goquery.Selection) string { return s.Text() }); !slices.Contains(names, "Ante") {
		t.Errorf("Russian box 1's wagers %q; want Ante among them", names)
	}
}

// TestLanguage_Progress: an Italian trainee's progress page names its
// figures, defines them and gives each skill's stage in Italian.
func TestLanguage_Progress(t *testing.T) {
	t.Parallel()
	plainRunOnly(t)
	k := newKiosk(t)
	if err := k.DB.SetUserLanguage(t.Context(), k.trainee.ID, "it"); err != nil {
		t.Fatal(err)
	}
	c := k.traineeClient(t)
	id := startSession(t, c, "uth", drills.KindPayout, trainer.ModePractice, 1)
	a, d := pending(t, k.Harness, id)
	if resp := c.PostForm(answerPath(a), answerForm(d.Key)); resp.StatusCode >= 400 {
		t.Fatalf("answer: status %d", resp.StatusCode)
	}
	resp := c.Get("/progress")
	wantStatus(t, "GET /progress", resp, http.StatusOK)
	if got, want := resp.Text("h1"), "I tuoi progressi"; got != want {
		t.Errorf("heading %q; want %q", got, want)
	}
	if got, want := resp.Text("#figures-h"), "Che cosa vogliono dire i numeri"; got != want {
		t.Errorf("figures' heading %q; want %q", got, want)
	}
	if got := resp.TestID("progress-figures"); !strings.Contains(got, "Precisione recente") || !strings.Contains(got, "padroneggiata (") {
		t.Errorf("the figures' definitions %q; want them in Italian", got)
	}
	if got := resp.TestID("skill-stage"); got != "nuova" {
		t.Errorf("the one skill answered once is at stage %q; want nuova", got)
	}
	if got := resp.TestID("stat-mastery"); got != "0 abilità su 1" {
		t.Errorf("mastered %q; want “0 abilità su 1”", got)
	}
}
