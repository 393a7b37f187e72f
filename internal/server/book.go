package server

import (
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/dealerkiosk/trainer/internal/book"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/dealerkiosk/trainer/web/view"
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

// bookClosed refuses the book to a visitor who is a trainee with an exam
// open (practice.Flow.InExam).
func (s *Server) bookClosed(r *http.Request) error {
	u := visitOf(r.Context()).user
	if u == nil || u.Role != trainer.RoleTrainee {
		return nil
	}
	if in, err := s.flow.InExam(r.Context(), u.ID); err != nil || !in {
		return err
	}
	return errBookInExam
}

// handleBookList lists the games and their chapters.
func (s *Server) handleBookList(w http.ResponseWriter, r *http.Request) {
	if err := s.bookClosed(r); err != nil {
		s.error(w, r, err)
		return
	}
	bookIn := func(game string) *book.Book { return s.bookIn(r, game) }
	s.render(w, r, http.StatusOK, templates.BookListPage(s.view.BookList(r.Context(), s.page(r, say.Message{}, "book"), bookIn)), nil)
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
	v := s.view.RuleBook(r.Context(), s.page(r, say.Message{}, "book"), game, bk, q)
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
	v := view.BookSection(s.page(r, say.Message{}, "book"), game, id, bk, secs)
	s.render(w, r, http.StatusOK, templates.BookSectionPage(v), templates.BookSectionFragment(v))
}

// bookIn is the house's rule book of game in r's language (rulebook.House.BookIn:
// a section not yet translated is read in the house's language or English,
// with a note), or nil for an unknown game.
func (s *Server) bookIn(r *http.Request, game string) *book.Book {
	return s.house.BookIn(game, i18n.FromContext(r.Context()).Lang())
}
