package server_test

import (
	"net/http"
	"strings"
	"testing"
)

// TestBookInLanguage: a trainee who reads Italian gets the book in Italian:
// the chapters the translation has in Italian, a section not yet
// translated with the note in Italian and its English text marked lang="en",
// and a section alone (the citation dialog) titled in Italian.
func TestBookInLanguage(t *testing.T) {
	t.Parallel()
	plainRunOnly(t)
	k := newKiosk(t)
	if err := k.DB.SetUserLanguage(t.Context(), k.trainee.ID, "it"); err != nil {
		t.Fatal(err)
	}
	c := k.traineeClient(t)
	list := c.Get("/book")
	wantStatus(t, "/book", list, http.StatusOK)
	if !strings.Contains(list.Body, "Fiche e pagamenti") {
		t.Errorf("/book in Italian does not list the chapter Fiche e pagamenti")
	}
	page := c.Get("/book/uth")
	wantStatus(t, "/book/uth", page, http.StatusOK)
	sec := page.Doc.Find(`section[id="common.rounding"]`)
	if h := strings.Join(strings.Fields(sec.Find("h3").First().Text()), " "); !strings.HasSuffix(h, "Frazioni di fiche") {
		t.Errorf("common.rounding is headed %q in Italian", h)
	}
	if sec.Find(`[data-testid="book-untranslated"]`).Length() != 0 || sec.Find(".book-text[lang]").Length() != 0 {
		t.Errorf("a translated section carries the note or another language")
	}
	// Until the translators' files land, uth's own chapters may be either.
	game := page.Doc.Find(`section[id="uth.game"]`)
	if note := game.Find(`[data-testid="book-untranslated"]`).Text(); note != "" {
		if note != "Questa sezione non è ancora tradotta." || game.Find(`.book-text[lang="en"]`).Length() != 1 {
			t.Errorf("an untranslated section: note %q, text marked English: %d", note, game.Find(`.book-text[lang="en"]`).Length())
		}
	}
	frag := c.Get("/book/uth/sections/common.rounding")
	wantStatus(t, "section alone", frag, http.StatusOK)
	if !strings.Contains(frag.Body, "Frazioni di fiche") || !strings.Contains(frag.Body, "CHF 0,50") {
		t.Errorf("the section alone in Italian:\n%s", frag.Body)
	}
}
