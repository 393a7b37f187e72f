package view

import (
	"context"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/dealerkiosk/trainer/internal/book"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
)

// The house's rule books (issue 14): the list of games, one game's book
// with its contents and a search, and one section alone, which a citation
// anywhere in the kiosk opens in a dialog over its page.

// BookList lists the games and their chapters; bookIn is each game's book
// in the reader's language.
func (k *Kiosk) BookList(ctx context.Context, page templates.Page, bookIn func(game string) *book.Book) templates.BookListView {
	page.Title = say.Msg("bookpage.title")
	v := templates.BookListView{Page: page, House: k.House.Title}
	for _, g := range rulebook.GameSlugs {
		bg := templates.BookGame{Slug: g, Name: say.Game(ctx, g), URL: templates.BookURL(g)}
		if bk := bookIn(g); bk != nil {
			for _, sec := range bk.Sections {
				if sec.Level == 1 {
					bg.Chapters = append(bg.Chapters, sec.Title)
				}
			}
		}
		v.Games = append(v.Games, bg)
	}
	return v
}

// RuleBook is one game's book bk, with the sections query q finds listed first
// and marked.
func (k *Kiosk) RuleBook(ctx context.Context, page templates.Page, game string, bk *book.Book, q string) templates.BookView {
	page.Title = say.Name(bk.Title)
	v := templates.BookView{Page: page, Game: game, Title: bk.Title, House: k.House.Title,
		Action: templates.BookURL(game), Query: q, Searched: q != ""}
	for _, g := range rulebook.GameSlugs {
		v.Games = append(v.Games, templates.GameTab{Slug: g, Name: say.Game(ctx, g), URL: templates.BookURL(g), Current: g == game})
	}
	hit := map[string]bool{}
	if q != "" {
		for _, sec := range bk.Search(q) {
			hit[sec.ID] = true
			ref := book.Ref{Section: sec.ID, Number: sec.Number, Title: sec.Title}
			v.Hits = append(v.Hits, templates.BookHit{Citation: Citation(game, ref), Snippet: snippet(sec.Title+". "+sec.Text, q)})
		}
	}
	v.Contents = contents(bk.Sections)
	for _, sec := range bk.Sections {
		bs := bookSection(sec, "", bk.Lang)
		bs.Hit = hit[sec.ID]
		v.Sections = append(v.Sections, bs)
	}
	return v
}

// BookSection is one section id of game's book bk with its subsections
// secs, shown outside the book's own page.
func BookSection(page templates.Page, game, id string, bk *book.Book, secs []book.Section) templates.BookSectionView {
	page.Title = say.Name(secs[0].Title)
	v := templates.BookSectionView{Page: page, Game: game, Title: bk.Title, BookURL: templates.BookURL(game) + "#" + id}
	for _, sec := range secs {
		v.Sections = append(v.Sections, bookSection(sec, game, bk.Lang))
	}
	return v
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

// bookSection is one section as a page shows it. Shown outside the book's
// own page (game set), a cross-reference opens the section it names in the
// dialog, or the book at it without JavaScript. A section not in the
// book's language (lang) carries its own language and the note.
func bookSection(sec book.Section, game, lang string) templates.BookSection {
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
