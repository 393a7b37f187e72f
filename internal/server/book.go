package server

import (
	"github.com/dealerkiosk/trainer/web/say"
	"net/http"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/dealerkiosk/trainer/internal/book"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/go-chi/chi/v5"
)

// The house's rule books (issue 14): /book lists the games, /book/{game}
// shows one game's book with its contents, a search (?q=, on the server, so
// it works without JavaScript) and every section at the anchor of its id,
// and /book/{game}/sections/{id} is one section alone, which a citation
// anywhere in the kiosk opens in a dialog over its page.

// errBookInExam refuses the book to a trainee whose exam is open: an exam's
// questions are answered from what the trainee knows. The book opens again
// once the exam is finished, with every item's citations in its result.
var errBookInExam = trainer.NewError(trainer.KindConflict, "err.book_in_exam")

// bookClosed reports whether the visitor is a trainee with an exam open.
func (s *Server) bookClosed(r *http.Request) error {
	u := visitOf(r.Context()).user
	if u == nil || u.Role != trainer.RoleTrainee {
		return nil
	}
	open, err := s.db.OpenPracticeSession(r.Context(), u.ID)
	switch {
	case trainer.KindOf(err) == trainer.KindNotFound:
		return nil
	case err != nil:
		return err
	case open.Mode == trainer.ModeExam:
		return errBookInExam
	}
	return nil
}

// handleBookList lists the games and their chapters.
func (s *Server) handleBookList(w http.ResponseWriter, r *http.Request) {
	if err := s.bookClosed(r); err != nil {
		s.error(w, r, err)
		return
	}
	v := templates.BookListView{Page: s.page(r, say.Msg("bookpage.title"), "book"), House: s.house.Title}
	for _, g := range rulebook.GameSlugs {
		bg := templates.BookGame{Slug: g, Name: say.Game(r.Context(), g), URL: templates.BookURL(g)}
		for _, sec := range s.bookIn(r, g).Sections {
			if sec.Level == 1 {
				bg.Chapters = append(bg.Chapters, sec.Title)
			}
		}
		v.Games = append(v.Games, bg)
	}
	s.render(w, r, http.StatusOK, templates.BookListPage(v), nil)
}

// maxQuery bounds a search: a few words.
const maxQuery = 100

// handleBookShow shows one game's book, with the sections ?q= finds listed
// first and marked. htmx gets the book's body only: the search swaps it,
// and the dialog over another page shows it.
func (s *Server) handleBookShow(w http.ResponseWriter, r *http.Request) {
	if err := s.bookClosed(r); err != nil {
		s.error(w, r, err)
		return
	}
	game := chi.URLParam(r, "game")
	bk := s.bookIn(r, game)
	if bk == nil {
		s.error(w, r, trainer.NewError(trainer.KindNotFound, "err.no_book"))
		return
	}
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	if utf8.RuneCountInString(q) > maxQuery {
		q = string([]rune(q)[:maxQuery])
	}
	v := templates.BookView{Page: s.page(r, say.Name(bk.Title), "book"), Game: game, Title: bk.Title, House: s.house.Title,
		Action: templates.BookURL(game), Query: q, Searched: q != ""}
	for _, g := range rulebook.GameSlugs {
		v.Games = append(v.Games, templates.GameTab{Slug: g, Name: say.Game(r.Context(), g), URL: templates.BookURL(g), Current: g == game})
	}
	hit := map[string]bool{}
	if q != "" {
		for _, sec := range bk.Search(q) {
			hit[sec.ID] = true
			v.Hits = append(v.Hits, templates.BookHit{Citation: citationOf(game, refOf(sec)), Snippet: snippet(sec.Title+". "+sec.Text, q)})
		}
	}
	v.Contents = contents(bk.Sections)
	for _, sec := range bk.Sections {
		bs := bookSectionView(sec, "", bk.Lang)
		bs.Hit = hit[sec.ID]
		v.Sections = append(v.Sections, bs)
	}
	s.render(w, r, http.StatusOK, templates.BookPage(v), templates.BookBody(v))
}

// handleBookSection shows one section with its subsections: as a fragment
// for the dialog over a page (htmx), else as a page of its own.
func (s *Server) handleBookSection(w http.ResponseWriter, r *http.Request) {
	if err := s.bookClosed(r); err != nil {
		s.error(w, r, err)
		return
	}
	game, id := chi.URLParam(r, "game"), chi.URLParam(r, "section")
	bk := s.bookIn(r, game)
	var secs []book.Section
	if bk != nil {
		secs = bk.Subtree(id)
	}
	if len(secs) == 0 {
		s.error(w, r, trainer.NewError(trainer.KindNotFound, "err.no_section"))
		return
	}
	v := templates.BookSectionView{Page: s.page(r, say.Name(secs[0].Title), "book"), Game: game, Title: bk.Title,
		BookURL: templates.BookURL(game) + "#" + id}
	for _, sec := range secs {
		v.Sections = append(v.Sections, bookSectionView(sec, game, bk.Lang))
	}
	s.render(w, r, http.StatusOK, templates.BookSectionPage(v), templates.BookSectionFragment(v))
}

// bookIn is the house's rule book of game in r's language (rulebook.House.BookIn:
// a section not yet translated is read in the house's language or English,
// with a note), or nil for an unknown game.
func (s *Server) bookIn(r *http.Request, game string) *book.Book {
	return s.house.BookIn(game, loc(r).Lang())
}

func refOf(s book.Section) book.Ref { return book.Ref{Section: s.ID, Number: s.Number, Title: s.Title} }

// citationOf is a resolved citation as a link.
func citationOf(game string, r book.Ref) templates.Citation {
	return templates.Citation{Label: r.String(), URL: templates.BookURL(game) + "#" + r.Section, Fragment: templates.BookSectionURL(game, r.Section)}
}

// citations are refs as links into the house's book of game, titled in
// language lang (a Localizer's Lang; "" is English). A ref made under an older rules version is shown with the
// section's number and title today; one whose section is gone keeps its
// words, without a link.
func (s *Server) citations(lang, game string, refs []book.Ref) []templates.Citation {
	var out []templates.Citation
	seen := map[string]bool{}
	for _, ref := range refs {
		if seen[ref.Section] {
			continue
		}
		seen[ref.Section] = true
		if now, ok := s.house.CiteIn(game, lang, ref.Section); ok {
			out = append(out, citationOf(game, now))
		} else if ref.Title != "" {
			out = append(out, templates.Citation{Label: ref.String()})
		}
	}
	return out
}

// cite resolves section ids (an engine's rule, a mistake's rule) in the
// house's book of game in language lang; an id the book does not have is
// left out: the page never shows a raw id.
func (s *Server) cite(lang, game string, ids ...string) []templates.Citation {
	var refs []book.Ref
	for _, id := range ids {
		if ref, ok := s.house.CiteIn(game, lang, id); ok {
			refs = append(refs, ref)
		}
	}
	return s.citations(lang, game, refs)
}

// contents nests the sections into the book's contents list.
func contents(secs []book.Section) []templates.TOCEntry {
	var build func(i, level int) ([]templates.TOCEntry, int)
	build = func(i, level int) ([]templates.TOCEntry, int) {
		var out []templates.TOCEntry
		for i < len(secs) && secs[i].Level >= level {
			if secs[i].Level > level { // cannot happen in a checked book
				i++
				continue
			}
			e := templates.TOCEntry{Number: secs[i].Number, Title: secs[i].Title, Href: "#" + secs[i].ID}
			e.Children, i = build(i+1, level+1)
			out = append(out, e)
		}
		return out, i
	}
	out, _ := build(0, 1)
	return out
}

// inBookLink is a cross-reference in a section's HTML, "#<id>".
var inBookLink = regexp.MustCompile(`<a href="#([^"]+)">`)

// bookSectionView is one section as a page shows it. Shown outside the
// book's own page (game set), a cross-reference opens the section it names
// in the dialog, or the book at it without JavaScript. A section not in the
// book's language (lang) carries its own language and the note.
func bookSectionView(sec book.Section, game, lang string) templates.BookSection {
	h := sec.HTML
	if game != "" {
		h = inBookLink.ReplaceAllStringFunc(h, func(a string) string {
			id := inBookLink.FindStringSubmatch(a)[1]
			return `<a href="` + templates.BookURL(game) + `#` + id + `" hx-get="` + templates.BookSectionURL(game, id) +
				`" hx-target="#` + templates.BookDialogBodyID + `" hx-swap="innerHTML" data-book-dialog>`
		})
	}
	v := templates.BookSection{ID: sec.ID, Number: sec.Number, Title: sec.Title, Level: sec.Level, HTML: h, House: sec.House, Note: sec.Note}
	if sec.Lang != lang {
		v.Lang = sec.Lang
	}
	return v
}

// snippet is a few words of text around the first word of q it holds, with
// each occurrence of a word of q marked.
func snippet(text, q string) []templates.TextPart {
	const around = 80
	words := strings.Fields(strings.ToLower(q))
	lower := strings.ToLower(text)
	if len(lower) != len(text) { // a letter whose lower case is longer: match as written
		lower, words = text, strings.Fields(q)
	}
	first := -1
	for _, w := range words {
		if i := strings.Index(lower, w); i >= 0 && (first < 0 || i < first) {
			first = i
		}
	}
	if first < 0 {
		first = 0
	}
	start, end := max(0, first-around), min(len(text), first+around)
	for start > 0 && !utf8.RuneStart(text[start]) {
		start--
	}
	for end < len(text) && !utf8.RuneStart(text[end]) {
		end++
	}
	frag, flower := text[start:end], lower[start:end]
	var out []templates.TextPart
	if start > 0 {
		out = append(out, templates.TextPart{Text: "… "})
	}
	for len(frag) > 0 {
		at, n := -1, 0
		for _, w := range words {
			if i := strings.Index(flower, w); i >= 0 && (at < 0 || i < at) {
				at, n = i, len(w)
			}
		}
		if at < 0 {
			out = append(out, templates.TextPart{Text: frag})
			break
		}
		if at > 0 {
			out = append(out, templates.TextPart{Text: frag[:at]})
		}
		out = append(out, templates.TextPart{Text: frag[at : at+n], Mark: true})
		frag, flower = frag[at+n:], flower[at+n:]
	}
	if end < len(text) {
		out = append(out, templates.TextPart{Text: " …"})
	}
	return out
}
